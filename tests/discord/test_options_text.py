"""Table options explained in words, in French and English."""

from __future__ import annotations

from typing import Any

import pytest
from salon_helpers import speak_french

from bot.games.options import option_names
from bot.i18n import LANGS, has, render
from bot.runtime.settings import RUNTIME_KEYS
from bot.ui import limits
from bot.ui.options_text import CHOICES, suggestions

INTERNAL = {"runtime", "next_deal_at", "closing", "choice", "last_choice"}


@pytest.mark.parametrize("game", ["brelan", "bouillotte", "brag"])
def test_every_option_is_explained_in_both_languages(game: str) -> None:
    names = {*option_names(game), *(set(RUNTIME_KEYS) - INTERNAL), *CHOICES}
    missing = sorted(n for n in names if not has(f"option-help-{n}"))
    assert missing == []
    for lang in LANGS:
        texts = {render(lang, f"option-help-{n}") for n in names}
        assert len(texts) == len(names)  # no two options share an explanation


@pytest.mark.parametrize("game", ["brelan", "bouillotte", "brag"])
def test_every_suggestion_is_a_value_the_table_accepts(game: str) -> None:
    offered = suggestions(game)
    assert {n for n, _ in offered} >= set(option_names(game))
    assert all(len(f"{n}={v}") <= limits.OPTION_VALUE for n, v in offered)


async def test_table_options_say_what_each_option_does(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = salon.member("ann")
    await ann.slash(salon.channel, "table create", game="bouillotte", options="carre=forced")
    shown = await ann.slash(salon.channel, "table options")
    assert shown.ephemeral
    text = " ".join(f.value for e in shown.response.embeds for f in e.fields)
    assert "`carre` = `forced`" in text and "the first player must" in text
    assert "`pot_rule` = `single_suit`" in text
    speak_french(monkeypatch)
    french = await ann.slash(salon.channel, "table options")
    text = " ".join(f.value for e in french.response.embeds for f in e.fields)
    assert "le premier joueur doit carrer" in text


async def test_create_offers_the_options_of_the_chosen_game(salon: Any) -> None:
    ann = salon.member("ann")
    choices = await ann.autocomplete(
        salon.channel, "table create", "options", "carre=off wi", game="brag"
    )
    # what is typed stays; the last word is completed with the game's wild-card values
    wild = ["none", "twos", "black_twos", "one_eyed_jacks", "suicide_king", "joker", "two_jokers"]
    assert [c["value"] for c in choices] == [f"carre=off wild={v}" for v in wild]
    brag = await ann.autocomplete(salon.channel, "table create", "options", "wi", game="brag")
    values = [c["value"] for c in brag]
    assert "wild=twos" in values and all(len(c["name"]) <= limits.OPTION_LABEL for c in brag)
    assert any(c["name"] == "wild=twos — every 2 is wild" for c in brag)
