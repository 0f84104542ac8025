"""The demo class's history: real matches over four weeks, each demo child with their own weak spot."""

import pytest

from games.models import Assignment, Attempt, Match
from games.services.demo import WEEKS, demo_history
from games.services.reports import my_progress
from tests.factories import StudentFactory

pytestmark = pytest.mark.django_db


def test_four_weeks_of_real_matches_with_each_childs_weak_spot_and_nothing_twice(classroom):
    children = [StudentFactory(classroom=classroom, display_name=f"{name} D.", first_name=name)
                for name in ("Ana", "Ben", "Cleo", "Dev", "Emma", "Finn")]
    played = demo_history(classroom=classroom, seed=7)
    assert played == WEEKS * 2 * 3  # two games a week, three pairs
    assert sorted(Assignment.objects.filter(classroom=classroom).values_list("game", flat=True)) == [
        "four_in_a_row", "fultiples", "multiplin", "stepping_divisors"]
    # Each at the options a new assignment starts with: Stepping By Divisors on a 6 x 6 board the computer fills
    stepping = Assignment.objects.get(classroom=classroom, game="stepping_divisors")
    assert (stepping.options["size"], stepping.options["random_fill"]) == (6, True)
    weeks = {m.started_at.isocalendar()[:2] for m in Match.objects.filter(classroom=classroom)}
    assert len(weeks) >= WEEKS - 1  # spread over the past weeks, not all today

    ana, ben, cleo = children[0], children[1], children[2]
    shaky = Attempt.objects.filter(student=ana.user, kind="multiply", correct=False)
    assert shaky.exists()
    assert all({a.fact_a, a.fact_b} & {7, 8} for a in shaky)  # Ana's mistakes are on her 7s and 8s
    assert Attempt.objects.filter(student=ben.user, mistake_type="addition").count() >= 3  # Ben adds
    assert not Attempt.objects.filter(student=cleo.user, kind="multiply", correct=False).exists()  # Cleo is strong
    assert any(7 in fact or 8 in fact for fact in my_progress(user=ana.user)["practise"])

    assert demo_history(classroom=classroom, seed=7) == 0  # idempotent
    assert Match.objects.filter(classroom=classroom).count() == played


def test_the_demo_command_is_idempotent_and_prints_the_sign_ins():
    import io

    from django.core.management import call_command

    from classroom.models import Classroom
    from games.models import Report

    first = io.StringIO()
    call_command("seed_demo", stdout=first)
    classroom = Classroom.objects.get(join_code="MATH23")
    matches = Match.objects.filter(classroom=classroom).count()
    assert matches == WEEKS * 2 * 4  # eight children: four pairs, two games a week
    assert "Teacher sign-in:  teacher@demo.multiplayground.test" in first.getvalue()
    assert Report.objects.filter(classroom=classroom, scope="class").count() == 1
    again = io.StringIO()
    call_command("seed_demo", stdout=again)
    assert Match.objects.filter(classroom=classroom).count() == matches
    assert "Played" not in again.getvalue()
    assert "pictures, in order:" in again.getvalue()
