"""MEMBER_EVENTS: the privileged members intent asked for, and what happens when Discord
refuses it (close code 4014): auto starts again without it, on is a start-up error in one
sentence, off never asks."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import ClassVar

import discord
import pytest
import simcord

from bot import __main__ as main
from bot.app import MEMBERS_REFUSED, SalonBot, serve, start_with_fallback
from bot.config import ConfigError, Settings
from bot.games.cards import Shuffler
from bot.ops import explain
from bot.storage import Transaction

#: The Developer Portal with "Server Members Intent" off.
NO_MEMBERS = discord.Intents.all()
NO_MEMBERS.members = False


def settings(tmp_path: Path, member_events: str = "auto") -> Settings:
    return Settings(
        token="token",
        database=tmp_path / "salon.sqlite3",
        guild_id=None,
        log_level="INFO",
        member_events=member_events,
    )


def make_bot(config: Settings, *, members: bool) -> SalonBot:
    return SalonBot(config, members=members, shuffler_factory=lambda t: Shuffler(seed=t))


# -- the setting ----------------------------------------------------------------------------


def test_member_events_reads_auto_on_off_and_explains_a_typo() -> None:
    assert Settings.from_env({}).member_events == "auto"
    assert Settings.from_env({"MEMBER_EVENTS": "On"}).member_events == "on"
    assert Settings.from_env({"MEMBER_EVENTS": "0"}).member_events == "off"
    with pytest.raises(ConfigError) as refused:
        Settings.from_env({"MEMBER_EVENTS": "sometimes"})
    assert str(refused.value) == (
        "MEMBER_EVENTS must be auto (ask for the Server Members Intent, go on without it if "
        "Discord refuses), on or off, not 'sometimes'; fix it in .env or the environment."
    )


@pytest.mark.parametrize(("mode", "members"), [("auto", True), ("on", True), ("off", False)])
def test_the_members_intent_is_asked_for_unless_off_and_no_member_list_is_fetched(
    tmp_path: Path, mode: str, members: bool
) -> None:
    bot = SalonBot(settings(tmp_path, mode))
    assert bot.intents.members is members
    assert bot.intents.moderation and bot.intents.guilds and bot.intents.guild_messages
    assert not bot.intents.message_content and not bot.intents.presences
    # start-up and memory as without the intent: no guild is chunked, no member is cached
    assert bot._connection._chunk_guilds is False
    assert bot._connection.member_cache_flags.value == 0


# -- Discord refuses the intent -------------------------------------------------------------


class StubBot:
    """A bot whose connection Discord refuses with 4014 while it asks for members (what
    discord.py raises from ``start`` after closing the client)."""

    built: ClassVar[list[StubBot]] = []

    def __init__(self, config: Settings, *, members: bool) -> None:
        self.members = members
        self.heartbeat = False
        self.started = False
        self.closed = 0
        StubBot.built.append(self)

    async def __aenter__(self) -> StubBot:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self, token: str) -> None:
        if self.members:
            raise discord.PrivilegedIntentsRequired(0)
        self.started = True  # then it runs until it stops: here it stops at once

    async def close(self) -> None:
        self.closed += 1


@pytest.fixture
def stub_bots(monkeypatch: pytest.MonkeyPatch) -> list[StubBot]:
    StubBot.built = []
    monkeypatch.setattr("bot.app.SalonBot", StubBot)
    return StubBot.built


async def test_serve_under_auto_starts_again_without_members_and_warns_once(
    tmp_path: Path, stub_bots: list[StubBot], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.app"):
        await serve(settings(tmp_path, "auto"))

    refused, second = stub_bots
    assert refused.members and refused.closed and not refused.started
    assert not second.members and second.started and second.heartbeat
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [MEMBERS_REFUSED]
    assert "Server Members Intent" in MEMBERS_REFUSED and "turn timer" in MEMBERS_REFUSED


async def test_serve_under_on_stops_with_the_refusal(
    tmp_path: Path, stub_bots: list[StubBot]
) -> None:
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await serve(settings(tmp_path, "on"))
    assert len(stub_bots) == 1 and stub_bots[0].closed


async def test_serve_under_off_never_asks(tmp_path: Path, stub_bots: list[StubBot]) -> None:
    await serve(settings(tmp_path, "off"))
    assert [b.members for b in stub_bots] == [False]


def test_a_refusal_under_on_is_one_sentence_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refused(config: Settings) -> None:
        raise discord.PrivilegedIntentsRequired(0)

    monkeypatch.setattr("bot.app.run", refused)
    config = Settings.from_env(
        {"DISCORD_TOKEN": "x", "MEMBER_EVENTS": "on", "DATABASE_PATH": str(tmp_path / "db")}
    )

    assert main.start(config, "run", None) == main.FAILED

    sentence = explain(discord.PrivilegedIntentsRequired(0), config)
    assert capsys.readouterr().err.splitlines() == [sentence]
    assert sentence is not None and "MEMBER_EVENTS=auto" in sentence
    assert "Server Members Intent" in sentence


# -- the same through simcord: the portal's toggle off --------------------------------------


async def test_without_the_portal_toggle_the_bot_starts_and_a_ban_still_counts(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    envs: list[simcord.Env] = []
    asked: list[bool] = []

    async def run(bot: SalonBot) -> None:
        asked.append(bot.intents.members)
        env = simcord.Env(bot, approved_intents=NO_MEMBERS, shard_count=1)
        await env.start()  # Discord refuses an intent the portal does not grant
        envs.append(env)

    with caplog.at_level(logging.WARNING, logger="bot.app"):
        bot = await start_with_fallback(settings(tmp_path), run, make_bot=make_bot)
    assert asked == [True, False] and not bot.intents.members
    assert [r.getMessage() for r in caplog.records if r.name == "bot.app"] == [MEMBERS_REFUSED]
    (env,) = envs
    try:
        with env.time_context():
            await a_ban_without_the_members_intent(env, bot)
    finally:
        await env.shutdown()
        await bot.db.close()


async def a_ban_without_the_members_intent(env: simcord.Env, bot: SalonBot) -> None:
    """A member who leaves is not noticed (no event without the intent); a banned one is
    (bans come with the moderation intent): he leaves his seat with his chips."""
    guild = env.create_guild("Salon")
    channel = guild.create_text_channel("salon")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    await alice.slash(channel, "table create", game="bouillotte")
    for member in (alice, bob, carol):
        await member.slash(channel, "table join")
    table = await bot.manager.table_in_channel(channel.id)
    assert table is not None

    guild.remove_member(carol)
    env.backend.apply_ban(guild.id, bob.id, "cheating")
    await env.settle()

    seated = {s.user_id for s in await bot.db.query(Transaction.seats, table)}
    assert seated == {alice.id, carol.id}  # carol's leaving was not seen; bob's ban was
    assert await bot.db.write(Transaction.balance, guild.id, bob.id) == 1000  # his cave came back
    assert (await bot.db.query(Transaction.chip_census, guild.id)).balanced
