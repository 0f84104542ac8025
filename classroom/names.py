"""Names people type or import (a child's first and last name, a class's name, a teacher's name): one
check, used wherever a name is stored (classroom.roster, classroom.services).

A name is NFC-normalised (an "é" typed as e + accent and one typed as é are the same name), its runs
of spaces become one space and it is trimmed. Characters a reader cannot see or that change how the
text around them is shown are refused, not removed: zero-width characters and direction overrides
make two children's names look alike on screen, and silently dropping them would store a name the
teacher did not type. Refused: Unicode's control (Cc) and format (Cf) characters, line and paragraph
separators (Zl, Zp), private-use, surrogate and unassigned code points. Cf includes the zero-width
space and joiners (U+200B-200D), the byte-order mark (U+FEFF) and the direction controls
(U+202A-202E, U+2066-2069). One exception: the zero-width non-joiner and joiner (U+200C, U+200D)
between two letters of a script whose spelling needs them (Persian "می‌خواهم" in Arabic letters, the
Indic scripts), where they change the letters' shapes and belong to the name; next to Latin letters or
a space they only hide a difference, and are refused.
"""

from __future__ import annotations

import unicodedata

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
UNSHOWABLE_CATEGORIES = frozenset({"Co", "Cs", "Cn"})
JOINERS = frozenset({"\u200c", "\u200d"})
# Scripts whose spelling uses the joiners, by the first word of their characters' Unicode names.
JOINING_SCRIPTS = frozenset({"ARABIC", "SYRIAC", "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA",
                             "TAMIL", "TELUGU", "KANNADA", "MALAYALAM", "SINHALA"})


class NameProblem(ValueError):
    """Why a name cannot be stored, as the end of a sentence for a teacher: 'has an invisible character;
    retype it.'"""


def normalise(value: str) -> str:
    """NFC, runs of white space as one space, trimmed. Does not check; see `clean`."""
    return " ".join(unicodedata.normalize("NFC", value).split())


def problem(value: str) -> str | None:
    """What is wrong with the characters of `value` (the end of a sentence), or None."""
    for index, char in enumerate(value):
        category = unicodedata.category(char)
        if char in JOINERS and _between_joining_letters(value, index):
            continue
        if category in INVISIBLE_CATEGORIES:
            return "has an invisible character; retype it."
        if category in UNSHOWABLE_CATEGORIES:
            return f"has a character that cannot be shown (U+{ord(char):04X}); retype it."
    return None


def _between_joining_letters(value: str, index: int) -> bool:
    if index == 0 or index == len(value) - 1:
        return False
    return all(unicodedata.category(char)[0] in "LM" and unicodedata.name(char, "").split(" ")[0] in JOINING_SCRIPTS
               for char in (value[index - 1], value[index + 1]))


def clean(value: str) -> str:
    """The name as it is stored; NameProblem if it has a character that may not be stored."""
    value = unicodedata.normalize("NFC", value)
    found = problem(value)
    if found is not None:
        raise NameProblem(found)
    return normalise(value)
