"""Caves across hands in the runtime: Bouillotte's immediate recave and recave from the line,
Brelan's replenish, its agreed number of hands, and Staked Brelan's reserve caves."""

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
    play_until_hand_over,
)

A, B, C = 501, 502, 503
#: Two players, no carre, no brelan payments: an all-in hand cleans one out.
DUEL = {"carre": "off", "brelan_pay": 0, "square_pay": 0, "cave": 5}


def all_in(legal: list[dict[str, Any]]) -> tuple[str, int | None]:
    verbs = {a["verb"]: a for a in legal}
    if "open" in verbs:
        return "open", verbs["open"]["max"]
    for verb in ("hold", "stand", "decline", "pass"):
        if verb in verbs:
            return verb, None
    raise AssertionError(legal)


async def play_all_in(env: Env, table: int) -> int:
    """Play the current hand: the first to speak opens with everything, the others hold."""
    m = env.manager
    hand_id = (await m.status(table))["hand"]["id"]
    for _ in range(20):
        hand = (await m.status(table))["hand"]
        if hand is None or hand["id"] != hand_id:
            return int(hand_id)
        verb, amount = all_in(hand["legal"])
        await m.act(table, int(hand["to_act"]), verb, amount)
    raise AssertionError("the hand did not end")


async def stacks(env: Env, table: int) -> dict[int, int]:
    return {s.user_id: s.stack for s in await env.db.query(Transaction.seats, table)}


async def duel(env: Env, game: str, users: tuple[int, ...] = (A, B), **options: Any) -> int:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, game, users[0], {**DUEL, **options})
    for user in users:
        await m.join(table, user)
    await m.start(table)
    return table


async def test_bouillotte_decave_recaves_at_once(env: Env) -> None:
    m = env.manager
    table = await duel(env, "bouillotte", seats=2)
    await play_all_in(env, table)
    seats = await stacks(env, table)
    assert list(seats.values()) == [10]  # the loser is cleaned out and unseated
    (winner,) = seats
    loser = A if winner == B else B
    assert (await m.status(table))["hand"] is None  # one player left: no deal
    with pytest.raises(TableError, match="still have your seat"):
        await m.recave(table, winner)
    with pytest.raises(TableError, match="1 to 10 chips, not 11"):
        await m.recave(table, loser, 11)
    with pytest.raises(TableError, match="Only a player cleaned out"):
        await m.recave(table, C)
    await env.db.write(Transaction.update_settings, GUILD, starting_grant=1000)
    msg = await m.recave(table, loser, 8)  # up to what the seated players hold
    assert str(msg).startswith("You recave for 8 chips. Your seed for fair dealing is `")
    assert await stacks(env, table) == {winner: 10, loser: 8}
    assert await env.db.write(Transaction.balance, GUILD, loser) == 1000 - 5 - 8
    entries = await env.db.query(Transaction.ledger, GUILD, loser)
    assert [e.amount for e in entries if e.kind == "buy_in"] == [-8, -5]
    state = await m.status(table)
    assert state["hand"] is not None and state["hand"]["no"] == 2  # dealt at once
    await balanced(env.db)


async def test_bouillotte_recave_waits_in_line_when_the_table_is_full(env: Env) -> None:
    m = env.manager
    table = await duel(env, "bouillotte", seats=2)
    assert "in line" in str(await m.join(table, C))
    await play_all_in(env, table)
    seats = await stacks(env, table)
    assert C in seats and seats[C] == 5  # the first in line took the free seat
    first_loser = next(u for u in (A, B) if u not in seats)
    msg = await m.recave(table, first_loser, 7)
    assert "number 1 in line" in str(msg) and "7 chips" in str(msg)
    state = await m.status(table)
    assert state["queue"] == [first_loser]
    # paid when seated
    assert await env.db.write(Transaction.balance, GUILD, first_loser) == 1000 - 5
    # the next décavé's seat goes to him, with the cave he asked for
    await play_all_in(env, table)
    seats = await stacks(env, table)
    assert seats.get(first_loser) == 7, seats
    assert await env.db.write(Transaction.balance, GUILD, first_loser) == 1000 - 5 - 7
    assert await env.db.query(Transaction.queue, table) == []
    await balanced(env.db)


async def test_brelan_replenish(env: Env) -> None:
    m = env.manager
    plain = await duel(env, "brelan")
    await play_all_in(env, plain)
    seated = await stacks(env, plain)
    loser = next(u for u in (A, B) if u not in seated)
    with pytest.raises(TableError, match="does not allow a recave"):
        await m.recave(plain, loser)
    await m.close_now(plain, A)
    table = await m.create_table(GUILD, CHANNEL + 1, "brelan", A, {**DUEL, "replenish": True})
    for user in (A, B):
        await m.join(table, user)
    await m.start(table)
    await play_all_in(env, table)
    seated = await stacks(env, table)
    loser = next(u for u in (A, B) if u not in seated)
    with pytest.raises(TableError, match="1 to 5 chips"):
        await m.recave(table, loser, 6)
    before = await env.db.write(Transaction.balance, GUILD, loser)
    assert str(await m.recave(table, loser, 3)).startswith("You recave for 3 chips.")
    assert (await stacks(env, table))[loser] == 3
    assert await env.db.write(Transaction.balance, GUILD, loser) == before - 3
    assert (await m.status(table))["hand"] is not None
    await balanced(env.db)


async def test_brelan_ends_after_the_agreed_hands(env: Env) -> None:
    m = env.manager
    with pytest.raises(TableError, match="Only Brelan"):
        await m.create_table(GUILD, CHANNEL, "bouillotte", A, {"max_hands": 2})
    table = await m.create_table(GUILD, CHANNEL, "brelan", A, {"max_hands": 2})
    for user in (A, B):
        await m.join(table, user)
    await m.start(table)
    await play_until_hand_over(m, table)
    assert (await m.status(table))["hand"]["no"] == 2
    await play_until_hand_over(m, table)
    state = await m.status(table)
    assert state["hand"] is None and state["game_over"] is True
    assert len(await env.db.query(Transaction.hand_history, GUILD, table_id=table)) == 2
    assert await env.db.query(Transaction.current_hand, table) is None
    over = [d for (_, _, d) in env.presenter.announcements if d.get("game_over")]
    assert over == [{"game_over": True, "hands": 2}]
    with pytest.raises(TableError, match="game is over"):
        await m.start(table)
    with pytest.raises(TableError, match="game is over"):
        await m.join(table, C)
    # still over after a restart; closing sends every chip home
    env2 = await env.reopen()
    try:
        assert (await env2.manager.status(table))["game_over"] is True
        await env2.manager.close(table, A)
        assert sum([await env2.db.write(Transaction.balance, GUILD, u) for u in (A, B)]) == 2000
        await balanced(env2.db)
    finally:
        env.db = env2.db


async def test_staked_brelan_reserve_caves(env: Env) -> None:
    m = env.manager
    plain = await duel(env, "brelan")
    with pytest.raises(TableError, match="Staked Brelan"):
        await m.add_reserve_cave(plain, A)
    await m.close_now(plain, A)
    table = await m.create_table(
        GUILD, CHANNEL + 1, "brelan", A, {**DUEL, "staked": True, "auto_deal": False}
    )
    for user in (A, B):
        await m.join(table, user)
    with pytest.raises(TableError, match="not started"):
        await m.add_reserve_cave(table, A)
    await m.start(table)
    # during the hand: the reserve is on the table, out of play
    assert str(await m.add_reserve_cave(table, A)) == "You add a reserve cave of 5 chips."
    await m.add_reserve_cave(table, B, 3)
    with pytest.raises(TableError, match="1 to 5 chips, not 6"):
        await m.add_reserve_cave(table, A, 6)
    with pytest.raises(TableError, match="not seated at this table"):
        await m.add_reserve_cave(table, C)
    assert await env.db.write(Transaction.balance, GUILD, A) == 1000 - 10
    assert await stacks(env, table) == {A: 10, B: 8}  # storage: stack + reserve
    state = await m.status(table)
    seats = {s["user"]: (s["stack"], s["reserve"]) for s in state["seats"]}
    assert seats == {A: (5, 5), B: (5, 3)}
    await balanced(env.db)
    env2 = await env.reopen()  # the reserves survive a restart mid-hand
    try:
        m2 = env2.manager
        assert await m2.status(table) == state
        await play_all_in(env2, table)
        state = await m2.status(table)
        seats = {s["user"]: (s["stack"], s["reserve"]) for s in state["seats"]}
        loser = next(u for u in (A, B) if seats[u][0] != 10)
        winner = B if loser == A else A
        # the loser opened his reserve cave and plays on
        assert seats[loser] == ({A: 5, B: 3}[loser], 0)
        assert seats[winner] == (10, {A: 5, B: 3}[winner])
        said = [(t.key, t.params["user"]) for (_, t, _) in env2.presenter.announcements]
        assert ("event-next-cave", str(loser)) in said
        # leaving takes the reserve home with the stack
        before = await env2.db.write(Transaction.balance, GUILD, winner)
        await m2.leave(table, winner)
        assert (
            await env2.db.write(Transaction.balance, GUILD, winner)
            == before + 10 + seats[winner][1]
        )
        await balanced(env2.db)
    finally:
        env.db = env2.db
