"""A small fake Discord (REST under ``/api/v10`` and a gateway websocket) for end-to-end tests
and the Discord load command (``python -m bot.loadtest --discord``).

It serves just enough of the API for discord.py to log in, sync application commands, receive
a guild over the gateway and answer interactions. Everything is bound to 127.0.0.1 on a free
port; every HTTP request is recorded (method, path, query, JSON body, headers) so a test can
assert on what the bot did. Unknown routes answer a Discord-style 404 JSON body.

Gateway frames are sent zlib-stream compressed when the client asks for
``compress=zlib-stream`` (what discord.py does without zstandard installed) and as plain text
JSON otherwise; discord.py accepts both.

Discord as it is (docs.discord.com, "Rate Limits"), when ``rate_limits`` is given:

- per-route buckets keyed by the route and its top-level resource (``channel_id``,
  ``guild_id``, ``webhook_id`` + token), answered with ``X-RateLimit-Limit``, ``-Remaining``,
  ``-Reset``, ``-Reset-After`` and ``-Bucket``; Discord's windows are fixed: a bucket's window
  opens at its first request and resets ``per`` seconds later;
- a global limit per bot token (50 requests a second), which interaction endpoints
  (``/interactions/…/callback`` and the interaction webhooks) are not bound to;
- a 429 answers ``{"message": "You are being rate limited.", "retry_after": s, "global": b}``
  with ``Retry-After``, ``X-RateLimit-Scope`` (``user`` or ``global``) and ``Via`` (discord.py
  treats a 429 without ``Via`` as a Cloudflare ban); every 429 is kept in
  :attr:`FakeDiscord.rate_limited`, and 401/403/429 answers in the last ten minutes are
  :attr:`FakeDiscord.invalid_requests` (Discord bans the IP at 10,000).

Faults (:meth:`FakeDiscord.fault`) make the next N requests that match a method and a route
pattern answer a 5xx, a 429, nothing for a while, or one of Discord's JSON errors
(``Unknown Message`` 10008, ``Unknown Channel`` 10003, ``Unknown interaction`` 10062).
:meth:`FakeDiscord.drop_gateway` closes the gateway connection; the client RESUMEs (the
events it missed are replayed, then ``RESUMED``) or, when the session was not resumable, is
told ``INVALID_SESSION`` (``d: false``) and IDENTIFYs again (a fresh ``READY`` and the guilds).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import math
import re
import socket
import time
import zlib
from collections import deque
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway"

#: Gateway opcodes used here.
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE_UPDATE = 3
OP_RESUME = 6
OP_REQUEST_GUILD_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

#: Interaction callback types that create a message (channel message, deferred message).
MESSAGE_CALLBACKS = (4, 5)
#: Interaction callback types that edit the message a component was on.
UPDATE_CALLBACKS = (6, 7)

#: All permissions a guild admin would have (as Discord sends them: a decimal string).
ALL_PERMISSIONS = str((1 << 53) - 1)

#: Discord's error bodies for the "unknown" faults: (HTTP status, code, message).
UNKNOWN_ERRORS: dict[str, tuple[int, int, str]] = {
    "channel": (404, 10003, "Unknown Channel"),
    "message": (404, 10008, "Unknown Message"),
    "interaction": (404, 10062, "Unknown interaction"),
    "webhook": (404, 10015, "Unknown Webhook"),
}
#: Statuses Discord counts as invalid requests (a 429 of the ``shared`` scope excepted).
INVALID_STATUSES = (401, 403, 429)
#: The window of the invalid-request count, and the count at which Discord bans the IP.
INVALID_WINDOW = 600.0
INVALID_BAN = 10_000

JSON = Any
#: A REST handler: the request and its parsed body (JSON, or ``payload_json`` of a form).
Handler = Callable[[web.Request, JSON], Awaitable[web.StreamResponse]]


def json_response(data: JSON, status: int = 200) -> web.Response:
    """A JSON response as Discord sends it: discord.py wants exactly ``application/json``."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass(frozen=True)
class RecordedRequest:
    """One HTTP request the fake server received."""

    method: str
    path: str
    query: Mapping[str, str]
    json: JSON
    headers: Mapping[str, str]
    host: str
    #: ``time.monotonic()`` when it arrived.
    at: float = 0.0

    @property
    def route(self) -> str:
        """The path without the ``/api/v10`` prefix (the path itself for other paths)."""
        return self.path.removeprefix(API_PREFIX) if self.path.startswith(API_PREFIX) else self.path

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


@dataclass
class InteractionResponse:
    """One ``POST /interactions/{id}/{token}/callback`` body."""

    interaction_id: str
    token: str
    type: int
    data: dict[str, JSON]
    #: ``time.monotonic()`` when it arrived.
    at: float = 0.0


@dataclass
class MessageWrite:
    """A message created, edited or deleted, however it was done (for staleness figures)."""

    at: float
    #: ``post``, ``edit``, ``delete``, ``callback`` (created by an interaction response),
    #: ``update`` (an interaction response editing the component's message), ``webhook-edit``,
    #: ``followup``.
    kind: str
    channel_id: str
    message: dict[str, JSON]


