"""Tournament registration through the runtime: buy-ins into the pool and back, the census
counting the pools, cancellation, a scheduled start (its reminder, its minimum field), a
restart during registration, and what a tournament's table refuses."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.runtime.errors import TableError
from bot.runtime.tournament_events import Cancelled, Reminder, Started, Unregistered
from bot.runtime.tournaments import REMINDER_LEAD
from bot.storage import Transaction
from tests.tournament_robots import CHANNEL, GUILD, MEMBERS, TourneyEnv, check, make_env

ANN, BEN, CID, DEE = MEMBERS[:4]
ADMIN = 999


@pytest.fixture
async def env(db_target: str) -> AsyncIterator[TourneyEnv]:
    e = await make_env(db_target)
    yield e
    await e.manager.aclose()
    await e.db.close()


async def balance(env: TourneyEnv, user: int) -> int:
    return await env.db.write(Transaction.balance, GUILD, user)


async def census_ok(env: TourneyEnv) -> int:
    census = await env.db.query(Transaction.chip_census, GUILD)
    assert census.balanced, census
    return census.pools


async def test_the_buy_in_waits_in_the_pool_and_comes_back(env: TourneyEnv) -> None:
    t = env.manager.tournaments
    tid = await t.create(GUILD, CHANNEL, "brelan", ANN, players=4, buy_in=100)
    said = await t.register(tid, ANN)
    assert said.key == "done-tournament-registered" and said.params["n"] == 100
    await t.register(tid, BEN)
    assert await balance(env, ANN) == 900 and await census_ok(env) == 200
    with pytest.raises(TableError) as again:
        await t.register(tid, ANN)
    assert again.value.message.key == "refuse-tournament-registered"
    await t.unregister(tid, BEN)
    assert await balance(env, BEN) == 1000 and await census_ok(env) == 100
    assert env.news.of(Unregistered)[0].message().params["n"] == 1
    with pytest.raises(TableError):
        await t.unregister(tid, BEN)
    view = await t.status(tid)
    assert view["pool"] == 100 and [e["user"] for e in view["entrants"]] == [ANN]
    assert view["status"] == "registering" and view["payouts"] == [100]


async def test_a_member_short_of_the_buy_in_is_refused(env: TourneyEnv) -> None:
    t = env.manager.tournaments
    tid = await t.create(GUILD, CHANNEL, "brelan", ANN, buy_in=2000)
    with pytest.raises(TableError) as short:
        await t.register(tid, ANN)
    assert short.value.message.key == "refuse-chips-to-register"
    assert await census_ok(env) == 0


async def test_a_cancellation_refunds_every_buy_in(env: TourneyEnv) -> None:
    t = env.manager.tournaments
    tid = await t.create(GUILD, CHANNEL, "bouillotte", ANN, players=5, buy_in=50, house=1)
    for user in (ANN, BEN):
        await t.register(tid, user)
    with pytest.raises(TableError):
        await t.cancel(tid, BEN)  # neither its creator nor a manager
    await t.cancel(tid, ANN)  # its creator, before the start
    assert {await balance(env, u) for u in (ANN, BEN)} == {1000}
    (cancelled,) = env.news.of(Cancelled)
    assert cancelled.refunds == {ANN: 50, BEN: 50} and cancelled.reason == "admin"
    assert await census_ok(env) == 0
    with pytest.raises(TableError):
        await t.register(tid, CID)


async def test_an_admin_cancels_a_running_tournament_and_its_tables_close(
    env: TourneyEnv,
) -> None:
    t = env.manager.tournaments
    tid = await t.create(GUILD, CHANNEL, "brag", ANN, seats=3, players=6, buy_in=10, house=2)
    for user in (ANN, BEN, CID, DEE):
        await t.register(tid, user)
    (started,) = env.news.of(Started)
    assert len(started.tables) == 2
    tables = [s.table_id for s in started.tables]
    assert all(env.manager.tables[i].playing() for i in tables)
    await check(env.db, tid)
    with pytest.raises(TableError):
        await t.cancel(tid, ANN)  # the creator no longer may: it started
    await t.cancel(tid, ADMIN, manager=True)
    assert not any(i in env.manager.tables for i in tables)
    for table_id in tables:
        assert await env.db.query(Transaction.seats, table_id) == []
        assert (await env.db.query(Transaction.get_table, table_id)).status == "closed"
    assert {await balance(env, u) for u in (ANN, BEN, CID, DEE)} == {1000}
    assert await census_ok(env) == 0
    assert "log-closed" in env.presenter.said(tables[0])


async def test_a_scheduled_tournament_reminds_then_starts_at_its_time(env: TourneyEnv) -> None:
    t = env.manager.tournaments
    start = env.clock.now() + 3600
    tid = await t.create(GUILD, CHANNEL, "brelan", ANN, buy_in=5, start_at=start, min_players=3)
    for user in (ANN, BEN, CID):
        await t.register(tid, user)
    assert (await t.status(tid))["players"] == 100  # no cap but the largest field
    env = await env.reopen()  # a restart while registering: the timers are armed again
    t = env.manager.tournaments
    await env.clock.advance(3600 - REMINDER_LEAD - 1)
    assert env.news.of(Reminder) == []
    await env.clock.advance(1)
    (reminder,) = env.news.of(Reminder)
    assert reminder.users == (ANN, BEN, CID) and reminder.start_at == start
    await env.clock.advance(REMINDER_LEAD - 1)
    assert env.news.of(Started) == []
    await env.clock.advance(1)
    (started,) = env.news.of(Started)
    assert started.entrants == 3 and len(started.tables) == 1
    assert (await t.status(tid))["status"] == "running"
    await check(env.db, tid)
    await env.manager.aclose()
    await env.db.close()


async def test_a_scheduled_tournament_short_of_its_field_refunds_everyone(
    env: TourneyEnv,
) -> None:
    t = env.manager.tournaments
    start = env.clock.now() + 60
    tid = await t.create(GUILD, CHANNEL, "brag", ANN, buy_in=25, start_at=start, min_players=3)
    await t.register(tid, ANN)
    await t.register(tid, BEN)
    await env.clock.advance(61)
    (cancelled,) = env.news.of(Cancelled)
    assert cancelled.reason == "field" and (cancelled.entrants, cancelled.need) == (2, 3)
    assert cancelled.message().key == "tournament-cancelled-field"
    assert (await t.status(tid))["status"] == "cancelled"
    assert {await balance(env, u) for u in (ANN, BEN)} == {1000}
    assert await census_ok(env) == 0


async def test_the_creator_may_start_early_with_enough_players(env: TourneyEnv) -> None:
    t = env.manager.tournaments
    tid = await t.create(GUILD, CHANNEL, "bouillotte", ANN, seats=4, players=8, min_players=3)
    await t.register(tid, ANN)
    await t.register(tid, BEN)
    with pytest.raises(TableError) as few:
        await t.start(tid, ANN)
    assert few.value.message.key == "refuse-tournament-too-few"
    await t.register(tid, CID)
    with pytest.raises(TableError):
        await t.start(tid, BEN)
    await t.start(tid, ANN)
    assert len(env.news.of(Started)) == 1


async def test_a_tournament_table_refuses_what_players_do_at_other_tables(
    env: TourneyEnv,
) -> None:
    t = env.manager.tournaments
    tid = await t.create(GUILD, CHANNEL, "brelan", ANN, players=3, buy_in=0)
    for user in (ANN, BEN, CID):
        await t.register(tid, user)
    (table_id,) = [s.table_id for s in env.news.of(Started)[0].tables]
    m = env.manager
    for request in (
        m.join(table_id, DEE),
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


async def test_house_players_fill_the_places_left_on_request(env: TourneyEnv) -> None:
    t = env.manager.tournaments
    tid = await t.create(GUILD, CHANNEL, "brelan", ANN, seats=4, players=7, buy_in=10, house=1)
    await t.register(tid, ANN)
    await t.register(tid, BEN)
    await t.start(tid, ANN, fill_house=True)
    view = await t.status(tid)
    assert len(view["entrants"]) == 7 and sum(e["house"] for e in view["entrants"]) == 5
    assert view["status"] == "running" and len(view["tables"]) == 2
    assert view["pool"] == 20
    await check(env.db, tid)
