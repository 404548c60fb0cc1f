"""Chaos for tournaments: the robots' process (tests/tournament_robots.py) plays a 9-player,
two-table sit-and-go and is SIGKILLed at random moments (every other one inside a write
transaction: registering, mid-hand, moving seats between tables, paying the prizes), then
restarted, until the tournament is over. After every kill the chip census balances, the
ledger matches the wallets, the tournament chips are all there, each player sits once; at the
end the prizes were paid once, in one transaction."""

from __future__ import annotations

import random
from pathlib import Path

from bot.storage import Database, Transaction
from bot.storage.tournaments import note_of
from tests.test_runtime_crash import kill_robots
from tests.tournament_robots import GUILD, check

MOST_KILLS = 40


def run_robots(db: Path, seed: int, *, moves: int = 0, after: float = 0.0, in_write: bool) -> bool:
    """The robots' process, SIGKILLed after ``moves`` moves and ``after`` seconds (``in_write``:
    once the next write transaction has begun); True if the tournament ended before."""
    module = "tests.tournament_robots"
    return kill_robots(db, seed, moves, then_wait=after, in_write=in_write, module=module).done


async def test_random_kills_end_with_the_prizes_paid_once(tmp_path: Path) -> None:
    path = tmp_path / "chaos.db"
    rng = random.Random(29)
    kills = 0
    while not run_robots(
        path,
        seed=kills + 1,
        moves=rng.randint(1, 3) if kills % 2 else 0,
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
