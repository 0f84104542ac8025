"""The channel layer (games/realtime/channel_layer.py): a group's sockets in the sending process get a
message at once and once; Redis carries it to other processes. Two layer objects stand for two server
processes (each keeps its own state per event loop, as a process does)."""

import asyncio
import itertools
import os
import uuid

import msgpack
import pytest
import redis

from games.realtime import channel_layer
from games.realtime.channel_layer import LocalFirstChannelLayer

pytestmark = [pytest.mark.services, pytest.mark.asyncio]
WAIT = 10  # seconds: generous, for a loaded CI machine


PREFIX = f"test-{uuid.uuid4().hex}"  # the processes of one server share a prefix (settings.REDIS_NAMESPACE)


def process_layer(capacity: int = 100) -> LocalFirstChannelLayer:
    return LocalFirstChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix=PREFIX, capacity=capacity)


async def nothing_more(layer, channel) -> None:
    """Nothing more is waiting on `channel`. Call it after `settled`: a message sent before the marker
    would have been handed over by then, so no wait is needed."""
    assert layer._layer().queues[channel].empty()


async def settled(sender, listener) -> None:
    """Wait until a marker sent by `sender` after everything else has reached `listener`: messages from
    one sender arrive in order, so anything the test sent before it has arrived too (or never will)."""
    marker = await listener.new_channel()
    await listener.group_add("marker", marker)
    await sender.group_send("marker", {"type": "marker"})
    assert (await asyncio.wait_for(listener.receive(marker), WAIT))["type"] == "marker"


async def test_a_group_message_reaches_this_process_once_and_the_other_process_once():
    here, there = process_layer(), process_layer()
    try:
        mine, theirs = await here.new_channel(), await there.new_channel()
        await here.group_add("match.1", mine)
        await there.group_add("match.1", theirs)
        await here.group_send("match.1", {"type": "match.changed", "version": 7})
        assert (await asyncio.wait_for(here.receive(mine), WAIT))["version"] == 7
        assert (await asyncio.wait_for(there.receive(theirs), WAIT))["version"] == 7
        await settled(here, here)  # our own publish came back from Redis by now, and was skipped
        await nothing_more(here, mine)
    finally:
        await here.flush()
        await there.flush()


async def test_a_process_knows_whether_its_last_message_to_a_group_reached_only_itself():
    here, there = process_layer(), process_layer()
    channel = f"{PREFIX}.group.match.50"
    try:
        mine, theirs = await here.new_channel(), await there.new_channel()
        assert not here._layer().alone(channel)  # nothing published yet: not known, so not alone
        await here.group_add("match.50", mine)
        assert here._layer().alone(channel)  # its hello reached only this process's own listener
        await here.group_send("match.50", {"type": "match.changed", "version": 1})
        assert here._layer().alone(channel)
        await there.group_add("match.50", theirs)  # its hello: here publishes again
        assert not here._layer().alone(channel)
        await here.group_send("match.50", {"type": "match.changed", "version": 2})
        assert not here._layer().alone(channel)
        assert (await asyncio.wait_for(there.receive(theirs), WAIT))["version"] == 2
        await there.group_discard("match.50", theirs)
        await here.group_send("match.50", {"type": "match.changed", "version": 3})
        assert here._layer().alone(channel)
        await here.group_discard("match.50", mine)
        assert not here._layer().reach  # forgotten with the group
    finally:
        await here.flush()
        await there.flush()


def published_to(layer, redis_channel: str, monkeypatch) -> list:
    """What this process's loop queues for Redis on `redis_channel` from now on (targets), as it goes."""
    queued = []
    loop_layer = layer._layer()
    queue = loop_layer.queue_publish

    def spy(channel, target, message, sent):
        if channel == redis_channel:
            queued.append(target)
        return queue(channel, target, message, sent)

    monkeypatch.setattr(loop_layer, "queue_publish", spy)
    return queued


