"""End to end: the real discord.py client (SalonBot) against the local fake Discord.

Log in, sync the guild commands, receive the guild over the gateway, answer ``/rules game:brelan``
and close, all on 127.0.0.1: discord.py's REST base and gateway address are pointed at
``tests.fakediscord.FakeDiscord`` for the duration of the test.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import re
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import TypeVar

import aiohttp
import discord
import discord.gateway
import discord.http
import pytest
import yarl

from bot.app import SalonBot
from bot.config import Settings
from bot.i18n import render
from bot.runtime.shards import ShardSet
from tests.discord_contract import watch
from tests.fakediscord import FakeDiscord

TOKEN = "fake-token"
#: How long any single step may take before the test fails (everything is local).
STEP_TIMEOUT = 5.0

T = TypeVar("T")


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A running fake Discord; discord.py's REST base and gateway point at it meanwhile."""
    fake = FakeDiscord(token=TOKEN)
    misfits = watch(fake, requests=True)
    await fake.start()
    # Route computes its URL from BASE when built, so every REST call (the webhook adapter used
    # for interaction responses included) goes to the fake server.
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    # A plain (unsharded) Client connects to DEFAULT_GATEWAY without asking GET /gateway/bot.
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    try:
        yield fake
    finally:
        await fake.close()
    assert misfits == []  # every request and answer fits Discord's API description


@dataclass
class Harness:
    """The bot under test, its start() task and every URL its HTTP session requested."""

    bot: SalonBot
    urls: list[yarl.URL] = field(default_factory=list)
    task: asyncio.Task[None] | None = None

    def start(self) -> asyncio.Task[None]:
        self.task = asyncio.create_task(self.bot.start(TOKEN), name="salon-bot")
        return self.task


@pytest.fixture
async def harness(
    fake_discord: FakeDiscord, tmp_path: Path, db_target: str
) -> AsyncIterator[Harness]:
    """The unmodified SalonBot, configured only through Settings, on a SQLite file or a
    PostgreSQL database (``DATABASE_URL``); closed at teardown."""
    postgres = db_target.startswith("postgresql://")
    settings = Settings(
        token=TOKEN,
        database=tmp_path / "salon.sqlite3" if postgres else Path(db_target),
        guild_id=fake_discord.guild_id,
        log_level="INFO",
        database_url=db_target if postgres else None,
    )
    bot = SalonBot(settings)
    # discord.py waits guild_ready_timeout (2 s by default, Client(guild_ready_timeout=...))
    # after the last GUILD_CREATE before "ready"; there is one guild here, so keep it short.
    bot._connection.guild_ready_timeout = 0.05
    harness = Harness(bot)

    # aiohttp's tracing hook sees every URL of the bot's session (REST and websocket), so the
    # test can check that nothing left 127.0.0.1.
    async def on_request_start(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        harness.urls.append(params.url)

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_request_start)
    bot.http.http_trace = trace  # read when login() creates the aiohttp session

    try:
        yield harness
    finally:
        if not bot.is_closed():
            await bot.close()
        if harness.task is not None and not harness.task.done():
            harness.task.cancel()
        if harness.task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(harness.task, STEP_TIMEOUT)


async def step(awaitable: Awaitable[T], running: asyncio.Task[None], what: str) -> T:
    """Await ``awaitable`` within STEP_TIMEOUT, failing early if the bot's task ends."""
    waiter = asyncio.ensure_future(awaitable)
    try:
        done, _ = await asyncio.wait(
            {waiter, running}, timeout=STEP_TIMEOUT, return_when=asyncio.FIRST_COMPLETED
        )
        if waiter in done:
            return waiter.result()
        if running in done:
            error = running.exception()
            pytest.fail(f"the bot stopped while waiting for {what}: {error!r}")
        pytest.fail(f"timed out after {STEP_TIMEOUT} s waiting for {what}")
    finally:
        if not waiter.done():
            waiter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await waiter


