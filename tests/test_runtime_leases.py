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
from bot.storage import Database, LeaseLost
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
    gt = await second.db.get_table(table)
    await second._resume_table(gt, False)
    user, verb, amount = await _first_move(second, table)
    with pytest.raises(LeaseLost):
        await second.act(table, user, verb, amount)
    assert table not in second.tables  # it stopped running the table
    assert (await second.db.get_hand(hand_id)).record.get("actions", []) == []
    await first.act(table, user, verb, amount)
    assert len((await first.db.get_hand(hand_id)).record["actions"]) == 1


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
    actions = (await second.db.get_hand(hand_id)).record["actions"]
    assert len(actions) == 2  # the first process's move is kept, the game goes on
    # The first process comes back to life: its next write is refused and it lets go.
    with pytest.raises(LeaseLost):
        await first.act(table, *(await _first_move(first, table)))
    assert table not in first.tables
    assert await first.keep_leases_once() == []  # the second keeps renewing it
    replay_record(load_record((await second.db.get_hand(hand_id)).record))
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
