"""Tournament registration through the runtime: buy-ins into the pool and back, the census
counting the pools, cancellation, a scheduled start (its reminder, its minimum field), a
restart during registration, and what a tournament's table refuses."""

from __future__ import annotations

import pytest

from bot.runtime.errors import TableError
from bot.runtime.tournament_events import Cancelled, Reminder, Started, Unregistered
from bot.runtime.tournaments import REMINDER_LEAD
from bot.storage import Transaction
from tests.tournament_robots import GUILD, MEMBERS, TourneyEnv, check, create

ANN, BEN, CID, DEE = MEMBERS[:4]
ADMIN = 999


async def balance(tourney: TourneyEnv, user: int) -> int:
    return await tourney.db.write(Transaction.balance, GUILD, user)


async def census_ok(tourney: TourneyEnv) -> int:
    census = await tourney.db.query(Transaction.chip_census, GUILD)
    assert census.balanced, census
    return census.pools


async def test_the_buy_in_waits_in_the_pool_and_comes_back(tourney: TourneyEnv) -> None:
    t = tourney.manager.tournaments
    tid = await create(tourney, "brelan", players=4, buy_in=100)
    said = await t.register(tid, ANN)
    assert said.key == "done-tournament-registered" and said.params["n"] == 100
    await t.register(tid, BEN)
    assert await balance(tourney, ANN) == 900 and await census_ok(tourney) == 200
    with pytest.raises(TableError) as again:
        await t.register(tid, ANN)
    assert again.value.message.key == "refuse-tournament-registered"
    await t.unregister(tid, BEN)
    assert await balance(tourney, BEN) == 1000 and await census_ok(tourney) == 100
    assert tourney.news.of(Unregistered)[0].message().params["n"] == 1
    with pytest.raises(TableError):
        await t.unregister(tid, BEN)
    view = await t.status(tid)
    assert view["pool"] == 100 and [e["user"] for e in view["entrants"]] == [ANN]
    assert view["status"] == "registering" and view["payouts"] == [100]


async def test_a_member_short_of_the_buy_in_is_refused(tourney: TourneyEnv) -> None:
    t = tourney.manager.tournaments
    tid = await create(tourney, "brelan", buy_in=2000)
    with pytest.raises(TableError) as short:
        await t.register(tid, ANN)
    assert short.value.message.key == "refuse-chips-to-register"
    assert await census_ok(tourney) == 0


async def test_a_cancellation_refunds_every_buy_in(tourney: TourneyEnv) -> None:
    t = tourney.manager.tournaments
    tid = await create(tourney, "bouillotte", players=5, buy_in=50, house=1)
    for user in (ANN, BEN):
        await t.register(tid, user)
    with pytest.raises(TableError):
        await t.cancel(tid, BEN)  # neither its creator nor a manager
    await t.cancel(tid, ANN)  # its creator, before the start
    assert {await balance(tourney, u) for u in (ANN, BEN)} == {1000}
    (cancelled,) = tourney.news.of(Cancelled)
    assert cancelled.refunds == {ANN: 50, BEN: 50} and cancelled.reason == "admin"
    assert await census_ok(tourney) == 0
    with pytest.raises(TableError):
        await t.register(tid, CID)


async def test_an_admin_cancels_a_running_tournament_and_its_tables_close(
    tourney: TourneyEnv,
) -> None:
    t = tourney.manager.tournaments
    tid = await create(tourney, "brag", seats=3, players=6, buy_in=10, house=2)
    for user in (ANN, BEN, CID, DEE):
        await t.register(tid, user)
    (started,) = tourney.news.of(Started)
    assert len(started.tables) == 2
    tables = [s.table_id for s in started.tables]
    assert all(tourney.manager.tables[i].playing() for i in tables)
    await check(tourney.db, tid)
    with pytest.raises(TableError):
        await t.cancel(tid, ANN)  # the creator no longer may: it started
    await t.cancel(tid, ADMIN, manager=True)
    assert not any(i in tourney.manager.tables for i in tables)
    for table_id in tables:
        assert await tourney.db.query(Transaction.seats, table_id) == []
        assert (await tourney.db.query(Transaction.get_table, table_id)).status == "closed"
    assert {await balance(tourney, u) for u in (ANN, BEN, CID, DEE)} == {1000}
    assert await census_ok(tourney) == 0
    assert "log-closed" in tourney.presenter.said(tables[0])


