"""``/rules [game]``: a short summary of each game's rules, in the game's own words."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

SUMMARIES: dict[str, str] = {
    "brelan": (
        "**Brelan** (2-5 players, 28 cards A to 8). Everyone antes to the pool (*la passe*); "
        "three cards each and one turned face up, the *retourne*. In turn: pass or open for at "
        "least the pool; then pass (fold), hold (reach the *vade*, the highest stake) or "
        "re-raise. Best: *brelan carré* (three of a rank plus the retourne), then *brelan* "
        "(three of a rank), then the *point*: owning a suit (holding its highest card among "
        "the players still in) counts every card of that suit on the table, folded hands and "
        "the retourne included. Ties go by precedence: first after the dealer."
    ),
    "bouillotte": (
        "**Bouillotte**: Brelan at a perpetual table of 4 or 5 with a waiting queue. Cave 30. "
        "The first player may *carre* blind (stake the pool), the second *contre-carre* "
        "(double), the first *sur-carre*. If all pass it is a *refait*: the pool grows and the "
        "same dealer deals again. After the rounds, a *sans plus* round when three or more can "
        "still bet. Brelans are paid 2 chips by everyone (brelan carré 4). A *décavé* leaves; "
        "anyone may *faire Charlemagne* (leave with winnings) at the end of a hand."
    ),
    "brag": (
        "**Three-card Brag** (2-8 players, 52 cards). Ante, then bet in turn, each bet at least "
        "the previous one; play *blind* (unseen) for half price. With two left, one may *see* "
        "the other for double. Ranking: *prial* (3-3-3 best, then A-A-A...), running flush, "
        "run (A-2-3 best), flush, pair, high card."
    ),
}


class Rules(commands.Cog):
    """Rule summaries."""

    @app_commands.command(name="rules", description="Show the rules of a game")
    @app_commands.describe(game="Which game")
    @app_commands.choices(
        game=[app_commands.Choice(name=g.capitalize(), value=g) for g in SUMMARIES]
    )
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        """Send the summary of one game, or of all three, privately."""
        names = [game.value] if game else list(SUMMARIES)
        text = "\n\n".join(SUMMARIES[n] for n in names)
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules())
