"""A tournament takes up to nine house players, one of each strong name (ids 31 to 39), as
docs/tournaments.md says, at its creation and when the start fills the places left."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n.people import character_name
from bot.runtime.errors import TableError
from bot.runtime.tournament_spec import MOST_HOUSE, TournamentSpec, house_entrants

ROOT = Path(__file__).resolve().parents[1]


def test_nine_house_players_one_of_each_name() -> None:
    assert MOST_HOUSE == 9
    names = {character_name(u) for u in house_entrants(MOST_HOUSE)}
    assert len(names) == 9
    spec = TournamentSpec.checked("brelan", seats=5, players=10, house=9)
    assert spec.house == 9
    with pytest.raises(TableError) as refused:
        TournamentSpec.checked("brelan", seats=5, players=20, house=10)
    assert refused.value.message.params["most"] == 9


def test_the_docs_say_what_the_command_allows() -> None:
    text = (ROOT / "docs/tournaments.md").read_text(encoding="utf-8")
    assert "nine at most" in text
