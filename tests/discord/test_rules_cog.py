"""/rules: the rule summaries, privately, in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import has
from cogs.rules import GAMES, summary
from tests.discord.salon_helpers import command, speak_french


async def test_rules_answers_privately(salon: Any) -> None:
    alice = salon.member("alice")
    result = await alice.slash(salon.channel, "rules", game="brag")
    assert result.ephemeral
    assert result.response.embeds[0].description == summary("brag", "en")
    assert "prial" in result.response.embeds[0].description


async def test_rules_of_all_three_games(salon: Any) -> None:
    result = await salon.member("alice").slash(salon.channel, "rules")
    assert result.ephemeral
    assert result.response.content == "\n\n".join(summary(g, "en") for g in GAMES)
    assert result.response.content.startswith("**Brelan** (2-5 players")


async def test_rules_in_french(salon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    speak_french(monkeypatch)
    result = await salon.member("alice").slash(salon.channel, "rules", game="bouillotte")
    assert result.ephemeral
    page = result.response.embeds[0]
    assert page.description == summary("bouillotte", "fr")
    assert page.description.startswith("**Bouillotte**\u00a0: le Brelan")
    assert "*refait*" in page.description
    assert "Charlemagne" in page.description
    assert [f.name for f in page.fields][:2] == [
        "Combinaisons, de la meilleure à la moindre",
        "Une donne, dans l'ordre",
    ]
    assert any("/apprendre jeu:bouillotte" in f.value for f in page.fields)


async def test_rules_command_is_localised(salon: Any) -> None:
    payload = command(salon, "rules")
    assert payload["name_localizations"]["fr"] == "règles"
    assert payload["description_localizations"]["fr"] == "Afficher les règles d'un jeu"
    (game,) = payload["options"]
    assert game["name_localizations"]["fr"] == "jeu"
    assert [c["value"] for c in game["choices"]] == ["brelan", "bouillotte", "brag"]
    assert all(c["name_localizations"]["fr"] for c in game["choices"])


def test_every_game_has_a_french_summary() -> None:
    assert all(has(f"rules-{game}") for game in GAMES)
