"""The text of the PDFs (login cards, reports): the font that draws the names people type, and fitting a
name into a width.

reportlab's built-in Helvetica draws only Western European letters: "Łukasz" or "Иван" came out as
black squares. DejaVu Sans draws Latin, Greek, Cyrillic and more; it is registered when its files are
found (Debian's fonts-dejavu-core, installed by the Dockerfile; PDF_FONT_DIR names another folder), at
import, so building a PDF opens no file. Without it the PDFs use Helvetica. Emoji have no glyph in
either font, and right-to-left scripts are drawn letter by letter, left to right."""

from __future__ import annotations

import os
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIRS = [os.environ.get("PDF_FONT_DIR", ""), "/usr/share/fonts/truetype/dejavu",
             "/usr/share/fonts/dejavu", "/usr/local/share/fonts/dejavu"]
ELLIPSIS = "\u2026"

# No PDF build fetches a URL: reportlab's default since 4.0, pinned here so that an environment variable
# (RL_trustedHosts) or a new default cannot turn it on. Names are escaped besides (games/reports/pdf.py).
rl_config.trustedHosts = None


def _register() -> tuple[str, str]:
    for folder in filter(None, FONT_DIRS):
        regular, bold = Path(folder, "DejaVuSans.ttf"), Path(folder, "DejaVuSans-Bold.ttf")
        if regular.is_file() and bold.is_file():
            pdfmetrics.registerFont(TTFont("Names", str(regular)))
            pdfmetrics.registerFont(TTFont("Names-Bold", str(bold)))
            pdfmetrics.registerFontFamily("Names", normal="Names", bold="Names-Bold", italic="Names",
                                          boldItalic="Names-Bold")
            return "Names", "Names-Bold"
    return "Helvetica", "Helvetica-Bold"


FONT, BOLD = _register()


def fit(text: str, font: str, size: float, width: float, smallest: float) -> tuple[str, float]:
    """`text` at the largest size from `size` down to `smallest` that fits `width`; at the smallest size,
    cut with an ellipsis when it still does not fit."""
    while size > smallest and pdfmetrics.stringWidth(text, font, size) > width:
        size -= 0.5
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text, size
    while text and pdfmetrics.stringWidth(text + ELLIPSIS, font, size) > width:
        text = text[:-1]
    return text + ELLIPSIS, size
