"""Malformed action messages, for the socket's tests and the REST action's: each is sent as a socket frame
(with "type": "action") and as a REST body (without it), and must get the same code and message on both."""

from __future__ import annotations

from dataclasses import dataclass

from games.services.player_messages import MAX_DEPTH, MAX_MESSAGE_BYTES

HEAD = "<HEAD>"  # where the socket frame's "type": "action", goes
GOOD_ACTION = '{"type": "discard", "cards": [0, 1]}'


@dataclass(frozen=True)
class BadMessage:
    name: str
    template: str  # the message's text, HEAD where the socket's type goes
    code: str
    message: str  # the refusal's message, or its start when it names the offending part

    def socket_frame(self) -> str:
        return self.template.replace(HEAD, '"type": "action", ')

    def rest_body(self) -> str:
        return self.template.replace(HEAD, "")


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


TOO_LARGE = f"That message is too large: a message may have at most {MAX_MESSAGE_BYTES:,} bytes."
TOO_DEEP = f"That message is nested too deeply (at most {MAX_DEPTH} levels)."
NOT_A_NUMBER = "NaN and Infinity are not numbers a message may hold."
NUL = "A message may not contain the NUL character."

BAD_MESSAGES = [
    BadMessage("not JSON", "{" + HEAD + '"action": ', "bad_frame", "That message is not JSON."),
    BadMessage("a list", "[1, 2]", "bad_frame", "A message is a JSON object."),
    BadMessage("a string", '"action"', "bad_frame", "A message is a JSON object."),
    BadMessage("NaN", "{" + HEAD + '"action": {"type": "discard", "cards": [NaN, 1]}}', "bad_frame", NOT_A_NUMBER),
    BadMessage("Infinity", "{" + HEAD + '"action": {"type": "discard", "cards": [0, Infinity]}}', "bad_frame",
               NOT_A_NUMBER),
    BadMessage("-Infinity", "{" + HEAD + '"action": {"type": "discard", "cards": [-Infinity, 1]}}', "bad_frame",
               NOT_A_NUMBER),
    BadMessage("1e999", "{" + HEAD + '"action": {"type": "discard", "cards": [1e999, 1]}}', "bad_frame",
               NOT_A_NUMBER),
    BadMessage("deep nesting (Python's own limit)", "{" + HEAD + '"action": ' + _nested(4000) + "}", "bad_frame",
               TOO_DEEP),
    BadMessage("nesting past the limit", "{" + HEAD + '"action": {"type": "discard", "cards": ' + _nested(MAX_DEPTH)
               + "}}", "bad_frame", TOO_DEEP),
    BadMessage("NUL in a value", "{" + HEAD + '"action": {"type": "discard\\u0000", "cards": [0, 1]}}', "bad_frame",
               NUL),
    BadMessage("NUL in a key", "{" + HEAD + '"action": {"type": "discard", "cards": [0, 1], "\\u0000": 1}}',
               "bad_frame", NUL),
    BadMessage("NUL in the client_id", "{" + HEAD + '"action": ' + GOOD_ACTION + ', "client_id": "a\\u0000b"}',
               "bad_frame", NUL),
    BadMessage("a lone surrogate", "{" + HEAD + '"action": ' + GOOD_ACTION + ', "client_id": "\\ud800"}',
               "bad_frame", "That message holds text that is not valid Unicode."),
    BadMessage("oversize", "{" + HEAD + '"action": ' + GOOD_ACTION + ', "client_id": "' + "x" * MAX_MESSAGE_BYTES
               + '"}', "too_large", TOO_LARGE),
    BadMessage("oversize in bytes, not characters", "{" + HEAD + '"action": ' + GOOD_ACTION + ', "client_id": "'
               + "é" * (MAX_MESSAGE_BYTES // 2) + '"}', "too_large", TOO_LARGE),
    BadMessage("a field the message does not take", "{" + HEAD + '"action": ' + GOOD_ACTION + ', "blob": 1}',
               "bad_frame", "A message may hold only action, client_id"),
    BadMessage("an action that is not an object", "{" + HEAD + '"action": "discard"}', "bad_action",
               "An action is an object"),
    BadMessage("no action", "{" + HEAD + '"client_id": "c"}', "bad_action", "An action is an object"),
    BadMessage("a client_id that is a number", "{" + HEAD + '"action": ' + GOOD_ACTION + ', "client_id": 5}',
               "bad_action", "The client_id must be a short string."),
    BadMessage("a client_id too long", "{" + HEAD + '"action": ' + GOOD_ACTION + ', "client_id": "' + "c" * 65
               + '"}', "bad_action", "The client_id must be a short string."),
    BadMessage("an action with a field it does not take", "{" + HEAD + '"action": {"type": "discard", "cards": [0, 1],'
               ' "values": [2, 2]}}', "bad_action", "Discard does not take 'values'"),
]
