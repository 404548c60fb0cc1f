"""The table message's buttons: persistent, with the table and hand in every custom id.

- ``salon:t:<table>:<join|leave|start|cards|…>``: the table's own controls
  (:class:`TableButton`);
- ``salon:a:<table>:<hand>:<index>:<verb>:<amount>``: one legal action with a preset amount,
  for the move number ``index`` of the hand (a click for a move already played is refused);
- ``salon:o:<table>:<hand>:<index>:<verb>``: "other amount", which opens a modal;
- ``salon:w:<table>:<hand>``: "Why?" under a showdown post (:class:`WhyButton`);
- the older ids without ``index`` are answered as stale (:class:`OldActionButton`).

``<verb>`` is one of :class:`~bot.games.verbs.Verb` (:data:`VERB_IDS`): an id with any other
word matches no button and is never played.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.games.verbs import Verb
from bot.i18n import lang_of, render
from bot.runtime import TableError
from bot.runtime.history import showdown_of
from bot.runtime.manager import ALREADY_PLAYED
from bot.storage import Transaction
from bot.ui import acknowledge
from bot.ui.clicks import (
    Persistent,
    Throttled,
    TurnGated,
    always_answered,
    answer_with_table,
    play,
    show_cards,
)
from bot.ui.limits import BUTTON_LABEL, fit_text
from bot.ui.modals import AmountModal
from bot.ui.render import embed_of
from bot.ui.replies import Refused, in_time, reply_private
from bot.ui.selects import offer_discard
from bot.ui.services import services_of
from bot.view.explain import hint_text, showdown_why
from bot.view.fair_text import fair_explanation

#: The verbs an action button's custom id may carry, as the alternatives of its template:
#: those of :class:`~bot.games.verbs.Verb`; an id with any other word matches no button, and
#: discord.py drops its click unanswered (Discord only sends the ids of the bot's buttons).
VERB_IDS = "|".join(re.escape(verb) for verb in Verb)


class TableButton(
    Throttled,
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"salon:t:(?P<table>\d+):(?P<what>join|leave|start|cards|bump|cut|fair|yes|no|hint)",
):
    """Join, Leave, Start, My cards, Bump (the table message back at the bottom), Cut, Fair
    dealing (how the deck is dealt, privately) and, at a practice table, Hint (what the
    strong house player would do, privately: refused at any other table)."""

    def __init__(
        self,
        table_id: int,
        what: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or what, BUTTON_LABEL),
                style=style,
                custom_id=f"salon:t:{table_id}:{what}",
                disabled=disabled,
            )
        )
        self.table_id = table_id
        self.what = what

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> TableButton:
        return cls(int(match["table"]), match["what"])

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        table_id, user = self.table_id, interaction.user.id
        if self.what == "cards":
            await show_cards(interaction, table_id)
        elif self.what == "bump":
            await reply_private(interaction, render(lang_of(interaction.locale), "turn-bumped"))
            services.presenter.refresh(table_id, repost=True)
        elif self.what == "hint":
            advice = await in_time(
                interaction, services.manager.hint(table_id, user), thinking=True
            )
            await reply_private(interaction, hint_text(lang_of(interaction.locale), advice))
        elif self.what == "fair":
            status = await in_time(interaction, services.manager.status(table_id), thinking=True)
            await reply_private(interaction, fair_explanation(lang_of(interaction.locale), status))
        elif self.what in ("yes", "no"):
            yes = self.what == "yes"
            await answer_with_table(
                interaction, table_id, lambda: services.manager.vote_game(table_id, user, yes)
            )
        elif self.what == "cut":
            await answer_with_table(
                interaction, table_id, lambda: services.manager.cut(table_id, user)
            )
        elif self.what == "join":
            await answer_with_table(
                interaction, table_id, lambda: services.manager.join(table_id, user)
            )
        elif self.what == "leave":
            await answer_with_table(
                interaction, table_id, lambda: services.manager.leave(table_id, user)
            )
        else:
            manager = interaction.permissions.manage_guild
            await answer_with_table(
                interaction,
                table_id,
                lambda: services.manager.start(table_id, user, manager=manager),
            )


class ActButton(
    TurnGated,
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"salon:a:(?P<table>\d+):(?P<hand>\d+):(?P<index>\d+):(?P<verb>{VERB_IDS}):(?P<amount>\d*)",
):
    """One legal action, with its amount when it has one, for the move number ``index``."""

    def __init__(
        self,
        table_id: int,
        hand_id: int,
        verb: str,
        amount: int | None,
        *,
        index: int = 0,
        label: str | None = None,
    ) -> None:
        style = (
            discord.ButtonStyle.danger
            if verb in ("pass", "fold")
            else (discord.ButtonStyle.primary)
        )
        custom_id = (
            f"salon:a:{table_id}:{hand_id}:{index}:{verb}:{'' if amount is None else amount}"
        )
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or verb, BUTTON_LABEL), style=style, custom_id=custom_id
            )
        )
        self.table_id, self.hand_id, self.verb, self.amount = table_id, hand_id, verb, amount
        self.index = index

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> ActButton:
        amount = int(match["amount"]) if match["amount"] else None
        return cls(
            int(match["table"]),
            int(match["hand"]),
            Verb(match["verb"]),
            amount,
            index=int(match["index"]),
        )

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.table_id, self.hand_id, self.verb, self.amount, self.index)


class OtherAmountButton(
    TurnGated,
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"salon:o:(?P<table>\d+):(?P<hand>\d+):(?P<index>\d+):(?P<verb>{VERB_IDS})",
):
    """Opens a modal for an amount the presets do not offer."""

    def __init__(
        self, table_id: int, hand_id: int, verb: str, *, index: int = 0, label: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or verb, BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"salon:o:{table_id}:{hand_id}:{index}:{verb}",
            )
        )
        self.table_id, self.hand_id, self.verb, self.index = table_id, hand_id, verb, index

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> OtherAmountButton:
        return cls(
            int(match["table"]), int(match["hand"]), Verb(match["verb"]), index=int(match["index"])
        )

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        services = services_of(interaction)
        state = await services.presenter.state(self.table_id)
        hand = state["hand"] if state is not None else None
        legals = hand["legal"] if hand is not None else []
        hint = ""
        for legal in legals:
            if legal["verb"] == self.verb and "min" in legal:
                hint = render(lang, "ui-from", a=legal["min"], b=legal["max"])
        if self.verb == "discard":
            count = next(
                (a.get("amount") or 1 for a in legals if a["verb"] == "discard"),
                1,
            )
            await offer_discard(interaction, self.table_id, self.hand_id, self.index, count)
            return
        await acknowledge.modal(
            interaction, AmountModal(lang, self.table_id, self.hand_id, self.verb, hint, self.index)
        )


class OldActionButton(
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"salon:[ao]:(?P<table>\d+):(?P<hand>\d+):(?P<verb>{VERB_IDS})(?::\d*)?",
):
    """An action button drawn before moves were numbered: answered as stale, never played."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(label="…", custom_id=custom_id))

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> OldActionButton:
        return cls(match.string)

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        raise TableError(ALREADY_PLAYED)


class WhyButton(
    Throttled,
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"salon:w:(?P<table>\d+):(?P<hand>\d+)",
):
    """ "Why?" under a showdown post: the full count and the rule it follows, privately, in
    the reader's language, from what the showdown showed (the stored hand replayed)."""

    def __init__(self, table_id: int, hand_id: int, *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or "?", BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"salon:w:{table_id}:{hand_id}",
            )
        )
        self.table_id, self.hand_id = table_id, hand_id

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> WhyButton:
        return cls(int(match["table"]), int(match["hand"]))

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        db = services_of(interaction).db
        hand = await in_time(
            interaction, db.query(Transaction.get_hand, self.hand_id), thinking=True
        )
        report = showdown_of(hand) if hand.guild_id == interaction.guild_id else None
        if report is None or hand.table_id != self.table_id:
            raise Refused("why-expired")
        doc = showdown_why(lang, hand.game, report)
        await reply_private(interaction, "", embed=embed_of(lang, doc))
