"""``/rules [game]``: a short summary of each game's rules, in the game's own words.

The summary is in French for a reader whose Discord language is French.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import registry
from bot.i18n import lang_of, render
from bot.ui.i18n import L

#: The games, in the order /rules shows them (the registry's); each summary is the message
#: ``rules-<game>``.
GAMES = registry.GAMES

#: Each game's choice, named by its title (the same in both languages).
GAME_CHOICES: dict[str, app_commands.locale_str] = {
    g.name: L(g.title, g.title) for g in registry.specs()
}


def summary(game: str, lang: str) -> str:
    """One game's summary in the reader's language.

    >>> summary("brag", "fr").startswith("**Brag à trois cartes**")
    True
    """
    return render(lang, f"rules-{game}")


class Rules(commands.Cog):
    """Rule summaries."""

    @app_commands.command(
        name=L("rules", "règles"),
        description=L("Show the rules of a game", "Afficher les règles d'un jeu"),
    )
    @app_commands.rename(game=L("game", "jeu"))
    @app_commands.describe(
        game=L("Which game (all three if left empty)", "Quel jeu (les trois si vide)")
    )
    @app_commands.choices(game=[app_commands.Choice(name=GAME_CHOICES[g], value=g) for g in GAMES])
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        """Send the summary of one game, or of all three, privately."""
        lang = lang_of(interaction.locale)
        names = [game.value] if game else list(GAMES)
        text = "\n\n".join(summary(n, lang) for n in names)
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules())
