"""The Celery app. Tasks live in each app's tasks.py and stay thin."""

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("multiplayground")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.worker_init.connect
@signals.beat_init.connect
def _make_var_dirs(**_) -> None:
    """The filesystem broker's folders (and the rest of VAR_DIR) exist before the worker reads them."""
    from config.dirs import ensure_var_dirs

    ensure_var_dirs()
