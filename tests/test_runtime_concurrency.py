"""Concurrent requests: one action per turn, one seat per user, one table per channel,
wallets never negative; and the hand history export replays."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.games.replay import replay_json
from bot.runtime import TableError, replays_to_expect
from bot.storage import Transaction
from tests.test_runtime_support import (
    CHANNEL,
    GUILD,
    Env,
    balanced,
    friendly,
    play_until_hand_over,
)

USERS = [301, 302, 303, 304]


async def test_two_actions_for_one_turn(env: Env) -> None:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", USERS[0])
    for user in USERS[:3]:
        await m.join(table, user)
    await m.start(table)
    for _ in range(5):
        hand = (await m.status(table))["hand"]
        user = int(hand["to_act"])
        verb, amount = friendly(hand["legal"])
        count = len((await env.db.query(Transaction.current_hand, table)).record["actions"])  # type: ignore[union-attr]
        results = await asyncio.gather(
            m.act(table, user, verb, amount, hand_id=hand["id"]),
            m.act(table, user, verb, amount, hand_id=hand["id"]),
            return_exceptions=True,
        )
        errors = [r for r in results if isinstance(r, BaseException)]
        assert len(errors) == 1 and isinstance(errors[0], TableError), results
        stored = await env.db.query(Transaction.get_hand, hand["id"])
        assert len(stored.record["actions"]) == count + 1
        if stored.status != "in_progress":
            break
    await balanced(env.db)


async def test_joining_twice_at_once(env: Env) -> None:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", USERS[0])
    results = await asyncio.gather(
        m.join(table, USERS[1]), m.join(table, USERS[1]), return_exceptions=True
    )
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(errors) == 1 and "already" in str(errors[0])
    assert [s.user_id for s in await env.db.query(Transaction.seats, table)] == [USERS[1]]
    assert await env.db.write(Transaction.balance, GUILD, USERS[1]) == 1000 - 50
    await balanced(env.db)


async def test_second_table_in_a_channel(env: Env) -> None:
    m = env.manager
    results = await asyncio.gather(
        m.create_table(GUILD, CHANNEL, "brelan", USERS[0]),
        m.create_table(GUILD, CHANNEL, "bouillotte", USERS[1]),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(errors) == 1 and str(errors[0]) == "There is already a table in this channel."
    assert len(await env.db.query(Transaction.open_tables, GUILD)) == 1


async def test_wallet_never_negative(env: Env) -> None:
    m = env.manager
    await env.db.write(Transaction.update_settings, GUILD, starting_grant=120)
    tables = [await m.create_table(GUILD, CHANNEL + i, "brelan", USERS[0]) for i in range(4)]
    results = await asyncio.gather(*(m.join(t, 999) for t in tables), return_exceptions=True)
    ok = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(ok) == 2 and len(refused) == 2
    assert all(isinstance(r, TableError) and "you need 50" in str(r) for r in refused)
    assert await env.db.write(Transaction.balance, GUILD, 999) == 20
    await balanced(env.db)


async def test_history_export_replays(env: Env) -> None:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "bouillotte", USERS[0])
    for user in USERS:
        await m.join(table, user)
    await m.start(table)
    for _ in range(4):
        await play_until_hand_over(m, table)
    hands = await env.db.query(Transaction.hand_history, GUILD, table_id=table, limit=10)
    assert len(hands) == 4
    for hand in hands:
        text = (await m.export_hand(hand.id, None)).text
        scenario = json.loads(text)
        assert scenario["expect"]["finished"] is True
        assert replays_to_expect(scenario)
        raw = {k: v for k, v in scenario.items() if k != "expect"}
        assert replay_json(raw) == scenario["expect"]
    current = await env.db.query(Transaction.current_hand, table)
    assert current is not None
    with pytest.raises(TableError, match="not over"):
        await m.export_hand(current.id, None)
    await balanced(env.db)
