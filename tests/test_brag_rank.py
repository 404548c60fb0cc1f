"""Brag hand ranking (docs/rules.md §4): the precomputed table, wild cards, four and five cards."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from bot.games.brag_bench import bench_eval
from bot.games.brag_rank import (
    RANK_COUNT,
    WILD_CARDS,
    all_hands,
    best_three,
    category,
    describe,
    key_of,
    rank3,
    strength,
)
from bot.games.cards import ALL_CARDS, parse_cards

# sha256 of the 22,100 hands sorted best first (rank, then card indices), one line each:
# "<rank> <codes>"; computed once from the table and frozen here.
ORDER_DIGEST = "95614d0364ea80c03dcac3991c7f7c3e55eb924f8512ef5d0c9ede9724b207c4"


def r(text: str) -> int:
    a, b, c = parse_cards(text.split())
    return rank3(a, b, c)


def s(text: str, wild: str = "none") -> int:
    return strength(parse_cards(text.split()), WILD_CARDS[wild])


def test_table_counts_and_distinct_ranks() -> None:
    hands = all_hands()
    assert len(hands) == 22_100
    counts = Counter(category(rank) for _, rank in hands)
    assert counts == {
        "prial": 52,
        "running flush": 48,
        "run": 720,
        "flush": 1096,
        "pair": 3744,
        "high card": 16440,
    }
    assert len({rank for _, rank in hands}) == 741 == RANK_COUNT


def test_table_order_digest() -> None:
    ordered = sorted(all_hands(), key=lambda t: (-t[1], t[0]))
    text = "\n".join(f"{rank} " + "".join(ALL_CARDS[i].code for i in t) for t, rank in ordered)
    assert hashlib.sha256(text.encode()).hexdigest() == ORDER_DIGEST


def test_lookup_ignores_card_order() -> None:
    assert r("Ah Kh Qh") == r("Qh Ah Kh") == r("Kh Qh Ah")


def test_category_order() -> None:
    order = ["2c 2d 2h", "4s 3s 2s", "4s 3d 2c", "As 7s 5s", "2s 2d 3c", "Ad Kc Jh"]
    ranks = [r(h) for h in order]
    assert ranks == sorted(ranks, reverse=True)
    assert [category(x) for x in ranks] == [
        "prial",
        "running flush",
        "run",
        "flush",
        "pair",
        "high card",
    ]


def test_prials_three_threes_highest_then_aces_down_to_twos() -> None:
    order = ["3", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "2"]
    ranks = [r(f"{x}s {x}h {x}d") for x in order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 13


@pytest.mark.parametrize("suited", [True, False])
def test_runs_a23_highest_then_akq_down_to_432(suited: bool) -> None:
    suits = "sss" if suited else "shd"
    seqs = ["A23", "AKQ", "KQJ", "QJT", "JT9", "T98", "987", "876", "765", "654", "543", "432"]
    ranks = [r(" ".join(x + y for x, y in zip(seq, suits, strict=True))) for seq in seqs]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 12
    want = "running flush" if suited else "run"
    assert all(category(x) == want for x in ranks)


def test_k_a_2_is_not_a_run() -> None:
    assert category(r("Ks Ah 2d")) == "high card"
    assert category(r("Ks As 2s")) == "flush"


def test_flush_pair_and_high_card_comparisons() -> None:
    assert r("Ah 9h 2h") > r("Kc Qc 9c") > r("Kd 9d 2d")
    assert r("Ah 9h 3h") > r("As 9s 2s")
    assert r("Ks Kd 2c") > r("Qs Qd Ac")
    assert r("Ks Kd 9c") > r("Kh Kc 8c")
    assert r("Ks Kd 9c") == r("Kh Kc 9h")
    assert r("Ah Jd 3c") > r("Ah Td 9c")
    assert r("Ah Jd 4c") > r("As Jc 3d")
    assert r("Ah Jd 4c") == r("As Jc 4d")
    assert describe(r("As Jc 4d"), is_strength=False) == "high card A-J-4"
    assert describe(r("3s 2d Ac"), is_strength=False) == "run A-2-3"


def test_rules_wild_card_examples() -> None:
    # W-8h-7h (W as 9h) beats 8c-7c-6c, which beats 8d-W-6d.
    for wild, w in [("twos", "2s"), ("joker", "X1"), ("suicide_king", "Kh")]:
        assert s(f"{w} 8h 7h", wild) > s("8c 7c 6c", wild) > s(f"8d {w} 6d", wild)
    # Ks-Kd-W beats Kc-W-W, which beats Qc-Qd-Qh.
    assert s("Ks Kd 2h", "twos") > s("Kc 2s 2d", "twos") > s("Qc Qd Qh", "twos")
    assert s("Ks Kd X1", "two_jokers") > s("Kc X1 X2", "two_jokers") > s("Qc Qd Qh")


@pytest.mark.parametrize(
    ("wild", "cards"),
    [
        ("twos", ["2s", "2h", "2d", "2c"]),
        ("black_twos", ["2s", "2c"]),
        ("one_eyed_jacks", ["Jh", "Js"]),
        ("suicide_king", ["Kh"]),
        ("joker", ["X1"]),
        ("two_jokers", ["X1", "X2"]),
    ],
)
def test_each_wild_option_makes_its_cards_wild(wild: str, cards: list[str]) -> None:
    assert sorted(ALL_CARDS[i].code for i in WILD_CARDS[wild]) == sorted(cards)
    w = cards[0]
    assert describe(s(f"{w} As Ah", wild)) == "prial A-A-A (1 wild)"
    assert s(f"{w} As Ah", wild) < s("Ac As Ah", wild)


def test_wild_takes_the_best_hand() -> None:
    assert describe(s("2s Ah Kh", "twos")) == "running flush A-K-Q (1 wild)"
    assert describe(s("2s Ah 3d", "twos")) == "run A-2-3 (1 wild)"
    assert describe(s("2s 2h 9d", "twos")) == "prial 9-9-9 (2 wild)"
    assert describe(s("2s 2h 2d", "twos")) == "prial 3-3-3 (3 wild)"
    assert describe(s("Kh 2h 2d", "black_twos")) == "pair 2-2-K"  # red twos are not wild
    assert describe(s("Kh Ks Jc", "suicide_king")) == "run K-Q-J (1 wild)"
    assert describe(s("Kh Ks 7c", "suicide_king")) == "pair K-K-7 (1 wild)"


def test_wild_hands_lose_ties_to_fewer_wilds_but_not_to_lower_ranks() -> None:
    assert s("2s 9h 8h", "twos") < s("Th 9h 8h", "twos")  # a 1-wild T-9-8 loses the tie
    assert s("2s 9h 8h", "twos") > s("9c 8c 7c", "twos")  # but beats a lower natural RF


def test_four_and_five_cards_best_three_and_discards() -> None:
    key, _played, rest = best_three(parse_cards(["7s", "7h", "7d", "Ac"]))
    assert category(key[0] // 4) == "prial" and [c.code for c in rest] == ["Ac"]
    _key5, played5, rest5 = best_three(parse_cards(["Ah", "Kh", "Qh", "2c", "3d"]))
    assert [c.code for c in played5] == ["Ah", "Kh", "Qh"] and len(rest5) == 2
    # equal hands: the higher discard wins, highest first
    a = key_of(parse_cards(["Ah", "Kd", "9c"]), parse_cards(["7s"]))
    b = key_of(parse_cards(["As", "Kc", "9h"]), parse_cards(["5d"]))
    assert a > b
    a5 = key_of(parse_cards(["Ah", "Kd", "9c"]), parse_cards(["7s", "2c"]))
    b5 = key_of(parse_cards(["As", "Kc", "9h"]), parse_cards(["6d", "5c"]))
    assert a5 > b5


def test_bench_eval_runs() -> None:
    # Speed is measured by `python -m bot.games.bench`, not asserted in tests.
    assert bench_eval(seconds=0.05) > 0
