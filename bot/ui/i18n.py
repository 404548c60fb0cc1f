"""English and French: command localisations and the words players read.

Commands carry their French names and descriptions with them
(``L("create", "créer")`` is an ``app_commands.locale_str`` whose ``fr`` extra the
:class:`SalonTranslator` hands to Discord). Messages are picked per reader: an ephemeral
answer follows the clicking user's Discord language, a public message the guild's locale
(``/admin settings locale``).

The runtime and storage layers speak English; :func:`french` turns their player messages
into French by pattern, and leaves anything it does not know in English.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

Lang = str  # "en" or "fr"
LANGS = ("en", "fr")


def L(english: str, french: str) -> app_commands.locale_str:
    """A command string with its French version."""
    return app_commands.locale_str(english, fr=french)


def lang_of(locale: discord.Locale | str | None) -> Lang:
    """``"fr"`` for any French Discord locale, else ``"en"``.

    >>> lang_of("fr"), lang_of(discord.Locale.american_english), lang_of(None)
    ('fr', 'en', 'en')
    """
    return "fr" if locale is not None and str(locale).lower().startswith("fr") else "en"


def pick(lang: Lang, english: str, french: str, /, **values: object) -> str:
    """The text in the reader's language, formatted.

    >>> pick("fr", "{n} chips", "{n} jetons", n=3)
    '3 jetons'
    """
    return (french if lang == "fr" else english).format(**values)


class SalonTranslator(app_commands.Translator):
    """Gives Discord the French of every command name, description and choice."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if lang_of(locale) != "fr":
            return None
        french = string.extras.get("fr")
        return french if isinstance(french, str) else None


