"""The components under the table message for its current state (:func:`table_view`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import Lang, render
from bot.runtime.public import HandView, LegalAction, PublicHand, PublicState
from bot.ui.buttons import ActButton, OtherAmountButton, TableButton
from bot.ui.selects import VariantSelect
from bot.view.words import verb_label

#: The most preset amounts offered as buttons for a ranged verb.
MAX_PRESETS = 4

# -- which buttons ---------------------------------------------------------------------------


def presets(legal: LegalAction, hand: HandView) -> list[int]:
    """Amounts offered as buttons for a ranged verb: the minimum, the pool, double, all-in.

    >>> presets({"verb": "raise", "min": 5, "max": 30}, {"pool": 4, "vade": 4})
    [5, 8, 30]
    >>> presets({"verb": "open", "min": 4, "max": 9}, {"pool": 4, "vade": 0})
    [4, 8, 9]
    """
    low, high = legal["min"], legal["max"]  # a ranged verb has both
    pool = hand.get("pool") or hand.get("pot") or 0
    vade = hand.get("vade") or 0
    wanted = [low, pool, 2 * vade if vade else 2 * low, high]
    out: list[int] = []
    for amount in wanted:
        if low <= amount <= high and amount not in out:
            out.append(amount)
    return sorted(out)[:MAX_PRESETS]


def table_view(lang: Lang, state: PublicState) -> discord.ui.View:
    """The buttons under the table message for its current state: the table's controls on
    the first row; then, in a hand with a player to act, his legal actions (and the fair
    dealing buttons when a row is left); else the fair dealing buttons and the dealer's
    choice."""
    view = discord.ui.View(timeout=None)
    hand = state["hand"]
    playing = hand is not None and hand["to_act"] is not None
    for item in control_buttons(lang, state, playing):
        view.add_item(item)
    if hand is None or not playing:
        rows = [fair_buttons(lang, state), *choice_items(lang, state)]
    else:
        rows = action_rows(lang, state["table_id"], hand)
        if len(rows) < 4:
            rows.append(fair_buttons(lang, state))
    for row_no, items in enumerate(rows[:4], start=1):
        for item in items:
            item.row = row_no
            view.add_item(item)
    return view


def control_buttons(lang: Lang, state: PublicState, playing: bool) -> list[discord.ui.Item[Any]]:
    """Join, Leave, Start (between hands; greyed out while nobody could deal: the state's
    ``can_start``), My cards (always: without a hand in play it says so, privately) and
    Bump; at a practice table during a hand, Hint. At a tournament's table, whose director
    seats the players and deals, Join is "I'm back" (for a player sitting out) and there is
    no Leave nor Start."""
    if "tournament" in state:
        controls = [("join", render(lang, "ui-back"), discord.ButtonStyle.success, False)]
    else:
        controls = [
            ("join", render(lang, "ui-join"), discord.ButtonStyle.success, False),
            ("leave", render(lang, "ui-leave"), discord.ButtonStyle.secondary, False),
        ]
    if not playing and "tournament" not in state:
        off = not state["can_start"]
        controls.append(("start", render(lang, "ui-start"), discord.ButtonStyle.primary, off))
    controls.append(("cards", render(lang, "ui-my-cards"), discord.ButtonStyle.primary, False))
    controls.append(("bump", render(lang, "ui-bump"), discord.ButtonStyle.secondary, False))
    if playing and state.get("practice"):
        controls.append(
            ("hint", "💡 " + render(lang, "hint-button"), discord.ButtonStyle.success, False)
        )
    return [
        TableButton(state["table_id"], what, label=text, style=style, disabled=off)
        for what, text, style, off in controls
    ]


def action_rows(lang: Lang, table_id: int, hand: PublicHand) -> list[list[discord.ui.Item[Any]]]:
    """The legal actions of the player to act: the simple ones by five to a row, then a row
    for each ranged verb (its presets and "other…") and one for a discard."""
    index = hand["actions"]  # the move these buttons play: a second click is stale
    simple: list[discord.ui.Item[Any]] = []
    ranged: list[list[discord.ui.Item[Any]]] = []
    for legal in hand["legal"]:
        verb = legal["verb"]
        if "min" in legal:
            ranged.append(ranged_row(lang, table_id, hand, legal))
        elif verb == "discard":
            label = verb_label(lang, verb)
            ranged.append([OtherAmountButton(table_id, hand["id"], verb, index=index, label=label)])
        else:
            simple.append(simple_button(lang, table_id, hand, legal))
    return [simple[i : i + 5] for i in range(0, len(simple), 5)] + ranged


def ranged_row(
    lang: Lang, table_id: int, hand: PublicHand, legal: LegalAction
) -> list[discord.ui.Item[Any]]:
    """A ranged verb's preset amounts (:func:`presets`), then "other…" for any other."""
    hand_id, index, verb = hand["id"], hand["actions"], legal["verb"]
    row: list[discord.ui.Item[Any]] = [
        ActButton(
            table_id, hand_id, verb, amount, index=index, label=verb_label(lang, verb, amount)
        )
        for amount in presets(legal, hand)
    ]
    word = verb_label(lang, verb).replace(" …", "")
    label = render(lang, "ui-other", v=word)
    row.append(OtherAmountButton(table_id, hand_id, verb, index=index, label=label))
    return row


def simple_button(lang: Lang, table_id: int, hand: PublicHand, legal: LegalAction) -> ActButton:
    """A verb with no amount or a fixed one; a showdown proposed is agreed to."""
    verb = legal["verb"]
    amount = legal.get("amount")
    label = verb_label(lang, verb, amount, vade=hand.get("vade"))
    if verb == "showdown" and hand["phase"] == "proposal":
        label = render(lang, "ui-agree-show")
    return ActButton(table_id, hand["id"], verb, amount, index=hand["actions"], label=label)


def fair_buttons(lang: Lang, state: PublicState) -> list[discord.ui.Item[Any]]:
    """✂️ Cut (when someone may cut for the next deal) and 🔒 Fair dealing (how it works)."""
    table_id = state["table_id"]
    fair = state["fair"]
    items: list[discord.ui.Item[Any]] = []
    if fair and fair["cutter"] is not None:
        items.append(TableButton(table_id, "cut", label="✂️ " + render(lang, "label-cut")))
    if fair:
        items.append(TableButton(table_id, "fair", label="🔒 " + render(lang, "label-fair")))
    return items


def choice_items(lang: Lang, state: PublicState) -> list[list[discord.ui.Item[Any]]]:
    """Brag's dealer's choice: the dealer's menu of variants, or Yes / No to his proposal."""
    choice = state["choice"]
    if not choice:
        return []
    table_id = state["table_id"]
    if choice["proposal"] is None:
        return [[VariantSelect(table_id, lang, choice["variants"])]]
    return [
        [
            TableButton(
                table_id, "yes", label="✅ " + render(lang, "label-vote-yes"),
                style=discord.ButtonStyle.success,
            ),
            TableButton(
                table_id, "no", label="❌ " + render(lang, "label-vote-no"),
                style=discord.ButtonStyle.danger,
            ),
        ]
    ]  # fmt: skip
