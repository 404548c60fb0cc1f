"""The turn reaching the player: ``/notify`` (how each member wants to be told it is his
turn), and the table message kept in sight when others write under it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import lang_of, render
from bot.storage.database import NOTIFY_PREFERENCES
from bot.ui.i18n import L, catalogue_str
from bot.ui.replies import reply_private

if TYPE_CHECKING:
    from bot.app import SalonBot

NOTIFY_CHOICES = [
    app_commands.Choice(name=catalogue_str(f"notify-choice-{mode}"), value=mode)
    for mode in NOTIFY_PREFERENCES
]


class Turns(commands.Cog):
    """Turn notices and the table message's place in the channel."""

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("notify", "notifier"),
        description=L(
            "How you are told it is your turn: a mention, a DM, or nothing",
            "Comment être prévenu que c'est à vous : une mention, un message privé, ou rien",
        ),
    )
    @app_commands.describe(
        how=L("Your choice (the table's own setting if left empty)", "Votre choix")
    )
    @app_commands.rename(how=L("how", "comment"))
    @app_commands.choices(how=NOTIFY_CHOICES)
    async def notify(
        self, interaction: discord.Interaction, how: app_commands.Choice[str] | None = None
    ) -> None:
        """Show or set the member's turn notice, privately."""
        lang = lang_of(interaction.locale)
        user = interaction.user.id
        if how is not None:
            await self.bot.db.set_notify_preference(user, how.value)
        mode = await self.bot.db.notify_preference(user)
        await reply_private(interaction, render(lang, "notify-now", mode=mode))

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Someone wrote in a table's channel: its table message moves up; after a few
        messages the next change posts it again at the bottom."""
        if message.guild is None or message.author.id == getattr(self.bot.user, "id", None):
            return
        if message.channel.id in self.bot.presenter.channels.values():
            self.bot.presenter.seen_message(message.channel.id)


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(Turns(bot))
