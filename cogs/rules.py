"""``/rules [game]``: a short summary of each game's rules, in the game's own words; with a
game, its illustrated page (:mod:`bot.view.rules_page`: the ranking with example hands drawn
by the card art, the order of a hand, the table options in words, the way to ``/learn``).

In French for a reader whose Discord language is French.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import registry
from bot.i18n import lang_of, render
from bot.ui.i18n import L
from bot.ui.render import embed_of
from bot.ui.replies import reply_private
from bot.view.card_art import showdown_png
from bot.view.rules_page import ranking_picture, rules_document

#: The name of the ranking's picture, attached to the page.
PICTURE = "rules.png"

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
        """Send one game's illustrated page, or the summary of all three, privately."""
        lang = lang_of(interaction.locale)
        if game is None:
            text = "\n\n".join(summary(n, lang) for n in GAMES)
            await reply_private(interaction, text)
        else:
            await reply_private(interaction, "", **await page(lang, game.value))


async def page(lang: str, game: str) -> dict[str, Any]:
    """One game's illustrated page: its embed and its ranking's picture."""
    embed = embed_of(lang, rules_document(lang, game))
    files = []
    picture = ranking_picture(lang, game)
    if picture is not None:
        png = await asyncio.to_thread(showdown_png, picture)
        files.append(discord.File(io.BytesIO(png), PICTURE))
        embed.set_image(url=f"attachment://{PICTURE}")
    return {"embed": embed, "files": files}


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules())
