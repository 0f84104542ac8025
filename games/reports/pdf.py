"""A report as a printable PDF, made by a job (games.services.exports), never by a web request.

Paragraphs read reportlab's markup, so every text a person typed (a class's or a student's name) is
escaped where a Paragraph gets it (`_text`); the other table cells are plain text. The names are drawn
in classroom.pdf_text's font, which has letters beyond Western European ones."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from classroom.pdf_text import BOLD, FONT
from games.models import Report
from games.reports.export import report_title
from games.reports.heat_scale import colours_of, scale

# What teachers read for each kind of claim (the web report says the same).
KIND_LABELS = {"multiply": "Products", "factor_pair": "Factor or multiple", "divisor": "Divisors"}


def grid_cell(fact: dict | None) -> tuple[str, str | None, str]:
    """A square of the PDF grid: its text, background (None: not played) and text colour, on the
    one scale the web grid uses (heat_scale.json)."""
    if fact is None:
        return scale()["not_played"]["mark"], None, "#64748b"
    background, text = colours_of(fact["accuracy"])
    return f"{fact['accuracy']:.0%}\n({fact['attempts']})", background, text



def _styles():
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        if hasattr(style, "fontName"):
            style.fontName = BOLD if "Bold" in style.fontName else FONT
    return styles


def _text(value: str, style) -> Paragraph:
    """A person's text in a table cell: escaped, and wrapped to the column instead of running off the page."""
    return Paragraph(escape(value), style)


def report_pdf(report: Report) -> bytes:
    styles = _styles()
    cell = styles["BodyText"].clone("cell", fontSize=8, leading=10)
    buffer = io.BytesIO()
    document = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=14 * mm, rightMargin=14 * mm,
                                 topMargin=14 * mm, bottomMargin=14 * mm, title=report_title(report))
    data = report.data
    if data is None:  # the caller makes PDFs of built reports only
        raise ValueError(f"Report {report.pk} is not built.")
    story = [Paragraph(escape(report_title(report)), styles["Title"]),
             Paragraph(f"Built {report.built_at:%d %B %Y, %H:%M} UTC. Each square: accuracy (attempts).",
                       styles["Normal"]), Spacer(1, 4 * mm), _grid_table(data), Spacer(1, 2 * mm), _legend()]
    if data.get("most_missed"):
        story += [Spacer(1, 4 * mm), Paragraph("Most missed facts", styles["Heading2"]), _simple_table(
            ["Fact", "Attempts", "Wrong", "Accuracy", "Median think time"],
            [[f"{f['a']} x {f['b']}", f["attempts"], f["wrong"], f"{f['accuracy']:.0%}",
              f"{f['median_think_ms'] / 1000:.1f} s"] for f in data["most_missed"]])]
    if data.get("mistakes"):
        story += [Spacer(1, 4 * mm), Paragraph("Mistakes by type", styles["Heading2"]), _simple_table(
            ["Kind", "Type", "Count"], [[KIND_LABELS.get(m["kind"], m["kind"]), _text(m["label"], cell), m["count"]]
                                        for m in data["mistakes"]], widths=[32 * mm, 132 * mm, 16 * mm])]
    if data.get("needs_help"):
        story += [Spacer(1, 4 * mm), Paragraph("Students who need help", styles["Heading2"]), _simple_table(
            ["Fact", "Students"], [[key.replace("x", " x "), _text(", ".join(
                f"{s['student']} ({s['accuracy']:.0%} of {s['attempts']})" for s in students), cell)]
                for key, students in data["needs_help"].items()], widths=[20 * mm, 160 * mm])]
    if data.get("activity"):
        story += [Spacer(1, 4 * mm), Paragraph("Activity", styles["Heading2"]), _simple_table(
            ["Student", "Matches", "Minutes", "Attempts", "Accuracy"],
            [[_text(r["student"], cell), r["matches"], r["minutes"], r["attempts"],
              "" if r["accuracy"] is None else f"{r['accuracy']:.0%}"] for r in data["activity"]],
            widths=[80 * mm, 25 * mm, 25 * mm, 25 * mm, 25 * mm])]
    document.build(story)
    return buffer.getvalue()


def _grid_table(data: dict) -> Table:
    size = data["grid_size"]
    by_fact = {(f["a"], f["b"]): f for f in data["facts"]}
    rows = [["x", *range(1, size + 1)]]
    style = [("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("FONTSIZE", (0, 0), (-1, -1), 7),
             ("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
             ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#eeeeee"))]
    for a in range(1, size + 1):
        row: list[int | str] = [a]
        for b in range(1, size + 1):
            text, background, text_colour = grid_cell(by_fact.get((min(a, b), max(a, b))))
            row.append(text)
            if background:
                style.append(("BACKGROUND", (b, a), (b, a), colors.HexColor(background)))
            style.append(("TEXTCOLOR", (b, a), (b, a), colors.HexColor(text_colour)))
        rows.append(row)
    cell = 170 * mm / (size + 1)
    return Table(rows, colWidths=[cell] * (size + 1), rowHeights=[cell * 0.8] * (size + 1), style=TableStyle(style))


def _legend() -> Table:
    """What the colours mean: each band of the scale, and the mark of a fact not played."""
    bands = scale()
    cells = [*bands["labels"], bands["not_played"]["mark"] + " not played"]
    style = [("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("FONTSIZE", (0, 0), (-1, -1), 7),
             ("ALIGN", (0, 0), (-1, -1), "CENTER")]
    for index, (colour, text) in enumerate(zip(bands["colours"], bands["text"], strict=True)):
        style += [("BACKGROUND", (index, 0), (index, 0), colors.HexColor(colour)),
                  ("TEXTCOLOR", (index, 0), (index, 0), colors.HexColor(text))]
    return Table([cells], style=TableStyle(style))


def _simple_table(header: list[str], rows: list[list], widths: list[float] | None = None) -> Table:
    return Table([header, *rows], colWidths=widths, repeatRows=1, style=TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("FONTNAME", (0, 0), (-1, -1), FONT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee"))]))
