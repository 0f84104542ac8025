"""The production guard refuses a missing, short or placeholder SECRET_KEY, docker-compose.yml's default included."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def compose_default_key() -> str:
    match = re.search(r"SECRET_KEY: \$\{SECRET_KEY:-([^}]+)\}", (ROOT / "docker-compose.yml").read_text())
    assert match, "docker-compose.yml no longer gives SECRET_KEY a default: update this test"
    return match.group(1)


def import_settings(**env: str) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if key not in ("SECRET_KEY", "DEBUG")}
    environment.update({"PRODUCTION": "1", **env})
    return subprocess.run([sys.executable, "-c", "import config.settings"], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("key", [None, "short", "insecure-development-key-change-me", "x" * 40 + "change-me"])
def test_production_refuses_a_weak_or_placeholder_key(key):
    result = import_settings(**({} if key is None else {"SECRET_KEY": key}))
    assert result.returncode != 0
    assert "SECRET_KEY must be set in production" in result.stderr


def test_the_compose_files_default_key_does_not_pass():
    result = import_settings(SECRET_KEY=compose_default_key())
    assert result.returncode != 0
    assert "SECRET_KEY must be set in production" in result.stderr


def test_a_real_key_passes():
    result = import_settings(SECRET_KEY="k3Jx9-qP2vLr8sT1uW4yZ7aB0cD5eF6gH-iJ")
    assert result.returncode == 0, result.stderr
