"""What this event loop committed last of each match: the next move there is judged on it, not read again.

After a socket's move commits (games.realtime.move_path), the match and its seats are kept as the move
left them, with the match row's version as PostgreSQL keeps it (`xmin`: any write of the row changes it,
whether or not it changes `Match.version`). The next move on that match in this loop takes the entry
out, runs the same service on it, and sends its writes behind a check that locks the row and fails
unless the row is still the one kept (`match_store.unchanged_query`): one round trip instead of two.
If anything wrote the row since (another process, the scheduler, the teacher), the check fails, nothing
is written, and the move goes the usual way: the row locked, then read.

The row lock is still what orders a match's changes; this only skips re-reading what this loop itself
wrote. Every write of a match's seats comes with a write of its match row (they change together, as one
version; `match_store.Captured` refuses a capture that writes seats alone), so the row's version covers
the seats too. Two things are read from other rows and may be
up to KEEP_S old in an entry: a child's name (renamed by the teacher) and the assignment's hints and
stand-in time. An entry is taken out while its move is under way (a second move on the same match at
that moment reads the row), and forgotten after KEEP_S.

Only the process that committed a move keeps it: the proxy sends every socket of a match to one
process (deploy/nginx.conf), so that process makes the match's next move too. Where that does not hold
(no proxy, or a process restarted), the check fails and the move reads the row: slower, never wrong. A
change broadcast by anyone else (the scheduler, a REST call) drops the older entry at once.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass

from games.models import Match

KEEP_S = 10.0  # how long an entry is used: a name or an assignment changed elsewhere shows within it
MAX_KEPT = 5000  # matches per event loop; the oldest goes first


@dataclass(frozen=True)
class Kept:
    match: Match  # with its seats, as the commit left them
    row_version: str
    at: float


class KeptMatches:
    def __init__(self) -> None:
        self.entries: OrderedDict[int, Kept] = OrderedDict()

    def take(self, match_id: int) -> Kept | None:
        """The entry for this match, taken out (the caller puts back what it commits), or None."""
        kept = self.entries.pop(match_id, None)
        if kept is None or time.monotonic() - kept.at > KEEP_S:
            return None
        for seat in kept.match.seat_list():
            seat.repeat_of = None  # read for one action's client_id: the next action's is checked by its insert
        return kept

    def keep(self, match: Match, row_version: str) -> None:
        if match.status != Match.Status.ACTIVE:
            self.entries.pop(match.pk, None)
            return
        self.entries[match.pk] = Kept(match=match, row_version=row_version, at=time.monotonic())
        self.entries.move_to_end(match.pk)
        while len(self.entries) > MAX_KEPT:
            self.entries.popitem(last=False)

    def forget_before(self, match_id: int, version: int) -> None:
        """A change with this version was committed: an entry older than it is of no more use."""
        kept = self.entries.get(match_id)
        if kept is not None and kept.match.version < version:
            del self.entries[match_id]


_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, KeptMatches] = weakref.WeakKeyDictionary()


def of_this_loop() -> KeptMatches:
    loop = asyncio.get_running_loop()
    kept = _by_loop.get(loop)
    if kept is None:
        kept = _by_loop[loop] = KeptMatches()
    return kept