# English player messages of the runtime and storage layers, in French. Patterns are tried
# in order; the first full match wins.
_FRENCH: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), f)
    for p, f in [
        (r"It is not your turn\.", "Ce n'est pas à vous de parler."),
        (r"You are not playing in this hand\.", "Vous ne jouez pas cette donne."),
        (r"No hand is being played at this table\.", "Aucune donne n'est en cours à cette table."),
        (r"There is no open table with that number\.", "Cette table n'existe pas ou est fermée."),
        (
            r"That button belongs to a hand that is over\.",
            "Ce bouton appartient à une donne terminée.",
        ),
        (r"You already have a seat at this table\.", "Vous êtes déjà assis à cette table."),
        (
            r"You are already in the waiting line for this table\.",
            "Vous êtes déjà dans la file d'attente de cette table.",
        ),
        (r"This table is full\.", "Cette table est complète."),
        (
            r"You have (\d+) chips; you need (\d+) to sit here\.",
            r"Vous avez \1 jetons ; il en faut \2 pour vous asseoir ici.",
        ),
        (
            r"The table is full: you are number (\d+) in line\.",
            r"La table est complète : vous êtes numéro \1 dans la file.",
        ),
        (r"You sit down with (\d+) chips\.", r"Vous vous asseyez avec \1 jetons."),
        (r"You left the waiting line\.", "Vous avez quitté la file d'attente."),
        (r"You don't have a seat at this table\.", "Vous n'êtes pas assis à cette table."),
        (
            r"A hand is already being played at this table\.",
            "Une donne est déjà en cours à cette table.",
        ),
        (
            r"At least two seated players are needed to start\.",
            "Il faut au moins deux joueurs assis pour commencer.",
        ),
        (
            r"At least two players who are not sitting out are needed\.",
            "Il faut au moins deux joueurs présents.",
        ),
        (
            r"Only the player who opened this table can close it\.",
            "Seul le joueur qui a ouvert cette table peut la fermer.",
        ),
        (
            r"The table is closed; every player got his chips back\.",
            "La table est fermée ; chacun a récupéré ses jetons.",
        ),
        (
            r"Welcome back: you will be dealt in from the next hand\.",
            "Bon retour : vous recevrez des cartes dès la prochaine donne.",
        ),
        (
            r"The cards are not dealt yet: the carre is played blind\.",
            "Les cartes ne sont pas encore distribuées : le carre se joue à l'aveugle.",
        ),
        (r"That hand is not over yet\.", "Cette donne n'est pas encore terminée."),
        (r"That move was already played\.", "Ce coup a déjà été joué."),
        (
            r"The turn timer is more than 0 seconds and (\d+) at most\.",
            r"Le temps de parole est de plus de 0 seconde et de \1 secondes au plus.",
        ),
        (r"The cave is 1 to (\d+) chips\.", r"La cave est de 1 à \1 jetons."),
        (
            r"The pause before the next hand is (\d+) seconds at most\.",
            r"La pause avant la donne suivante est de \1 secondes au plus.",
        ),
        (
            r"That move was already played; the table is shown as it is now\.",
            "Ce coup a déjà été joué ; la table est affichée telle qu'elle est maintenant.",
        ),
        (
            r"No amount can be more than (\d+) chips\.",
            r"Aucun montant ne peut dépasser \1 jetons.",
        ),
        (
            r"No wallet can hold more than (\d+) chips\.",
            r"Aucun portefeuille ne peut dépasser \1 jetons.",
        ),
        (
            r"This table needs attention: its saved game could not be resumed\. Its chips are "
            r"safe; a server manager can close it with /admin table close, which returns every "
            r"chip\.",
            "Cette table est à vérifier : sa partie enregistrée n'a pas pu reprendre. Ses jetons "
            "sont en sécurité ; un gérant du serveur peut la fermer avec /admin table fermer, "
            "qui rend tous les jetons.",
        ),
        (
            r"The waiting line is full \((\d+) players\)\.",
            r"La file d'attente est complète (\1 joueurs).",
        ),
        (
            r"Only a seated player, the table's creator or a server manager can deal\.",
            "Seuls un joueur assis, le créateur de la table ou un gérant du serveur peuvent "
            "donner les cartes.",
        ),
        (
            r"The next hand is dealt in (\d+) seconds?\.",
            r"La prochaine donne est distribuée dans \1 secondes.",
        ),
        (
            r"The table will close when this hand ends\.",
            "La table fermera à la fin de cette donne.",
        ),
        (
            r"This table (?:already )?closes when the hand in play ends\.",
            "Cette table ferme à la fin de la donne en cours.",
        ),
        (
            r"(<@\d+>) closes the table when this hand ends\.",
            r"\1 ferme la table à la fin de cette donne.",
        ),
        (
            r"(<@\d+>) calls off hand (\d+): every stake goes back\.",
            r"\1 annule la donne \2 : chacun reprend sa mise.",
        ),
        (
            r"Hand (\d+) is called off: every stake went back\.",
            r"La donne \1 est annulée : chacun a repris sa mise.",
        ),
        (
            r"You are playing blind: look at your cards first\.",
            "Vous jouez à l'aveugle : regardez d'abord vos cartes.",
        ),
        (
            r"You folded: your cards are back in the pack\.",
            "Vous vous êtes couché : vos cartes sont retournées au paquet.",
        ),
        (r"You recave for (\d+) chips\.", r"Vous recavez pour \1 jetons."),
        (
            r"You have (\d+) chips; you need (\d+) to recave\.",
            r"Vous avez \1 jetons ; il en faut \2 pour recaver.",
        ),
        (r"You have (\d+) chips; you need (\d+)\.", r"Vous avez \1 jetons ; il en faut \2."),
        (
            r"You may recave for 1 to (\d+) chips, not (\d+)\.",
            r"Vous pouvez recaver de 1 à \1 jetons, pas \2.",
        ),
        (
            r"You add a reserve cave of (\d+) chips\.",
            r"Vous posez une cave de réserve de \1 jetons.",
        ),
        (
            r"A reserve cave is 1 to (\d+) chips, not (\d+)\.",
            r"Une cave de réserve fait de 1 à \1 jetons, pas \2.",
        ),
        (
            r"Only a Staked Brelan table has reserve caves\.",
            "Seul le Brelan à caves a des caves de réserve.",
        ),
        (
            r"The game is over: the agreed number of hands is played\.",
            "La partie est finie : le nombre de donnes convenu est joué.",
        ),
        (
            r"The game has not started: join to sit down\.",
            "La partie n'a pas commencé : rejoignez pour vous asseoir.",
        ),
        (
            r"Only a player cleaned out at this table recaves; join to sit down\.",
            "Seul un joueur décavé à cette table peut recaver ; rejoignez pour vous asseoir.",
        ),
        (
            r"You still have your seat: only a cleaned-out player recaves\.",
            "Vous avez encore votre place : seul un joueur décavé recave.",
        ),
        (
            r"There is no recave at this table: join again to sit down\.",
            "Pas de recave à cette table : rejoignez-la pour vous asseoir.",
        ),
        (
            r"You leave the table with (\d+) chips\.",
            r"Vous quittez la table avec \1 jetons.",
        ),
        (
            r"You are not in the waiting line for this table\.",
            "Vous n'êtes pas dans la file d'attente de cette table.",
        ),
        (
            r"There is no table in this channel: open one with /table create\.",
            "Il n'y a pas de table dans ce salon : ouvrez-en une avec /table créer.",
        ),
    ]
]


def french(text: str) -> str:
    """A runtime or storage message in French (unchanged if unknown).

    >>> french("You have 12 chips; you need 30 to sit here.")
    'Vous avez 12 jetons ; il en faut 30 pour vous asseoir ici.'
    >>> french("Something new.")
    'Something new.'
    """
    for pattern, template in _FRENCH:
        match = pattern.fullmatch(text)
        if match:
            return match.expand(template)
    return text


def localise(lang: Lang, text: str) -> str:
    """A runtime or storage message for a reader."""
    return french(text) if lang == "fr" else text