async def test_a_process_alone_in_a_group_keeps_quiet_until_another_says_it_listens(monkeypatch):
    """The proxy keeps a match's sockets on one process: its moves need not go through Redis. A socket of
    the match in another process joins: its join returns only once this process publishes again."""
    here, there = process_layer(), process_layer()
    try:
        channel = f"{PREFIX}.group.match.60"
        mine = await here.new_channel()
        await here.group_add("match.60", mine)
        queued = published_to(here, channel, monkeypatch)
        # Its hello on joining reached only itself: nobody else listens.
        await here.group_send("match.60", {"type": "match.changed", "version": 1})
        here.group_send_nowait("match.60", {"type": "match.changed", "version": 2})
        await here.group_send("match.60", {"type": "match.changed", "version": 3})
        assert queued == []
        assert [(await asyncio.wait_for(here.receive(mine), WAIT))["version"] for _ in range(3)] == [1, 2, 3]
        theirs = await there.new_channel()
        await there.group_add("match.60", theirs)
        assert not here._layer().alone(channel)  # already, when the join returns: no window
        here.group_send_nowait("match.60", {"type": "match.changed", "version": 4})
        assert (await asyncio.wait_for(there.receive(theirs), WAIT))["version"] == 4
        assert queued == [channel_layer._ACK, "match.60"]  # the answer to the hello, then 4
        assert (await asyncio.wait_for(here.receive(mine), WAIT))["version"] == 4
        await settled(here, here)
        await nothing_more(here, mine)  # no hello or answer reached a socket
        await nothing_more(there, theirs)
    finally:
        await here.flush()
        await there.flush()


async def test_a_process_keeps_quiet_on_one_count_only_so_long(monkeypatch):
    """A listener that never said hello (a process on older code during a deploy) still hears the newest state
    within QUIET_S."""
    here = process_layer()
    try:
        channel = f"{PREFIX}.group.match.64"
        mine = await here.new_channel()
        await here.group_add("match.64", mine)
        queued = published_to(here, channel, monkeypatch)
        clock = [channel_layer._now()]
        monkeypatch.setattr(channel_layer, "_now", lambda: clock[0])
        await here.group_send("match.64", {"type": "match.changed", "version": 1})
        clock[0] += channel_layer.QUIET_S - 1
        await here.group_send("match.64", {"type": "match.changed", "version": 2})
        assert queued == []
        clock[0] += 1
        await here.group_send("match.64", {"type": "match.changed", "version": 3})
        assert queued == ["match.64"]  # published to count again; reached only itself: quiet again
        await here.group_send("match.64", {"type": "match.changed", "version": 4})
        assert queued == ["match.64"]
    finally:
        await here.flush()


async def test_two_sockets_joining_at_once_both_wait_for_the_hello(monkeypatch):
    """The second socket of a process to join a group (the other child of the match) goes on after the first's
    hello was answered too: either may read the match next."""
    here, there = process_layer(), process_layer()
    try:
        mine = await here.new_channel()
        await here.group_add("match.61", mine)
        assert here._layer().alone(f"{PREFIX}.group.match.61")
        first, second = await there.new_channel(), await there.new_channel()
        await asyncio.wait_for(asyncio.gather(there.group_add("match.61", first), there.group_add("match.61", second)),
                               WAIT)
        assert not here._layer().alone(f"{PREFIX}.group.match.61")
    finally:
        await here.flush()
        await there.flush()


async def test_a_listener_that_never_answers_holds_a_join_up_only_so_long(monkeypatch, caplog):
    """A process of an older version (or any other subscriber) does not answer a hello."""
    monkeypatch.setattr(channel_layer, "HELLO_WAIT_S", 0.3)
    admin = redis.Redis.from_url(os.environ["REDIS_URL"])
    silent = admin.pubsub()
    silent.subscribe(f"{PREFIX}.group.match.62")
    here = process_layer()
    try:
        mine = await here.new_channel()
        await asyncio.wait_for(here.group_add("match.62", mine), WAIT)
        assert "1 of 1 other listeners" in caplog.text
        await here.group_send("match.62", {"type": "match.changed", "version": 1})
        assert not here._layer().alone(f"{PREFIX}.group.match.62")  # the silent one still counts
    finally:
        silent.close()
        admin.close()
        await here.flush()


async def test_a_process_whose_listener_was_cut_publishes_again_and_says_hello_when_back(caplog, monkeypatch):
    here = process_layer()
    try:
        channel = f"{PREFIX}.group.match.63"
        mine = await here.new_channel()
        await here.group_add("match.63", mine)
        assert here._layer().alone(channel)
        queued = published_to(here, channel, monkeypatch)
        cut(f"mpg-listen-{here._layer().origin}")
        async with asyncio.timeout(WAIT):  # the loss is noticed: nothing Redis counted holds now
            while here._layer().listener is not None:
                await asyncio.sleep(0.01)
        assert not here._layer().alone(channel)
        async with asyncio.timeout(WAIT):  # back: a hello, so that anyone who kept quiet meanwhile speaks again
            while channel_layer._HELLO not in queued:
                await asyncio.sleep(0.05)
    finally:
        await here.flush()


