""""Practise my facts" (issue 31): one tap starts a match against the computer dealt toward the child's
Practise next facts, in the open assignment whose game deals the most of them; refusals in words a child
reads; the end screen's facts (games.selectors.match_practice_for) say the focus facts and leave x1 out."""

from __future__ import annotations

import pytest

from classroom.errors import ServiceError
from games.models import FocusFact, Match
from games.selectors import match_practice_for
from games.services.matches import match_against_computer, match_replay
from games.services.practice_match import practice_match
from games.services.reports import my_progress
from tests.conftest import client_for
from tests.games.test_focus import answer, shaky

pytestmark = pytest.mark.django_db
STEPPING_BY_HAND = {"size": 6}  # filled by hand: no room for a focus


def refusal(user) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        practice_match(user=user)
    return refused.value


def test_the_game_that_deals_the_most_of_my_facts_is_dealt_toward_them(make_assignment, pupils, fake_clock):
    ana = pupils[0]
    shaky(ana, (7, 8), (6, 10), (11, 12))  # the three Practise next facts
    answer(ana, 3, 4, 13)  # one slip: not one of them
    assert [(f["a"], f["b"]) for f in my_progress(user=ana.user)["next"]] == [(6, 10), (7, 8), (11, 12)]
    make_assignment("four_in_a_row")  # first on the home page, but its cards (2..9) deal only 7 x 8
    make_assignment("multiplin", bots_allowed=False)  # would deal two: no computer here
    cards = make_assignment("multiplin", bot_levels=["medium", "hard"])  # deals 6 x 10 and 7 x 8

    match = Match.objects.get(pk=practice_match(user=ana.user).pk)

    assert match.assignment_id == cards.pk
    assert (match.kind, match.status) == (Match.Kind.COMPUTER, Match.Status.ACTIVE)
    assert match.options["focus"] == {"mode": "facts", "facts": [[6, 10], [7, 8]]}
    seats = list(match.seats.order_by("index"))
    assert (seats[0].user_id, seats[1].bot_level) == (ana.user_id, "medium")  # the easiest it allows
    assert match_replay(match=match) == match.state  # dealt from its options: the replay deals the same
    # the child's own choice for one match: not the teacher's focus facts of that assignment
    assert not FocusFact.objects.exists()


def test_the_easy_computer_where_the_teacher_allows_it(make_assignment, pupils, fake_clock):
    ana = pupils[0]
    shaky(ana, (7, 8))
    make_assignment("four_in_a_row", bot_levels=["hard"])
    easy = make_assignment("four_in_a_row", bot_levels=["easy", "hard"])
    match = practice_match(user=ana.user)
    assert match.assignment_id == easy.pk
    assert match.seats.get(index=1).bot_level == "easy"


def test_refusals_say_why_in_a_childs_words(make_assignment, pupils, fake_clock):
    ana = pupils[0]
    answer(ana, 7, 8, 54)  # one slip: nothing to practise yet
    assert refusal(ana.user).code == "nothing_to_practise"
    answer(ana, 7, 8, 63)
    make_assignment("four_in_a_row", bots_allowed=False)
    refused = refusal(ana.user)
    assert (refused.code, refused.message) == ("no_computer", "Ask your teacher to let you play the computer.")
    make_assignment("stepping_divisors", options=STEPPING_BY_HAND)
    shaky(ana, (11, 12))
    refused = refusal(ana.user)  # 7 x 8 only in the game without the computer; by hand no focus at all
    assert refused.code == "no_game_for_facts"
    assert refused.message == "Your games do not have these facts yet. Ask your teacher for help."
    assert not Match.objects.filter(seats__user=ana.user).exists()  # no match started


def test_a_child_already_playing_is_sent_to_their_match(make_assignment, pupils, fake_clock):
    ana = pupils[0]
    shaky(ana, (7, 8))
    assignment = make_assignment("four_in_a_row")
    current = match_against_computer(user=ana.user, assignment_id=assignment.pk, bot_level="easy")
    refused = refusal(ana.user)
    assert (refused.code, refused.extra) == ("already_playing", {"match_id": current.pk})


def test_the_api_starts_it_and_answers_a_refusal_with_its_code(make_assignment, pupils, fake_clock):
    ana, ben = pupils[:2]
    shaky(ana, (7, 8))
    shaky(ben, (7, 8))
    make_assignment("four_in_a_row", students=[ana])
    started = client_for(ana.user).post("/api/my/practice-match/")
    assert started.status_code == 201
    assert started.json()["match"]["settings"]["focus"] == {"mode": "facts", "facts": [[7, 8]]}
    assert started.json()["view"]["seat"] == 0
    refused = client_for(ben.user).post("/api/my/practice-match/")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "no_computer"
    assert refused.json()["error"]["message"] == "Ask your teacher to let you play the computer."


def test_the_end_screen_names_the_focus_facts_and_leaves_x1_facts_out(make_assignment, pupils, fake_clock):
    ana = pupils[0]
    shaky(ana, (7, 8), (3, 4))
    make_assignment("four_in_a_row")
    match = practice_match(user=ana.user)
    for given in (56, 56, 54):
        answer(ana, 8, 7, given, match=match)
    answer(ana, 1, 2, 2, match=match)  # Fultiples-style x1 facts: not in the list
    answer(ana, 1, 11, 11, match=match)
    practice = match_practice_for(user=ana.user, match=match)
    assert practice["focus"] == [[3, 4], [7, 8]]
    assert practice["facts"] == [{"a": 7, "b": 8, "right": 2, "wrong": 1}]
    assert (practice["answers"], practice["right"]) == (5, 4)  # every answer still counts
    body = client_for(ana.user).get(f"/api/matches/{match.pk}/practice/").json()
    assert body["focus"] == [[3, 4], [7, 8]]


def test_a_match_without_a_focus_has_no_focus_facts(make_assignment, pupils, fake_clock):
    ana = pupils[0]
    assignment = make_assignment("four_in_a_row")
    match = match_against_computer(user=ana.user, assignment_id=assignment.pk, bot_level="easy")
    assert match_practice_for(user=ana.user, match=match)["focus"] == []


def test_play_again_after_a_practice_match_deals_toward_the_same_facts(make_assignment, pupils, classroom,
                                                                       fake_clock):
    from games.services.class_games import class_games_end
    from games.services.matches import match_rematch

    ana = pupils[0]
    shaky(ana, (7, 8))
    assignment = make_assignment("four_in_a_row")
    first = practice_match(user=ana.user)
    class_games_end(classroom=classroom)
    again = Match.objects.get(pk=match_rematch(user=ana.user, match_id=first.pk).pk)
    assert again.options["focus"] == {"mode": "facts", "facts": [[7, 8]]}
    assert not FocusFact.objects.exists()
    # an ordinary match of the same assignment deals as the teacher set it: no focus
    class_games_end(classroom=classroom)
    plain = match_against_computer(user=ana.user, assignment_id=assignment.pk, bot_level="easy")
    assert "focus" not in plain.options
    class_games_end(classroom=classroom)
    assert "focus" not in Match.objects.get(pk=match_rematch(user=ana.user, match_id=plain.pk).pk).options
