"""What publishing a broadcast on Redis and reading it back costs this process: the channel layer's own
connections (games.realtime.redis_link) against redis-py's asyncio client, which the layer used before.

    .venv/bin/python bench/redis_pubsub.py [--messages 3000] [--bytes 2200] [--redis redis://127.0.0.1:6379/0]

One message at a time, a PUBLISH and the wait for its reply, then the wait for the message on a subscribed
connection: the work a server process does for every move it publishes and every move it hears. The table
gives this process's CPU time (`time.process_time`: Python, the parsers, the socket calls) and the wall time
per message; Redis's own CPU is not in it. 2,200 bytes is a Fultiples move's broadcast (msgpack).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redis import asyncio as aioredis

from games.realtime.redis_link import RedisLink


async def through_redis_py(url: str, channel: str, payload: bytes, messages: int) -> tuple[list, list]:
    client = aioredis.Redis.from_url(url)
    pubsub = client.pubsub()
    await pubsub.subscribe(channel)
    await pubsub.get_message(timeout=5)  # the subscription's confirmation
    cpu, wall = [], []
    try:
        for _ in range(messages):
            started, started_cpu = time.perf_counter(), time.process_time()
            async with client.pipeline(transaction=False) as pipe:  # as the layer published: batched
                pipe.publish(channel, payload)
                await pipe.execute()
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=None)
            assert message["data"] == payload
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started)
    finally:
        await pubsub.aclose()
        await client.aclose()
    return cpu, wall


async def through_redis_link(url: str, channel: str, payload: bytes, messages: int) -> tuple[list, list]:
    heard: asyncio.Queue = asyncio.Queue()
    listener = await RedisLink.open(url, name="bench-listen", on_message=lambda _, data: heard.put_nowait(data))
    publisher = await RedisLink.open(url, name="bench-publish")
    await listener.send([b"SUBSCRIBE", channel])
    cpu, wall = [], []
    try:
        for _ in range(messages):
            started, started_cpu = time.perf_counter(), time.process_time()
            await publisher.send([b"PUBLISH", channel, payload])
            assert await heard.get() == payload
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started)
    finally:
        listener.close()
        publisher.close()
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--bytes", type=int, default=2200)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()
    payload = bytes(range(256)) * (args.bytes // 256) + b"x" * (args.bytes % 256)
    print(f"{args.messages} messages of {args.bytes} bytes, one at a time, published and read back")
    print("| client | CPU µs a message (median) | mean | wall µs a message (median) |")
    print("|---|---:|---:|---:|")
    for name, run in (("redis-py (asyncio, hiredis)", through_redis_py),
                      ("games.realtime.redis_link", through_redis_link)):
        channel = f"bench.{uuid.uuid4().hex}"
        cpu, wall = asyncio.run(run(args.redis, channel, payload, args.messages))
        print(f"| {name} | {statistics.median(cpu) * 1e6:.0f} | {statistics.fmean(cpu) * 1e6:.0f} "
              f"| {statistics.median(wall) * 1e6:.0f} |")


if __name__ == "__main__":
    main()
