"""``python -m bot.loadtest.pagecost --database URL [--pages N] [--tables T] [--seed S]``:
what the web pages cost the event loop they share with the tables (docs/web.md).

Serves the pages of a load test's database (``python -m bot.loadtest … --web-rate R`` leaves
one) in this process and asks ``N`` of them one after another, in the load test's order
(:func:`bot.loadtest.webload.page_path`: home, leaderboard, profile, replay step), after
100 to warm up. Every callback the loop runs for the pages' requests is timed (the client's
own are not): the report gives the loop's milliseconds per page (and by kind of page) and
the stretches the loop spent in a page without giving it back (p50, p99, max). A table's
action that arrives during a stretch waits for it. Prints one JSON object.
"""

from __future__ import annotations

import asyncio
import asyncio.events
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.games.cli import Parser
from bot.loadtest.setup import percentiles
from bot.loadtest.webload import HAND_LINK, page_path
from bot.storage.readonly import open_reader
from bot.web.app import make_app
from bot.web.site import Site

#: Pages asked before the timing starts (templates, caches, the database's pages warm).
WARM_UP = 100


@contextmanager
def stretches(record: Callable[[float], None]) -> Iterator[None]:
    """Meanwhile, the duration (ms) of each callback the loop runs for a served request."""
    handle = asyncio.events.Handle
    original = handle._run

    def timed(self: asyncio.events.Handle) -> None:
        owner = getattr(getattr(self, "_callback", None), "__self__", None)
        coro = owner.get_coro() if isinstance(owner, asyncio.Task) else None
        start = time.perf_counter()
        original(self)
        if getattr(coro, "__qualname__", "") == "RequestHandler._handle_request":
            record((time.perf_counter() - start) * 1000.0)

    handle._run = timed  # type: ignore[method-assign]
    try:
        yield
    finally:
        handle._run = original  # type: ignore[method-assign]


async def measure(database: str, pages: int, tables: int, seed: int) -> dict[str, Any]:
    """Ask the pages and return the report."""
    reader = await open_reader(database)
    spent: list[float] = []
    by_kind: dict[str, list[float]] = {}
    try:
        async with TestClient(TestServer(make_app(Site(reader)))) as client:
            rng = random.Random(seed)
            hands: list[str] = []
            statuses: dict[int, int] = {}
            for number in range(WARM_UP + pages):
                kind, path = page_path(rng, number, tables, seed, hands)
                page: list[float] = []
                timing = stretches(page.append) if number >= WARM_UP else _untimed()
                with timing:
                    async with client.get(path) as response:
                        body = await response.text()
                if number >= WARM_UP:
                    spent.extend(page)
                    by_kind.setdefault(kind, []).append(sum(page))
                if kind == "home":
                    hands.extend(HAND_LINK.findall(body))
                if number >= WARM_UP:
                    statuses[response.status] = statuses.get(response.status, 0) + 1
    finally:
        await reader.close()
    return {
        "pages": pages,
        "answers": statuses,
        "loop_ms_per_page": round(sum(spent) / pages, 3),
        "stretch_ms": percentiles(spent),
        "loop_ms_by_page": {
            kind: round(sum(values) / len(values), 3) for kind, values in by_kind.items() if values
        },
    }


@contextmanager
def _untimed() -> Iterator[None]:
    yield


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(
        prog="python -m bot.loadtest.pagecost",
        description="What the web pages cost the event loop they share with the tables "
        "(docs/web.md): serves a load test's database and asks its pages one after another. "
        "Prints one JSON object.",
    )
    parser.add_argument("--database", required=True, help="a load test's database")
    parser.add_argument(
        "--pages", type=int, default=800, help="pages asked, after 100 to warm up (default: 800)"
    )
    parser.add_argument("--tables", type=int, default=200, help="as the load test had")
    parser.add_argument("--seed", type=int, default=1, help="as the load test had")
    args = parser.parse_args(argv)
    if args.pages < 1 or args.tables < 1:
        parser.error("--pages and --tables are 1 or more")
    report = asyncio.run(measure(args.database, args.pages, args.tables, args.seed))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
