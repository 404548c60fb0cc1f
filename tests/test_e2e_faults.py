"""End to end under Discord's faults: the real SalonBot against the fake Discord while its
REST edits meet a 429 or a 5xx, its gateway drops (RESUMEd, or re-IDENTIFYed), and a click's
interaction has expired (10062). One member and house players at a Brelan table; the member
clicks the table message's action buttons as the fake holds it, like a Discord client.

Each test ends with the same check: the table message the fake holds shows the table as the
runtime has it (the hand and move number of its buttons), and the member's moves were applied
once each.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
import yarl

from bot.app import SalonBot
from bot.config import Settings
from bot.loadtest.discordload import TableMessage, read_table
from bot.loadtest.fakediscord import JSON, FakeDiscord
from bot.storage import Transaction
from tests.discord_contract import watch

TOKEN = "fake-token"
STEP = 10.0
#: Seconds a house player waits before it plays, in these tests.
PAUSE = 0.4


@dataclass
class Table:
    """The bot, the fake and one table with its member."""

    fake: FakeDiscord
    bot: SalonBot
    task: asyncio.Task[None]
    table_id: int = 0
    member: dict[str, JSON] = field(default_factory=dict)
    #: The member's clicks the bot applied, by hand id.
    applied: dict[int, int] = field(default_factory=dict)
    caplog: pytest.LogCaptureFixture | None = None

    def assert_no_errors(self) -> None:
        """Nothing the bot did failed loudly (an ERROR record of the bot or its cogs)."""
        assert self.caplog is not None
        errors = [
            f"{r.name}: {r.getMessage()} {r.exc_info[1]!r}" if r.exc_info else r.getMessage()
            for r in self.caplog.records
            if r.levelno >= logging.ERROR and r.name.startswith(("bot", "cogs"))
        ]
        assert errors == []

    @property
    def member_id(self) -> int:
        return int(self.member["id"])

    def message(self) -> dict[str, JSON]:
        """The table message as the fake holds it (the newest one showing this table)."""
        found = [
            m
            for m in self.fake.messages.values()
            if (seen := read_table(m)) is not None and seen.table_id == self.table_id
        ]
        assert found, "no table message"
        return max(found, key=lambda m: int(m["id"]))

    def seen(self) -> TableMessage:
        seen = read_table(self.message())
        assert seen is not None
        return seen

    def runtime(self) -> tuple[int, int] | None:
        """The table as the runtime has it, as its message's buttons would show it."""
        table = self.bot.manager.tables[self.table_id]
        hand = table.hand
        if hand is None or hand.finished or hand.to_act is None or table.record is None:
            return None
        return int(table.hand_id or 0), len(table.record.actions)

    def member_moves(self) -> int:
        """The member's moves in the hand in play, as the runtime recorded them."""
        table = self.bot.manager.tables[self.table_id]
        if table.record is None:
            return 0
        return sum(1 for a in table.record.actions if a.player == str(self.member_id))

    async def until(self, predicate: Callable[[], bool], what: str, timeout: float = STEP) -> None:
        """Wait until ``predicate()`` holds (checked every 20 ms), failing early if the bot
        stops."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not predicate():
            if self.task.done():
                error = None if self.task.cancelled() else self.task.exception()
                pytest.fail(f"the bot stopped while waiting for {what}: {error!r}")
            if asyncio.get_running_loop().time() > deadline:
                pytest.fail(f"timed out after {timeout} s waiting for {what}")
            await asyncio.sleep(0.02)

    async def click(self, custom_id: str, message: dict[str, JSON] | None = None) -> JSON:
        """Click and wait for the interaction's first answer; returns it."""
        payload = await self.fake.click(message or self.message(), custom_id, user=self.member)
        interaction = str(payload["id"])
        await self.until(
            lambda: (
                any(r.interaction_id == interaction for r in self.fake.interaction_responses)
                or interaction in self.fake._answered_ids
            ),
            f"the answer to {custom_id}",
        )
        return next(r for r in self.fake.interaction_responses if r.interaction_id == interaction)

    async def play(self, custom_id: str | None = None) -> None:
        """The member plays his first (or the given) action button and it is applied."""
        seen = self.seen()
        assert seen.to_act == self.member_id and seen.actions, seen
        hand, before = int(seen.hand_id or 0), self.member_moves()
        answer = await self.click(custom_id or pick(seen.actions))
        assert answer.type == 7, answer  # the table message itself answered the click
        assert (
            self.member_moves() == before + 1
            or self.runtime() is None
            or (self.runtime() or (0, 0))[0] != hand
        )
        self.applied[hand] = self.applied.get(hand, 0) + 1

    async def members_turn(self, what: str = "the member's turn") -> TableMessage:
        """Wait until the message shows the member's turn (the house players play meanwhile)."""
        await self.until(
            lambda: (
                (s := read_table(self.message())) is not None
                and s.to_act == self.member_id
                and bool(s.actions)
            ),
            what,
            timeout=30.0,
        )
        return self.seen()

    async def caught_up(self, timeout: float = STEP) -> None:
        """The message shows the runtime's table (and stays so for a moment)."""
        for _ in range(2):
            await self.until(
                lambda: self.seen().signature == self.runtime(), "the message to catch up", timeout
            )
            await asyncio.sleep(0.3)
        assert self.seen().signature == self.runtime()


