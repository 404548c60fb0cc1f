"""Discord failing a tournament: threads it may not open, Discord's 429 and 5xx, a table's
thread deleted, the tournament's channel deleted, the bot removed from the server. Every
path ends with the tournament going on, or with every buy-in back in its owner's wallet."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tournament_helpers import (
    GRANT,
    PAUSE,
    announcements,
    balance,
    chips_hold,
    click_a_move,
    create,
    register_all,
    shows_it_called_off,
    started,
    steady,
    thread_message,
    tournament_tables,
)

from bot.storage import Transaction

NAMES = ["ann", "ben"]


async def status(salon: Any, tid: int = 1) -> str:
    return str((await salon.bot.db.query(Transaction.get_tournament, tid)).status)


async def refunded(salon: Any, names: list[str] = NAMES) -> None:
    """Every buy-in is back, and the chips add up."""
    assert {await balance(salon, n) for n in names} == {GRANT}
    await chips_hold(salon)


async def play_to_the_end(salon: Any, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(2000):
        if await status(salon) == "finished":
            return
        if not await click_a_move(salon, rng):
            await salon.env.advance_time(PAUSE)
    raise AssertionError("the tournament did not end")


async def test_threads_the_bot_may_not_open_call_the_tournament_off(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    await create(salon, "brelan", seats=3, buy_in=25, house=1)
    salon.env.inject_error(
        "POST",
        f"/channels/{salon.channel.id}/threads",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=None,
    )
    await register_all(salon, NAMES)  # the second fills the field: the start fails
    assert await status(salon) == "cancelled"
    said = "\n".join(announcements(salon))
    assert "I cannot open its tables' threads in this channel" in said
    await shows_it_called_off(salon)
    await refunded(salon)


async def test_a_429_and_5xx_on_opening_the_threads_are_waited_out(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    await create(salon, "bouillotte", seats=6, buy_in=25, house=2, per_table=3)
    path = f"/channels/{salon.channel.id}/threads"
    salon.env.inject_error("POST", path, status=429, message="You are being rate limited.")
    salon.env.inject_error("POST", path, status=502, times=2)
    await register_all(salon, ["ann", "ben", "cid", "dot"])
    assert await status(salon) == "running"
    assert [t.name for t in salon.channel.threads] == [
        "Tournament 1 · table 1",
        "Tournament 1 · table 2",
    ]
    for table in tournament_tables(salon):
        assert (await thread_message(salon, table.id)).embeds
    await chips_hold(salon)


async def test_a_deleted_thread_moves_its_table_to_a_new_one_and_play_goes_on(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(salon, monkeypatch, "brag")
    old = table.channel_id
    salon.env.backend.delete_channel(old)
    await salon.env.settle()
    assert await status(salon) == "running"
    (table,) = tournament_tables(salon)
    assert table.channel_id != old
    assert (
        await salon.bot.db.query(Transaction.get_table, table.id)
    ).channel_id == table.channel_id
    assert (await thread_message(salon, table.id)).embeds  # posted in the new thread
    await play_to_the_end(salon)
    entrants = await salon.bot.db.query(Transaction.entrants, 1)
    assert sum(e.prize or 0 for e in entrants) == 50
    await chips_hold(salon)


@pytest.mark.parametrize("started", [False, True])
async def test_the_tournaments_channel_deleted_calls_it_off(
    salon: Any, monkeypatch: pytest.MonkeyPatch, started: bool
) -> None:
    steady(salon, monkeypatch)
    await create(salon, "brelan", seats=3, buy_in=25, house=1)
    await register_all(salon, NAMES if started else NAMES[:1])
    assert await status(salon) == ("running" if started else "registering")
    salon.env.backend.delete_channel(salon.channel.id)
    await salon.env.settle()
    assert await status(salon) == "cancelled"
    assert not tournament_tables(salon)
    await refunded(salon, NAMES if started else NAMES[:1])


async def test_the_bot_removed_from_the_server_calls_its_tournaments_off(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started(salon, monkeypatch, "brelan")
    other = salon.guild.create_text_channel("later")
    await salon.member("cid").slash(other, "tournament create", game="brag", seats=5, buy_in=25)
    await register_all(salon, ["cid"], tid=2)  # registering
    salon.env.backend.remove_guild(salon.guild.id)
    await salon.env.settle()
    assert [await status(salon, 1), await status(salon, 2)] == ["cancelled", "cancelled"]
    await refunded(salon, [*NAMES, "cid"])


async def test_a_deleted_thread_the_bot_cannot_replace_calls_the_tournament_off(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(salon, monkeypatch, "bouillotte")
    salon.env.inject_error(
        "POST", f"/channels/{salon.channel.id}/threads", status=403, code=50013, times=None
    )
    salon.env.backend.delete_channel(table.channel_id)
    await salon.env.settle()
    assert await status(salon) == "cancelled"
    assert "I cannot open its tables' threads" in "\n".join(announcements(salon))
    await refunded(salon)


async def test_a_channel_deleted_while_the_bot_was_down_calls_its_tournament_off(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    await create(salon, "brelan", seats=4, buy_in=25)
    await register_all(salon, NAMES)
    salon.bot.presenter.on_channel_gone = None
    feeds = list(salon.env.backend.subscribers)
    salon.env.backend.subscribers.clear()  # the bot hears nothing: it is down
    salon.env.backend.delete_channel(salon.channel.id)
    salon.env.backend.subscribers.extend(feeds)
    await salon.restart()  # the sweep at READY finds the channel gone
    assert await status(salon) == "cancelled"
    await refunded(salon)


async def test_a_locked_thread_the_bot_cannot_reopen_moves_its_table_to_a_new_one(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(salon, monkeypatch, "brelan")
    locked = table.channel_id
    meta = {"archived": True, "locked": True}
    salon.env.backend.edit_channel(locked, {}, thread_metadata=meta)  # by a moderator
    salon.env.inject_error(
        "PATCH", f"/channels/{locked}/messages/*", status=400, code=50083, times=None
    )
    salon.env.inject_error("PATCH", f"/channels/{locked}", status=403, code=50001, times=None)
    await play_to_the_end(salon)  # the next update finds the thread closed to the bot
    moved = await salon.bot.db.query(Transaction.get_table, table.id)
    assert moved.channel_id != locked
    assert [t.name for t in salon.channel.threads].count("Tournament 1 · table 1") == 2
    await chips_hold(salon)
