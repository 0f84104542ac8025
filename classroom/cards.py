"""The login-card PDF: per student the class code, the name, the picture password drawn as
pictures with their names (and a typed password when one was issued), and a QR sign-in link.
Made by a job (games.services.exports), never by a web request: about 7 ms a card."""

from __future__ import annotations

import io
from collections.abc import Callable

import segno
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from classroom.pdf_text import BOLD, FONT, fit
from classroom.pictures import picture_label, pictures
from classroom.services import IssuedCard

CARD_W, CARD_H = 90 * mm, 62 * mm
QR_SIZE = 28 * mm
TEXT_W = CARD_W - 5 * mm - QR_SIZE - 6 * mm  # the names, left of the QR code
COLUMNS, ROWS = 2, 4
MARGIN_X, MARGIN_Y = 12 * mm, 16 * mm


def card_link(site_url: str, token: str) -> str:
    return f"{site_url.rstrip('/')}/s/{token}"


def render_cards_pdf(*, cards: list[IssuedCard], class_name: str, join_code: str, site_url: str,
                     progress: Callable[[int], None] | None = None) -> bytes:
    """The cards, eight a page; `progress(n)` is told after each card how many are drawn."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4)
    canvas.setTitle(f"Login cards: {class_name}")  # document metadata: plain text
    per_page = COLUMNS * ROWS
    for index, card in enumerate(cards):
        if index and index % per_page == 0:
            canvas.showPage()
        slot = index % per_page
        x = MARGIN_X + (slot % COLUMNS) * (CARD_W + 6 * mm)
        y = A4[1] - MARGIN_Y - (slot // COLUMNS + 1) * (CARD_H + 4 * mm)
        _draw_card(canvas, card, x, y, class_name, join_code, card_link(site_url, card.token))
        if progress is not None:
            progress(index + 1)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_card(canvas: Canvas, card: IssuedCard, x: float, y: float, class_name: str, code: str,
               link: str) -> None:
    canvas.setStrokeColor(HexColor("#888888"))
    canvas.setDash(3, 3)
    canvas.roundRect(x, y, CARD_W, CARD_H, 4 * mm)
    canvas.setDash()
    canvas.setFillColor(HexColor("#111111"))
    # Names are drawn as plain text (never markup), shrunk or cut to stay on the card.
    name, size = fit(card.student.display_name, BOLD, 16, TEXT_W, 9)
    canvas.setFont(BOLD, size)
    canvas.drawString(x + 5 * mm, y + CARD_H - 10 * mm, name)
    class_line, size = fit(class_name, FONT, 9, TEXT_W, 7)
    canvas.setFont(FONT, size)
    canvas.drawString(x + 5 * mm, y + CARD_H - 15 * mm, class_line)
    canvas.setFont("Helvetica-Bold", 12)
    canvas.drawString(x + 5 * mm, y + CARD_H - 22 * mm, f"Class code: {code}")
    canvas.setFont("Helvetica", 8)
    canvas.drawString(x + 5 * mm, y + CARD_H - 28 * mm, "Your pictures, in this order:")
    size = 15 * mm
    for number, slug in enumerate(card.pictures):
        px = x + 5 * mm + number * (size + 4 * mm)
        py = y + 11 * mm
        _draw_picture(canvas, slug, px, py, size)
        canvas.setFont("Helvetica", 8)
        canvas.drawCentredString(px + size / 2, py - 4 * mm, f"{number + 1}. {picture_label(slug)}")
    if card.password:
        canvas.setFont("Helvetica", 9)
        canvas.drawString(x + 5 * mm, y + 3 * mm, f"Password: {card.password}")
    qr = segno.make(link, error="m")
    image = io.BytesIO()
    qr.save(image, kind="png", scale=4, border=1)
    image.seek(0)
    canvas.drawImage(ImageReader(image), x + CARD_W - QR_SIZE - 4 * mm, y + CARD_H - QR_SIZE - 6 * mm,
                     QR_SIZE, QR_SIZE)
    canvas.setFont("Helvetica", 6)
    canvas.drawCentredString(x + CARD_W - QR_SIZE / 2 - 4 * mm, y + CARD_H - QR_SIZE - 9 * mm, "Scan to sign in")


def _draw_picture(canvas: Canvas, slug: str, x: float, y: float, size: float) -> None:
    """Draw a picture's shapes (100 x 100 units, y down) into a size x size box at (x, y)."""
    shapes = next(picture["shapes"] for picture in pictures() if picture["slug"] == slug)
    scale = size / 100

    def point(px: float, py: float) -> tuple[float, float]:
        return x + px * scale, y + size - py * scale

    for shape in shapes:
        kind = shape["kind"]
        if kind == "line":
            canvas.setStrokeColor(HexColor(shape["stroke"]))
            canvas.setLineWidth(shape["width"] * scale)
            canvas.setLineCap(1)  # round, as the SVG draws it
            canvas.line(*point(shape["x1"], shape["y1"]), *point(shape["x2"], shape["y2"]))
            continue
        canvas.setFillColor(HexColor(shape["fill"]))
        if kind == "circle":
            cx, cy = point(shape["cx"], shape["cy"])
            canvas.circle(cx, cy, shape["r"] * scale, stroke=0, fill=1)
        elif kind == "rect":
            left, bottom = point(shape["x"], shape["y"] + shape["h"])
            radius = shape.get("rx", 0) * scale
            canvas.roundRect(left, bottom, shape["w"] * scale, shape["h"] * scale, radius, stroke=0, fill=1)
        elif kind == "polygon":
            path = canvas.beginPath()
            path.moveTo(*point(*shape["points"][0]))
            for px, py in shape["points"][1:]:
                path.lineTo(*point(px, py))
            path.close()
            canvas.drawPath(path, stroke=0, fill=1)
    canvas.setLineWidth(1)
    canvas.setLineCap(0)
    canvas.setFillColor(HexColor("#111111"))
