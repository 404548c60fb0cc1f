"""The strong level's reckoning at Brelan and Bouillotte (issue 33): a brelan's payments are
counted, only a brelan is slow-played, only a weak hand bluffs (later seats more often), a
maniac's re-raise is reckoned all in."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from bot.games.brelan import BrelanHand, deck_for
from bot.games.cards import Card, parse_card
from bot.games.options import BrelanOptions, parse_options
from bot.house import arena, brelan_strong
from bot.house import memory as memory_module
from bot.house.compare import changed
from bot.house.memory import TableMemory
from bot.house.style import PLAIN
from bot.house.view import BrelanView, view_for

NAMES = ["P1", "P2", "P3", "P4"]


def _first_to_speak(game: str, mine: str, retourne: str, names: list[str] = NAMES) -> BrelanView:
    """The first seat's view at the opening, holding ``mine`` with ``retourne`` turned."""
    opts = parse_options(game, {"carre": "off"})
    assert isinstance(opts, BrelanOptions)
    held = [parse_card(c) for c in mine.split()]
    turned = parse_card(retourne)
    rest: list[Card] = [c for c in deck_for(opts, 4) if c not in held and c != turned]
    random.Random(1).shuffle(rest)
    hands = [held, rest[0:3], rest[3:6], rest[6:9]]
    view = view_for(BrelanHand(opts, names, [30] * 4, hands, turned), names[0])
    assert isinstance(view, BrelanView) and view.phase == "opening"
    return view


def test_a_brelan_reckons_the_payments_it_is_owed_at_a_showdown() -> None:
    brelan = _first_to_speak("bouillotte", "Kh Kc Kd", "Qs")
    square = _first_to_speak("bouillotte", "Kh Kc Kd", "Ks")
    assert brelan_strong._payment(brelan) == 2 * 3  # brelan_pay from each of the three others
    assert brelan_strong._payment(square) == 4 * 3  # square_pay
    assert brelan_strong._payment(_first_to_speak("bouillotte", "Kh Qc Kd", "Qs")) == 0
    assert brelan_strong._payment(_first_to_speak("brelan", "Kh Kc Kd", "Qs")) == 0  # off
    memory = TableMemory()
    worths = {}
    for paid in (False, True):
        with changed({"PAYMENTS": paid}):
            moves, _ = brelan_strong._moves(brelan, random.Random(3), memory, PLAIN)
        worths[paid] = {(verb, amount): worth for worth, verb, amount in moves}
    for move, worth in worths[False].items():
        if move[0] == "open":  # more when someone holds and the brelan is shown, never 6 more
            assert worth < worths[True][move] < worth + 6
        else:
            assert worths[True][move] == worth  # a pass shows nothing


def test_only_a_brelan_is_slow_played() -> None:
    strong_point = _first_to_speak("bouillotte", "As Ks Qs", "Js")
    brelan = _first_to_speak("bouillotte", "Kh Kc Kd", "Qs")
    memory = TableMemory()
    reasons = {"point": set(), "brelan": set()}
    chances = []
    for seed in range(40):
        for kind, view in (("point", strong_point), ("brelan", brelan)):
            advice = brelan_strong.advise(view, random.Random(seed), memory)
            reasons[kind].add(advice.reason)
            if kind == "point":
                chances.append(advice.chance)
    assert min(chances) >= 0.8  # a hand the level used to slow-play too
    assert "advice-slow-play" not in reasons["point"]
    assert "advice-slow-play" in reasons["brelan"]


def test_only_a_weak_hand_bluffs_and_a_later_seat_more_often() -> None:
    weak = _first_to_speak("bouillotte", "9h Tc Jd", "As")
    fair = _first_to_speak("bouillotte", "Ah Kh 9c", "Qh")
    first = brelan_strong._bluff_rate(weak, 0.05, PLAIN)
    assert first > 0
    assert brelan_strong._bluff_rate(fair, 0.05, PLAIN) == 0  # not among the weakest hands
    last = replace(weak, position=3)
    assert brelan_strong._bluff_rate(last, 0.05, PLAIN) == first * brelan_strong.SEAT_BLUFF**3


def test_a_weak_hand_does_not_open_into_maniacs_who_re_raise_all_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Against players whose every bet went all in, a small opening with a weak hand only
    pays to be re-raised all in and fold: the strong level passes. The level before read
    their holds of each other's all in as declined re-raises, their re-raises as a third of
    the pot, and opened."""
    weak = _first_to_speak("bouillotte", "Kh Qc 9d", "Ts", names=["S0", "S1", "S2", "S3"])
    moves = {}
    for now in (True, False):
        monkeypatch.setattr(memory_module, "RAISE_CHANCES", now)
        monkeypatch.setattr(brelan_strong, "RAISE_SIZES", now)
        memory = memory_module.TableMemory()
        players = ["normal", "maniac", "maniac", "maniac"]
        arena.run_arena("bouillotte", players, 300, 5, memory=memory)
        moves[now] = Counter(
            brelan_strong.advise(weak, random.Random(seed), memory).verb for seed in range(20)
        )
    assert moves[True] == {"pass": 20}
    assert moves[False]["open"] >= 10
