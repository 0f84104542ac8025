"""One child's sign-in limits: wrong tries slow down the address they came from, not the child
(docs/security.md).

- Per child and address: after `SIGN_IN_SLOW_AFTER` (5) wrong tries in a day, that address waits
  `SIGN_IN_FIRST_WAIT_S` (1 minute) before its next try, doubling with each further wrong try up to
  `SIGN_IN_LONGEST_WAIT_S` (15 minutes). Other addresses are not slowed, so a stranger's guesses never
  keep the child out at school. A right try from the address clears its count.
- An address is *familiar* to a class when a child of the class signed in there in the last
  `SIGN_IN_FAMILIAR_DAYS` (30): the school's. Wrong tries from unfamiliar addresses also count per
  child (`SIGN_IN_UNFAMILIAR_PER_CHILD`, 10 in 24 hours) and per class and class code
  (`SIGN_IN_UNFAMILIAR_PER_CLASS`, 30 a UTC day). Past either, unfamiliar addresses are refused for
  that child (until the teacher's *Unlock* or the tries age out) or class (until the next day or a new
  class code); familiar addresses and the QR card still work.

Kept in Django's cache (Redis when configured), so every server process sees the same counts. The
caller holds the child's row lock (classroom.services.student_sign_in) while reading and writing a
child's entry, so its read-modify-write is not raced.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache


@dataclass(frozen=True)
class Failure:
    wait_s: int  # how long this address now waits for this child (0: it may try again at once)
    tries_left: int  # wrong tries this address has for this child before it waits
    lock_unfamiliar_until: float | None  # the child's unfamiliar allowance is spent until then (epoch s)


def is_familiar(classroom_id: int, address: str) -> bool:
    return bool(cache.get(_familiar_key(classroom_id, address)))


def wait_left_s(student_id: int, address: str) -> int:
    """Seconds this address must still wait before trying this child again."""
    entry = _load(student_id)["addresses"].get(address)
    return max(0, int(entry[1] - time.time()) + 1) if entry and entry[1] > time.time() else 0


def class_allowance_spent(classroom_id: int, join_code: str) -> bool:
    return cache.get(_class_key(classroom_id, join_code), 0) >= settings.SIGN_IN_UNFAMILIAR_PER_CLASS


def record_failure(*, student_id: int, classroom_id: int, join_code: str, address: str, familiar: bool) -> Failure:
    now = time.time()
    state = _load(student_id)
    failures, _, _ = state["addresses"].get(address, (0, 0.0, now))
    failures += 1
    over = failures - settings.SIGN_IN_SLOW_AFTER
    wait_s = 0 if over < 0 else min(settings.SIGN_IN_FIRST_WAIT_S * 2 ** over, settings.SIGN_IN_LONGEST_WAIT_S)
    state["addresses"][address] = (failures, now + wait_s, now)
    lock_until = None
    if not familiar:
        state["unfamiliar"].append(now)
        _increment(_class_key(classroom_id, join_code), settings.SIGN_IN_DAY_S)
        if len(state["unfamiliar"]) >= settings.SIGN_IN_UNFAMILIAR_PER_CHILD:
            lock_until = min(state["unfamiliar"]) + settings.SIGN_IN_DAY_S
    cache.set(_child_key(student_id), state, timeout=settings.SIGN_IN_DAY_S)
    return Failure(wait_s=wait_s, tries_left=max(0, -over), lock_unfamiliar_until=lock_until)


def record_success(*, student_id: int, classroom_id: int, address: str) -> None:
    """The child is in: the address becomes familiar to the class and its wrong tries are forgiven."""
    cache.set(_familiar_key(classroom_id, address), 1, timeout=settings.SIGN_IN_FAMILIAR_DAYS * 24 * 60 * 60)
    state = _load(student_id)
    if state["addresses"].pop(address, None) is not None:
        cache.set(_child_key(student_id), state, timeout=settings.SIGN_IN_DAY_S)


def clear(student_id: int) -> None:
    """The teacher's Unlock: every address's wait and the unfamiliar tries for this child start again."""
    cache.delete(_child_key(student_id))


def _load(student_id: int) -> dict:
    """The child's entry, without what is older than a day: {"addresses": {address: (wrong tries, wait
    until, last wrong try)}, "unfamiliar": [times of wrong tries from unfamiliar addresses]}."""
    state = cache.get(_child_key(student_id)) or {}
    since = time.time() - settings.SIGN_IN_DAY_S
    return {
        "addresses": {address: tuple(entry) for address, entry in state.get("addresses", {}).items()
                      if entry[2] > since},
        "unfamiliar": [moment for moment in state.get("unfamiliar", []) if moment > since],
    }


def _child_key(student_id: int) -> str:
    return f"sign-in:child:{student_id}"


def _familiar_key(classroom_id: int, address: str) -> str:
    return f"sign-in:familiar:{classroom_id}:{address}"


def _class_key(classroom_id: int, join_code: str) -> str:
    return f"sign-in:class:{classroom_id}:{join_code}:{int(time.time() // settings.SIGN_IN_DAY_S)}"


def _increment(key: str, timeout: int) -> None:
    cache.add(key, 0, timeout=timeout)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=timeout)
