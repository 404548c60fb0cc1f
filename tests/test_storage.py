"""Storage layer: schema, wallets and ledger, tables, seats, line, hands, statistics."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import (
    MIGRATIONS,
    AlreadyQueued,
    AlreadySeated,
    ChipsNotConserved,
    DailyNotReady,
    Database,
    HandFinished,
    HandInProgress,
    HandStats,
    InsufficientChips,
    InvalidAmount,
    InvalidSeat,
    NoHand,
    NoTable,
    NotSeated,
    SchemaTooNew,
    SeatTaken,
    SelfTransfer,
    TableClosed,
    TableExists,
    TableFull,
    Transaction,
    iso_week,
)
from bot.storage.schema_pg import PG_MIGRATIONS

G = 1  # guild
C = 10  # channel
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
T0 = 1_795_000_000.0  # Thursday 2026-11-19 (ISO week 47), UTC


class Clock:
    """A settable clock for cooldowns and weekly statistics."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def db(db_target: str, clock: Clock) -> AsyncIterator[Database]:
    """A fresh database on each backend (tests/conftest.py)."""
    async with Database(db_target, clock=clock) as database:
        yield database


async def balanced(db: Database, guild_id: int = G) -> bool:
    census = await db.query(Transaction.chip_census, guild_id)
    return census.balanced and not await db.query(Transaction.verify_ledger, guild_id)


# -- schema and connection -------------------------------------------------------------


@pytest.mark.sqlite_only("SQLite's PRAGMAs (PostgreSQL has no such settings)")
async def test_pragmas_and_version(db: Database) -> None:
    assert await db.pragma("journal_mode") == "wal"
    assert await db.pragma("foreign_keys") == 1
    assert await db.pragma("busy_timeout") == 5000
    assert await db.schema_version() == len(MIGRATIONS)


#: A table's name if it exists, in each backend's catalogue.
TABLE_NAMED = {
    "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?",
    "postgres": "SELECT table_name FROM information_schema.tables"
    " WHERE table_schema = current_schema() AND table_name = ?",
}


def migrations_of(backend: str) -> tuple[str, ...]:
    return tuple(PG_MIGRATIONS if backend == "postgres" else MIGRATIONS)


async def test_migrations_idempotent_across_reopen(db_target: str, backend: str) -> None:
    # SQLite: a file in a folder not made yet (the database makes it)
    target = str(Path(db_target).parent / "sub" / "bot.db") if backend == "sqlite" else db_target
    migrations = migrations_of(backend)
    async with Database(target) as db:
        await db.write(Transaction.grant, G, ALICE, 5)
    async with Database(target) as db:
        assert await db.schema_version() == len(migrations)
        assert await db.write(Transaction.balance, G, ALICE) == 1005
    extra = (*migrations, "CREATE TABLE extra (x INTEGER);")
    async with Database(target, migrations=extra) as db:
        assert await db.schema_version() == len(migrations) + 1
        async with db.transaction() as tx:
            await tx.conn.execute("INSERT INTO extra VALUES (1)")
        assert await db.write(Transaction.balance, G, ALICE) == 1005
    with pytest.raises(SchemaTooNew):
        await Database.open(target)


async def test_failed_migration_leaves_version(db_target: str, backend: str) -> None:
    migrations = migrations_of(backend)
    bad = (*migrations, "CREATE TABLE ok (x INTEGER);\nCREATE TABLE broken (;")
    with pytest.raises(sqlite3.OperationalError, match="syntax error"):  # PgOperationalError on PG
        await Database.open(db_target, migrations=bad)
    async with Database(db_target) as db:
        assert await db.schema_version() == len(migrations)
        async with db.read() as tx:
            assert await tx.conn.execute_fetchall(TABLE_NAMED[backend], ("ok",)) == []


