"""Whole numbers are whole numbers: every integer field of every serializer, and every integer id a
serializer looks up, takes a JSON integer, never 1000.0, "1000" or true (installed by api.apps).

DRF's IntegerField turns 1000.0 and "1000.0" into 1000, and a related field's lookup turns 1.5 into
the object with id 1 (Django's int()); a number past 64 bits reached the database and answered 500.
Changing the two fields' reading once, here, holds for every serializer, including those written
later, where a field class to remember would not. Form and query-string data (a QueryDict) has only
text, so there a string of digits is read as the number it spells."""

from __future__ import annotations

import re

from django.http import QueryDict
from rest_framework import serializers
from rest_framework.relations import PrimaryKeyRelatedField

WHOLE_NUMBER_MESSAGE = "Send a whole number, like 12: not 12.0, not text, not true or false."
TOO_LARGE_MESSAGE = "This number is too large."
SMALLEST, LARGEST = -(2**63), 2**63 - 1  # what the database's largest integer column holds
_DIGITS = re.compile(r"[-+]?[0-9]{1,20}")


def whole_number(field: serializers.Field, data: object) -> int:
    """`data` as the whole number a field asks for, or the field's refusal."""
    if isinstance(data, int) and not isinstance(data, bool):
        value = data
    elif isinstance(data, str) and _from_text_only_data(field) and _DIGITS.fullmatch(data.strip()):
        value = int(data)
    else:
        raise serializers.ValidationError(WHOLE_NUMBER_MESSAGE, code="invalid")
    if not SMALLEST <= value <= LARGEST:
        raise serializers.ValidationError(TOO_LARGE_MESSAGE, code="max_value")
    return value


def _from_text_only_data(field: serializers.Field) -> bool:
    """The serializer reads a form or query string (strings only), or the field is used on its own."""
    data = getattr(field.root, "initial_data", None)
    return data is None or isinstance(data, QueryDict)


_related_lookup = PrimaryKeyRelatedField.to_internal_value


def _strict_integer(self: serializers.IntegerField, data: object) -> int:
    return whole_number(self, data)


def _strict_related_lookup(self: PrimaryKeyRelatedField, data: object):
    if self.pk_field is None and _has_integer_ids(self):
        data = whole_number(self, data)
    return _related_lookup(self, data)


def _has_integer_ids(field: PrimaryKeyRelatedField) -> bool:
    from django.db import models

    queryset = field.get_queryset()
    return queryset is not None and isinstance(queryset.model._meta.pk, models.IntegerField)


def install() -> None:
    # Replacing DRF's reading is the point (the module's docstring); mypy refuses any assignment to a method.
    serializers.IntegerField.to_internal_value = _strict_integer  # type: ignore[method-assign,assignment]
    PrimaryKeyRelatedField.to_internal_value = _strict_related_lookup  # type: ignore[method-assign,assignment]
