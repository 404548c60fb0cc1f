"""``python -m bot.loadtest.ratios --postgres URL [--rounds N] [--seconds S] [--tables T]
[--open-tables T] [--seed N]``: the scale targets as ratios, measured in one run.

Absolute figures depend on the machine (and, on a shared one, on its neighbours); ratios
measured side by side hold on any machine. Each round runs, one after the other:

1. SQLite, one process, closed loop (its capacity), on a fresh file;
2. PostgreSQL, two processes, closed loop, on a fresh database of the server of ``URL``
   (its user may ``CREATE DATABASE``; the database is dropped after).

Then, at half the median PostgreSQL capacity spread over ``--open-tables`` tables, an open
loop run and a run with one process killed half-way (``--kill-one-at``). Each run prints its
line; the last line is the summary, with the targets of issue 31::

    {"sqlite_closed": median, "postgres_closed": median, "ratio": median, "ratios": [...],
     "open_p99_ms": x, "kill_p99_ms": y, "resume_seconds": z,
     "calibrate_loops_per_second": c, "targets": {"ratio >= 0.6": true, ...}}
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from bot.extras import database_or_exit
from bot.games.cli import Parser, number, whole
from bot.loadtest.measure import calibrate

#: The targets: PostgreSQL's capacity against SQLite's, and the latency at half of it.
RATIO_TARGET = 0.6
P99_TARGET_MS = 50.0
RESUME_TARGET_S = 2.0


def other_database(url: str, name: str) -> str:
    """``url`` naming the database ``name`` on the same server."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


async def _admin(url: str, statement: str) -> None:
    import asyncpg  # the postgres extra: checked by main

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


def load(database: str, *args: str) -> dict[str, Any]:
    """One ``python -m bot.loadtest`` run; its JSON object."""
    done = subprocess.run(
        [sys.executable, "-m", "bot.loadtest", "--database", database, *args],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    if not lines:
        raise SystemExit(f"the load command printed nothing: {done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def postgres(url: str, *args: str) -> dict[str, Any]:
    """:func:`load` on a fresh database of ``url``'s server, dropped after."""
    name = f"loadtest_{secrets.token_hex(4)}"
    asyncio.run(_admin(url, f"CREATE DATABASE {name}"))
    try:
        return load(other_database(url, name), *args)
    finally:
        asyncio.run(_admin(url, f"DROP DATABASE IF EXISTS {name}"))


def sqlite(*args: str) -> dict[str, Any]:
    """:func:`load` on a fresh SQLite file."""
    with tempfile.TemporaryDirectory() as folder:
        return load(str(Path(folder) / "load.db"), *args)


def show(label: str, result: dict[str, Any]) -> None:
    keep = ("actions_per_second", "latency_ms", "cpu_ms_per_action", "errors", "resume_seconds")
    line = {"run": label, **{k: result.get(k) for k in keep}}
    line["chips_unchanged"] = result["chips_before"] == result["chips_after"]
    print(json.dumps(line), flush=True)


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line of :func:`main`."""
    parser = Parser(
        prog="python -m bot.loadtest.ratios",
        description="The scale targets as ratios measured side by side in one run: SQLite "
        "against PostgreSQL closed loops, then an open loop and a kill at half the capacity. "
        "Each run prints its JSON line; the last is the summary.",
    )
    parser.add_argument("--postgres", required=True, help="postgresql://… (may CREATE DATABASE)")
    parser.add_argument(
        "--rounds", type=whole(1), default=3, help="closed-loop rounds of each (default: 3)"
    )
    parser.add_argument(
        "--seconds",
        type=number(0, above=True),
        default=10.0,
        help="length of each run (default: 10)",
    )
    parser.add_argument(
        "--tables", type=whole(1), default=200, help="tables of the closed loops (default: 200)"
    )
    parser.add_argument(
        "--open-tables",
        type=whole(1),
        default=1000,
        help="tables of the open loops (default: 1000)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the load tests' seed (default: 1)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    database_or_exit(args.postgres)
    loops = calibrate()
    print(json.dumps({"calibrate_loops_per_second": round(loops)}), flush=True)
    common = [
        "--tables",
        str(args.tables),
        "--seconds",
        str(args.seconds),
        "--seed",
        str(args.seed),
    ]
    lite: list[float] = []
    pg: list[float] = []
    results: list[dict[str, Any]] = []
    for _ in range(args.rounds):
        result = sqlite("--processes", "1", "--closed", *common)
        show("sqlite closed", result)
        lite.append(result["actions_per_second"])
        results.append(result)
        result = postgres(args.postgres, "--processes", "2", "--closed", *common)
        show("postgres closed", result)
        pg.append(result["actions_per_second"])
        results.append(result)
    capacity = statistics.median(pg)
    rate = capacity / 2 / args.open_tables
    seconds = max(args.seconds, 20.0)
    opened = ["--processes", "2", "--tables", str(args.open_tables), "--seed", str(args.seed)]
    opened += ["--seconds", str(seconds), "--rate", f"{rate:.4f}"]
    open_run = postgres(args.postgres, *opened)
    show(f"postgres open, {rate:.3f}/s per table", open_run)
    kill_run = postgres(args.postgres, *opened, "--kill-one-at", str(seconds / 2))
    show("postgres open, one killed", kill_run)
    results += [open_run, kill_run]
    ratios = [p / s for p, s in zip(pg, lite, strict=True)]
    summary = {
        "sqlite_closed": statistics.median(lite),
        "postgres_closed": capacity,
        "ratio": round(statistics.median(ratios), 3),
        "ratios": [round(r, 3) for r in ratios],
        "open_rate_per_table": round(rate, 4),
        "open_p99_ms": open_run["latency_ms"]["p99"],
        "kill_p99_ms": kill_run["latency_ms"]["p99"],
        "resume_seconds": kill_run["resume_seconds"],
        "calibrate_loops_per_second": round(loops),
        "errors": sum(r["errors"] for r in results),
        "chips_unchanged": all(r["chips_before"] == r["chips_after"] for r in results),
    }
    summary["targets"] = {
        f"ratio >= {RATIO_TARGET}": summary["ratio"] >= RATIO_TARGET,
        f"open p99 <= {P99_TARGET_MS:g} ms": (open_run["latency_ms"]["p99"] or 0) <= P99_TARGET_MS,
        f"kill p99 <= {P99_TARGET_MS:g} ms": (kill_run["latency_ms"]["p99"] or 0) <= P99_TARGET_MS,
        f"resume <= {RESUME_TARGET_S:g} s": (kill_run["resume_seconds"] or 0) <= RESUME_TARGET_S,
    }
    print(json.dumps(summary), flush=True)
    return 0 if summary["errors"] == 0 and summary["chips_unchanged"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
