"""A tournament's prizes as its registration message says them: an empty registration has
no pool yet and tells where the buy-ins go ("Prize pool: 0 chips. With 1 player: 1. 100 %"
is gone); once players register, the pool and each place's share."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGS, render
from bot.runtime.tournament_events import TournamentView
from bot.view.tournament import SAMPLE, registration_document


def prizes(lang: str, view: TournamentView) -> list[str]:
    section = registration_document(lang, view).section("prizes")
    assert section is not None
    return list(section.lines)


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_registration_has_no_pool_yet(lang: str) -> None:
    lines = prizes(lang, {**SAMPLE, "entrants": [], "pool": 0})
    assert lines == [render(lang, "ui-tournament-pool-empty", n=render(lang, "chips", n=100))]
    assert not re.search(r"(?<!\d)0 (chips|jeton)|%", " ".join(lines))


def test_a_registration_with_players_shows_the_pool_and_the_shares() -> None:
    lines = prizes("en", {**SAMPLE, "payouts": [60, 40]})
    assert lines == ["Prize pool: 200 chips.", "With 2 players: 1. 60 %, 2. 40 %."]
    french = prizes("fr", {**SAMPLE, "payouts": [60, 40]})
    assert french[1] == "À 2 joueurs\u00a0: 1. 60\u00a0%, 2. 40\u00a0%."
