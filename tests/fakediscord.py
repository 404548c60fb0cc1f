"""A small fake Discord (REST under ``/api/v10`` and a gateway websocket) for end-to-end tests.

It serves just enough of the API for discord.py to log in, sync application commands, receive
a guild over the gateway and answer interactions. Everything is bound to 127.0.0.1 on a free
port; every HTTP request is recorded (method, path, query, JSON body, headers) so a test can
assert on what the bot did. Unknown routes answer a Discord-style 404 JSON body.

Gateway frames are sent zlib-stream compressed when the client asks for
``compress=zlib-stream`` (what discord.py does without zstandard installed) and as plain text
JSON otherwise; discord.py accepts both.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import socket
import zlib
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

#: All permissions a guild admin would have (as Discord sends them: a decimal string).
ALL_PERMISSIONS = str((1 << 53) - 1)

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


@dataclass
class GatewaySession:
    """One websocket connection from the client."""

    ws: web.WebSocketResponse
    compress: str | None
    seq: int = 0
    identify: dict[str, JSON] | None = None
    heartbeats: int = 0
    received: list[dict[str, JSON]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    compressor: Any = field(default_factory=zlib.compressobj)

    async def send(self, payload: dict[str, JSON]) -> None:
        async with self.lock:
            await self._send(payload)

    async def dispatch(self, event: str, data: dict[str, JSON]) -> None:
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


class FakeDiscord:
    """A fake Discord server: REST API and gateway on 127.0.0.1.

    Use ``await fake.start()`` then point discord.py at ``fake.api_base`` (``Route.BASE``) and
    ``fake.gateway_url`` (``DiscordWebSocket.DEFAULT_GATEWAY``); ``await fake.close()`` at the
    end.
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
    ) -> None:
        self.token = token
        self.app_id = app_id
        self.bot_user_id = app_id  # Discord gives a bot the id of its application
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.user_id = user_id
        self.heartbeat_interval_ms = heartbeat_interval_ms

        self.requests: list[RecordedRequest] = []
        self.commands: dict[int | None, list[dict[str, JSON]]] = {}
        self.interaction_responses: list[InteractionResponse] = []
        self.messages: dict[int, dict[str, JSON]] = {}
        self.sessions: list[GatewaySession] = []
        #: DM channel id by recipient user id (``POST /users/@me/channels``).
        self.dm_channels: dict[str, int] = {}
        #: The application's emojis (``/applications/{id}/emojis``): name -> emoji object.
        self.application_emojis: dict[str, dict[str, JSON]] = {}

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
        await web.SockSite(self._runner, sock).start()

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

    def text_channel(self) -> dict[str, JSON]:
        return {
            "id": str(self.channel_id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": "salon",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def guild(self) -> dict[str, JSON]:
        return {
            "id": str(self.guild_id),
            "name": "Fake salon",
            "icon": None,
            "owner_id": str(self.user_id),
            "unavailable": False,
            "large": False,
            "member_count": 2,
            "joined_at": _now(),
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {
                    "id": str(self.guild_id),
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
            "channels": [self.text_channel()],
            "threads": [],
            "members": [self.member(self.bot_user()), self.member(self.user())],
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
        """Wrap a handler: parse the body, record the request, then answer."""

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
            await self._record(request, body)
            return await handler(request, body)

        return recorded

    async def _record(self, request: web.Request, body: JSON) -> None:
        self.requests.append(
            RecordedRequest(
                method=request.method,
                path=request.path,
                query=dict(request.query),
                json=body,
                headers=dict(request.headers),
                host=request.host,
            )
        )
        await self._notify()

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

    async def _callback(self, request: web.Request, body: JSON) -> web.Response:
        body = self._object(body)
        interaction_id = request.match_info["interaction_id"]
        response = InteractionResponse(
            interaction_id=interaction_id,
            token=request.match_info["token"],
            type=int(body.get("type", 0)),
            data=dict(body.get("data") or {}),
        )
        self.interaction_responses.append(response)
        await self._notify()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        interaction: dict[str, JSON] = {"id": interaction_id, "type": 2}
        result: dict[str, JSON] = {"interaction": interaction}
        if response.type in MESSAGE_CALLBACKS:
            message = self.message(str(self.channel_id), response.data, message_type=20)
            self.messages[int(message["id"])] = message
            flags = int(response.data.get("flags") or 0)
            interaction.update(
                response_message_id=message["id"],
                response_message_loading=response.type == 5,
                response_message_ephemeral=bool(flags & 64),
            )
            result["resource"] = {"type": response.type, "message": message}
        return json_response(result)

    async def _followup(self, request: web.Request, body: JSON) -> web.Response:
        message = self.message(str(self.channel_id), self._object(body), message_type=20)
        self.messages[int(message["id"])] = message
        await self._notify()
        return json_response(message)

    async def _edit_webhook(self, request: web.Request, body: JSON) -> web.Response:
        target = request.match_info["message_id"]
        if target == "@original":
            # the latest message created by an interaction response stands for the original
            candidates = [m for m in self.messages.values() if m["type"] == 20]
            if not candidates:
                return await self._unknown(request, body)
            target = candidates[-1]["id"]
        return await self._update_message(int(target), self._object(body))

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
        await self._notify()
        return json_response(message)

    async def _edit_message(self, request: web.Request, body: JSON) -> web.Response:
        return await self._update_message(int(request.match_info["message_id"]), self._object(body))

    async def _update_message(self, message_id: int, body: dict[str, JSON]) -> web.Response:
        message = self.messages.get(message_id)
        if message is None:
            return json_response({"message": "Unknown Message", "code": 10008}, status=404)
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                message[key] = body[key]
        message["edited_timestamp"] = _now()
        await self._notify()
        return json_response(message)

    # ------------------------------------------------------------------ gateway

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        await self._record(request, None)
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        session = GatewaySession(ws=ws, compress=request.query.get("compress"))
        self.sessions.append(session)
        await session.send(
            {"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
        )
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
            session.identify = data
            # a sharded client (AutoShardedBot) names its shard; READY says it back
            await session.dispatch("READY", self._ready_payload(data.get("shard", [0, 1])))
            await session.dispatch("GUILD_CREATE", self.guild())
        elif op == OP_RESUME:
            # no session to resume: tell the client to identify again
            await session.send({"op": OP_INVALID_SESSION, "d": False})
        # presence updates and member requests (ops 3 and 8) are accepted and ignored

    def _ready_payload(self, shard: JSON) -> dict[str, JSON]:
        return {
            "v": 10,
            "shard": shard,
            "user": self.bot_user(),
            "application": {"id": str(self.app_id), "flags": 0},
            "guilds": [{"id": str(self.guild_id), "unavailable": True}],
            "session_id": f"fake-session-{self.snowflake()}",
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

    async def dispatch(self, event: str, data: dict[str, JSON]) -> None:
        """Send a DISPATCH event on the identified gateway session."""
        session = self.identified
        assert session is not None, "no identified gateway session"
        await session.dispatch(event, data)

    async def dispatch_interaction(
        self,
        name: str,
        options: Sequence[dict[str, JSON]] = (),
        *,
        user: dict[str, JSON] | None = None,
        channel_id: int | None = None,
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
        if command is not None and "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        channel = self.text_channel()
        if channel_id is not None:
            channel["id"] = str(channel_id)
        interaction_id = self.snowflake()
        payload: dict[str, JSON] = {
            "id": str(interaction_id),
            "application_id": str(self.app_id),
            "type": 2,
            "token": f"interaction-token-{interaction_id}",
            "version": 1,
            "guild_id": str(self.guild_id),
            "channel_id": channel["id"],
            "channel": {**channel, "permissions": ALL_PERMISSIONS},
            "member": self.member(user or self.user(), permissions=True),
            "data": data,
            "app_permissions": ALL_PERMISSIONS,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload
