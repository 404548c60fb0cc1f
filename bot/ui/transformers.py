"""Slash command arguments read before the command runs (discord.py's transformers, as in its
``examples/app_commands/transformers.py``): each parses what was typed in ``transform`` and
offers what may be typed in ``autocomplete``.

- :class:`VerbTransformer`, :class:`AmountTransformer`: ``/act``'s move and its amount;
- :class:`TableOptions`: ``/table create``'s ``options`` text, for the game chosen;
- :class:`ChoiceOptions`: ``/table choose``'s, for the game of this channel's table.

A value that cannot be read raises a refusal (``TableError``); discord.py wraps it in a
``TransformerError``, which the command tree answers privately, in the member's language
(:func:`bot.ui.replies.failure_of`). A move or an amount is not refused here: the runtime's
``verify_act`` does it, naming the moves that are legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.games import registry
from bot.games.base import Amount
from bot.games.verbs import Verb
from bot.i18n import Lang, lang_of, render
from bot.runtime.public import LegalAction
from bot.ui.interaction import my_legal, table_here, turn_hand
from bot.ui.limits import OPTION_LABEL, OPTION_VALUE, SELECT_OPTIONS, fit_text
from bot.ui.modals import typed_amount
from bot.ui.options_text import parse_table_options, suggestion_help, suggestions
from bot.ui.services import services_of
from bot.ui.table_view import presets
from bot.view.words import verb_help, verb_label

#: The game whose options /table choose reads when the table is not in memory.
CHOOSING_GAME = next(g.name for g in registry.specs() if g.dealers_choice)


def act_choice(lang: Lang, legal: LegalAction) -> str:
    """A legal move as /act's autocomplete names it, in the member's language (its value
    stays the verb): the button's words, what the move means, and its amounts.

    >>> act_choice("fr", {"verb": "fold"}), act_choice("fr", {"verb": "look", "amount": 2})
    ('Se coucher', 'Regarder la main 2 — regarder vos cartes')
    >>> act_choice("en", {"verb": "raise", "min": 4, "max": 30})
    'Raise to … — re-raise: your total stake (4 to 30)'
    """
    verb = legal["verb"]
    label = verb_label(lang, verb, legal.get("amount"))
    if verb_help(lang, verb).lower() == label.lower():
        return label
    if "min" in legal:
        return render(
            lang,
            "tables-act-choice-range",
            label=label,
            help=verb_help(lang, verb),
            low=legal["min"],
            high=legal["max"],
        )
    return render(lang, "tables-act-choice", label=label, help=verb_help(lang, verb))


def typed_verb(lang: Lang, typed: str, legal: Sequence[str] = ()) -> Verb | str:
    """The :class:`~bot.games.verbs.Verb` of a move typed at /act: the verb itself (what the
    autocomplete sends), or the move's words in the member's language ("passer", "Relancer"),
    a legal move first (Brag's "Refuser" is refuse, Brelan's decline); else the word as typed,
    for the refusal to repeat.

    >>> typed_verb("fr", " Passer "), typed_verb("en", "raise"), typed_verb("fr", "abc")
    (<Verb.PASS: 'pass'>, <Verb.RAISE: 'raise'>, 'abc')
    >>> typed_verb("fr", "refuser", ["refuse", "showdown"])
    <Verb.REFUSE: 'refuse'>
    """
    word = typed.strip().lower()
    known = Verb.of(word)
    if known is not None:
        return known
    order: list[Verb] = [v for v in map(Verb.of, legal) if v is not None]
    order.extend(Verb)
    for verb in order:
        names = (render(lang, f"verb-{verb}"), verb_label(lang, verb), verb_help(lang, verb))
        if word in (n.lower().rstrip("… ") for n in names):
            return verb
    return word


async def move_of(interaction: discord.Interaction, typed: str) -> Verb | str:
    """The move typed at /act, read against the moves the member may play now."""
    legal = [str(a["verb"]) for a in await my_legal(interaction)]
    return typed_verb(lang_of(interaction.locale), typed, legal)


class VerbTransformer(app_commands.Transformer):
    """/act's ``verb``: the move as a :class:`~bot.games.verbs.Verb` (or the word typed, for
    the runtime's refusal to repeat); the autocomplete lists the member's legal moves."""

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> Verb | str:
        return await move_of(interaction, str(value))

    async def autocomplete(
        self, interaction: discord.Interaction, value: int | float | str, /
    ) -> list[app_commands.Choice[int | float | str]]:
        lang = lang_of(interaction.locale)
        typed = str(value).strip().lower()
        choices: list[app_commands.Choice[int | float | str]] = []
        for legal in await my_legal(interaction):
            verb = Verb.of(legal["verb"])
            if verb is None:  # no button nor /act plays a word that is not a move
                continue
            name = act_choice(lang, legal)
            if typed and not (verb.startswith(typed) or name.lower().startswith(typed)):
                continue
            choices.append(app_commands.Choice(name=fit_text(name, OPTION_LABEL), value=verb.value))
        return choices[:SELECT_OPTIONS]


class AmountTransformer(app_commands.Transformer):
    """/act's ``amount`` for the move typed beside it: a whole number, the cards of a
    discard, else the text as typed (:func:`~bot.ui.modals.typed_amount`); the autocomplete
    offers the button's amounts of a ranged move, and a typed number within its range."""

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> Amount:
        verb = await move_of(interaction, str(getattr(interaction.namespace, "verb", "") or ""))
        return typed_amount(verb, str(value))

    async def autocomplete(
        self, interaction: discord.Interaction, value: int | float | str, /
    ) -> list[app_commands.Choice[int | float | str]]:
        verb = str(getattr(interaction.namespace, "verb", "") or "")
        typed = str(value).strip()
        hand = await turn_hand(interaction)
        out: list[app_commands.Choice[int | float | str]] = []
        if hand is None:  # not his turn: nothing to offer
            return out
        for legal in hand["legal"]:
            if legal["verb"] != verb or "min" not in legal:
                continue
            for n in presets(legal, hand):
                if str(n).startswith(typed):
                    out.append(app_commands.Choice(name=str(n), value=str(n)))
            offered = [c.value for c in out]
            if (
                typed.isdigit()
                and legal["min"] <= int(typed) <= legal["max"]
                and typed not in offered
            ):
                out.insert(0, app_commands.Choice(name=typed, value=typed))
        return out[:SELECT_OPTIONS]


