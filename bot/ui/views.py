"""The table message's components, by kind, and the list the bot registers.

- :mod:`bot.ui.table_view`: :func:`table_view`, the components under the table message;
- :mod:`bot.ui.buttons`: the persistent buttons (:class:`TableButton`, :class:`ActButton`,
  :class:`OtherAmountButton`, :class:`OldActionButton`);
- :mod:`bot.ui.selects`: the discard and dealer's choice menus;
- :mod:`bot.ui.modals`: the amount modal and the reading of a typed amount;
- :mod:`bot.ui.clicks`: the path of a click (:func:`answer_with_table`, :func:`check_turn`,
  :class:`TurnGated`, :func:`play`, :func:`always_answered`, :class:`Throttled`).

Every component is a :class:`discord.ui.DynamicItem`, so it keeps working after a restart:
:data:`DYNAMIC_ITEMS` lists them all. A click on a button of a hand that is over is refused
politely; anyone but the player to act gets "not your turn" or "you are not seated",
privately. Every refusal of a click, and any failure, is answered in one place:
:func:`always_answered`.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.ui.buttons import (
    VERB_IDS,
    ActButton,
    OldActionButton,
    OtherAmountButton,
    TableButton,
    WhyButton,
)
from bot.ui.clicks import (
    Persistent,
    Throttled,
    always_answered,
    answer_with_table,
    check_turn,
    play,
    show_cards,
)
from bot.ui.modals import AmountModal, parse_amount, typed_amount
from bot.ui.selects import DiscardSelect, VariantSelect, offer_discard, parse_variant
from bot.ui.table_view import MAX_PRESETS, presets, table_view

__all__ = [
    "DYNAMIC_ITEMS",
    "MAX_PRESETS",
    "VERB_IDS",
    "ActButton",
    "AmountModal",
    "DiscardSelect",
    "OldActionButton",
    "OtherAmountButton",
    "Persistent",
    "TableButton",
    "Throttled",
    "VariantSelect",
    "WhyButton",
    "always_answered",
    "answer_with_table",
    "check_turn",
    "offer_discard",
    "parse_amount",
    "parse_variant",
    "play",
    "presets",
    "show_cards",
    "table_view",
    "typed_amount",
]

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableButton,
    ActButton,
    DiscardSelect,
    VariantSelect,
    OtherAmountButton,
    OldActionButton,
    WhyButton,
)