async def test_the_sending_process_hands_its_sockets_the_message_before_redis_answers():
    here = process_layer()
    try:
        mine = await here.new_channel()
        await here.group_add("match.2", mine)
        sending = asyncio.ensure_future(here.group_send("match.2", {"type": "match.changed", "version": 1}))
        await asyncio.sleep(0)  # the send has started; Redis has not answered yet
        layer = here._layer()
        assert layer.queues[mine].qsize() == 1
        await asyncio.wait_for(sending, WAIT)
    finally:
        await here.flush()


async def test_a_socket_that_left_the_group_hears_nothing_more_and_the_others_still_do():
    here, there = process_layer(), process_layer()
    try:
        leaving, staying = await there.new_channel(), await there.new_channel()
        for channel in (leaving, staying):
            await there.group_add("match.3", channel)
        await there.group_discard("match.3", leaving)
        await here.group_send("match.3", {"type": "match.changed", "version": 2})
        assert (await asyncio.wait_for(there.receive(staying), WAIT))["version"] == 2
        await settled(here, there)
        await nothing_more(there, leaving)
    finally:
        await here.flush()
        await there.flush()


async def test_send_reaches_one_channel_in_another_process():
    here, there = process_layer(), process_layer()
    try:
        theirs = await there.new_channel()
        await here.send(theirs, {"type": "session.ended"})
        assert (await asyncio.wait_for(there.receive(theirs), WAIT)) == {"type": "session.ended"}
    finally:
        await here.flush()
        await there.flush()


async def test_a_socket_that_falls_behind_loses_the_newest_messages_not_the_process(caplog):
    here = process_layer(capacity=3)
    try:
        slow, other = await here.new_channel(), await here.new_channel()
        await here.group_add("match.4", slow)
        await here.group_add("match.5", other)
        for version in range(5):
            await here.group_send("match.4", {"type": "match.changed", "version": version})
        await here.group_send("match.5", {"type": "match.changed", "version": 0})
        assert [(await here.receive(slow))["version"] for _ in range(3)] == [0, 1, 2]
        assert (await here.receive(other))["version"] == 0
        assert "a message was dropped" in caplog.text
    finally:
        await here.flush()


async def test_a_burst_of_sends_from_many_matches_arrives_complete_and_in_order_per_match():
    here, there = process_layer(), process_layer()
    try:
        channels = {}
        for match in range(30):
            channels[match] = await there.new_channel()
            await there.group_add(f"match.{match}", channels[match])
        await asyncio.gather(*(here.group_send(f"match.{match}", {"type": "match.changed", "version": version})
                               for version in range(10) for match in range(30)))
        for match, channel in channels.items():
            got = [(await asyncio.wait_for(there.receive(channel), WAIT))["version"] for _ in range(10)]
            assert got == list(range(10)), f"match {match}"
    finally:
        await here.flush()
        await there.flush()


async def test_group_send_nowait_hands_this_loops_sockets_the_message_at_once_and_publishes_in_order():
    here, there = process_layer(), process_layer()
    try:
        mine, theirs = await here.new_channel(), await there.new_channel()
        await here.group_add("match.30", mine)
        await there.group_add("match.30", theirs)
        for version in range(20):
            here.group_send_nowait("match.30", {"type": "match.changed", "version": version})
        assert here._layer().queues[mine].qsize() == 20  # before anything was awaited
        got = [(await asyncio.wait_for(there.receive(theirs), WAIT))["version"] for _ in range(20)]
        assert got == list(range(20))
    finally:
        await here.flush()
        await there.flush()


def cut(name_prefix: str) -> int:
    """End the Redis connection whose name starts with this (as a restarted Redis or a network cut would);
    its id."""
    admin = redis.Redis.from_url(os.environ["REDIS_URL"])
    try:
        ids = [client["id"] for client in admin.client_list() if client["name"].startswith(name_prefix)]
        assert len(ids) == 1, ids
        admin.client_kill_filter(_id=ids[0])
        return ids[0]
    finally:
        admin.close()