async def test_crash_mid_transaction_writes_nothing(db: Database) -> None:
    await db.write(Transaction.ensure_wallet, G, ALICE)
    await db.write(Transaction.ensure_wallet, G, BOB)
    table = await db.write(Transaction.create_table, G, C, "brelan", ALICE)
    with pytest.raises(RuntimeError, match="boom"):
        async with db.transaction() as tx:
            await tx.transfer(G, ALICE, BOB, 300)
            await tx.seat(table.id, ALICE, buy_in=200)
            await tx.create_table(G, C + 1, "brag", BOB)
            raise RuntimeError("boom")
    assert await db.write(Transaction.balance, G, ALICE) == 1000
    assert await db.write(Transaction.balance, G, BOB) == 1000
    assert await db.query(Transaction.seats, table.id) == []
    assert await db.query(Transaction.table_in_channel, C + 1) is None
    assert len(await db.query(Transaction.ledger, G, ALICE)) == 1  # the welcome grant only
    assert await balanced(db)


async def test_constraint_failure_rolls_back_whole_transaction(db: Database) -> None:
    await db.write(Transaction.ensure_wallet, G, ALICE)
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as tx:
            await tx.grant(G, ALICE, 50)
            # bypass the code checks: the CHECK constraint still refuses a negative wallet
            await tx.conn.execute(
                "INSERT INTO ledger (guild_id, user_id, amount, kind, created_at)"
                " VALUES (?, ?, -5000, 'admin', 0)",
                (G, ALICE),
            )
    assert await db.write(Transaction.balance, G, ALICE) == 1000


