"""What deleting a child does to the games' stored rows and files, beyond the rows that go with their
account (games.services.student_data.ABOUT_THE_CHILD says it table by table). Called by the receiver
(games/receivers.py) before a Student row is deleted, inside the deleting transaction.

- Class reports built before keep the child's counts (the class's figures stay true) but their rows
  say "A removed student" with no id, in the activity table, the needs-help groups and the focus rows.
- A stored PDF that names the child is deleted: their own reports' PDFs, a class report's PDF (made
  again from the anonymised report when asked), and a made login-card PDF with their card (marked
  failed: print the cards again).
  A waiting login-card job no longer prints their card.
- The match log of matches they played keeps the moves (the other players' replays need them) but no
  longer names their user id.
"""

from __future__ import annotations

from typing import Any

from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import Q

from games.models import Export, Match, Move, Report

REMOVED = "A removed student"
CARDS_REMOVED = ("A student on these login cards was removed, so the PDF was deleted: print the cards again "
                 "(the other students' old cards no longer work).")


def student_erase(*, student_id: int, user_id: int, classroom_id: int) -> None:
    changed_reports = _anonymise_class_reports(student_id, classroom_id)
    _delete_files_naming(student_id, classroom_id, changed_reports)
    _clear_match_log(user_id)


def _anonymise_class_reports(student_id: int, classroom_id: int) -> list[int]:
    changed = []
    reports = Report.objects.filter(classroom_id=classroom_id, scope=Report.Scope.CLASS).exclude(data=None)
    for report in reports.iterator():
        data, hit = report.data, False
        if data is None:  # excluded above
            continue
        for row in data.get("activity", []):
            if row.get("student_id") == student_id:
                row.update(student_id=None, student=REMOVED)
                hit = True
        for rows in data.get("needs_help", {}).values():
            for row in rows:
                if row.get("student_id") == student_id:
                    row.update(student_id=None, student=REMOVED)
                    hit = True
        for entry in data.get("focus", []):
            for row in entry.get("rows", []):
                if row.get("student_id") == student_id:
                    row.update(student_id=None, student=REMOVED)
                    hit = True
        if hit:
            Report.objects.filter(pk=report.pk).update(data=data)
            changed.append(report.pk)
    return changed


def _delete_files_naming(student_id: int, classroom_id: int, report_ids: list[int]) -> None:
    # The PDFs of the child's own reports: their rows go with the reports (cascade), their files go here.
    doomed = [name for name in Export.objects.filter(report__student_id=student_id).exclude(file="")
              .values_list("file", flat=True)]
    for export in Export.objects.filter(kind=Export.Kind.REPORT_PDF, report_id__in=report_ids).exclude(file=""):
        doomed.append(export.file.name)
        Export.objects.filter(pk=export.pk).update(file="", size=0)
    cards = Export.objects.filter(kind=Export.Kind.CARDS_PDF, classroom_id=classroom_id).select_for_update()
    for export in cards:
        if student_id not in export.students:
            continue
        fields: dict[str, Any] = {"students": [pk for pk in export.students if pk != student_id]}
        if export.file:
            doomed.append(export.file.name)
            fields.update(file="", size=0, status=Export.Status.FAILED, error=CARDS_REMOVED)
        Export.objects.filter(pk=export.pk).update(**fields)
    if doomed:  # files go once the deletion is committed: a rolled-back deletion keeps them
        def delete_files() -> None:
            for name in doomed:
                default_storage.delete(name)

        transaction.on_commit(delete_files)


def _clear_match_log(user_id: int) -> None:
    match_ids = set(Match.objects.filter(Q(seats__user_id=user_id) | Q(seats__left_by_id=user_id) | Q(host_id=user_id))
                    .values_list("pk", flat=True))
    for key in ("user_id", "host_user_id"):
        for move in Move.objects.filter(match_id__in=match_ids, **{f"action__{key}": user_id}):
            if move.action is None:  # never: the filter reads a key of it
                continue
            move.action[key] = None
            Move.objects.filter(pk=move.pk).update(action=move.action)
