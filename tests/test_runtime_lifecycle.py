"""Discord as it is: a table whose channel is gone closes with every chip home, a member who
left the server is never waited for, and a server that is only unavailable pauses its tables."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.runtime import TableError, TableGone, TableManager
from bot.runtime.errors import TableUnavailable
from bot.runtime.manager import NEEDS_ATTENTION
from bot.storage import Database, Transaction
from tests.test_runtime_support import CHANNEL, GUILD, Env, balanced, friendly

A, B, C, D, ADMIN = 901, 902, 903, 904, 999
OTHER_GUILD = 2
GAMES = ["brelan", "bouillotte", "brag"]
CAVES = {"brelan": 50, "bouillotte": 30, "brag": 100}
START = 1000  # every member's first grant
TIMEOUT = 60.0


def staking(legal: list[dict[str, Any]]) -> tuple[str, int | None]:
    """A move that puts chips in when it can (open, bet), else :func:`friendly`."""
    for choice in legal:
        if choice["verb"] in ("open", "bet"):
            return choice["verb"], choice["min"]
    return friendly(legal)


async def census(db: Database, guild: int = GUILD) -> None:
    """Every chip accounted for: wallets + stacks + pots + jar = grants, and the ledger holds;
    no seat is left at a closed table, and no chip is in a seat of a member who is gone."""
    await balanced(db, guild)
    for gt in await db.query(Transaction.open_tables):
        for seat in await db.query(Transaction.seats, gt.id):
            assert seat.stack >= 0


async def hand_of(m: TableManager, table: int) -> dict[str, Any]:
    hand: dict[str, Any] | None = (await m.status(table))["hand"]
    assert hand is not None
    return hand


async def table_in_play(
    env: Env,
    game: str,
    *,
    guild: int = GUILD,
    channel: int = CHANNEL,
    users: tuple[int, ...] = (A, B, C),
    **options: Any,
) -> tuple[int, int]:
    """A table of ``game`` with ``users`` seated and a hand dealt; returns (table, hand id)."""
    m = env.manager
    table = await m.create_table(guild, channel, game, users[0], dict(options))
    for user in users:
        await m.join(table, user)
    return table, await m.start(table, users[0])


async def move(m: TableManager, table: int) -> str:
    """The player to act plays a chip-staking move; returns who played."""
    hand = await hand_of(m, table)
    verb, amount = staking(hand["legal"])
    await m.act(table, int(hand["to_act"]), verb, amount)
    return str(hand["to_act"])


async def moves_of(db: Database, hand_id: int) -> list[list[Any]]:
    return list((await db.query(Transaction.get_hand, hand_id)).record.get("actions", []))


async def seeds_revealed(db: Database, table: int) -> bool:
    async with db.read() as tx:
        seeds = await tx.server_seeds(table)
    return bool(seeds) and all(s.status == "revealed" for s in seeds)


# ---------------------------------------------------------------------- table_gone


@pytest.mark.parametrize("game", GAMES)
async def test_a_deleted_channel_calls_the_hand_off_and_sends_every_chip_home(
    env: Env, game: str
) -> None:
    m = env.manager
    cave = CAVES[game]
    options: dict[str, Any] = {"seats": 3} if game == "bouillotte" else {}
    table, hand_id = await table_in_play(env, game, **options)
    if game == "bouillotte":  # the table is full: D waits in the line
        await m.join(table, D)
        assert [e.user_id for e in await env.db.query(Transaction.queue, table)] == [D]
    wallets = {u: await env.db.write(Transaction.balance, GUILD, u) for u in (A, B, C, D)}
    assert wallets == {A: START - cave, B: START - cave, C: START - cave, D: START}
    await move(m, table)
    await move(m, table)  # chips are at stake in the hand
    hand_no = (await hand_of(m, table))["no"]
    before = len(env.presenter.announcements)

    gone = await m.table_gone(table, "channel")

    assert gone == TableGone(
        table_id=table,
        guild_id=GUILD,
        channel_id=CHANNEL,
        game=game,
        creator_id=A,
        reason="channel",
        voided_hand_no=hand_no,
        cash_outs={A: cave, B: cave, C: cave},
    )
    # every stake went back: each wallet is as it was before the table
    for user in (A, B, C, D):
        assert await env.db.write(Transaction.balance, GUILD, user) == START
    hand = await env.db.query(Transaction.get_hand, hand_id)
    assert hand.status == "void" and hand.result["reason"] == "channel deleted"
    stored = await env.db.query(Transaction.get_table, table)
    assert stored.status == "closed" and stored.pot == 0
    assert (
        await env.db.query(Transaction.seats, table) == []
        and await env.db.query(Transaction.queue, table) == []
    )
    assert table not in m.tables
    assert env.clock.pending() == []  # its timer is cancelled
    # the ledger says why, as /admin audit shows it
    for user in (A, B, C):
        entry = (await env.db.query(Transaction.ledger, GUILD, user, limit=1))[0]
        assert entry.kind == "cash_out" and entry.amount == cave and entry.table_id == table
        assert entry.note == "table closed: channel deleted"
    # the seeds are revealed, as at any close; the presenter knows not to post in the channel
    assert await seeds_revealed(env.db, table)
    said = env.presenter.announcements[before:]
    closed = [data for _, msg, data in said if msg.key == "log-closed"]
    assert closed == [{"cash_outs": {A: cave, B: cave, C: cave}, "by": None, "gone": "channel"}]
    seeds = [data for _, msg, data in said if msg.key == "log-seed-revealed"]
    assert seeds and all(data["gone"] == "channel" for data in seeds)
    await census(env.db)
    # a second call changes nothing
    entries = len(await env.db.query(Transaction.ledger, GUILD, A, limit=100))
    assert await m.table_gone(table, "channel") is None
    assert len(await env.db.query(Transaction.ledger, GUILD, A, limit=100)) == entries
    await census(env.db)


@pytest.mark.parametrize(
    ("reason", "note"),
    [("access", "channel out of the bot's reach"), ("guild", "bot removed from the server")],
)
async def test_every_reason_is_named_in_the_ledger(env: Env, reason: str, note: str) -> None:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", A)
    await m.join(table, A)  # no hand: nothing to call off
    gone = await m.table_gone(table, reason)
    assert gone is not None and gone.voided_hand_no is None and gone.cash_outs == {A: 50}
    entry = (await env.db.query(Transaction.ledger, GUILD, A, limit=1))[0]
    assert entry.note == f"table closed: {note}"
    assert await env.db.write(Transaction.balance, GUILD, A) == START
    with pytest.raises(ValueError, match="unknown reason"):
        await m.table_gone(table, "weather")
    await census(env.db)


async def test_an_unknown_table_is_not_gone(env: Env) -> None:
    assert await env.manager.table_gone(12345, "channel") is None


async def test_a_table_that_needs_attention_can_be_gone_too(env: Env) -> None:
    table, hand_id = await table_in_play(env, "bouillotte", users=(C, D))
    broken = await env.db.query(Transaction.current_hand, table)
    assert broken is not None
    record = {**broken.record, "actions": [["nobody", "raise", 10**9]]}
    async with env.db.transaction() as tx:
        await tx.conn.execute(
            "UPDATE hands SET record = ? WHERE id = ?", (json.dumps(record), broken.id)
        )
    env2 = await env.reopen()
    try:
        m2 = env2.manager
        assert [t for (tid, t, _) in env2.presenter.announcements if tid == table] == [
            NEEDS_ATTENTION
        ]
        gone = await m2.table_gone(table, "channel")
        assert gone is not None
        assert gone.voided_hand_no == broken.hand_no and gone.cash_outs == {C: 30, D: 30}
        assert (await env2.db.query(Transaction.get_hand, hand_id)).status == "void"
        for user in (C, D):
            assert await env2.db.write(Transaction.balance, GUILD, user) == START
        await census(env2.db)
    finally:
        env.db = env2.db


async def test_the_table_gone_waits_for_the_move_in_progress(env: Env) -> None:
    """The close takes the table's lock: a move being written is committed first, then
    called off with the hand."""
    import asyncio

    m = env.manager
    table, hand_id = await table_in_play(env, "brelan")
    hand = await hand_of(m, table)
    verb, amount = staking(hand["legal"])
    lock = m.tables[table].lock
    await lock.acquire()  # a move is being written
    playing = asyncio.create_task(m.act(table, int(hand["to_act"]), verb, amount))
    closing = asyncio.create_task(m.table_gone(table, "channel"))
    await asyncio.sleep(0)
    assert not closing.done()
    lock.release()
    await playing
    gone = await closing
    assert gone is not None and gone.voided_hand_no == hand["no"]
    assert len(await moves_of(env.db, hand_id)) == 1  # the move stands in the void hand
    await census(env.db)


# ---------------------------------------------------------------------- guild_gone


async def test_the_bot_removed_from_a_server_closes_its_tables_and_no_other(env: Env) -> None:
    m = env.manager
    first, _ = await table_in_play(env, "brelan")
    second, _ = await table_in_play(env, "brag", channel=CHANNEL + 1)
    idle = await m.create_table(GUILD, CHANNEL + 2, "bouillotte", D)
    await m.join(idle, D)
    elsewhere, elsewhere_hand = await table_in_play(
        env, "brelan", guild=OTHER_GUILD, channel=CHANNEL + 3
    )

    gone = await m.guild_gone(GUILD)

    assert sorted(g.table_id for g in gone) == [first, second, idle]
    assert {g.reason for g in gone} == {"guild"}
    assert {g.table_id: g.voided_hand_no for g in gone} == {first: 1, second: 1, idle: None}
    for table in (first, second, idle):
        assert (await env.db.query(Transaction.get_table, table)).status == "closed"
    for user in (A, B, C, D):
        assert await env.db.write(Transaction.balance, GUILD, user) == START
        entry = (await env.db.query(Transaction.ledger, GUILD, user, limit=1))[0]
        assert entry.note == "table closed: bot removed from the server"
    # the other server's table plays on
    assert (await env.db.query(Transaction.get_table, elsewhere)).status != "closed"
    assert (await hand_of(m, elsewhere))["id"] == elsewhere_hand
    await move(m, elsewhere)
    assert await m.guild_gone(GUILD) == []
    await census(env.db)
    await census(env.db, OTHER_GUILD)


# ---------------------------------------------------------------------- member_left


async def play_out(env: Env, table: int, hand_id: int, departed: str) -> list[str]:
    """Play the hand to its end, the others with :func:`staking`; whenever the departed
    player is to act, his move must be played at once (``advance(0)``). Returns his moves."""
    m = env.manager
    his: list[str] = []
    for _ in range(300):
        state = await m.status(table)
        hand = state["hand"]
        if hand is None or hand["id"] != hand_id:
            return his
        if hand["to_act"] == departed:
            assert hand["deadline"] == env.clock.now()  # never waited for
            count = len(await moves_of(env.db, hand_id))
            await env.clock.advance(0)
            moves = await moves_of(env.db, hand_id)
            assert len(moves) == count + 1 and moves[-1][0] == departed
            his.append(moves[-1][1])
            continue
        verb, amount = staking(hand["legal"])
        await m.act(table, int(hand["to_act"]), verb, amount)
    raise AssertionError("the hand did not end")


async def next_to_act(env: Env, table: int, hand_id: int) -> tuple[int, int]:
    """Past Bouillotte's blind carre (its first player's alone), the player who acts after
    the one to act now; returns him and the moves played so far."""
    m = env.manager
    while (await hand_of(m, table)).get("phase") == "carre":
        await move(m, table)
    hand = await hand_of(m, table)
    names = [p["name"] for p in hand["players"]]
    after = names[(names.index(hand["to_act"]) + 1) % len(names)]
    return int(after), len(await moves_of(env.db, hand_id))


def departed_lines(env: Env, user: int) -> list[str]:
    return [
        str(data["verb"])
        for _, msg, data in env.presenter.announcements
        if msg.key == "log-departed-move" and data["user"] == user
    ]


async def cashed_out_after_the_hand(
    env: Env, table: int, user: int, hand_id: int, cave: int
) -> None:
    """He left the table when the hand ended, with his stack: his wallet holds it."""
    assert await env.db.query(Transaction.get_seat, table, user) is None
    hand = await env.db.query(Transaction.get_hand, hand_id)
    assert hand.status == "finished"
    stack = hand.result["stacks"][str(user)]
    assert await env.db.write(Transaction.balance, GUILD, user) == START - cave + stack
    entry = (await env.db.query(Transaction.ledger, GUILD, user, limit=1))[0]
    assert entry.kind == "cash_out" and entry.amount == stack
    state = await env.manager.status(table)
    assert str(user) not in [str(s["user"]) for s in state["seats"]]
    if state["hand"] is not None:  # the next hand is dealt without him
        assert str(user) not in [p["name"] for p in state["hand"]["players"]]


@pytest.mark.parametrize("game", GAMES)
async def test_a_member_who_leaves_on_his_turn_has_his_move_played_at_once(
    env: Env, game: str
) -> None:
    m = env.manager
    table, hand_id = await table_in_play(env, game)
    await move(m, table)
    hand = await hand_of(m, table)
    leaver = int(hand["to_act"])
    count = len(await moves_of(env.db, hand_id))

    assert await m.member_left(GUILD, leaver) == [table]

    # no clock moved: his automatic move is already played and said
    moves = await moves_of(env.db, hand_id)
    assert len(moves) == count + 1 and moves[-1][0] == str(leaver)
    assert departed_lines(env, leaver) == [moves[-1][1]]
    assert "log-member-left" in env.presenter.said(table)
    state = await m.status(table)
    if state["hand"] is not None and state["hand"]["id"] == hand_id:
        assert state["hand"]["to_act"] != str(leaver) or state["hand"]["deadline"] == (
            env.clock.now()
        )
    await play_out(env, table, hand_id, str(leaver))
    await cashed_out_after_the_hand(env, table, leaver, hand_id, CAVES[game])
    assert (await env.db.query(Transaction.get_table, table)).options.get("departed") is None
    await census(env.db)


@pytest.mark.parametrize("game", GAMES)
async def test_a_member_who_leaves_before_his_turn_is_played_at_once_when_it_comes(
    env: Env, game: str
) -> None:
    m = env.manager
    table, hand_id = await table_in_play(env, game)
    leaver, played = await next_to_act(env, table, hand_id)

    assert await m.member_left(GUILD, leaver) == [table]

    assert len(await moves_of(env.db, hand_id)) == played  # nothing played for him yet
    assert (await env.db.query(Transaction.get_seat, table, leaver)).status == "leaving"  # type: ignore[union-attr]
    await move(m, table)
    hand = await hand_of(m, table)
    assert hand["to_act"] == str(leaver) and hand["deadline"] == env.clock.now()
    assert departed_lines(env, leaver) == []
    await env.clock.advance(0)  # his turn is not waited for
    moves = await moves_of(env.db, hand_id)
    assert len(moves) == played + 2 and moves[-1][0] == str(leaver)
    assert departed_lines(env, leaver) == [moves[-1][1]]
    await play_out(env, table, hand_id, str(leaver))
    await cashed_out_after_the_hand(env, table, leaver, hand_id, CAVES[game])
    await census(env.db)


@pytest.mark.parametrize("game", GAMES)
async def test_a_member_who_left_is_still_not_waited_for_after_a_restart(
    env: Env, game: str
) -> None:
    m = env.manager
    table, hand_id = await table_in_play(env, game)
    leaver, played = await next_to_act(env, table, hand_id)
    await m.member_left(GUILD, leaver)
    assert (await env.db.query(Transaction.get_table, table)).options["departed"] == [str(leaver)]
    await move(m, table)  # his turn now; the bot stops before his move is played
    env2 = await env.reopen()
    try:
        hand = await hand_of(env2.manager, table)
        assert hand["to_act"] == str(leaver) and hand["deadline"] == env2.clock.now()
        await env2.clock.advance(0)
        moves = await moves_of(env2.db, hand_id)
        assert len(moves) == played + 2 and moves[-1][0] == str(leaver)
        assert departed_lines(env2, leaver) == [moves[-1][1]]
        await play_out(env2, table, hand_id, str(leaver))
        await cashed_out_after_the_hand(env2, table, leaver, hand_id, CAVES[game])
        await census(env2.db)
    finally:
        env.db = env2.db


async def test_a_restart_with_fresh_turns_does_not_wait_for_him_either(env: Env) -> None:
    m = env.manager
    table, hand_id = await table_in_play(env, "brelan")
    leaver = int((await hand_of(m, table))["players"][1]["name"])
    await m.member_left(GUILD, leaver)
    await move(m, table)
    for t in m.tables.values():
        if t.timer is not None:
            t.timer.cancel()
    await env.db.close()
    from tests.test_runtime_support import make_env

    env2 = await make_env(env.path, env.clock)
    env.db = env2.db
    await env2.manager.resume(fresh_turns=True)
    assert (await hand_of(env2.manager, table))["deadline"] == env2.clock.now()
    await env2.clock.advance(0)
    assert (await moves_of(env2.db, hand_id))[-1][0] == str(leaver)


async def test_a_member_waiting_in_line_loses_his_place_and_keeps_his_wallet(env: Env) -> None:
    m = env.manager
    table, _ = await table_in_play(env, "bouillotte", seats=3)
    await m.join(table, D)
    assert (await m.status(table))["queue"] == [D]
    assert await m.member_left(GUILD, D) == [table]
    assert await env.db.query(Transaction.queue, table) == []
    assert (await m.status(table))["queue"] == []
    assert await env.db.write(Transaction.balance, GUILD, D) == START
    await census(env.db)


async def test_a_member_seated_but_not_dealt_in_leaves_at_once_with_his_chips(env: Env) -> None:
    m = env.manager
    table, hand_id = await table_in_play(env, "brelan")
    await m.join(table, D)  # sits down during the hand: dealt in from the next one
    assert await env.db.write(Transaction.balance, GUILD, D) == START - 50
    assert await m.member_left(GUILD, D) == [table]
    assert await env.db.query(Transaction.get_seat, table, D) is None
    assert await env.db.write(Transaction.balance, GUILD, D) == START
    assert (await hand_of(m, table))["id"] == hand_id  # the hand plays on
    assert "log-leaves" in env.presenter.said(table)
    await census(env.db)


async def test_a_member_who_leaves_before_the_game_starts_gets_his_cave_back(env: Env) -> None:
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brag", A)
    for user in (A, B):
        await m.join(table, user)
    assert await m.member_left(GUILD, B) == [table]
    assert await env.db.write(Transaction.balance, GUILD, B) == START
    with pytest.raises(TableError, match="two"):
        await m.start(table, A)  # fewer than two players: no deal
    await census(env.db)


async def test_a_member_of_no_table_changes_nothing(env: Env) -> None:
    m = env.manager
    table, _ = await table_in_play(env, "brelan")
    said = len(env.presenter.announcements)
    assert await m.member_left(GUILD, D) == []
    assert await m.member_left(OTHER_GUILD, A) == []  # his seat is in another server
    assert len(env.presenter.announcements) == said
    assert (await env.db.query(Transaction.get_seat, table, A)) is not None


async def test_when_the_last_opponent_leaves_no_hand_is_dealt(env: Env) -> None:
    m = env.manager
    table, hand_id = await table_in_play(env, "brag", users=(A, B))
    leaver = int((await hand_of(m, table))["to_act"])
    stayer = A if leaver == B else B
    await m.member_left(GUILD, leaver)
    await play_out(env, table, hand_id, str(leaver))
    await env.clock.advance(0)
    state = await m.status(table)
    assert state["hand"] is None  # alone at the table: nothing is dealt
    assert [s["user"] for s in state["seats"]] == [stayer]
    assert (
        await env.db.write(Transaction.balance, GUILD, leaver)
        == START
        - 100
        + ((await env.db.query(Transaction.get_hand, hand_id)).result["stacks"][str(leaver)])
    )
    await census(env.db)


async def test_a_void_hand_sends_a_member_who_left_home_at_once(env: Env) -> None:
    m = env.manager
    table, hand_id = await table_in_play(env, "brelan")
    leaver = int((await hand_of(m, table))["players"][1]["name"])
    await m.member_left(GUILD, leaver)
    await m.void_hand(table, ADMIN)
    assert await env.db.query(Transaction.get_seat, table, leaver) is None
    assert await env.db.write(Transaction.balance, GUILD, leaver) == START
    state = await m.status(table)
    assert state["hand"] is not None and state["hand"]["id"] != hand_id
    assert str(leaver) not in [p["name"] for p in state["hand"]["players"]]
    assert "departed" not in (await env.db.query(Transaction.get_table, table)).options
    await census(env.db)


# ---------------------------------------------------------------------- outages


async def test_an_unavailable_server_pauses_its_tables_until_it_is_back(env: Env) -> None:
    m = env.manager
    table, hand_id = await table_in_play(env, "brelan")
    _, other_hand = await table_in_play(env, "brag", guild=OTHER_GUILD, channel=CHANNEL + 3)
    to_act = int((await hand_of(m, table))["to_act"])

    assert await m.pause_guild(GUILD) == [table]

    await env.clock.advance(TIMEOUT * 10)  # long past his deadline: nobody times out
    assert await moves_of(env.db, hand_id) == []
    assert await moves_of(env.db, other_hand) != []  # the other server's table played on
    with pytest.raises(TableUnavailable, match="paused") as refused:
        await m.act(table, to_act, "pass")
    assert refused.value.message.key == "refuse-table-paused"
    with pytest.raises(TableError, match="paused"):
        await m.join(table, D)
    assert await env.db.query(Transaction.get_seat, table, D) is None

    assert await m.resume_guild(GUILD) == [table]

    hand = await hand_of(m, table)
    assert hand["to_act"] == str(to_act)
    assert hand["deadline"] == env.clock.now() + TIMEOUT  # a whole turn again
    assert (
        await env.db.query(Transaction.get_hand, hand_id)
    ).turn_deadline == env.clock.now() + TIMEOUT
    assert "log-server-back" in env.presenter.said(table)
    await env.clock.advance(TIMEOUT - 1)
    assert await moves_of(env.db, hand_id) == []
    await env.clock.advance(1)  # then his time runs out as usual
    assert [mv[0] for mv in await moves_of(env.db, hand_id)] == [str(to_act)]
    assert await m.resume_guild(GUILD) == []
    await census(env.db)
    await census(env.db, OTHER_GUILD)


async def test_a_member_who_left_during_an_outage_is_played_for_when_it_is_back(
    env: Env,
) -> None:
    m = env.manager
    table, hand_id = await table_in_play(env, "bouillotte")
    leaver = int((await hand_of(m, table))["to_act"])
    await m.pause_guild(GUILD)
    assert await m.member_left(GUILD, leaver) == [table]
    assert await moves_of(env.db, hand_id) == []  # nothing is played during the outage
    await m.resume_guild(GUILD)
    assert (await hand_of(m, table))["deadline"] == env.clock.now()
    await env.clock.advance(0)
    moves = await moves_of(env.db, hand_id)  # his moves (the carre, then the opening) only
    assert moves and {mv[0] for mv in moves} == {str(leaver)}
    assert (await hand_of(m, table))["to_act"] != str(leaver)
    await census(env.db)


async def test_a_table_gone_during_an_outage_still_closes(env: Env) -> None:
    m = env.manager
    table, _ = await table_in_play(env, "brag")
    await m.pause_guild(GUILD)
    gone = await m.guild_gone(GUILD)
    assert [g.table_id for g in gone] == [table]
    for user in (A, B, C):
        assert await env.db.write(Transaction.balance, GUILD, user) == START
    await census(env.db)


async def test_a_member_who_left_on_his_turn_is_played_for_after_a_restart(env: Env) -> None:
    """He left while his move could not be played (the server unavailable), then the bot
    restarted: the stored marker is enough for his move to be played at once."""
    m = env.manager
    table, hand_id = await table_in_play(env, "brag")
    leaver = int((await hand_of(m, table))["to_act"])
    await m.pause_guild(GUILD)
    await m.member_left(GUILD, leaver)
    assert await moves_of(env.db, hand_id) == []
    env2 = await env.reopen()
    try:
        await env2.clock.advance(0)
        moves = await moves_of(env2.db, hand_id)
        assert [mv[0] for mv in moves] == [str(leaver)]
        assert departed_lines(env2, leaver) == [moves[0][1]]
        await census(env2.db)
    finally:
        env.db = env2.db


async def test_a_dealer_who_left_does_not_hold_up_the_dealers_choice(env: Env) -> None:
    """Brag's dealer's choice: the dealer left the server, so the game stays at once."""
    m = env.manager
    options = {"dealers_choice": True, "blind_allowed": False}
    table = await m.create_table(GUILD, CHANNEL, "brag", A, options)
    for user in (A, B, C):
        await m.join(table, user)
    await m.start(table, A)
    for _ in range(40):  # everyone folds to the last player until the choice comes
        state = await m.status(table)
        if state["choice"] is not None:
            break
        hand = state["hand"]
        verbs = [a["verb"] for a in hand["legal"]]
        await m.act(table, int(hand["to_act"]), "fold" if "fold" in verbs else verbs[0])
    dealer = state["choice"]["dealer"]
    assert await m.member_left(GUILD, dealer) == [table]
    assert await env.db.query(Transaction.get_seat, table, dealer) is None
    await env.clock.advance(0)  # his time is up at once: the game stays, the next deal comes
    state = await m.status(table)
    assert state["choice"] is None and state["hand"] is not None
    assert str(dealer) not in [p["name"] for p in state["hand"]["players"]]
    assert "log-choice-timeout" in env.presenter.said(table)
    await census(env.db)
