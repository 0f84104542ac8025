"""What one move costs the server, without sockets: `match_submit_action` called in a loop.

    .venv/bin/python bench/move_path.py [--matches 20] [--moves 2000] [--profile FILE] [--socket-path]

With --socket-path, the moves go the way a socket's do on PostgreSQL (`games.realtime.move_path`,
on an event loop, psycopg's async connections), one at a time, and the table gives the CPU time this
process spent on each (`time.process_time`: Python, psycopg, building the broadcast), beside its
wall time; PostgreSQL's own CPU is not in it. Sequential calls make that CPU time the move's own.

Plays Fultiples matches (10x10, two students) on a fresh PostgreSQL database by calling the one
write path directly, one move at a time, and prints the time per move (median, p95), the
database round trips per move (the queries Django sends, plus BEGIN and COMMIT), and the time
spent building the broadcast (every seat's view). This is the work the socket benchmark
(bench/ws_latency.py) pays for every move on top of the network; the channel layer here is the
in-memory one, so Redis is not counted. Needs PostgreSQL at 127.0.0.1:5432 (user postgres).
"""

from __future__ import annotations

import argparse
import asyncio
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
    from games.models import Match
    from games.services.broadcast import change_message
    from games.services.moves import match_submit_action

    users = {user.pk: user for user in User.objects.filter(pk__in=[u for m in matches for u in m["users"]])}
    current = {index: entry["match_id"] for index, entry in enumerate(matches)}
    times, queries, broadcast_times = [], [], []
    for number in range(moves):
        match_id, user_id, action = next_move(matches, current, number, rng)
        user = users[user_id]
        sent: list[str] = []

        def count(execute, sql, *rest, sent=sent):
            sent.append(sql)
            return execute(sql, *rest)

        with connection.execute_wrapper(count):
            if profiler:
                profiler.enable()
            started = time.perf_counter()
            match_submit_action(match_id=match_id, user=user, action=action, client_id=f"m{number}")
            times.append(time.perf_counter() - started)
            if profiler:
                profiler.disable()
        queries.append(len(sent) + 2)  # and BEGIN, COMMIT
        match = Match.objects.select_related("assignment").get(pk=match_id)
        match.seat_list()  # read beforehand, as the move path has its seats and assignment
        started = time.perf_counter()
        change_message(match, [])
        broadcast_times.append(time.perf_counter() - started)
    return {"times": times, "queries": queries, "broadcast": broadcast_times}


def next_move(matches: list[dict], current: dict, number: int, rng: random.Random) -> tuple[int, int, dict]:
    """The match to move in next (a rematch once it is over), whose turn it is, and a legal action."""
    from classroom.models import User
    from games.engines import get_engine
    from games.models import Match
    from games.services.matches import match_rematch

    index = number % len(matches)
    match = Match.objects.get(pk=current[index])
    if match.status != Match.Status.ACTIVE:
        host = User.objects.get(pk=matches[index]["users"][0])
        current[index] = match_rematch(user=host, match_id=match.pk).pk
        match = Match.objects.get(pk=current[index])
    engine = get_engine("fultiples")
    seat = engine.view(match.state, None)["to_move"][0]
    action = {"type": "mark", "cell": choose_cell(engine.view(match.state, seat), rng)}
    return match.pk, match.seat_list()[seat].user_id, action


def play_on_loop(matches: list[dict], moves: int, rng: random.Random, profiler: cProfile.Profile | None) -> dict:
    """`games.realtime.move_path.submit_action`, one move at a time on an event loop: its CPU and wall time."""
    from asgiref.sync import sync_to_async

    from games.realtime import async_db, move_path

    async def run() -> dict:
        current = {index: entry["match_id"] for index, entry in enumerate(matches)}
        cpu, wall = [], []
        for number in range(moves):
            match_id, user_id, action = await sync_to_async(next_move)(matches, current, number, rng)
            if profiler:
                profiler.enable()
            started_cpu, started = time.process_time(), time.perf_counter()
            await move_path.submit_action(match_id=match_id, user_id=user_id, action=action, client_id=f"m{number}")
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started)
            if profiler:
                profiler.disable()
        await async_db.close()
        return {"cpu": cpu, "wall": wall}

    return asyncio.run(run())


def print_socket_path(args: argparse.Namespace, result: dict) -> None:
    print(f"{len(result['cpu'])} moves in {args.matches} matches, one at a time, on an event loop "
          "(games.realtime.move_path), PostgreSQL, in-memory channel layer")
    print("| measure | median | p95 |")
    print("|---|---:|---:|")
    for label, values in (("CPU time of this process per move, ms", result["cpu"]),
                          ("wall time per move, ms", result["wall"])):
        cuts = statistics.quantiles(sorted(values), n=100, method="inclusive")
        print(f"| {label} | {cuts[49] * 1000:.2f} | {cuts[94] * 1000:.2f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--postgres", default=POSTGRES)
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the moves to FILE")
    parser.add_argument("--socket-path", action="store_true",
                        help="the sockets' move path (event loop, async connections): CPU time per move")
    args = parser.parse_args()
    env = Environment(postgres=args.postgres, redis_db=None, workers=1)
    try:
        env.create_database()
        setup_django(env.django_env())
        matches = create_matches(args.matches, "path")
        rng = random.Random(7)
        run = play_on_loop if args.socket_path else play
        run(matches, min(200, args.moves), rng, None)  # warm-up: imports, caches, the pool
        profiler = cProfile.Profile() if args.profile else None
        result = run(matches, args.moves, rng, profiler)
        if profiler:
            profiler.dump_stats(args.profile)
    finally:
        env.close()
    if args.socket_path:
        print_socket_path(args, result)
        return 0
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
