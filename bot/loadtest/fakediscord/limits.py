"""Discord's rate limits over the fake's REST routes: per-route buckets, the global limit and
the 429 Discord answers."""

from __future__ import annotations

import math
import re
import time
import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from aiohttp import web

from bot.loadtest.fakediscord.common import (
    json_response,
)


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
        "code": 0,
    }
    response = json_response(body, status=429)
    response.headers.update(headers)
    response.headers["Retry-After"] = str(max(1, math.ceil(hit.retry_after)))
    response.headers.setdefault("X-RateLimit-Scope", "global" if hit.is_global else "user")
    return response
