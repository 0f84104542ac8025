"""Importing the settings creates nothing on disk; a process that starts creates what it writes to."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def clean_env(var_dir: Path) -> dict:
    env = {key: value for key, value in os.environ.items()
           if key not in {"DATABASE_URL", "REDIS_URL", "SQLITE_PATH", "MEDIA_ROOT"}}
    return {**env, "VAR_DIR": str(var_dir), "DJANGO_SETTINGS_MODULE": "config.settings"}


def test_importing_the_settings_creates_no_directory(tmp_path):
    var_dir = tmp_path / "var"
    subprocess.run([sys.executable, "-c", "import config.settings, django.conf; django.conf.settings.INSTALLED_APPS"],
                   cwd=ROOT, env=clean_env(var_dir), check=True, timeout=60)
    assert list(tmp_path.iterdir()) == []


def test_setting_django_up_creates_no_directory_either(tmp_path):
    var_dir = tmp_path / "var"
    subprocess.run([sys.executable, "-c", "import django; django.setup()"], cwd=ROOT, env=clean_env(var_dir),
                   check=True, timeout=60)
    assert list(tmp_path.iterdir()) == []


def test_manage_py_creates_the_database_and_broker_folders_it_needs(tmp_path):
    var_dir = tmp_path / "var"
    subprocess.run([sys.executable, "manage.py", "check", "--database", "default"], cwd=ROOT,
                   env=clean_env(var_dir), check=True, timeout=120, capture_output=True)
    for folder in ("broker/in", "broker/processed", "broker/control", "static"):
        assert (var_dir / folder).is_dir(), folder
