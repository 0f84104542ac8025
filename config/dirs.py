"""The folders under VAR_DIR that a process writes to, created when a process starts rather than
when the settings are imported (a test, a build step or a read-only check creates nothing)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings


def var_dirs() -> list[Path]:
    """VAR_DIR, the SQLite file's folder, the filesystem broker's folders and STATIC_ROOT."""
    folders = [Path(settings.VAR_DIR), Path(settings.STATIC_ROOT)]
    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3") and str(database["NAME"]) != ":memory:":
        folders.append(Path(database["NAME"]).parent)
    if str(settings.CELERY_BROKER_URL).startswith("filesystem://"):
        options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
        folders += [Path(options[key]) for key in ("data_folder_in", "data_folder_out", "processed_folder",
                                                   "control_folder") if options.get(key)]
    return list(dict.fromkeys(folders))


def ensure_var_dirs() -> None:
    for folder in var_dirs():
        folder.mkdir(parents=True, exist_ok=True)
