"""Servers on different databases that share one Redis must not hear each other's matches: pub/sub
channels are global to a Redis server and match ids restart at 1 in every database."""

import asyncio
import json
import os
import subprocess
import sys

import pytest
from django.utils.module_loading import import_string

pytestmark = [pytest.mark.services, pytest.mark.asyncio]


def layer_for(database_name: str):
    """The channel layer a server on `database_name` configures for itself (its settings, loaded fresh)."""
    url = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + f"/{database_name}"
    code = "import json; from config import settings; print(json.dumps(settings.CHANNEL_LAYERS['default']))"
    output = subprocess.run([sys.executable, "-c", code], env={**os.environ, "DATABASE_URL": url},
                            capture_output=True, text=True, check=True).stdout
    configured = json.loads(output)
    return import_string(configured["BACKEND"])(**configured["CONFIG"])


async def test_a_server_on_another_database_is_not_heard_and_one_on_the_same_is():
    ours, same_database, other_database = layer_for("school_a"), layer_for("school_a"), layer_for("school_b")
    try:
        channel = await ours.new_channel()
        await ours.group_add("match.1", channel)
        await other_database.group_send("match.1", {"type": "match.changed", "from": "school_b"})
        await same_database.group_send("match.1", {"type": "match.changed", "from": "school_a"})
        first = await asyncio.wait_for(ours.receive(channel), timeout=10)
        assert first["from"] == "school_a"
    finally:
        for layer in (ours, same_database, other_database):
            await layer.flush()
