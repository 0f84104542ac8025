"""Everything stored about one child, for their teacher to hand over (the data export), and the list of
tables that hold it, with what deleting the child does to each (games.services.student_erase).

The export is JSON in the shape docs/teachers.md documents ("Removing a student, and their data"). Other
children are never named in it: an opponent is "another student", a computer player is its level. The
secrets a child signs in with are left out (see LEFT_OUT).

`tests/games/test_student_data.py` walks every model and fails when one with a path to a student
(a foreign key to the Student or to a user, directly or through a match or a seat) is missing from
ABOUT_THE_CHILD and NOT_ABOUT_THE_CHILD, so a new table cannot be forgotten by the export or the
deletion."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import Q
from django.utils import timezone

from classroom.models import Student
from classroom.open_sessions import sessions_of
from games.models import Assignment, Attempt, Challenge, Export, FocusFact, Match, Move, Report, Seat

FORMAT = "multiplayground-student-export"
VERSION = 1

# Each table about the child: where the export has it, and what deleting the child does to it.
ABOUT_THE_CHILD: dict[str, tuple[str, str]] = {
    "classroom.Student": ("student", "deleted"),
    "classroom.User": ("account", "deleted (the child's account)"),
    "games.Assignment": ("assignments", "kept for the class"),
    "games.Assignment_students": ("assignments[].named", "deleted (the child is no longer named by the assignment)"),
    "games.Attempt": ("attempts", "deleted; the class tallies (games.FactTally) lose their counts"),
    "games.Seat": ("matches[].seat", "kept for the other players' match, with nobody in it"),
    "games.Match": ("matches", "kept for the other players; no longer names the child as host"),
    "games.Move": ("matches[].moves", "kept for the other players' replay; user ids in its log are cleared"),
    "games.Challenge": ("challenges", "deleted"),
    "games.FocusFact": ("focus_facts", "deleted"),
    "games.Report": ("reports, class_report_rows",
                     "the child's own reports deleted; their rows in class reports say 'A removed student' "
                     "(counts kept)"),
    "games.Export": ("login_cards",
                     "a waiting login-card job no longer prints their card; a made PDF that names them (login "
                     "cards, a class report's PDF) is deleted"),
}

# Tables with a path to a user that are not about a child, and why.
NOT_ABOUT_THE_CHILD: dict[str, str] = {
    # Its user is the teacher who owns the class; the export names the child's class.
    "classroom.Classroom": "the teacher's class",
    # A teacher's generated grids.
    "games.BoardBatch": "a teacher's grids",
    # The admin site's log of what staff changed; children never sign in to the admin site.
    "admin.LogEntry": "staff actions in the admin site",
    # Staff groups and permissions; a child has none (the rows, if any, go with the account).
    "classroom.User_groups": "staff groups",
    "classroom.User_user_permissions": "staff permissions",
}

LEFT_OUT = {
    "secrets": "The picture password, typed password and login-card link are stored only as one-way hashes. "
               "They are left out: a hash cannot be turned back into the secret, and anyone holding it could "
               "try guesses against it offline. The export says whether each is set.",
    "other_children": "Other children in the child's matches and challenges are not named.",
}


def model_label(model: type[models.Model]) -> str:
    return f"{model._meta.app_label}.{model._meta.object_name}"


def models_about_students(candidates: Iterable[type[models.Model]]) -> list[str]:
    """The labels of the Student and user models and of the models with a foreign key (or many-to-many) to
    one of them, directly or through a Match or a Seat (whose rows hold children), in the given order."""
    roots = {Student, get_user_model()}
    targets = roots | {Match, Seat}
    found = []
    for model in candidates:
        if model in roots:
            found.append(model_label(model))
            continue
        for field in model._meta.get_fields():
            if field.is_relation and not field.auto_created and field.related_model in targets:
                found.append(model_label(model))
                break
    return found


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def student_export(*, student: Student) -> dict:
    """Everything stored about the child, in the shape docs/teachers.md documents."""
    user = student.user
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "left_out": LEFT_OUT,
        "student": {
            "id": student.pk,
            "first_name": student.first_name,
            "last_name": student.last_name,
            "display_name": student.display_name,
            "class": {"id": student.classroom_id, "name": student.classroom.name},
            "created_at": _iso(student.created_at),
            "last_seen_at": _iso(student.last_seen_at),
            "avatar": {"picture": student.avatar, "colour": student.avatar_colour} if student.avatar else None,
        },
        "sign_in": {
            "has_picture_password": bool(student.picture_secret_hash),
            "has_typed_password": bool(student.password_hash),
            "password_set_by_teacher": student.password_set_by_teacher,
            "has_card": student.has_card,
            "card_issued_at": _iso(student.card_issued_at),
            "failed_sign_ins": student.failed_sign_ins,
            "locked_until": _iso(student.locked_until),
            "last_sign_in": _iso(user.last_login),
            "open_sessions": [{"expires_at": _iso(expires)} for _, expires in sessions_of([user.pk])],
        },
        "account": {"id": user.pk, "username": user.username, "name": user.name, "role": user.role,
                    "active": user.is_active, "created_at": _iso(user.date_joined)},
        "assignments": _assignments(student),
        "attempts": list(_attempts(user.pk)),
        "matches": _matches(user.pk),
        "challenges": _challenges(user.pk),
        "focus_facts": [{"assignment_id": row.assignment_id, "a": row.a, "b": row.b, "since": _iso(row.since)}
                        for row in FocusFact.objects.filter(student=student).order_by("assignment_id", "a", "b")],
        "reports": [_report(report) for report in
                    Report.objects.filter(student=student).order_by("created_at", "pk").iterator()],
        "class_report_rows": list(_class_report_rows(student)),
        "login_cards": _login_cards(student),
    }


def _assignments(student: Student) -> list[dict]:
    """The class's assignments the child was given: those for the whole class and those naming them."""
    named = set(student.assignments.values_list("pk", flat=True))
    given = (Assignment.objects.filter(classroom_id=student.classroom_id)
             .filter(Q(pk__in=named) | Q(students__isnull=True)).distinct().order_by("pk"))
    return [{"id": a.pk, "game": a.game, "title": a.title, "named": a.pk in named, "opens_at": _iso(a.opens_at),
             "closes_at": _iso(a.closes_at)} for a in given]


