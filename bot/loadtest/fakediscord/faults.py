"""Faults the tests inject: the next requests matching a route answer a 5xx, a 429, nothing
for a while, or one of Discord's JSON errors."""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.loadtest.fakediscord.common import (
    INVALID_WINDOW,
    UNKNOWN_ERRORS,
    json_response,
)
from bot.loadtest.fakediscord.limits import RateLimitHit, rate_limited_response


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


class FaultsMixin:
    """The fault injection helpers of :class:`~bot.loadtest.fakediscord.FakeDiscord`, and its
    count of invalid requests."""

    faults: list[Fault]
    rate_limited: list[RateLimitHit]
    _invalid: deque[float]

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
