"""The games endpoint serves each engine's definition, and an assignment's options are checked by it."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import DEFINITIONS, ENGINES
from tests.conftest import client_for
from tests.factories import ClassroomFactory

pytestmark = pytest.mark.django_db

# The frontend's tests read this recording of GET /api/games/, so they are fed what the API serves.
RECORDING = Path(__file__).resolve().parents[2] / "frontend" / "src" / "test" / "games.json"


def served_games() -> list[dict]:
    response = client_for(ClassroomFactory().teacher).get("/api/games/")
    assert response.status_code == 200
    return response.json()


def test_the_endpoint_serves_every_games_definition():
    games = {game["slug"]: game for game in served_games()}
    assert list(games) == list(ENGINES)
    for slug, definition in DEFINITIONS.items():
        served = games[slug]
        expected = definition.as_dict()
        assert {key: served[key] for key in expected} == expected
        assert served["rules_summary"] == ENGINES[slug].rules_summary
        assert served["bot_levels"] == [player["level"] for player in expected["computer_players"]]


def test_the_endpoint_serves_each_games_title_and_traits_from_its_definition():
    served = {game["slug"]: game for game in served_games()}
    assert {slug: game["title"] for slug, game in served.items()} == {
        slug: definition.title for slug, definition in DEFINITIONS.items()}
    assert [slug for slug, game in served.items() if game["simultaneous"]] == ["multiplin"]
    assert all(game["bot_levels"] == ["easy", "medium", "hard"] for game in served.values())


def test_the_fultiples_definition_carries_its_level_presets():
    fultiples = next(game for game in served_games() if game["slug"] == "fultiples")
    presets = {preset["name"]: preset["options"] for preset in fultiples["level_presets"]}
    assert presets == {
        "beginner": {"primes": [2, 3, 5], "scale_max": 12, "max_value": 50},
        "intermediate": {"primes": [2, 3, 7], "scale_max": 20, "max_value": 100},
        "advanced": {"primes": [2, 3, 5, 7], "scale_max": 40, "max_value": 200},
    }
    level = next(option for option in fultiples["options"] if option["name"] == "level")
    assert (level["default"], level["teacher_settable"], level["in_form"]) == ("intermediate", True, True)


def test_the_frontends_recording_of_the_games_is_current():
    served = served_games()
    if os.environ.get("UPDATE_GAMES_RECORDING"):
        RECORDING.write_text(json.dumps(served, indent=1, ensure_ascii=False) + "\n")
    assert json.loads(RECORDING.read_text()) == served, (
        "frontend/src/test/games.json is stale: UPDATE_GAMES_RECORDING=1 .venv/bin/pytest tests/api/test_games_api.py")


@pytest.fixture
def teacher_and_class():
    klass = ClassroomFactory()
    return client_for(klass.teacher), f"/api/classes/{klass.pk}/assignments/"


@pytest.mark.parametrize(("game", "options", "fields"), [
    ("stepping_divisors", {"size": 20}, {"options.size": ["The board size must be from 3 to 12."]}),
    ("four_in_a_row", {"target_score": "5"},
     {"options.target_score": ["The target score must be a whole number from 1 to 100."]}),
    ("multiplin", {"round_time_s": None}, {"options.round_time_s": ["The round time needs a value from 5 to 600."]}),
    ("fultiples", {"board": [[2]]}, {"options.board": ["The board is set by the game, not by the teacher."]}),
    ("fultiples", {"max_value": 4, "level": "advanced", "primes": [2, 3, 9]},
     {"options": ["Primes: 9 is not a prime number"]}),
    ("multiplin", "fast", {"options": ["The options must be an object of option names and values."]}),
])
def test_refused_options_are_field_errors_in_sentences(teacher_and_class, game, options, fields):
    client, url = teacher_and_class
    response = client.post(url, {"game": game, "players_per_match": 2, "options": options}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["fields"] == fields


def test_editing_an_assignment_checks_its_options_the_same_way(teacher_and_class):
    client, url = teacher_and_class
    created = client.post(url, {"game": "stepping_divisors", "options": {"size": 5}}, format="json").json()
    response = client.patch(f"/api/assignments/{created['id']}/", {"options": {"strict": 1}}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["fields"] == {"options.strict": ["Strict mode must be true or false."]}


option_values = st.none() | st.booleans() | st.integers(-10, 10_000) | st.sampled_from(["", "7", "beginner", 2.5])


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(sorted(DEFINITIONS)), options=st.dictionaries(
    st.sampled_from(["level", "size", "time_limit_s", "strict", "primes", "max_value", "hand_size", "deck", "x"]),
    option_values | st.lists(st.integers(-3, 40), max_size=4), max_size=3))
def test_no_options_make_a_server_error(teacher_and_class, game, options):
    client, url = teacher_and_class
    response = client.post(url, {"game": game, "players_per_match": 2, "options": options}, format="json")
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(key == "options" or key.startswith("options.") for key in response.json()["error"]["fields"])
