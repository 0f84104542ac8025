"""The cache with Redis away (config/tolerant_cache.py): an empty cache and skipped writes, never an error;
one warning when Redis is lost and one when it answers again."""

import logging

import pytest

from config.tolerant_cache import OUTAGE, TolerantRedisCache
from tests.own_redis import OwnRedis

pytestmark = pytest.mark.services


@pytest.fixture
def own_redis(tmp_path):
    own = OwnRedis(tmp_path)
    yield own
    own.stop()


def test_an_unreachable_redis_is_an_empty_cache_and_is_logged_once_each_way(own_redis, caplog):
    cache = TolerantRedisCache(own_redis.url, {"OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}})
    cache.set("seen", 1)
    assert cache.get("seen") == 1
    own_redis.stop()
    with caplog.at_level(logging.WARNING, logger="config.tolerant_cache"):
        for _ in range(50):  # a lesson's worth of calls while it is away
            assert cache.get("seen", "missing") == "missing"
            cache.set("seen", 2)
            assert cache.add("counter", 0) is True
            assert cache.incr("counter") == 1
            assert cache.get_many(["seen", "counter"]) == {}
            cache.delete("seen")
        own_redis.start()
        cache.set("seen", 3)
        assert cache.get("seen") == 3
    lines = [record.getMessage() for record in caplog.records if record.name == "config.tolerant_cache"]
    assert len(lines) == 2, lines
    assert "unreachable" in lines[0]
    assert "answers again" in lines[1]
    assert not any(record.exc_info for record in caplog.records)
    assert not OUTAGE.down
