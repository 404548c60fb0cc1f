"""Seasons (bot/storage/seasons.py, docs/seasons.md), on both backends: numbered, one open at
a time, counted like the leaderboard while open, archived in one transaction when they end,
and never changed afterwards."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import MIGRATIONS, Database, HandStats, Transaction
from bot.storage.models import METRICS, season_of
from bot.storage.retention import archive_guild
from bot.storage.schema_pg import PG_MIGRATIONS
from bot.storage.seasons import NoOpenSeason, SeasonOpen
from tests.pgserver import PgServer
from tests.test_runtime_support import CHANNEL, GUILD, make_env, play_until_hand_over

G = 1
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
ADMIN = 900
HOUSE = 21  # a house player: never in a season
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def hand(db: Database, *lines: HandStats) -> None:
    await db.write(Transaction.record_hand_stats, G, list(lines))


async def board(db: Database, period: str, metric: str = "net_chips") -> list[tuple[int, int]]:
    entries = await db.query(Transaction.leaderboard, G, metric, period)  # type: ignore[arg-type]
    return [(e.user_id, e.value) for e in entries]


async def test_a_season_counts_the_hands_played_while_it_is_open(db: Database) -> None:
    await hand(db, HandStats(ALICE, won=True, net=50, pot=60), HandStats(BOB, net=-50))
    first = await db.write(Transaction.start_season, G, "  Hiver   2027 ", by=ADMIN)
    assert (first.number, first.name, first.open) == (1, "Hiver 2027", True)
    assert first.period == "season-1"
    with pytest.raises(SeasonOpen) as refused:
        await db.write(Transaction.start_season, G, "", by=ADMIN)
    assert refused.value.message.params == {"n": 1}

    await hand(
        db,
        HandStats(BOB, won=True, net=30, pot=40, brelans=1),
        HandStats(CAROL, net=-30),
        HandStats(HOUSE, won=True, net=5, pot=5),  # the house: in no statistics
    )
    await hand(db, HandStats(CAROL, won=True, net=10, pot=20, prials=1), HandStats(BOB, net=-10))
    live = await board(db, "season-1")
    assert live == [(BOB, 20), (CAROL, -20)]
    assert await board(db, "all") == [(ALICE, 50), (CAROL, -20), (BOB, -30)]
    assert await db.query(Transaction.season_players, G, 1) == 2

    ended = await db.write(Transaction.end_season, G, by=ADMIN)
    assert (ended.number, ended.open, ended.ended_by) == (1, False, ADMIN)
    assert await board(db, "season-1") == live  # read from the archive now
    assert (await db.query(Transaction.player_stats, G, CAROL, "season-1"))["prials"] == 1
    champions = {c.metric: c for c in await db.query(Transaction.season_champions, G, 1)}
    assert [(m, champions[m].user_ids, champions[m].value) for m in METRICS if m in champions] == [
        ("hands_played", (BOB, CAROL), 2),
        ("hands_won", (BOB, CAROL), 1),
        ("net_chips", (BOB,), 20),
        ("biggest_pot", (BOB,), 40),
        ("brelans", (BOB,), 1),
        ("square_brelans", (BOB, CAROL), 0),
        ("prials", (CAROL,), 1),
    ]
    assert champions["hands_played"].count == 2

    # ending twice ends once; the hands after the end are in no season
    with pytest.raises(NoOpenSeason):
        await db.write(Transaction.end_season, G, by=ADMIN)
    await hand(db, HandStats(DAVE, won=True, net=99, pot=99), HandStats(BOB, net=-99))
    assert await board(db, "season-1") == live
    assert await db.query(Transaction.open_season, G) is None

    second = await db.write(Transaction.start_season, G, "", by=ADMIN)
    assert second.number == 2
    assert await board(db, "season-2") == []
    await hand(db, HandStats(ALICE, won=True, net=7, pot=7), HandStats(DAVE, net=-7))
    assert await board(db, "season-2") == [(ALICE, 7), (DAVE, -7)]
    assert [s.number for s in await db.query(Transaction.seasons, G)] == [2, 1]
    assert (await db.query(Transaction.season, G, 1)).name == "Hiver 2027"  # type: ignore[union-attr]
    assert await db.query(Transaction.season, G, 3) is None
    assert await db.query(Transaction.seasons, G + 1) == []  # seasons are a server's own


async def test_an_ended_season_never_changes(db: Database) -> None:
    """Later statistics, and even lines written to the season's old period, change nothing;
    the archive refuses UPDATE and DELETE (retention: the test with real hands below)."""
    await db.write(Transaction.start_season, G, "", by=ADMIN)
    await hand(db, HandStats(ALICE, won=True, net=5, pot=10), HandStats(BOB, net=-5))
    await db.write(Transaction.end_season, G, by=ADMIN)
    before = {m: await board(db, "season-1", m) for m in METRICS}

    # the statistics go on, and even lines written to the season's old period change nothing
    await db.write(Transaction.record_hand_stats, G, [HandStats(BOB, won=True, net=80, pot=80)])
    async with db.transaction() as tx:
        await tx.conn.execute(
            "INSERT INTO stats (guild_id, period, user_id, hands_played, net_chips)"
            " VALUES (?, 'season-1', ?, 1, 1000)",
            (G, CAROL),
        )
    assert {m: await board(db, "season-1", m) for m in METRICS} == before
    for statement in (
        "UPDATE season_standings SET net_chips = 0",
        "DELETE FROM season_standings",
    ):
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction() as tx:
                await tx.conn.execute(statement)
    assert {m: await board(db, "season-1", m) for m in METRICS} == before


async def test_a_failure_while_ending_leaves_the_season_open(db: Database) -> None:
    await db.write(Transaction.start_season, G, "", by=ADMIN)
    await hand(db, HandStats(ALICE, won=True, net=5, pot=10), HandStats(BOB, net=-5))
    with pytest.raises(RuntimeError, match="boom"):
        async with db.transaction() as tx:
            await tx.end_season(G, by=ADMIN)
            raise RuntimeError("boom")
    season = await db.query(Transaction.open_season, G)
    assert season is not None and season.number == 1
    assert await board(db, "season-1") == [(ALICE, 5), (BOB, -5)]
    assert (await db.write(Transaction.end_season, G, by=ADMIN)).number == 1
    assert await board(db, "season-1") == [(ALICE, 5), (BOB, -5)]


KILLED_WHILE_ENDING = """
import asyncio, os, signal, sys
from bot.storage import Database, Transaction

