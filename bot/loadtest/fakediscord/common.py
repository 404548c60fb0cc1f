"""What every part of the fake Discord shares: the API's paths and opcodes, Discord's error
bodies, the JSON answer and the records of what the client did."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

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


#: Seconds an interaction's token stays valid (Discord: 15 minutes).
TOKEN_LIFETIME = 15 * 60.0


JSON = Any


#: Where a request keeps the files of its multipart body: (filename, content type, size).
FILES_KEY = web.RequestKey("fake_files", list[tuple[str, str, int]])


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
    #: The names of the files it carried (a multipart body).
    files: tuple[str, ...] = ()

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
