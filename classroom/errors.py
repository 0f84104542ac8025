"""Errors that services raise for the shells (API, consumers) to turn into replies."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the platform refuses. `fields` maps a field to its messages."""

    status = 400

    def __init__(self, code: str, message: str, fields: dict[str, list[str]] | None = None,
                 extra: dict | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.fields = fields or {}
        self.extra = extra or {}


class Forbidden(ServiceError):
    status = 403


class NotFound(ServiceError):
    status = 404


class Locked(ServiceError):
    status = 423


class TooMany(ServiceError):
    status = 429
