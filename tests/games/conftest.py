import pytest

from games.services.assignments import assignment_create
from tests.factories import StudentFactory


class FakeClock:
    def __init__(self, start: int = 1_700_000_000_000) -> None:
        self.now = start

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> int:
        self.now += ms
        return self.now


@pytest.fixture
def fake_clock(monkeypatch):
    clock = FakeClock()
    monkeypatch.setattr("games.clock.now_ms", clock)
    return clock


@pytest.fixture
def pupils(classroom):
    return [StudentFactory(classroom=classroom, first_name=name) for name in ("Ana", "Ben", "Cy", "Di")]


@pytest.fixture
def make_assignment(classroom):
    def make(game="fultiples", **kwargs):
        return assignment_create(classroom=classroom, game=game, **kwargs)

    return make