async def test_login_sync_and_rules_round_trip(fake_discord: FakeDiscord, harness: Harness) -> None:
    fake, bot, urls = fake_discord, harness.bot, harness.urls
    running = harness.start()

    # login, command sync (in setup_hook), gateway, ready
    guild_route = f"/applications/{fake.app_id}/guilds/{fake.guild_id}/commands"
    sync = await step(fake.wait_for_request("PUT", guild_route), running, "the guild sync")
    await step(bot.wait_until_ready(), running, "on_ready")
    # PostgreSQL: several processes may share the database, so this one leases its tables
    postgres = bot.settings.postgres
    assert bot.db.dialect == ("postgres" if postgres else "sqlite")
    assert (bot.manager.lease_owner is not None) == postgres

    login = next(r for r in fake.requests if r.route == "/users/@me")
    assert login.method == "GET"
    assert login.headers.get("Authorization") == f"Bot {TOKEN}"
    assert sync.headers.get("Authorization") == f"Bot {TOKEN}"
    assert isinstance(sync.json, list)
    synced_names = {c["name"] for c in fake.commands[fake.guild_id]}
    assert "rules" in synced_names
    rules = next(c for c in sync.json if c["name"] == "rules")
    assert [o["name"] for o in rules["options"]] == ["game"]
    assert {c["value"] for c in rules["options"][0]["choices"]} >= {"brelan"}

    session = fake.identified
    assert session is not None and session.identify is not None
    assert session.identify["token"] == TOKEN
    assert session.heartbeats >= 1  # discord.py beats right after HELLO, we acked
    assert bot.user is not None and bot.user.id == fake.bot_user_id
    guild = bot.get_guild(fake.guild_id)
    assert guild is not None and guild.get_channel(fake.channel_id) is not None

    # the interaction round trip
    interaction = await fake.dispatch_interaction("rules", [])  # the three summaries, as text
    await step(
        fake.wait_until(
            lambda: any(r.interaction_id == interaction["id"] for r in fake.interaction_responses)
        ),
        running,
        "the /rules answer",
    )
    answer = next(r for r in fake.interaction_responses if r.interaction_id == interaction["id"])
    assert answer.token == interaction["token"]
    assert answer.type == 4  # CHANNEL_MESSAGE_WITH_SOURCE
    assert answer.data.get("flags", 0) & 64  # ephemeral
    assert "Brelan" in answer.data["content"]
    callback = f"/interactions/{interaction['id']}/{interaction['token']}/callback"
    assert [r.method for r in fake.rest_requests if r.route == callback] == ["POST"]

    # a clean close: the start() task ends by itself, without an error
    await bot.close()
    await asyncio.wait_for(running, STEP_TIMEOUT)
    await step(fake.wait_until(lambda: fake.identified is None), running, "the gateway close")

    # nothing but the fake server was contacted, and it saw the bot's own token
    assert urls, "the tracing hook saw no request"
    assert {url.host for url in urls} == {"127.0.0.1"}
    assert {url.port for url in urls} == {fake.port}
    assert {r.host for r in fake.requests} == {f"127.0.0.1:{fake.port}"}
    for request in fake.rest_requests:
        if not request.route.startswith(("/interactions/", "/webhooks/")):
            assert request.headers.get("Authorization") == f"Bot {TOKEN}", request


async def test_the_card_emojis_go_up_as_discord_takes_them(
    fake_discord: FakeDiscord, harness: Harness
) -> None:
    """The real client uploads the 52 card pictures in Discord's wire format (a PNG data URI
    under 256 KiB, a valid name) and then writes cards with them."""
    fake, bot = fake_discord, harness.bot
    bot.settings = dataclasses.replace(bot.settings, card_emojis=True)
    running = harness.start()
    await step(bot.wait_until_ready(), running, "on_ready")
    assert bot.card_emojis_task is not None
    emojis = await step(bot.card_emojis_task, running, "the card emojis")
    assert emojis is not None and len(fake.application_emojis) == 52
    for name, emoji in fake.application_emojis.items():
        assert re.fullmatch(r"salon_[2-9TJQKA][shdc]", name)
        header, data = emoji["image"].split(",", 1)
        assert header == "data:image/png;base64"
        assert base64.b64decode(data).startswith(b"\x89PNG") and len(data) * 3 / 4 < 256 * 1024
    ace = fake.application_emojis["salon_Ah"]["id"]
    assert render("en", "card", code="Ah") == f"<:salon_Ah:{ace}>"
    await bot.close()
    await asyncio.wait_for(running, STEP_TIMEOUT)


async def test_a_sharded_process_connects_its_own_shard(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """SHARD_COUNT=2 SHARD_IDS=1: the process identifies as shard 1 of 2, and its table
    manager runs only the tables of that shard's guilds."""
    settings = Settings(
        token=TOKEN,
        database=tmp_path / "salon.sqlite3",
        guild_id=fake_discord.guild_id,
        log_level="INFO",
        shards=ShardSet(2, [1]),
    )
    bot = SalonBot(settings)
    bot._connection.guild_ready_timeout = 0.05
    running = asyncio.create_task(bot.start(TOKEN), name="salon-bot")
    try:
        await step(bot.wait_until_ready(), running, "on_ready")
        session = fake_discord.identified
        assert session is not None and session.identify is not None
        assert session.identify["shard"] == [1, 2]
        assert bot.shard_ids == [1] and bot.manager.shards == ShardSet(2, [1])
    finally:
        await bot.close()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(running, STEP_TIMEOUT)
