from datetime import timedelta

import pytest
from django.utils import timezone

from classroom.errors import ServiceError
from games.selectors import open_assignments_for_student
from games.services.assignments import assignment_close, assignment_create, assignment_update
from tests.factories import StudentFactory

pytestmark = pytest.mark.django_db


def test_each_option_is_checked_against_the_games_definition_under_its_own_field(classroom):
    with pytest.raises(ServiceError) as refusal:
        assignment_create(classroom=classroom, game="fultiples", options={"level": "impossible", "strict": "yes"})
    assert refusal.value.fields == {
        "options.level": ["The level must be beginner, intermediate or advanced."],
        "options.strict": ["Strict mode must be true or false."],
    }
    ok = assignment_create(classroom=classroom, game="fultiples", options={"level": "beginner", "strict": True})
    assert ok.options == {"level": "beginner", "strict": True}


def test_options_that_do_not_work_together_are_refused_by_the_engines_own_setup(classroom):
    with pytest.raises(ServiceError) as refusal:
        assignment_create(classroom=classroom, game="fultiples", options={"primes": [2, 3, 4]})
    assert refusal.value.fields == {"options": ["Primes: 4 is not a prime number"]}


def test_players_per_match_must_fit_the_game(classroom):
    with pytest.raises(ServiceError) as refusal:
        assignment_create(classroom=classroom, game="fultiples", players_per_match=3)
    assert "players_per_match" in refusal.value.fields
    assert assignment_create(classroom=classroom, game="multiplin", players_per_match=4).players_per_match == 4


def test_options_the_teacher_may_not_set_are_refused(classroom):
    with pytest.raises(ServiceError) as refusal:
        assignment_create(classroom=classroom, game="four_in_a_row", options={"deck": [2] * 34, "size": 5})
    assert refusal.value.fields == {
        "options.deck": ["The deck is set by the game, not by the teacher."],
        "options.size": ['Four-in-a-Row Multiplication has no option called "size".'],
    }


def test_bot_levels_are_the_games_own(classroom):
    assignment = assignment_create(classroom=classroom, game="multiplin", bot_levels=["hard", "easy", "hard"])
    assert assignment.bot_levels == ["easy", "hard"]
    assert assignment_create(classroom=classroom, game="multiplin").bot_levels == ["easy", "medium", "hard"]


def test_bot_levels_and_dates_are_checked(classroom):
    with pytest.raises(ServiceError):
        assignment_create(classroom=classroom, game="fultiples", bot_levels=["genius"])
    now = timezone.now()
    with pytest.raises(ServiceError) as refusal:
        assignment_create(classroom=classroom, game="fultiples", opens_at=now, closes_at=now - timedelta(hours=1))
    assert "closes_at" in refusal.value.fields


def test_students_must_be_of_the_class(classroom):
    with pytest.raises(ServiceError):
        assignment_create(classroom=classroom, game="fultiples", students=[StudentFactory()])


def test_students_see_open_assignments_for_them_only(classroom, pupils):
    everyone = assignment_create(classroom=classroom, game="fultiples")
    only_ana = assignment_create(classroom=classroom, game="multiplin", students=[pupils[0]])
    later = assignment_create(classroom=classroom, game="stepping_divisors",
                              opens_at=timezone.now() + timedelta(days=1))
    closed = assignment_create(classroom=classroom, game="four_in_a_row")
    assignment_close(assignment=closed)
    ana = set(open_assignments_for_student(user=pupils[0].user))
    ben = set(open_assignments_for_student(user=pupils[1].user))
    assert ana == {everyone, only_ana}
    assert ben == {everyone}
    assert later not in ana


def test_update_revalidates_options(classroom):
    assignment = assignment_create(classroom=classroom, game="stepping_divisors")
    with pytest.raises(ServiceError) as refusal:
        assignment_update(assignment=assignment, options={"size": 99})
    assert refusal.value.fields == {"options.size": ["The board size must be from 3 to 12."]}
    assignment_update(assignment=assignment, options={"size": 5}, hints=True)
    assignment.refresh_from_db()
    assert assignment.options == {"size": 5}
    assert assignment.hints is True


def test_the_game_of_an_assignment_never_changes(classroom):
    assignment = assignment_create(classroom=classroom, game="fultiples")
    assignment_update(assignment=assignment, game="multiplin", title="Week 3")
    assignment.refresh_from_db()
    assert (assignment.game, assignment.title) == ("fultiples", "Week 3")
