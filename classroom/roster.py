"""Parsing rosters: pasted names and CSV files. Pure functions; services.py stores the result."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field

from classroom import names

# The most students a class may have, however they come (pasted names, a CSV file): one limit for both.
# Why 200 (docs/security.md, "Class size"): a class of 35 is large and a year group that shares one
# code is rarely above 200; every child finds their name in one grid on the sign-in page; and the jobs
# that grow with the class stay short (bench/class_size.py: login cards for 200 take a few seconds,
# for 1,000 half a minute).
MAX_CLASS_SIZE = 200
MAX_CSV_BYTES = 512 * 1024
NAME_MAX = 50
PASSWORD_MIN, PASSWORD_MAX = 4, 64
REQUIRED_COLUMNS = ["first_name", "last_name"]
OPTIONAL_COLUMNS = ["password"]


class RosterFileError(ValueError):
    """The file as a whole cannot be read as a roster; the message says why, for a teacher."""


@dataclass
class RosterRow:
    line: int
    first_name: str
    last_name: str
    password: str = ""
    display_name: str = ""
    problems: list[str] = field(default_factory=list)


def split_name(full_name: str) -> tuple[str, str]:
    """'Ana Maria Lopez' -> ('Ana', 'Maria Lopez'): the first word is the first name."""
    words = full_name.split()
    if not words:
        return "", ""
    return words[0], " ".join(words[1:])


LINE_BREAK = re.compile(r"\r\n|\r|\n")


def parse_pasted_names(text: str) -> list[RosterRow]:
    """One name a line; blank lines ignored. Lines end at a line break a text box makes (not at the other
    characters str.splitlines() would split on: those are refused inside a name, classroom.names), and a
    tab, as a paste from a spreadsheet's columns brings, is a space."""
    rows = []
    for number, line in enumerate(LINE_BREAK.split(text), 1):
        line = unicodedata.normalize("NFC", line.replace("\t", " "))
        if not line.strip():
            continue
        found = names.problem(line)
        if found is not None:
            rows.append(RosterRow(line=number, first_name=names.normalise(line), last_name="",
                                  problems=[f"The name {found}"]))
            continue
        first, last = split_name(line)
        rows.append(check_row(RosterRow(line=number, first_name=first, last_name=last)))
    return rows


def base_display_name(first_name: str, last_name: str) -> str:
    """First name plus last initial: 'Ana L.'; just 'Ben' with no last name."""
    first = first_name.strip()
    last = last_name.strip()
    return f"{first} {last[0].upper()}." if last else first


def unique_display_name(base: str, taken: set[str]) -> str:
    """'Ana L.' or, when taken, 'Ana L.2', 'Ana L.3' ...; 'Ben' -> 'Ben 2'."""
    if base not in taken:
        return base
    separator = "" if base.endswith(".") else " "
    number = 2
    while f"{base}{separator}{number}" in taken:
        number += 1
    return f"{base}{separator}{number}"


def assign_display_names(rows: list[RosterRow], taken: set[str]) -> None:
    """Give each row a display name unique among `taken` and the rows before it."""
    taken = set(taken)
    for row in rows:
        if row.first_name:
            row.display_name = unique_display_name(base_display_name(row.first_name, row.last_name), taken)
            taken.add(row.display_name)


def check_row(row: RosterRow) -> RosterRow:
    """The row's names cleaned (classroom.names) and what is wrong with it in `problems`."""
    for attribute, label in (("first_name", "The first name"), ("last_name", "The last name")):
        try:
            setattr(row, attribute, names.clean(getattr(row, attribute)))
        except names.NameProblem as found:
            row.problems.append(f"{label} {found}")
    if not row.first_name:
        row.problems.append("First name is missing.")
    if len(row.first_name) > NAME_MAX:
        row.problems.append(f"First name is longer than {NAME_MAX} characters.")
    if len(row.last_name) > NAME_MAX:
        row.problems.append(f"Last name is longer than {NAME_MAX} characters.")
    if row.password and not PASSWORD_MIN <= len(row.password) <= PASSWORD_MAX:
        row.problems.append(f"Password must be {PASSWORD_MIN} to {PASSWORD_MAX} characters.")
    return row


def class_size_problem(have: int, adding: int) -> str | None:
    """Why `adding` more students do not fit a class of `have`, in words for the teacher; None if they fit."""
    over = have + adding - MAX_CLASS_SIZE
    if over <= 0:
        return None
    if have == 0:
        return f"These are {adding:,} students: remove at least {over:,}, or split them into several classes."
    return (f"This class has {have:,} students and these are {adding:,} more: remove at least {over:,}, "
            "or put them in another class.")


def parse_roster_csv(data: bytes) -> list[RosterRow]:
    """Rows of a `first_name,last_name[,password]` CSV, each checked; RosterFileError if unreadable."""
    if len(data) > MAX_CSV_BYTES:
        raise RosterFileError(f"The file is larger than {MAX_CSV_BYTES // 1024} KB.")
    if b"\x00" in data:
        raise RosterFileError("This is not a CSV file. Save the roster as CSV (UTF-8) and try again.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RosterFileError("The file is not UTF-8 text. Save it as 'CSV UTF-8' and try again.") from None
    try:
        records = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    except csv.Error as error:
        raise RosterFileError(f"The file could not be read as CSV: {error}.") from None
    records = [record for record in records if any(cell.strip() for cell in record)]
    if not records:
        raise RosterFileError("The file is empty.")
    header = [cell.strip().lower() for cell in records[0]]
    if header[:2] != REQUIRED_COLUMNS or any(col not in OPTIONAL_COLUMNS for col in header[2:]):
        raise RosterFileError(
            "The first line must be the column names first_name,last_name (and optionally password); "
            f"found: {','.join(records[0])[:80]}."
        )
    body = records[1:]
    if len(body) > MAX_CLASS_SIZE:
        raise RosterFileError(f"The file has {len(body):,} students; a class can have at most {MAX_CLASS_SIZE}.")
    if not body:
        raise RosterFileError("The file has column names but no students.")
    rows = []
    for line, record in enumerate(body, 2):
        cells = [cell.strip() for cell in record]
        row = RosterRow(line=line, first_name=cells[0] if cells else "",
                        last_name=cells[1] if len(cells) > 1 else "",
                        password=cells[2] if len(cells) > 2 and "password" in header else "")
        if len(cells) != len(header):
            row.problems.append(f"Expected {len(header)} values, found {len(cells)}.")
        rows.append(check_row(row))
    return rows
