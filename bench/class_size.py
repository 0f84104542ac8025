"""What grows with a class: the figures behind the class-size limit (docs/security.md, "Class size").

For classes of 35, 200 (the limit) and 1,000 students, on a fresh database: adding the names by paste,
making every child's login card (the export job: issuing the cards and drawing one PDF), and building
the class report (the report job) with no games played yet. The jobs run in this process, as a worker
would run them. SQLite in a temporary folder unless --admin-url names PostgreSQL.

    .venv/bin/python bench/class_size.py [--sizes 35,200,1000] [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="35,200,1000")
    parser.add_argument("--admin-url", default="", help="PostgreSQL to create a fresh database on")
    args = parser.parse_args()
    var_dir = tempfile.mkdtemp(prefix="mpg-bench-class-")
    os.environ.update({"VAR_DIR": var_dir, "DJANGO_SETTINGS_MODULE": "config.settings"})
    os.environ.pop("REDIS_URL", None)
    drop = None
    if args.admin_url:
        import psycopg

        name = f"mpg_bench_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(args.admin_url, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        os.environ["DATABASE_URL"] = urlunsplit(urlsplit(args.admin_url)._replace(path=f"/{name}"))

        def drop() -> None:
            with psycopg.connect(args.admin_url, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    else:
        os.environ.pop("DATABASE_URL", None)
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, check=True)
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        run([int(size) for size in args.sizes.split(",")])
    finally:
        if drop is not None:
            from django.db import connections

            connections.close_all()
            drop()
        shutil.rmtree(var_dir, ignore_errors=True)


def run(sizes: list[int]) -> None:
    from django.core.files.storage import default_storage

    from classroom import roster, services
    from classroom.models import User
    from games.services import exports, report_snapshots
    from games.services.export_build import export_build

    roster.MAX_CLASS_SIZE = max(sizes)  # measure past the limit too
    teacher = User.objects.create(username=f"bench-{uuid.uuid4().hex}", role=User.Role.TEACHER, name="Bench")
    print(f"{'students':>8} | {'paste':>7} | {'cards job':>9} | {'PDF size':>8} | {'report job':>10}")
    for size in sizes:
        classroom = services.classroom_create(teacher=teacher, name=f"{size} students")
        names = "\n".join(f"Child{i} Family{i}" for i in range(size))
        start = time.perf_counter()
        services.students_add_names(classroom=classroom, text=names)
        paste = time.perf_counter() - start
        students = services.cards_to_print(classroom=classroom, student_ids=None)
        export = exports.export_cards_pdf(owner=teacher, classroom=classroom, students=students,
                                          site_url="http://127.0.0.1:8000")
        start = time.perf_counter()
        made = export_build(export_id=export.pk)
        cards = time.perf_counter() - start
        assert made.status == "done", made.error
        pdf_kb = default_storage.size(made.file.name) // 1024
        report = report_snapshots.snapshot_request(classroom=classroom, period="7d")
        start = time.perf_counter()
        report_snapshots.snapshot_build(report_id=report.pk)
        build = time.perf_counter() - start
        print(f"{size:>8} | {paste:>6.2f}s | {cards:>8.2f}s | {pdf_kb:>5} KB | {build:>9.2f}s")


if __name__ == "__main__":
    main()
