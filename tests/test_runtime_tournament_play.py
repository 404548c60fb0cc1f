"""A tournament's tables through the runtime: the stakes rise between hands only, a player
who times out (or leaves the server) sits out and keeps paying until out, a table whose
channel is gone goes on in a new one, a server gone calls the tournament off."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.runtime.tournament_events import Cancelled, LevelUp, Started
from bot.storage import Transaction
from tests.test_runtime_support import play_until_hand_over
from tests.tournament_robots import CHANNEL, GUILD, MEMBERS, TourneyEnv, check, make_env

ANN, BEN, CID = MEMBERS[:3]


@pytest.fixture
async def env(db_target: str) -> AsyncIterator[TourneyEnv]:
    e = await make_env(db_target)
    yield e
    await e.manager.aclose()
    await e.db.close()


async def three_players(
    env: TourneyEnv, game: str = "brelan", **options: object
) -> tuple[int, int]:
    """A one-table tournament of Ann, Ben and Cid, started; (tournament, table)."""
    t = env.manager.tournaments
    tid = await t.create(GUILD, CHANNEL, game, ANN, players=3, buy_in=10, **options)  # type: ignore[arg-type]
    for user in (ANN, BEN, CID):
        await t.register(tid, user)
    (table,) = env.news.of(Started)[-1].tables
    return tid, table.table_id


async def test_the_stakes_rise_between_hands_only(env: TourneyEnv) -> None:
    tid, table = await three_players(env, schedule="1 minutes: 1 5", turn_timeout=600)
    m = env.manager
    assert m.tables[table].record is not None and m.tables[table].record.options["ante"] == 1
    state = await m.status(table)
    assert state["tournament"]["next_level_at"] == env.clock.now() + 60
    await env.clock.advance(90)  # the level is due, but a hand is in play
    state = await m.status(table)
    assert state["tournament"]["level"] == 1 and state["hand"] is not None
    assert m.tables[table].record.options["ante"] == 1
    await play_until_hand_over(m, table)
    await env.clock.advance(0)  # the director's step: the stakes, then the next deal
    state = await m.status(table)
    assert state["tournament"]["level"] == 2 and state["tournament"]["stakes"] == {"ante": 5}
    assert state["tournament"]["next_level_at"] is None  # the last level
    assert m.tables[table].record.options["ante"] == 5
    assert [e.level for e in env.news.of(LevelUp)] == [2]
    assert "log-tournament-level" in env.presenter.said(table)
    await check(env.db, tid)


async def test_a_player_who_times_out_keeps_paying_until_out(env: TourneyEnv) -> None:
    tid, table = await three_players(env, turn_timeout=30)
    m = env.manager
    for _ in range(400):
        hand = (await m.status(table))["hand"]
        if hand is None or hand["to_act"] is None:
            await env.clock.advance(0)
            continue
        if int(hand["to_act"]) == CID:
            await env.clock.advance(30)  # Cid is away
        else:
            verb = (
                "pass"
                if any(a["verb"] == "pass" for a in hand["legal"])
                else hand["legal"][0]["verb"]
            )
            amount = next(a for a in hand["legal"] if a["verb"] == verb).get("min")
            await m.act(table, int(hand["to_act"]), verb, amount)
        if str(CID) in m.tables[table].sitting_out:
            break
    tab = m.tables[table]
    assert str(CID) in tab.sitting_out
    seat = await env.db.query(Transaction.get_seat, table, CID)
    assert seat is not None and seat.status == "sitting_out"
    for _ in range(3):  # dealt in all the same, his turns played at once
        await env.clock.advance(0)
        if tab.playing():
            assert tab.record is not None and str(CID) in [p.name for p in tab.record.players]
            await play_until_hand_over(m, table)
            await env.clock.advance(0)
    said = await m.join(table, CID)  # he is back
    assert said.key == "done-back" and str(CID) not in tab.sitting_out
    await check(env.db, tid)


async def test_a_member_who_leaves_the_server_sits_out_with_his_chips(env: TourneyEnv) -> None:
    tid, table = await three_players(env)
    assert await env.manager.member_left(GUILD, BEN) == [table]
    seat = await env.db.query(Transaction.get_seat, table, BEN)
    assert seat is not None and seat.status == "sitting_out" and seat.stack > 0
    await check(env.db, tid)


async def test_a_table_whose_channel_is_gone_goes_on_in_a_new_one(env: TourneyEnv) -> None:
    tid, table = await three_players(env)
    old = env.manager.tables[table].channel_id
    assert await env.manager.table_gone(table, "channel") is None
    new = env.manager.tables[table].channel_id
    assert new != old and (await env.db.query(Transaction.get_table, table)).channel_id == new
    assert (await env.manager.tournaments.status(tid))["tables"][0]["channel_id"] == new
    await check(env.db, tid)


async def test_a_server_gone_calls_its_tournaments_off(env: TourneyEnv) -> None:
    tid, table = await three_players(env)
    t = env.manager.tournaments
    other = await t.create(GUILD, CHANNEL, "brag", ANN, players=4, buy_in=7)
    await t.register(other, BEN)
    await env.manager.guild_gone(GUILD)
    assert {c.tournament_id: c.reason for c in env.news.of(Cancelled)} == {
        tid: "gone",
        other: "gone",
    }
    assert table not in env.manager.tables
    census = await env.db.query(Transaction.chip_census, GUILD)
    assert census.balanced and census.pools == 0
    assert {await env.db.write(Transaction.balance, GUILD, u) for u in (ANN, BEN, CID)} == {1000}
