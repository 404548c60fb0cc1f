"""The state every part of the fake Discord works on: its ids, the recorded requests, the
messages, and waiting for a change."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable, Iterator

from aiohttp import web

from bot.loadtest.fakediscord.common import (
    API_PREFIX,
    FILES_KEY,
    GATEWAY_PATH,
    JSON,
    MessageWrite,
    RecordedRequest,
    json_response,
)


class FakeState:
    """What the mixins of :class:`~bot.loadtest.fakediscord.FakeDiscord` share (set by its
    ``__init__``)."""

    token: str
    app_id: int
    bot_user_id: int
    guild_id: int
    channel_id: int
    user_id: int
    port: int
    keep_requests: bool
    requests: list[RecordedRequest]
    request_counts: dict[str, int]
    request_listeners: list[Callable[[str, str, JSON], None]]
    messages: dict[int, dict[str, JSON]]
    writes: list[MessageWrite]
    write_listeners: list[Callable[[MessageWrite], None]]
    _ids: Iterator[int]
    _changed: asyncio.Condition

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

    def snowflake(self) -> int:
        return next(self._ids)

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
                    files=tuple(f[0] for f in request.get(FILES_KEY, ())),
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
