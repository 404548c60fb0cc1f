"""The pause between hands (``next_hand_delay``): announced, timed by the table's clock,
never dealt twice, and kept across a restart."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.runtime import TableError
from bot.storage import Transaction
from tests.test_runtime_brag import play_brag_hand
from tests.test_runtime_support import CHANNEL, GUILD, Env, balanced, play_until_hand_over

A, B, C = 601, 602, 603


async def delayed_table(env: Env, game: str = "brelan", delay: float = 10) -> int:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, game, A, {"next_hand_delay": delay})
    for user in (A, B):
        await m.join(table, user)
    await m.start(table)
    return table


async def finish_hand(env: Env, table: int, game: str = "brelan") -> int:
    if game == "brag":
        return await play_brag_hand(env.manager, table, random.Random(1))
    return await play_until_hand_over(env.manager, table)


@pytest.mark.parametrize("game", ["brelan", "bouillotte", "brag"])
async def test_next_hand_after_the_delay(env: Env, game: str) -> None:
    m = env.manager
    table = await delayed_table(env, game)
    await finish_hand(env, table, game)
    due = env.clock.now() + 10
    state = await m.status(table)
    assert state["hand"] is None and state["next_hand_at"] == due
    assert env.clock.pending() == [due]
    assert (await env.db.query(Transaction.get_table, table)).options["next_deal_at"] == due
    countdown = [d for (_, _, d) in env.presenter.announcements if "next_hand_at" in d]
    assert countdown == [{"next_hand_at": due}]
    # a player sitting down meanwhile neither brings the deal forward nor puts it off
    await env.clock.advance(4)
    await m.join(table, C)
    state = await m.status(table)
    assert state["hand"] is None and state["next_hand_at"] == due
    await env.clock.advance(5)
    assert (await m.status(table))["hand"] is None
    await env.clock.advance(1)
    state = await m.status(table)
    assert state["hand"] is not None and state["hand"]["no"] == 2
    assert len(state["hand"]["players"]) == 3 and state["next_hand_at"] is None
    assert "next_deal_at" not in (await env.db.query(Transaction.get_table, table)).options
    await balanced(env.db)


async def test_start_during_the_countdown_does_not_skip_the_pause(env: Env) -> None:
    """The pause between hands holds: Start during it is refused, saying when the next hand
    comes, and the countdown deals once, on time."""
    m = env.manager
    table = await delayed_table(env)
    await finish_hand(env, table)
    at = (await m.status(table))["next_hand_at"]
    results = await asyncio.gather(m.start(table), m.start(table), return_exceptions=True)
    assert all(isinstance(r, TableError) for r in results), results
    assert "The next hand is dealt in 10 seconds." in {str(r) for r in results}
    state = await m.status(table)
    assert state["hand"] is None and state["next_hand_at"] == at
    await env.clock.advance(10)
    state = await m.status(table)
    assert state["hand"] is not None and state["hand"]["no"] == 2
    assert len(await env.db.query(Transaction.hand_history, GUILD, table_id=table)) == 1
    await balanced(env.db)


async def test_countdown_timer_and_start_race(env: Env) -> None:
    m = env.manager
    table = await delayed_table(env)
    await finish_hand(env, table)
    await asyncio.gather(env.clock.advance(10), m.start(table), return_exceptions=True)
    state = await m.status(table)
    assert state["hand"] is not None and state["hand"]["no"] == 2
    hands = await env.db.query(
        Transaction.hand_history, GUILD, table_id=table, status="in_progress"
    )
    assert len(hands) == 1


async def test_pending_deal_survives_a_restart(env: Env) -> None:
    table = await delayed_table(env)
    await finish_hand(env, table)
    due = env.clock.now() + 10
    await env.clock.advance(4)
    env2 = await env.reopen()
    try:
        m2 = env2.manager
        assert (await m2.status(table))["next_hand_at"] == due
        assert env2.clock.pending() == [due]
        await env2.clock.advance(5)
        assert (await m2.status(table))["hand"] is None
        await env2.clock.advance(1)
        assert (await m2.status(table))["hand"]["no"] == 2
        await balanced(env2.db)
    finally:
        env.db = env2.db


async def test_overdue_deal_fires_at_resume(env: Env) -> None:
    table = await delayed_table(env)
    await finish_hand(env, table)
    env.clock._now += 100  # the bot was down past the deal time
    env2 = await env.reopen()
    try:
        await env2.clock.advance(0)
        assert (await env2.manager.status(table))["hand"]["no"] == 2
    finally:
        env.db = env2.db


async def test_idle_table_counts_down_when_players_come(env: Env) -> None:
    m = env.manager
    table = await delayed_table(env, delay=5)
    await finish_hand(env, table)
    await m.leave(table, B)  # during the countdown: one player is left
    await env.clock.advance(5)
    state = await m.status(table)
    assert state["hand"] is None and state["next_hand_at"] is None
    await m.join(table, C)  # a second player: the countdown starts again
    state = await m.status(table)
    assert state["hand"] is None and state["next_hand_at"] == env.clock.now() + 5
    await env.clock.advance(5)
    assert (await m.status(table))["hand"]["no"] == 2
    await balanced(env.db)


async def test_no_delay_keeps_dealing_at_once(env: Env) -> None:
    m = env.manager
    table = await delayed_table(env, delay=0)
    await finish_hand(env, table)
    state = await m.status(table)
    assert state["hand"]["no"] == 2 and state["next_hand_at"] is None
    assert env.clock.pending() == [state["hand"]["deadline"]]
