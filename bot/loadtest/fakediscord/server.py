"""The fake Discord server: its state, the aiohttp app and its routes, and the wrapper every
REST request goes through (recording, faults, rate limits)."""

from __future__ import annotations

import asyncio
import itertools
import json
import socket
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from aiohttp import web

from bot.loadtest.fakediscord.applications import ApplicationsMixin
from bot.loadtest.fakediscord.channels import ChannelsMixin
from bot.loadtest.fakediscord.common import (
    API_PREFIX,
    FILES_KEY,
    GATEWAY_PATH,
    INVALID_STATUSES,
    JSON,
    TOKEN_LIFETIME,
    Handler,
    InteractionResponse,
    MessageWrite,
    RecordedRequest,
)
from bot.loadtest.fakediscord.faults import Fault, FaultsMixin
from bot.loadtest.fakediscord.gateway import GatewaySession, ResumableSession
from bot.loadtest.fakediscord.interactions import InteractionsMixin
from bot.loadtest.fakediscord.limits import Limiter, RateLimitHit, RateLimits, rate_limited_response
from bot.loadtest.fakediscord.permissions import EVERY_PERMISSION
from bot.loadtest.fakediscord.recorder import install as install_recorder


class FakeDiscord(InteractionsMixin, ChannelsMixin, ApplicationsMixin, FaultsMixin):
    """A fake Discord server: REST API and gateway on 127.0.0.1.

    Use ``await fake.start()`` then point discord.py at ``fake.api_base`` (``Route.BASE``) and
    ``fake.gateway_url`` (``DiscordWebSocket.DEFAULT_GATEWAY``); ``await fake.close()`` at the
    end.

    ``rate_limits``: Discord's limits (:class:`RateLimits`), or ``None`` for none.
    ``interaction_deadline``: seconds within which an interaction must get its first answer
    (Discord: 3), after which its callback answers 10062 ``Unknown interaction``; ``None``:
    no deadline. ``keep_requests``: record every request in :attr:`requests` (the load
    command only counts them).

    ``bot_permissions``: the permissions of the bot's role (default: all of them, so nothing
    is refused); ``everyone_permissions``: the guild's ``@everyone`` (default: none). A
    strict server gives the bot's role only the invite's permissions; channel overwrites:
    :meth:`overwrite` and :meth:`withhold`.
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
        bot_permissions: int = EVERY_PERMISSION,
        everyone_permissions: int = 0,
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
        self._init_channels(bot_permissions, everyone_permissions)

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
        self.interaction_types: dict[str, int] = {}
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

    def _init_channels(self, bot_permissions: int, everyone_permissions: int) -> None:
        """What the channels hold beyond messages: the permissions the fake enforces (the
        bot's role, @everyone, each channel's overwrites) and the threads."""
        self.bot_permissions = bot_permissions
        self.everyone_permissions = everyone_permissions
        self.overwrites: dict[int, list[JSON]] = {}
        self.threads: dict[int, dict[str, JSON]] = {}
        self.channel_guilds: dict[int, int] = {}
        #: Embeds dropped for want of Embed Links: (channel id, how many).
        self.dropped_embeds: list[tuple[int, int]] = []

    async def start(self) -> None:
        app = web.Application()
        install_recorder(app)
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
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("PATCH", "/channels/{channel_id}", self._edit_channel),
            ("POST", "/channels/{channel_id}/threads", self._start_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._start_thread),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message),
            (
                "PUT",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self._add_reaction,
            ),
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
                    request[FILES_KEY] = [
                        (f.filename, f.content_type, len(f.file.read()))
                        for f in form.values()
                        if isinstance(f, web.FileField)
                    ]
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
