"""Assignments and matches over REST, with the permission matrix."""

import pytest

from games.services.assignments import assignment_create
from tests.conftest import client_for
from tests.factories import ClassroomFactory, StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(fake_clock_api):
    owner = TeacherFactory()
    klass = ClassroomFactory(teacher=owner)
    ana, ben = StudentFactory(classroom=klass), StudentFactory(classroom=klass)
    outsider = StudentFactory()
    assignment = assignment_create(classroom=klass, game="fultiples", bot_levels=["easy"])
    return {"owner": owner, "class": klass, "ana": ana, "ben": ben, "outsider": outsider,
            "other_teacher": TeacherFactory(), "assignment": assignment}


@pytest.fixture
def fake_clock_api(monkeypatch):
    monkeypatch.setattr("games.clock.now_ms", lambda: 1_700_000_000_000)


def test_teacher_creates_an_assignment_and_engine_refusals_are_field_errors(world):
    client = client_for(world["owner"])
    url = f"/api/classes/{world['class'].pk}/assignments/"
    bad = client.post(url, {"game": "fultiples", "options": {"rows": 0}}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error"]["fields"] == {"options.rows": ["The number of rows must be from 1 to 30."]}
    good = client.post(url, {"game": "multiplin", "players_per_match": 3, "hints": True,
                             "students": [world["ana"].pk]}, format="json")
    assert good.status_code == 201
    assert good.json()["students"] == [world["ana"].pk]
    assert client.post(f"/api/assignments/{good.json()['id']}/close/").json()["is_open"] is False


@pytest.mark.parametrize(("actor", "status"), [("owner", 200), ("other_teacher", 404), ("ana", 403),
                                               ("outsider", 403), (None, 401)])
def test_assignment_permissions(world, actor, status):
    client = client_for(world[actor] if actor in ("owner", "other_teacher") else
                        (world[actor].user if actor else None))
    assert client.get(f"/api/assignments/{world['assignment'].pk}/").status_code == status


def test_students_see_their_open_assignments_with_classmates_to_challenge(world):
    response = client_for(world["ana"].user).get("/api/my/assignments/")
    assert response.status_code == 200
    (row,) = response.json()
    assert row["game"] == "fultiples"
    assert row["classmates"] == [{"user_id": world["ben"].user_id, "name": world["ben"].display_name}]
    assert client_for(world["outsider"].user).get("/api/my/assignments/").json() == []


def test_a_match_through_rest(world):
    ana, ben = client_for(world["ana"].user), client_for(world["ben"].user)
    url = f"/api/assignments/{world['assignment'].pk}/quick-match/"
    lobby = ana.post(url).json()
    assert lobby["match"]["status"] == "lobby"
    started = ben.post(url).json()
    match_id = started["match"]["id"]
    assert started["match"]["status"] == "active"
    assert ana.get("/api/my/current-match/").json()["match"]["id"] == match_id
    mover = started["view"]["to_move"][0]
    mover_client = ana if mover == 0 else ben
    body = {"action": {"type": "mark", "cell": [0, 0]}, "client_id": "r1"}
    assert mover_client.post(f"/api/matches/{match_id}/actions/", body, format="json").json() == {
        "version": started["version"] + 1, "duplicate": False}
    assert mover_client.post(f"/api/matches/{match_id}/actions/", body, format="json").json() == {
        "version": started["version"] + 1, "duplicate": True}
    refused = mover_client.post(f"/api/matches/{match_id}/actions/", body | {"client_id": "r2"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "not_your_turn"
    outsider = client_for(world["outsider"].user)
    assert outsider.get(f"/api/matches/{match_id}/").status_code == 404
    assert outsider.post(f"/api/matches/{match_id}/actions/", body, format="json").status_code == 404
    teacher = client_for(world["owner"])
    watched = teacher.get(f"/api/matches/{match_id}/").json()
    assert watched["view"]["seat"] is None
    live = teacher.get(f"/api/classes/{world['class'].pk}/live/").json()
    assert [m["id"] for m in live["matches"]] == [match_id]
    assert client_for(world["other_teacher"]).get(f"/api/classes/{world['class'].pk}/live/").status_code == 404
    assert teacher.post(f"/api/matches/{match_id}/end/").json()["match"]["status"] == "aborted"
    history = ana.get("/api/my/matches/").json()
    assert history[0]["id"] == match_id
    assert history[0]["result"]["reason"] == "ended_by_teacher"


def test_playing_the_computer_over_rest(world):
    ana = client_for(world["ana"].user)
    url = f"/api/assignments/{world['assignment'].pk}/computer-match/"
    assert ana.post(url, {"bot_level": "hard"}, format="json").status_code == 400  # not allowed here
    started = ana.post(url, {"bot_level": "easy"}, format="json").json()
    assert started["match"]["seats"][1]["bot"] == "easy"


def test_challenge_over_rest(world):
    ana, ben = client_for(world["ana"].user), client_for(world["ben"].user)
    challenge = ana.post(f"/api/assignments/{world['assignment'].pk}/challenges/",
                         {"opponent": world["ben"].user_id}, format="json").json()
    assert [c["id"] for c in ben.get("/api/my/challenges/").json()] == [challenge["id"]]
    accepted = ben.post(f"/api/challenges/{challenge['id']}/accept/").json()
    assert accepted["status"] == "accepted"
    assert ana.get("/api/my/current-match/").json()["match"]["id"] == accepted["match"]


def test_online_students_show_in_the_live_view(world):
    client_for(world["ana"].user).get("/api/my/assignments/")
    live = client_for(world["owner"]).get(f"/api/classes/{world['class'].pk}/live/").json()
    online = {s["display_name"]: s["online"] for s in live["students"]}
    assert online == {world["ana"].display_name: True, world["ben"].display_name: False}


def test_games_list_carries_the_rules_pages(world):
    games = client_for(world["ana"].user).get("/api/games/").json()
    assert {g["slug"] for g in games} == {"fultiples", "four_in_a_row", "multiplin", "stepping_divisors"}
    assert all("House rule" in g["rules_summary"] or "house rule" in g["rules_summary"].lower() for g in games)


def test_resigning_answers_what_its_schema_says_and_the_match_stays_in_the_history(world):
    from drf_spectacular.generators import SchemaGenerator

    ana, ben = client_for(world["ana"].user), client_for(world["ben"].user)
    url = f"/api/assignments/{world['assignment'].pk}/quick-match/"
    ana.post(url)
    match_id = ben.post(url).json()["match"]["id"]
    resigned = ana.post(f"/api/matches/{match_id}/resign/")
    assert resigned.status_code == 200
    schema = SchemaGenerator().get_schema(request=None, public=True)
    declared = schema["paths"]["/api/matches/{match_id}/resign/"]["post"]["responses"]
    assert [status for status in declared if status.startswith("2")] == ["200"]
    component = declared["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert set(resigned.json()) == set(schema["components"]["schemas"][component]["properties"]) == {"match"}
    assert resigned.json()["match"]["seats"][0]["user_id"] is None  # the seat is the computer's now
    teacher = client_for(world["owner"])
    teacher.post(f"/api/matches/{match_id}/end/")
    (row,) = ana.get("/api/my/matches/").json()
    assert (row["id"], row["my_seat"], row["left"], row["won"]) == (match_id, 0, True, False)
    assert ben.get("/api/my/matches/").json()[0]["left"] is False


def test_each_match_command_declares_the_status_it_answers(world):
    from drf_spectacular.generators import SchemaGenerator

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    declared = {command: [status for status in paths[f"/api/matches/{{match_id}}/{command}/"]["post"]["responses"]
                          if status.startswith("2")]
                for command in ("start", "leave", "resign", "rematch", "take-back", "end")}
    assert declared == {"start": ["200"], "leave": ["204"], "resign": ["200"], "rematch": ["201"],
                        "take-back": ["200"], "end": ["200"]}
