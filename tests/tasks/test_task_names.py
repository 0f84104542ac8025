"""Services send tasks by name (games/services/enqueue.py): every name must be a task the worker has."""

import pytest
from django.db import transaction

from games.services import enqueue


def registered_tasks() -> set[str]:
    from config.celery import app

    app.loader.import_default_modules()
    return set(app.tasks)


def test_every_name_the_services_send_is_a_registered_task():
    assert set(enqueue.TASK_NAMES) <= registered_tasks()


def test_every_scheduled_task_is_a_registered_task(settings):
    assert {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()} <= registered_tasks()


def test_an_unknown_name_is_refused_before_anything_is_sent():
    with pytest.raises(ValueError, match="Unknown task"):
        enqueue.enqueue_on_commit("games.tasks.no_such_task", 1)


@pytest.mark.django_db(transaction=True)
def test_a_task_is_sent_only_when_the_transaction_commits(monkeypatch):
    from config.celery import app

    sent = []
    monkeypatch.setattr(app, "send_task", lambda name, args: sent.append((name, args)))
    with transaction.atomic():
        enqueue.enqueue_on_commit(enqueue.BUILD_REPORT, 7)
        assert sent == []
    assert sent == [(enqueue.BUILD_REPORT, [7])]
    try:
        with transaction.atomic():
            enqueue.enqueue_on_commit(enqueue.BUILD_REPORT, 8)
            raise RuntimeError("rolled back")
    except RuntimeError:
        pass
    assert sent == [(enqueue.BUILD_REPORT, [7])]
