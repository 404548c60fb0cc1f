"""Several processes on one database (issue 15): a table belongs to its guild's shard, and a
lease makes sure that only one process runs it, even when two are configured alike; the other
takes it over once the first stops renewing its lease."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.games.cards import Shuffler
from bot.games.replay import load_record, replay_record
from bot.runtime import ManualClock, RecordingPresenter, TableError, TableManager
from bot.runtime.leasing import DEFAULT_LEASE_TTL
from bot.runtime.shards import ShardSet
from bot.storage import Database, LeaseLost, Transaction
from tests.test_runtime_support import CHANNEL, balanced

A, B, C = 801, 802, 803
GUILD_SHARD_0 = 4 << 22  # shard 0 of 2
GUILD_SHARD_1 = 5 << 22  # shard 1 of 2


class Processes:
    """Managers on one database, each with its own connection, as separate processes are."""

    def __init__(self, target: str | Path) -> None:
        self.target = target
        self.clock = ManualClock()
        self.opened: list[TableManager] = []

    async def start(self, owner: str, shards: ShardSet | None = None) -> TableManager:
        db = await Database.open(self.target)
        manager = TableManager(
            db,
            RecordingPresenter(),
            clock=self.clock,
            shuffler_factory=lambda tid: Shuffler(seed=1000 + tid),
            shards=shards,
            lease_owner=owner,
        )
        await manager.resume()
        self.opened.append(manager)
        return manager

    async def close(self) -> None:
        for manager in self.opened:
            for table in manager.tables.values():
                if table.timer is not None:
                    table.timer.cancel()
            if manager._keeper is not None:
                manager._keeper.cancel()
            await manager.db.close()


@pytest.fixture
async def processes(db_target: str) -> AsyncIterator[Processes]:
    """Managers on one database of each backend (tests/conftest.py)."""
    group = Processes(db_target)
    yield group
    await group.close()


async def _table_in_play(manager: TableManager, guild: int = GUILD_SHARD_0) -> tuple[int, int]:
    table = await manager.create_table(guild, CHANNEL, "brelan", A, {"carre": "off"})
    for user in (A, B, C):
        await manager.join(table, user)
    return table, await manager.start(table, A)


async def _first_move(manager: TableManager, table: int) -> tuple[int, str, Any]:
    hand = (await manager.status(table))["hand"]
    legal = hand["legal"][0]
    return int(hand["to_act"]), legal["verb"], legal.get("min")


async def test_only_one_of_two_processes_runs_a_table(processes: Processes) -> None:
    first = await processes.start("first")
    table, hand_id = await _table_in_play(first)
    second = await processes.start("second")  # same shards: a misconfigured twin
    assert table in first.tables and table not in second.tables
    with pytest.raises(TableError):
        await second.act(table, *(await _first_move(first, table)))
    # Even forced to load it, the twin can write nothing for the table.
    gt = await second.db.query(Transaction.get_table, table)
    await second._resume_table(gt, False)
    user, verb, amount = await _first_move(second, table)
    with pytest.raises(LeaseLost):
        await second.act(table, user, verb, amount)
    assert table not in second.tables  # it stopped running the table
    assert (await second.db.query(Transaction.get_hand, hand_id)).record.get("actions", []) == []
    await first.act(table, user, verb, amount)
    assert len((await first.db.query(Transaction.get_hand, hand_id)).record["actions"]) == 1


async def test_the_other_process_takes_over_when_the_first_dies(processes: Processes) -> None:
    first = await processes.start("first")
    table, hand_id = await _table_in_play(first)
    await first.act(table, *(await _first_move(first, table)))
    second = await processes.start("second")
    assert await second.keep_leases_once() == []  # the first still holds it
    # The first process dies: it renews nothing any more.
    for t in first.tables.values():
        if t.timer is not None:
            t.timer.cancel()
    await processes.clock.advance(DEFAULT_LEASE_TTL + 1)
    assert await second.keep_leases_once() == [table]
    user, verb, amount = await _first_move(second, table)
    await second.act(table, user, verb, amount)
    actions = (await second.db.query(Transaction.get_hand, hand_id)).record["actions"]
    assert len(actions) == 2  # the first process's move is kept, the game goes on
    # The first process comes back to life: its next write is refused and it lets go.
    with pytest.raises(LeaseLost):
        await first.act(table, *(await _first_move(first, table)))
    assert table not in first.tables
    assert await first.keep_leases_once() == []  # the second keeps renewing it
    replay_record(load_record((await second.db.query(Transaction.get_hand, hand_id)).record))
    await balanced(second.db, GUILD_SHARD_0)


async def test_renewed_leases_are_never_taken_over(processes: Processes) -> None:
    first = await processes.start("first")
    table, _ = await _table_in_play(first)
    second = await processes.start("second")
    first.keep_leases()
    second.keep_leases()
    await processes.clock.advance(DEFAULT_LEASE_TTL * 5)  # the keepers run every ttl/3
    assert table in first.tables and table not in second.tables


async def test_a_clean_shutdown_hands_the_tables_over_at_once(processes: Processes) -> None:
    first = await processes.start("first")
    table, _ = await _table_in_play(first)
    second = await processes.start("second")
    await first.release_leases()
    assert await second.keep_leases_once() == [table]


async def test_each_process_runs_the_tables_of_its_shards(processes: Processes) -> None:
    everything = await processes.start("setup")
    zero, _ = await _table_in_play(everything, GUILD_SHARD_0)
    one = await everything.create_table(GUILD_SHARD_1, CHANNEL + 1, "brag", B)
    await everything.release_leases()
    shard0 = await processes.start("shard-0", ShardSet(2, [0]))
    shard1 = await processes.start("shard-1", ShardSet(2, [1]))
    assert set(shard0.tables) == {zero} and set(shard1.tables) == {one}
    assert await shard0.keep_leases_once() == [] and await shard1.keep_leases_once() == []


def test_shard_settings_are_read_and_explained() -> None:
    from bot.config import ConfigError, Settings

    assert Settings.from_env({}).shards == ShardSet(1, [0])
    assert Settings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "0, 2"}).shards == ShardSet(
        4, [0, 2]
    )
    assert Settings.from_env({"SHARD_COUNT": "3"}).shards.ids == (0, 1, 2)
    for bad in (
        {"SHARD_COUNT": "two"},
        {"SHARD_COUNT": "2", "SHARD_IDS": "2"},
        {"SHARD_COUNT": "0"},
    ):
        with pytest.raises(ConfigError) as error:
            Settings.from_env(bad)
        assert "SHARD_COUNT" in str(error.value) and "\n" not in str(error.value)


# ------------------------------------------------------------------ every write is fenced

ADMIN = 899


async def _lost(
    processes: Processes, first: TableManager, table: int, *, timers: bool = False
) -> TableManager:
    """The first process stalls (it renews nothing, its timers wait: all of them unless
    ``timers``) and the second takes the table over."""
    second = await processes.start("second")
    for t in first.tables.values():
        if t.timer is not None and not timers:
            t.timer.cancel()
    await processes.clock.advance(DEFAULT_LEASE_TTL + 1)
    assert await second.keep_leases_once() == [table]
    assert table in first.tables  # the first does not know yet
    return second


async def _snapshot(db: Database, table: int) -> Any:
    """What the players could notice of a table in the database."""
    gt = await db.query(Transaction.get_table, table)
    hand = await db.query(Transaction.current_hand, table)
    seats = sorted(
        (s.user_id, s.stack, s.status, s.timeouts) for s in await db.query(Transaction.seats, table)
    )
    wallets = [await db.write(Transaction.balance, GUILD_SHARD_0, u) for u in (A, B, C)]
    return (
        gt.status,
        gt.options,
        None if hand is None else (hand.id, hand.status, hand.record, hand.turn_deadline),
        seats,
        wallets,
    )


async def test_a_process_that_lost_its_lease_cannot_void_the_hand(processes: Processes) -> None:
    first = await processes.start("first")
    table, hand_id = await _table_in_play(first)
    second = await _lost(processes, first, table)
    before = await _snapshot(second.db, table)
    with pytest.raises(TableError, match="another of the bot's processes"):
        await first.void_hand(table, ADMIN)
    assert table not in first.tables
    assert await _snapshot(second.db, table) == before
    assert (await second.db.query(Transaction.get_hand, hand_id)).status == "in_progress"
    await second.act(table, *(await _first_move(second, table)))  # the game goes on there
    await balanced(second.db, GUILD_SHARD_0)


@pytest.mark.parametrize("how", ["close_now", "close", "table_gone", "guild_gone"])
async def test_a_process_that_lost_its_lease_cannot_close_the_table(
    processes: Processes, how: str
) -> None:
    first = await processes.start("first")
    table = await first.create_table(GUILD_SHARD_0, CHANNEL, "bouillotte", A)
    for user in (A, B):
        await first.join(table, user)  # no hand in play: a close would be at once
    second = await _lost(processes, first, table)
    before = await _snapshot(second.db, table)
    if how == "close_now":
        with pytest.raises(TableError, match="another of the bot's processes"):
            await first.close_now(table, ADMIN)
    elif how == "close":
        with pytest.raises(TableError, match="another of the bot's processes"):
            await first.close(table, A)
    elif how == "table_gone":
        assert await first.table_gone(table, "channel") is None
    else:
        assert await first.guild_gone(GUILD_SHARD_0) == []
    assert table not in first.tables
    assert await _snapshot(second.db, table) == before
    async with second.db.read() as tx:
        assert all(s.status != "revealed" for s in await tx.server_seeds(table))
    assert await second.start(table, A)  # the table plays on in the second process
    await balanced(second.db, GUILD_SHARD_0)


async def test_a_process_that_lost_its_lease_cannot_seat_a_player_back(
    processes: Processes,
) -> None:
    first = await processes.start("first")
    table = await first.create_table(GUILD_SHARD_0, CHANNEL, "brelan", A, {"turn_timeout": 5})
    for user in (A, B, C):
        await first.join(table, user)
    await first.start(table, A)
    for _ in range(100):  # C lets his turns time out until he sits out
        if C in [
            s.user_id
            for s in await first.db.query(Transaction.seats, table)
            if s.status == "sitting_out"
        ]:
            break
        user, verb, amount = await _first_move(first, table)
        if user == C:
            await processes.clock.advance(5)
        else:
            await first.act(table, user, verb, amount)
    else:
        raise AssertionError("C never sat out")
    second = await _lost(processes, first, table)
    before = await _snapshot(second.db, table)
    with pytest.raises(TableError, match="another of the bot's processes"):
        await first.join(table, C)
    assert table not in first.tables
    assert await _snapshot(second.db, table) == before
    seat = await second.db.query(Transaction.get_seat, table, C)
    assert seat is not None and seat.status == "sitting_out"
    assert "back" in str(await second.join(table, C))  # the process that runs it seats him
    await balanced(second.db, GUILD_SHARD_0)


async def test_a_process_that_lost_its_lease_cannot_give_a_late_turn_again(
    processes: Processes,
) -> None:
    """Its turn timer fires late (the bot lagged): the fresh turn it would store is refused."""
    first = await processes.start("first")
    table, hand_id = await _table_in_play(first)
    deadline = (await first.db.query(Transaction.get_hand, hand_id)).turn_deadline
    assert deadline is not None
    second = await _lost(processes, first, table, timers=True)  # a fresh turn, stored
    before = await _snapshot(second.db, table)
    stored = (await second.db.query(Transaction.get_hand, hand_id)).turn_deadline
    assert stored is not None and stored > deadline + 5
    processes.clock.stall(deadline + 10 - processes.clock.now())  # late, the second's not due
    await processes.clock.advance(0)
    assert table not in first.tables
    assert await _snapshot(second.db, table) == before


async def test_a_process_that_lost_its_lease_cannot_give_fresh_turns_at_resume(
    processes: Processes,
) -> None:
    first = await processes.start("first")
    table, hand_id = await _table_in_play(first)
    second = await processes.start("second")
    before = await _snapshot(second.db, table)
    await processes.clock.advance(1)
    gt = await second.db.query(Transaction.get_table, table)
    assert await second._resume_table(gt, True) is False  # forced to load it, it writes nothing
    assert table not in second.tables
    assert await _snapshot(second.db, table) == before
    await first.act(table, *(await _first_move(first, table)))
    assert len((await first.db.query(Transaction.get_hand, hand_id)).record["actions"]) == 1


async def test_a_process_that_lost_its_lease_cannot_let_a_member_go(processes: Processes) -> None:
    first = await processes.start("first")
    table, _ = await _table_in_play(first)
    second = await _lost(processes, first, table)
    before = await _snapshot(second.db, table)
    leaver, _, _ = await _first_move(first, table)
    assert await first.member_left(GUILD_SHARD_0, leaver) == []
    assert table not in first.tables
    assert await _snapshot(second.db, table) == before
    assert await second.member_left(GUILD_SHARD_0, leaver) == [table]
    assert len((await second.db.query(Transaction.current_hand, table)).record["actions"]) == 1  # type: ignore[union-attr]
