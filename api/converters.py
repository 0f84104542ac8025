"""Object ids in API paths: whole numbers the database's id column can hold (`<id:match_id>`).

Django's `int` converter takes any run of digits, so an id past 64 bits reached the database (raw SQL
on the move path too) and answered 500; past the column's range this converter matches nothing, and
the path answers 404 like any other id that names nothing."""

from __future__ import annotations

LARGEST_ID = 2**63 - 1


class ObjectIdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > LARGEST_ID:
            raise ValueError("past the id column's range")  # Django: this path does not match
        return number

    def to_url(self, value: int) -> str:
        return str(value)
