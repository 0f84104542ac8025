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
version), so the row's version covers the seats too. Two things are read from other rows and may be
up to KEEP_S old in an entry: a child's name (renamed by the teacher) and the assignment's hints and
stand-in time. An entry is taken out while its move is under way (a second move on the same match at
that moment reads the row), and forgotten after KEEP_S.

A socket's move adds the match as it left it to its broadcast (`attach`), so the processes where the
match's other sockets are keep it too (`learn`): two children whose sockets are in different processes
still move in one round trip each. A change broadcast without it (the scheduler's, a REST call's) drops
the older entry. What a message carries is checked like the rest: a row written since fails the check.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass

from channels.layers import get_channel_layer

from games.models import Match
from games.services import match_store
from games.services.broadcast import group_name

log = logging.getLogger(__name__)
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

    def learn(self, match_id: int, message: dict) -> None:
        """A committed change was broadcast: keep the match as it left it if the message carries it (a
        socket's move in another process, `attach`), else drop an older entry."""
        values = message.get(MESSAGE_KEY)
        kept = self.entries.get(match_id)
        if kept is not None and kept.match.version >= message["version"]:
            return
        try:
            match = match_store.from_values(values["match"]) if values is not None else None
        except (ValueError, TypeError, KeyError, IndexError):  # another code's fields, or not ours at all
            log.warning("match %s: the match its broadcast carried could not be read", match_id, exc_info=True)
            match = None
        if match is None:
            self.forget_before(match_id, message["version"])
            return
        self.keep(match, values["row_version"])


MESSAGE_KEY = "kept"  # in a match.changed message: the match as its change left it; never sent to a browser


def attach(message: dict, match: Match, row_version: str) -> None:
    """Put the committed match into its broadcast, for this match's sockets in other processes: their next
    move there is one round trip too. The message goes to Redis anyway; this adds the rows' values, unless
    the match's last broadcast from this loop reached no other process (the proxy keeps a match's sockets on
    one: deploy/nginx.conf). A process that starts listening meanwhile misses only this shortcut: its next
    move on the match reads the row."""
    if match.status != Match.Status.ACTIVE:
        return
    layer = get_channel_layer()
    if hasattr(layer, "reached_others") and not layer.reached_others(group_name(match.pk)):
        return
    message[MESSAGE_KEY] = {"match": match_store.as_values(match), "row_version": row_version}


_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, KeptMatches] = weakref.WeakKeyDictionary()


def of_this_loop() -> KeptMatches:
    loop = asyncio.get_running_loop()
    kept = _by_loop.get(loop)
    if kept is None:
        kept = _by_loop[loop] = KeptMatches()
    return kept
