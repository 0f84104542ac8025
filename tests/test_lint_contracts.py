"""The layer contracts (pyproject.toml, [tool.importlinter]) bind: a copy of the project with one wrong import
fails `lint-imports`, naming the broken contract, and the project as it is passes."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["games", "classroom", "api", "config"]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

WRONG_IMPORTS = [
    ("games/engines/fultiples.py", "import django.db", "Engines are pure"),
    ("games/engines/base.py", "from games import models", "Engines are pure"),
    ("games/bots/__init__.py", "import classroom.models", "Bots use only the engines"),
    ("games/services/moves.py", "import api.errors", "Domain does not depend on the API shell"),
    ("games/services/matches.py", "from games.realtime import consumers", "do not depend on the socket layer"),
    ("games/services/batches.py", "from games.tasks import generate_batch", "no import circle"),
    ("games/services/reports.py", "import games.tasks", "no import circle"),
    ("api/batches.py", "from games.grid_pdf import render_batch_pdf", "The API never renders a PDF"),
    ("api/classes.py", "from classroom.cards import render_cards_pdf", "The API never renders a PDF"),
    ("api/reports.py", "from games.services.export_build import export_build", "The API never renders a PDF"),
    ("api/reports.py", "from games.reports.queries import fact_table", "only through services, selectors"),
    ("games/realtime/consumers.py", "from games.engines import get_engine", "only through services, selectors"),
    ("games/tasks.py", "from classroom import roster", "only through services, selectors"),
    ("classroom/services.py", "from games.services import demo", "Classroom never imports games"),
    ("classroom/models.py", "import games.models", "Classroom never imports games"),
    # The circle issue 33 removed: focus took the RNG from base while base used focus.
    ("games/engines/focus.py", "from games.engines.base import Rng", "No import circles"),
    ("classroom/models.py", "from classroom import services", "No import circles"),
]


def lint(tree: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT_IMPORTS), "--config", str(tree / "pyproject.toml"), "--no-cache"], cwd=tree,
                          env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                          timeout=120)


@pytest.fixture(scope="module")
def project_copy(tmp_path_factory) -> Path:
    tree = tmp_path_factory.mktemp("lint")
    shutil.copy(ROOT / "pyproject.toml", tree)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tree / package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return tree


def test_the_project_keeps_every_contract(project_copy):
    result = lint(project_copy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(("path", "wrong", "contract"), WRONG_IMPORTS)
def test_one_wrong_import_breaks_its_contract(project_copy, path, wrong, contract):
    module = project_copy / path
    kept = module.read_text()
    module.write_text(f"{wrong}  # noqa\n{kept}")
    try:
        result = lint(project_copy)
    finally:
        module.write_text(kept)
    assert result.returncode != 0
    broken = [line for line in result.stdout.splitlines() if " BROKEN" in line]  # "BROKEN (2 ignored imports)"
    assert any(contract in line for line in broken), result.stdout
