"""English and French: command localisations and the words players read.

Commands carry their French names and descriptions with them
(``L("create", "créer")`` is an ``app_commands.locale_str`` whose ``fr`` extra the
:class:`SalonTranslator` hands to Discord). Messages are picked per reader: an ephemeral
answer follows the clicking user's Discord language, a public message the guild's locale
(``/admin settings locale``).

Every sentence comes from the message catalogue (:mod:`bot.i18n`): :func:`say` renders a
key, a :class:`~bot.i18n.Message` or a refusal in the reader's language. The languages
(:data:`~bot.i18n.Lang`, :data:`~bot.i18n.LANGS`, :func:`~bot.i18n.lang_of`) are
:mod:`bot.i18n`'s alone.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import Lang, Message, lang_of, render
from bot.i18n.message import Refusal

__all__ = ["L", "SalonTranslator", "catalogue_str", "say"]


def L(english: str, french: str) -> app_commands.locale_str:
    """A command string with its French version."""
    return app_commands.locale_str(english, fr=french)


def catalogue_str(key: str, /, **params: object) -> app_commands.locale_str:
    """A command string (a choice's name) from the catalogue, with its French."""
    return app_commands.locale_str(render("en", key, **params), fr=render("fr", key, **params))


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


def say(lang: Lang, what: Message | BaseException | str, /, **params: object) -> str:
    """What a player reads, from a catalogue key, a :class:`Message` or a refusal.

    An exception that carries no message (a bug) is never shown: the player reads a plain
    "something went wrong" instead.

    >>> say("fr", Message.of("chips", n=3)), say("en", "chips", n=1)
    ('3 jetons', '1 chip')
    """
    if isinstance(what, Refusal):
        return render(lang, what.message)
    if isinstance(what, BaseException):
        return render(lang, "error-unexpected")
    return render(lang, what, **params)
