"""Errors that services raise for the shells (API, consumers) to turn into replies."""

from __future__ import annotations


def sentence(text: str) -> str:
    """A message as a person reads it: it starts with a capital letter. The engines' refusals ("it is
    not your turn") and option checks are written lower case to be composed; every message that
    leaves the server passes through here (ServiceError, api.errors.error_body)."""
    return text[:1].upper() + text[1:] if text else text


class ServiceError(Exception):
    """A request the platform refuses. `fields` maps a field to its messages."""

    status = 400

    def __init__(self, code: str, message: str, fields: dict[str, list[str]] | None = None,
                 extra: dict | None = None) -> None:
        message = sentence(message)
        super().__init__(message)
        self.code = code
        self.message = message
        self.fields = {name: [sentence(m) if isinstance(m, str) else m for m in messages]
                       for name, messages in (fields or {}).items()}
        self.extra = extra or {}


class Forbidden(ServiceError):
    status = 403


class NotFound(ServiceError):
    status = 404


class Locked(ServiceError):
    status = 423


class TooMany(ServiceError):
    status = 429
