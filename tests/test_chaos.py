"""Chaos (issue 11): the self-play is SIGKILLed at 20 random moments (every other one inside
a write transaction, counted from what it printed) and restarted each time; after every kill
the chip census holds, the ledger matches the wallets, SQLite's integrity check passes, every
stored hand replays (finished ones to their stored result), and every hand in play resumes
with its old actions as a prefix."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.games.replay import load_record, replay_record
from bot.runtime import replays_to_expect, scenario_of
from bot.storage import Database, Transaction
from tests.test_runtime_crash import kill_robots
from tests.test_runtime_support import balanced

ROOT = Path(__file__).resolve().parents[1]
KILLS = 20


def kill_at_random(db: Path, seed: int, rng: random.Random, in_write: bool) -> bool:
    """Kill the robots after a random number of actions: a random instant later, or inside
    the next write transaction; whether the kill landed inside one."""
    target = rng.randint(1, 40)
    killed = kill_robots(db, seed, target, then_wait=rng.random() * 0.004, in_write=in_write)
    return killed.in_transaction


async def check(path: Path) -> dict[int, tuple[int, list[Any]]]:
    """Every invariant; returns the hands in play: table -> (hand id, actions)."""
    db = await Database.open(path)
    try:
        await balanced(db)
        async with db.read() as tx, tx.conn.execute("PRAGMA integrity_check") as cur:
            assert [tuple(r) for r in await cur.fetchall()] == [("ok",)]
        for hand in await db.query(Transaction.hand_history, 1, limit=10_000):
            assert replays_to_expect(scenario_of(hand, None, in_play=False)), hand.id
        playing = {}
        for hand in await db.query(Transaction.in_progress_hands):
            replay_record(load_record(hand.record))
            playing[hand.table_id] = (hand.id, list(hand.record["actions"]))
        return playing
    finally:
        await db.close()


async def test_twenty_random_kills_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "chaos.db"
    rng = random.Random(2026)
    before: dict[int, tuple[int, list[Any]]] = {}
    inside = {True: 0, False: 0}  # kills inside a write transaction: targeted, at random
    for kill in range(KILLS):
        targeted = kill % 2 == 1
        inside[targeted] += kill_at_random(path, seed=kill + 1, rng=rng, in_write=targeted)
        after = await check(path)
        for table, (hand_id, actions) in before.items():
            if table in after and after[table][0] == hand_id:
                assert after[table][1][: len(actions)] == actions, (kill, table)
        before = after
    assert before, "the last kill left hands in play"
    # every targeted kill landed inside a write transaction (and some random ones did too)
    assert inside[True] == KILLS // 2, inside
