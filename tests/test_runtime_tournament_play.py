"""A tournament's tables through the runtime: the stakes rise between hands only, a player
who times out (or leaves the server) sits out and keeps paying until out, a table whose
channel is gone goes on in a new one, a server gone calls the tournament off."""

from __future__ import annotations

from bot.runtime.tournament_events import Cancelled, LevelUp, Started
from bot.storage import Transaction
from tests.test_runtime_support import play_until_hand_over
from tests.tournament_robots import GUILD, MEMBERS, TourneyEnv, check, create

ANN, BEN, CID = MEMBERS[:3]


async def three_players(
    tourney: TourneyEnv, game: str = "brelan", **options: object
) -> tuple[int, int]:
    """A one-table tournament of Ann, Ben and Cid, started; (tournament, table)."""
    t = tourney.manager.tournaments
    tid = await create(tourney, game, players=3, buy_in=10, **options)
    for user in (ANN, BEN, CID):
        await t.register(tid, user)
    (table,) = tourney.news.of(Started)[-1].tables
    return tid, table.table_id


async def test_the_stakes_rise_between_hands_only(tourney: TourneyEnv) -> None:
    tid, table = await three_players(tourney, schedule="1 minutes: 1 5", turn_timeout=600)
    m = tourney.manager
    assert m.tables[table].record is not None and m.tables[table].record.options["ante"] == 1
    state = await m.status(table)
    assert state["tournament"]["next_level_at"] == tourney.clock.now() + 60
    await tourney.clock.advance(90)  # the level is due, but a hand is in play
    state = await m.status(table)
    assert state["tournament"]["level"] == 1 and state["hand"] is not None
    assert m.tables[table].record.options["ante"] == 1
    await play_until_hand_over(m, table)
    await tourney.clock.advance(0)  # the director's step: the stakes, then the next deal
    state = await m.status(table)
    assert state["tournament"]["level"] == 2 and state["tournament"]["stakes"] == {"ante": 5}
    assert state["tournament"]["next_level_at"] is None  # the last level
    assert m.tables[table].record.options["ante"] == 5
    assert [e.level for e in tourney.news.of(LevelUp)] == [2]
    assert "log-tournament-level" in tourney.presenter.said(table)
    await check(tourney.db, tid)


async def test_a_player_who_times_out_keeps_paying_until_out(tourney: TourneyEnv) -> None:
    tid, table = await three_players(tourney, turn_timeout=30)
    m = tourney.manager
    for _ in range(400):
        hand = (await m.status(table))["hand"]
        if hand is None or hand["to_act"] is None:
            await tourney.clock.advance(0)
            continue
        if int(hand["to_act"]) == CID:
            await tourney.clock.advance(30)  # Cid is away
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
    seat = await tourney.db.query(Transaction.get_seat, table, CID)
    assert seat is not None and seat.status == "sitting_out"
    for _ in range(3):  # dealt in all the same, his turns played at once
        await tourney.clock.advance(0)
        if tab.playing():
            assert tab.record is not None and str(CID) in [p.name for p in tab.record.players]
            await play_until_hand_over(m, table)
            await tourney.clock.advance(0)
    said = await m.join(table, CID)  # he is back
    assert said.key == "done-back" and str(CID) not in tab.sitting_out
    await check(tourney.db, tid)


async def test_a_member_who_leaves_the_server_sits_out_with_his_chips(tourney: TourneyEnv) -> None:
    tid, table = await three_players(tourney)
    assert await tourney.manager.member_left(GUILD, BEN) == [table]
    seat = await tourney.db.query(Transaction.get_seat, table, BEN)
    assert seat is not None and seat.status == "sitting_out" and seat.stack > 0
    await check(tourney.db, tid)


async def test_a_table_whose_channel_is_gone_goes_on_in_a_new_one(tourney: TourneyEnv) -> None:
    tid, table = await three_players(tourney)
    old = tourney.manager.tables[table].channel_id
    assert await tourney.manager.table_gone(table, "channel") is None
    new = tourney.manager.tables[table].channel_id
    assert new != old and (await tourney.db.query(Transaction.get_table, table)).channel_id == new
    assert (await tourney.manager.tournaments.status(tid))["tables"][0]["channel_id"] == new
    await check(tourney.db, tid)


async def test_a_server_gone_calls_its_tournaments_off(tourney: TourneyEnv) -> None:
    tid, table = await three_players(tourney)
    t = tourney.manager.tournaments
    other = await create(tourney, "brag", players=4, buy_in=7)
    await t.register(other, BEN)
    await tourney.manager.guild_gone(GUILD)
    assert {c.tournament_id: c.reason for c in tourney.news.of(Cancelled)} == {
        tid: "gone",
        other: "gone",
    }
    assert table not in tourney.manager.tables
    census = await tourney.db.query(Transaction.chip_census, GUILD)
    assert census.balanced and census.pools == 0
    assert {await tourney.db.write(Transaction.balance, GUILD, u) for u in (ANN, BEN, CID)} == {
        1000
    }
