"""Turn timers on the manual clock, and resuming from the database mid-hand."""

from __future__ import annotations

from bot.games.replay import load_record, replay_record
from bot.storage import Transaction
from tests.test_runtime_support import (
    CHANNEL,
    GUILD,
    Env,
    balanced,
    friendly,
    play_until_hand_over,
)

USERS = [201, 202, 203]


async def test_timeout_passes_then_sits_out_then_unseats(env: Env) -> None:
    m = env.manager
    table = await m.create_table(
        GUILD, CHANNEL, "brelan", USERS[0], {"turn_timeout": 30, "sit_out_hands": 1}
    )
    for user in USERS:
        await m.join(table, user)
    await m.start(table)
    state = await m.status(table)
    sleeper = int(state["hand"]["to_act"])
    assert state["hand"]["deadline"] == env.clock.now() + 30
    stored = await env.db.query(Transaction.current_hand, table)
    assert stored is not None and stored.turn_deadline == env.clock.now() + 30
    await env.clock.advance(29)
    assert (await m.status(table))["hand"]["to_act"] == str(sleeper)
    await env.clock.advance(1)
    stored = await env.db.query(Transaction.current_hand, table)
    assert stored is not None and stored.record["actions"] == [[str(sleeper), "pass"]]
    seat = await env.db.query(Transaction.get_seat, table, sleeper)
    assert seat is not None and seat.timeouts == 1 and seat.status == "playing"
    # the others play the hand out; whenever the sleeper must speak, time runs out
    timeouts = 1
    while seat is not None and seat.status == "playing":
        state = await m.status(table)
        hand = state["hand"]
        if hand["to_act"] == str(sleeper):
            await env.clock.advance(30)
            timeouts += 1
        else:
            verb, amount = friendly(hand["legal"])
            await m.act(table, int(hand["to_act"]), verb, amount)
        seat = await env.db.query(Transaction.get_seat, table, sleeper)
        assert timeouts < 10
    assert seat.status == "sitting_out" and seat.timeouts == 2
    # the sleeper is no longer dealt in; after one hand sat out he is unseated with his chips
    for _ in range(4):
        if await env.db.query(Transaction.get_seat, table, sleeper) is None:
            break
        await env.clock.advance(0)  # his own pending turn in the current hand fires at once
        state = await m.status(table)
        if state["hand"] and str(sleeper) not in [p["name"] for p in state["hand"]["players"]]:
            await play_until_hand_over(m, table)
    assert await env.db.query(Transaction.get_seat, table, sleeper) is None
    assert await env.db.write(Transaction.balance, GUILD, sleeper) > 0
    await balanced(env.db)


async def test_coming_back_after_sitting_out(env: Env) -> None:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", USERS[0], {"turn_timeout": 5})
    for user in USERS:
        await m.join(table, user)
    await m.start(table)
    state = await m.status(table)
    sleeper = int(state["hand"]["to_act"])
    m.tables[table].timeouts[str(sleeper)] = 1  # one strike already
    await env.clock.advance(5)
    seat = await env.db.query(Transaction.get_seat, table, sleeper)
    assert seat is not None and seat.status == "sitting_out"
    assert "Welcome back" in str(await m.join(table, sleeper))
    seat = await env.db.query(Transaction.get_seat, table, sleeper)
    assert seat is not None and seat.status == "playing" and seat.timeouts == 0


async def test_resume_mid_hand_in_process(env: Env) -> None:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "bouillotte", USERS[0], {"turn_timeout": 20})
    for user in [*USERS, 204]:
        await m.join(table, user)
    await m.start(table)
    for _ in range(3):
        hand = (await m.status(table))["hand"]
        verb, amount = friendly(hand["legal"])
        await m.act(table, int(hand["to_act"]), verb, amount)
    before = await m.status(table)
    await env.clock.advance(5)
    env2 = await env.reopen()
    try:
        m2 = env2.manager
        assert await m2.status(table) == before
        stored = await env2.db.query(Transaction.current_hand, table)
        assert stored is not None
        replayed = replay_record(load_record(stored.record))
        assert replayed.summary() == m2.tables[table].hand.summary()  # type: ignore[union-attr]
        # the timer was re-armed from the stored deadline: 15 s left
        assert env2.clock.pending() == [before["hand"]["deadline"]]
        await env2.clock.advance(15)
        assert len((await env2.db.query(Transaction.current_hand, table)).record["actions"]) == 4  # type: ignore[union-attr]
        await play_until_hand_over(m2, table)
        await balanced(env2.db)
    finally:
        env.db = env2.db


async def test_a_turn_overdue_at_resume_is_given_again_then_times_out(env: Env) -> None:
    """The bot was down past the deadline: the player did not let his time run out, so he
    gets a fresh turn; if he lets that one run out, the automatic move is played."""
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", USERS[0], {"turn_timeout": 10})
    for user in USERS[:2]:
        await m.join(table, user)
    hand_id = await m.start(table)
    sleeper = (await m.status(table))["hand"]["to_act"]
    env.clock._now += 100  # the bot was down past the deadline
    env2 = await env.reopen()
    try:
        await env2.clock.advance(0)
        stored = await env2.db.query(Transaction.current_hand, table)
        assert stored is not None and stored.record["actions"] == []
        # a fresh turn: the new deadline is stored, shown and armed
        fresh = env2.clock.now() + 10
        assert stored.turn_deadline == fresh
        assert (await env2.manager.status(table))["hand"]["deadline"] == fresh
        assert env2.clock.pending() == [fresh]
        await env2.clock.advance(10)
        played = await env2.db.query(Transaction.get_hand, hand_id)
        assert played.record["actions"][0] == [sleeper, "pass"]  # the automatic move
        seat = await env2.db.query(Transaction.get_seat, table, int(sleeper))
        assert seat is not None and seat.timeouts == 1
    finally:
        env.db = env2.db


async def test_a_turn_eaten_by_the_bots_lag_is_given_again(env: Env) -> None:
    """The loop was blocked past the deadline: the player gets a fresh turn, once, and no
    timeout is counted; a turn he lets run out himself still times out."""
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", USERS[0], {"turn_timeout": 30})
    for user in USERS:
        await m.join(table, user)
    await m.start(table)
    sleeper = int((await m.status(table))["hand"]["to_act"])
    env.clock.stall(45)  # the bot was stuck: the timer could not fire at its time
    await env.clock.advance(0)
    state = await m.status(table)
    assert state["hand"]["to_act"] == str(sleeper)
    assert state["hand"]["deadline"] == env.clock.now() + 30
    seat = await env.db.query(Transaction.get_seat, table, sleeper)
    assert seat is not None and seat.timeouts == 0
    stored = await env.db.query(Transaction.current_hand, table)
    assert stored is not None and stored.turn_deadline == env.clock.now() + 30
    await env.clock.advance(30)  # this time the player let it run out
    seat = await env.db.query(Transaction.get_seat, table, sleeper)
    assert seat is not None and seat.timeouts == 1
    played = await env.db.query(Transaction.get_hand, stored.id)
    assert played.record["actions"][0] == [str(sleeper), "pass"]  # the automatic move
