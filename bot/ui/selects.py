"""The table's menus: the cards a Brag player discards, and the dealer's choice of variant.

- ``salon:d:<table>:<hand>:<index>:<count>``: :class:`DiscardSelect`, sent privately;
- ``salon:v:<table>``: :class:`VariantSelect`, under the table message.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import Lang, lang_of, render
from bot.i18n.message import Refusal
from bot.runtime.public import VariantChoice
from bot.ui import acknowledge
from bot.ui.card_emojis import option_emoji
from bot.ui.clicks import Persistent, Throttled, always_answered, answer_with_table
from bot.ui.i18n import say
from bot.ui.limits import OPTION_LABEL, SELECT_PLACEHOLDER, fit_text
from bot.ui.replies import in_time, reply_private
from bot.ui.services import services_of
from bot.view.words import coloured_card


def variant_value(option: str, value: Any) -> str:
    """A menu value: ``cards=4``, ``wild=twos``, ``blind_allowed=false``."""
    return f"{option}={str(value).lower() if isinstance(value, bool) else value}"


def parse_variant(value: str) -> dict[str, Any]:
    """A menu value back as a change (``keep``: none).

    >>> parse_variant("cards=4"), parse_variant("blind_allowed=false"), parse_variant("keep")
    ({'cards': 4}, {'blind_allowed': False}, {})
    """
    if "=" not in value:
        return {}
    option, raw = value.split("=", 1)
    parsed: Any = raw
    if raw in ("true", "false"):
        parsed = raw == "true"
    elif raw.isdigit():
        parsed = int(raw)
    return {option: parsed}


async def offer_discard(
    interaction: discord.Interaction, table_id: int, hand_id: int, index: int, count: int
) -> None:
    """Four- and five-card Brag: a private menu of the player's own cards, to pick the
    ``count`` he throws away."""
    lang = lang_of(interaction.locale)
    services = services_of(interaction)
    mine = await services.manager.my_cards(table_id, interaction.user.id)
    view = discord.ui.View(timeout=None)
    view.add_item(DiscardSelect(table_id, hand_id, index, count, list(mine["cards"]), lang))
    await reply_private(interaction, render(lang, "ui-discard-pick", n=count), view=view)


class DiscardSelect(
    Throttled,
    Persistent,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"salon:d:(?P<table>\d+):(?P<hand>\d+):(?P<index>\d+):(?P<count>\d)",
):
    """The cards a Brag player discards, chosen in a menu of his own cards. Not turn-gated
    before its callback (:class:`~bot.ui.clicks.TurnGated`): a refused discard replaces the
    menu, in the same private message."""

    def __init__(
        self,
        table_id: int,
        hand_id: int,
        index: int,
        count: int,
        codes: list[str] | None = None,
        lang: Lang = "en",
    ) -> None:
        options = [
            discord.SelectOption(label=coloured_card(c), value=c, emoji=option_emoji(c))
            for c in codes or ["-"]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"salon:d:{table_id}:{hand_id}:{index}:{count}",
                placeholder=render(lang, "ui-discard-pick", n=count)[:150],
                min_values=count,
                max_values=count,
                options=options,
            )
        )
        self.table_id, self.hand_id, self.index, self.count = table_id, hand_id, index, count

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> DiscardSelect:
        return cls(
            int(match["table"]), int(match["hand"]), int(match["index"]), int(match["count"])
        )

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        services = services_of(interaction)
        chosen = tuple(self.item.values)
        act = services.manager.act(
            self.table_id,
            interaction.user.id,
            "discard",
            chosen,
            hand_id=self.hand_id,
            index=self.index,
        )
        try:
            await in_time(interaction, act, thinking=False)
            text = render(lang, "ui-discard-done", n=len(chosen))
        except Refusal as exc:  # the menu gives way to the refusal, in the same message
            text = say(lang, exc)
        # deferred: the menu is the original response
        await acknowledge.edit(interaction, content=text, view=None)


class VariantSelect(
    Throttled,
    Persistent,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"salon:v:(?P<table>\d+)",
):
    """The dealer's choice at Brag: keep the game or pick a variant (the dealer only)."""

    def __init__(
        self, table_id: int, lang: Lang = "en", variants: list[VariantChoice] | None = None
    ) -> None:
        options = [discord.SelectOption(label=render(lang, "choice-keep"), value="keep")]
        for v in (variants or [])[:24]:
            value = variant_value(str(v["option"]), v["value"])
            label = render(
                lang,
                f"choice-{v['option'].replace('_', '-')}",
                value=str(v["value"]),
                cap=v["cap"] or 0,
            )
            options.append(discord.SelectOption(label=fit_text(label, OPTION_LABEL), value=value))
        super().__init__(
            discord.ui.Select(
                custom_id=f"salon:v:{table_id}",
                placeholder=fit_text(render(lang, "choice-placeholder"), SELECT_PLACEHOLDER),
                options=options,
            )
        )
        self.table_id = table_id

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> VariantSelect:
        return cls(int(match["table"]))

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        changes = parse_variant(self.item.values[0]) if self.item.values else {}
        table_id, user = self.table_id, interaction.user.id
        await answer_with_table(
            interaction, table_id, lambda: services.manager.choose_game(table_id, user, changes)
        )
