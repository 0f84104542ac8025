"""What each kind of PDF export is made of and how it is drawn, for games.services.exports.

`prepare(export)` runs inside the transaction that checks the job still owns the export: it reads
what the PDF is made of (and, for login cards, issues the new secrets the cards print). It returns
a `Job`: how many steps the progress counts and a `render` that writes the PDF, run outside any
transaction."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from classroom.cards import render_cards_pdf
from classroom.models import Student
from classroom.services import cards_issue
from games.grid_pdf import render_batch_pdf
from games.models import Board, BoardBatch, Export, Report
from games.reports.pdf import report_pdf

Progress = Callable[[int], None]


class ExportFailed(Exception):
    """The PDF cannot be made; `message` tells its owner why, in a sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Job:
    total: int
    render: Callable[[BinaryIO, Progress], None]
    issued_secrets: bool = False  # login cards: the old cards stopped working when this job was prepared


def prepare(export: Export) -> Job:
    return PREPARE[export.kind](export)


def counted(items: Iterable, progress: Progress) -> Iterator:
    """The items, telling `progress` how many went by after each."""
    for number, item in enumerate(items, 1):
        yield item
        progress(number)


def _batch_pdf(export: Export) -> Job:
    batch = BoardBatch.objects.filter(pk=export.batch_id).first() if export.batch_id is not None else None
    if batch is None:
        raise ExportFailed("The grids were deleted before their PDF was made.")
    if batch.status != BoardBatch.Status.DONE:
        raise ExportFailed("The grids are not all made yet: wait until they are, then download the PDF again.")

    def render(out: BinaryIO, progress: Progress) -> None:
        boards = Board.objects.filter(batch=batch).order_by("index").iterator(chunk_size=500)
        for chunk in render_batch_pdf(batch, counted(boards, progress)):
            out.write(chunk)

    return Job(total=batch.total, render=render)


def _report_pdf(export: Export) -> Job:
    report = (Report.objects.select_related("classroom", "student").filter(pk=export.report_id).first()
              if export.report_id is not None else None)
    if report is None:
        raise ExportFailed("The report was deleted before its PDF was made.")
    if report.status != Report.Status.DONE:
        raise ExportFailed("The report is not built yet: build it, then print it.")

    def render(out: BinaryIO, progress: Progress) -> None:
        out.write(report_pdf(report))
        progress(1)

    return Job(total=1, render=render)


def _cards_pdf(export: Export) -> Job:
    classroom = export.classroom
    if classroom is None:
        raise ExportFailed("The class was deleted before its login cards were made.")
    students = list(Student.objects.filter(classroom=classroom, pk__in=export.students).select_related("user")
                    .order_by("display_name", "pk"))
    if not students:
        raise ExportFailed("None of these students is in the class any more, so there are no cards to print.")
    cards = cards_issue(classroom=classroom, students=students)

    def render(out: BinaryIO, progress: Progress) -> None:
        out.write(render_cards_pdf(cards=cards, class_name=classroom.name, join_code=classroom.join_code,
                                   site_url=export.site_url, progress=progress))

    return Job(total=len(cards), render=render, issued_secrets=True)


PREPARE: dict[str, Callable[[Export], Job]] = {
    Export.Kind.BATCH_PDF: _batch_pdf,
    Export.Kind.REPORT_PDF: _report_pdf,
    Export.Kind.CARDS_PDF: _cards_pdf,
}