def chosen_game(interaction: discord.Interaction) -> str:
    """The game chosen beside the options at /table create (the first game before one is)."""
    game = str(getattr(interaction.namespace, "game", None) or "")
    return game if game in registry.GAMES else registry.names()[0]


class TableOptions(app_commands.Transformer):
    """/table create's ``options``: ``key=value …`` as the table's options, each held to its
    definition for the chosen game (:func:`~bot.ui.options_text.parse_table_options`);
    the autocomplete offers ``name=value — what it does`` after what is typed already."""

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> dict[str, Any]:
        return parse_table_options(str(value), chosen_game(interaction))

    async def autocomplete(
        self, interaction: discord.Interaction, value: int | float | str, /
    ) -> list[app_commands.Choice[int | float | str]]:
        lang = lang_of(interaction.locale)
        done, _, typing = str(value).rpartition(" ")
        choices: list[app_commands.Choice[int | float | str]] = []
        for name, option in suggestions(chosen_game(interaction)):
            text = f"{name}={option}"
            if typing and not text.startswith(typing.lower()):
                continue
            full = f"{done} {text}".strip()
            if len(full) > OPTION_VALUE:
                continue
            label = render(
                lang,
                "option-choice-line",
                name=name,
                value=option,
                help=suggestion_help(lang, name, option),
            )
            choices.append(app_commands.Choice(name=fit_text(label, OPTION_LABEL), value=full))
            if len(choices) == SELECT_OPTIONS:
                break
        return choices


class ChoiceOptions(app_commands.Transformer):
    """/table choose's ``options``: the changes the dealer chooses or proposes, held to the
    definitions of this channel's table's game (refused first if no table is here)."""

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> dict[str, Any]:
        table = services_of(interaction).manager.tables.get(await table_here(interaction))
        return parse_table_options(str(value), table.game if table else CHOOSING_GAME)
