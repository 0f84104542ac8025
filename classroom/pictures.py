"""The nine pictures of the children's picture passwords.

`pictures.json` beside this file is the one source: the login-card PDF draws from it and
`make frontend-generated` copies it into the frontend, which draws the same shapes as SVG.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

PICTURES_FILE = Path(__file__).with_name("pictures.json")
SEQUENCE_LENGTH = 3


@cache
def pictures() -> list[dict]:
    return json.loads(PICTURES_FILE.read_text())


def picture_slugs() -> list[str]:
    return [picture["slug"] for picture in pictures()]


def picture_label(slug: str) -> str:
    return next(picture["label"] for picture in pictures() if picture["slug"] == slug)
