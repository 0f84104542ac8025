"""The services start tasks by name and never import games.tasks: `lint-imports` (in `make lint`)
keeps it so, and these tests show that it would catch a service that imported the tasks again."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
CONTRACT = "The domain never imports the Celery tasks (no import circle)"


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


@pytest.mark.parametrize("importer", ["games/services/batches.py", "games/services/reports.py"])
def test_a_service_that_imports_the_tasks_breaks_the_contract(project_copy, importer):
    module = project_copy / importer
    module.write_text(module.read_text() + "\n\ndef _dispatch_again(pk):\n    from games.tasks import build_report\n"
                      "    build_report.delay(pk)\n")
    result = lint_imports(project_copy)
    assert result.returncode != 0
    assert f"{CONTRACT} BROKEN" in result.stdout, result.stdout
