"""``python -m bot.loadtest --database URL --processes P --tables T --seconds S --seed N
[--rate R | --closed] [--kill-one-at SECONDS] [--web-rate R [--web-windows W]]``

(``python -m bot.loadtest --discord --tables T --seconds S --seed N`` is the other load: the
real bot against a fake Discord with its rate limits, :mod:`bot.loadtest.discordload`.)

Sets up ``T`` tables of robots on the database (each in a guild of its own, 3 to 5 robots, a
mix of Bouillotte, Brelan and Brag, dealing the next hand at once, a turn timer that never
fires), starts ``P`` worker processes (worker ``i`` runs shard ``i`` of ``P``), lets them play
for ``S`` seconds and prints one JSON object::

    {"tables": T, "processes": P, "actions": n, "actions_per_second": r,
     "latency_ms": {"p50": a, "p99": b, "max": c}, "chips_before": x, "chips_after": x,
     "errors": 0, "resume_seconds": null, ...}

``--rate R`` (default 0.5): open loop, each table's actions arrive at random moments, ``R`` a
second on average; ``--closed``: each table acts as soon as its last action returned. The
latency of an action runs from its arrival (open loop) or its submission (closed loop) to
the return of ``TableManager.act``. ``errors`` counts actions that failed for any reason
other than a refusal by the rules (``refused``). The chips are counted (wallets, seats,
table pots, flambeau jars) with every worker stopped. ``--kill-one-at T`` kills one worker
with SIGKILL ``T`` seconds in and starts it again at once: it resumes its tables and goes on;
``resume_seconds`` is how long that resume took. ``start_resume_seconds``: the slowest
worker's first resume (tables set up, no hand dealt yet). The exit status is 1 when there were
errors or the chips changed.

``--web-rate R`` (with ``--processes 1``): the worker also serves the web pages, and over the
second half of the run they are asked ``R`` times a second (:mod:`bot.loadtest.webload`); the
report adds ``pages`` (their latencies, by page) and ``tables_latency_ms`` (the tables' p50
and p99 without the pages, first half, and with them, second half). A page answered other
than 200 counts as an error. ``--web-windows W``: instead of two halves, windows of ``W``
seconds without and with the pages in turn over the whole run (the first without), so that
what drifts over a run (the database growing) weighs on both sides alike.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.extras import database_or_exit
from bot.games.cli import Parser
from bot.loadtest.measure import calibrate
from bot.loadtest.setup import census, open_database, percentiles, prepare, server_cpu
from bot.loadtest.webload import (
    ask_pages,
    make_public,
    page_report,
    paged_seconds,
    tables_report,
)

ROOT = Path(__file__).resolve().parents[2]
#: How long a worker may take to be ready (open, resume, first deals), in seconds.
READY_TIMEOUT = 600.0
LINE_LIMIT = 1 << 26


@dataclass
class Gathered:
    """The workers' figures, as they come."""

    latencies: list[float] = field(default_factory=list)
    #: The latencies of the actions due while the pages were asked (``--web-rate``).
    latencies_web: list[float] = field(default_factory=list)
    refused: int = 0
    unserved: int = 0
    deals: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    started: list[float] = field(default_factory=list)
    ended: list[float] = field(default_factory=list)
    start_resume: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, report: dict[str, Any]) -> None:
        self.latencies.extend(report.get("lat", ()))
        self.latencies_web.extend(report.get("lat_web", ()))
        self.refused += report.get("refused", 0)
        self.unserved += report.get("unserved", 0)
        self.deals += report.get("deals", 0)
        for kind, n in report.get("errors", {}).items():
            self.errors[kind] = self.errors.get(kind, 0) + n

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


