"""The fake Discord of the end-to-end tests: it lives in :mod:`bot.loadtest.fakediscord`
(the Discord load command runs the bot against it too); this module keeps the tests' name."""

from __future__ import annotations

from typing import Any

from bot.loadtest.fakediscord import (
    ALL_PERMISSIONS,
    API_PREFIX,
    DISCORD_ROUTE_LIMITS,
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
    UNKNOWN_ERRORS,
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
from bot.ui.permissions import invite_permissions

#: What the bot's invite asks for (the declaration of ``bot/ui/permissions.py``), the only
#: permissions a strict server grants it (the fake's ``strict`` mode).
STRICT_PERMISSIONS = invite_permissions().value


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
