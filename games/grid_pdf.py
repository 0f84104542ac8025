"""Fultiples grids for paper play: one grid per page, large numbers, the primes on top. Made by a job
(games.services.exports), never by a web request: 5,000 grids take about 10 s of CPU."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from games.grid_words import primes_line
from games.models import Board, BoardBatch

MARGIN = 15 * mm


def render_batch_pdf(batch: BoardBatch, boards: Iterable[Board]) -> Iterator[bytes]:
    """The PDF, written page by page into a stream (a 5,000-grid batch stays small in memory)."""
    import io

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, pageCompression=1)
    canvas.setTitle(f"Fultiples grids: {batch}")
    width, height = A4
    level = batch.level.capitalize() if batch.level else "Custom"
    for board in boards:
        canvas.setFont("Helvetica-Bold", 20)
        canvas.drawString(MARGIN, height - MARGIN - 6 * mm, primes_line(batch.primes))
        canvas.setFont("Helvetica", 12)
        canvas.drawString(MARGIN, height - MARGIN - 13 * mm,
                          f"Fultiples · {level} · numbers up to {batch.max_value} · grid {board.index + 1} of "
                          f"{batch.total}")
        _draw_grid(canvas, board.grid, width, height - MARGIN - 20 * mm)
        canvas.showPage()
        if buffer.tell() > 1 << 20:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    canvas.save()
    yield buffer.getvalue()


def _draw_grid(canvas: Canvas, grid: list[list[int]], width: float, top: float) -> None:
    rows, cols = len(grid), len(grid[0])
    size = min((width - 2 * MARGIN) / cols, (top - MARGIN) / rows)
    left = (width - size * cols) / 2
    canvas.setStrokeColor(HexColor("#333333"))
    canvas.setLineWidth(1.2)
    font = max(9, min(30, size * 0.45))
    canvas.setFont("Helvetica-Bold", font)
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            x = left + c * size
            y = top - (r + 1) * size
            canvas.rect(x, y, size, size)
            canvas.drawCentredString(x + size / 2, y + size / 2 - font / 3, str(value))
