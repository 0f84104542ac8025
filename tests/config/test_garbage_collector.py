"""config.asgi.settle_garbage_collector: what a server process does to the collector when it starts."""

import gc

import pytest

from config import asgi


@pytest.fixture
def collector_restored():
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_startup_objects_are_frozen_and_collections_come_less_often(collector_restored):
    gc.unfreeze()
    middle = gc.get_threshold()[1]
    asgi.settle_garbage_collector()
    assert gc.get_freeze_count() > 1000  # Django, the project, the engines: out of every scan
    assert gc.get_threshold() == (asgi.YOUNG_THRESHOLD, middle, 1000)
    assert asgi.YOUNG_THRESHOLD > 700  # more than Python's default: fewer young collections a move
