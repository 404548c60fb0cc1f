"""Unequal caves at Brelan and Bouillotte (issue 33): a house player reckons only the chips
a stake can win or lose (docs/rules.md §2, side pots), and the arena can play a session, with
the stacks carried from hand to hand as at a table (a player cleaned out recaves)."""

from __future__ import annotations

import random

from bot.games.brelan import BrelanHand
from bot.games.cards import parse_card
from bot.games.options import BrelanOptions, parse_options
from bot.house import arena, brelan_play, brelan_strong
from bot.house.memory import TableMemory
from bot.house.style import PLAIN
from bot.house.view import BrelanView, view_for

NAMES = ["P1", "P2", "P3", "P4"]


def _hand(stacks: list[int], mine: str, others: list[str], retourne: str) -> BrelanHand:
    opts = parse_options("bouillotte", {"carre": "off"})
    assert isinstance(opts, BrelanOptions)
    hands = [[parse_card(c) for c in h.split()] for h in [mine, *others]]
    return BrelanHand(opts, NAMES, stacks, hands, parse_card(retourne))


def test_a_deep_cave_stakes_no_more_than_the_deepest_rival_can_match() -> None:
    hand = _hand([500, 30, 24, 30], "Kh Kc Kd", ["As Qs Js", "9h Th Jh", "Ad 9d Tc"], "Qc")
    view = view_for(hand, "P1")
    assert isinstance(view, BrelanView) and view.phase == "opening"
    memory = TableMemory()
    for seed in range(6):
        moves, _ = brelan_strong._moves(view, random.Random(seed), memory, PLAIN)
        stakes = [amount for _, verb, amount in moves if verb == "open"]
        assert stakes and max(stakes) == 29  # the deepest rival's cave after his ante
        advice = brelan_strong.advise(view, random.Random(seed), memory)
        assert advice.amount is None or advice.amount <= 29


def test_a_short_cave_prices_a_hold_by_what_it_can_win() -> None:
    # P1, deep, opens for 150; P2 has 5 chips left: a hold costs him 5 of a pot of 154,
    # but he can win only the pool and 5 of each stake (9 chips): 5 / 14 is his price.
    hand = _hand([200, 6, 30, 30], "As Ks Qs", ["Kh Qh Jc", "Ad Kd Qd", "Js Ts 9s"], "Ac")
    hand.act("P1", "open", 150)
    view = view_for(hand, "P2")
    assert isinstance(view, BrelanView)
    assert view.winnable_pot() == 4 + 5 and view.pool + sum(view.stakes) == 154
    chance = brelan_play.win_estimate(view, random.Random(1), "normal")
    assert 5 / 159 < chance < 5 / 14  # the old pot's odds held, the winnable pot's do not
    verbs = {brelan_play.decide_brelan(view, random.Random(s), "normal")[0] for s in range(5)}
    assert verbs == {"pass"}  # he lets his 5 chips go rather than pay 5 to win 9


def test_a_session_carries_the_stacks_and_recaves_a_player_cleaned_out() -> None:
    out = arena.run_arena(
        "bouillotte", ["strong", "random", "random", "random"], 60, 4, session=True
    )
    assert out["session"] is True and out["recaves"] > 0
    assert abs(sum(seat["chips_per_hand"] for seat in out["seats"])) < 0.01  # conserved
    plain = arena.run_arena("bouillotte", ["strong", "random", "random", "random"], 60, 4)
    assert "session" not in plain and "recaves" not in plain


def test_an_arena_hand_starts_each_seat_with_its_own_stack() -> None:
    opts = parse_options("bouillotte", {})
    assert isinstance(opts, BrelanOptions)
    table = arena.Table([brelan_play_level("normal", k) for k in range(4)])
    rng = random.Random(2)
    for _ in range(30):
        won = arena.play_brelan_hand(table, opts, [2, 3, 0, 1], [100, 3, 30, 30], rng)
        assert sum(won.values()) == 0
        assert won[1] >= -3  # a seat cannot lose more than it sat with


def brelan_play_level(level: str, k: int) -> arena.Strategy:
    from bot.house.players import make_player

    return make_player(level, random.Random(k), TableMemory())
