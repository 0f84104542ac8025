"""A report as a printable PDF, made by a job (games.services.exports), never by a web request.

Paragraphs read reportlab's markup, so every text a person typed (a class's or a student's name) is
escaped where a Paragraph gets it; table cells are plain text."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

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



def report_pdf(report: Report) -> bytes:
    styles = getSampleStyleSheet()
    buffer = io.BytesIO()
    document = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=14 * mm, rightMargin=14 * mm,
                                 topMargin=14 * mm, bottomMargin=14 * mm, title=report_title(report))
    data = report.data
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
            ["Kind", "Type", "Count"], [[KIND_LABELS.get(m["kind"], m["kind"]), m["label"], m["count"]]
                                        for m in data["mistakes"]])]
    if data.get("needs_help"):
        story += [Spacer(1, 4 * mm), Paragraph("Students who need help", styles["Heading2"]), _simple_table(
            ["Fact", "Students"], [[key.replace("x", " x "), ", ".join(
                f"{s['student']} ({s['accuracy']:.0%} of {s['attempts']})" for s in students)]
                for key, students in data["needs_help"].items()])]
    if data.get("activity"):
        story += [Spacer(1, 4 * mm), Paragraph("Activity", styles["Heading2"]), _simple_table(
            ["Student", "Matches", "Minutes", "Attempts", "Accuracy"],
            [[r["student"], r["matches"], r["minutes"], r["attempts"],
              "" if r["accuracy"] is None else f"{r['accuracy']:.0%}"] for r in data["activity"]])]
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
        row = [a]
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


def _simple_table(header: list[str], rows: list[list]) -> Table:
    return Table([header, *rows], repeatRows=1, style=TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee"))]))