async def test_a_scheduled_tournament_reminds_then_starts_at_its_time(tourney: TourneyEnv) -> None:
    t = tourney.manager.tournaments
    start = tourney.clock.now() + 3600
    tid = await create(tourney, "brelan", buy_in=5, start_at=start, min_players=3)
    for user in (ANN, BEN, CID):
        await t.register(tid, user)
    assert (await t.status(tid))["players"] == 100  # no cap but the largest field
    tourney = await tourney.reopen()  # a restart while registering: the timers are armed again
    t = tourney.manager.tournaments
    await tourney.clock.advance(3600 - REMINDER_LEAD - 1)
    assert tourney.news.of(Reminder) == []
    await tourney.clock.advance(1)
    (reminder,) = tourney.news.of(Reminder)
    assert reminder.users == (ANN, BEN, CID) and reminder.start_at == start
    await tourney.clock.advance(REMINDER_LEAD - 1)
    assert tourney.news.of(Started) == []
    await tourney.clock.advance(1)
    (started,) = tourney.news.of(Started)
    assert started.entrants == 3 and len(started.tables) == 1
    assert (await t.status(tid))["status"] == "running"
    await check(tourney.db, tid)
    await tourney.manager.aclose()
    await tourney.db.close()


async def test_a_scheduled_tournament_short_of_its_field_refunds_everyone(
    tourney: TourneyEnv,
) -> None:
    t = tourney.manager.tournaments
    start = tourney.clock.now() + 60
    tid = await create(tourney, "brag", buy_in=25, start_at=start, min_players=3)
    await t.register(tid, ANN)
    await t.register(tid, BEN)
    await tourney.clock.advance(61)
    (cancelled,) = tourney.news.of(Cancelled)
    assert cancelled.reason == "field" and (cancelled.entrants, cancelled.need) == (2, 3)
    assert cancelled.message().key == "tournament-cancelled-field"
    assert (await t.status(tid))["status"] == "cancelled"
    assert {await balance(tourney, u) for u in (ANN, BEN)} == {1000}
    assert await census_ok(tourney) == 0


async def test_the_creator_may_start_early_with_enough_players(tourney: TourneyEnv) -> None:
    t = tourney.manager.tournaments
    tid = await create(tourney, "bouillotte", seats=4, players=8, min_players=3)
    await t.register(tid, ANN)
    await t.register(tid, BEN)
    with pytest.raises(TableError) as few:
        await t.start(tid, ANN)
    assert few.value.message.key == "refuse-tournament-too-few"
    await t.register(tid, CID)
    with pytest.raises(TableError):
        await t.start(tid, BEN)
    await t.start(tid, ANN)
    assert len(tourney.news.of(Started)) == 1


async def test_a_tournament_table_refuses_what_players_do_at_other_tables(
    tourney: TourneyEnv,
) -> None:
    t = tourney.manager.tournaments
    tid = await create(tourney, "brelan", players=3, buy_in=0)
    for user in (ANN, BEN, CID):
        await t.register(tid, user)
    (table_id,) = [s.table_id for s in tourney.news.of(Started)[0].tables]
    m = tourney.manager
    with pytest.raises(TableError) as stranger:
        await m.join(table_id, DEE)
    assert stranger.value.message.key == "refuse-tournament-not-entered"  # he never entered
    for request in (
        m.join(table_id, ANN),
        m.leave(table_id, ANN),
        m.recave(table_id, ANN),
        m.close(table_id, ANN),
        m.close_now(table_id, ADMIN),
        m.add_house(table_id, ANN, "easy"),
        m.start(table_id, ANN),
    ):
        with pytest.raises(TableError) as refused:
            await request
        assert refused.value.message.key == "refuse-tournament-table"
    state = await m.status(table_id)
    assert state["tournament"]["no"] == 1 and state["tournament"]["level"] == 1
    assert state["tournament"]["stakes"] == {"ante": 1} and state["hand"] is not None


async def test_house_players_fill_the_places_left_on_request(tourney: TourneyEnv) -> None:
    t = tourney.manager.tournaments
    tid = await create(tourney, "brelan", seats=4, players=7, buy_in=10, house=1)
    await t.register(tid, ANN)
    await t.register(tid, BEN)
    await t.start(tid, ANN, fill_house=True)
    view = await t.status(tid)
    assert len(view["entrants"]) == 7 and sum(e["house"] for e in view["entrants"]) == 5
    assert view["status"] == "running" and len(view["tables"]) == 2
    assert view["pool"] == 20
    await check(tourney.db, tid)