class Worker:
    """One worker process and the reading of its lines."""

    def __init__(self, index: int, args: argparse.Namespace, gathered: Gathered) -> None:
        self.index = index
        self.args = args
        self.gathered = gathered
        self.proc: asyncio.subprocess.Process | None = None
        self.ready: asyncio.Future[dict[str, Any]] | None = None
        self.reader: asyncio.Task[None] | None = None
        self.killed = False
        self.done = False

    async def start(self) -> None:
        args = self.args
        command = [
            sys.executable,
            "-m",
            "bot.loadtest.worker",
            "--database",
            args.database,
            "--processes",
            str(args.processes),
            "--index",
            str(self.index),
            "--seed",
            str(args.seed),
            "--rate",
            str(args.rate),
        ]
        if args.closed:
            command.append("--closed")
        if args.web_rate:
            command.append("--web")
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        self.killed = self.done = False
        self.ready = asyncio.get_running_loop().create_future()
        self.proc = await asyncio.create_subprocess_exec(
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            limit=LINE_LIMIT,
        )
        self.reader = asyncio.create_task(self.read(self.proc, self.ready))

    async def read(self, proc: asyncio.subprocess.Process, ready: asyncio.Future[Any]) -> None:
        assert proc.stdout is not None
        while line := await proc.stdout.readline():
            try:
                report = json.loads(line)
            except ValueError:
                continue
            if report.get("ready"):
                if not ready.done():
                    ready.set_result(report)
            elif report.get("done"):
                self.done = True
                self.gathered.started.append(report["started"])
                self.gathered.ended.append(report["ended"])
                self.gathered.cpu.append(report.get("cpu_seconds", 0.0))
            else:
                self.gathered.add(report)
        code = await proc.wait()
        if not ready.done():
            ready.set_exception(RuntimeError(f"worker {self.index} exited ({code}) before ready"))
        if not self.killed and (code != 0 or not self.done):
            self.gathered.error(f"worker {self.index} exited {code}")

    async def go(self, deadline: float, switch: float | None = None, window: float = 0.0) -> None:
        tail = "" if switch is None else f" {switch} {window}"
        await self.say(f"go {deadline}{tail}")

    async def say(self, line: str) -> None:
        """A line to the worker (``go …``, ``stop``)."""
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        await self.proc.stdin.drain()

    async def kill(self) -> None:
        assert self.proc is not None
        self.killed = True
        self.proc.kill()  # SIGKILL
        await self.proc.wait()
        if self.reader is not None:
            await self.reader

    async def finish(self) -> None:
        if self.reader is not None:
            await self.reader


