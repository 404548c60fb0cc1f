"""A hook on the fake's aiohttp app that hands every REST exchange (the request as the client
sent it and the answer the fake gave) to whoever listens: the contract test holds both against
Discord's published API description. Nothing is kept, and almost nothing is done, while no one
listens (the load command).

A fake in another process (the load command's) writes its exchanges, one JSON line each, to
``<folder>/<pid>.jsonl`` when the environment names the folder in :data:`EXCHANGES_ENV`.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from bot.loadtest.fakediscord.common import API_PREFIX, JSON


@dataclass(frozen=True)
class Exchange:
    """One REST request and the fake's answer to it.

    ``route`` is the path after ``/api/v10``; ``body`` the JSON body, or a multipart body's
    ``payload_json`` (``multipart`` then says so); ``answer`` the JSON of the answer, ``None``
    when it had no body.
    """

    method: str
    route: str
    query: dict[str, str]
    content_type: str
    body: JSON
    multipart: bool
    status: int
    answer: JSON


#: Listeners called with every exchange of every fake in this process.
LISTENERS: list[Callable[[Exchange], None]] = []

#: The environment variable naming the folder where a fake writes its exchanges.
EXCHANGES_ENV = "FAKEDISCORD_EXCHANGES"


def install(app: web.Application) -> None:
    """Add the recording middleware to ``app`` (before it starts), and the file writer when
    the environment asks for it."""
    app.middlewares.append(_record)
    folder = os.environ.get(EXCHANGES_ENV)
    if folder and not any(isinstance(w, _Writer) for w in LISTENERS):
        LISTENERS.append(_Writer(Path(folder) / f"{os.getpid()}.jsonl"))


class _Writer:
    """Appends each exchange to a file as a JSON line."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, exchange: Exchange) -> None:
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(dataclasses.asdict(exchange)) + "\n")


def read_exchanges(folder: Path) -> list[Exchange]:
    """The exchanges the fakes of other processes wrote to ``folder``."""
    return [
        Exchange(**json.loads(line))
        for path in sorted(folder.glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]


@web.middleware
async def _record(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    response = await handler(request)
    if LISTENERS and request.path.startswith(API_PREFIX):
        exchange = await _exchange(request, response)
        for listener in list(LISTENERS):
            listener(exchange)
    return response


async def _exchange(request: web.Request, response: web.StreamResponse) -> Exchange:
    """The exchange, read after the handler (aiohttp keeps the body it read)."""
    body: JSON = None
    multipart = request.content_type.startswith("multipart/")
    if request.body_exists:
        if multipart:
            payload = (await request.post()).get("payload_json")
            body = json.loads(payload) if isinstance(payload, str) else None
        else:
            raw = await request.read()
            body = _json(raw) if request.content_type == "application/json" else None
    answer: JSON = None
    if isinstance(response, web.Response) and isinstance(response.body, bytes) and response.body:
        answer = _json(response.body)
    return Exchange(
        method=request.method,
        route=request.path.removeprefix(API_PREFIX),
        query=dict(request.query),
        content_type=request.content_type if request.body_exists else "",
        body=body,
        multipart=multipart,
        status=response.status,
        answer=answer,
    )


def _json(raw: bytes) -> JSON:
    try:
        value: JSON = json.loads(raw)
    except ValueError:
        return raw.decode(errors="replace")
    return value