def pick(actions: list[str]) -> str:
    """A move that keeps the hand going: check or call or pass before anything else."""
    for verb in ("check", "call", "see", "pass", "fold"):
        for action in actions:
            if f":{verb}:" in action:
                return action
    return actions[0]


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(token=TOKEN)
    misfits = watch(server, requests=True)
    await server.start()
    monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
    )
    try:
        yield server
    finally:
        await server.close()
    assert misfits == []  # every request and answer fits Discord's API description


@pytest.fixture
async def table(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> AsyncIterator[Table]:
    """A Brelan table with its member and three house players, dealt, the member to act."""
    settings = Settings(
        token=TOKEN, database=tmp_path / "salon.sqlite3", guild_id=fake.guild_id, log_level="INFO"
    )
    bot = SalonBot(settings)
    bot._connection.guild_ready_timeout = 0.05
    task = asyncio.create_task(bot.start(TOKEN), name="salon-bot")
    caplog.set_level(logging.WARNING)
    here = Table(fake, bot, task, member=fake.user(), caplog=caplog)
    try:
        await here.until(lambda: bot.is_ready(), "on_ready")
        bot.manager.house_pause = PAUSE
        options: list[dict[str, Any]] = [
            {"name": "game", "type": 3, "value": "brelan"},
            {"name": "house", "type": 4, "value": 3},
        ]
        await fake.dispatch_interaction(
            "table", [{"name": "create", "type": 1, "options": options}], user=here.member
        )
        await here.until(
            lambda: any(read_table(m) is not None for m in fake.messages.values()), "the table"
        )
        here.table_id = next(
            s.table_id for m in fake.messages.values() if (s := read_table(m)) is not None
        )
        for what in ("join", "start"):
            answer = await here.click(f"salon:t:{here.table_id}:{what}")
            assert answer.type == 7, (what, answer)
        yield here
    finally:
        if not bot.is_closed():
            await bot.close()
        task.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(task, STEP)


EDIT = r"/channels/\d+/messages/\d+"
CLICK_EDIT = r"/webhooks/\d+/[^/]+/messages/@original"
ANY_EDIT = f"(?:{EDIT}|{CLICK_EDIT})"


@pytest.fixture
def rest_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The member's clicks are too old to edit the table message (as after 14 minutes):
    every edit of it goes by REST, bound to the global rate limit."""
    monkeypatch.setattr("bot.ui.presenter.CLICK_EDITS_FOR", 0.0)


def click_edits(fake: FakeDiscord) -> list[Any]:
    return [r for r in fake.rest_requests if r.method == "PATCH" and "/webhooks/" in r.route]


def rest_edits(fake: FakeDiscord) -> list[Any]:
    return [r for r in fake.rest_requests if r.method == "PATCH" and r.route.startswith("/chan")]


async def play_rounds(table: Table, rounds: int) -> None:
    """The member plays ``rounds`` times (the house players in between)."""
    for n in range(rounds):
        await table.members_turn(f"the member's turn ({n + 1})")
        await table.play()


async def test_a_429_on_the_table_edit_is_waited_out(table: Table, rest_only: None) -> None:
    """A 429 with retry_after on the REST edit of the table message: the bot waits, edits
    again, and the message catches up; each of the member's clicks applied once."""
    fake = table.fake
    hit = fake.rate_limit_next("PATCH", EDIT, retry_after=1.0)
    await play_rounds(table, 3)
    await table.until(lambda: hit.hits == 1, "a house move's edit")
    await table.caught_up()
    assert len(fake.rate_limited) == 1 and fake.rate_limited[0].injected
    edits = [r for r in fake.rest_requests if r.method == "PATCH"]
    first = next(i for i, r in enumerate(edits) if r.at >= fake.rate_limited[0].at)
    assert len(edits) > first + 1  # the refused edit was sent again (or a newer one)
    hand = int(table.seen().hand_id or 0)
    assert table.member_moves() == table.applied.get(hand, 0)
    table.assert_no_errors()


async def test_a_5xx_on_the_table_edit_is_retried(table: Table, rest_only: None) -> None:
    fake = table.fake
    failure = fake.fail_next("PATCH", EDIT, status=502)
    await play_rounds(table, 3)
    await table.until(lambda: failure.hits == 1, "a house move's edit")
    await table.caught_up()
    answers = [r for r in fake.rest_requests if r.method == "PATCH"]
    assert len(answers) >= 2
    hand = int(table.seen().hand_id or 0)
    assert table.member_moves() == table.applied.get(hand, 0)
    table.assert_no_errors()


async def _outage(table: Table, *, resumable: bool) -> None:
    """Drop the gateway while a house player is about to play and REST edits fail: the house
    player plays during the outage; after the RESUME (or the new IDENTIFY) the message
    shows the table as it is, and a button of an earlier move is refused."""
    fake, bot = table.fake, table.bot
    seen = await table.members_turn()
    old_message = dict(table.message())
    stale_button = pick(seen.actions)
    await table.play(stale_button)
    # a house player is to act now: the gateway goes down and the edits fail meanwhile
    assert table.runtime() is None or table.seen().to_act != table.member_id
    down = fake.fail_next("PATCH", ANY_EDIT, status=503, times=1000)
    before = table.runtime()
    identifies, resumes = fake.identifies, fake.resumes
    await fake.drop_gateway(resumable=resumable, outage=1.5)
    await table.until(lambda: table.runtime() != before, "a house move during the outage")
    await table.until(lambda: down.hits >= 1, "a failed edit during the outage")
    down.times = down.hits  # REST is back
    if resumable:
        await table.until(lambda: fake.resumes == resumes + 1, "the RESUME", timeout=20)
        assert fake.identifies == identifies
    else:
        await table.until(lambda: fake.identifies == identifies + 1, "a new IDENTIFY", 20)
        assert fake.invalid_sessions >= 1
    await table.until(lambda: bot.is_ready() and not bot.is_closed(), "the bot back")
    await table.caught_up(timeout=20)
    # a click on an earlier move's button changes nothing
    moves, runtime = table.member_moves(), table.runtime()
    answer = await table.click(stale_button, old_message)
    assert answer.type == 4 and answer.data.get("flags", 0) & 64, answer  # privately refused
    assert table.member_moves() == moves and table.runtime() == runtime
    table.assert_no_errors()  # refresh_all() on RESUME / the new READY ran cleanly


async def test_a_resumed_gateway_brings_the_table_message_up_to_date(table: Table) -> None:
    await _outage(table, resumable=True)


async def test_a_new_identify_brings_the_table_message_up_to_date(table: Table) -> None:
    await _outage(table, resumable=False)


async def test_events_missed_during_an_outage_are_replayed_on_resume(table: Table) -> None:
    """A click sent while the connection is down reaches the bot after the RESUME."""
    fake = table.fake
    seen = await table.members_turn()
    resumes = fake.resumes
    await fake.drop_gateway(resumable=True, outage=0.5)
    payload = await fake.click(table.message(), pick(seen.actions), user=table.member)
    await table.until(lambda: fake.resumes == resumes + 1, "the RESUME", timeout=20)
    await table.until(
        lambda: any(r.interaction_id == payload["id"] for r in fake.interaction_responses),
        "the replayed click's answer",
    )
    answer = next(r for r in fake.interaction_responses if r.interaction_id == payload["id"])
    assert answer.type == 7
    await table.caught_up()  # (refresh_all() on RESUME: the two tests above)


async def test_a_late_interaction_applies_once_and_the_message_is_edited_by_rest(
    table: Table, rest_only: None
) -> None:
    """The click's callback answers 10062 Unknown interaction (it came too late): the move
    is applied once, and the table message is brought up to date by REST instead."""
    fake = table.fake
    seen = await table.members_turn()
    hand, moves = int(seen.hand_id or 0), table.member_moves()
    fake.unknown_next("POST", r"/interactions/\d+/[^/]+/callback", "interaction", times=5)
    rest_before = len([r for r in fake.rest_requests if r.route.startswith("/channels/")])
    payload = await fake.click(table.message(), pick(seen.actions), user=table.member)
    callback = f"/interactions/{payload['id']}/{payload['token']}/callback"
    await table.until(
        lambda: any(r.route == callback for r in fake.rest_requests), "the late callback"
    )
    await table.until(
        lambda: (
            table.member_moves() == moves + 1
            or table.runtime() is None
            or (table.runtime() or (0, 0))[0] != hand
        ),
        "the move",
    )
    await table.caught_up()
    assert table.member_moves() in (moves + 1, 0)  # once (0: the hand ended with it)
    writes = [
        r
        for r in fake.rest_requests[rest_before:]
        if r.route.startswith(f"/channels/{fake.channel_id}/messages")
        and r.method in ("PATCH", "POST")
    ]
    assert writes, "the table message was not written by REST"
    await asyncio.sleep(1.0)
    assert table.member_moves() in (moves + 1, 0)
    table.assert_no_errors()


# -- the table message edited through the latest click ------------------------------------------


async def test_house_moves_are_shown_through_the_members_latest_click(table: Table) -> None:
    """After a click on the table message, the house players' moves edit that message
    through the click's interaction (outside the global rate limit), not by REST."""
    fake = table.fake
    await play_rounds(table, 2)
    rest_before, clicks_before = len(rest_edits(fake)), len(click_edits(fake))
    await play_rounds(table, 2)
    await table.caught_up()
    assert len(click_edits(fake)) > clicks_before  # the house moves, through the click
    assert len(rest_edits(fake)) == rest_before
    assert table.bot.presenter.counters.click_edits_refused == 0
    assert fake.rate_limited == [] and fake.invalid_requests == 0
    table.assert_no_errors()


async def test_an_expired_click_token_hands_the_edit_back_to_rest(table: Table) -> None:
    """Discord answers 401 Invalid Webhook Token (the click is older than its token): the
    edit goes by REST at once, the message catches up, and the dead token is not tried
    again for that click."""
    fake = table.fake
    await play_rounds(table, 1)
    fake.token_lifetime = 0.0  # every token has expired
    rest_before, clicks_before = len(rest_edits(fake)), len(click_edits(fake))
    await play_rounds(table, 2)
    await table.caught_up()
    counters = table.bot.presenter.counters
    refused = len(click_edits(fake)) - clicks_before
    assert refused >= 1 and counters.click_edits_refused == refused
    assert refused <= 3  # one refusal per click (three of them) at most, then REST
    assert len(rest_edits(fake)) > rest_before
    hand = int(table.seen().hand_id or 0)
    assert table.member_moves() == table.applied.get(hand, 0)
    table.assert_no_errors()


async def test_a_429_on_a_click_edit_is_waited_out(table: Table) -> None:
    """A 429 on the click's edit: the message still catches up (the edit is waited out by
    discord.py or handed to REST), each move applied once."""
    fake = table.fake
    await play_rounds(table, 1)
    hit = fake.rate_limit_next("PATCH", CLICK_EDIT, retry_after=0.5)
    await play_rounds(table, 2)
    await table.until(lambda: hit.hits == 1, "a house move's edit")
    await table.caught_up()
    hand = int(table.seen().hand_id or 0)
    assert table.member_moves() == table.applied.get(hand, 0)
    table.assert_no_errors()


# -- clicks racing each other, through the real client ----------------------------------------


async def answers_to(table: Table, payloads: list[JSON]) -> list[Any]:
    """Wait for the first answer to each dispatched interaction; returns them in order."""
    ids = [str(p["id"]) for p in payloads]
    await table.until(
        lambda: all(
            any(r.interaction_id == i for r in table.fake.interaction_responses) for i in ids
        ),
        "an answer to every click",
    )
    return [next(r for r in table.fake.interaction_responses if r.interaction_id == i) for i in ids]


def private(answer: Any) -> bool:
    return answer.type == 4 and bool(answer.data.get("flags", 0) & 64)


async def test_one_player_clicking_twice_at_once_plays_once(table: Table) -> None:
    seen = await table.members_turn()
    hand_id = int(seen.hand_id or 0)
    button, message = pick(seen.actions), table.message()
    before = await member_moves_in(table, hand_id)
    payloads = [await table.fake.click(message, button, user=table.member) for _ in range(2)]
    first, second = await answers_to(table, payloads)
    # one move, whichever click came first (counted as stored: it may have ended the hand)
    assert await member_moves_in(table, hand_id) == before + 1
    played = [a for a in (first, second) if a.type == 7]  # answered with the table message
    refused = [a for a in (first, second) if private(a)]  # answered privately, in words
    assert len(played) == 1 and len(refused) == 1, (first, second)
    said = refused[0].data["content"]
    assert "already played" in said or "hand that is over" in said, said
    table.assert_no_errors()


async def member_moves_in(table: Table, hand_id: int) -> int:
    """The member's moves in a hand, as stored (the hand may have ended meanwhile)."""
    record = (await table.bot.db.query(Transaction.get_hand, hand_id)).record
    return sum(a[0] == str(table.member_id) for a in record["actions"])


async def test_two_players_clicking_at_once_play_one_move(table: Table) -> None:
    other = table.fake.user(name="other")
    seen = await table.members_turn()
    hand_id = int(seen.hand_id or 0)
    button, message = pick(seen.actions), table.message()
    before = await member_moves_in(table, hand_id)
    mine = await table.fake.click(message, button, user=table.member)
    theirs = await table.fake.click(message, button, user=other)
    answer, refusal = await answers_to(table, [mine, theirs])
    assert answer.type == 7 and await member_moves_in(table, hand_id) == before + 1
    # refused privately, in words: the move is played already (or its hand is over), or he
    # has no seat, whichever he meets first
    said = refusal.data["content"]
    reasons = ("not seated", "already played", "hand that is over")
    assert private(refusal) and any(r in said for r in reasons), said
    table.assert_no_errors()


async def test_a_click_beside_its_turn_timer_plays_one_move(table: Table) -> None:
    """The turn timer fires at the instant the member clicks: one of the two plays his
    move (the click, or the automatic move counted as a timeout); the other finds the turn
    gone and is answered privately. Never two moves for one turn."""
    seen = await table.members_turn()
    live = table.bot.manager.tables[table.table_id]
    assert live.hand_id is not None and live.record is not None
    hand_id, count = live.hand_id, len(live.record.actions)
    payload = await table.fake.click(table.message(), pick(seen.actions), user=table.member)
    await table.bot.manager._on_timeout(table.table_id, hand_id, count)  # the timer fires
    [answer] = await answers_to(table, [payload])
    actions = (await table.bot.db.query(Transaction.get_hand, hand_id)).record["actions"]
    assert actions[count][0] == str(table.member_id)  # his one move for this turn
    seat = await table.bot.db.query(Transaction.get_seat, table.table_id, table.member_id)
    timed_out = seat is not None and seat.timeouts == 1
    assert (answer.type == 7) != timed_out, (answer, seat)  # the click, or else the timer
    assert answer.type == 7 or private(answer)
    table.assert_no_errors()
