"""The self-play benchmark's hands, and a guard on what keeps the engine fast."""

from __future__ import annotations

import random

import pytest

from bot.games.bench import bench_brelan, play_random_hand
from bot.games.brelan import BrelanHand, deal_from, deck_for
from tests.conftest import brelan_options


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("brelan", 4, {}), ("bouillotte", 4, {"carre": "free"}), ("bouillotte", 5, {"carre": "free"})],
)
def test_bench_hands_finish_and_keep_every_chip(
    game: str, players: int, options: dict[str, str]
) -> None:
    parsed = brelan_options(game, **options)
    names = [f"P{i + 1}" for i in range(players)]
    rng = random.Random(7)
    for _ in range(300):
        hand = play_random_hand(parsed, names, [30] * players, rng)
        assert hand.finished and hand.to_act is None and hand.legal_actions() == []
        assert hand.events[-1].kind == "end"
        chips = sum(hand.stacks().values()) + hand.carried + hand.flambeau
        assert chips == 30 * players


def test_bench_reports_a_rate() -> None:
    # Speed is measured by `python -m bot.games.bench`, not asserted in tests.
    assert bench_brelan("bouillotte", 4, seconds=0.01) > 0


def test_a_hand_keeps_the_compact_attribute_layout() -> None:
    # CPython 3.11 keeps up to 29 instance attributes in a compact shared-key layout; past
    # that every attribute access and every new hand gets markedly slower.
    options = brelan_options("bouillotte", carre="free")
    hands, retourne = deal_from(deck_for(options, 5), 5)
    fresh = BrelanHand(options, ["A", "B", "C", "D", "E"], [30] * 5, hands, retourne)
    played = play_random_hand(options, ["A", "B", "C", "D", "E"], [30] * 5, random.Random(3))
    assert len(vars(fresh)) < 30 and len(vars(played)) < 30
