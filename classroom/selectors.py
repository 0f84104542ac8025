"""Reads for classes and rosters."""

from __future__ import annotations

from django.db.models import Count, F, QuerySet

from classroom.models import Classroom, Student, User
from classroom.permissions import classrooms_managed_by


def classroom_list_for_teacher(*, teacher: User) -> QuerySet[Classroom]:
    return classrooms_managed_by(teacher).annotate(student_count=Count("students")).order_by(
        "archived_at", "name", "id")


def student_list_for_classroom(*, classroom: Classroom) -> QuerySet[Student]:
    return Student.objects.filter(classroom=classroom).order_by("display_name", "id")


def classroom_by_join_code(*, code: str) -> Classroom | None:
    return Classroom.objects.filter(join_code=(code or "").strip().upper(), archived_at__isnull=True).first()


def student_count_for_classroom(*, classroom: Classroom) -> int:
    return Student.objects.filter(classroom=classroom).count()


def classroom_of_student(*, user: User) -> Classroom | None:
    """The class of a student's account; None for a teacher."""
    if not user.is_student:
        return None
    return Classroom.objects.filter(students__user=user).first()


def classmates_of_student(*, user: User) -> list[dict]:
    """Everyone in a student's class, themself included (`me`): name, avatar, and who is online now,
    so a child sees who can answer a challenge. Nothing else about a classmate."""
    from classroom.avatars import avatar_of
    from classroom.presence import is_online

    classroom = classroom_of_student(user=user)
    if classroom is None:
        return []
    return [{"user_id": s.user_id, "name": s.display_name, "avatar": avatar_of(s.avatar, s.avatar_colour),
             "online": is_online(s), "me": s.user_id == user.pk}
            for s in student_list_for_classroom(classroom=classroom)]


def avatar_of_user(*, user: User) -> dict[str, str] | None:
    """A student's avatar ({picture, colour}), or None: a teacher, or a child who has not chosen one."""
    from classroom.avatars import avatar_of

    if not user.is_student:
        return None
    row = Student.objects.filter(user=user).values("avatar", "avatar_colour").first()
    return avatar_of(row["avatar"], row["avatar_colour"]) if row else None


# --- A teacher's first-run checklist ---------------------------------------------------------
CHECKLIST_STEPS = ("class", "students", "cards", "assign", "watch")


def teacher_checklist(*, teacher: User) -> dict:
    """The first-run steps, each ticked from what the teacher's classes hold (archived ones too):
    `class` a class exists; `students` a class has a student; `cards` a student has a card or a
    login-card PDF was asked for; `assign` the teacher chose a game themselves, that is an assignment
    other than a class's untouched starter (it comes with the class, so it proves nothing); `watch` a
    match was played, or started, in one of their classes. `class_id` is where to do the next steps
    (the newest active class, else the newest one), None without a class."""
    from games.models import Assignment, Export, Match

    ids = list(classrooms_managed_by(teacher).order_by(F("archived_at").asc(nulls_first=True), "-created_at", "-id")
               .values_list("id", flat=True))
    # A class's starter opens at the instant the class was made (classroom.services.classroom_create); a
    # teacher's own assignment, or the starter with its dates changed, does not.
    chose = Assignment.objects.filter(classroom_id__in=ids).exclude(opens_at=F("classroom__created_at"))
    done = {
        "class": bool(ids),
        "students": Student.objects.filter(classroom_id__in=ids).exists(),
        "cards": (Student.objects.filter(classroom_id__in=ids, card_issued_at__isnull=False).exists()
                  or Export.objects.filter(owner=teacher, kind=Export.Kind.CARDS_PDF).exists()),
        "assign": chose.exists(),
        "watch": Match.objects.filter(classroom_id__in=ids).exists(),
    }
    return {"steps": [{"key": key, "done": done[key]} for key in CHECKLIST_STEPS],
            "all_done": all(done.values()), "class_id": ids[0] if ids else None}
