"""SIGKILL a process playing several tables mid-hand, restart it, and check every hand
resumes where it was and every chip is accounted for."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.games.replay import load_record, replay_record
from bot.storage import Database
from tests.test_runtime_support import GUILD, balanced, make_env, play_until_hand_over

ROOT = Path(__file__).resolve().parents[1]


def run_and_kill(
    db: str | Path, seed: int, actions: int, *, then_wait: float = 0.0, at_least: int = 20
) -> str:
    """Start the robots, let them commit ``actions`` actions, wait ``then_wait`` seconds
    (the kill may land inside the next write), then SIGKILL them; returns the "resumed"
    line they printed."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.runtime.selfplay", str(db), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    first = ""
    seen = 0
    deadline = time.monotonic() + 8
    try:
        while seen < actions and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("resumed"):
                first = line
            elif line.startswith("acted"):
                seen += 1
        time.sleep(then_wait)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
    err = proc.stderr.read() if proc.stderr else ""
    assert seen >= min(actions, at_least), f"only {seen} actions: {err[-2000:]}"
    return first


async def in_progress(path: str | Path) -> dict[str, list[int]]:
    db = await Database.open(path)
    try:
        hands = await db.in_progress_hands()
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