# -- rate limits -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RouteLimit:
    """A per-route limit: ``limit`` requests per ``per`` seconds for each top-level resource.

    ``route`` is a regular expression over the route (the path after ``/api/v10``) with named
    groups; the groups named ``channel_id``, ``guild_id``, ``webhook_id`` and ``token`` are the
    top-level resources (Discord's "major parameters"), the others only match.
    """

    method: str
    route: str
    limit: int
    per: float
    bucket: str


#: Discord's limits for what the bot does, as measured and documented (they are not all
#: published; Discord says to read the headers): 5 messages per 5 s per channel, 5 edits per
#: 5 s per channel (an edit's top-level resource is its channel, not the message: every
#: message of a channel shares the bucket), 5 deletes per second per channel, DM channels and
#: the rest per bot.
DISCORD_ROUTE_LIMITS: tuple[RouteLimit, ...] = (
    RouteLimit("POST", r"/channels/(?P<channel_id>\d+)/messages", 5, 5.0, "msg-create"),
    RouteLimit(
        "PATCH", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)", 5, 5.0, "msg-edit"
    ),
    RouteLimit(
        "DELETE", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)", 5, 1.0, "msg-del"
    ),
    RouteLimit("POST", r"/users/@me/channels", 10, 10.0, "open-dm"),
    RouteLimit("POST", r"/webhooks/(?P<webhook_id>\d+)/(?P<token>[^/]+)", 5, 2.0, "webhook-exec"),
    RouteLimit(
        "PATCH",
        r"/webhooks/(?P<webhook_id>\d+)/(?P<token>[^/]+)/messages/(?P<message_id>[^/]+)",
        5,
        2.0,
        "webhook-edit",
    ),
    RouteLimit("PUT", r"/applications/\d+(?:/guilds/(?P<guild_id>\d+))?/commands", 2, 20.0, "cmds"),
    RouteLimit("POST", r"/applications/\d+/emojis", 50, 1.0, "emoji"),
)
#: Routes bound to no per-route limit nor to the global one (interaction endpoints).
GLOBAL_EXEMPT = (
    re.compile(r"/interactions/\d+/[^/]+/callback"),
    re.compile(r"/webhooks/\d+/[^/]+(?:/.*)?"),
)
#: Every route not listed: a generous limit per route, so it still answers headers.
DEFAULT_LIMIT = (50, 1.0)
MAJOR_PARAMETERS = ("channel_id", "guild_id", "webhook_id", "token")
#: Seconds an interaction's token stays valid (Discord: 15 minutes).
TOKEN_LIFETIME = 15 * 60.0
#: Events a gateway session keeps for a RESUME (older ones: the session cannot resume).
REPLAY_BUFFER = 20_000


@dataclass
class RateLimits:
    """What the fake enforces; ``FakeDiscord(rate_limits=RateLimits())`` turns Discord's on."""

    routes: tuple[RouteLimit, ...] = DISCORD_ROUTE_LIMITS
    #: Requests per second per bot token (``None``: no global limit).
    global_per_second: int | None = 50


@dataclass
class _Window:
    """A fixed window: opened by its first request, reset ``per`` seconds later."""

    limit: int
    per: float
    used: int = 0
    resets_at: float = 0.0

    def roll(self, now: float) -> None:
        if now >= self.resets_at:
            self.used = 0
            self.resets_at = now + self.per


@dataclass(frozen=True)
class RateLimitHit:
    """One 429 the fake answered."""

    at: float
    method: str
    route: str
    bucket: str
    retry_after: float
    is_global: bool
    #: Made to happen by a fault rather than by the limits.
    injected: bool = False


class Limiter:
    """Discord's per-route and global limits over the fake's REST routes."""

    def __init__(self, config: RateLimits) -> None:
        self.config = config
        self._routes = [(limit, re.compile(limit.route)) for limit in config.routes]
        self._buckets: dict[tuple[str, str], _Window] = {}
        self._global = _Window(config.global_per_second or 0, 1.0)

    def bucket_of(self, method: str, route: str) -> tuple[str, str, int, float]:
        """(bucket hash, major parameters, limit, window) of a request."""
        for limit, pattern in self._routes:
            if limit.method != method:
                continue
            match = pattern.fullmatch(route)
            if match is None:
                continue
            groups = match.groupdict()
            major = "+".join(str(groups[k]) for k in MAJOR_PARAMETERS if groups.get(k))
            return limit.bucket, major, limit.limit, limit.per
        # an unlisted route: a bucket of its own (its path shape), per top-level resource
        shape = re.sub(r"\d{5,}", "{id}", route)
        major = "+".join(re.findall(r"/(?:channels|guilds)/(\d+)", route))
        digest = f"{method}:{shape}"
        return digest, major, DEFAULT_LIMIT[0], DEFAULT_LIMIT[1]

    @staticmethod
    def exempt(route: str) -> bool:
        return any(p.fullmatch(route) for p in GLOBAL_EXEMPT)

    def check(
        self, method: str, route: str, now: float
    ) -> tuple[dict[str, str], RateLimitHit | None]:
        """Count a request: the headers to answer with, and the 429 if it is refused."""
        if self.exempt(route):
            return {}, None
        bucket, major, limit, per = self.bucket_of(method, route)
        window = self._buckets.get((bucket, major))
        if window is None:
            window = self._buckets[(bucket, major)] = _Window(limit, per)
        window.roll(now)
        reset_after = max(0.0, window.resets_at - now)
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": _hash(bucket),
        }
        if window.used >= limit:
            headers["X-RateLimit-Remaining"] = "0"
            headers["X-RateLimit-Scope"] = "user"
            return headers, RateLimitHit(now, method, route, bucket, reset_after, False)
        per_second = self.config.global_per_second
        if per_second is not None:
            self._global.roll(now)
            if self._global.used >= per_second:
                retry = max(0.001, self._global.resets_at - now)
                # a global 429 carries no bucket headers, only the global ones
                return {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}, (
                    RateLimitHit(now, method, route, "global", retry, True)
                )
            self._global.used += 1
        window.used += 1
        headers["X-RateLimit-Remaining"] = str(limit - window.used)
        return headers, None


