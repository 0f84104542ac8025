"""Request bodies the API reads (settings: DEFAULT_PARSER_CLASSES), refused whole when they are not
something the platform can store: JSON nested deeper than MAX_JSON_DEPTH, or text holding a NUL or
half of a surrogate pair anywhere (a key, a value, deep inside a JSON field). PostgreSQL cannot store
either, and Python's own JSON reader fails with a RecursionError on deep nesting, so without these a
hostile body reached the database or the parser and answered 500. Each refusal is a 400 (ParseError)
with a sentence saying what was wrong."""

from __future__ import annotations

import re
from collections.abc import Iterator

from rest_framework import parsers
from rest_framework.exceptions import ParseError

MAX_JSON_DEPTH = 32
_NOT_STORABLE = re.compile("[\x00\ud800-\udfff]")

NUL_MESSAGE = "Text may not contain a NUL character."
SURROGATE_MESSAGE = "Text may not contain half of a surrogate pair: send valid Unicode."
DEPTH_MESSAGE = f"JSON nested more than {MAX_JSON_DEPTH} levels deep is refused."


def text_problem(text: str) -> str | None:
    """What makes this text unstorable, as a sentence, or None."""
    found = _NOT_STORABLE.search(text)
    if found is None:
        return None
    return NUL_MESSAGE if found.group() == "\x00" else SURROGATE_MESSAGE


def data_problem(data: object) -> str | None:
    """The first problem of any key or string inside parsed data, or too deep a nesting."""
    for depth, text in _walk(data):
        if depth > MAX_JSON_DEPTH:
            return DEPTH_MESSAGE
        if text is not None and (problem := text_problem(text)):
            return problem
    return None


def _walk(data: object) -> Iterator[tuple[int, str | None]]:
    """Every container's depth and every string (keys too), without recursion."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            yield depth, value
        elif isinstance(value, dict):
            yield depth + 1, None
            for key, item in value.items():
                stack.append((key, depth + 1))
                stack.append((item, depth + 1))
        elif isinstance(value, (list, tuple)):
            yield depth + 1, None
            stack.extend((item, depth + 1) for item in value)


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:  # deeper than Python's reader goes: far past the limit
            raise ParseError(DEPTH_MESSAGE) from None
        problem = data_problem(data)
        if problem:
            raise ParseError(problem)
        return data


def _check_form(data) -> None:
    for key, values in data.lists():
        for text in (key, *(value for value in values if isinstance(value, str))):
            if problem := text_problem(text):
                raise ParseError(problem)


class FormParser(parsers.FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        _check_form(data)
        return data


class MultiPartParser(parsers.MultiPartParser):
    """Field values are checked; uploaded files are the reader's to check (a CSV is decoded later)."""

    def parse(self, stream, media_type=None, parser_context=None):
        result = super().parse(stream, media_type, parser_context)
        _check_form(result.data)
        return result

