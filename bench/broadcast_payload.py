"""What a Fultiples move's broadcast costs to write for Redis and to read back: the channel layer's payload
(JSON by orjson, msgpack where JSON would not carry a value) against msgpack alone, which it used before.

    .venv/bin/python bench/broadcast_payload.py [--moves 20] [--repeat 3000]

The message is built as a socket's move builds it, with no database: a 10x10 Fultiples match of two
students, `moves` moves in, its change message (every seat's view and the spectators', the events, the
match's description) with the match's rows attached for the other processes (`kept_matches.attach`). The
table gives this process's CPU time per message (`time.process_time`) and the payload's size.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def fultiples_message(moves: int) -> dict:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.utils import timezone

    from classroom.models import User
    from games.engines import get_engine
    from games.models import Match, Seat
    from games.realtime import kept_matches
    from games.services.broadcast import change_message

    engine = get_engine("fultiples")
    state, now, events = engine.setup(2, {"rows": 10, "cols": 10}, seed=7, now_ms=0), 1000, []
    for _ in range(moves):
        outcome = engine.apply(state, state["turn"], engine.legal_actions(state, state["turn"])[0], now)
        state, events, now = outcome.state, outcome.events, now + 1500
    match = Match(pk=41, game="fultiples", kind="class", status=Match.Status.ACTIVE, players=2, seed=7,
                  options={"rows": 10, "cols": 10}, state=state, version=moves, classroom_id=3, host_id=11,
                  created_at=timezone.now(), started_at=timezone.now(), behind_ms=0)
    seats = [Seat(pk=100 + index, match_id=41, index=index, user_id=11 + index, last_active_ms=now)
             for index in range(2)]
    for seat, name in zip(seats, ("Ana L.", "Ben K."), strict=True):
        seat.user, seat.user_name = User(pk=seat.user_id, name=name), name
    match.use_seats(seats)
    match.assignment_idle_takeover_s, match.assignment_hints = 60, False
    message = change_message(match, events)
    kept_matches.attach(message, match, "123456")
    return message


def per_call(function, repeat: int) -> float:
    started = time.process_time()
    for _ in range(repeat):
        function()
    return (time.process_time() - started) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3000)
    args = parser.parse_args()
    import msgpack

    from games.realtime.channel_layer import _packed, _unpacked

    value = ["match.41", fultiples_message(args.moves)]
    old = msgpack.packb(value, use_bin_type=True)
    new = _packed(value)
    assert _unpacked(memoryview(new)) == msgpack.unpackb(old, raw=False)
    rows = [("msgpack (before)", len(old), lambda: msgpack.packb(value, use_bin_type=True),
             lambda: msgpack.unpackb(old, raw=False)),
            ("the layer's payload", len(new), lambda: _packed(value), lambda: _unpacked(memoryview(new)))]
    print(f"A Fultiples broadcast after {args.moves} moves; CPU per message, median of 5 rounds of {args.repeat}.\n")
    print("| payload | bytes | write µs | read µs |")
    print("|---|---:|---:|---:|")
    for name, size, write, read in rows:
        written = statistics.median(per_call(write, args.repeat) for _ in range(5))
        read_back = statistics.median(per_call(read, args.repeat) for _ in range(5))
        print(f"| {name} | {size:,} | {written:.1f} | {read_back:.1f} |")


if __name__ == "__main__":
    main()
