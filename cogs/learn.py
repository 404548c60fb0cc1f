"""``/learn game``: a guided hand of a game against house players, privately (docs/learn.md).

The lesson is played through the real table runtime on a table of its own
(:mod:`bot.learn`); its pages are private messages whose buttons play the learner's moves
(:mod:`bot.ui.lessons`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import lang_of
from bot.ui.i18n import L
from bot.ui.lessons import LessonButton, lesson_message
from bot.ui.replies import answered_in_time, reply_private
from cogs.rules import GAME_CHOICES, GAMES  # the games, named as /rules names them

if TYPE_CHECKING:
    from bot.app import SalonBot


class Learn(commands.Cog):
    """Lessons."""

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LessonButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LessonButton)

    @app_commands.command(
        name=L("learn", "apprendre"),
        description=L(
            "Play a guided hand of a game against house players, privately",
            "Jouer une donne guidée d'un jeu contre la maison, en privé",
        ),
    )
    @app_commands.rename(game=L("game", "jeu"))
    @app_commands.describe(game=L("Which game", "Quel jeu"))
    @app_commands.choices(game=[app_commands.Choice(name=GAME_CHOICES[g], value=g) for g in GAMES])
    @answered_in_time
    async def learn(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """Open the lesson and show its first page, privately."""
        lesson_id, seat = await self.bot.lessons.open(
            game.value, interaction.user.id, interaction.guild_id
        )
        kwargs = lesson_message(
            lang_of(interaction.locale), lesson_id, seat.run.lesson, seat.run.page
        )
        await reply_private(interaction, "", **kwargs)


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(Learn(bot))
