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

Channel permissions are enforced as Discord does (:mod:`.permissions`): 403, code 50013
Missing Permissions, when the bot's role lacks what a request needs (every permission by
default); threads can be opened, read, renamed, archived and locked (:mod:`.channels`).

Faults (:meth:`FakeDiscord.fault`) make the next N requests that match a method and a route
pattern answer a 5xx, a 429, nothing for a while, or one of Discord's JSON errors
(``Unknown Message`` 10008, ``Unknown Channel`` 10003, ``Unknown interaction`` 10062).
:meth:`FakeDiscord.drop_gateway` closes the gateway connection; the client RESUMEs (the
events it missed are replayed, then ``RESUMED``) or, when the session was not resumable, is
told ``INVALID_SESSION`` (``d: false``) and IDENTIFYs again (a fresh ``READY`` and the guilds).
"""

from __future__ import annotations

from bot.loadtest.fakediscord.common import (
    ALL_PERMISSIONS,
    API_PREFIX,
    GATEWAY_PATH,
    INVALID_BAN,
    INVALID_STATUSES,
    INVALID_WINDOW,
    JSON,
    MESSAGE_CALLBACKS,
    OP_DISPATCH,
    OP_HEARTBEAT,
    OP_HEARTBEAT_ACK,
    OP_HELLO,
    OP_IDENTIFY,
    OP_INVALID_SESSION,
    OP_PRESENCE_UPDATE,
    OP_REQUEST_GUILD_MEMBERS,
    OP_RESUME,
    TOKEN_LIFETIME,
    UNKNOWN_ERRORS,
    UPDATE_CALLBACKS,
    Handler,
    InteractionResponse,
    MessageWrite,
    RecordedRequest,
    custom_ids,
    json_response,
)
from bot.loadtest.fakediscord.faults import (
    Fault,
)
from bot.loadtest.fakediscord.gateway import (
    REPLAY_BUFFER,
    GatewaySession,
    ResumableSession,
)
from bot.loadtest.fakediscord.limits import (
    DEFAULT_LIMIT,
    DISCORD_ROUTE_LIMITS,
    GLOBAL_EXEMPT,
    MAJOR_PARAMETERS,
    Limiter,
    RateLimitHit,
    RateLimits,
    RouteLimit,
    rate_limited_response,
)
from bot.loadtest.fakediscord.permissions import (
    ADD_REACTIONS,
    ADMINISTRATOR,
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    EVERY_PERMISSION,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USE_EXTERNAL_EMOJIS,
    VIEW_CHANNEL,
    channel_permissions,
)
from bot.loadtest.fakediscord.server import (
    FakeDiscord,
)

__all__ = [
    "ADD_REACTIONS",
    "ADMINISTRATOR",
    "ALL_PERMISSIONS",
    "API_PREFIX",
    "ATTACH_FILES",
    "CREATE_PRIVATE_THREADS",
    "CREATE_PUBLIC_THREADS",
    "DEFAULT_LIMIT",
    "DISCORD_ROUTE_LIMITS",
    "EMBED_LINKS",
    "EVERY_PERMISSION",
    "GATEWAY_PATH",
    "GLOBAL_EXEMPT",
    "INVALID_BAN",
    "INVALID_STATUSES",
    "INVALID_WINDOW",
    "JSON",
    "MAJOR_PARAMETERS",
    "MANAGE_CHANNELS",
    "MANAGE_MESSAGES",
    "MANAGE_THREADS",
    "MESSAGE_CALLBACKS",
    "OP_DISPATCH",
    "OP_HEARTBEAT",
    "OP_HEARTBEAT_ACK",
    "OP_HELLO",
    "OP_IDENTIFY",
    "OP_INVALID_SESSION",
    "OP_PRESENCE_UPDATE",
    "OP_REQUEST_GUILD_MEMBERS",
    "OP_RESUME",
    "READ_MESSAGE_HISTORY",
    "REPLAY_BUFFER",
    "SEND_MESSAGES",
    "SEND_MESSAGES_IN_THREADS",
    "TOKEN_LIFETIME",
    "UNKNOWN_ERRORS",
    "UPDATE_CALLBACKS",
    "USE_EXTERNAL_EMOJIS",
    "VIEW_CHANNEL",
    "FakeDiscord",
    "Fault",
    "GatewaySession",
    "Handler",
    "InteractionResponse",
    "Limiter",
    "MessageWrite",
    "RateLimitHit",
    "RateLimits",
    "RecordedRequest",
    "ResumableSession",
    "RouteLimit",
    "channel_permissions",
    "custom_ids",
    "json_response",
    "rate_limited_response",
]
