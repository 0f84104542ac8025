"""Options a teacher gives an assignment, checked against the game's definition.

Each problem is a sentence naming the option in words, for the field it belongs to. Whether a
set of options works together (primes that can make no number under the cap, a hand size the
deck cannot deal) is the engine's own `setup` to say; this only checks each option by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines.base import is_int
from games.engines.definition import GameDefinition, OptionSpec
from games.engines.focus import FocusError, parse_focus


@dataclass(frozen=True)
class OptionProblem:
    option: str | None  # None: the options as a whole
    message: str


def teacher_option_problems(definition: GameDefinition, options: Any) -> list[OptionProblem]:
    """Every option the teacher may not give as given; empty when all are fine."""
    if not isinstance(options, dict):
        return [OptionProblem(None, "The options must be an object of option names and values.")]
    problems = []
    for name, value in options.items():
        message = _problem(definition, name, value)
        if message:
            problems.append(OptionProblem(name, message))
    return problems


def _problem(definition: GameDefinition, name: Any, value: Any) -> str | None:
    if name not in definition.option_names:
        return f'{definition.title} has no option called "{name}".'
    spec = definition.option(name)
    if not spec.teacher_settable:
        return f"{_sentence_start(spec.noun)} is set by the game, not by the teacher."
    if value is None:
        return None if spec.nullable else f"{_sentence_start(spec.noun)} needs a value{_range_words(spec, ' ')}."
    return _value_problem(spec, value)


def _value_problem(spec: OptionSpec, value: Any) -> str | None:
    noun = _sentence_start(spec.noun)
    if spec.kind == "boolean":
        return None if isinstance(value, bool) else f"{noun} must be true or false."
    if spec.kind == "choice":
        allowed = [choice.value for choice in spec.choices]
        return None if value in allowed else f"{noun} must be {_either(allowed)}."
    if spec.kind == "integer":
        if not is_int(value):
            return f"{noun} must be a whole number{_range_words(spec, ' ')}."
        return None if in_range(spec, value) else f"{noun} must be {_range_words(spec, '')}."
    if spec.kind == "integer_list":
        ok = isinstance(value, list) and value and all(is_int(item) and in_range(spec, item) for item in value)
        return None if ok else f"{noun} must be a list of whole numbers{_range_words(spec, ' ')}."
    if spec.kind == "focus":
        try:
            parse_focus(value)
        except FocusError as error:
            return str(error)
        return None
    return f"{noun} is set by the game, not by the teacher."  # "data": never a teacher's


def in_range(spec: OptionSpec, value: int) -> bool:
    """Whether value lies within the option's minimum and maximum (each None: no bound)."""
    return (spec.minimum is None or value >= spec.minimum) and (spec.maximum is None or value <= spec.maximum)


def _range_words(spec: OptionSpec, lead: str) -> str:
    if spec.minimum is not None and spec.maximum is not None:
        return f"{lead}from {spec.minimum} to {spec.maximum}"
    if spec.minimum is not None:
        return f"{lead}of at least {spec.minimum}"
    if spec.maximum is not None:
        return f"{lead}of at most {spec.maximum}"
    return ""


def _either(values: list[str]) -> str:
    return values[0] if len(values) == 1 else f"{', '.join(values[:-1])} or {values[-1]}"


def _sentence_start(noun: str) -> str:
    return noun[:1].upper() + noun[1:]