@dataclass
class Played:
    """What the parent saw of a run: when it went and ended, the killed worker's resume,
    the pages' answers, the database server's CPU seconds (PostgreSQL beside, else None)."""

    go: float
    deadline: float
    switch: float
    resume_seconds: float | None = None
    pages: Any = None
    server_used: float | None = None


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Set the tables up, play them in the workers, count the chips again: the report."""
    db = await open_database(args.database)
    try:
        await prepare(db, args.tables, args.seed)
        if args.web_rate:
            await make_public(db, args.tables)
        chips_before, _ = await census(db, args.tables)
        server = await server_cpu(db)
    finally:
        await db.close()
    loops = calibrate() if args.calibrate else None
    gathered = Gathered()
    played = await drive(args, gathered, server)
    db = await open_database(args.database)
    try:
        chips_after, balanced = await census(db, args.tables)
    finally:
        await db.close()
    report = figures(args, gathered, played, loops)
    report.update(chips_before=chips_before, chips_after=chips_after, chips_balanced=balanced)
    return report


async def drive(args: argparse.Namespace, gathered: Gathered, server: Any) -> Played:
    """Start the workers, let them play from ``go`` to the deadline (killing one on the way
    when asked, asking the pages over the second half), and stop them."""
    workers = [Worker(i, args, gathered) for i in range(args.processes)]
    try:
        for worker in workers:
            await worker.start()
        for worker in workers:
            assert worker.ready is not None
            ready = await asyncio.wait_for(worker.ready, READY_TIMEOUT)
            gathered.start_resume.append(ready["resume_seconds"])
        go = time.time()
        window = args.web_windows
        played = Played(go, go + args.seconds, go if window else go + args.seconds / 2)
        server_before = server.seconds() if server is not None else 0.0
        for worker in workers:
            await worker.go(played.deadline, played.switch if args.web_rate else None, window)
        asking = None
        if args.web_rate:
            pages = ask_pages(
                int(ready["web_port"]),
                args.web_rate,
                played.switch,
                played.deadline,
                args.tables,
                args.seed,
                window,
            )
            asking = asyncio.create_task(pages)
        if args.kill_one_at is not None:
            await asyncio.sleep(max(0.0, go + args.kill_one_at - time.time()))
            victim = workers[random.Random(args.seed).randrange(len(workers))]
            await victim.kill()
            await victim.start()
            assert victim.ready is not None
            ready = await asyncio.wait_for(victim.ready, READY_TIMEOUT)
            played.resume_seconds = ready["resume_seconds"]
            await victim.go(played.deadline)
        if asking is not None:
            played.pages = await asking
            await workers[0].say("stop")  # every page answered: the worker may stop serving
        for worker in workers:
            await worker.finish()
        if server is not None:
            played.server_used = server.seconds() - server_before
        return played
    finally:
        for worker in workers:
            if worker.proc is not None and worker.proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    worker.proc.kill()
                await worker.proc.wait()


def figures(
    args: argparse.Namespace, gathered: Gathered, played: Played, loops: float | None
) -> dict[str, Any]:
    """The report of a run but its chips: actions, latencies, errors, resumes, CPU, pages."""
    every = gathered.latencies + gathered.latencies_web
    elapsed = max([played.deadline, *gathered.ended]) - played.go
    errors = sum(gathered.errors.values())

    def per_action(seconds: float | None) -> float | None:
        return None if seconds is None or not every else round(seconds * 1000 / len(every), 3)

    report: dict[str, Any] = {
        "tables": args.tables,
        "processes": args.processes,
        "mode": "closed" if args.closed else "open",
        "rate": None if args.closed else args.rate,
        "seconds": round(elapsed, 3),
        "actions": len(every),
        "actions_per_second": round(len(every) / elapsed, 1) if elapsed > 0 else 0.0,
        "latency_ms": percentiles(every),
        "chips_before": None,
        "chips_after": None,
        "chips_balanced": None,
        "errors": errors,
        "error_kinds": gathered.errors,
        "refused": gathered.refused,
        "unserved": gathered.unserved,
        "deals": gathered.deals,
        "resume_seconds": played.resume_seconds,
        "start_resume_seconds": max(gathered.start_resume) if gathered.start_resume else None,
        "cpu_ms_per_action": {
            "bot": per_action(sum(gathered.cpu)),
            "server": per_action(played.server_used),
        },
        "calibrate_loops_per_second": None if loops is None else round(loops),
    }
    if played.pages is not None:
        asked = paged_seconds(played.switch, played.deadline, args.web_windows)
        pages = page_report(played.pages, args.web_rate, asked)
        report["pages"] = pages
        report["tables_latency_ms"] = tables_report(gathered.latencies, gathered.latencies_web)
        report["errors"] = errors + pages["errors"]
    return report


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = Parser(
        prog="python -m bot.loadtest",
        description="Robots play many tables through the real runtime; prints one JSON object.",
    )
    parser.add_argument(
        "--discord",
        action="store_true",
        help="the Discord load test instead: the real bot against a fake Discord "
        "(python -m bot.loadtest --discord --help lists its options)",
    )
    parser.add_argument("--database", required=True, help="a path, sqlite:///… or postgresql://…")
    parser.add_argument(
        "--processes", type=int, default=1, help="bot processes sharing the tables (default: 1)"
    )
    parser.add_argument("--tables", type=int, default=10, help="tables played (default: 10)")
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="how long the robots play (default: 10)"
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="the robots' and the deals' seed (default: 1)"
    )
    loop = parser.add_mutually_exclusive_group()
    loop.add_argument(
        "--rate", type=float, default=0.5, help="actions a second per table (default: 0.5)"
    )
    loop.add_argument("--closed", action="store_true", help="act as soon as the last returned")
    parser.add_argument(
        "--kill-one-at",
        type=float,
        default=None,
        metavar="SECONDS",
        help="kill one worker (SIGKILL) this many seconds in and start it again at once",
    )
    parser.add_argument(
        "--web-rate",
        type=float,
        default=0.0,
        metavar="R",
        help="the worker serves the web pages; R pages a second asked in the second half",
    )
    parser.add_argument(
        "--web-windows",
        type=float,
        default=0.0,
        metavar="W",
        help="with --web-rate: windows of W seconds without and with the pages in turn over "
        "the whole run, instead of two halves",
    )
    parser.add_argument(
        "--calibrate",
        action="store_true",
        help="first print this machine's speed at a fixed pure-Python workload",
    )
    args = parser.parse_args(argv)
    database_or_exit(args.database)
    if args.web_rate < 0 or (args.web_rate and args.processes != 1):
        parser.error("--web-rate is 0 or more, with --processes 1 (pages beside the tables)")
    if args.web_windows < 0 or (args.web_windows and not args.web_rate):
        parser.error("--web-windows is above 0, with --web-rate")
    if args.web_rate and args.kill_one_at is not None:
        parser.error("--web-rate and --kill-one-at do not go together")
    if args.processes < 1 or args.tables < 1 or args.seconds <= 0 or args.rate <= 0:
        parser.error("--processes and --tables are 1 or more, --seconds and --rate above 0")
    if args.kill_one_at is not None and not 0 <= args.kill_one_at < args.seconds:
        parser.error("--kill-one-at is a moment within --seconds")
    return args


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--discord" in argv:
        from bot.loadtest.discordload import main as discord_main

        return discord_main([a for a in argv if a != "--discord"])
    args = parse(argv)
    result = asyncio.run(run(args))
    if args.calibrate:
        print(json.dumps({"calibrate_loops_per_second": result["calibrate_loops_per_second"]}))
    print(json.dumps(result), flush=True)
    same = result["chips_before"] == result["chips_after"] and result["chips_balanced"]
    return 0 if result["errors"] == 0 and same else 1


if __name__ == "__main__":
    raise SystemExit(main())
