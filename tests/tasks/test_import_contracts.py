"""Contracts `lint-imports` (in `make lint`) keeps: the services start tasks by name and never import
games.tasks; the API never renders a PDF itself. These tests show it would catch either breach."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
CONTRACT = "The domain never imports the Celery tasks (no import circle)"
NO_PDF_IN_VIEWS = "The API never renders a PDF"


def lint_imports(tree: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=tree, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tree)}, timeout=120)


@pytest.fixture
def project_copy(tmp_path) -> Path:
    """The Python packages and pyproject.toml, copied: the probe never touches the real tree."""
    for package in ("api", "classroom", "config", "games"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_contracts_hold_on_the_code_as_it_is(project_copy):
    result = lint_imports(project_copy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{CONTRACT} KEPT" in result.stdout
    assert f"{NO_PDF_IN_VIEWS} KEPT" in result.stdout


@pytest.mark.parametrize("importer", ["games/services/batches.py", "games/services/reports.py"])
def test_a_service_that_imports_the_tasks_breaks_the_contract(project_copy, importer):
    module = project_copy / importer
    module.write_text(module.read_text() + "\n\ndef _dispatch_again(pk):\n    from games.tasks import build_report\n"
                      "    build_report.delay(pk)\n")
    result = lint_imports(project_copy)
    assert result.returncode != 0
    assert f"{CONTRACT} BROKEN" in result.stdout, result.stdout


@pytest.mark.parametrize("renderer", ["from games.grid_pdf import render_batch_pdf",
                                      "from classroom.cards import render_cards_pdf",
                                      "from games.reports.pdf import report_pdf"])
def test_a_view_that_renders_a_pdf_breaks_the_contract(project_copy, renderer):
    view = project_copy / "api" / "batches.py"
    view.write_text(view.read_text() + f"\n{renderer}  # noqa\n")
    result = lint_imports(project_copy)
    assert result.returncode != 0
    assert f"{NO_PDF_IN_VIEWS} BROKEN" in result.stdout, result.stdout
