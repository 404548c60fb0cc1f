"""One load-test worker process: ``python -m bot.loadtest.worker`` (started by the parent).

It opens the database, resumes the tables of its shard (``ShardSet(P, [i])``), deals those
that have no hand yet and says ``ready`` on stdout (one JSON line, with how long the resume
took). It then waits for ``go DEADLINE`` on stdin and plays random legal actions on every
table until the deadline: open loop (each table's actions arrive at Poisson moments, ``rate``
a second; one that arrives while the table's previous action runs waits) or closed loop (each
table acts as soon as its last action returned). Every half second it writes the latencies
(milliseconds, from an action's arrival to the return of ``TableManager.act``), refusals and
errors since the last line; at the end ``done``, with the CPU time it used while playing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from bot import eventloop
from bot.games.cli import Parser, number, whole
from bot.loadtest.setup import index_of, is_postgres, open_database, robots_of
from bot.loadtest.webload import paged_at, serve_pages
from bot.runtime import collector
from bot.runtime.errors import TableError
from bot.runtime.manager import TableManager
from bot.runtime.presenter import SilentPresenter
from bot.runtime.public import legal_json
from bot.runtime.selfplay import choose
from bot.runtime.shards import ShardSet
from bot.storage import Database

log = logging.getLogger(__name__)

#: How often the figures go to the parent (seconds).
REPORT_EVERY = 0.5
#: Tracebacks of unexpected errors written to stderr, at most.
TRACEBACKS = 5


@dataclass
class Figures:
    """What happened since the last report."""

    latencies: list[float] = field(default_factory=list)
    #: Those of the actions due once the pages are asked (``--web``).
    latencies_web: list[float] = field(default_factory=list)
    refused: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    unserved: int = 0
    deals: int = 0
    tracebacks: int = 0

    def error(self, exc: BaseException) -> None:
        kind = type(exc).__name__
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if self.tracebacks < TRACEBACKS:
            self.tracebacks += 1
            traceback.print_exception(exc, file=sys.stderr)

    def take(self) -> dict[str, Any]:
        out = {
            "lat": [round(x, 3) for x in self.latencies],
            "lat_web": [round(x, 3) for x in self.latencies_web],
            "refused": self.refused,
            "errors": self.errors,
            "unserved": self.unserved,
            "deals": self.deals,
        }
        self.latencies, self.refused, self.errors, self.unserved, self.deals = [], 0, {}, 0, 0
        self.latencies_web = []
        return out


def emit(payload: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(payload, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def make_manager(db: Database, url: str, processes: int, index: int) -> TableManager:
    """The worker's manager: the tables of its shard only. On PostgreSQL (several processes
    on one database, as the bot runs there) it holds their leases, under a name that survives
    a restart, so a restarted worker takes its tables back at once."""
    return TableManager(
        db,
        SilentPresenter(),
        shards=ShardSet(processes, [index]),
        lease_owner=f"loadtest-worker-{index}" if is_postgres(url) else None,
    )


class Driver:
    """Plays one worker's tables."""

    def __init__(self, manager: TableManager, seed: int, index: int) -> None:
        self.manager = manager
        self.seed = seed
        self.index = index
        self.figures = Figures()
        self.actions = 0
        #: From this moment on (unix time) the pages are asked: latencies go apart.
        self.switch: float | None = None
        #: The pages' windows (``--web-windows``; 0: the second half).
        self.window = 0.0

    def robots(self, table_id: int) -> list[int]:
        return robots_of(self.seed, index_of(self.manager.tables[table_id].guild_id))[1]

    async def refill(self, table_id: int) -> bool:
        """No hand in play: seat the robots that left (cleaned out) and deal; whether a hand
        is being played now."""
        manager = self.manager
        table = manager.tables.get(table_id)
        if table is None or table.closed:
            return False
        session = table.session
        if session is not None:
            present = set(session.seated()) | set(session.queue())
            for user in self.robots(table_id):
                if str(user) in present:
                    continue
                try:
                    await manager.join(table_id, user)
                except TableError:
                    with contextlib.suppress(TableError):
                        await manager.recave(table_id, user)
        if not table.playing():
            with contextlib.suppress(TableError):
                await manager.start(table_id)
        if table.playing():
            self.figures.deals += 1
            return True
        return False

    async def act(self, table_id: int, rng: random.Random, arrived: float) -> bool:
        """One action of the robot to act (dealing first if needed); False when the table
        is gone."""
        manager = self.manager
        table = manager.tables.get(table_id)
        if table is None or table.closed:
            return False
        try:
            if not table.playing() and not await self.refill(table_id):
                self.figures.unserved += 1
                return True
            hand = table.hand
            assert hand is not None and hand.to_act is not None
            legal = [legal_json(a) for a in hand.legal_actions()]
            verb, amount = choose(rng, legal)
            await manager.act(table_id, int(hand.to_act), verb, amount, hand_id=table.hand_id)
        except TableError:
            self.figures.refused += 1
        except Exception as exc:
            self.figures.error(exc)
        else:
            self.actions += 1
            paged = paged_at(arrived, self.switch, self.window)
            latencies = self.figures.latencies_web if paged else self.figures.latencies
            latencies.append((time.time() - arrived) * 1000.0)
        return True

    async def closed_loop(self, table_id: int, deadline: float) -> None:
        rng = random.Random(f"{self.seed}-{table_id}-{time.time()}")
        while time.time() < deadline:
            if not await self.act(table_id, rng, time.time()):
                return
            await asyncio.sleep(0)  # the other tables' turn (an action may never wait)

    async def run(self, deadline: float, rate: float | None) -> None:
        reporter = asyncio.create_task(self.report())
        try:
            ids = list(self.manager.tables)
            if rate is None:
                await asyncio.gather(*(self.closed_loop(t, deadline) for t in ids))
            else:
                await asyncio.gather(*(self.open_loop(t, rate, deadline) for t in ids))
        finally:
            reporter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reporter
        emit(self.figures.take())

    async def open_loop(self, table_id: int, rate: float, deadline: float) -> None:
        """The open loop; arrivals still waiting at the deadline (a backlog) are counted as
        unserved, not played."""
        rng = random.Random(f"{self.seed}-{table_id}-{time.time()}")
        arrival = time.time()
        while True:
            arrival += rng.expovariate(rate)
            if arrival >= deadline:
                return
            now = time.time()
            if now >= deadline:
                # the backlog: every arrival before the deadline not yet played
                self.figures.unserved += 1
                continue
            if arrival > now:
                await asyncio.sleep(arrival - now)
            if not await self.act(table_id, rng, arrival):
                return

    async def report(self) -> None:
        while True:
            await asyncio.sleep(REPORT_EVERY)
            emit(self.figures.take())


