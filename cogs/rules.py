"""``/rules [game]``: a short summary of each game's rules, in the game's own words.

The summary is in French for a reader whose Discord language is French.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.i18n import L, lang_of

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


SUMMARIES_FR: dict[str, str] = {
    "brelan": (
        "**Brelan** (2 à 5 joueurs, 28 cartes de l'as au 8). Chacun met sa mise à la *passe* ; "
        "trois cartes chacun et une carte tournée face visible, la *retourne*. À son tour : "
        "passer ou ouvrir d'au moins la passe ; ensuite passer (se coucher), tenir (atteindre la "
        "*vade*, l'enjeu le plus haut) ou relancer. Le meilleur jeu : le *brelan carré* (trois "
        "cartes de même rang et la retourne), puis le *brelan* (trois cartes de même rang), puis "
        "le *point* : qui possède une couleur (en tient la plus haute carte parmi les joueurs "
        "encore en jeu) compte toutes les cartes de cette couleur sur la table, mains couchées et "
        "retourne comprises. À égalité, la primauté décide : le premier après le donneur."
    ),
    "bouillotte": (
        "**Bouillotte** : le Brelan à une table permanente de 4 ou 5 joueurs, avec une file "
        "d'attente. Cave de 30. Le premier joueur peut *carrer* à l'aveugle (miser la passe), le "
        "second *contre-carrer* (doubler), le premier *surcarrer*. Si tous passent, c'est un "
        "*refait* : la passe grossit et le même donneur redonne. Après les tours de parole, un "
        "tour *sans plus* quand trois joueurs ou plus peuvent encore miser. Chaque brelan est "
        "payé 2 jetons par chacun (brelan carré 4). Un *décavé* quitte la table ; chacun peut "
        "*faire Charlemagne* (partir avec ses gains) à la fin d'une donne."
    ),
    "brag": (
        "**Brag à trois cartes** (2 à 8 joueurs, 52 cartes). Mise initiale, puis chacun mise à "
        "son tour, chaque mise au moins égale à la précédente ; jouer *blind* (sans regarder ses "
        "cartes) coûte moitié prix. Quand il n'en reste que deux, l'un peut *voir* l'autre pour "
        "le double. Ordre des jeux : *prial* (3-3-3 le meilleur, puis A-A-A...), suite à la "
        "couleur, suite (A-2-3 la meilleure), couleur, paire, carte haute."
    ),
}

GAME_CHOICES: dict[str, app_commands.locale_str] = {
    "brelan": L("Brelan", "Brelan"),
    "bouillotte": L("Bouillotte", "Bouillotte"),
    "brag": L("Brag", "Brag"),
}


def summary(game: str, lang: str) -> str:
    """One game's summary in the reader's language.

    >>> summary("brag", "fr").startswith("**Brag à trois cartes**")
    True
    """
    return (SUMMARIES_FR if lang == "fr" else SUMMARIES)[game]


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
    @app_commands.choices(
        game=[app_commands.Choice(name=GAME_CHOICES[g], value=g) for g in SUMMARIES]
    )
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        """Send the summary of one game, or of all three, privately."""
        lang = lang_of(interaction.locale)
        names = [game.value] if game else list(SUMMARIES)
        text = "\n\n".join(summary(n, lang) for n in names)
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules())
