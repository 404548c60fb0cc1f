"""The fake's gateway: the websocket connection, IDENTIFY and RESUME, the replay buffer of a
Discord session, and outages (:meth:`GatewayMixin.drop_gateway`)."""

from __future__ import annotations

import asyncio
import json
import time
import zlib
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from bot.loadtest.fakediscord.common import (
    JSON,
    OP_DISPATCH,
    OP_HEARTBEAT,
    OP_HEARTBEAT_ACK,
    OP_HELLO,
    OP_IDENTIFY,
    OP_INVALID_SESSION,
    OP_RESUME,
)
from bot.loadtest.fakediscord.payloads import PayloadsMixin

#: Events a gateway session keeps for a RESUME (older ones: the session cannot resume).
REPLAY_BUFFER = 20_000


@dataclass
class GatewaySession:
    """One websocket connection from the client (and the Discord session it carries)."""

    ws: web.WebSocketResponse
    compress: str | None
    seq: int = 0
    identify: dict[str, JSON] | None = None
    heartbeats: int = 0
    received: list[dict[str, JSON]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    compressor: Any = field(default_factory=zlib.compressobj)
    #: The Discord session (``session_id``) this connection identified or resumed.
    state: ResumableSession | None = None
    #: Whether this connection was made by a RESUME (rather than an IDENTIFY).
    resumed: bool = False

    async def send(self, payload: dict[str, JSON]) -> None:
        async with self.lock:
            await self._send(payload)

    async def dispatch(self, event: str, data: dict[str, JSON]) -> None:
        if self.state is not None:
            await self.state.dispatch(event, data)
            return
        async with self.lock:  # sequence numbers go out in order
            self.seq += 1
            await self._send({"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data})

    async def _send(self, payload: dict[str, JSON]) -> None:
        if self.ws.closed:
            return
        raw = json.dumps(payload, separators=(",", ":"))
        if self.compress == "zlib-stream":
            stream = self.compressor
            await self.ws.send_bytes(
                stream.compress(raw.encode()) + stream.flush(zlib.Z_SYNC_FLUSH)
            )
        else:
            await self.ws.send_str(raw)


@dataclass
class ResumableSession:
    """A Discord gateway session: its sequence and every event sent, so a RESUME can replay
    what the client missed. Events dispatched while no connection carries it are kept."""

    session_id: str
    shard: JSON
    seq: int = 0
    events: deque[dict[str, JSON]] = field(default_factory=lambda: deque(maxlen=REPLAY_BUFFER))
    connection: GatewaySession | None = None
    resumable: bool = True
    #: The IDENTIFY payload that opened it.
    identify: dict[str, JSON] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.ws.closed

    async def dispatch(self, event: str, data: dict[str, JSON]) -> None:
        async with self.lock:
            self.seq += 1
            payload = {"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data}
            self.events.append(payload)
            connection = self.connection
            if connection is not None and not connection.ws.closed:
                connection.seq = self.seq
                await connection.send(payload)

    def can_resume(self, after: int) -> bool:
        """Whether every event after ``after`` is still kept."""
        return self.resumable and (not self.events or int(self.events[0]["s"]) <= after + 1)

    async def replay(self, connection: GatewaySession, after: int) -> int:
        """Attach a resuming connection: send the events after ``after``, then RESUMED."""
        async with self.lock:
            self.connection = connection
            missed = [e for e in self.events if int(e["s"]) > after]
            for payload in missed:
                await connection.send(payload)
            self.seq += 1
            connection.seq = self.seq
            resumed = {"op": OP_DISPATCH, "t": "RESUMED", "s": self.seq, "d": {}}
            self.events.append(resumed)
            await connection.send(resumed)
            return len(missed)


class GatewayMixin(PayloadsMixin):
    """The gateway websocket of :class:`~bot.loadtest.fakediscord.FakeDiscord`."""

    heartbeat_interval_ms: int
    sessions: list[GatewaySession]
    gateway_sessions: dict[str, ResumableSession]
    identifies: int
    resumes: int
    invalid_sessions: int
    _transports: dict[int, Any]
    _gateway_back_at: float

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        await self._record(request, None, time.monotonic())
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        session = GatewaySession(ws=ws, compress=request.query.get("compress"))
        self._transports[id(session)] = request.transport
        self.sessions.append(session)
        await asyncio.sleep(max(0.0, self._gateway_back_at - time.monotonic()))
        await session.send(
            {"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
        )
        try:
            async for frame in ws:
                if frame.type is WSMsgType.TEXT:
                    payload = json.loads(frame.data)
                elif frame.type is WSMsgType.BINARY:
                    payload = json.loads(zlib.decompress(frame.data))
                else:
                    break
                session.received.append(payload)
                await self._on_gateway_payload(session, payload)
                await self._notify()
        finally:
            self._transports.pop(id(session), None)
            if session.state is not None and session.state.connection is session:
                session.state.connection = None
        await self._notify()
        return ws

    async def _on_gateway_payload(self, session: GatewaySession, payload: dict[str, JSON]) -> None:
        op = payload.get("op")
        data = payload.get("d")
        if op == OP_HEARTBEAT:
            session.heartbeats += 1
            await session.send({"op": OP_HEARTBEAT_ACK})
        elif op == OP_IDENTIFY:
            assert isinstance(data, dict)
            if data.get("token") != self.token:
                await session.ws.close(code=4004, message=b"Authentication failed.")
                return
            self.identifies += 1
            session.identify = data
            shard = data.get("shard", [0, 1])
            state = ResumableSession(f"fake-session-{self.snowflake()}", shard, identify=data)
            state.connection = session
            session.state = state
            self.gateway_sessions[state.session_id] = state
            # a sharded client (AutoShardedBot) names its shard; READY says it back
            await session.dispatch("READY", self._ready_payload(shard, state.session_id))
            for guild_id in self.guild_ids():
                await session.dispatch("GUILD_CREATE", self.guild(guild_id))
        elif op == OP_RESUME:
            assert isinstance(data, dict)
            if data.get("token") != self.token:
                await session.ws.close(code=4004, message=b"Authentication failed.")
                return
            known = self.gateway_sessions.get(str(data.get("session_id")))
            after = int(data.get("seq") or 0)
            if known is None or not known.can_resume(after):
                # Discord: the session cannot be resumed; the client identifies again
                self.invalid_sessions += 1
                await session.send({"op": OP_INVALID_SESSION, "d": False})
                return
            self.resumes += 1
            session.identify = known.identify
            session.state = known
            session.resumed = True
            await known.replay(session, after)

    def _ready_payload(self, shard: JSON, session_id: str | None = None) -> dict[str, JSON]:
        return {
            "v": 10,
            "shard": shard,
            "user": self.bot_user(),
            "application": {"id": str(self.app_id), "flags": 0},
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guild_ids()],
            "session_id": session_id or f"fake-session-{self.snowflake()}",
            "resume_gateway_url": self.gateway_url,
            "session_type": "normal",
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
        }

    @property
    def identified(self) -> GatewaySession | None:
        """The latest gateway session that identified and is still open."""
        live = [s for s in self.sessions if s.identify is not None and not s.ws.closed]
        return live[-1] if live else None

    @property
    def current_session(self) -> ResumableSession | None:
        """The latest Discord session identified (connected or not)."""
        return next(reversed(self.gateway_sessions.values()), None)

    async def drop_gateway(
        self,
        *,
        resumable: bool = True,
        code: int = 4000,
        abrupt: bool = False,
        outage: float = 0.0,
    ) -> None:
        """Close the live gateway connections as an outage would.

        ``code`` is the close code (4000, Discord's "unknown error": the client reconnects
        and RESUMEs); ``abrupt`` drops the TCP connection with no close frame instead.
        ``resumable=False`` forgets the session first: the RESUME is answered
        ``INVALID_SESSION`` (``d: false``) and the client IDENTIFYs again. Events dispatched
        meanwhile are kept for the RESUME. ``outage``: for that many seconds a new
        connection gets no HELLO (the client waits, as it would for a gateway that is down).
        """
        self._gateway_back_at = time.monotonic() + outage
        for session in [s for s in self.sessions if not s.ws.closed]:
            if session.state is not None:
                session.state.resumable = resumable
                session.state.connection = None
            transport = self._transports.get(id(session))
            if abrupt and transport is not None:
                transport.abort()
            else:
                await session.ws.close(code=code, message=b"fake outage")
        await self._notify()

    async def dispatch(self, event: str, data: dict[str, JSON]) -> None:
        """Send a DISPATCH event on the current Discord session; while its connection is
        down (an outage), the event waits for the RESUME."""
        state = self.current_session
        if state is not None:
            await state.dispatch(event, data)
            return
        session = self.identified
        assert session is not None, "no identified gateway session"
        await session.dispatch(event, data)