def _hash(bucket: str) -> str:
    """A bucket hash that looks like Discord's (opaque, stable)."""
    return f"{zlib.crc32(bucket.encode()):08x}{len(bucket):02x}"


def rate_limited_response(hit: RateLimitHit, headers: Mapping[str, str]) -> web.Response:
    """Discord's 429: the JSON body, ``Retry-After`` (whole seconds, rounded up) and ``Via``."""
    body = {
        "message": "You are being rate limited.",
        "retry_after": round(hit.retry_after, 3),
        "global": hit.is_global,
    }
    response = json_response(body, status=429)
    response.headers.update(headers)
    response.headers["Retry-After"] = str(max(1, math.ceil(hit.retry_after)))
    response.headers.setdefault("X-RateLimit-Scope", "global" if hit.is_global else "user")
    return response


# -- faults ------------------------------------------------------------------------------------


@dataclass
class Fault:
    """The next ``times`` requests matching ``method`` and ``route`` (a regular expression
    over the path after ``/api/v10``, matched in full) answer this instead.

    ``kind``: ``status`` (``status`` with Discord's 5xx body), ``ratelimit`` (a 429 with
    ``retry_after``, ``is_global``), ``stall`` (answer nothing for ``seconds``, then the
    normal answer: a client that gives up first sees a timeout), ``error`` (``status`` with
    the JSON body ``{"message", "code"}``).
    """

    method: str
    route: str
    kind: str
    times: int = 1
    status: int = 500
    retry_after: float = 1.0
    is_global: bool = False
    seconds: float = 0.0
    code: int = 0
    message: str = ""
    #: How many requests it answered so far.
    hits: int = 0

    def matches(self, method: str, route: str) -> bool:
        return (
            self.hits < self.times
            and self.method in ("*", method)
            and re.fullmatch(self.route, route) is not None
        )


# -- the gateway -------------------------------------------------------------------------------


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


def custom_ids(message: Mapping[str, JSON]) -> list[str]:
    """Every component custom id of a message (a JSON payload), in order."""
    found: list[str] = []

    def walk(items: Any) -> None:
        for item in items or []:
            if isinstance(item, dict):
                if "custom_id" in item:
                    found.append(str(item["custom_id"]))
                walk(item.get("components"))

    walk(message.get("components"))
    return found


