"""The children's avatars: a picture and a colour, chosen from a fixed set.

`avatars.json` beside this file is the one source: `make frontend-generated` copies it into the
frontend, which draws each picture as SVG. The server checks a child's choice against it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

AVATARS_FILE = Path(__file__).with_name("avatars.json")


@cache
def avatar_set() -> dict[str, list[dict]]:
    return json.loads(AVATARS_FILE.read_text())


def picture_slugs() -> list[str]:
    return [picture["slug"] for picture in avatar_set()["pictures"]]


def colour_slugs() -> list[str]:
    return [colour["slug"] for colour in avatar_set()["colours"]]


def avatar_of(picture: str, colour: str) -> dict[str, str] | None:
    """The avatar as the API shows it, or None while the child has not chosen one."""
    return {"picture": picture, "colour": colour} if picture and colour else None
