"""The frontend's ESLint gate cannot silently vanish: `make lint` runs `npm run lint`, and that script
fails on a broken rule of hooks, a missing effect dependency (a warning, failed by --max-warnings 0)
and an image without a text alternative, while it passes the same code written correctly.

Each fixture in tests/frontend_lint/ is linted as if it were a file in frontend/src/, with the
project's own config (frontend/eslint.config.js), through the same npm script `make lint` runs."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FRONTEND = ROOT / "frontend"
FIXTURES = Path(__file__).resolve().parent / "frontend_lint"


def npm_lint(fixture: str) -> subprocess.CompletedProcess[str]:
    npm = shutil.which("npm")
    assert npm, "npm is needed to lint the frontend (make install sets it up)"
    assert (FRONTEND / "node_modules" / ".bin" / "eslint").exists(), "run `make install` first: ESLint is not installed"
    return subprocess.run(
        [npm, "run", "--silent", "lint", "--", "--stdin", "--stdin-filename", f"src/lint_probe/{fixture}"],
        cwd=FRONTEND, input=(FIXTURES / fixture).read_text(), capture_output=True, text=True, timeout=120,
    )


@pytest.mark.parametrize(("fixture", "rule"), [
    ("conditional_hook.tsx", "react-hooks/rules-of-hooks"),
    ("missing_dependency.tsx", "react-hooks/exhaustive-deps"),
    ("image_without_alt.tsx", "jsx-a11y/alt-text"),
])
def test_the_lint_step_fails_on_a_broken_rule(fixture, rule):
    result = npm_lint(fixture)
    assert result.returncode != 0, result.stdout + result.stderr
    assert rule in result.stdout, result.stdout + result.stderr


def test_the_lint_step_passes_the_same_code_written_correctly():
    result = npm_lint("clean.tsx")
    assert result.returncode == 0, result.stdout + result.stderr


def test_make_lint_runs_the_frontend_lint_script():
    plan = subprocess.run(["make", "-n", "lint"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert plan.returncode == 0, plan.stderr
    assert "cd frontend && npm run --silent lint" in plan.stdout
    assert '"lint": "eslint --max-warnings 0 ."' in (FRONTEND / "package.json").read_text()