async def heard_again(sender, listener, channel, group: str, limit_s: float = WAIT, told: list | None = None) -> dict:
    """Send to `group` until `channel` hears it (a message sent while a connection is down is lost). It reads the
    channel's queue as a socket does (games.realtime.inbox): a `receive` cut off by a timeout would drop the
    channel, and a message that came before the next `receive` with it."""
    queue = listener.inbox(channel)
    told = [] if told is None else told
    async with asyncio.timeout(limit_s):
        for attempt in itertools.count():
            await sender.group_send(group, {"type": "match.changed", "version": attempt})
            try:
                while (message := await asyncio.wait_for(queue.get(), 0.5))["type"].startswith("layer."):
                    told.append(message["type"])  # the layer's own word to its sockets, not what was sent
                return message
            except TimeoutError:
                continue


async def test_a_listener_whose_connection_was_cut_connects_again_and_hears_its_groups(caplog):
    here, there = process_layer(), process_layer()
    try:
        theirs = await there.new_channel()
        await there.group_add("match.20", theirs)
        await heard_again(here, there, theirs, "match.20")
        cut(f"mpg-listen-{there._layer().origin}")
        async with asyncio.timeout(WAIT):  # the loss is noticed
            while "the connection to Redis was lost" not in caplog.text:
                await asyncio.sleep(0.05)
        assert (await heard_again(here, there, theirs, "match.20"))["type"] == "match.changed"
        await there.group_discard("match.20", theirs)  # and the new connection unsubscribes too
        admin = redis.Redis.from_url(os.environ["REDIS_URL"])
        assert f"{PREFIX}.group.match.20".encode() not in admin.pubsub_channels()
        admin.close()
    finally:
        await here.flush()
        await there.flush()


async def test_while_the_listener_is_reconnecting_a_socket_may_leave_and_one_may_join(monkeypatch):
    monkeypatch.setattr(channel_layer, "RECONNECT_S", 2)  # the window while it is down, wide enough to act in
    here, there = process_layer(), process_layer()
    try:
        leaving = await there.new_channel()
        await there.group_add("match.22", leaving)
        cut(f"mpg-listen-{there._layer().origin}")
        async with asyncio.timeout(WAIT):
            while there._layer().listener is not None:  # the loss is noticed; the next try is 2 s away
                await asyncio.sleep(0.01)
        await there.group_discard("match.22", leaving)  # no error: nothing to unsubscribe on a lost connection
        joining = await there.new_channel()
        await asyncio.wait_for(there.group_add("match.23", joining), WAIT)  # waits for the new connection
        assert (await heard_again(here, there, joining, "match.23"))["type"] == "match.changed"
        admin = redis.Redis.from_url(os.environ["REDIS_URL"])
        assert f"{PREFIX}.group.match.22".encode() not in admin.pubsub_channels()  # not subscribed again
        admin.close()
    finally:
        await here.flush()
        await there.flush()


async def test_a_publish_whose_connection_was_cut_goes_out_on_a_new_one():
    here, there = process_layer(), process_layer()
    try:
        theirs = await there.new_channel()
        await there.group_add("match.21", theirs)
        await heard_again(here, there, theirs, "match.21")
        before = cut(f"mpg-publish-{here._layer().origin}")
        await heard_again(here, there, theirs, "match.21")
        assert cut(f"mpg-publish-{here._layer().origin}") != before
    finally:
        await here.flush()
        await there.flush()


async def test_the_layer_takes_the_urls_tls_options_and_password_as_the_cache_and_celery_do():
    """One REDIS_URL for the cache, Celery and this layer: its TLS options and password hold here too."""
    url = "rediss://:secret@redis.example:6380/2?ssl_cert_reqs=required&ssl_ca_certs=/etc/ssl/school-ca.pem"
    options = channel_layer._client(url, "mpg-test").connection_pool.connection_kwargs
    assert (options["host"], options["port"], options["db"], options["password"]) == ("redis.example", 6380, 2,
                                                                                      "secret")
    assert (options["ssl_cert_reqs"], options["ssl_ca_certs"]) == ("required", "/etc/ssl/school-ca.pem")
    assert options["health_check_interval"] == channel_layer.HEALTH_CHECK_S
    assert options["client_name"] == "mpg-test"


async def test_a_host_given_as_sentinels_is_found_through_redis_sentinel():
    from redis.asyncio.sentinel import SentinelConnectionPool

    client = channel_layer._client({"sentinels": [("sentinel-1", 26379), ("sentinel-2", 26379)],
                                    "master_name": "school"}, "mpg-test")
    assert isinstance(client.connection_pool, SentinelConnectionPool)
    assert client.connection_pool.service_name == "school"


