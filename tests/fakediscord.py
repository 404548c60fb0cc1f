"""The fake Discord of the end-to-end tests: it lives in :mod:`bot.loadtest.fakediscord`
(the Discord load command runs the bot against it too); this module keeps the tests' name."""

from __future__ import annotations

from typing import Any

from bot.loadtest.fakediscord import (
    ALL_PERMISSIONS,
    API_PREFIX,
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    DISCORD_ROUTE_LIMITS,
    EMBED_LINKS,
    GATEWAY_PATH,
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
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    UNKNOWN_ERRORS,
    VIEW_CHANNEL,
    FakeDiscord,
    Fault,
    GatewaySession,
    InteractionResponse,
    Limiter,
    MessageWrite,
    RateLimitHit,
    RateLimits,
    RecordedRequest,
    ResumableSession,
    RouteLimit,
    json_response,
)

#: What the bot's invite asks for, the only permissions a strict server grants it (the fake's
#: ``strict`` mode). The one place tests name them: at merge, the declaration in
#: ``bot/ui/permissions.py`` takes its place. Manage Threads is left out: the bot archives
#: the threads it opened without it (it only cannot lock them); it adds no reaction.
STRICT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | SEND_MESSAGES_IN_THREADS
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | CREATE_PUBLIC_THREADS
)


def strict_fake(*, withheld: int = 0, **kwargs: Any) -> FakeDiscord:
    """A fake Discord as a strict server: ``@everyone`` grants nothing, the bot's role only
    :data:`STRICT_PERMISSIONS` (less ``withheld``)."""
    return FakeDiscord(
        bot_permissions=STRICT_PERMISSIONS & ~withheld, everyone_permissions=0, **kwargs
    )


__all__ = [
    "ALL_PERMISSIONS",
    "API_PREFIX",
    "DISCORD_ROUTE_LIMITS",
    "GATEWAY_PATH",
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
    "STRICT_PERMISSIONS",
    "UNKNOWN_ERRORS",
    "FakeDiscord",
    "Fault",
    "GatewaySession",
    "InteractionResponse",
    "Limiter",
    "MessageWrite",
    "RateLimitHit",
    "RateLimits",
    "RecordedRequest",
    "ResumableSession",
    "RouteLimit",
    "json_response",
    "strict_fake",
]
