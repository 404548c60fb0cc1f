"""The discord.py client: cogs are loaded in ``setup_hook``."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.config import Settings

log = logging.getLogger(__name__)

#: Cogs loaded at start-up, one per concern.
EXTENSIONS: tuple[str, ...] = ("cogs.rules",)


class SalonBot(commands.Bot):
    """The bot: slash commands only, no message content needed."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.settings = settings

    async def setup_hook(self) -> None:
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.settings.guild_id is not None:
            guild = discord.Object(id=self.settings.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("logged in as %s", self.user)


def run(settings: Settings) -> None:
    """Start the bot and block until it stops."""
    assert settings.token is not None
    SalonBot(settings).run(settings.token, log_handler=None)
