"""Practice tables (``practice=on``): play chips the house bank pays and takes back, no
statistics, house players, and the hint for the player to act (refused elsewhere)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.house.advice import hint
from bot.house.view import view_for
from bot.runtime import TableError
from bot.runtime.errors import NotYourTurn
from bot.runtime.practice import REAL_TABLE
from bot.storage import Transaction
from bot.storage.house import HOUSE_BANK, PRACTICE_NOTE
from tests.test_runtime_support import (
    CHANNEL,
    GUILD,
    Env,
    balanced,
    make_env,
    play_until_hand_over,
)

ANN, BOB = 501, 502


@pytest.fixture
async def env(db_target: str) -> AsyncIterator[Env]:
    env = await make_env(db_target)
    yield env
    await env.manager.aclose()
    await env.db.close()


async def practice_table(env: Env, game: str = "bouillotte", **options: object) -> int:
    table = await env.manager.create_table(GUILD, CHANNEL, game, ANN, {"practice": True, **options})
    await env.manager.join(table, ANN)
    return table


@pytest.mark.parametrize("game", ["brelan", "bouillotte", "brag"])
async def test_practice_chips_never_touch_a_wallet(env: Env, game: str) -> None:
    before = await env.db.write(Transaction.balance, GUILD, ANN)  # his wallet made
    assert await env.db.write(Transaction.balance, GUILD, BOB) == before  # both have one
    table = await practice_table(env, game)
    await env.manager.join(table, BOB)
    await env.manager.add_house(table, ANN, "normal")
    await env.manager.start(table, ANN)
    for _ in range(3):
        await play_until_hand_over(env.manager, table)
        state = await env.manager.status(table)
        if state["hand"] is None:
            break
    await balanced(env.db)
    await env.manager.leave(table, ANN)
    await env.manager.close_now(table, BOB)
    for member in (ANN, BOB):
        assert await env.db.query(Transaction.balance, GUILD, member) == before
        entries = await env.db.query(Transaction.ledger, GUILD, member, limit=50)
        assert all(e.table_id is None for e in entries), entries  # the welcome grant only
    bank = await env.db.query(Transaction.ledger, GUILD, HOUSE_BANK, limit=200)
    assert {e.counterpart_id for e in bank if e.note == PRACTICE_NOTE} == {ANN, BOB}
    await balanced(env.db)
    board = await env.db.query(Transaction.leaderboard, GUILD, "hands_won", "all")
    assert board == []  # practice counts in no statistics


async def test_a_practice_table_says_so_and_a_real_one_does_not(env: Env) -> None:
    table = await practice_table(env)
    assert (await env.manager.status(table))["practice"] is True
    real = await env.manager.create_table(GUILD, CHANNEL + 1, "brelan", ANN, {})
    assert "practice" not in await env.manager.status(real)


async def test_the_hint_is_the_strong_players_move_for_the_player_to_act(env: Env) -> None:
    table = await practice_table(env, "brelan")
    await env.manager.join(table, BOB)
    await env.manager.start(table, ANN)
    for _ in range(6):
        state = await env.manager.status(table)
        hand = state["hand"]
        if hand is None or hand["to_act"] is None:
            break
        to_act = int(hand["to_act"])
        other = BOB if to_act == ANN else ANN
        advice = await env.manager.hint(table, to_act)
        engine = env.manager.tables[table].hand
        assert advice == hint(view_for(engine, str(to_act)), env.manager.tables[table].house_memory)
        assert advice.verb in {a["verb"] for a in hand["legal"]}
        with pytest.raises(NotYourTurn):
            await env.manager.hint(table, other)
        await env.manager.act(table, to_act, advice.verb, advice.amount)  # type: ignore[arg-type]


async def test_a_hint_is_refused_at_a_real_table(env: Env) -> None:
    table = await env.manager.create_table(GUILD, CHANNEL, "brag", ANN, {})
    await env.manager.join(table, ANN)
    await env.manager.join(table, BOB)
    await env.manager.start(table, ANN)
    to_act = int((await env.manager.status(table))["hand"]["to_act"])
    with pytest.raises(TableError) as refused:
        await env.manager.hint(table, to_act)
    assert refused.value.message.key == REAL_TABLE
