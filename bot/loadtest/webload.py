"""The web pages under load (``python -m bot.loadtest … --web-rate R``, docs/web.md).

The worker serves the pages from its own process, beside its tables (:func:`serve_pages`:
the same application as the bot's, on a read-only connection, the live tables from memory).
The parent asks for pages at ``R`` a second on average, at random moments (an open loop),
over the second half of the run only: the tables' latencies of the first half are the run
without pages, those of the second half the run with them. The pages asked go in turn: a
server's home, its leaderboard (a metric and a period drawn at random), a robot's profile (a
robot yet to finish a hand has none: that 404 is counted apart, ``profiles_not_yet``), a
step of a hand's replay (one of the last :data:`RECENT_HANDS` hands the homes listed, as
readers follow the links of the showdowns and the homes to the hands just played; a step from
1 to 8; before any home has listed a hand, its server's home instead). A Brag hand whose
pack is still in play is refused (403): counted apart too, ``replays_in_play``.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Final

import aiohttp

from bot.loadtest.setup import guild_of, percentiles, robots_of
from bot.runtime.manager import TableManager
from bot.storage import METRICS, Database
from bot.storage.readonly import open_reader
from bot.web.app import bound_port, serving
from bot.web.site import Site
from bot.web.tables import LiveTables

PAGES: Final = ("home", "leaderboard", "profile", "replay")
#: A hand's replayer, as a home page links it.
HAND_LINK: Final = re.compile(r'href="(/g/\d+/hands/\d+)"')
#: The replay steps asked (a shorter hand shows its last).
REPLAY_STEPS: Final = 8
#: The replay steps asked are of the hands the homes listed last.
RECENT_HANDS: Final = 50


async def make_public(db: Database, tables: int) -> None:
    """Every load-test server shows its pages to anyone, ranking from one hand."""
    async with db.transaction() as tx:
        for k in range(tables):
            await tx.change_web_settings(guild_of(k), visibility="public", min_hands=1)


@contextlib.asynccontextmanager
async def serve_pages(database: str, manager: TableManager) -> AsyncIterator[int]:
    """The pages, served from this process on a free port of 127.0.0.1 (yielded), without
    request limit."""
    reader = await open_reader(database)
    try:
        site = Site(reader, LiveTables(manager, {}, {}))
        async with serving(site, "127.0.0.1", 0) as runner:
            port = bound_port(runner)
            assert port is not None
            yield port
    finally:
        await reader.close()


def page_path(
    rng: random.Random, number: int, tables: int, seed: int, hands: list[str] | None = None
) -> tuple[str, str]:
    """The ``number``-th page asked: (its kind, its path); ``hands``: the replayers the homes
    have listed so far.

    >>> page_path(random.Random(1), 0, 3, 1), page_path(random.Random(1), 2, 3, 1)
    (('home', '/g/1/'), ('profile', '/g/1/players/1005'))
    >>> page_path(random.Random(1), 3, 3, 1, ["/g/1/hands/4"])
    ('replay', '/g/1/hands/4?step=5')
    """
    k = rng.randrange(tables)
    guild = guild_of(k)
    kind = PAGES[number % len(PAGES)]
    if kind == "replay" and hands:
        hand = rng.choice(hands[-RECENT_HANDS:])
        return kind, f"{hand}?step={rng.randint(1, REPLAY_STEPS)}"
    if kind in ("home", "replay"):
        return "home", f"/g/{guild}/"
    if kind == "leaderboard":
        metric = rng.choice(METRICS)
        period = rng.choice(("all", "week"))
        return kind, f"/g/{guild}/leaderboard?metric={metric}&period={period}"
    robot = rng.choice(robots_of(seed, k)[1])
    return kind, f"/g/{guild}/players/{robot}"


@dataclass
class PageFigures:
    """The pages' latencies (ms) by kind, and the answers other than 200."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in PAGES})
    errors: dict[str, int] = field(default_factory=dict)
    #: Profiles of robots yet to finish a hand (404, as the pages answer): not errors.
    not_yet: int = 0
    #: Replays refused while the hand's pack is in play (403): not errors.
    in_play: int = 0
    #: The replayers the homes listed (the replay steps asked are theirs).
    hands: list[str] = field(default_factory=list)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def paged_at(moment: float, switch: float | None, window: float = 0.0) -> bool:
    """Whether the pages are asked at ``moment``: from ``switch`` on, or (``window`` above
    0) in every other window of ``window`` seconds from ``switch``, the first without.

    >>> paged_at(5.0, None), paged_at(5.0, 6.0), paged_at(7.0, 6.0)
    (False, False, True)
    >>> [paged_at(t, 0.0, 10.0) for t in (1.0, 11.0, 21.0, 31.0)]
    [False, True, False, True]
    """
    if switch is None or moment < switch:
        return False
    return window <= 0 or int((moment - switch) // window) % 2 == 1


def paged_seconds(start: float, until: float, window: float = 0.0) -> float:
    """How long the pages are asked between ``start`` and ``until`` (:func:`paged_at`).

    >>> paged_seconds(0.0, 60.0), paged_seconds(0.0, 60.0, 10.0), paged_seconds(0.0, 25.0, 10.0)
    (60.0, 30.0, 10.0)
    """
    if window <= 0:
        return max(0.0, until - start)
    total, k = 0.0, 1
    while start + k * window < until:
        total += min(until, start + (k + 1) * window) - (start + k * window)
        k += 2
    return total


async def ask_pages(
    port: int,
    rate: float,
    start: float,
    until: float,
    tables: int,
    seed: int,
    window: float = 0.0,
) -> PageFigures:
    """From ``start`` to ``until`` (unix times), pages at ``rate`` a second on average (only
    in the windows :func:`paged_at` says); each latency runs from the moment the page was due
    to its last byte."""
    figures = PageFigures()
    rng = random.Random(f"pages-{seed}")
    base = f"http://127.0.0.1:{port}"
    pending: set[asyncio.Task[None]] = set()
    connector = aiohttp.TCPConnector(limit=64)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def fetch(kind: str, path: str, due: float) -> None:
            try:
                async with session.get(base + path) as response:
                    body = await response.read()
                    if kind == "profile" and response.status == 404:
                        figures.not_yet += 1
                        return
                    if kind == "replay" and response.status == 403:
                        figures.in_play += 1
                        return
                    if kind == "home":
                        found = HAND_LINK.findall(body.decode("utf-8", "replace"))
                        known = set(figures.hands)
                        # the newest first on a home: the last of the list is the newest found
                        fresh = [h for h in dict.fromkeys(reversed(found)) if h not in known]
                        figures.hands = [*figures.hands, *fresh][-RECENT_HANDS:]
                    if response.status != 200:
                        figures.error(f"{kind} {response.status}")
                        return
            except Exception as exc:
                figures.error(f"{kind} {type(exc).__name__}")
                return
            figures.latencies[kind].append((time.time() - due) * 1000.0)

        await asyncio.sleep(max(0.0, start - time.time()))
        due, number = time.time(), 0
        while True:
            due += rng.expovariate(rate)
            while window > 0 and not paged_at(due, start, window):  # to the next window
                due = start + (int((due - start) // window) + 1) * window
            if due >= until:
                break
            await asyncio.sleep(max(0.0, due - time.time()))
            kind, path = page_path(rng, number, tables, seed, figures.hands)
            number += 1
            task = asyncio.create_task(fetch(kind, path, due))
            pending.add(task)
            task.add_done_callback(pending.discard)
        if pending:
            await asyncio.wait(pending, timeout=30)
    return figures


def page_report(figures: PageFigures, rate: float, seconds: float) -> dict[str, Any]:
    """What the report says of the pages."""
    every = [x for values in figures.latencies.values() for x in values]
    return {
        "rate": rate,
        "seconds": round(seconds, 3),
        "requests": len(every),
        "per_second": round(len(every) / seconds, 1) if seconds > 0 else 0.0,
        "errors": sum(figures.errors.values()),
        "error_kinds": figures.errors,
        "profiles_not_yet": figures.not_yet,
        "replays_in_play": figures.in_play,
        "latency_ms": percentiles(every),
        "p99_ms_by_page": {k: percentiles(v)["p99"] for k, v in figures.latencies.items()},
    }


def tables_report(without: list[float], with_pages: list[float]) -> dict[str, Any]:
    """The tables' latencies without the pages (first half) and with them (second half)."""
    before, after = percentiles(without), percentiles(with_pages)
    change = None
    if before["p99"] and after["p99"] is not None:
        change = round(after["p99"] / before["p99"] - 1.0, 3)
    return {"without_pages": before, "with_pages": after, "p99_change": change}
