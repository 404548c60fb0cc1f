"""The project's Brag scenario files replay through the engine to their ``expect``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.games.base import HandRecord
from bot.games.brag import EXTRA_KEYS, start_hand
from bot.games.errors import IllegalAction

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("brag-*.json"))


def test_the_required_scenarios_exist() -> None:
    names = {p.stem for p in SCENARIOS}
    assert len(names) >= 6
    for needed in (
        "brag-blind-see",
        "brag-seer-loses-tie",
        "brag-cover-side-pot",
        "brag-blind-carried",
        "brag-four-card-discard-tiebreak",
        "brag-wild-fewer-wilds",
    ):
        assert needed in names


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    record = HandRecord.from_json(raw, extra_keys=EXTRA_KEYS)
    hand = start_hand(record)
    for index, action in enumerate(record.actions):
        try:
            hand.act(action.player, action.verb, action.amount)
        except IllegalAction as exc:
            out = {"error": str(exc), "action": index}
            assert out == raw["expect"]
            return
    assert hand.summary() == raw["expect"]
