"""Demo data for `make run`: a teacher, a class of eight with an assignment of each game and four
weeks of history played through the real engines and services (games.services.demo), and a sign-in
to try.

Idempotent: run it again and it reuses the teacher, class and history, and issues a fresh card for
the first student so that their picture password can be printed (secrets are only stored hashed).

It lives in games, not classroom, because it seeds both, and classroom never imports games
(the "Classroom never imports games" contract in pyproject.toml).
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from classroom import services
from classroom.models import Classroom, User
from classroom.pictures import picture_label
from games.services.demo import demo_history
from games.services.report_snapshots import snapshot_request

DEMO_EMAIL = "teacher@demo.multiplayground.test"
DEMO_PASSWORD = "times-tables-2026"
DEMO_CLASS = "Demo class (Room 7)"
DEMO_CODE = "MATH23"
DEMO_NAMES = ["Ana Lopez", "Ben Okafor", "Chloe Martin", "Dev Patel",
              "Emma Schmidt", "Finn Murphy", "Grace Kim", "Hugo Rossi"]


class Command(BaseCommand):
    help = "Create (or refresh) the demo teacher, class and students, and print how to sign in."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--url", default="http://127.0.0.1:8000")

    @transaction.atomic
    def handle(self, *args: Any, url: str, **options: Any) -> None:
        teacher = User.objects.filter(email=DEMO_EMAIL).first()
        if teacher is None:
            teacher = services.teacher_create(name="Ms Demo", email=DEMO_EMAIL, password=DEMO_PASSWORD)
        classroom = Classroom.objects.filter(teacher=teacher, name=DEMO_CLASS).first()
        if classroom is None:
            classroom = services.classroom_create(teacher=teacher, name=DEMO_CLASS)
            if not Classroom.objects.filter(join_code=DEMO_CODE).exists():
                classroom.join_code = DEMO_CODE
                classroom.save(update_fields=["join_code"])
            students = services.students_add_names(classroom=classroom, text="\n".join(DEMO_NAMES))
            services.cards_issue(classroom=classroom, students=students)
        played = demo_history(classroom=classroom)
        if played:  # the first report a teacher opens is built already (by the worker make run starts)
            snapshot_request(classroom=classroom, period="30d")
            self.stdout.write(f"Played {played} demo matches over the last four weeks for the reports.")
        first = classroom.students.order_by("display_name").first()
        if first is None:
            raise CommandError(f"The class {classroom.name} has no students left: delete it, then run this again.")
        (card,) = services.cards_issue(classroom=classroom, students=[first])
        pictures = ", ".join(picture_label(slug) for slug in card.pictures)
        self.stdout.write(
            "\n".join([
                "",
                "=" * 64,
                f"  Multiplayground demo: {url}",
                f"  Teacher sign-in:  {DEMO_EMAIL}  /  {DEMO_PASSWORD}",
                f"  Class code:       {classroom.join_code}  ({classroom.name})",
                f"  Student sign-in:  {url}/student -> {classroom.join_code} -> {first.display_name}",
                f"                    pictures, in order: {pictures}",
                f"  Or this card link: {url.rstrip('/')}/s/{card.token}",
                "=" * 64,
                "",
            ])
        )
