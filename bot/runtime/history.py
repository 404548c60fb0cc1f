"""Hand history: a finished hand as a SCENARIOS.md file that replays to the same result."""

from __future__ import annotations

import json
from typing import Any

from bot.games.replay import replay_json
from bot.storage.models import Hand


def scenario_of(hand: Hand) -> dict[str, Any]:
    """The stored record of a finished hand plus ``"expect"``: its result."""
    if hand.status != "finished":
        raise ValueError("only a finished hand can be exported")
    out = dict(hand.record)
    out["expect"] = hand.result
    return out


def export_scenario(hand: Hand) -> str:
    """The scenario as the text of a file (JSON, two-space indent)."""
    return json.dumps(scenario_of(hand), indent=2) + "\n"


def replays_to_expect(scenario: dict[str, Any]) -> bool:
    """Whether replaying the scenario gives its ``expect``."""
    expect = scenario.get("expect")
    raw = {k: v for k, v in scenario.items() if k != "expect"}
    return replay_json(raw) == expect
