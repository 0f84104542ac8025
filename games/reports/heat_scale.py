"""The reports' one colour scale, read from heat_scale.json: the PDF uses it here, and
`make frontend-generated` copies the file for the web grid (a test fails while the copies differ)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

SCALE_FILE = Path(__file__).with_name("heat_scale.json")


@cache
def scale() -> dict:
    return json.loads(SCALE_FILE.read_text(encoding="utf-8"))


def bucket_of(accuracy: float) -> int:
    """The bucket of an accuracy 0..1, by the scale's floors (out-of-range values are clamped)."""
    bucket = 0
    for index, floor in enumerate(scale()["floors"]):
        if accuracy + 1e-9 >= floor:
            bucket = index
    return bucket


def colours_of(accuracy: float) -> tuple[str, str]:
    """(background, text colour) of a played fact."""
    bucket = bucket_of(accuracy)
    return scale()["colours"][bucket], scale()["text"][bucket]
