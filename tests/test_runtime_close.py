"""Closing, voiding and starting: closing never undoes a hand, voiding is an admin's act,
and only a seated player, the creator or a server manager deals (the pause holds)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.runtime import TableError
from bot.storage import Transaction
from tests.test_runtime_support import (
    CHANNEL,
    GUILD,
    Env,
    balanced,
    friendly,
)

A, B, C, ADMIN = 601, 602, 603, 699


async def play_out(m: Any, table: int) -> None:
    """Play the hand in progress to its end with :func:`friendly` (the table may close)."""
    for _ in range(200):
        if table not in m.tables:
            return
        hand = (await m.status(table))["hand"]
        if hand is None:
            return
        verb, amount = friendly(hand["legal"])
        await m.act(table, int(hand["to_act"]), verb, amount)
    raise AssertionError("the hand did not end")


CAVE = 30


async def brelan_hand_with_a_bet(env: Env) -> tuple[int, int]:
    """A opens a Brelan table (A, B), deals, and the first player opens: chips in the pot."""
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", A, {"carre": "off", "cave": CAVE})
    for user in (A, B):
        await m.join(table, user)
    hand_id = await m.start(table, A)
    for _ in range(10):  # play until somebody has opened
        hand = (await m.status(table))["hand"]
        if any(p["stake"] > 1 for p in hand["players"]):
            break
        verb, amount = friendly(hand["legal"])
        await m.act(table, int(hand["to_act"]), verb, amount)
    return table, hand_id


async def test_closing_during_a_hand_waits_for_its_end_and_keeps_its_outcome(env: Env) -> None:
    m = env.manager
    table, hand_id = await brelan_hand_with_a_bet(env)
    assert str(await m.close(table, A)) == "The table will close when this hand ends."
    state = await m.status(table)
    assert state["closing"] is True and state["hand"]["id"] == hand_id
    assert "<@601> closes the table when this hand ends." in [
        str(t) for (_, t, _) in env.presenter.announcements
    ]
    with pytest.raises(TableError, match="already closes"):
        await m.close(table, A)
    with pytest.raises(TableError, match="closes when the hand in play ends"):
        await m.join(table, C)
    await play_out(m, table)
    # the hand was played to its end and paid; then the table closed, stacks went home
    hand = await env.db.query(Transaction.get_hand, hand_id)
    assert hand.status == "finished"
    assert (
        table not in m.tables
        and (await env.db.query(Transaction.get_table, table)).status == "closed"
    )
    final = hand.result["stacks"]
    for user in (A, B):
        assert (
            await env.db.write(Transaction.balance, GUILD, user) == 1000 - CAVE + final[str(user)]
        )
    assert final[str(A)] != final[str(B)]  # somebody won chips: the hand was not undone
    assert len(await env.db.query(Transaction.hand_history, GUILD, table_id=table, limit=10)) == 1
    await balanced(env.db)


async def test_a_close_pending_at_a_restart_still_waits_for_the_hand(env: Env) -> None:
    table, hand_id = await brelan_hand_with_a_bet(env)
    await env.manager.close(table, A)
    env2 = await env.reopen()
    try:
        state = await env2.manager.status(table)
        assert state["closing"] is True and state["hand"]["id"] == hand_id
        await play_out(env2.manager, table)
        assert (await env2.db.query(Transaction.get_hand, hand_id)).status == "finished"
        assert (await env2.db.query(Transaction.get_table, table)).status == "closed"
        await balanced(env2.db)
    finally:
        env.db = env2.db


async def test_a_hand_ended_before_a_crash_closes_its_closing_table_at_resume(env: Env) -> None:
    m = env.manager
    table, _ = await brelan_hand_with_a_bet(env)
    m.tables[table].closing = False  # as if the process died between the hand's end and
    await play_out(m, table)  # the close: the stored table still says "closing"
    stored = await env.db.query(Transaction.get_table, table)
    await env.db.write(Transaction.update_table, table, options={**stored.options, "closing": True})
    assert stored.status != "closed"
    env2 = await env.reopen()
    try:
        assert (await env2.db.query(Transaction.get_table, table)).status == "closed"
        assert table not in env2.manager.tables
        await balanced(env2.db)
    finally:
        env.db = env2.db


async def test_only_an_admin_voids_a_hand_and_the_void_names_him(env: Env) -> None:
    m = env.manager
    table, hand_id = await brelan_hand_with_a_bet(env)
    text = str(await m.void_hand(table, ADMIN))
    hand = await env.db.query(Transaction.get_hand, hand_id)
    assert text == f"Hand {hand.hand_no} is called off: every stake went back."
    assert hand.status == "void" and hand.result == {"void": True, "voided_by": ADMIN}
    assert {s.user_id: s.stack for s in await env.db.query(Transaction.seats, table)} == {
        A: CAVE,
        B: CAVE,
    }
    state = await m.status(table)
    assert state["hand"] is not None and state["hand"]["id"] != hand_id  # play goes on
    await balanced(env.db)


async def test_an_admin_close_over_a_hand_is_in_the_ledger(env: Env) -> None:
    m = env.manager
    table, hand_id = await brelan_hand_with_a_bet(env)
    assert (
        str(await m.close_now(table, ADMIN))
        == "The table is closed; every player got their chips back."
    )
    assert (await env.db.query(Transaction.get_hand, hand_id)).result == {
        "void": True,
        "voided_by": ADMIN,
    }
    for user in (A, B):
        entry = (await env.db.query(Transaction.ledger, GUILD, user, limit=1))[0]
        assert entry.kind == "cash_out" and entry.amount == CAVE
        assert entry.counterpart_id == ADMIN and entry.note == "table closed by an admin"
    await balanced(env.db)


async def test_only_players_the_creator_or_a_manager_deal(env: Env) -> None:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", A, {"cave": CAVE})
    for user in (A, B):
        await m.join(table, user)
    with pytest.raises(TableError, match="Only a seated player, the table's creator"):
        await m.start(table, C)
    assert (await m.status(table))["hand"] is None
    assert await m.start(table, C, manager=True)


async def test_a_seated_player_who_did_not_open_the_table_may_deal(env: Env) -> None:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", A, {"cave": CAVE})
    for user in (A, B):
        await m.join(table, user)
    assert await m.start(table, B)
