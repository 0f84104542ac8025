"""A player's message to a match, read and checked the same way from a socket frame and a REST body.

Whatever a client sends is hostile until it is read here: at most `MAX_MESSAGE_BYTES` of UTF-8, a
JSON object nested at most `MAX_DEPTH` deep, numbers that are numbers (no NaN, no Infinity, no
1e999), and text that PostgreSQL can store (no NUL character, no lone surrogate). A message that
fails is refused with `too_large` or `bad_frame` and a sentence, and nothing of it goes further. The
action inside it is the engine's to judge (`bad_action`), and its fields are only those its type
takes, so nothing oversize reaches the move log.
"""

from __future__ import annotations

import json
import math
from typing import Any

from classroom.errors import ServiceError

MAX_MESSAGE_BYTES = 8 * 1024
MAX_DEPTH = 8  # {"action": {"cell": [3, 4]}} is 3 deep
# The fields each message may carry, "type" included.
SOCKET_MESSAGES = {"action": frozenset({"type", "action", "client_id"}), "sync": frozenset({"type", "since"})}
REST_ACTION = frozenset({"action", "client_id"})


class MessageRefused(ServiceError):
    """The message itself cannot be read (as opposed to an action the rules refuse)."""


class MessageTooLarge(MessageRefused):
    status = 413


TOO_LARGE = f"That message is too large: a message may have at most {MAX_MESSAGE_BYTES:,} bytes."


def _bad(message: str) -> MessageRefused:
    return MessageRefused("bad_frame", message)


class _NotANumber(Exception):
    pass


def _refuse_constant(name: str) -> float:
    raise _NotANumber(name)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotANumber(text)
    return value


# One decoder for every message (`json.loads` with these options would build one per call).
_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite)


def decode_message(raw: str | bytes) -> dict[str, Any]:
    """The JSON object in `raw` (a socket's text frame, or a request body), or MessageRefused."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_MESSAGE_BYTES:
            raise MessageTooLarge("too_large", TOO_LARGE)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _bad("That message is not UTF-8 text.") from None
    else:
        # At most 4 bytes a character: a short text needs no encoding to be measured.
        if len(raw) > MAX_MESSAGE_BYTES or (len(raw) * 4 > MAX_MESSAGE_BYTES
                                            and len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES):
            raise MessageTooLarge("too_large", TOO_LARGE)
        text = raw
    try:
        content = _DECODER.decode(text)
    except _NotANumber:
        raise _bad("NaN and Infinity are not numbers a message may hold.") from None
    except RecursionError:
        raise _bad(f"That message is nested too deeply (at most {MAX_DEPTH} levels).") from None
    except ValueError:
        raise _bad("That message is not JSON.") from None
    if not isinstance(content, dict):
        raise _bad("A message is a JSON object.")
    _check_values(content)
    return content


def _check_values(content: dict) -> None:
    """Depth and text of every value and key, without recursion (a deep message must not exhaust the stack)."""
    stack: list[tuple[Any, int]] = [(content, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _bad(f"That message is nested too deeply (at most {MAX_DEPTH} levels).")
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _check_text(value)


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise _bad("A message may not contain the NUL character.")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate, written as \ud800 in the JSON
            raise _bad("That message holds text that is not valid Unicode.") from None


def check_fields(message: dict[str, Any], allowed: frozenset[str]) -> None:
    """Refuse a field the message does not take."""
    extra = sorted(key for key in message if key not in allowed)
    if extra:
        shown = ", ".join(key if len(key) <= 30 else key[:27] + "..." for key in extra)
        raise _bad(f"A message may hold only {', '.join(sorted(allowed))}; not {shown}.")


def socket_message_type(message: dict[str, Any]) -> str:
    """"action" or "sync", once the message is one of those with only its own fields; else refused."""
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in SOCKET_MESSAGES:
        raise MessageRefused("unknown_type", "Message types are action and sync.")
    check_fields(message, SOCKET_MESSAGES[kind])
    since = message.get("since")
    if since is not None and not (isinstance(since, int) and not isinstance(since, bool) and since >= 0):
        raise _bad("since is a version: a whole number, 0 or more.")
    return kind
