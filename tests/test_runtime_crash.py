"""SIGKILL a process playing several tables mid-hand, restart it, and check every hand
resumes where it was and every chip is accounted for."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bot.games.replay import load_record, replay_record
from bot.storage import Database, Transaction
from tests.test_runtime_support import GUILD, balanced, make_env, play_until_hand_over

ROOT = Path(__file__).resolve().parents[1]


#: How long the robots may take to play what a test asks: a guard against a stuck program,
#: not a measure of speed (a slow machine only takes longer).
STUCK_AFTER = 180.0


@dataclass
class Killed:
    """What a killed self-play printed: its "resumed" line, whether the kill landed inside a
    write transaction (its last word was ``write-begin``), whether it was done before."""

    resumed: str
    in_transaction: bool
    done: bool = False


def kill_robots(
    db: str | Path,
    seed: int,
    actions: int,
    *,
    then_wait: float = 0.0,
    in_write: bool = False,
    module: str = "bot.runtime.selfplay",
) -> Killed:
    """Start the robots (``module``'s), let them commit ``actions`` actions, then SIGKILL
    them: ``then_wait`` seconds later, or (``in_write``) as soon as the next write transaction
    has begun (it is held open a moment, so the kill lands inside it); unless they say
    ``done`` first."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SELFPLAY_TRACE_WRITES": "1"}
    if in_write:
        env["SELFPLAY_WRITE_PAUSE"] = "0.05"
    proc = subprocess.Popen(
        [sys.executable, "-m", module, str(db), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    first = ""
    seen = 0
    last_write = ""
    done = False
    deadline = time.monotonic() + STUCK_AFTER
    try:
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("done"):
                done = True
                break
            if line.startswith("resumed"):
                first = line
            elif line.startswith("acted"):
                seen += 1
            elif line.startswith("write-"):
                last_write = line.strip()
                if in_write and seen >= actions and last_write == "write-begin":
                    break
            if seen >= actions and not in_write:
                break
        time.sleep(then_wait)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
    rest = proc.stdout.read()
    for line in rest.splitlines():  # what it printed between our last read and its death
        if line.startswith("write-"):
            last_write = line.strip()
    err = proc.stderr.read() if proc.stderr else ""
    assert done or seen >= actions, f"only {seen} actions: {err[-2000:]}"
    return Killed(first, last_write == "write-begin", done)


def run_and_kill(db: str | Path, seed: int, actions: int, *, then_wait: float = 0.0) -> str:
    """:func:`kill_robots`; the "resumed" line the robots printed."""
    return kill_robots(db, seed, actions, then_wait=then_wait).resumed


async def in_progress(path: str | Path) -> dict[str, list[int]]:
    db = await Database.open(path)
    try:
        hands = await db.query(Transaction.in_progress_hands)
        await balanced(db)
        for hand in hands:  # every stored log replays
            replay_record(load_record(hand.record))
        return {str(h.table_id): [h.id, len(h.record["actions"])] for h in hands}
    finally:
        await db.close()


async def test_sigkill_and_resume(db_target: str) -> None:
    """On each backend (tests/conftest.py): a SQLite file, or a PostgreSQL database."""
    path = db_target
    run_and_kill(path, seed=7, actions=400)
    stored = await in_progress(path)
    assert stored, "the robots were killed mid-hand"
    # restart the robots: they find every hand exactly where it was
    resumed = run_and_kill(path, seed=8, actions=300)
    assert json.loads(resumed.removeprefix("resumed ")) == stored
    stored = await in_progress(path)
    # and once more in this process: the state matches the log, play goes on
    env = await make_env(path)
    try:
        for table_id, (hand_id, count) in stored.items():
            table = env.manager.tables[int(table_id)]
            assert table.hand_id == hand_id and table.record is not None
            assert len(table.record.actions) == count
            await play_until_hand_over(env.manager, int(table_id))
        await balanced(env.db, GUILD)
    finally:
        await env.db.close()
