"""Report and grid-batch speed on PostgreSQL.

Loads 1,000,000 attempts (30 classes of 30 students) into a fresh PostgreSQL database, times the
report pages as of now (a class's in each period, a student's, all my classes, a child's progress: the
service code the API calls), the nightly snapshot job, prints the key lines of the query plans, then times
a batch of 5,000 Fultiples grids end to end.

    .venv/bin/python bench/reports.py [--attempts 1000000] [--classes 30] [--admin-url postgres://...]

Targets: class report <= 2 s, student report <= 200 ms, 5,000 grids <= 10 s. Over 10,000,000 attempts
in 300 classes (--attempts 10000000 --classes 300): all my classes <= 1 s, a class report <= 300 ms,
a student page <= 50 ms.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.calibration import calibration_line  # noqa: E402 (after the path above)

STUDENTS = 30
CLASSES = 30  # --classes
NULL = "\\N"  # COPY's text format


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=1_000_000)
    parser.add_argument("--admin-url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--classes", type=int, default=CLASSES)
    parser.add_argument("--no-batch", action="store_true", help="skip the grid-batch timing")
    args = parser.parse_args()
    globals()["CLASSES"] = args.classes
    print(calibration_line())

    import psycopg

    name = f"mpg_bench_{uuid.uuid4().hex[:8]}"
    parts = urlsplit(args.admin_url)
    url = urlunsplit(parts._replace(path=f"/{name}"))
    with psycopg.connect(args.admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        os.environ.update({"DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings"})
        os.environ.pop("REDIS_URL", None)
        subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, check=True)
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        run(args, url)
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(args.admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run(args, url: str) -> None:
    from django.utils import timezone

    from games import tasks

    # The services' jobs are timed here in this process; nothing goes to a broker.
    tasks.generate_batch.delay = tasks.build_report.delay = lambda *args, **kwargs: None

    from classroom.models import Student, User
    from games.reports.queries import Scope
    from games.services.report_snapshots import snapshot_build, snapshot_request
    from games.services.reports import my_progress, report_all_classes, report_now

    classrooms, students = load(args.attempts, url)
    classroom = classrooms[0]
    start, end = timezone.now() - timedelta(days=30), timezone.now() + timedelta(seconds=1)

    # The targets over 10,000,000 attempts; below that, the older ones for 1,000,000.
    big = args.attempts >= 10_000_000
    print(f"\nreport pages as of now (games.services.reports), over {args.repeat} runs (median, min, max):")
    for period in ("30d", "7d", "all", "live"):
        report(f"class report, {period} (class of {STUDENTS}, ~{args.attempts // CLASSES:,} attempts in all)",
               timed(lambda period=period: report_now(classroom=classroom, period=period), args.repeat),
               300 if big else 2000)
    student_user = students[classroom.pk][0]
    student = Student.objects.get(user_id=student_user)
    report(f"student report, 30d (~{args.attempts // (CLASSES * STUDENTS):,} attempts in all)",
           timed(lambda: report_now(classroom=classroom, student=student, period="30d"), args.repeat),
           50 if big else 200)
    teacher = User.objects.get(username="bench@x.test")
    report(f"all my classes, 30d ({CLASSES} classes, one grid and each class beside the others)",
           timed(lambda: report_all_classes(teacher=teacher, period="30d"), args.repeat), 1000)
    report("a student's own progress page", timed(lambda: my_progress(user=student.user), args.repeat), 50)
    full = timed(lambda: snapshot_build(report_id=snapshot_request(classroom=classroom, period="30d").pk), 1)
    report(f"nightly snapshot job: class + {STUDENTS} student reports", full, None)
    explain(Scope(classroom_id=classroom.pk, start=start, end=end), "class fact table")
    explain(Scope(classroom_id=classroom.pk, start=start, end=end, student_user_id=student_user), "student fact table")
    if not args.no_batch:
        batch_timing()


def load(count: int, url: str):
    """Teachers, classes, students, one match per class, and `count` attempts through COPY."""
    import psycopg
    from django.contrib.auth.hashers import make_password

    from classroom.models import Classroom, Student, User
    from games.models import Match
    from games.reports.mistakes import classify

    started = time.perf_counter()
    teacher = User.objects.create(username="bench@x.test", email="bench@x.test", role="teacher",
                                  password=make_password(None))
    classrooms, students, matches = [], {}, {}
    for number in range(CLASSES):
        classroom = Classroom.objects.create(teacher=teacher, name=f"Class {number}", join_code=f"B{number:05d}")
        users = User.objects.bulk_create([User(username=f"s-{number}-{i}", role="student", name=f"Kid {i}",
                                               password="!") for i in range(STUDENTS)])
        Student.objects.bulk_create([Student(user=u, classroom=classroom, first_name=f"Kid{i}",
                                             display_name=f"Kid {i}") for i, u in enumerate(users)])
        matches[classroom.pk] = Match.objects.create(classroom=classroom, game="four_in_a_row", players=2, seed=1,
                                                     status="finished").pk
        classrooms.append(classroom)
        students[classroom.pk] = [u.pk for u in users]
    rng = random.Random(7)
    now = datetime.now(UTC)
    buffer = io.StringIO()
    kinds = ["multiply"] * 6 + ["factor_pair"] * 3 + ["divisor"]
    for _ in range(count):
        classroom = rng.choice(classrooms)
        student = rng.choice(students[classroom.pk])
        kind = rng.choice(kinds)
        a, b = rng.randint(1, 10), rng.randint(1, 10)
        correct = rng.random() < 0.8
        answer = a * b if correct else a * b + rng.choice([-b, b, -1, 1, a + b - a * b])
        answer = answer if kind == "multiply" else None
        fact = f"{min(a, b)}\t{max(a, b)}" if (correct or kind == "multiply") else NULL + "\t" + NULL
        mistake = classify(kind, a, b, answer, correct)
        created = now - timedelta(seconds=rng.randint(0, 40 * 86400))
        buffer.write(f"{student}\t{classroom.pk}\t{matches[classroom.pk]}\tfour_in_a_row\t{kind}\t{a}\t{b}\t"
                     f"{NULL if answer is None else answer}\t{'t' if correct else 'f'}\t{rng.randint(500, 9000)}\t"
                     f"{fact}\t{mistake}\t{created.isoformat()}\n")
    with psycopg.connect(url) as connection, connection.cursor() as cursor:
        with cursor.copy("COPY games_attempt (student_id, classroom_id, match_id, game, kind, a, b, answer, correct,"
                         " think_ms, fact_a, fact_b, mistake_type, created_at) FROM STDIN") as copy:
            copy.write(buffer.getvalue())
        cursor.execute("ANALYZE games_attempt")
    print(f"loaded {count:,} attempts in {CLASSES} classes of {STUDENTS} in {time.perf_counter() - started:.1f} s")
    from games.services.tallies import tally_rebuild

    started = time.perf_counter()
    rows = tally_rebuild(classroom_ids=[classroom.pk for classroom in classrooms])
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("VACUUM ANALYZE games_attempt")  # as autovacuum would: index-only scans
        connection.execute("VACUUM ANALYZE games_facttally")
    print(f"counted them into {rows:,} class tallies (games.services.tallies.tally_rebuild, which the moves keep "
          f"up to date as they are played) and vacuumed in {time.perf_counter() - started:.1f} s")
    return classrooms, students


def timed(work, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return times


def report(label: str, times: list[float], target_ms: float | None) -> None:
    met = target_ms is not None and statistics.median(times) <= target_ms
    verdict = "" if target_ms is None else f"  (target <= {target_ms} ms: {'met' if met else 'MISSED'})"
    print(f"  {label}: {statistics.median(times):,.0f} ms  [{min(times):,.0f} .. {max(times):,.0f}]{verdict}")


def explain(scope, label: str) -> None:
    from django.db import connection

    from games.models import Attempt

    where, params = scope.where_sql()
    sql = (f"EXPLAIN (ANALYZE, BUFFERS) SELECT fact_a, fact_b, COUNT(*) FROM {Attempt._meta.db_table} "
           f"WHERE {where} GROUP BY fact_a, fact_b")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        lines = [row[0] for row in cursor.fetchall()]
    keep = [line for line in lines if any(word in line for word in ("Scan", "Aggregate", "Execution Time", "Sort"))]
    print(f"\nquery plan, {label}:")
    for line in keep[:8]:
        print("  " + line.strip())


def batch_timing() -> None:
    from classroom.models import User
    from games.services import batches

    teacher = User.objects.get(username="bench@x.test")
    started = time.perf_counter()
    batch = batches.batch_create(teacher=teacher, count=5000, level="intermediate")
    batches.batch_generate(batch_id=batch.pk)
    elapsed = time.perf_counter() - started
    print(f"\n5,000 grids end to end (create, generate in chunks, store): {elapsed:.2f} s "
          f"(target <= 10 s: {'met' if elapsed <= 10 else 'MISSED'})")


if __name__ == "__main__":
    main()