class FakeDiscord:
    """A fake Discord server: REST API and gateway on 127.0.0.1.

    Use ``await fake.start()`` then point discord.py at ``fake.api_base`` (``Route.BASE``) and
    ``fake.gateway_url`` (``DiscordWebSocket.DEFAULT_GATEWAY``); ``await fake.close()`` at the
    end.

    ``rate_limits``: Discord's limits (:class:`RateLimits`), or ``None`` for none.
    ``interaction_deadline``: seconds within which an interaction must get its first answer
    (Discord: 3), after which its callback answers 10062 ``Unknown interaction``; ``None``:
    no deadline. ``keep_requests``: record every request in :attr:`requests` (the load
    command only counts them).
    """

    def __init__(
        self,
        *,
        token: str = "fake-token",
        app_id: int = 1_100_000_000_000_000_001,
        guild_id: int = 1_100_000_000_000_000_100,
        channel_id: int = 1_100_000_000_000_000_200,
        user_id: int = 1_100_000_000_000_000_300,
        heartbeat_interval_ms: int = 41_250,
        rate_limits: RateLimits | None = None,
        interaction_deadline: float | None = None,
        keep_requests: bool = True,
    ) -> None:
        self.token = token
        self.app_id = app_id
        self.bot_user_id = app_id  # Discord gives a bot the id of its application
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.user_id = user_id
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.limiter = Limiter(rate_limits) if rate_limits is not None else None
        self.interaction_deadline = interaction_deadline
        self.keep_requests = keep_requests

        self.requests: list[RecordedRequest] = []
        #: Requests by ``METHOD route-shape`` (ids replaced by ``{id}``), kept always.
        self.request_counts: dict[str, int] = {}
        self.commands: dict[int | None, list[dict[str, JSON]]] = {}
        self.interaction_responses: list[InteractionResponse] = []
        self.messages: dict[int, dict[str, JSON]] = {}
        self.sessions: list[GatewaySession] = []
        #: Discord sessions by ``session_id`` (what a RESUME names).
        self.gateway_sessions: dict[str, ResumableSession] = {}
        self.identifies = 0
        self.resumes = 0
        #: RESUMEs answered ``INVALID_SESSION`` (the client then identified again).
        self.invalid_sessions = 0
        #: DM channel id by recipient user id (``POST /users/@me/channels``).
        self.dm_channels: dict[str, int] = {}
        #: The application's emojis (``/applications/{id}/emojis``): name -> emoji object.
        self.application_emojis: dict[str, dict[str, JSON]] = {}
        #: Guilds besides the default one: id -> (channel ids, member user ids).
        self.extra_guilds: dict[int, tuple[list[int], list[int]]] = {}
        #: Every 429 answered (by the limits or a fault).
        self.rate_limited: list[RateLimitHit] = []
        #: Faults waiting for their requests (:meth:`fault`).
        self.faults: list[Fault] = []
        #: Every message write (when ``keep_requests``); listeners see them all.
        self.writes: list[MessageWrite] = []
        self.write_listeners: list[Callable[[MessageWrite], None]] = []
        #: Called with (method, route, body) for every REST request as it arrives.
        self.request_listeners: list[Callable[[str, str, JSON], None]] = []
        #: Interactions dispatched: id -> (channel id, message id of the component or None,
        #: dispatched at); tokens -> interaction id.
        self.interactions: dict[str, tuple[str, str | None, float]] = {}
        self._tokens: dict[str, str] = {}
        #: The message an interaction's response created or updated (its ``@original``).
        self._originals: dict[str, str] = {}
        self._answered_ids: set[str] = set()
        #: When each interaction's first callback arrived (answered or refused).
        self.callback_attempts: dict[str, float] = {}
        #: Interactions whose callback came after ``interaction_deadline`` (10062).
        self.late_interactions: list[str] = []
        #: How long an interaction's token may send follow-ups and edit its ``@original``
        #: (Discord: 15 minutes); after it, 401 Invalid Webhook Token (50027).
        self.token_lifetime = TOKEN_LIFETIME
        self._invalid: deque[float] = deque()
        self._transports: dict[int, Any] = {}
        self._gateway_back_at = 0.0

        self._ids: Iterator[int] = itertools.count(1_200_000_000_000_000_000)
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ------------------------------------------------------------------ lifecycle

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` should be."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}{GATEWAY_PATH}"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get(GATEWAY_PATH, self._gateway)
        api = [
            ("GET", "/users/@me", self._get_me),
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("GET", "/applications/@me", self._get_application),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/applications/{app_id}/commands", self._get_commands),
            ("PUT", "/applications/{app_id}/commands", self._put_commands),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self._get_commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self._put_commands),
            ("GET", "/applications/{app_id}/emojis", self._get_emojis),
            ("POST", "/applications/{app_id}/emojis", self._create_emoji),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app_id}/{token}", self._followup),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self._edit_webhook),
            ("POST", "/users/@me/channels", self._create_dm),
            ("POST", "/channels/{channel_id}/messages", self._create_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message),
        ]
        for method, path, handler in api:
            app.router.add_route(method, API_PREFIX + path, self._recorded(handler))
        app.router.add_route("*", "/{tail:.*}", self._recorded(self._unknown))
        app.on_shutdown.append(self._close_sessions)

        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock, backlog=1024).start()

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _close_sessions(self, _app: web.Application) -> None:
        for session in self.sessions:
            if not session.ws.closed:
                await session.ws.close()

    # ------------------------------------------------------------------ waiting

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> None:
        """Wait until ``predicate()`` holds (it is checked after every request or frame)."""
        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(predicate)

    async def wait_for_request(
        self, method: str, route: str, timeout: float = 5.0
    ) -> RecordedRequest:
        """The first request with this method and route (path after ``/api/v10``)."""

        def found() -> RecordedRequest | None:
            return next((r for r in self.requests if r.method == method and r.route == route), None)

        await self.wait_until(lambda: found() is not None, timeout)
        request = found()
        assert request is not None
        return request

    @property
    def rest_requests(self) -> list[RecordedRequest]:
        """The requests made to the REST API (not the gateway upgrade)."""
        return [r for r in self.requests if r.path.startswith(API_PREFIX)]

    # ------------------------------------------------------------------ limits and faults

    @property
    def invalid_requests(self) -> int:
        """401, 403 and 429 answers (a ``shared`` 429 excepted) in the last ten minutes:
        Discord bans the IP for an hour at 10,000 (``INVALID_BAN``)."""
        self._forget_invalid(time.monotonic())
        return len(self._invalid)

    def _forget_invalid(self, now: float) -> None:
        while self._invalid and self._invalid[0] <= now - INVALID_WINDOW:
            self._invalid.popleft()

    def fault(self, method: str, route: str, kind: str, *, times: int = 1, **how: Any) -> Fault:
        """The next ``times`` requests ``method route`` (``*`` for any method; ``route`` a
        regular expression over the path after ``/api/v10``) answer with the fault ``kind``
        (:class:`Fault`); returns it (its ``hits`` count the requests it answered)."""
        fault = Fault(method, route, kind, times=times, **how)
        self.faults.append(fault)
        return fault

    def fail_next(self, method: str, route: str, *, status: int = 500, times: int = 1) -> Fault:
        """A 5xx (Discord's body) for the next ``times`` matching requests."""
        return self.fault(method, route, "status", times=times, status=status)

    def rate_limit_next(
        self,
        method: str,
        route: str,
        *,
        retry_after: float = 1.0,
        is_global: bool = False,
        times: int = 1,
    ) -> Fault:
        """A 429 with ``retry_after`` for the next ``times`` matching requests."""
        return self.fault(
            method, route, "ratelimit", times=times, retry_after=retry_after, is_global=is_global
        )

    def stall_next(self, method: str, route: str, seconds: float, *, times: int = 1) -> Fault:
        """No answer for ``seconds`` to the next ``times`` matching requests (then the normal
        answer, unless the client gave up)."""
        return self.fault(method, route, "stall", times=times, seconds=seconds)

    def unknown_next(self, method: str, route: str, what: str, *, times: int = 1) -> Fault:
        """Discord's ``Unknown Message`` (10008), ``Unknown Channel`` (10003), ``Unknown
        interaction`` (10062) or ``Unknown Webhook`` (10015) for ``what`` = ``message``,
        ``channel``, ``interaction``, ``webhook``."""
        status, code, message = UNKNOWN_ERRORS[what]
        return self.fault(
            method, route, "error", times=times, status=status, code=code, message=message
        )

    def _take_fault(self, method: str, route: str) -> Fault | None:
        for fault in self.faults:
            if fault.matches(method, route):
                fault.hits += 1
                return fault
        return None

    async def _apply_fault(
        self, fault: Fault, method: str, route: str, now: float
    ) -> web.StreamResponse | None:
        """The fault's answer (``None``: go on and answer normally, after a stall)."""
        if fault.kind == "stall":
            await asyncio.sleep(fault.seconds)
            return None
        if fault.kind == "ratelimit":
            hit = RateLimitHit(
                now, method, route, "fault", fault.retry_after, fault.is_global, injected=True
            )
            self.rate_limited.append(hit)
            headers = {"X-RateLimit-Global": "true"} if fault.is_global else {}
            return rate_limited_response(hit, headers)
        if fault.kind == "error":
            return json_response({"message": fault.message, "code": fault.code}, fault.status)
        # a 5xx as Discord's edge gives it
        return json_response({"message": f"{fault.status}: Server Error", "code": 0}, fault.status)

    # ------------------------------------------------------------------ payloads

    def snowflake(self) -> int:
        return next(self._ids)

    def bot_user(self) -> dict[str, JSON]:
        return {
            "id": str(self.bot_user_id),
            "username": "SalonBot",
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": True,
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "public_flags": 0,
        }

    def user(self, user_id: int | None = None, name: str = "player") -> dict[str, JSON]:
        uid = self.user_id if user_id is None else user_id
        return {
            "id": str(uid),
            "username": f"{name}{uid % 1000}",
            "discriminator": "0",
            "global_name": name.capitalize(),
            "avatar": None,
            "public_flags": 0,
        }

    def member(self, user: dict[str, JSON], *, permissions: bool = False) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "user": user,
            "roles": [],
            "joined_at": _now(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
        }
        if permissions:
            data["permissions"] = ALL_PERMISSIONS
        return data

    def text_channel(
        self, channel_id: int | None = None, guild_id: int | None = None
    ) -> dict[str, JSON]:
        return {
            "id": str(self.channel_id if channel_id is None else channel_id),
            "type": 0,
            "guild_id": str(self.guild_id if guild_id is None else guild_id),
            "name": "salon",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def add_guild(
        self, guild_id: int, channel_ids: Sequence[int], member_ids: Sequence[int] = ()
    ) -> None:
        """Another guild the bot is in (sent at each IDENTIFY): its text channels and members."""
        self.extra_guilds[guild_id] = (list(channel_ids), list(member_ids))

    def guild_ids(self) -> list[int]:
        return [self.guild_id, *self.extra_guilds]

    def guild(self, guild_id: int | None = None) -> dict[str, JSON]:
        if guild_id is None or guild_id == self.guild_id:
            guild_id, channels, members = self.guild_id, [self.channel_id], [self.user_id]
        else:
            channels, members = self.extra_guilds[guild_id]
        return {
            "id": str(guild_id),
            "name": "Fake salon",
            "icon": None,
            "owner_id": str(members[0] if members else self.user_id),
            "unavailable": False,
            "large": False,
            "member_count": 1 + len(members),
            "joined_at": _now(),
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {
                    "id": str(guild_id),
                    "name": "@everyone",
                    "permissions": ALL_PERMISSIONS,
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [self.text_channel(c, guild_id) for c in channels],
            "threads": [],
            "members": [self.member(self.bot_user())]
            + [self.member(self.user(u)) for u in members],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "preferred_locale": "en-US",
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
        }

    def application(self) -> dict[str, JSON]:
        return {
            "id": str(self.app_id),
            "name": "SalonBot",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.user(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "interactions_endpoint_url": None,
            "bot": self.bot_user(),
        }

    def message(
        self,
        channel_id: str,
        body: Mapping[str, JSON],
        *,
        message_type: int = 0,
        author: dict[str, JSON] | None = None,
    ) -> dict[str, JSON]:
        return {
            "id": str(self.snowflake()),
            "channel_id": channel_id,
            "author": author or self.bot_user(),
            "content": body.get("content") or "",
            "timestamp": _now(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": list(body.get("embeds") or []),
            "components": list(body.get("components") or []),
            "pinned": False,
            "type": message_type,
            "flags": int(body.get("flags") or 0),
        }

    # ------------------------------------------------------------------ REST

    def _recorded(self, handler: Handler) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        """Wrap a handler: parse the body, record the request, apply a fault or the rate
        limits, then answer (with the rate-limit headers)."""

        async def recorded(request: web.Request) -> web.StreamResponse:
            body: JSON = None
            if request.can_read_body:
                if request.content_type == "application/json":
                    body = await request.json()
                elif request.content_type.startswith("multipart/"):
                    form = await request.post()
                    payload = form.get("payload_json")
                    body = json.loads(payload) if isinstance(payload, str) else None
                else:
                    body = (await request.read()).decode(errors="replace")
            now = time.monotonic()
            await self._record(request, body, now)
            response = await self._answer(request, body, handler, now)
            if (
                response.status in INVALID_STATUSES
                and response.headers.get("X-RateLimit-Scope") != "shared"
            ):
                self._invalid.append(time.monotonic())
                self._forget_invalid(time.monotonic())
            return response

        return recorded

    async def _answer(
        self, request: web.Request, body: JSON, handler: Handler, now: float
    ) -> web.StreamResponse:
        method = request.method
        route = request.path.removeprefix(API_PREFIX)
        fault = self._take_fault(method, route) if self.faults else None
        if fault is not None:
            faulty = await self._apply_fault(fault, method, route, now)
            if faulty is not None:
                faulty.headers["Via"] = "1.1 google"
                return faulty
        headers: dict[str, str] = {}
        if self.limiter is not None and request.path.startswith(API_PREFIX):
            headers, hit = self.limiter.check(method, route, now)
            if hit is not None:
                self.rate_limited.append(hit)
                response: web.StreamResponse = rate_limited_response(hit, headers)
                response.headers["Via"] = "1.1 google"
                return response
        response = await handler(request, body)
        response.headers.update(headers)
        response.headers["Via"] = "1.1 google"
        return response

    async def _record(self, request: web.Request, body: JSON, now: float) -> None:
        shape = request.method + " " + re.sub(r"/\d{5,}", "/{id}", request.path)
        shape = re.sub(r"/interactions/\{id\}/[^/]+/", "/interactions/{id}/{token}/", shape)
        shape = re.sub(r"/webhooks/\{id\}/[^/]+", "/webhooks/{id}/{token}", shape)
        self.request_counts[shape] = self.request_counts.get(shape, 0) + 1
        if request.path.startswith(API_PREFIX):
            for listener in self.request_listeners:
                listener(request.method, request.path.removeprefix(API_PREFIX), body)
        if self.keep_requests:
            self.requests.append(
                RecordedRequest(
                    method=request.method,
                    path=request.path,
                    query=dict(request.query),
                    json=body,
                    headers=dict(request.headers),
                    host=request.host,
                    at=now,
                )
            )
        await self._notify()

    def _wrote(self, kind: str, message: dict[str, JSON]) -> None:
        write = MessageWrite(time.monotonic(), kind, str(message.get("channel_id")), message)
        if self.keep_requests:
            self.writes.append(write)
        for listener in self.write_listeners:
            listener(write)

    @staticmethod
    def _object(body: JSON) -> dict[str, JSON]:
        return body if isinstance(body, dict) else {}

    async def _unknown(self, request: web.Request, body: JSON) -> web.Response:
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

    def _authorized(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.token}"

    @staticmethod
    def _unauthorized() -> web.Response:
        return json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    async def _get_me(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        return json_response(self.bot_user())

    async def _get_gateway(self, request: web.Request, body: JSON) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        return json_response(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _get_application(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        return json_response(self.application())

    @staticmethod
    def _scope(request: web.Request) -> int | None:
        guild = request.match_info.get("guild_id")
        return int(guild) if guild else None

    async def _get_commands(self, request: web.Request, body: JSON) -> web.Response:
        return json_response(self.commands.get(self._scope(request), []))

    async def _put_commands(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        if request.match_info["app_id"] != str(self.app_id):
            return json_response({"message": "Unknown Application", "code": 10002}, 404)
        if not isinstance(body, list):
            return json_response({"message": "Invalid Form Body", "code": 50035}, 400)
        scope = self._scope(request)
        previous = {c["name"]: c["id"] for c in self.commands.get(scope, [])}
        stored: list[dict[str, JSON]] = []
        for command in body:
            name = command["name"]
            entry: dict[str, JSON] = {
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                **command,
                "id": previous.get(name) or str(self.snowflake()),
                "application_id": str(self.app_id),
                "version": str(self.snowflake()),
            }
            if scope is not None:
                entry["guild_id"] = str(scope)
            stored.append(entry)
        self.commands[scope] = stored
        await self._notify()
        return json_response(stored)

    def _interaction_channel(self, interaction_id: str) -> str:
        context = self.interactions.get(interaction_id)
        return context[0] if context is not None else str(self.channel_id)

    async def _callback(self, request: web.Request, body: JSON) -> web.Response:
        body = self._object(body)
        interaction_id = request.match_info["interaction_id"]
        self.callback_attempts.setdefault(interaction_id, time.monotonic())
        context = self.interactions.get(interaction_id)
        if (
            context is not None
            and self.interaction_deadline is not None
            and time.monotonic() - context[2] > self.interaction_deadline
        ):
            self.late_interactions.append(interaction_id)
            status, code, text = UNKNOWN_ERRORS["interaction"]
            return json_response({"message": text, "code": code}, status)
        if interaction_id in self._answered_ids:
            return json_response(
                {"message": "Interaction has already been acknowledged.", "code": 40060}, 400
            )
        response = InteractionResponse(
            interaction_id=interaction_id,
            token=request.match_info["token"],
            type=int(body.get("type", 0)),
            data=dict(body.get("data") or {}),
            at=time.monotonic(),
        )
        self.interaction_responses.append(response)
        self._answered_ids.add(interaction_id)
        channel_id = self._interaction_channel(interaction_id)
        interaction: dict[str, JSON] = {"id": interaction_id, "type": 2}
        result: dict[str, JSON] = {"interaction": interaction}
        if response.type in MESSAGE_CALLBACKS:
            message = self.message(channel_id, response.data, message_type=20)
            self.messages[int(message["id"])] = message
            self._originals[interaction_id] = str(message["id"])
            self._wrote("callback", message)
            flags = int(response.data.get("flags") or 0)
            interaction.update(
                response_message_id=message["id"],
                response_message_loading=response.type == 5,
                response_message_ephemeral=bool(flags & 64),
            )
            result["resource"] = {"type": response.type, "message": message}
        elif response.type in UPDATE_CALLBACKS and context is not None and context[1]:
            self._originals[interaction_id] = context[1]
            target = self.messages.get(int(context[1]))
            if target is not None and response.type == 7:
                self._apply_edit(target, response.data)
                self._wrote("update", target)
        await self._notify()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(result)

    def _token_expired(self, token: str) -> web.Response | None:
        """Discord's answer to an interaction token past its lifetime (None: still valid)."""
        interaction = self.interactions.get(self._tokens.get(token, ""))
        if interaction is None or time.monotonic() - interaction[2] < self.token_lifetime:
            return None
        return json_response({"message": "Invalid Webhook Token", "code": 50027}, status=401)

    async def _followup(self, request: web.Request, body: JSON) -> web.Response:
        expired = self._token_expired(request.match_info["token"])
        if expired is not None:
            return expired
        interaction_id = self._tokens.get(request.match_info["token"], "")
        message = self.message(
            self._interaction_channel(interaction_id), self._object(body), message_type=20
        )
        self.messages[int(message["id"])] = message
        self._wrote("followup", message)
        await self._notify()
        return json_response(message)

    async def _edit_webhook(self, request: web.Request, body: JSON) -> web.Response:
        expired = self._token_expired(request.match_info["token"])
        if expired is not None:
            return expired
        target = request.match_info["message_id"]
        if target == "@original":
            interaction_id = self._tokens.get(request.match_info["token"], "")
            original = self._originals.get(interaction_id)
            if original is None:
                # the latest message created by an interaction response stands for it
                candidates = [m for m in self.messages.values() if m["type"] == 20]
                if not candidates:
                    return await self._unknown(request, body)
                original = str(candidates[-1]["id"])
            target = original
        return await self._update_message(int(target), self._object(body), "webhook-edit")

    async def _get_emojis(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        return json_response({"items": list(self.application_emojis.values())})

    async def _create_emoji(self, request: web.Request, body: JSON) -> web.Response:
        """Like Discord: a 2-32 character name, unique; a PNG, JPEG or GIF data URI."""
        if not self._authorized(request):
            return self._unauthorized()
        data = self._object(body)
        name, image = str(data.get("name", "")), str(data.get("image", ""))
        if not re.fullmatch(r"\w{2,32}", name) or name in self.application_emojis:
            return json_response({"code": 50035, "message": "Invalid Form Body"}, 400)
        if not re.match(r"data:image/(png|jpeg|gif);base64,", image):
            return json_response({"code": 50035, "message": "Invalid image"}, 400)
        emoji = {
            "id": str(self.snowflake()),
            "name": name,
            "roles": [],
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
            "user": self.user(self.bot_user_id),
        }
        self.application_emojis[name] = {**emoji, "image": image}
        await self._notify()
        return json_response(emoji, 201)

    async def _create_dm(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        recipient = str(self._object(body).get("recipient_id"))
        channel_id = self.dm_channels.setdefault(recipient, self.snowflake())
        return json_response(
            {
                "id": str(channel_id),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.user(int(recipient))],
            }
        )

    async def _create_message(self, request: web.Request, body: JSON) -> web.Response:
        message = self.message(request.match_info["channel_id"], self._object(body))
        self.messages[int(message["id"])] = message
        self._wrote("post", message)
        await self._notify()
        return json_response(message)

    async def _edit_message(self, request: web.Request, body: JSON) -> web.Response:
        return await self._update_message(
            int(request.match_info["message_id"]), self._object(body), "edit"
        )

    async def _delete_message(self, request: web.Request, body: JSON) -> web.Response:
        message = self.messages.pop(int(request.match_info["message_id"]), None)
        if message is None:
            status, code, text = UNKNOWN_ERRORS["message"]
            return json_response({"message": text, "code": code}, status)
        self._wrote("delete", message)
        await self._notify()
        return web.Response(status=204)

    @staticmethod
    def _apply_edit(message: dict[str, JSON], body: Mapping[str, JSON]) -> None:
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                message[key] = body[key]
        message["edited_timestamp"] = _now()

    async def _update_message(
        self, message_id: int, body: dict[str, JSON], kind: str = "edit"
    ) -> web.Response:
        message = self.messages.get(message_id)
        if message is None:
            status, code, text = UNKNOWN_ERRORS["message"]
            return json_response({"message": text, "code": code}, status)
        self._apply_edit(message, body)
        self._wrote(kind, message)
        await self._notify()
        return json_response(message)

    # ------------------------------------------------------------------ gateway

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
        # presence updates and member requests (ops 3 and 8) are accepted and ignored

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

    def _interaction_base(
        self,
        kind: int,
        data: dict[str, JSON],
        *,
        user: dict[str, JSON] | None,
        guild_id: int | None,
        channel_id: int | None,
    ) -> dict[str, JSON]:
        guild = self.guild_id if guild_id is None else guild_id
        channel = self.text_channel(channel_id, guild)
        interaction_id = self.snowflake()
        return {
            "id": str(interaction_id),
            "application_id": str(self.app_id),
            "type": kind,
            "token": f"interaction-token-{interaction_id}",
            "version": 1,
            "guild_id": str(guild),
            "channel_id": channel["id"],
            "channel": {**channel, "permissions": ALL_PERMISSIONS},
            "member": self.member(user or self.user(), permissions=True),
            "data": data,
            "app_permissions": ALL_PERMISSIONS,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }

    async def _send_interaction(self, payload: dict[str, JSON], message_id: str | None) -> None:
        interaction_id = str(payload["id"])
        self.interactions[interaction_id] = (
            str(payload["channel_id"]),
            message_id,
            time.monotonic(),
        )
        self._tokens[str(payload["token"])] = interaction_id
        await self.dispatch("INTERACTION_CREATE", payload)

    async def dispatch_interaction(
        self,
        name: str,
        options: Sequence[dict[str, JSON]] = (),
        *,
        user: dict[str, JSON] | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> dict[str, JSON]:
        """Send an INTERACTION_CREATE for the slash command ``name``; return its payload.

        ``options`` are Discord's option objects, e.g. ``{"name": "game", "type": 3,
        "value": "brelan"}``. The command id is the one given at the latest sync.
        """
        synced = self.commands.get(self.guild_id, []) + self.commands.get(None, [])
        command = next((c for c in synced if c["name"] == name), None)
        command_id = command["id"] if command else str(self.snowflake())
        data: dict[str, JSON] = {"id": command_id, "name": name, "type": 1}
        if options:
            data["options"] = list(options)
        if command is not None and "guild_id" in command and guild_id in (None, self.guild_id):
            data["guild_id"] = command["guild_id"]
        payload = self._interaction_base(
            2, data, user=user, guild_id=guild_id, channel_id=channel_id
        )
        await self._send_interaction(payload, None)
        return payload

    async def click(
        self,
        message: Mapping[str, JSON],
        custom_id: str,
        *,
        user: dict[str, JSON] | None = None,
        guild_id: int | None = None,
        values: Sequence[str] | None = None,
    ) -> dict[str, JSON]:
        """Send an INTERACTION_CREATE for a click on the component ``custom_id`` of
        ``message`` (a select menu when ``values`` are given); return its payload.

        ``message`` is the message as the member's client shows it (it may be behind the
        one the fake holds now: a stale button). Discord only sends clicks on components the
        message has (and discord.py ignores any other), so a custom id that is not on it is
        refused here with ``ValueError``."""
        if custom_id not in self.custom_ids(message):
            raise ValueError(f"{custom_id!r} is not a component of message {message.get('id')}")
        data: dict[str, JSON] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data.update(component_type=3, values=list(values))
        payload = self._interaction_base(
            3,
            data,
            user=user,
            guild_id=guild_id,
            channel_id=int(str(message["channel_id"])),
        )
        payload["message"] = json.loads(json.dumps(message))
        await self._send_interaction(payload, str(message["id"]))
        return payload

    def custom_ids(self, message: Mapping[str, JSON]) -> list[str]:
        """Every component custom id of a message, in order."""
        return custom_ids(message)
