"""Run the test suites N times in a row and count the runs that failed: for hunting flaky tests.

    make test-repeat N=5 [SUITES="python e2e frontend"] [PYTEST_ARGS=...]

Each pytest run gets a fresh seed (printed, and passed as `--seed`, so a failing run replays with
`make test-python PYTEST_ARGS='--seed N'`). Every run's output is kept in var/test-repeat/. Exits 1
when any run failed.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shlex
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOGS = Path(os.environ.get("VAR_DIR", ROOT / "var")) / "test-repeat"
SUITES = {
    "python": ["-m", "not e2e"],
    "e2e": ["-m", "e2e"],
}
FAILED_LINE = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)


def command_for(suite: str, seed: int, pytest_args: list[str]) -> tuple[list[str], Path]:
    if suite == "frontend":
        return ["npm", "test", "--silent"], ROOT / "frontend"
    return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *SUITES[suite],
            "--seed", str(seed), *pytest_args], ROOT


def run_once(suite: str, number: int, total: int, pytest_args: list[str]) -> tuple[bool, list[str]]:
    seed = secrets.randbelow(2**32)
    command, cwd = command_for(suite, seed, pytest_args)
    log = LOGS / f"{suite}-{number}.log"
    started = time.monotonic()
    with log.open("w") as out:
        code = subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, check=False).returncode
    text = log.read_text(errors="replace")
    failed = FAILED_LINE.findall(text)
    seconds = time.monotonic() - started
    where = f"seed {seed}, " if suite != "frontend" else ""
    if code == 0:
        print(f"{suite} run {number}/{total}: passed ({where}{seconds:.0f} s)", flush=True)
    else:
        print(f"{suite} run {number}/{total}: FAILED (exit {code}, {where}{seconds:.0f} s, log {log})", flush=True)
        for name in failed or ["(no test named: see the log)"]:
            print(f"    {name}", flush=True)
    return code == 0, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--runs", type=int, default=5)
    parser.add_argument("--suites", default="python e2e frontend",
                        help="any of: python (pytest without the browser tests), e2e, frontend (Vitest)")
    parser.add_argument("--pytest-args", default="", help="more arguments for pytest, e.g. a test path")
    options = parser.parse_args()
    suites = options.suites.split()
    unknown = [suite for suite in suites if suite not in (*SUITES, "frontend")]
    if unknown or options.runs < 1:
        parser.error(f"unknown suite {unknown}" if unknown else "--runs must be at least 1")
    LOGS.mkdir(parents=True, exist_ok=True)
    summary: dict[str, tuple[int, Counter]] = {}
    for suite in suites:
        failures, names = 0, Counter()
        for number in range(1, options.runs + 1):
            passed, failed = run_once(suite, number, options.runs, shlex.split(options.pytest_args))
            failures += not passed
            names.update(failed)
        summary[suite] = (failures, names)
    print()
    for suite, (failures, names) in summary.items():
        print(f"{suite}: {failures} of {options.runs} runs failed")
        for name, count in names.most_common():
            print(f"    {count}x {name}")
    return 1 if any(failures for failures, _ in summary.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
