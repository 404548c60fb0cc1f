"""Every REST request the bot makes with its token goes through its pacer (issue 47).

Discord's global limit (50 requests a second per bot, however many processes) counts every
request made with the bot's token; interaction callbacks, follow-ups and edits through a
click's token (``/interactions/…``, ``/webhooks/…``) are outside it. The bot stays under it
only if every other request waited for a token of its one :class:`~bot.ui.outbox.Pacer`.

:func:`watching` wraps the pacer: each token granted is a ticket for one request made after
it in the same task. It checks the tickets at two places:

- each call of discord.py's ``HTTPClient.request`` (simcord's too, which replaces it): its
  caller waited for a token (:attr:`Watch.unpaced`);
- each request the real client puts on the wire (an aiohttp trace added to the bot's
  session at log-in), discord.py's own retries after a 429 or a 5xx included
  (:attr:`Watch.unpaced_sends`).

discord.py's log-in calls, made before the bot has a pacer while nothing else is sent, are
apart (:data:`LOGIN`).
"""

from __future__ import annotations

import contextlib
import contextvars
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord.http
import pytest

from bot.ui.outbox import Pacer

#: discord.py's calls while logging in and connecting, before ``setup_hook`` builds the
#: pacer: who the bot is, its application, and where its gateway is.
LOGIN = frozenset({"/users/@me", "/oauth2/applications/@me", "/gateway", "/gateway/bot"})
#: Interaction endpoints, outside the global limit (a click's or a command's token).
EXEMPT = re.compile(r"/(interactions|webhooks)/")


@dataclass
class Ticket:
    """One pacer token: good for one call and one request on the wire."""

    called: bool = False
    sent: bool = False


_ticket: contextvars.ContextVar[Ticket | None] = contextvars.ContextVar(
    "paced_ticket", default=None
)


@dataclass
class Watch:
    """What the watch saw of the requests bound to the global limit."""

    paced: list[tuple[str, str]] = field(default_factory=list)
    unpaced: list[tuple[str, str]] = field(default_factory=list)
    sends: list[str] = field(default_factory=list)
    unpaced_sends: list[str] = field(default_factory=list)

    def called(self, route: discord.http.Route) -> None:
        method, path = route.method, route.path
        if EXEMPT.match(path) or (method == "GET" and path in LOGIN):
            return
        ticket = _ticket.get()
        if ticket is None or ticket.called:
            self.unpaced.append((method, path))
            return
        ticket.called = True
        self.paced.append((method, path))

    def sent(self, method: str, url: str) -> None:
        base = discord.http.Route.BASE
        if not url.startswith(base):
            return  # the gateway, the CDN
        path = url[len(base) :].split("?")[0]
        if EXEMPT.match(path) or (method == "GET" and path in LOGIN):
            return
        ticket = _ticket.get()
        self.sends.append(f"{method} {path}")
        if ticket is None or ticket.sent:
            self.unpaced_sends.append(f"{method} {path}")
            return
        ticket.sent = True

    def assert_all_paced(self) -> None:
        calls, sends = sorted(set(self.unpaced)), sorted(set(self.unpaced_sends))
        assert not calls and not sends, (
            f"REST calls outside the pacer: {calls}; requests sent without a token: {sends}"
        )


@contextlib.contextmanager
def watching(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Watch every request of every ``HTTPClient`` (simcord's too) meanwhile."""
    watch = Watch()
    acquire, refund = Pacer.acquire, Pacer.refund

    async def paced_acquire(self: Pacer, *args: Any, **kwargs: Any) -> None:
        await acquire(self, *args, **kwargs)
        _ticket.set(Ticket())

    def paced_refund(self: Pacer) -> None:
        refund(self)
        _ticket.set(None)

    monkeypatch.setattr(Pacer, "acquire", paced_acquire)
    monkeypatch.setattr(Pacer, "refund", paced_refund)
    classes: list[type[discord.http.HTTPClient]] = [discord.http.HTTPClient]
    with contextlib.suppress(ImportError):
        import simcord.http.client

        classes.append(simcord.http.client.FakeHTTPClient)
    for cls in classes:
        monkeypatch.setattr(cls, "request", _called(cls.request, watch))
    monkeypatch.setattr(
        discord.http.HTTPClient,
        "static_login",
        _traced(discord.http.HTTPClient.static_login, watch),
    )
    yield watch


def _called(request: Any, watch: Watch) -> Any:
    async def called(self: Any, route: discord.http.Route, *args: Any, **kwargs: Any) -> Any:
        watch.called(route)
        return await request(self, route, *args, **kwargs)

    return called


def _traced(static_login: Any, watch: Watch) -> Any:
    """``static_login`` opens the session with ``http_trace``: the watch's hook is added
    to it there, after the bot's own (which may wait for a token first)."""

    async def on_request_start(
        session: aiohttp.ClientSession, context: SimpleNamespace, params: Any
    ) -> None:
        watch.sent(params.method, str(params.url))

    async def traced(self: discord.http.HTTPClient, token: str) -> Any:
        if self.http_trace is None:
            self.http_trace = aiohttp.TraceConfig()
        if not self.http_trace.on_request_start.frozen:  # not yet in a session
            self.http_trace.on_request_start.append(on_request_start)
        return await static_login(self, token)

    return traced
