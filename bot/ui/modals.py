"""The amount modal ("other amount…") and the reading of a typed amount, which /act shares."""

from __future__ import annotations

import re

import discord

from bot.i18n import Lang, render
from bot.ui.card_emojis import EMOJI_TEXT
from bot.ui.clicks import always_answered, play, turn_refused
from bot.ui.limits import MODAL_TITLE, fit_text
from bot.view.words import verb_label

SUIT_LETTERS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def parse_amount(raw: str) -> int | tuple[str, ...]:
    """A typed amount: a whole number, or the cards of a discard (as the engine takes them).

    >>> parse_amount(" 12 "), parse_amount("Ks, qd"), parse_amount("10♠ <:salon_Ah:12>")
    (12, ('Ks', 'qd'), ('10s', 'Ah'))
    """
    text = raw.replace("\ufe0f", "").strip()  # a suit pasted in its emoji form
    text = EMOJI_TEXT.sub(r" \1 ", text).strip()  # a card emoji pasted from a message
    if re.fullmatch(r"\d+", text):
        return int(text)
    for symbol, letter in SUIT_LETTERS.items():
        text = text.replace(symbol, letter)
    return tuple(re.split(r"[\s,;]+", text.replace("`", " ").strip()))


def typed_amount(verb: str, raw: str | None) -> int | tuple[str, ...] | None:
    """The amount of a move as typed (/act, the "other…" modal): None when nothing is, the
    cards of a discard, a whole number, else the text as typed, for the refusal to repeat.

    >>> typed_amount("raise", " "), typed_amount("raise", "2,5"), typed_amount("raise", "12")
    (None, ('2,5',), 12)
    """
    if raw is None or not raw.strip():
        return None
    value = parse_amount(raw)
    return value if verb == "discard" or isinstance(value, int) else (raw.strip(),)


class AmountModal(discord.ui.Modal):
    """Any other amount for a ranged action (or the cards of a discard)."""

    def __init__(
        self, lang: Lang, table_id: int, hand_id: int, verb: str, hint: str, index: int = 0
    ) -> None:
        super().__init__(title=fit_text(verb_label(lang, verb, None), MODAL_TITLE), timeout=300)
        self.table_id, self.hand_id, self.verb, self.index = table_id, hand_id, verb, index
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            label=render(lang, "ui-amount") if verb != "discard" else render(lang, "ui-cards"),
            placeholder=hint[:100],
            max_length=40,
        )
        self.add_item(self.amount)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """The turn may have passed while the amount was typed: refused before it is read."""
        return not await turn_refused(interaction, self.table_id, self.hand_id)

    @always_answered
    async def on_submit(self, interaction: discord.Interaction) -> None:
        await play(
            interaction,
            self.table_id,
            self.hand_id,
            self.verb,
            typed_amount(self.verb, self.amount.value),
            self.index,
        )
