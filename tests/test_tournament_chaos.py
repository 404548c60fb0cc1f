"""Chaos for tournaments: the robots' process (tests/tournament_robots.py) plays a 9-player,
two-table sit-and-go and is SIGKILLed at random moments (every other one inside a write
transaction: registering, mid-hand, moving seats between tables, paying the prizes), then
restarted, until the tournament is over. After every kill the chip census balances, the
ledger matches the wallets, the tournament chips are all there, each player sits once; at the
end the prizes were paid once, in one transaction."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.storage import Database, Transaction
from bot.storage.tournaments import note_of
from tests.tournament_robots import GUILD, check

ROOT = Path(__file__).resolve().parents[1]
#: A guard against a stuck process, not a measure of speed.
STUCK_AFTER = 60.0
MOST_KILLS = 40


def run_robots(db: Path, seed: int, *, moves: int = 0, after: float = 0.0, in_write: bool) -> bool:
    """Start the robots, let them commit ``moves`` moves (or run ``after`` seconds once they
    have resumed), then SIGKILL them; ``in_write``: as soon as the next write transaction
    has begun (held open a moment). True if the tournament ended before the kill."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SELFPLAY_TRACE_WRITES": "1"}
    if in_write:
        env["SELFPLAY_WRITE_PAUSE"] = "0.02"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.tournament_robots", str(db), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    seen = 0
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
            if line.startswith("resumed") and after:
                time.sleep(after)
                break
            if line.startswith("acted"):
                seen += 1
            if seen >= moves and (not in_write or line.startswith("write-begin")):
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
    err = proc.stderr.read() if proc.stderr else ""
    assert "Traceback" not in err, err[-3000:]
    return done


async def test_random_kills_end_with_the_prizes_paid_once(tmp_path: Path) -> None:
    path = tmp_path / "chaos.db"
    rng = random.Random(29)
    kills = 0
    while not run_robots(
        path,
        seed=kills + 1,
        moves=rng.randint(1, 3),
        after=0.0 if kills % 2 else rng.random() * 0.02,
        in_write=kills % 2 == 1,
    ):
        kills += 1
        assert kills < MOST_KILLS, "the tournament did not end"
        db = await Database.open(path)
        try:
            tournaments = await db.query(Transaction.tournaments, GUILD, ("registering", "running"))
            if tournaments:
                await check(db, tournaments[0].id)
        finally:
            await db.close()
    assert kills >= 5, kills
    assert run_robots(path, seed=99, moves=10**6, in_write=False)  # once more: nothing paid twice
    db = await Database.open(path)
    try:
        (tournament,) = await db.query(Transaction.tournaments, GUILD, ("finished",))
        await check(db, tournament.id)
        entrants = await db.query(Transaction.entrants, tournament.id)
        async with db.read() as tx:
            rows = await tx._all(
                "SELECT user_id, amount FROM ledger WHERE note = ?",
                (note_of(tournament.id, "prize"),),
            )
        paid = {e.user_id: e.prize for e in entrants if e.prize}
        assert sorted((r[0], r[1]) for r in rows) == sorted(paid.items())
        assert sum(paid.values()) == 500
    finally:
        await db.close()
