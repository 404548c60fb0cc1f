"""Brag betting engine (docs/rules.md §4): one test per rule and option."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bot.games.base import HandRecord
from bot.games.brag import EXTRA_KEYS, BragHand, start_hand
from bot.games.cards import parse_cards
from bot.games.errors import IllegalAction, SetupError
from bot.games.options import BragOptions, parse_options


def deal(
    hands: Sequence[str],
    stacks: Sequence[int] | int = 50,
    kept: Mapping[str, str] | None = None,
    carried: int = 0,
    **options: Any,
) -> BragHand:
    """A deal from cards like ``"Ah Kd 9c"``; players P1..Pn in order, dealer last."""
    n = len(hands)
    opts = parse_options("brag", options)
    assert isinstance(opts, BragOptions)
    return BragHand(
        opts,
        [f"P{i + 1}" for i in range(n)],
        [stacks] * n if isinstance(stacks, int) else list(stacks),
        [parse_cards(h.split()) for h in hands],
        kept={k: parse_cards(v.split()) for k, v in (kept or {}).items()},
        carried=carried,
    )


def play(hand: BragHand, actions: Sequence[Sequence[Any]]) -> BragHand:
    for action in actions:
        amount = action[2] if len(action) > 2 else None
        if isinstance(amount, list):
            amount = tuple(amount)
        hand.act(action[0], action[1], amount)
    return hand


def legal(hand: BragHand) -> list[dict[str, Any]]:
    return [a.to_json() for a in hand.legal_actions()]


def kinds(hand: BragHand, kind: str) -> list[dict[str, Any]]:
    return [e.to_json() for e in hand.events if e.kind == kind]


def revealed(hand: BragHand) -> list[str]:
    return [e["player"] for e in kinds(hand, "reveal")]


def pots(hand: BragHand) -> list[dict[str, Any]]:
    return [p.to_json() for p in hand.pots]


THREE = ["Ah Kd 9c", "Qs Qh 4d", "7c 6c 5c"]


def check_illegal(hand: BragHand, player: str, verb: str, amount: Any, message: str) -> None:
    before = copy.deepcopy(hand.__dict__)
    with pytest.raises(IllegalAction, match=message):
        hand.act(player, verb, amount)
    assert hand.__dict__ == before


# ------------------------------------------------------------------ stakes


def test_every_player_antes_before_the_deal() -> None:
    hand = deal(THREE, stacks=[10, 0, 10], ante=2)
    assert hand.stacks() == {"P1": 8, "P2": 0, "P3": 8}
    assert hand.table_chips() == 4


def test_ante_by_dealer() -> None:
    hand = deal(THREE, ante=3, ante_by="dealer")
    assert hand.stacks() == {"P1": 50, "P2": 50, "P3": 47}


def test_first_bet_limits_open_and_blind() -> None:
    hand = deal(THREE, min_bet=2, max_bet=9)
    assert legal(hand) == [
        {"verb": "look"},
        {"verb": "fold"},
        {"verb": "bet", "min": 1, "max": 4},
    ]
    hand.act("P1", "look")
    assert legal(hand)[-1] == {"verb": "bet", "min": 2, "max": 9}
    check_illegal(hand, "P1", "bet", 1, "P1 must bet at least 2, not 1")
    check_illegal(hand, "P1", "bet", 10, "P1 may bet at most 9 now, not 10")


def test_each_bet_at_least_the_previous_in_open_terms() -> None:
    hand = play(deal(THREE), [["P1", "look"], ["P1", "bet", 5]])
    # a blind player pays half, rounded up; his bet counts double
    assert legal(hand)[-1] == {"verb": "bet", "min": 3, "max": 5}
    hand.act("P2", "bet", 4)
    assert kinds(hand, "bet")[-1] == {
        "kind": "bet",
        "player": "P2",
        "amount": 4,
        "counts": 8,
        "blind": True,
    }
    hand.act("P3", "look")
    assert legal(hand)[-1] == {"verb": "bet", "min": 8, "max": 10}
    hand.act("P3", "bet", 8)
    hand.act("P1", "fold")  # no equalising: every turn is a new bet
    assert legal(hand)[-2:] == [
        {"verb": "bet", "min": 4, "max": 5},
        {"verb": "see", "amount": 8},  # a blind player may see an open one
    ]


def test_max_raise_limits_how_much_a_bet_may_exceed_the_previous() -> None:
    hand = play(deal(THREE, max_raise=2), [["P1", "look"], ["P1", "bet", 3]])
    assert legal(hand)[-1] == {"verb": "bet", "min": 2, "max": 2}  # blind: 5 // 2, at least 2
    hand.act("P2", "look")
    assert legal(hand)[-1] == {"verb": "bet", "min": 3, "max": 5}


def test_blind_play_off_everyone_is_open() -> None:
    hand = deal(THREE, blind_allowed=False)
    assert legal(hand) == [{"verb": "fold"}, {"verb": "bet", "min": 1, "max": 10}]
    check_illegal(hand, "P1", "look", None, "P1 has already looked")


def test_look_only_at_ones_own_turn_then_open() -> None:
    hand = deal(THREE)
    check_illegal(hand, "P2", "look", None, "it is P1's turn, not P2's")
    hand.act("P1", "look")
    assert hand.to_act == "P1" and "look" not in [a.verb for a in hand.legal_actions()]


def test_illegal_actions_are_refused_in_players_words() -> None:
    hand = play(deal(THREE, stacks=[50, 3, 50]), [["P1", "look"], ["P1", "bet", 8]])
    hand.act("P2", "look")
    check_illegal(hand, "P2", "bet", 8, "P2 must bet at least 8; P2 has 2 left")
    check_illegal(hand, "P2", "raise", None, "'raise' is not a Brag action; P2 may: fold, cover")
    check_illegal(hand, "P7", "fold", None, "P7 is not playing in this hand")
    check_illegal(hand, "P2", "cover", 1, "P2 covers with everything he has left: 2, not 1")
    check_illegal(hand, "P2", "see", None, "exactly two players")
    check_illegal(hand, "P2", "fold", 3, "fold takes no amount")
    check_illegal(hand, "P2", "cover", "2", "cover takes a whole number, not '2'")


# ----------------------------------------------------------------- seeing


def test_see_only_when_two_players_remain_and_after_a_bet() -> None:
    hand = deal(THREE)
    play(hand, [["P1", "look"], ["P1", "bet", 2]])
    assert "see" not in [a.verb for a in hand.legal_actions()]
    play(hand, [["P2", "look"], ["P2", "fold"]])
    hand.act("P3", "look")
    assert legal(hand)[-1] == {"verb": "see", "amount": 4}


def test_see_cost_equal() -> None:
    hand = play(deal(THREE[:2], see_cost="equal"), [["P1", "look"], ["P1", "bet", 3]])
    hand.act("P2", "look")
    assert legal(hand)[-1] == {"verb": "see", "amount": 3}


def test_open_player_cannot_see_a_blind_one() -> None:
    hand = play(deal(THREE[:2]), [["P1", "look"], ["P1", "bet", 2], ["P2", "bet", 1]])
    assert "see" not in [a.verb for a in hand.legal_actions()]
    check_illegal(hand, "P1", "see", None, "an open player cannot see a blind one")


def test_blind_player_sees_open_one_for_twice_the_blind_amount() -> None:
    hand = play(deal(THREE[:2]), [["P1", "look"], ["P1", "bet", 5]])
    assert legal(hand)[-1] == {"verb": "see", "amount": 6}  # twice ceil(5 / 2)
    hand.act("P2", "see")
    assert hand.finished and revealed(hand) == ["P1", "P2"]  # his pair of queens is better
    assert pots(hand) == [{"amount": 2 + 5 + 6, "winners": ["P2"]}]


def test_two_blind_players_see_each_other() -> None:
    hand = play(deal(["Ah Kd 9c", "Qs Qh 4d"]), [["P1", "bet", 2]])
    assert legal(hand)[-1] == {"verb": "see", "amount": 4}
    hand.act("P2", "see")
    # the seen player shows first; the seer's pair is better: he shows and takes the pot
    assert revealed(hand) == ["P1", "P2"]
    assert hand.summary()["pots"] == [{"amount": 8, "winners": ["P2"]}]


def test_seer_worse_loses_and_need_not_show() -> None:
    hand = play(deal(["Qs Qh 4d", "Ah Kd 9c"]), [["P1", "bet", 2], ["P2", "see"]])
    assert revealed(hand) == ["P1"]
    assert pots(hand) == [{"amount": 8, "winners": ["P1"]}]


def test_three_card_seer_loses_a_tie() -> None:
    hand = play(deal(["Ah Kd 9c", "As Kc 9h"]), [["P1", "bet", 1], ["P2", "see"]])
    assert pots(hand) == [{"amount": 5, "winners": ["P1"]}] and revealed(hand) == ["P1"]


def test_last_open_player_takes_the_pot_without_showing() -> None:
    hand = play(deal(THREE), [["P1", "look"], ["P1", "bet", 2], ["P2", "fold"], ["P3", "fold"]])
    assert hand.finished and revealed(hand) == []
    assert pots(hand) == [{"amount": 5, "winners": ["P1"]}] and hand.carried == 0


# ------------------------------------------------------------- covering


def test_cover_side_pot_better_covered_hand_takes_the_main_pot() -> None:
    hand = deal(
        ["9s 9d Kc", "Jh 8h 4h", "Ad Qc 6s", "5d 5c 2s"],
        stacks=[50, 6, 50, 50],
        blind_allowed=False,
    )
    play(
        hand,
        [["P1", "bet", 4], ["P2", "bet", 4], ["P3", "bet", 5], ["P4", "fold"], ["P1", "bet", 5]],
    )
    assert legal(hand) == [{"verb": "fold"}, {"verb": "cover", "amount": 1}]
    play(hand, [["P2", "cover"], ["P3", "bet", 6], ["P1", "see", 12]])
    assert pots(hand) == [{"amount": 23, "winners": ["P2"]}, {"amount": 18, "winners": ["P1"]}]
    assert revealed(hand) == ["P3", "P1", "P2"]


def test_cover_tie_goes_to_the_side_pot_winner() -> None:
    hand = deal(["9s 9d Kc", "9h 9c Ks", "Ad Qc 6s"], stacks=[50, 3, 50], blind_allowed=False)
    play(hand, [["P1", "bet", 4], ["P2", "cover"], ["P3", "fold"]])
    assert pots(hand) == [{"amount": 9, "winners": ["P1"]}]
    assert revealed(hand) == ["P1"]  # the covered hand is not better: it stays hidden


def test_two_players_betting_stops_when_one_has_nothing_left() -> None:
    hand = deal(["Qh Qs 4c", "Th 9h 8h"], stacks=[30, 5])
    play(hand, [["P1", "look"], ["P1", "bet", 6], ["P2", "look"], ["P2", "cover"]])
    assert pots(hand) == [{"amount": 12, "winners": ["P2"]}]
    # a bet of one's last chips covers at once
    hand = deal(["Qh Qs 4c", "Th 9d 7h"], stacks=[30, 5])
    play(hand, [["P1", "look"], ["P1", "bet", 4], ["P2", "look"], ["P2", "bet", 4]])
    assert hand.finished and pots(hand) == [{"amount": 10, "winners": ["P1"]}]
    assert revealed(hand) == ["P1"]


# --------------------------------------------------- blind winner, kept hands


def test_blind_last_player_leaves_the_pot_carried_and_may_keep_his_hand() -> None:
    hand = play(deal(THREE), [["P1", "look"], ["P1", "fold"], ["P2", "bet", 1], ["P3", "fold"]])
    assert not hand.finished and hand.to_act == "P2"
    assert legal(hand) == [{"verb": "keep"}, {"verb": "throw"}]
    hand.act("P2", "keep")
    assert hand.summary() == {
        "finished": True,
        "stacks": {"P1": 49, "P2": 48, "P3": 49},
        "pots": [],
        "payments": [],
        "carried": 4,
    }
    assert {k: [c.code for c in v] for k, v in hand.kept_after.items()} == {
        "P2": ["Qs", "Qh", "4d"]
    }
    thrown = play(deal(THREE), [["P1", "fold"], ["P2", "fold"], ["P3", "throw"]])
    assert thrown.carried == 3 and thrown.kept_after == {}


def test_kept_hand_look_at_one_keep_it() -> None:
    hand = deal(THREE, kept={"P1": "2c 2d 9h"}, carried=4)
    assert legal(hand)[:2] == [{"verb": "look", "amount": 1}, {"verb": "look", "amount": 2}]
    check_illegal(hand, "P1", "look", None, "say which to look at")
    hand.act("P1", "look", 2)
    assert legal(hand) == [{"verb": "keep"}, {"verb": "throw"}]
    check_illegal(hand, "P1", "bet", 2, "must keep it or throw it")
    hand.act("P1", "keep")
    assert not hand.blind[0] and [c.code for c in hand.held[0][0]] == ["Ah", "Kd", "9c"]
    assert [c.code for c in hand.bottom] == ["2c", "2d", "9h"]  # the other, unseen


def test_kept_hand_throw_the_looked_one_and_go_on_blind() -> None:
    hand = deal(THREE, kept={"P1": "2c 2d 9h"})
    play(hand, [["P1", "look", 1], ["P1", "throw"]])
    assert hand.blind[0] and legal(hand)[0] == {"verb": "look"}
    assert legal(hand)[-1] == {"verb": "bet", "min": 1, "max": 5}


def test_two_blind_hands_winning_again_keeps_one_unseen() -> None:
    hand = deal(THREE, kept={"P3": "2c 2d 9h"}, carried=5)
    play(hand, [["P1", "fold"], ["P2", "fold"]])
    assert legal(hand) == [
        {"verb": "keep", "amount": 1},
        {"verb": "keep", "amount": 2},
        {"verb": "throw"},
    ]
    hand.act("P3", "keep", 2)
    assert hand.carried == 8 and [c.code for c in hand.kept_after["P3"]] == ["7c", "6c", "5c"]
    assert [c.code for c in hand.pack_after()][-3:] == ["2c", "2d", "9h"]


def test_two_blind_hands_at_a_showdown_play_the_better() -> None:
    hand = deal(["Ah Kd 9c", "8s 8h 4d"], kept={"P2": "2c 3d 9h"})
    play(hand, [["P1", "bet", 1], ["P2", "see"]])
    assert pots(hand) == [{"amount": 5, "winners": ["P2"]}]


def test_face_up_variant_players_who_cannot_beat_it_fold() -> None:
    hand = deal(
        ["Ts 9c 4d", "6h 6c Jd", "Jh Th 3d"],
        kept={"P3": "7h 7s Qd"},
        carried=4,
        blind_keep="face_up",
    )
    assert kinds(hand, "reveal")[0]["cards"] == ["Jh", "Th", "3d"]
    assert hand.folded == [True, False, False] and hand.to_act == "P2"
    assert "look" not in [a.verb for a in hand.legal_actions()]  # he had to look
    play(hand, [["P2", "bet", 2], ["P3", "look"], ["P3", "bet", 2], ["P2", "see"]])
    assert pots(hand) == [{"amount": 4 + 3 + 2 + 2 + 4, "winners": ["P3"]}]


def test_face_up_variant_everybody_folds_the_antes_go_and_the_blind_hand_stays() -> None:
    hand = deal(
        ["Ts 9c 4d", "6h 5c 2d", "Ah Ad 3d"],
        kept={"P3": "7h 7s Qd"},
        carried=4,
        blind_keep="face_up",
    )
    assert hand.finished
    assert pots(hand) == [{"amount": 3, "winners": ["P3"]}] and hand.carried == 4
    assert [c.code for c in hand.kept_after["P3"]] == ["7h", "7s", "Qd"]


# --------------------------------------------------------- common showdown


def test_common_showdown_needs_everyone_and_three_players() -> None:
    hand = deal([*THREE, "Js Jd 2h"], common_showdown=True)
    hand.act("P1", "showdown")
    assert hand.to_act == "P2" and legal(hand) == [{"verb": "showdown"}, {"verb": "refuse"}]
    play(hand, [["P2", "showdown"], ["P3", "refuse"]])
    assert hand.to_act == "P1" and "showdown" not in [a.verb for a in hand.legal_actions()]
    play(
        hand,
        [
            ["P1", "bet", 1],
            ["P2", "showdown"],
            ["P3", "showdown"],
            ["P4", "showdown"],
            ["P1", "showdown"],
        ],
    )
    assert hand.finished and pots(hand) == [{"amount": 5, "winners": ["P3"]}]
    assert revealed(hand) == ["P1", "P2", "P3", "P4"]
    two = deal(THREE[:2], common_showdown=True)
    assert "showdown" not in [a.verb for a in two.legal_actions()]


def test_common_showdown_equal_best_share_odd_chip_first_in_order() -> None:
    hand = deal(["Ah Kd 9c", "2s 3h 5d", "As Kc 9h"], common_showdown=True)
    play(hand, [["P1", "bet", 2], ["P2", "showdown"], ["P3", "showdown"], ["P1", "showdown"]])
    assert pots(hand) == [{"amount": 5, "winners": ["P1", "P3"]}]
    assert hand.stacks() == {"P1": 50, "P2": 49, "P3": 51}


def test_common_showdown_off_by_default() -> None:
    hand = deal(THREE)
    check_illegal(hand, "P1", "showdown", None, "does not play the common showdown")


# ------------------------------------------------------ four and five cards


def test_four_card_look_then_discard_before_betting() -> None:
    hand = deal(["Ah Kd 9c 7s", "As Kc 9h 5d"], cards=4)
    hand.act("P1", "look")
    assert legal(hand) == [{"verb": "discard", "amount": 1}, {"verb": "fold"}]
    check_illegal(hand, "P1", "bet", 2, "must first discard 1")
    check_illegal(hand, "P1", "discard", ("2c",), "P1 does not hold 2c")
    check_illegal(hand, "P1", "discard", ("7s", "9c"), "exactly 1 card")
    hand.act("P1", "discard", ("7s",))
    assert kinds(hand, "discard") == [{"kind": "discard", "player": "P1", "count": 1}]
    assert legal(hand)[-1] == {"verb": "bet", "min": 1, "max": 10}


def test_four_card_discards_decide_then_the_seer_wins_full_ties() -> None:
    hand = deal(["Ah Kd 9c 7s", "As Kc 9h 5d"], cards=4)
    play(
        hand,
        [
            ["P1", "look"],
            ["P1", "discard", ["7s"]],
            ["P1", "bet", 2],
            ["P2", "look"],
            ["P2", "discard", ["5d"]],
            ["P2", "see"],
        ],
    )
    assert pots(hand) == [{"amount": 8, "winners": ["P1"]}]
    hand = deal(["Ah Kd 9c 7s", "As Kc 9h 7d"], cards=4)
    play(
        hand,
        [
            ["P1", "look"],
            ["P1", "discard", ["7s"]],
            ["P1", "bet", 2],
            ["P2", "look"],
            ["P2", "discard", ["7d"]],
            ["P2", "see"],
        ],
    )
    assert pots(hand) == [{"amount": 8, "winners": ["P2"]}] and revealed(hand) == ["P1", "P2"]


def test_four_card_blind_player_keeps_all_cards_and_plays_the_best_three() -> None:
    hand = deal(["Ah Kd 9c 7s", "5s 5c 5h 2d"], cards=4)
    play(hand, [["P1", "bet", 1], ["P2", "see"]])
    reveal = kinds(hand, "reveal")
    assert reveal[-1]["cards"] == ["5s", "5c", "5h"] and reveal[-1]["discards"] == ["2d"]
    assert hand.prial_shown


def test_five_card_discards_two() -> None:
    hand = deal(["Ah Kd 9c 7s 2c", "As Kc 9h 5d 3d"], cards=5, blind_allowed=False)
    assert legal(hand) == [{"verb": "discard", "amount": 2}, {"verb": "fold"}]
    play(
        hand,
        [
            ["P1", "discard", ["7s", "2c"]],
            ["P1", "bet", 1],
            ["P2", "discard", ["5d", "3d"]],
            ["P2", "see"],
        ],
    )
    assert pots(hand) == [{"amount": 5, "winners": ["P1"]}]


# ------------------------------------------------------------ wild cards


def test_wild_cards_in_play() -> None:
    hand = deal(["Kc 2s 2d", "Ks Kd 2h", "Qc Qd Qh"], wild="twos", blind_allowed=False)
    play(
        hand, [["P1", "bet", 5], ["P2", "bet", 5], ["P3", "fold"], ["P1", "bet", 5], ["P2", "see"]]
    )
    assert pots(hand) == [{"amount": 28, "winners": ["P2"]}]
    assert kinds(hand, "reveal")[-1]["hand"] == "prial K-K-K (1 wild)"


def test_jokers_are_in_the_pack_only_when_wild() -> None:
    with pytest.raises(SetupError, match="X1 is not in this table's pack"):
        deal(["X1 Kd 2h", "Qc Qd Qh"])
    hand = deal(["X1 Kd 2h", "X2 Qd Qh"], wild="two_jokers")
    assert len(hand.pack_after()) == 54 - 6


# ------------------------------------------------------------ set-up and pack


def record(raw: dict[str, Any]) -> BragHand:
    return start_hand(HandRecord.from_json(raw, extra_keys=EXTRA_KEYS))


BASE: dict[str, Any] = {
    "game": "brag",
    "players": [{"name": "A", "stack": 10}, {"name": "B", "stack": 10}],
    "hands": {"A": ["Ah", "Kh", "Qh"], "B": ["2c", "2d", "9s"]},
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": {"A": ["Ah", "Kh"], "B": ["2c", "2d", "9s"]}}, "A must have 3 cards, not 2"),
        ({"hands": {"A": ["Ah", "Kh", "Qh"], "B": ["2c", "Ah", "9s"]}}, "Ah is dealt twice"),
        ({"hands": {"A": ["Ah", "Kh", "Qh"], "B": ["2c", "X1", "9s"]}}, "not in this table's"),
        (
            {"players": [{"name": "A", "stack": 10}], "hands": {"A": ["Ah", "Kh", "Qh"]}},
            "2 to 17 players, not 1",
        ),
        ({"options": {"cards": 4}}, "A must have 4 cards"),
        ({"deck": ["3c"]}, "the pack is missing"),
        ({"kept": {"C": ["3c", "4c", "5c"]}}, "not a player"),
        (
            {"kept": {"B": ["3c", "4c", "5c"]}, "options": {"blind_allowed": False}},
            "needs blind play",
        ),
        ({"retourne": "Th"}, "Brag has no retourne"),
        ({"game": "brelan"}, "this is the Brag engine"),
    ],
)
def test_bad_setup_is_a_setup_error(change: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        record({**BASE, **change})


@pytest.mark.parametrize(("cards", "most"), [(3, 17), (4, 10), (5, 10)])
def test_too_many_players(cards: int, most: int) -> None:
    n = most + 1
    raw = {
        "game": "brag",
        "options": {"cards": cards},
        "players": [{"name": f"N{i}", "stack": 5} for i in range(n)],
        "hands": {f"N{i}": [] for i in range(n)},
    }
    with pytest.raises(SetupError, match=f"2 to {most} players, not {n}"):
        record(raw)


def test_pack_after_fold_order_then_remaining_hands() -> None:
    raw = {
        **BASE,
        "players": [*BASE["players"], {"name": "C", "stack": 10}],
        "hands": {**BASE["hands"], "C": ["7c", "6c", "5c"]},
    }
    hand = record(raw)
    before = [c.code for c in hand.rest]
    assert len(before) == 52 - 9 and before[:2] == ["As", "Ad"]  # no "deck": the rest in order
    play(hand, [["A", "fold"], ["B", "look"], ["B", "bet", 2], ["C", "fold"]])
    after = [c.code for c in hand.pack_after()]
    assert after == [*before, "Ah", "Kh", "Qh", "7c", "6c", "5c", "2c", "2d", "9s"]


def test_summary_of_a_pending_hand() -> None:
    hand = play(deal(THREE[:2]), [["P1", "bet", 2]])
    assert hand.summary() == {
        "finished": False,
        "to_act": "P2",
        "legal": [
            {"verb": "look"},
            {"verb": "fold"},
            {"verb": "bet", "min": 2, "max": 5},
            {"verb": "see", "amount": 4},
        ],
        "stacks": {"P1": 47, "P2": 49},
    }


def test_the_finished_hand_refuses_actions() -> None:
    hand = play(deal(THREE[:2]), [["P1", "look"], ["P1", "fold"]])
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.act("P2", "fold")