async def work(args: argparse.Namespace) -> int:
    db = await open_database(args.database)
    try:
        manager = make_manager(db, args.database, args.processes, args.index)
        async with contextlib.AsyncExitStack() as stack:
            port = None
            if args.web:
                port = await stack.enter_async_context(serve_pages(args.database, manager))
            return await play(args, manager, port)
    finally:
        await db.close()


async def play(args: argparse.Namespace, manager: TableManager, port: int | None) -> int:
    """Resume the worker's tables, say ready (with the pages' port), play them from ``go``
    to the deadline (``go DEADLINE [SWITCH]``: the pages are asked from SWITCH on); with
    the pages, keep serving them until the parent's next line."""
    began = time.perf_counter()
    await manager.resume()
    resumed = time.perf_counter() - began
    manager.keep_leases()
    collector.settle()
    driver = Driver(manager, args.seed, args.index)
    in_play = sum(1 for t in manager.tables.values() if t.playing())
    for table_id in list(manager.tables):
        if not manager.tables[table_id].playing():
            await driver.refill(table_id)
    driver.figures.deals = 0
    emit(
        {
            "ready": True,
            "index": args.index,
            "tables": len(manager.tables),
            "hands_resumed": in_play,
            "resume_seconds": round(resumed, 4),
            "web_port": port,
        }
    )
    line = await asyncio.to_thread(sys.stdin.readline)
    if not line.startswith("go "):
        return 0
    words = line.split()
    deadline = float(words[1])
    driver.switch = float(words[2]) if len(words) > 2 else None
    driver.window = float(words[3]) if len(words) > 3 else 0.0
    started = time.time()
    cpu = time.process_time()
    await driver.run(deadline, None if args.closed else args.rate)
    cpu = time.process_time() - cpu
    ended = time.time()
    await manager.aclose()  # its timers stopped, its leases given up
    emit(
        {
            "done": True,
            "started": started,
            "ended": ended,
            "actions": driver.actions,
            "cpu_seconds": round(cpu, 4),
        }
    )
    if port is not None:  # the pages asked just before the deadline are still answered
        await asyncio.to_thread(sys.stdin.readline)  # the parent's "stop" (or its end)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = Parser(
        prog="python -m bot.loadtest.worker",
        description="One worker of python -m bot.loadtest, which starts it: plays its shard "
        "of the tables and prints its figures as JSON lines.",
    )
    parser.add_argument("--database", required=True, help="a path, sqlite:///… or postgresql://…")
    parser.add_argument(
        "--processes", type=whole(1), required=True, help="how many workers share the tables"
    )
    parser.add_argument("--index", type=whole(0), required=True, help="this worker's shard, from 0")
    parser.add_argument("--seed", type=int, default=1, help="the robots' seed (default: 1)")
    parser.add_argument(
        "--rate",
        type=number(0, above=True),
        default=0.5,
        help="actions a second per table (default: 0.5)",
    )
    parser.add_argument("--closed", action="store_true", help="act as soon as the last returned")
    parser.add_argument("--web", action="store_true", help="serve the web pages too")
    args = parser.parse_args(argv)
    if args.index >= args.processes:
        parser.error("--index is below --processes")
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    return eventloop.run(work(args))


if __name__ == "__main__":
    raise SystemExit(main())