def _attempts(user_id: int) -> Iterator[dict]:
    fields = ["id", "match_id", "version", "game", "kind", "a", "b", "answer", "correct", "think_ms", "fact_a",
              "fact_b", "mistake_type", "created_at"]
    for row in Attempt.objects.filter(student_id=user_id).order_by("created_at", "pk").values(*fields).iterator():
        yield {**row, "created_at": _iso(row["created_at"])}


def _matches(user_id: int) -> list[dict]:
    matches = (Match.objects.filter(Q(seats__user_id=user_id) | Q(seats__left_by_id=user_id) | Q(host_id=user_id))
               .distinct().order_by("created_at", "pk").prefetch_related("seats"))
    out = []
    for match in matches:
        seats = sorted(match.seats.all(), key=lambda seat: seat.index)
        mine = next((seat for seat in seats if user_id in (seat.user_id, seat.left_by_id)), None)
        moves = [] if mine is None else [
            {"version": move.version, "source": move.source, "action": move.action, "at": _iso(move.created_at)}
            for move in Move.objects.filter(match=match, seat=mine.index).order_by("version")]
        out.append({
            "id": match.pk, "game": match.game, "kind": match.kind, "status": match.status,
            "options": match.options, "created_at": _iso(match.created_at), "started_at": _iso(match.started_at),
            "finished_at": _iso(match.finished_at), "result": match.result, "hosted": match.host_id == user_id,
            "seat": None if mine is None else {"index": mine.index, "left": mine.left_by_id == user_id,
                                               "computer_took_over": mine.taken_over},
            "players": [{"seat": seat.index, "who": _who(seat, user_id)} for seat in seats],
            "moves": moves,
        })
    return out


def _who(seat: Seat, user_id: int) -> str:
    if user_id in (seat.user_id, seat.left_by_id):
        return "this student"
    if seat.bot_level:
        return f"computer ({seat.bot_level})"
    return "another student" if seat.user_id else "nobody"


def _challenges(user_id: int) -> list[dict]:
    rows = Challenge.objects.filter(Q(from_user_id=user_id) | Q(to_user_id=user_id)).order_by("created_at", "pk")
    return [{"id": c.pk, "direction": "sent" if c.from_user_id == user_id else "received",
             "assignment_id": c.assignment_id, "status": c.status, "match_id": c.match_id,
             "created_at": _iso(c.created_at), "answered_at": _iso(c.answered_at)} for c in rows]


def _report(report: Report) -> dict:
    return {"id": report.pk, "period": report.period, "game": report.game, "status": report.status,
            "period_start": _iso(report.period_start), "period_end": _iso(report.period_end),
            "built_at": _iso(report.built_at), "data": report.data}


def _class_report_rows(student: Student) -> Iterator[dict]:
    reports = (Report.objects.filter(classroom_id=student.classroom_id, scope=Report.Scope.CLASS)
               .exclude(data=None).order_by("created_at", "pk").iterator())
    for report in reports:
        data = report.data
        if data is None:  # excluded above
            continue
        activity = [row for row in data.get("activity", []) if row.get("student_id") == student.pk]
        needs_help = [{"fact": fact, **{k: v for k, v in row.items() if k in ("attempts", "accuracy")}}
                      for fact, rows in data.get("needs_help", {}).items()
                      for row in rows if row.get("student_id") == student.pk]
        focus = [{"assignment_id": entry.get("assignment_id"), **row}
                 for entry in data.get("focus", []) for row in entry.get("rows", [])
                 if row.get("student_id") == student.pk]
        if activity or needs_help or focus:
            yield {"report_id": report.pk, "period": report.period, "game": report.game,
                   "built_at": _iso(report.built_at), "activity": activity, "needs_help": needs_help,
                   "focus": focus}


def _login_cards(student: Student) -> list[dict]:
    cards = Export.objects.filter(kind=Export.Kind.CARDS_PDF, classroom_id=student.classroom_id).order_by("pk")
    return [{"printed_at": _iso(export.created_at), "status": export.status,
             "downloaded_at": _iso(export.downloaded_at)} for export in cards if student.pk in export.students]
