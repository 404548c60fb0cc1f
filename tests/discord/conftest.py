"""simcord fixtures: the real bot in an in-process Discord, on a fresh database per test."""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import simcord
from discord import app_commands

from bot.app import SalonBot
from bot.config import Settings
from bot.games.cards import Shuffler
from bot.i18n.message import Refusal

#: How often simcord looks again while the bot is busy (its default: every 50 ms). simcord
#: waits for the bot to settle after every action by polling; the aiosqlite thread's work is
#: not a task it can wait on, so each action cost several whole polls. 5 ms makes the suite
#: about three times faster (the language scan: 37 s to 12 s for 22 hands) and changes no
#: result: settling still ends only when no task of the bot is running. simcord 3.2.1 has no
#: public setting for it (pinned in pyproject.toml; a changed signature fails here, loudly).
SETTLE_POLL = 0.005
_settle = simcord.Env._settle_internal
assert "idle" in inspect.signature(_settle).parameters, "simcord's settle loop changed"
simcord.Env._settle_internal = functools.partialmethod(_settle, idle=SETTLE_POLL)  # type: ignore[assignment]

# The tests here share helpers in simsupport.py (pytest runs with --import-mode=importlib,
# which does not put test folders on sys.path).
sys.path.insert(0, str(Path(__file__).parent))


def make_bot(
    database: Path, card_emojis: bool = False, web_public_url: str | None = None
) -> SalonBot:
    """A bot on ``database`` with seeded decks (table n shuffles with seed n); with
    ``web_public_url``, the links to web pages served elsewhere (none served here)."""
    settings = Settings(
        token=None,
        database=database,
        guild_id=None,
        log_level="INFO",
        card_emojis=card_emojis,
        web_public_url=web_public_url,
    )
    return SalonBot(settings, shuffler_factory=lambda table_id: Shuffler(seed=table_id))


@dataclass
class Salon:
    """A running bot, one guild with a #salon channel, and helpers to add members."""

    env: simcord.Env
    bot: SalonBot
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    database: Path
    members: dict[str, simcord.MemberActor] = field(default_factory=dict)

    def member(self, name: str) -> simcord.MemberActor:
        """The member called ``name``, created on first use."""
        if name not in self.members:
            self.members[name] = self.guild.add_member(self.env.create_user(name))
        return self.members[name]

    async def restart(self, card_emojis: bool | None = None) -> SalonBot:
        """Stop the bot and start a new one on the same database (like a crash-free reboot);
        ``card_emojis`` turns the card emojis on or off (unchanged by default)."""
        emojis = self.bot.settings.card_emojis if card_emojis is None else card_emojis
        self.bot = make_bot(self.database, emojis, self.bot.settings.web_public_url)
        _started.append(self.bot)
        await self.env.restart_bot(self.bot)
        return self.bot


#: Every bot a test started (a restart makes a new one); their databases close at teardown.
_started: list[SalonBot] = []


@pytest.fixture
def card_emojis() -> bool:
    """Whether the bot uploads and writes card emojis (a test turns it on by parametrizing
    ``card_emojis``; then ``await salon.bot.card_emojis_task`` waits for the upload)."""
    return False


@pytest.fixture
def web_public_url() -> str | None:
    """The web pages' public address (WEB_PUBLIC_URL); a test module about the links sets
    it by overriding this fixture."""
    return None


@pytest.fixture
async def simcord_bot(
    tmp_path: Path, card_emojis: bool, web_public_url: str | None
) -> AsyncIterator[SalonBot]:
    """The bot simcord's ``simcord_env`` fixture runs.

    Torn down after the env: closes the databases of this bot and of any restarted one,
    so no aiosqlite thread outlives the test's event loop.
    """
    bot = make_bot(tmp_path / "salon.sqlite3", card_emojis, web_public_url)
    _started.append(bot)
    yield bot
    while _started:
        db = getattr(_started.pop(), "db", None)
        if db is not None:
            await db.close()


def refusals_are_answers(env: simcord.Env) -> None:
    """A player's refusal (a :class:`~bot.i18n.message.Refusal`: TableError, StorageError,
    Refused) raised by a slash command or one of its transformers reaches the command tree's
    ``on_error``, the one place that answers it (bot/app.py): an answer, not a bot error.
    simcord records everything that reaches the tree as an error of the bot (failing the
    test at teardown); it keeps doing so for anything else (a failed check, a bug)."""
    record = env._record_error

    def record_all_but_refusals(error: BaseException) -> None:
        if isinstance(error, app_commands.TransformerError):
            error = error.__cause__ or error  # a transformer's refusal
        if not isinstance(getattr(error, "original", error), Refusal):
            record(error)

    env._record_error = record_all_but_refusals  # type: ignore[method-assign]


@pytest.fixture
def salon(simcord_env: simcord.Env, simcord_bot: SalonBot, tmp_path: Path) -> Salon:
    refusals_are_answers(simcord_env)
    guild = simcord_env.create_guild("Salon")
    channel = guild.create_text_channel("salon")
    return Salon(simcord_env, simcord_bot, guild, channel, tmp_path / "salon.sqlite3")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The bot is an AutoShardedBot that asks Discord for its shard count unless SHARD_COUNT
    is set: here simcord plays Discord with one shard."""
    for item in items:
        if item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(shard_count=1))
