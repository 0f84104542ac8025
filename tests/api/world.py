"""One class with something behind every endpoint, and the people around it.

The permission matrix and the schema fuzz ask each operation about these objects: a teacher's
class with three students, an assignment, a running match, a finished one, a lobby, an open
challenge, built reports, a grid batch and its PDF made; and another teacher with a class and a
student of their own. The PDF's file goes to MEDIA_ROOT: point it at a temporary folder first."""

from __future__ import annotations

from dataclasses import dataclass

from classroom.models import Classroom, Student, User
from games.models import Assignment, BoardBatch, Challenge, Export, Match, Report
from games.services import batches, exports, moves
from games.services.assignments import assignment_create
from games.services.export_build import export_build
from games.services.matches import challenge_create, match_quick
from tests.factories import ClassroomFactory, StudentFactory, TeacherFactory, built_snapshot

ANON, OWN_STUDENT, OTHER_STUDENT = "anon", "own_student", "other_student"
OWNER, OTHER_TEACHER = "owner", "other_teacher"
ACTORS = (ANON, OWN_STUDENT, OTHER_STUDENT, OWNER, OTHER_TEACHER)
PICTURES = ["sun", "moon", "star"]  # tests.factories.StudentFactory's picture password


@dataclass
class World:
    owner: User
    other_teacher: User
    classroom: Classroom
    other_classroom: Classroom
    ana: Student  # the student of this class every student-side row asks as: seated in `match`
    ben: Student  # Ana's opponent in `match`
    cy: Student  # alone in `lobby`; has challenged Ana
    stranger: Student  # a student of the other class
    assignment: Assignment
    lobby_assignment: Assignment
    match: Match  # Ana and Ben, running
    finished: Match  # Ana and Ben, ended by the teacher
    lobby: Match  # Cy waiting
    challenge: Challenge  # Cy -> Ana, open
    report: Report  # the class report, built
    student_report: Report  # Ana's part of it
    batch: BoardBatch  # done
    export: Export  # the batch's PDF, made (the owner's)

    def user(self, actor: str) -> User | None:
        return {ANON: None, OWN_STUDENT: self.ana.user, OTHER_STUDENT: self.stranger.user,
                OWNER: self.owner, OTHER_TEACHER: self.other_teacher}[actor]


def build_world() -> World:
    owner, other_teacher = TeacherFactory(), TeacherFactory()
    classroom = ClassroomFactory(teacher=owner)
    other_classroom = ClassroomFactory(teacher=other_teacher)
    ana, ben, cy = (StudentFactory(classroom=classroom, first_name=name) for name in ("Ana", "Ben", "Cy"))
    stranger = StudentFactory(classroom=other_classroom)
    StudentFactory(classroom=other_classroom)  # so the other class has a game of its own to play
    assignment = assignment_create(classroom=classroom, game="four_in_a_row")
    lobby_assignment = assignment_create(classroom=classroom, game="multiplin", players_per_match=3)

    match_quick(user=ana.user, assignment_id=assignment.pk)
    finished = match_quick(user=ben.user, assignment_id=assignment.pk)
    moves.match_end(match_id=finished.pk, user=owner)
    match_quick(user=ana.user, assignment_id=assignment.pk)
    match = match_quick(user=ben.user, assignment_id=assignment.pk)
    lobby = match_quick(user=cy.user, assignment_id=lobby_assignment.pk)
    challenge = challenge_create(user=cy.user, assignment_id=assignment.pk, opponent_user_id=ana.user.pk)

    report = built_snapshot(classroom, "30d")
    student_report = report.parts.get(student=ana)
    batch = batches.batch_create(teacher=owner, count=2, level="beginner")
    batches.batch_generate(batch_id=batch.pk)
    batch.refresh_from_db()
    export = export_build(export_id=exports.export_batch_pdf(owner=owner, batch=batch).pk)
    finished.refresh_from_db()
    match.refresh_from_db()
    return World(owner=owner, other_teacher=other_teacher, classroom=classroom, other_classroom=other_classroom,
                 ana=ana, ben=ben, cy=cy, stranger=stranger, assignment=assignment,
                 lobby_assignment=lobby_assignment, match=match, finished=finished, lobby=lobby,
                 challenge=challenge, report=report, student_report=student_report, batch=batch,
                 export=export)


def object_ids(world: World, path: str) -> dict[str, int | str]:
    """The world's object for each parameter of an operation's path: this class, Ana, the running match..."""
    resource = {"classes": world.classroom.pk, "students": world.ana.pk, "assignments": world.assignment.pk,
                "batches": world.batch.pk}
    return {"class_id": world.classroom.pk, "student_id": world.ana.pk, "assignment_id": world.assignment.pk,
            "match_id": world.match.pk, "challenge_id": world.challenge.pk, "report_id": world.report.pk,
            "code": world.classroom.join_code,
            "export_id": world.export.pk, "id": resource.get(path.split("/")[2], 0)}
