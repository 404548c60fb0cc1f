"""A house player's seat shows the ways it plays only where the game has them: "fond of
the carre" at Bouillotte (and a Brelan table playing the carre), never at Brag or a plain
Brelan table."""

from __future__ import annotations

from typing import cast

import pytest

from bot.i18n import render
from bot.i18n.people import HOUSE_CHARACTERS, house_who
from bot.runtime.public import SeatView
from bot.view.table import seat_line

LEANDRE = next(uid for uid, (name, _) in HOUSE_CHARACTERS.items() if name == "Léandre")
HORTENSE = next(uid for uid, (name, _) in HOUSE_CHARACTERS.items() if name == "Hortense")
ISIDORE = next(uid for uid, (name, _) in HOUSE_CHARACTERS.items() if name == "Isidore")


def seat(user: int) -> SeatView:
    return cast(SeatView, {"user": user, "stack": 30})


@pytest.mark.parametrize(
    ("game", "shown"), [("bouillotte", True), ("brelan", False), ("brag", False)]
)
def test_the_carre_lover_is_told_only_where_there_is_a_carre(game: str, shown: bool) -> None:
    for lang in ("en", "fr"):
        line = seat_line(lang, seat(LEANDRE), None, game)
        assert ("carre" in line) is shown, (game, line)
        assert render(lang, "house-level-strong") in line


def test_blind_play_is_told_at_brag_and_not_at_a_plain_brelan() -> None:
    assert "blind" in seat_line("en", seat(HORTENSE), None, "brag")
    assert "blind" not in seat_line("en", seat(HORTENSE), None, "brelan")


def test_a_trait_every_game_plays_is_always_told() -> None:
    for game in ("brag", "brelan", "bouillotte"):
        assert "tight" in seat_line("en", seat(ISIDORE), None, game)


def test_a_brelan_table_playing_the_carre_tells_it() -> None:
    assert "carre" in render("en", house_who(LEANDRE, "brelan", carre=True))
    assert "carre" not in render("en", house_who(LEANDRE, "brag"))