async def test_a_listener_whose_redis_stops_answering_notices_and_hears_its_groups_again(monkeypatch, caplog,
                                                                                         redis_of_its_own):
    """A half-open connection (Redis, or the network to it, stopped answering without closing it) is found
    by the listener's ping, and the listener connects again once Redis answers."""
    monkeypatch.setattr(channel_layer, "HEALTH_CHECK_S", 0.5)
    here = LocalFirstChannelLayer(hosts=[redis_of_its_own.url], prefix=PREFIX)
    there = LocalFirstChannelLayer(hosts=[redis_of_its_own.url], prefix=PREFIX)
    try:
        theirs = await there.new_channel()
        await there.group_add("match.24", theirs)
        await heard_again(here, there, theirs, "match.24")
        redis_of_its_own.pause()
        async with asyncio.timeout(WAIT):
            while "did not answer a ping" not in caplog.text:
                await asyncio.sleep(0.05)
        redis_of_its_own.resume()
        assert (await heard_again(here, there, theirs, "match.24"))["type"] == "match.changed"
    finally:
        redis_of_its_own.resume()
        await here.flush()
        await there.flush()


async def test_a_message_json_cannot_carry_goes_as_msgpack_and_a_payload_of_an_older_process_is_read():
    """The payload is JSON (orjson) where JSON carries the message as it is; bytes go as msgpack. A process not
    yet upgraded writes msgpack alone: still read, as during a rolling restart."""
    here, there = process_layer(), process_layer()
    try:
        theirs = await there.new_channel()
        await there.group_add("match.9", theirs)
        message = {"type": "match.changed", "version": 3, "views": {"0": {"board": [[6, None]], "seat": 0}},
                   "name": "Zoë <b>&</b> \u202e"}
        assert channel_layer._packed(["match.9", message]).startswith(b'["match.9"')
        await here.group_send("match.9", message)
        assert await asyncio.wait_for(there.receive(theirs), WAIT) == message
        await here.group_send("match.9", {"type": "blob", "data": b"\x00\xff"})
        assert (await asyncio.wait_for(there.receive(theirs), WAIT))["data"] == b"\x00\xff"
        older = uuid.uuid4().hex.encode() + msgpack.packb(["match.9", {"type": "older", "version": 4}],
                                                          use_bin_type=True)
        admin = redis.Redis.from_url(os.environ["REDIS_URL"])
        try:
            assert admin.publish(there._layer().group_channel("match.9"), older) == 1
        finally:
            admin.close()
        assert await asyncio.wait_for(there.receive(theirs), WAIT) == {"type": "older", "version": 4}
    finally:
        await here.flush()
        await there.flush()


async def test_while_redis_is_away_a_socket_joins_and_hears_its_process_and_after_it_the_others(caplog,
                                                                                                 redis_of_its_own):
    """Redis down: a socket that joins is not refused (it hears this process's changes at once), publishing
    fails quietly (one line, no traceback), and once Redis is back the other process reaches it within 2 s."""
    here = LocalFirstChannelLayer(hosts=[redis_of_its_own.url], prefix=PREFIX)
    there = LocalFirstChannelLayer(hosts=[redis_of_its_own.url], prefix=PREFIX)
    try:
        warm = await there.new_channel()
        await there.group_add("warm-up", warm)
        await heard_again(here, there, warm, "warm-up")  # both connected before the outage
        redis_of_its_own.stop()
        theirs = await there.new_channel()
        async with asyncio.timeout(channel_layer.JOIN_WAIT_S + WAIT):
            await there.group_add("match.31", theirs)  # joined, not refused
        await there.group_send("match.31", {"type": "match.changed", "version": 1})
        assert (await asyncio.wait_for(there.inbox(theirs).get(), WAIT))["version"] == 1
        for version in range(2, 12):  # from the other process: lost while Redis is away, each failure quiet
            await here.group_send("match.31", {"type": "match.changed", "version": version})
        redis_of_its_own.start()
        back = asyncio.get_running_loop().time()
        told: list[str] = []
        assert (await heard_again(here, there, theirs, "match.31", told=told))["type"] == "match.changed"
        assert "layer.reconnected" in told, told  # the socket is told to read what it missed
        assert asyncio.get_running_loop().time() - back <= 2 + channel_layer.RECONNECT_S
    finally:
        await here.flush()
        await there.flush()
    assert "Traceback" not in caplog.text
    # Each of the two processes: failed once, works again once; however many messages went meanwhile.
    assert caplog.text.count("publishing") <= 4, caplog.text
    assert caplog.text.count("reaching Redis to listen failed") <= 1, caplog.text