async def test_ledger_is_append_only(db: Database) -> None:
    await db.write(Transaction.ensure_wallet, G, ALICE)
    for sql in ("UPDATE ledger SET amount = 1", "DELETE FROM ledger"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            async with db.transaction() as tx:
                await tx.conn.execute(sql)


async def test_transaction_is_not_reentrant_and_expires(db: Database) -> None:
    async with db.transaction() as tx:
        with pytest.raises(RuntimeError, match="already open"):
            await db.write(Transaction.balance, G, ALICE)
        kept = tx
    with pytest.raises(RuntimeError, match="over"):
        await kept.balance(G, ALICE)


# -- wallets and ledger ----------------------------------------------------------------


async def test_wallet_created_with_grant_in_ledger(db: Database) -> None:
    wallet = await db.write(Transaction.ensure_wallet, G, ALICE)
    assert wallet.balance == 1000
    assert await db.write(Transaction.ensure_wallet, G, ALICE) == wallet
    [entry] = await db.query(Transaction.ledger, G, ALICE)
    assert (entry.kind, entry.amount) == ("grant", 1000)
    assert await db.write(Transaction.balance, G + 1, ALICE) == 1000  # wallets are per guild


async def test_guild_settings(db: Database) -> None:
    defaults = await db.query(Transaction.settings, G)
    assert (defaults.starting_grant, defaults.daily_bonus) == (1000, 100)
    assert (defaults.daily_cooldown, defaults.locale, defaults.table_defaults) == (72000, "en", {})
    changed = await db.write(
        Transaction.update_settings, G, starting_grant=500, locale="fr", table_defaults={"ante": 2}
    )
    assert (changed.starting_grant, changed.daily_bonus, changed.locale) == (500, 100, "fr")
    assert changed.table_defaults == {"ante": 2}
    assert await db.write(Transaction.balance, G, ALICE) == 500
    with pytest.raises(InvalidAmount):
        await db.write(Transaction.update_settings, G, daily_bonus=-1)
    await db.write(Transaction.update_settings, G, starting_grant=0)
    assert await db.write(Transaction.balance, G, BOB) == 0
    assert await balanced(db)


async def test_admin_grant(db: Database) -> None:
    assert await db.write(Transaction.grant, G, ALICE, 250, by=BOB, note="prize") == 1250
    assert await db.write(Transaction.grant, G, ALICE, -1250) == 0
    with pytest.raises(InsufficientChips, match="has 0 chips"):
        await db.write(Transaction.grant, G, ALICE, -1)
    with pytest.raises(InvalidAmount):
        await db.write(Transaction.grant, G, ALICE, 0)
    entry = (await db.query(Transaction.ledger, G, ALICE))[1]
    assert (entry.kind, entry.amount, entry.counterpart_id, entry.note) == (
        "admin",
        250,
        BOB,
        "prize",
    )
    assert await balanced(db)


async def test_claim_daily_respects_cooldown(db: Database, clock: Clock) -> None:
    claim = await db.write(Transaction.claim_daily, G, ALICE)
    assert (claim.amount, claim.balance, claim.next_at) == (100, 1100, T0 + 72000)
    clock.now += 72000 - 3 * 3600
    with pytest.raises(DailyNotReady, match="come back in 3 h") as info:
        await db.write(Transaction.claim_daily, G, ALICE)
    assert info.value.remaining == pytest.approx(3 * 3600)
    clock.now += 3 * 3600
    assert (await db.write(Transaction.claim_daily, G, ALICE)).balance == 1200
    assert [e.kind for e in await db.query(Transaction.ledger, G, ALICE)] == [
        "daily",
        "daily",
        "grant",
    ]
    assert await balanced(db)


async def test_transfer(db: Database) -> None:
    assert await db.write(Transaction.transfer, G, ALICE, BOB, 300) == (700, 1300)
    with pytest.raises(SelfTransfer):
        await db.write(Transaction.transfer, G, ALICE, ALICE, 10)
    for bad in (0, -5, 2.5, True):
        with pytest.raises(InvalidAmount):
            await db.write(Transaction.transfer, G, ALICE, BOB, bad)  # type: ignore[arg-type]
    with pytest.raises(InsufficientChips, match=r"^You have 700 chips; you need 701\.$"):
        await db.write(Transaction.transfer, G, ALICE, BOB, 701)
    out, into = (
        (await db.query(Transaction.ledger, G, ALICE))[0],
        (await db.query(Transaction.ledger, G, BOB))[0],
    )
    assert (out.kind, out.amount, out.counterpart_id) == ("transfer", -300, BOB)
    assert (into.kind, into.amount, into.counterpart_id) == ("transfer", 300, ALICE)
    assert await balanced(db)


async def test_verify_ledger_reports_mismatch(db: Database) -> None:
    await db.write(Transaction.ensure_wallet, G, ALICE)
    await db.write(Transaction.ensure_wallet, G, BOB)
    assert await db.query(Transaction.verify_ledger, G) == []
    async with db.transaction() as tx:  # tamper behind the ledger's back
        await tx.conn.execute("UPDATE wallets SET balance = 7 WHERE user_id = ?", (BOB,))
    [mismatch] = await db.query(Transaction.verify_ledger, G)
    assert (mismatch.user_id, mismatch.balance, mismatch.ledger_sum) == (BOB, 7, 1000)


# -- tables, seats, line ---------------------------------------------------------------


async def test_tables_per_channel(db: Database) -> None:
    table = await db.write(
        Transaction.create_table,
        G,
        C,
        "bouillotte",
        ALICE,
        options={"flambeau": True},
        message_ids={"lobby": 5},
    )
    assert (table.status, table.options, table.message_ids, table.pot) == (
        "open",
        {"flambeau": True},
        {"lobby": 5},
        0,
    )
    with pytest.raises(TableExists):
        await db.write(Transaction.create_table, G, C, "brag", BOB)
    other = await db.write(Transaction.create_table, G, C + 1, "brag", BOB)
    assert await db.query(Transaction.table_in_channel, C) == table
    assert [t.id for t in await db.query(Transaction.open_tables, G)] == [table.id, other.id]
    assert await db.query(Transaction.open_tables, G + 1) == []
    playing = await db.write(
        Transaction.update_table, table.id, status="playing", message_ids={"board": 9}
    )
    assert (playing.status, playing.message_ids) == ("playing", {"board": 9})
    with pytest.raises(ValueError):
        await db.write(Transaction.update_table, table.id, status="closed")
    assert await db.write(Transaction.close_table, table.id) == []
    assert await db.query(Transaction.table_in_channel, C) is None
    with pytest.raises(TableClosed):
        await db.write(Transaction.close_table, table.id)
    with pytest.raises(NoTable):
        await db.query(Transaction.get_table, 9999)
    # a closed table frees the channel
    again = await db.write(Transaction.create_table, G, C, "brag", BOB)
    assert again.id != table.id
    assert [t.id for t in await db.query(Transaction.open_tables)] == [other.id, again.id]


async def test_seats_and_buy_in_cash_out(db: Database) -> None:
    table = await db.write(Transaction.create_table, G, C, "brelan", ALICE)
    seat = await db.write(Transaction.seat, table.id, ALICE, buy_in=200)
    assert (seat.seat_no, seat.stack, seat.status) == (1, 200, "playing")
    assert await db.write(Transaction.balance, G, ALICE) == 800
    with pytest.raises(AlreadySeated):
        await db.write(Transaction.seat, table.id, ALICE)
    with pytest.raises(AlreadySeated):
        await db.write(Transaction.join_queue, table.id, ALICE)
    with pytest.raises(SeatTaken):
        await db.write(Transaction.seat, table.id, BOB, seat_no=1)
    with pytest.raises(InvalidSeat):
        await db.write(Transaction.seat, table.id, BOB, seat_no=0)
    assert (await db.write(Transaction.seat, table.id, BOB, seat_no=3)).seat_no == 3
    assert (await db.write(Transaction.seat, table.id, CAROL)).seat_no == 2
    with pytest.raises(TableFull):
        await db.write(Transaction.seat, table.id, DAVE, max_seats=3)
    with pytest.raises(InsufficientChips, match="You have 1,000 chips; you need 1,001"):
        await db.write(Transaction.buy_in, table.id, BOB, 1001)
    with pytest.raises(InsufficientChips):  # a failed buy-in at seating keeps no seat
        await db.write(Transaction.seat, table.id, DAVE, buy_in=5000)
    assert await db.query(Transaction.get_seat, table.id, DAVE) is None
    with pytest.raises(NotSeated):
        await db.write(Transaction.buy_in, table.id, DAVE, 10)
    assert (await db.write(Transaction.buy_in, table.id, ALICE, 50)).stack == 250
    updated = await db.write(
        Transaction.update_seat, table.id, BOB, status="sitting_out", timeouts=2, hands_sat_out=1
    )
    assert (updated.status, updated.timeouts, updated.hands_sat_out) == ("sitting_out", 2, 1)
    assert [s.user_id for s in await db.query(Transaction.seats, table.id)] == [ALICE, CAROL, BOB]
    cash = await db.write(Transaction.cash_out, table.id, ALICE)
    assert (cash.user_id, cash.amount) == (ALICE, 250)
    assert await db.write(Transaction.balance, G, ALICE) == 1000
    assert await db.query(Transaction.get_seat, table.id, ALICE) is None
    with pytest.raises(NotSeated):
        await db.write(Transaction.cash_out, table.id, ALICE)
    assert (await db.write(Transaction.cash_out, table.id, BOB)).amount == 0
    kinds = [e.kind for e in await db.query(Transaction.ledger, G, ALICE)]
    assert kinds == ["cash_out", "buy_in", "buy_in", "grant"]
    assert (await db.query(Transaction.ledger, G, ALICE))[0].table_id == table.id
    assert await balanced(db)


async def test_waiting_line_is_fifo(db: Database) -> None:
    table = await db.write(Transaction.create_table, G, C, "brag", ALICE)
    await db.write(Transaction.seat, table.id, ALICE)
    first = await db.write(Transaction.join_queue, table.id, BOB)
    second = await db.write(Transaction.join_queue, table.id, CAROL)
    assert (first.place, second.place) == (1, 2)
    assert second.position > first.position
    with pytest.raises(AlreadyQueued):
        await db.write(Transaction.join_queue, table.id, BOB)
    with pytest.raises(AlreadyQueued):
        await db.write(Transaction.seat, table.id, BOB)
    assert (await db.write(Transaction.join_queue, table.id, DAVE)).place == 3
    assert await db.write(Transaction.leave_queue, table.id, CAROL) is True
    assert await db.write(Transaction.leave_queue, table.id, CAROL) is False
    assert [(q.user_id, q.place) for q in await db.query(Transaction.queue, table.id)] == [
        (BOB, 1),
        (DAVE, 2),
    ]
    rejoined = await db.write(Transaction.join_queue, table.id, CAROL)
    assert (rejoined.place, rejoined.position > second.position) == (3, True)
    popped = await db.write(Transaction.pop_queue, table.id)
    assert popped is not None and popped.user_id == BOB
    await db.write(Transaction.seat, table.id, BOB)  # promoted from the line
    assert [q.user_id for q in await db.query(Transaction.queue, table.id)] == [DAVE, CAROL]
    async with db.transaction() as tx:
        assert (await tx.pop_queue(table.id)) is not None
        assert (await tx.pop_queue(table.id)) is not None
        assert await tx.pop_queue(table.id) is None


async def test_close_table_cashes_out_and_empties_line(db: Database) -> None:
    table = await db.write(Transaction.create_table, G, C, "brelan", ALICE)
    await db.write(Transaction.seat, table.id, ALICE, buy_in=300)
    await db.write(Transaction.seat, table.id, BOB, buy_in=100)
    await db.write(Transaction.join_queue, table.id, CAROL)
    hand = await db.write(Transaction.create_hand, table.id, {"actions": []})
    cash_outs = await db.write(Transaction.close_table, table.id)
    assert sorted((c.user_id, c.amount) for c in cash_outs) == [(ALICE, 300), (BOB, 100)]
    assert (
        await db.write(Transaction.balance, G, ALICE) == 1000
        and await db.write(Transaction.balance, G, BOB) == 1000
    )
    assert (
        await db.query(Transaction.seats, table.id) == []
        and await db.query(Transaction.queue, table.id) == []
    )
    assert (await db.query(Transaction.get_hand, hand.id)).status == "void"
    assert (await db.query(Transaction.get_table, table.id)).status == "closed"
    for call in (
        db.write(Transaction.seat, table.id, CAROL),
        db.write(Transaction.join_queue, table.id, CAROL),
    ):
        with pytest.raises(TableClosed):
            await call
    assert await balanced(db)


# -- hands -----------------------------------------------------------------------------


RECORD = {"game": "brelan", "players": [{"name": "A", "stack": 100}], "actions": []}


async def test_hand_lifecycle(db: Database, clock: Clock) -> None:
    table = await db.write(Transaction.create_table, G, C, "brelan", ALICE)
    await db.write(Transaction.seat, table.id, ALICE, buy_in=100)
    await db.write(Transaction.seat, table.id, BOB, buy_in=100)
    hand = await db.write(Transaction.create_hand, table.id, RECORD, turn_deadline=T0 + 30)
    assert (hand.hand_no, hand.status, hand.game, hand.turn_deadline) == (
        1,
        "in_progress",
        "brelan",
        T0 + 30,
    )
    with pytest.raises(HandInProgress):
        await db.write(Transaction.create_hand, table.id, RECORD)
    assert (
        await db.write(Transaction.append_action, hand.id, ["A", "open", 2], turn_deadline=T0 + 60)
        == 1
    )
    assert await db.write(Transaction.append_action, hand.id, ["B", "fold"]) == 2
    loaded = await db.query(Transaction.get_hand, hand.id)
    assert loaded.record["actions"] == [["A", "open", 2], ["B", "fold"]]
    assert loaded.record["players"] == RECORD["players"]
    assert loaded.turn_deadline is None
    assert [h.id for h in await db.query(Transaction.in_progress_hands)] == [hand.id]
    assert await db.query(Transaction.current_hand, table.id) == loaded
    clock.now += 5
    async with db.transaction() as tx:  # the hand and its statistics in one transaction
        done = await tx.finish_hand(hand.id, {"winner": "A"}, {ALICE: 102, BOB: 98})
        await tx.record_hand_stats(
            done.guild_id, [HandStats(ALICE, won=True, net=2, pot=4), HandStats(BOB, net=-2)]
        )
    assert (done.status, done.result, done.updated_at) == ("finished", {"winner": "A"}, T0 + 5)
    assert [s.stack for s in await db.query(Transaction.seats, table.id)] == [102, 98]
    assert await db.query(Transaction.in_progress_hands) == []
    with pytest.raises(HandFinished):
        await db.write(Transaction.append_action, hand.id, ["A", "check"])
    with pytest.raises(HandFinished):
        await db.write(Transaction.finish_hand, hand.id, {}, {})
    with pytest.raises(NoHand):
        await db.query(Transaction.get_hand, 9999)
    second = await db.write(Transaction.create_hand, table.id, {"no": "actions key"})
    assert second.hand_no == 2
    assert await db.write(Transaction.append_action, second.id, {"verb": "see"}) == 1
    await db.write(Transaction.save_hand, second.id, {"actions": [1, 2, 3]}, turn_deadline=T0 + 90)
    saved = await db.query(Transaction.get_hand, second.id)
    assert (saved.record, saved.turn_deadline) == ({"actions": [1, 2, 3]}, T0 + 90)
    assert (await db.write(Transaction.void_hand, second.id)).status == "void"
    history = await db.query(Transaction.hand_history, G, table_id=table.id)
    assert [h.hand_no for h in history] == [1]
    assert [h.hand_no for h in await db.query(Transaction.hand_history, G, status="void")] == [2]
    assert (await db.query(Transaction.player_stats, G, ALICE))["hands_won"] == 1
    assert await balanced(db)


async def test_finish_hand_checks_chips(db: Database) -> None:
    table = await db.write(Transaction.create_table, G, C, "bouillotte", ALICE)
    await db.write(Transaction.seat, table.id, ALICE, buy_in=100)
    await db.write(Transaction.seat, table.id, BOB, buy_in=100)
    hand = await db.write(Transaction.create_hand, table.id, RECORD)
    with pytest.raises(ChipsNotConserved, match=r"\+10 chips"):
        await db.write(Transaction.finish_hand, hand.id, {}, {ALICE: 110, BOB: 100})
    with pytest.raises(NotSeated):
        await db.write(Transaction.finish_hand, hand.id, {}, {ALICE: 100, CAROL: 0})
    with pytest.raises(InvalidAmount):
        await db.write(Transaction.finish_hand, hand.id, {}, {ALICE: -1, BOB: 201})
    with pytest.raises(ChipsNotConserved, match="jar holds only 0"):
        await db.write(Transaction.finish_hand, hand.id, {}, {ALICE: 105, BOB: 100}, flambeau=-5)
    assert (await db.query(Transaction.get_hand, hand.id)).status == "in_progress"
    # 6 chips to the flambeau jar, 20 carried on the table (a refait), the rest to Alice
    await db.write(Transaction.finish_hand, hand.id, {}, {ALICE: 120, BOB: 54}, flambeau=6, pot=20)
    assert await db.query(Transaction.jar_balance, G) == 6
    assert (await db.query(Transaction.get_table, table.id)).pot == 20
    census = await db.query(Transaction.chip_census, G)
    assert (census.stacks, census.pots, census.jar, census.wallets) == (174, 20, 6, 1800)
    assert census.balanced
    # the next hand takes the pot and the jar back into the stacks
    nxt = await db.write(Transaction.create_hand, table.id, RECORD)
    await db.write(Transaction.finish_hand, nxt.id, {}, {BOB: 80}, flambeau=-6, pot=0)
    assert await db.query(Transaction.jar_balance, G) == 0
    assert [s.stack for s in await db.query(Transaction.seats, table.id)] == [120, 80]
    assert (await db.query(Transaction.hand_history, G))[0].flambeau == -6
    assert await balanced(db)


async def test_close_table_shares_carried_pot(db: Database) -> None:
    table = await db.write(Transaction.create_table, G, C, "brag", ALICE)
    await db.write(Transaction.seat, table.id, ALICE, buy_in=50)
    await db.write(Transaction.seat, table.id, BOB, buy_in=50)
    hand = await db.write(Transaction.create_hand, table.id, RECORD)
    await db.write(Transaction.finish_hand, hand.id, {}, {ALICE: 45, BOB: 44}, pot=11)
    cash_outs = await db.write(Transaction.close_table, table.id)
    assert sorted((c.user_id, c.amount) for c in cash_outs) == [(ALICE, 51), (BOB, 49)]
    assert await balanced(db)
    lone = await db.write(Transaction.create_table, G, C, "brag", CAROL)
    await db.write(Transaction.seat, lone.id, CAROL, buy_in=10)
    hand = await db.write(Transaction.create_hand, lone.id, RECORD)
    await db.write(Transaction.finish_hand, hand.id, {}, {CAROL: 7}, pot=3)
    await db.write(Transaction.cash_out, lone.id, CAROL)
    await db.write(Transaction.close_table, lone.id)  # nobody seated: the pot goes to the jar
    assert await db.query(Transaction.jar_balance, G) == 3
    assert await balanced(db)


async def test_hand_and_chips_in_one_transaction(db: Database) -> None:
    table = await db.write(Transaction.create_table, G, C, "brelan", ALICE)
    await db.write(Transaction.seat, table.id, ALICE, buy_in=100)
    await db.write(Transaction.seat, table.id, BOB, buy_in=100)
    hand = await db.write(Transaction.create_hand, table.id, RECORD)
    with pytest.raises(ChipsNotConserved):
        async with db.transaction() as tx:
            await tx.append_action(hand.id, ["A", "open", 10])
            await tx.finish_hand(hand.id, {"w": "A"}, {ALICE: 110, BOB: 100})
    assert (await db.query(Transaction.get_hand, hand.id)).record["actions"] == []
    async with db.transaction() as tx:
        await tx.append_action(hand.id, ["A", "open", 10])
        await tx.append_action(hand.id, ["B", "fold"])
        await tx.finish_hand(hand.id, {"w": "A"}, {ALICE: 110, BOB: 90})
        await tx.record_hand_stats(G, [HandStats(ALICE, won=True, net=10, pot=20)])
    stored = await db.query(Transaction.get_hand, hand.id)
    assert (stored.status, len(stored.record["actions"])) == ("finished", 2)
    assert await balanced(db)


# -- statistics ------------------------------------------------------------------------


async def test_leaderboard_all_time_vs_weekly(db: Database, clock: Clock) -> None:
    last_week = T0 - 7 * 86400
    await db.write(
        Transaction.record_hand_stats,
        G,
        [HandStats(ALICE, won=True, net=500, pot=600, brelans=1), HandStats(BOB, net=-500)],
        at=last_week,
    )
    await db.write(
        Transaction.record_hand_stats,
        G,
        [HandStats(BOB, won=True, net=40, pot=80, prials=1), HandStats(ALICE, net=-40)],
    )
    await db.write(
        Transaction.record_hand_stats,
        G,
        [HandStats(BOB, won=True, net=10, pot=20, square_brelans=1), HandStats(CAROL, net=-10)],
    )
    await db.write(
        Transaction.record_hand_stats, G + 1, [HandStats(DAVE, won=True, net=999, pot=999)]
    )

    net_all = await db.query(Transaction.leaderboard, G, "net_chips")
    assert [(e.rank, e.user_id, e.value) for e in net_all] == [
        (1, ALICE, 460),
        (2, CAROL, -10),
        (3, BOB, -450),
    ]
    net_week = await db.query(Transaction.leaderboard, G, "net_chips", "week")
    assert [(e.user_id, e.value) for e in net_week] == [(BOB, 50), (CAROL, -10), (ALICE, -40)]
    assert await db.query(Transaction.leaderboard, G, "net_chips", iso_week(T0)) == net_week
    old_week = await db.query(Transaction.leaderboard, G, "hands_won", iso_week(last_week))
    assert [(e.user_id, e.value) for e in old_week] == [(ALICE, 1), (BOB, 0)]
    pots = await db.query(Transaction.leaderboard, G, "biggest_pot")
    assert [(e.user_id, e.value) for e in pots][:2] == [(ALICE, 600), (BOB, 80)]
    played = await db.query(Transaction.leaderboard, G, "hands_played", limit=2)
    assert [(e.rank, e.user_id, e.value) for e in played] == [(1, BOB, 3), (2, ALICE, 2)]
    ties = await db.query(Transaction.leaderboard, G, "hands_played", "week")
    assert [(e.rank, e.user_id, e.value) for e in ties] == [
        (1, BOB, 2),
        (2, ALICE, 1),
        (2, CAROL, 1),
    ]
    assert (await db.query(Transaction.player_stats, G, BOB, "week"))["square_brelans"] == 1
    assert (await db.query(Transaction.player_stats, G, BOB))["prials"] == 1
    assert (await db.query(Transaction.player_stats, G, DAVE))["hands_played"] == 0
    clock.now += 7 * 86400  # a new week starts empty; all-time keeps everything
    assert await db.query(Transaction.leaderboard, G, "net_chips", "week") == []
    assert await db.query(Transaction.leaderboard, G, "net_chips") == net_all
    with pytest.raises(ValueError):
        await db.query(Transaction.leaderboard, G, "chips; DROP TABLE stats", "all")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        await db.query(Transaction.leaderboard, G, "prials", "last week")
