"""The match socket (/ws/matches/<id>/): thin. Authenticates, checks the seat, calls services."""

from __future__ import annotations

import asyncio
import logging

import orjson
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from classroom.errors import ServiceError
from classroom.sign_out import SESSION_ENDED_CLOSE_CODE, user_group
from games import clock, selectors
from games.match_views import SPECTATOR
from games.realtime import inbox, kept_matches, move_path, scheduler
from games.realtime.db import run_in_db_thread
from games.services import broadcast, moves, player_messages
from games.services.broadcast import group_name

log = logging.getLogger(__name__)
# Frames that are not messages (binary, not JSON, too large, an unknown type...) a connection may send
# before it is closed with 1008, "policy violation". A client of ours sends none.
GARBAGE_LIMIT = 10
CLOSE_GARBAGE = 1008


class MatchConsumer(AsyncJsonWebsocketConsumer):
    # Accepted, after the access check. The socket joins its match's group before that check, so a
    # broadcast may reach one that is about to be refused: it is passed on to none that was not admitted.
    admitted = False

    async def __call__(self, scope, receive, send) -> None:
        # Channels' loop, with one queue for frames and broadcasts (games.realtime.inbox).
        await inbox.run(self, scope, receive, send)

    async def dispatch(self, message: dict) -> None:
        # Channels' own dispatch first closes stale database connections in its one shared
        # thread, for every frame and every broadcast: under load they queue behind other
        # matches' moves. The calls below that use the database close them themselves.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    @classmethod
    async def encode_json(cls, content: dict) -> str:
        # orjson: the same JSON as the standard library's, written about five times faster, for every
        # state each socket is sent (a move sends one per player and watcher).
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS).decode()

    async def send_json(self, content: dict, close: bool = False) -> None:
        # Straight to the server, not through Channels' three `send` methods in turn (every state, every socket).
        await self.base_send({"type": "websocket.send", "text": await self.encode_json(content)})
        if close:
            await self.close()

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.last_version = -1
        self.bad_frames = 0
        self.sent_client_ids: dict[int, str] = {}  # version -> the client_id of this socket's action
        user = self.scope.get("user")
        group = group_name(self.match_id)
        # Joined before the read: a change committed after it is heard; one before it is in its snapshot.
        await self.channel_layer.group_add(group, self.channel_name)
        access = await run_in_db_thread(selectors.match_access)(user=user, match_id=self.match_id)
        if access is None:
            await self.channel_layer.group_discard(group, self.channel_name)
            # Logged: under load a 4403 must not pass unnoticed (the benchmark fails on any close).
            log.info("match %s: socket refused (signed in: %s)", self.match_id, bool(user and user.is_authenticated))
            await self.close(code=4403)
            return
        self.seat = access.seat  # None for the teacher watching
        self.user = user
        # A revoked card, a new password or class code closes this person's sockets (classroom.sign_out).
        await self.channel_layer.group_add(user_group(user.pk), self.channel_name)
        await self.accept()
        self.admitted = True
        scheduler.ensure_running()
        broadcast.deliver_on(asyncio.get_running_loop())
        if access.taken_over:  # the student is back: the stand-in steps aside, and the state changed
            await run_in_db_thread(moves.seat_take_back)(match_id=self.match_id, user=user)
            await self.send_snapshot()
        else:
            await self.send_state(access.snapshot)

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(group_name(self.match_id), self.channel_name)
        if getattr(self, "user", None) is not None:
            await self.channel_layer.group_discard(user_group(self.user.pk), self.channel_name)

    async def session_ended(self, message: dict) -> None:
        """This person's sessions were ended: so is this socket."""
        await self.close(code=SESSION_ENDED_CLOSE_CODE)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        """Every frame gets an answer; a bad one changes nothing and the socket stays open, until a client
        has sent GARBAGE_LIMIT frames that are not messages: then it is closed (CLOSE_GARBAGE)."""
        content = None
        try:
            if bytes_data is not None or text_data is None:
                raise player_messages.MessageRefused("bad_frame", "Send JSON text frames.")
            content = player_messages.decode_message(text_data)
            kind = player_messages.socket_message_type(content)
        except player_messages.MessageRefused as refusal:
            await self.refuse_frame(refusal, content.get("client_id") if content else None)
            return
        if kind == "sync":
            await self.send_snapshot()
        else:
            await self.act(content.get("action"), content.get("client_id"))

    async def refuse_frame(self, refusal: ServiceError, client_id) -> None:
        self.bad_frames += 1
        await self.send_error(refusal.code, refusal.message, client_id)
        if self.bad_frames >= GARBAGE_LIMIT:
            await self.close(code=CLOSE_GARBAGE)

    async def act(self, action, client_id) -> None:
        if self.seat is None:
            await self.send_error("spectator", "You are watching this match.", client_id)
            return
        try:
            accepted = await move_path.submit_action(match_id=self.match_id, user_id=self.user.pk, action=action,
                                                     client_id=client_id)
        except ServiceError as refusal:
            await self.send_error(refusal.code, refusal.message, client_id)
            return
        if accepted.duplicate:
            await self.send_snapshot(client_id=client_id)
        elif isinstance(client_id, str):
            # The broadcast of this change comes after this handler: it will carry the client_id.
            self.sent_client_ids[accepted.version] = client_id

    async def match_changed(self, message: dict) -> None:
        """A committed change, sent to the group: pass on this connection's own view."""
        if not self.admitted:
            return
        if self.seat is not None and message["match"]["seats"][self.seat]["user_id"] != self.user.pk:
            log.info("match %s: seat %s is no longer user %s's: socket closed", self.match_id, self.seat, self.user.pk)
            await self.close(code=4403)  # the student left this seat: its hand is no longer theirs
            return
        kept_matches.of_this_loop().forget_before(self.match_id, message["version"])
        client_id = self.sent_client_ids.pop(message["version"], None)
        if message["version"] < self.last_version and not client_id:
            return  # older than what this socket has shown (a snapshot overtook it)
        # An older state is still sent when it answers this socket's action: the client settles
        # the action by its client_id and keeps showing the newer state.
        self.last_version = max(self.last_version, message["version"])
        key = SPECTATOR if self.seat is None else str(self.seat)
        body = {"type": "state", "version": message["version"], "view": message["views"].get(key),
                "events": message["events"].get(key, []), "match": message["match"], "server_ms": clock.now_ms()}
        if client_id:
            body["client_id"] = client_id
        await self.send_json(body)

    async def layer_reconnected(self, message: dict) -> None:
        """The channel layer could not hear other processes for a while (Redis was away): catch up."""
        if not self.admitted:
            return
        version = await run_in_db_thread(selectors.match_version)(match_id=self.match_id)
        if version is not None and version > self.last_version:
            await self.send_snapshot()

    layer_unheard = layer_reconnected  # while it still cannot: every few seconds

    async def send_snapshot(self, client_id: str | None = None) -> None:
        await self.send_state(await run_in_db_thread(selectors.match_snapshot)(match_id=self.match_id, seat=self.seat),
                              client_id)

    async def send_state(self, snapshot: dict, client_id: str | None = None) -> None:
        snapshot["server_ms"] = clock.now_ms()
        self.last_version = max(self.last_version, snapshot["version"])
        if client_id:
            snapshot["client_id"] = client_id
        await self.send_json(snapshot)

    async def send_error(self, code: str, message: str, client_id=None) -> None:
        body = {"type": "error", "code": code, "message": message}
        if isinstance(client_id, str):
            body["client_id"] = client_id
        await self.send_json(body)
