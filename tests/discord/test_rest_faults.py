"""Every REST call may fail: the table message catches up, and the table never waits.

A change nobody clicked for (a slash command, a timer) edits the table message by REST, in
the background (bot/ui/outbox.py). These tests make Discord fail those calls
(``env.inject_error``) and check what a player would see: the message ends up showing the
table as it is, no move is lost or played twice, and the next move still plays.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
import simcord
from simcord.builders import ChannelHandle
from simsupport import actions_played, custom_ids, pick_action, state, table_message

from bot.i18n import Message
from bot.storage import Transaction
from bot.ui import outbox


async def duel(
    salon: Any,
    channel: Any = None,
    options: str = "carre=off notify=off",
    names: tuple[str, ...] = ("ann", "ben"),
) -> dict:
    """Players (two) at a Brelan table in ``channel`` (#salon), the first hand dealt."""
    channel = channel or salon.channel
    members = [salon.member(name) for name in names]
    created = await members[0].slash(channel, "table create", game="brelan", options=options)
    assert not created.ephemeral, created.response.content
    for member in members:
        await member.slash(channel, "table join")
    await members[0].slash(channel, "table start")
    return {member.id: member for member in members}


async def act_by_slash(salon: Any, members: dict, channel: Any = None) -> Any:
    """The player to act plays the calm move with /act (a change made by REST)."""
    hand = state(salon)["hand"]
    action = pick_action(hand)
    extra = {"amount": str(action["min"])} if "min" in action else {}
    played = await members[int(hand["to_act"])].slash(
        channel or salon.channel, "act", verb=action["verb"], **extra
    )
    assert played.ephemeral and "Played" in played.response.content, played.response.content
    return played


def button_of(hand: dict[str, Any]) -> str:
    """The custom id of the button playing the calm move in ``hand`` (at table 1)."""
    action = pick_action(hand)
    amount = action.get("min", action.get("amount"))
    played = f"1:{hand['id']}:{hand['actions']}"
    return f"salon:a:{played}:{action['verb']}:{'' if amount is None else amount}"


def table_edits(salon: Any, since: int, channel_id: int | None = None) -> list[Any]:
    channel = channel_id or salon.channel.id
    return [
        r
        for r in salon.env.http_requests[since:]
        if r.method == "PATCH" and r.path.startswith(f"/channels/{channel}/messages/")
    ]


async def shows_the_table_as_it_is(salon: Any, table_id: int = 1, flush: bool = True) -> bool:
    """Whether the table message's buttons are those of the table now (they carry the
    number of moves played); ``flush``: once the presenter has sent all it had to."""
    if flush:
        message = await table_message(salon, table_id)
    else:
        message_id = (await salon.bot.db.query(Transaction.get_table, table_id)).message_ids[
            "table"
        ]
        message = next(m for m in salon.channel.history() if m.id == message_id)
    wanted = await salon.bot.presenter.message_kwargs(table_id)
    return custom_ids(message) == [item.custom_id for item in wanted["view"].children]


def message_path(salon: Any, table_id: int = 1) -> str:
    return f"/channels/{salon.channel.id}/messages/*"


async def test_a_5xx_on_the_table_edit_is_retried_until_the_message_catches_up(
    salon: Any,
) -> None:
    members = await duel(salon)
    played = actions_played(salon)
    salon.env.inject_error("PATCH", message_path(salon), status=500, times=2)
    await act_by_slash(salon, members)
    assert actions_played(salon)[1] == played[1] + 1  # one move, not two
    assert await shows_the_table_as_it_is(salon)
    counters = salon.bot.presenter.counters
    assert counters.retries >= 2


async def test_a_429_is_waited_out_and_the_message_catches_up(salon: Any) -> None:
    # simcord's injected errors carry no retry_after: the default wait applies
    members = await duel(salon)
    before = len(salon.env.http_requests)
    salon.env.inject_error(
        "PATCH", message_path(salon), status=429, message="You are being rate limited."
    )
    await act_by_slash(salon, members)
    assert await shows_the_table_as_it_is(salon)
    assert salon.bot.presenter.counters.rate_limited == 1
    assert len(table_edits(salon, before)) == 2  # the refused edit, then the good one


async def test_changes_during_a_failing_edit_end_in_one_edit_showing_the_latest(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord asks the bot to wait 20 s; three moves are played meanwhile: when the wait is
    over, one edit shows the table after the third."""
    monkeypatch.setattr(outbox, "RATE_LIMIT_WAIT", 20.0)
    members = await duel(salon, names=("ann", "ben", "cid", "dan"))
    before = len(salon.env.http_requests)
    salon.env.inject_error("PATCH", message_path(salon), status=429)
    await act_by_slash(salon, members)
    assert len(table_edits(salon, before)) == 1  # refused; the queue waits
    await act_by_slash(salon, members)
    await act_by_slash(salon, members)
    assert len(table_edits(salon, before)) == 1  # the moves only marked the queue
    assert not salon.bot.presenter.idle()
    await salon.env.advance_time(21)
    assert await shows_the_table_as_it_is(salon)
    assert len(table_edits(salon, before)) == 2  # exactly one more edit: the latest state
    assert salon.bot.presenter.idle()


async def test_failing_dms_showdowns_and_turn_notices_never_stop_the_table(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox, "BACKOFF_BASE", 0.05)  # each failing call is tried twice
    monkeypatch.setattr(outbox, "SEND_ATTEMPTS", 2)
    channel_posts = f"/channels/{salon.channel.id}/messages"
    salon.env.inject_error("POST", channel_posts, status=500, times=None)  # notices, showdown
    salon.env.inject_error("DELETE", f"{channel_posts}/*", status=500, times=None)
    salon.env.inject_error("POST", "/channels/*/messages", status=403, code=50007, times=None)
    members = await duel(salon, options="carre=off")  # turn notices on
    fields = {f.name: f.value for f in (await table_message(salon)).embeds[0].fields}
    assert all(f"<@{uid}>" in fields["Private messages closed"] for uid in members)
    first_hand = state(salon)["hand"]["id"]
    for _ in range(20):  # play the hand to its end, then the next one starts
        hand = state(salon)["hand"]
        if hand is None or hand["id"] != first_hand:
            break
        message = await table_message(salon)
        action = pick_action(hand)
        amount = action.get("min", action.get("amount"))
        index = f"1:{hand['id']}:{hand['actions']}"
        clicked = await members[int(hand["to_act"])].click(
            message,
            custom_id=f"salon:a:{index}:{action['verb']}:{'' if amount is None else amount}",
        )
        assert not clicked.ephemeral
    await salon.env.advance_time(6)  # the pause between hands
    hand = state(salon)["hand"]
    assert hand is not None and hand["id"] != first_hand  # the next hand was dealt
    before = actions_played(salon)
    await act_by_slash(salon, members)
    assert actions_played(salon) != before  # and it plays
    assert await shows_the_table_as_it_is(salon)
    assert salon.bot.presenter.counters.showdowns == 1


async def test_refreshes_with_nothing_new_cost_one_edit_each_time(salon: Any) -> None:
    """What only the presenter knows changed (a DM refused, a refresh after a gateway
    RESUME): asked twice at once it is one edit; asked again later, one more."""
    await duel(salon)
    presenter = salon.bot.presenter
    before = len(salon.env.http_requests)
    presenter.refresh(1)
    presenter.refresh_all()
    assert await presenter.flush(10)
    assert len(table_edits(salon, before)) == 1
    presenter.refresh(1)
    assert await presenter.flush(10)
    assert len(table_edits(salon, before)) == 2
    assert presenter.staleness(0.99) is not None


async def test_a_hanging_discord_never_holds_the_table(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Private messages that never get an answer (the cards at the deal, the turn notices by
    DM): the deal is answered and the game goes on."""

    async def hangs(*_args: Any, **_kwargs: Any) -> Any:
        await asyncio.sleep(3600)

    monkeypatch.setattr(salon.bot.http, "start_private_message", hangs)
    members = await duel(salon, options="carre=off notify=dm")
    assert state(salon)["hand"] is not None  # dealt
    for _ in range(2):
        before = actions_played(salon)
        await act_by_slash(salon, members)
        assert actions_played(salon) != before
    assert await shows_the_table_as_it_is(salon, flush=False)
    assert not salon.bot.presenter.idle()  # the DMs still wait


async def test_a_deleted_table_message_is_posted_again(salon: Any) -> None:
    members = await duel(salon)
    old = await table_message(salon)
    salon.env.backend.delete_message(salon.channel.id, old.id)
    await act_by_slash(salon, members)
    new = await table_message(salon)  # found by the id stored for the table
    assert new.id != old.id
    assert await shows_the_table_as_it_is(salon)
    assert salon.bot.presenter.counters.reposts == 1


@pytest.mark.parametrize(
    ("status", "code", "reason"), [(404, 10003, "channel"), (403, 50001, "access")]
)
async def test_a_channel_gone_is_reported_once(
    salon: Any, status: int, code: int, reason: str
) -> None:
    members = await duel(salon)
    told: list[tuple[int, str]] = []

    async def gone(table_id: int, why: str) -> None:
        told.append((table_id, why))

    salon.bot.presenter.on_channel_gone = gone
    salon.env.inject_error(
        "*", f"/channels/{salon.channel.id}/*", status=status, code=code, times=None
    )
    before = len(salon.env.http_requests)
    await act_by_slash(salon, members)
    await act_by_slash(salon, members)
    assert told == [(1, reason)]
    assert len(table_edits(salon, before)) == 1  # the queue was dropped: no retry
    assert salon.bot.presenter.idle()


async def test_an_archived_thread_is_reopened_and_the_message_updated(salon: Any) -> None:
    backend = salon.env.backend
    creator = salon.member("ann")
    thread = backend.create_thread(salon.channel.id, "table", creator.id)
    here = ChannelHandle(salon.env, salon.guild, thread)
    members = await duel(salon, channel=here)
    thread.thread_metadata.archived = True
    salon.env.inject_error(
        "PATCH", f"/channels/{thread.id}/messages/*", status=400, code=50083,
        message="Thread is archived",
    )  # fmt: skip
    before = len(salon.env.http_requests)
    await act_by_slash(salon, members, channel=here)
    reopened = [
        r
        for r in salon.env.http_requests[before:]
        if r.method == "PATCH" and r.path == f"/channels/{thread.id}"
    ]
    assert [r.json for r in reopened] == [{"archived": False}]
    assert not thread.thread_metadata.archived
    message_id = (await salon.bot.db.query(Transaction.get_table, 1)).message_ids["table"]
    message = next(m for m in here.history() if m.id == message_id)
    wanted = await salon.bot.presenter.message_kwargs(1)
    assert custom_ids(message) == [item.custom_id for item in wanted["view"].children]
    assert len(table_edits(salon, before, thread.id)) == 2  # refused, then shown


async def test_a_table_closed_because_its_channel_is_gone_sends_nothing_there(
    salon: Any,
) -> None:
    members = await duel(salon)
    presenter = salon.bot.presenter
    before = len(salon.env.http_requests)
    closed = {"cash_outs": {str(uid): 50 for uid in members}, "gone": "channel"}
    await presenter.announce(1, Message.of("table-closed"), closed)
    await presenter.table_update(1, state(salon))
    presenter.notify_turn(1)
    await presenter.showdown(1, {})
    assert await presenter.flush(5)
    assert salon.env.http_requests[before:] == []


@pytest.mark.parametrize(("status", "code"), [(404, 10062), (400, 40060)])
async def test_a_click_answered_too_late_still_plays_once_and_the_message_follows(
    salon: Any, status: int, code: int
) -> None:
    members = await duel(salon)
    hand = state(salon)["hand"]
    message = await table_message(salon)
    button = button_of(hand)
    before = actions_played(salon)
    salon.env.inject_error("POST", "/interactions/*/callback", status=status, code=code)
    await members[int(hand["to_act"])].click(message, custom_id=button)
    assert actions_played(salon)[1] == before[1] + 1  # played, once
    assert await shows_the_table_as_it_is(salon)  # by REST instead
    assert salon.env.errors == []


@contextlib.asynccontextmanager
async def timed_requests(env: simcord.Env) -> AsyncIterator[list[tuple[float, Any]]]:
    """Every REST request made inside the block, with the virtual second it came at."""
    start = env.now()
    seen: list[tuple[float, Any]] = []

    class Timed(list):  # type: ignore[type-arg]
        def append(self, entry: Any) -> None:
            seen.append(((env.now() - start).total_seconds(), entry))
            super().append(entry)

    original = env.backend.http_requests
    env.backend.http_requests = Timed(original)
    try:
        yield seen
    finally:
        env.backend.http_requests = original
        original.extend(entry for _, entry in seen)


def slow_storage(salon: Any, monkeypatch: pytest.MonkeyPatch, seconds: float = 4.0) -> None:
    """Every write transaction waits ``seconds`` (virtual) before it begins."""
    db = salon.bot.db
    real = db.transaction

    @contextlib.asynccontextmanager
    async def slow() -> AsyncIterator[Any]:
        await asyncio.sleep(seconds)
        async with real() as tx:
            yield tx

    monkeypatch.setattr(db, "transaction", slow)


async def test_a_click_is_deferred_in_time_when_storage_is_slow(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    members = await duel(salon)
    hand = state(salon)["hand"]
    message = await table_message(salon)
    button = button_of(hand)
    before = actions_played(salon)
    slow_storage(salon, monkeypatch)
    async with timed_requests(salon.env) as seen:
        clicked = await members[int(hand["to_act"])].click(message, custom_id=button)
    answers = [(t, r) for t, r in seen if "/interactions/" in r.path or "/webhooks/" in r.path]
    (first_at, first), (final_at, final) = answers
    assert first.path.endswith("/callback") and first.json["type"] == 6  # deferred update
    assert first_at < 3.0
    assert final.method == "PATCH" and final.path.endswith("/messages/@original")
    assert final_at >= 4.0
    assert clicked.acknowledged and not clicked.ephemeral
    assert actions_played(salon)[1] == before[1] + 1
    assert await shows_the_table_as_it_is(salon)


async def test_a_command_is_deferred_in_time_when_storage_is_slow(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    members = await duel(salon)
    before = actions_played(salon)
    slow_storage(salon, monkeypatch)
    async with timed_requests(salon.env) as seen:
        played = await act_by_slash(salon, members)
    answers = [(t, r) for t, r in seen if "/interactions/" in r.path or "/webhooks/" in r.path]
    (first_at, first), (final_at, _final) = answers
    assert first.json["type"] == 5 and first_at < 3.0  # "…is thinking", privately
    assert final_at >= 4.0
    assert played.ephemeral and "Played" in played.response.content
    assert actions_played(salon)[1] == before[1] + 1
    assert await shows_the_table_as_it_is(salon)


async def test_a_table_opened_while_storage_is_slow_still_gets_its_message(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/table create deferred publicly: the completed answer is the table message, which
    later changes edit."""
    ann, ben = salon.member("ann"), salon.member("ben")
    slow_storage(salon, monkeypatch)
    async with timed_requests(salon.env) as seen:
        created = await ann.slash(salon.channel, "table create", game="brelan")
    first_at, first = next((t, r) for t, r in seen if r.path.endswith("/callback"))
    assert first.json["type"] == 5 and first_at < 3.0
    assert not created.ephemeral and created.response.embeds
    assert (
        created.response.id
        == (await salon.bot.db.query(Transaction.get_table, 1)).message_ids["table"]
    )
    monkeypatch.undo()
    await ben.slash(salon.channel, "table join")  # a change made by REST
    assert await shows_the_table_as_it_is(salon)
    seats = {f.name: f.value for f in (await table_message(salon)).embeds[0].fields}["Seats"]
    assert f"<@{ben.id}>" in seats


async def test_the_pacer_serves_private_messages_first_and_holds_the_rate() -> None:
    clock = [0.0]
    pacer = outbox.Pacer(rate=10, burst=1, clock=lambda: clock[0])
    served: list[str] = []
    await pacer.acquire(outbox.TABLE)  # the burst

    async def take(name: str, priority: int) -> None:
        await pacer.acquire(priority)
        served.append(name)

    tasks = [
        asyncio.create_task(take("edit", outbox.TABLE)),
        asyncio.create_task(take("notice", outbox.NOTICE)),
        asyncio.create_task(take("dm", outbox.PRIVATE)),
    ]
    await asyncio.sleep(0)
    for count in range(1, 4):
        clock[0] += 0.1  # one more token: one more call goes
        for _ in range(200):
            if len(served) == count:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        assert len(served) == count  # never two for one token
    await asyncio.gather(*tasks)
    assert served == ["dm", "notice", "edit"]


def test_staleness_quantiles() -> None:
    stale = outbox.Staleness(size=100)
    assert stale.p99 is None
    for ms in range(1, 201):
        stale.add(ms / 1000)
    assert len(stale.samples) == 100  # bounded: the newest kept
    assert stale.p50 == pytest.approx(0.150)
    assert stale.p99 == pytest.approx(0.199)
