"""What one move costs the server, without sockets: `match_submit_action` called in a loop.

    .venv/bin/python bench/move_path.py [--matches 20] [--moves 2000] [--profile FILE]

Plays Fultiples matches (10x10, two students) on a fresh PostgreSQL database by calling the one
write path directly, one move at a time, and prints the time per move (median, p95), the
database round trips per move (the queries Django sends, plus BEGIN and COMMIT), and the time
spent building the broadcast (every seat's view). This is the work the socket benchmark
(bench/ws_latency.py) pays for every move on top of the network; the channel layer here is the
in-memory one, so Redis is not counted. Needs PostgreSQL at 127.0.0.1:5432 (user postgres).
"""

from __future__ import annotations

import argparse
import cProfile
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ws_latency import POSTGRES, Environment, choose_cell, create_matches, setup_django


def play(matches: list[dict], moves: int, rng: random.Random, profiler: cProfile.Profile | None) -> dict:
    from django.db import connection

    from classroom.models import User
    from games.engines import get_engine
    from games.models import Match
    from games.services.broadcast import change_message
    from games.services.matches import match_rematch
    from games.services.moves import match_submit_action

    users = {user.pk: user for user in User.objects.filter(pk__in=[u for m in matches for u in m["users"]])}
    engine = get_engine("fultiples")
    current = {index: entry["match_id"] for index, entry in enumerate(matches)}
    times, queries, broadcast_times = [], [], []
    for number in range(moves):
        index = number % len(matches)
        match = Match.objects.get(pk=current[index])
        if match.status != Match.Status.ACTIVE:
            current[index] = match_rematch(user=users[matches[index]["users"][0]], match_id=match.pk).pk
            match = Match.objects.get(pk=current[index])
        seat = engine.view(match.state, None)["to_move"][0]
        user = users[match.seat_list()[seat].user_id]
        view = engine.view(match.state, seat)
        action = {"type": "mark", "cell": choose_cell(view, rng)}
        sent: list[str] = []

        def count(execute, sql, *rest, sent=sent):
            sent.append(sql)
            return execute(sql, *rest)

        with connection.execute_wrapper(count):
            if profiler:
                profiler.enable()
            started = time.perf_counter()
            match_submit_action(match_id=match.pk, user=user, action=action, client_id=f"m{number}")
            times.append(time.perf_counter() - started)
            if profiler:
                profiler.disable()
        queries.append(len(sent) + 2)  # and BEGIN, COMMIT
        match = Match.objects.select_related("assignment").get(pk=match.pk)
        match.seat_list()  # read beforehand, as the move path has its seats and assignment
        started = time.perf_counter()
        change_message(match, [])
        broadcast_times.append(time.perf_counter() - started)
    return {"times": times, "queries": queries, "broadcast": broadcast_times}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--postgres", default=POSTGRES)
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the moves to FILE")
    args = parser.parse_args()
    env = Environment(postgres=args.postgres, redis_db=None, workers=1)
    try:
        env.create_database()
        setup_django(env.django_env())
        matches = create_matches(args.matches, "path")
        rng = random.Random(7)
        play(matches, min(200, args.moves), rng, None)  # warm-up: imports, caches, the pool
        profiler = cProfile.Profile() if args.profile else None
        result = play(matches, args.moves, rng, profiler)
        if profiler:
            profiler.dump_stats(args.profile)
    finally:
        env.close()
    times = sorted(result["times"])
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    print(f"{len(times)} moves in {args.matches} matches, one at a time, PostgreSQL, in-memory channel layer")
    print("| measure | median | p95 |")
    print("|---|---:|---:|")
    print(f"| match_submit_action, ms | {cuts[49] * 1000:.2f} | {cuts[94] * 1000:.2f} |")
    broadcast = statistics.quantiles(result["broadcast"], n=100, method="inclusive")
    print(f"| broadcast message (all views), ms | {broadcast[49] * 1000:.3f} | {broadcast[94] * 1000:.3f} |")
    print(f"| database round trips per move (with BEGIN and COMMIT) | {statistics.median(result['queries']):.0f} "
          f"| {max(result['queries'])} (max) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
