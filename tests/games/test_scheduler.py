"""The scheduler: one match that fails to advance does not stop the others' clocks, and a sweep that fails
does not stop the scheduler."""

import asyncio

import pytest

from games.models import Match, Move
from games.realtime import scheduler
from games.services import moves
from games.services.matches import match_quick

pytestmark = pytest.mark.django_db


class Broken(Exception):
    pass


def timed_matches(make_assignment, pupils, fake_clock, count: int) -> list[Match]:
    assignment = make_assignment("four_in_a_row", options={"time_limit_s": 5})
    matches = []
    for ana, ben in zip(pupils[0:2 * count:2], pupils[1:2 * count:2], strict=True):
        match_quick(user=ana.user, assignment_id=assignment.pk)
        matches.append(match_quick(user=ben.user, assignment_id=assignment.pk))
        fake_clock.advance(1)  # each match due a millisecond after the one before: the sweep's order
    return matches


def test_one_matchs_error_does_not_stop_the_others(make_assignment, pupils, fake_clock, monkeypatch, caplog):
    matches = timed_matches(make_assignment, pupils, fake_clock, 2)
    broken = matches[0].pk  # the first due: the sweep meets it first
    real_advance = moves.match_advance

    def advance(*, match_id: int) -> int:
        if match_id == broken:
            raise Broken("this match's state cannot be read")
        return real_advance(match_id=match_id)

    monkeypatch.setattr(moves, "match_advance", advance)
    fake_clock.advance(5_000)  # both turns' deadlines have passed
    assert scheduler.run_due() == 1
    assert Move.objects.filter(match=matches[1], source=Move.Source.TIMER).count() == 1
    assert not Move.objects.filter(match=matches[0], source=Move.Source.TIMER).exists()
    (record,) = [r for r in caplog.records if r.name == "games.realtime.scheduler"]
    assert record.getMessage() == f"advancing match {broken} failed"
    assert isinstance(record.exc_info[1], Broken)


@pytest.mark.asyncio
async def test_a_sweep_that_fails_does_not_stop_the_scheduler(monkeypatch, settings, caplog):
    settings.MATCH_SCHEDULER_INTERVAL_MS = 1
    sweeps: list[int] = []
    swept_again = asyncio.Event()

    def run_due() -> int:
        sweeps.append(1)
        if len(sweeps) == 1:
            raise Broken("the database went away for a moment")
        swept_again.set()
        return 0

    monkeypatch.setattr(scheduler, "run_due", run_due)
    scheduler.ensure_running()
    try:
        await asyncio.wait_for(swept_again.wait(), timeout=10)
    finally:
        await scheduler.stop()
    assert any(r.getMessage() == "scheduler sweep failed" for r in caplog.records)