async def main() -> None:
    async with Database(sys.argv[1]) as db, db.transaction() as tx:
        await tx.end_season(1, by=900)
        print("ended, not committed", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


async def test_a_kill_while_ending_leaves_the_season_open(db_target: str) -> None:
    async with Database(db_target) as db:
        await db.write(Transaction.start_season, G, "", by=ADMIN)
        await hand(db, HandStats(ALICE, won=True, net=5, pot=10), HandStats(BOB, net=-5))
    killed = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-c", textwrap.dedent(KILLED_WHILE_ENDING), db_target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert "ended, not committed" in killed.stdout
    async with Database(db_target) as db:
        season = await db.query(Transaction.open_season, G)
        assert season is not None and season.number == 1
        assert await board(db, "season-1") == [(ALICE, 5), (BOB, -5)]
        await db.write(Transaction.end_season, G, by=ADMIN)
        assert await board(db, "season-1") == [(ALICE, 5), (BOB, -5)]


async def test_two_ends_at_once_end_the_season_once(db: Database) -> None:
    await db.write(Transaction.start_season, G, "", by=ADMIN)
    await hand(db, HandStats(ALICE, won=True, net=5, pot=10), HandStats(BOB, net=-5))
    results = await asyncio.gather(
        *(db.write(Transaction.end_season, G, by=ADMIN + n) for n in range(4)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, NoOpenSeason) for r in results) == 3
    assert await board(db, "season-1") == [(ALICE, 5), (BOB, -5)]


async def test_a_hand_being_written_counts_and_a_hand_after_the_end_does_not(
    db: Database,
) -> None:
    """The end waits for a hand whose statistics are being written (on PostgreSQL, the
    season's row it shares); a hand written while the end is under way comes after it."""
    await db.write(Transaction.start_season, G, "", by=ADMIN)
    async with db.transaction() as tx:
        await tx.record_hand_stats(G, [HandStats(ALICE, won=True, net=5, pot=5)])
        ending = asyncio.create_task(db.write(Transaction.end_season, G, by=ADMIN))
        await asyncio.sleep(0.3)
        assert not ending.done()
    await ending
    assert await board(db, "season-1") == [(ALICE, 5)]

    await db.write(Transaction.start_season, G, "", by=ADMIN)
    async with db.transaction() as tx:
        await tx.end_season(G, by=ADMIN)
        late = asyncio.create_task(hand(db, HandStats(BOB, won=True, net=3, pot=3)))
        await asyncio.sleep(0.3)
        assert not late.done()
    await late
    assert await board(db, "season-2") == []
    assert await board(db, "all") == [(ALICE, 5), (BOB, 3)]
    async with db.read() as tx:
        rows = await tx.conn.execute_fetchall("SELECT DISTINCT period FROM stats")
    assert {season_of(str(r[0])) for r in rows} == {None}  # no line left for a season


async def test_periods_are_checked(db: Database) -> None:
    for wrong in ("season-0", "season-x", "season-", "season-1;"):
        with pytest.raises(ValueError):
            await board(db, wrong)
    assert await board(db, "season-7") == []  # a season not started yet is empty


async def test_a_database_before_seasons_migrates(
    backend: str, tmp_path: Path, pg_server: PgServer | None
) -> None:
    if backend == "sqlite":
        target, migrations = str(tmp_path / "old.db"), MIGRATIONS
    else:
        assert pg_server is not None
        target, migrations = await pg_server.create(migrated=False), PG_MIGRATIONS
    try:
        async with Database(target, migrations=migrations[:-1]) as db, db.transaction() as tx:
            await tx.update_settings(G, locale="fr")
            await tx.conn.execute(
                "INSERT INTO stats (guild_id, period, user_id, hands_played, net_chips)"
                " VALUES (?, 'all', ?, 1, 5)",
                (G, ALICE),
            )
        async with Database(target) as db:
            assert await board(db, "all") == [(ALICE, 5)]
            await db.write(Transaction.start_season, G, "", by=ADMIN)
            await hand(db, HandStats(BOB, won=True, net=2, pot=4), HandStats(ALICE, net=-2))
            assert await board(db, "season-1") == [(BOB, 2), (ALICE, -2)]
            assert await board(db, "all") == [(ALICE, 3), (BOB, 2)]
    finally:
        if pg_server is not None and backend == "postgres":
            await pg_server.drop(target)


async def test_a_season_counts_real_hands_as_the_leaderboard_does(
    db_target: str, tmp_path: Path
) -> None:
    """Hands played through the runtime: the season's standings are the lines of the hands
    finished while it was open (hand_players), members only, and stay so after the hands
    are archived."""
    env = await make_env(db_target)
    try:
        members = [ALICE, BOB, CAROL]
        table = await env.manager.create_table(GUILD, CHANNEL, "bouillotte", ALICE, {})
        for member in members:
            await env.manager.join(table, member)
        await env.manager.start(table, ALICE)
        await play_until_hand_over(env.manager, table)  # before the season
        season = await env.db.write(Transaction.start_season, GUILD, "", by=ADMIN)
        during = [await play_until_hand_over(env.manager, table) for _ in range(4)]
        await env.db.write(Transaction.end_season, GUILD, by=ADMIN)
        await play_until_hand_over(env.manager, table)  # after it

        async with env.db.read() as tx:
            rows = await tx.conn.execute_fetchall(
                "SELECT user_id, hand_id, won, net, pot FROM hand_players WHERE guild_id = ?",
                (GUILD,),
            )
        lines = [r for r in rows if int(r[1]) in during]
        expected = {
            "hands_played": {m: sum(1 for r in lines if r[0] == m) for m in members},
            "hands_won": {m: sum(int(r[2]) for r in lines if r[0] == m) for m in members},
            "net_chips": {m: sum(int(r[3]) for r in lines if r[0] == m) for m in members},
            "biggest_pot": {m: max(int(r[4]) for r in lines if r[0] == m) for m in members},
        }
        for metric, values in expected.items():
            got = await env.db.query(Transaction.leaderboard, GUILD, metric, season.period)  # type: ignore[arg-type]
            assert {e.user_id: e.value for e in got} == values, metric
        standings = {m: await board(env.db, season.period, m) for m in METRICS}
        archived = await archive_guild(env.db, GUILD, 1, tmp_path, now=1e10)
        assert archived.hands >= 6
        assert {m: await board(env.db, season.period, m) for m in METRICS} == standings
    finally:
        await env.manager.aclose()
        await env.db.close()
