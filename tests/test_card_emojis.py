"""The card emojis the bot draws and uploads (bot.ui.card_emojis), without Discord."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from bot.i18n import render
from bot.ui import card_emojis
from bot.ui.card_art import EMOJI_SIZE, card_emoji_png
from bot.ui.card_emojis import ALL_CARDS, CardEmojis, install, install_and_use
from bot.ui.limits import fit_text
from bot.view.words import coloured_card

#: Discord refuses an emoji picture over 256 KiB.
MAX_EMOJI_BYTES = 256 * 1024


def test_the_52_cards_are_small_distinct_square_pictures() -> None:
    pictures = {code: card_emoji_png(code) for code in ALL_CARDS}
    assert len(ALL_CARDS) == 52 and len(set(pictures.values())) == 52
    for picture in pictures.values():
        image = Image.open(io.BytesIO(picture))
        assert image.format == "PNG" and image.size == (EMOJI_SIZE, EMOJI_SIZE)
        assert len(picture) < MAX_EMOJI_BYTES


def suit_pixel(code: str) -> tuple[int, int, int]:
    image = Image.open(io.BytesIO(card_emoji_png(code))).convert("RGB")
    r, g, b = image.getpixel((EMOJI_SIZE // 2, 92))  # type: ignore[misc]
    return r, g, b


def test_hearts_and_diamonds_are_red_spades_and_clubs_black() -> None:
    for code in ("Ah", "2d"):
        r, g, b = suit_pixel(code)
        assert r > 150 and g < 80 and b < 80, code
    for code in ("Ks", "9c"):
        assert max(suit_pixel(code)) < 60, code


@dataclass
class FakeApplication:
    """Discord's application emojis: a list, a create that may refuse."""

    emojis: dict[str, int] = field(default_factory=dict)
    created: list[str] = field(default_factory=list)
    refuse: bool = False

    async def fetch_application_emojis(self) -> list[Any]:
        return [SimpleNamespace(name=n, id=i) for n, i in self.emojis.items()]

    async def create_application_emoji(self, *, name: str, image: bytes) -> Any:
        if self.refuse:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "no")
        assert image.startswith(b"\x89PNG")
        self.emojis[name] = 1000 + len(self.emojis)
        self.created.append(name)
        return SimpleNamespace(name=name, id=self.emojis[name])


async def test_only_the_missing_cards_are_uploaded() -> None:
    app = FakeApplication({"salon_Ah": 7, "party_parrot": 9})
    first = await install(app)
    assert first is not None and len(app.created) == 51 and "salon_Ah" not in app.created
    assert first.ids["Ah"] == 7 and set(first.ids) == set(ALL_CARDS)
    again = await install(app)
    assert again == first and len(app.created) == 51


async def test_a_refusal_keeps_the_cards_in_coloured_text() -> None:
    try:
        assert await install_and_use(FakeApplication(refuse=True)) is None
        assert render("fr", "card", code="Qd") == coloured_card("Qd")
        assert await install_and_use(FakeApplication()) is not None
        assert re.fullmatch(r"<:salon_Qd:\d+>", render("fr", "card", code="Qd"))
        assert card_emojis.option_emoji("Qd") is not None
    finally:
        card_emojis.use(None)
    assert render("en", "card", code="Qd") == coloured_card("Qd")
    assert card_emojis.option_emoji("Qd") is None


@given(
    st.lists(st.sampled_from(ALL_CARDS), max_size=12),
    st.integers(2, 200),
    st.text("ab: ", max_size=8),
)
def test_a_cut_text_never_cuts_a_card_emoji(codes: list[str], limit: int, prefix: str) -> None:
    emojis = CardEmojis({code: 10**18 + n for n, code in enumerate(ALL_CARDS)})
    text = prefix + " ".join(emojis.text(code) for code in codes)
    cut = fit_text(text, limit)
    assert len(cut) <= limit
    assert "<" not in re.sub(r"<:salon_[2-9TJQKA][shdc]:\d+>", "", cut), cut


@pytest.mark.parametrize("code", ["Ah", "Ts", "2c"])
def test_a_card_emoji_names_its_card(code: str) -> None:
    emoji = CardEmojis({code: 42}).partial(code)
    assert emoji is not None and emoji.name == f"salon_{code}" and emoji.id == 42
