"""The discord.py client: storage, the table runtime and the cogs are wired in ``setup_hook``."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.games.cards import Shuffler
from bot.runtime import TableError, TableManager
from bot.runtime.clock import RealClock
from bot.storage import Database, StorageError
from bot.ui.i18n import SalonTranslator, lang_of, localise, pick
from bot.ui.replies import reply_private

log = logging.getLogger(__name__)

#: What a message of the bot may ping unless a call narrows it: the users it names, never
#: @everyone, @here or a role, and not the author of a message it replies to.
DEFAULT_MENTIONS = discord.AllowedMentions(
    everyone=False, roles=False, users=True, replied_user=False
)

#: Cogs loaded at start-up, one per concern.
EXTENSIONS: tuple[str, ...] = (
    "cogs.rules",
    "cogs.tables",
    "cogs.economy",
    "cogs.history",
    "cogs.admin",
)


def discord_time() -> float:
    """Unix time as discord.py sees it (``discord.utils.utcnow``).

    Tests run the bot under a virtual clock that patches ``utcnow``; reading time through
    it keeps turn deadlines, timers and daily cooldowns on that clock.
    """
    return discord.utils.utcnow().timestamp()


class DiscordClock(RealClock):
    """The runtime clock on discord.py's idea of now; timers sleep with asyncio until
    ``now()`` reaches their deadline."""

    def now(self) -> float:
        return discord_time()


class SalonTree(app_commands.CommandTree):
    """Turns every player error into a private answer in the player's language."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        lang = lang_of(interaction.locale)
        original = getattr(error, "original", error)
        if isinstance(original, (TableError, StorageError)):
            text = localise(lang, str(original))
        elif isinstance(error, app_commands.MissingPermissions):
            text = pick(
                lang,
                "You need the Manage Server permission for that.",
                "Il vous faut la permission Gérer le serveur pour cela.",
            )
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = pick(
                lang,
                "This command works in a server channel, not in private messages.",
                "Cette commande s'utilise dans un salon de serveur, pas en message privé.",
            )
        elif isinstance(error, app_commands.CheckFailure):
            text = pick(lang, "You cannot use this command here.", "Commande impossible ici.")
        else:
            log.error("command failed", exc_info=original)
            text = pick(
                lang,
                "Something went wrong on our side; nothing was changed. Please try again.",
                "Une erreur est survenue de notre côté ; rien n'a changé. Réessayez.",
            )
        try:
            await reply_private(interaction, text)
        except discord.HTTPException:
            log.warning("could not send an error reply", exc_info=True)


class SalonBot(commands.Bot):
    """The bot: slash commands and buttons only, no message content needed.

    ``clock`` and ``shuffler_factory`` exist for tests (a virtual clock, seeded decks).
    """

    db: Database
    manager: TableManager

    def __init__(
        self,
        settings: Settings,
        *,
        shuffler_factory: Callable[[int], Shuffler] | None = None,
        extensions: tuple[str, ...] = EXTENSIONS,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=SalonTree,
            allowed_mentions=DEFAULT_MENTIONS,
        )
        self.settings = settings
        self.shuffler_factory = shuffler_factory
        self.extensions_to_load = extensions
        self.started_at = time.time()

    async def setup_hook(self) -> None:
        from bot.ui.presenter import DiscordPresenter

        self.db = await Database.open(self.settings.database, clock=discord_time)
        self.presenter = DiscordPresenter(self)
        self.manager = TableManager(
            self.db,
            self.presenter,
            clock=DiscordClock(),
            shuffler_factory=self.shuffler_factory,
        )
        await self.tree.set_translator(SalonTranslator())
        for name in self.extensions_to_load:
            await self.load_extension(name)
        resumed = await self.manager.resume()
        if resumed:
            log.info("resumed %d open table(s)", len(resumed))
        if self.settings.guild_id is not None:
            guild = discord.Object(id=self.settings.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        manager: Any = getattr(self, "manager", None)
        if manager is not None:
            for table in list(manager.tables.values()):
                if table.timer is not None:
                    table.timer.cancel()
        await super().close()
        db: Database | None = getattr(self, "db", None)
        if db is not None:
            await db.close()

    async def on_ready(self) -> None:
        log.info("logged in as %s", self.user)


def run(settings: Settings) -> None:
    """Start the bot and block until it stops."""
    assert settings.token is not None
    SalonBot(settings).run(settings.token, log_handler=None)
