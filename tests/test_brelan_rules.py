"""Brelan and Bouillotte, rule by rule (docs/rules.md §2-3) and the worked examples of §5.

Every expected number below is computed by hand from docs/rules.md; the comments show the sums.
Players are P1..Pn in order of play, the dealer last.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from bot.games.brelan import BrelanHand, Category, Combination, Phase
from bot.games.errors import IllegalAction
from tests.conftest import (
    antes_paid,
    event_kinds,
    events_of,
    legal_json,
    make_hand,
    payments_json,
    play,
    pots_json,
    revealed,
    showdown_event,
    suit_owners,
)

#: The cards of docs/rules.md §5 "Point with a folded hand and precedence" (deck 28).
EXAMPLE = ["Ah Jh 8c", "Kd Qd 8h", "Ts 9s Jc", "Jd 9d 9c"]
#: The cards of docs/rules.md §5 "Three pot rules".
POT_RULES = ["Ah Kh 9d", "As Ks 8s", "8h Kc Jc", "Ts 9c Td"]
#: Two brelans (aces, kings) and two point hands, for Bouillotte's payments (deck 24).
BRELANS = ["As Ah Ad", "Ks Kh Kd", "Qs Qh Jd", "Js Jh Td"]
FIVE = ["Ah Kh Qh", "As Ks Qs", "Ad Kd Qd", "Ac Kc Qc", "Jh Js Jd"]


def total_chips(hand: BrelanHand) -> int:
    return sum(hand.stack) + hand.table_chips() + hand.carried + hand.flambeau


def phase(hand: BrelanHand) -> Phase:
    """The hand's phase (a call, so that type checkers do not narrow it across actions)."""
    return hand.phase


def verbs(hand: BrelanHand) -> list[str]:
    return [a.verb for a in hand.legal_actions()]


def unchanged_after(hand: BrelanHand, player: str, verb: str, amount: int | None = None) -> str:
    """Try an illegal action: it raises and leaves the hand as it was; returns the message."""
    before = (hand.summary(), list(hand.events), list(hand.stake), hand.to_act)
    with pytest.raises(IllegalAction) as info:
        hand.act(player, verb, amount)
    assert (hand.summary(), list(hand.events), list(hand.stake), hand.to_act) == before
    return str(info.value)


# ======================================================== docs/rules.md §5 examples


class TestWorkedExamples:
    def test_point_with_folded_hand_and_precedence(self, four_point_hand: BrelanHand) -> None:
        hand = play(
            four_point_hand, [("P1", "open", 4), ("P2", "hold"), ("P3", "pass"), ("P4", "hold")]
        )
        assert hand.finished
        # pool 4 + stakes 4 + 4 + 0 + 4 = 16 to P1
        assert hand.stacks() == {"P1": 61, "P2": 45, "P3": 49, "P4": 45}
        assert pots_json(hand) == [{"amount": 16, "winners": ["P1"]}]
        # hearts Ah Jh 8h Th = 39; diamonds Kd Qd Jd 9d = 39; clubs 8c 9c + folded Jc = 27
        assert hand.combinations == {
            "P1": Combination(Category.POINT, 39, "h"),
            "P2": Combination(Category.POINT, 39, "d"),
            "P4": Combination(Category.POINT, 27, "c"),
        }
        assert suit_owners(hand) == {
            "s": (None, 0),
            "h": ("P1", 39),
            "d": ("P2", 39),
            "c": ("P4", 27),
        }
        assert hand.summary()["payments"] == []

    def test_had_p1_folded_instead_of_p3(self, four_point_hand: BrelanHand) -> None:
        hand = play(
            four_point_hand,
            [("P1", "pass"), ("P2", "open", 4), ("P3", "hold"), ("P4", "hold"), ("P1", "pass")],
        )
        # P2's 8h is now the highest heart still in: Ah Jh 8h Th = 39, and diamonds 39
        assert hand.combinations["P2"].value == 39
        assert hand.combinations["P3"] == Combination(Category.POINT, 27, "c")  # Jc 9c 8c
        assert hand.combinations["P4"] == Combination(Category.POINT, 0, None)
        assert suit_owners(hand) == {
            "s": ("P3", 19),
            "h": ("P2", 39),
            "d": ("P2", 39),
            "c": ("P3", 27),
        }
        assert pots_json(hand) == [{"amount": 16, "winners": ["P2"]}]
        assert hand.stacks() == {"P1": 49, "P2": 61, "P3": 45, "P4": 45}

    @pytest.mark.parametrize(
        ("rule", "p2", "p3", "stage2"),
        [("fixed", 59, 19, "P2"), ("recalculate", 59, 19, "P2"), ("single_suit", 19, 59, "P3")],
    )
    def test_three_pot_rules(self, rule: str, p2: int, p3: int, stage2: str) -> None:
        hand = make_hand(POT_RULES, "Qh", stacks=[11, 50, 50, 50], pot_rule=rule)
        play(hand, [("P1", "open", 10), ("P2", "raise", 30), ("P3", "hold"), ("P4", "pass")])
        assert hand.finished
        # stage 1: pool 4 + 10 from P1, P2, P3 = 34; stage 2: 20 + 20 = 40
        assert pots_json(hand) == [
            {"amount": 34, "winners": ["P1"]},
            {"amount": 40, "winners": [stage2]},
        ]
        assert hand.stacks() == {"P1": 34, "P2": p2, "P3": p3, "P4": 49}
        assert [e["stage"] for e in events_of(hand, "pot")] == [1, 2]
        assert all(c.category is Category.POINT for c in hand.combinations.values())

    @pytest.mark.parametrize("game", ["bouillotte", "brelan"])
    def test_carre_chain(self, game: str) -> None:
        options: dict[str, Any] = {} if game == "bouillotte" else {"carre": "free"}
        hand = make_hand(FIVE, "Th", game=game, stacks=30, deck="28", **options)
        assert hand.to_act == "P1"
        assert legal_json(hand) == [{"verb": "carre", "amount": 5}, {"verb": "decline"}]
        play(hand, [("P1", "carre")])
        assert hand.to_act == "P2"
        assert legal_json(hand) == [{"verb": "carre", "amount": 10}, {"verb": "decline"}]
        play(hand, [("P2", "carre")])
        assert legal_json(hand) == [{"verb": "carre", "amount": 20}, {"verb": "decline"}]
        play(hand, [("P1", "carre")])
        assert hand.stake == [20, 10, 0, 0, 0]
        steps = [e["step"] for e in events_of(hand, "carre")]
        assert steps == ["carre", "contre-carre", "sur-carre"]
        order = []
        for name in ("P2", "P3", "P4", "P5"):
            order.append(hand.to_act)
            play(hand, [(name, "pass")])
        assert order == ["P2", "P3", "P4", "P5"]
        assert hand.finished  # P1 speaks last and is never asked: everyone passed
        # P1 takes the pool 5, P2's 10 and his own 20 back
        assert pots_json(hand) == [{"amount": 35, "winners": ["P1"]}]
        assert hand.stacks() == {"P1": 44, "P2": 19, "P3": 29, "P4": 29, "P5": 29}
        assert hand.carried == 0


# ================================================================== antes


class TestAntes:
    def test_every_player_antes_one_by_default(self) -> None:
        hand = make_hand(EXAMPLE, "Th")
        assert hand.stacks() == {"P1": 49, "P2": 49, "P3": 49, "P4": 49}
        assert hand.pool == 4 and hand.table_chips() == 4
        assert antes_paid(hand) == {"P1": 1, "P2": 1, "P3": 1, "P4": 1}

    def test_bigger_ante(self) -> None:
        hand = make_hand(EXAMPLE, "Th", ante=3)
        assert hand.pool == 12
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "open", "min": 12, "max": 47}]

    def test_ante_zero_means_no_pool(self) -> None:
        hand = make_hand(EXAMPLE, "Th", ante=0)
        assert hand.pool == 0 and hand.stacks()["P1"] == 50
        assert antes_paid(hand) == {}
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "open", "min": 1, "max": 50}]
        play(hand, [("P1", "pass"), ("P2", "pass"), ("P3", "pass"), ("P4", "pass")])
        # a hand where nobody opens gives nothing to anyone
        assert hand.summary() == {
            "finished": True,
            "stacks": {"P1": 50, "P2": 50, "P3": 50, "P4": 50},
            "pots": [],
            "payments": [],
            "carried": 0,
        }

    def test_ante_by_dealer(self) -> None:
        hand = make_hand(EXAMPLE, "Th", ante_by="dealer", ante=2)
        assert hand.stacks() == {"P1": 50, "P2": 50, "P3": 50, "P4": 48}
        assert hand.pool == 2
        assert antes_paid(hand) == {"P4": 2}
        assert legal_json(hand)[1] == {"verb": "open", "min": 2, "max": 50}

    def test_a_short_player_antes_what_he_has(self) -> None:
        hand = make_hand(EXAMPLE, "Th", stacks=[0, 1, 50, 50], ante=2)
        assert hand.stacks() == {"P1": 0, "P2": 0, "P3": 48, "P4": 48}
        assert hand.pool == 5
        assert antes_paid(hand) == {"P1": 0, "P2": 1, "P3": 2, "P4": 2}


# ================================================================ opening


class TestOpening:
    def test_open_from_the_pool_to_the_whole_stack(self) -> None:
        hand = make_hand(EXAMPLE, "Th")
        assert phase(hand) is Phase.OPENING
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "open", "min": 4, "max": 49}]
        assert "at least 4" in unchanged_after(hand, "P1", "open", 3)
        assert "49 in all at most" in unchanged_after(hand, "P1", "open", 50)
        play(hand, [("P1", "pass")])
        assert hand.to_act == "P2"
        play(hand, [("P2", "open", 49)])
        assert hand.vade == 49 and hand.stacks()["P2"] == 0
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "hold", "amount": 49}]

    def test_carried_pool_grows_the_opening_minimum(self) -> None:
        hand = make_hand(EXAMPLE, "Th", carried=8)
        assert hand.pool == 12 and hand.table_chips() == 12
        assert events_of(hand, "carried") == [{"kind": "carried", "amount": 8}]
        assert legal_json(hand)[1] == {"verb": "open", "min": 12, "max": 49}

    def test_carried_pool_without_ante(self) -> None:
        hand = make_hand(EXAMPLE, "Th", carried=6, ante=0)
        assert legal_json(hand)[1] == {"verb": "open", "min": 6, "max": 50}

    def test_short_player_may_open_all_in_for_less_than_the_pool(self) -> None:
        hand = make_hand(EXAMPLE, "Th", stacks=[3, 50, 50, 50])
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "open", "min": 2, "max": 2}]
        play(hand, [("P1", "open", 2)])
        assert hand.all_in[0]
        assert legal_json(hand) == [
            {"verb": "pass"},
            {"verb": "hold", "amount": 2},
            {"verb": "raise", "min": 3, "max": 49},
        ]

    def test_player_with_nothing_left_can_only_pass_before_the_opening(self) -> None:
        hand = make_hand(EXAMPLE, "Th", stacks=[1, 50, 50, 50])
        assert legal_json(hand) == [{"verb": "pass"}]
        unchanged_after(hand, "P1", "open", 1)

    def test_after_the_opening_the_others_speak_in_order(self) -> None:
        hand = play(make_hand(EXAMPLE, "Th"), [("P1", "pass"), ("P2", "pass"), ("P3", "open", 7)])
        assert phase(hand) is Phase.BETTING
        spoken = []
        for verb in ("hold", "pass", "hold"):
            spoken.append(hand.to_act)
            play(hand, [(hand.to_act, verb)])
        # P4 then the players who passed before the opening: P1, P2
        assert spoken == ["P4", "P1", "P2"]
        assert hand.finished


# ================================================================= refait


class TestRefait:
    def test_brelan_refait_carries_the_pool(self) -> None:
        hand = play(make_hand(EXAMPLE, "Th"), [(p, "pass") for p in ("P1", "P2", "P3", "P4")])
        assert hand.summary() == {
            "finished": True,
            "stacks": {"P1": 49, "P2": 49, "P3": 49, "P4": 49},
            "pots": [],
            "payments": [],
            "carried": 4,
        }
        assert events_of(hand, "refait") == [{"kind": "refait", "carried": 4, "number": 1}]
        assert showdown_event(hand) is None
        assert hand.table_chips() == 0

    def test_bouillotte_refait_is_the_same(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30)
        play(hand, [("P1", "decline")] + [(p, "pass") for p in ("P1", "P2", "P3", "P4")])
        assert hand.finished and hand.carried == 4 and hand.pots == []
        assert hand.stacks() == {"P1": 29, "P2": 29, "P3": 29, "P4": 29}

    def test_pool_grows_with_each_refait(self) -> None:
        # the second refait in a row: 4 carried + 4 new antes
        hand = make_hand(EXAMPLE, "Th", carried=4, refaits=1)
        play(hand, [(p, "pass") for p in ("P1", "P2", "P3", "P4")])
        assert hand.carried == 8
        assert events_of(hand, "refait")[0]["number"] == 2
        assert total_chips(hand) == 200 + 4

    def test_carried_pool_is_won_by_the_next_opening(self) -> None:
        hand = make_hand(EXAMPLE, "Th", carried=8)
        play(hand, [("P1", "open", 12), ("P2", "pass"), ("P3", "pass"), ("P4", "pass")])
        # pool 8 + 4 antes + P1's own 12
        assert pots_json(hand) == [{"amount": 24, "winners": ["P1"]}]
        assert hand.stacks()["P1"] == 61 and hand.carried == 0


# ================================================================ betting


class TestBetting:
    def test_default_minimum_raise_is_one(self) -> None:
        hand = play(make_hand(EXAMPLE, "Th"), [("P1", "open", 4)])
        assert legal_json(hand) == [
            {"verb": "pass"},
            {"verb": "hold", "amount": 4},
            {"verb": "raise", "min": 5, "max": 49},
        ]
        play(hand, [("P2", "raise", 10)])
        assert legal_json(hand)[2] == {"verb": "raise", "min": 11, "max": 49}
        play(hand, [("P3", "raise", 11)])
        assert hand.vade == 11 and hand.aggressor == 2

    def test_minimum_raise_last_raise(self) -> None:
        hand = make_hand(EXAMPLE, "Th", min_raise="last_raise")
        play(hand, [("P1", "open", 4)])
        # the opening counts as a raise of its full amount
        assert legal_json(hand)[2] == {"verb": "raise", "min": 8, "max": 49}
        assert "at least 8" in unchanged_after(hand, "P2", "raise", 7)
        play(hand, [("P2", "raise", 10)])  # a raise of 6
        assert legal_json(hand)[2] == {"verb": "raise", "min": 16, "max": 49}
        play(hand, [("P3", "raise", 16)])  # again 6
        assert legal_json(hand)[2] == {"verb": "raise", "min": 22, "max": 49}

    def test_no_all_in_re_raise_for_less_than_the_minimum(self) -> None:
        hand = make_hand(EXAMPLE, "Th", stacks=[50, 8, 50, 50], min_raise="last_raise")
        play(hand, [("P1", "open", 4)])
        # P2 has 7 in all, a re-raise takes 8
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "hold", "amount": 4}]
        assert "cannot re-raise" in unchanged_after(hand, "P2", "raise", 7)

    def test_round_ends_at_the_last_aggressor(self) -> None:
        hand = make_hand(EXAMPLE, "Th")
        play(hand, [("P1", "open", 4)])
        seen = []
        for action in [("P2", "raise", 10), ("P3", "hold"), ("P4", "hold"), ("P1", "hold")]:
            seen.append(hand.to_act)
            play(hand, [action])
        assert seen == ["P2", "P3", "P4", "P1"]
        assert hand.finished  # back to P2, the last aggressor, with nobody re-raising
        assert hand.pots[0].amount == 4 + 40

    def test_opener_cannot_re_raise_himself(self) -> None:
        hand = make_hand(EXAMPLE, "Th")
        play(hand, [("P1", "open", 4), ("P2", "hold"), ("P3", "hold"), ("P4", "hold")])
        assert hand.finished
        assert [e.player for e in hand.events if e.kind in ("open", "hold", "raise")] == [
            "P1",
            "P2",
            "P3",
            "P4",
        ]

    def test_a_re_raised_opener_speaks_again_and_may_re_raise(self) -> None:
        hand = make_hand(EXAMPLE, "Th")
        play(hand, [("P1", "open", 4), ("P2", "raise", 8), ("P3", "pass"), ("P4", "pass")])
        assert hand.to_act == "P1"
        assert legal_json(hand) == [
            {"verb": "pass"},
            {"verb": "hold", "amount": 8},
            {"verb": "raise", "min": 9, "max": 49},
        ]
        play(hand, [("P1", "raise", 12)])
        assert hand.to_act == "P2"
        play(hand, [("P2", "hold")])
        assert hand.finished
        # P1's hearts 39 tie P2's diamonds 39, precedence: pool 4 + 12 + 12
        assert hand.stacks() == {"P1": 65, "P2": 37, "P3": 49, "P4": 49}

    def test_players_at_the_vade_do_not_speak_again(self) -> None:
        hand = make_hand(EXAMPLE, "Th")
        play(hand, [("P1", "open", 4), ("P2", "hold"), ("P3", "raise", 8), ("P4", "hold")])
        assert hand.to_act == "P1"
        play(hand, [("P1", "hold")])
        assert hand.to_act == "P2"
        play(hand, [("P2", "hold")])
        assert hand.finished

    def test_last_player_in_takes_everything_unshown(self) -> None:
        hand = make_hand(EXAMPLE, "Th")
        play(
            hand,
            [("P1", "open", 4), ("P2", "raise", 9), ("P3", "pass"), ("P4", "pass"), ("P1", "pass")],
        )
        assert hand.finished
        # pool 4 + 4 + 9
        assert pots_json(hand) == [{"amount": 17, "winners": ["P2"]}]
        assert hand.stacks() == {"P1": 45, "P2": 57, "P3": 49, "P4": 49}
        assert showdown_event(hand) is None
        assert events_of(hand, "pot") == [
            {"kind": "pot", "player": "P2", "amount": 17, "stage": 1, "shown": False}
        ]
        assert hand.combinations == {}

    def test_raise_not_offered_when_nobody_could_answer(self) -> None:
        hand = make_hand(EXAMPLE[:2], "Th", stacks=[50, 5])
        play(hand, [("P1", "open", 2), ("P2", "raise", 4)])  # P2 all-in
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "hold", "amount": 4}]
        assert "nobody left could answer" in unchanged_after(hand, "P1", "raise", 10)

    def test_illegal_actions_change_nothing(self) -> None:
        hand = play(make_hand(EXAMPLE, "Th"), [("P1", "open", 4)])
        assert "P2's turn" in unchanged_after(hand, "P3", "hold")
        assert "not playing" in unchanged_after(hand, "P9", "hold")
        assert "not an action" in unchanged_after(hand, "P2", "bluff")
        assert "game is open" in unchanged_after(hand, "P2", "open", 5)
        assert "sans-plus" not in unchanged_after(hand, "P2", "stand")
        assert "only hold for 4" in unchanged_after(hand, "P2", "hold", 3)
        assert "takes no amount" in unchanged_after(hand, "P2", "pass", 1)
        assert "say how much" in unchanged_after(hand, "P2", "raise")
        assert "number of chips" in unchanged_after(hand, "P2", "raise", "6")  # type: ignore[arg-type]
        unchanged_after(hand, "P2", "raise", True)
        assert hand.act("P2", "hold", 4)[0].kind == "hold"  # the exact amount is accepted

    def test_nothing_can_be_done_after_the_end(self) -> None:
        hand = play(
            make_hand(EXAMPLE, "Th"),
            [("P1", "open", 4)] + [(p, "pass") for p in ("P2", "P3", "P4")],
        )
        assert hand.legal_actions() == [] and hand.to_act is None
        assert "over" in unchanged_after(hand, "P1", "pass")


# ============================================================ short stacks


class TestShortStacks:
    def test_all_in_hold_when_short(self) -> None:
        hand = make_hand(EXAMPLE, "Th", stacks=[50, 10, 50, 50])
        play(hand, [("P1", "open", 20)])
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "hold", "amount": 9}]
        play(hand, [("P2", "hold")])
        assert hand.all_in[1] and hand.stake[1] == 9 and hand.stacks()["P2"] == 0
        play(hand, [("P3", "hold"), ("P4", "pass")])
        assert hand.finished  # P2 does not speak any more
        # P1 wins (39 ties P2's 39, precedence): pool 4 + 20 + 9 + 20
        assert pots_json(hand) == [{"amount": 53, "winners": ["P1"]}]
        assert hand.stacks() == {"P1": 82, "P2": 0, "P3": 29, "P4": 49}

    def test_tapis_plays_for_the_pool_only(self) -> None:
        cards = ["Ah Jh 8c", "Kd Ks Kc", "Ts 9s Jc", "Jd 9d 9c"]
        hand = make_hand(cards, "Th", stacks=[50, 1, 50, 50])
        play(hand, [("P1", "open", 10)])
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "hold", "amount": 0}]
        events = hand.act("P2", "hold")
        assert [e.kind for e in events] == ["tapis"]
        assert hand.all_in[1] and hand.stake[1] == 0
        play(hand, [("P3", "hold"), ("P4", "hold")])
        assert hand.finished
        # stage 1: P2's brelan of kings takes the pool 4 and nothing from the stakes.
        # stage 2 (recalculate): clubs 8c Jc 9c + P2's Kc = 37 for P3 (Jc), beats hearts 31
        assert pots_json(hand) == [
            {"amount": 4, "winners": ["P2"]},
            {"amount": 30, "winners": ["P3"]},
        ]
        assert hand.stacks() == {"P1": 39, "P2": 4, "P3": 69, "P4": 39}


# ============================================================ combinations


class TestCombinations:
    def showdown(self, cards: list[str], retourne: str, **options: Any) -> BrelanHand:
        hand = make_hand(cards, retourne, **options)
        names = hand.names
        play(hand, [(names[0], "open", hand.pool)] + [(n, "hold") for n in names[1:]])
        assert hand.finished
        return hand

    def test_square_brelan_beats_a_higher_brelan(self) -> None:
        hand = self.showdown(["As Ah Ad", "Ks Kh Kd"], "Kc")
        assert hand.combinations == {
            "P1": Combination(Category.BRELAN, 14),
            "P2": Combination(Category.SQUARE, 13),
        }
        assert hand.pots[0].winners == ("P2",)
        assert "square brelan" in events_of(hand, "pot")[0]["by"]

    def test_brelan_beats_any_point(self) -> None:
        hand = self.showdown(["Ah Kh Qh", "8s 8h 8d"], "Jh")
        # hearts Ah Kh Qh Jh and P2's 8h = 49
        assert hand.combinations["P1"] == Combination(Category.POINT, 49, "h")
        assert hand.pots[0].winners == ("P2",)

    def test_higher_brelan_wins(self) -> None:
        hand = self.showdown(["8s 8h 8d", "As Ah Ad", "9s 9h 9d"], "Kc")
        assert hand.pots[0].winners == ("P2",)
        assert events_of(hand, "pot")[0]["by"] == "brelan of aces"

    def test_two_cards_and_the_retourne_are_not_a_brelan(self) -> None:
        hand = self.showdown(["Ks Kh 9d", "Ah Qh Jh"], "Kd")
        # P1: spades 10, diamonds 9d + Kd = 19; P2: hearts Kh Ah Qh Jh = 41
        assert hand.combinations["P1"] == Combination(Category.POINT, 19, "d")
        assert hand.combinations["P2"] == Combination(Category.POINT, 41, "h")
        assert hand.pots[0].winners == ("P2",)

    def test_point_counts_folded_cards_and_the_retourne(self) -> None:
        hand = make_hand(["Kc Qc Jc", "9c 8h 8d", "Ts 9s 8s"], "Ac")
        play(hand, [("P1", "open", 3), ("P2", "hold"), ("P3", "hold")])
        # nobody folded: P1 owns clubs: Kc Qc Jc 9c Ac = 50
        assert hand.combinations["P1"] == Combination(Category.POINT, 50, "c")
        hand = make_hand(["Kc Qc Jc", "9c 8h 8d", "Ts 9s 8s"], "Ac")
        play(
            hand,
            [("P1", "open", 3), ("P2", "hold"), ("P3", "raise", 4), ("P1", "pass"), ("P2", "hold")],
        )
        # P1 folded: P2's 9c is the highest club still in and counts all five clubs
        assert hand.combinations["P2"] == Combination(Category.POINT, 50, "c")
        assert hand.combinations["P3"] == Combination(Category.POINT, 27, "s")
        assert hand.pots[0].winners == ("P2",)

    def test_a_suit_nobody_still_in_holds_is_owned_by_nobody(self) -> None:
        hand = self.showdown(["Ah Kh Qh", "As Ks Qs"], "Jd")
        assert suit_owners(hand) == {
            "s": ("P2", 31),
            "h": ("P1", 31),
            "d": (None, 0),
            "c": (None, 0),
        }

    def test_a_player_owning_no_suit_has_point_zero(self) -> None:
        hand = self.showdown(EXAMPLE, "Th")
        # P3's Jc beats P4's 9c: P4 owns nothing
        assert hand.combinations["P4"] == Combination(Category.POINT, 0, None)
        assert hand.combinations["P4"].describe() == "point 0 (owns no suit)"
        assert hand.combinations["P3"] == Combination(Category.POINT, 27, "c")

    def test_best_suit_counts(self) -> None:
        hand = self.showdown(["Ah 9h Kd", "8h Qd 9s"], "Th")
        # P1 owns hearts (Ah 9h 8h Th = 38) and diamonds (Kd Qd = 20): his point is 38
        assert hand.combinations["P1"] == Combination(Category.POINT, 38, "h")
        assert hand.combinations["P2"] == Combination(Category.POINT, 9, "s")


# ============================================================== precedence


class TestPrecedence:
    TIE: ClassVar[list[str]] = [
        "Ah 9h 8s",
        "Ad 9d 8c",
    ]  # hearts 20 for P1, diamonds 20 for P2, retourne Ks

    def test_equal_points_go_to_the_first_in_order(self) -> None:
        hand = play(make_hand(self.TIE, "Ks"), [("P1", "open", 2), ("P2", "hold")])
        assert hand.combinations["P1"].value == hand.combinations["P2"].value == 20
        assert hand.pots[0].winners == ("P1",)

    def test_precedence_does_not_depend_on_the_opener(self) -> None:
        hand = play(make_hand(self.TIE, "Ks"), [("P1", "pass"), ("P2", "open", 2), ("P1", "hold")])
        assert hand.pots[0].winners == ("P1",)
        hand = play(
            make_hand(self.TIE, "Ks"), [("P1", "open", 2), ("P2", "raise", 5), ("P1", "hold")]
        )
        assert hand.pots[0].winners == ("P1",)

    def test_the_dealer_is_last(self) -> None:
        # P1 folds his Th Td Tc (a folded brelan counts for nothing but its points)
        cards = ["Th Td Tc", "Ah 9h 8s", "Ad 9d 8c"]
        hand = play(
            make_hand(cards, "Ks"),
            [("P1", "pass"), ("P2", "pass"), ("P3", "open", 3), ("P1", "pass"), ("P2", "hold")],
        )
        # hearts Ah 9h Th = 30 for P2, diamonds Ad 9d Td = 30 for the dealer P3
        assert hand.combinations == {
            "P2": Combination(Category.POINT, 30, "h"),
            "P3": Combination(Category.POINT, 30, "d"),
        }
        assert hand.pots[0].winners == ("P2",)

    def test_the_carre_does_not_change_precedence(self) -> None:
        hand = make_hand(self.TIE, "Ks", game="bouillotte", stacks=20, deck="28")
        play(hand, [("P1", "carre"), ("P2", "carre"), ("P1", "decline")])
        # the contre-carrer P2 speaks last: P1 first
        assert hand.to_act == "P1"
        play(hand, [("P1", "hold")])
        assert hand.to_act == "P2"
        assert legal_json(hand) == [
            {"verb": "hold", "amount": 4},
            {"verb": "raise", "min": 5, "max": 19},
        ]
        play(hand, [("P2", "hold")])
        assert hand.finished
        assert pots_json(hand) == [{"amount": 10, "winners": ["P1"]}]
        assert hand.stacks() == {"P1": 25, "P2": 15}


# =============================================================== side pots

#: Stage 1 won by P1's brelan of nines; P2's hearts win stage 2; at stage 3 neither P3 nor P4
#: holds a heart.
BRELAN_STAGE_1 = ["9s 9h 9d", "Ah Kh Qh", "Js 8d 8c", "As Kd Qc"]
BRELAN_STAGE_1_ACTIONS = [
    ("P1", "pass"),
    ("P2", "open", 15),
    ("P3", "raise", 30),
    ("P4", "hold"),
    ("P1", "hold"),
]


class TestSidePots:
    @pytest.mark.parametrize(
        ("rule", "stage3", "p3", "p4"),
        [("recalculate", "P4", 19, 49), ("fixed", "P4", 19, 49), ("single_suit", "P3", 49, 19)],
    )
    def test_stage_one_won_by_a_brelan(self, rule: str, stage3: str, p3: int, p4: int) -> None:
        hand = make_hand(BRELAN_STAGE_1, "Th", stacks=[6, 16, 50, 50], pot_rule=rule)
        play(hand, BRELAN_STAGE_1_ACTIONS)
        assert hand.finished
        assert hand.stake == [0, 0, 0, 0]
        # stakes 5, 15, 30, 30 and the pool 4
        # stage 1: 4 + 5 * 4 = 24; stage 2: 10 * 3 = 30 (hearts 9h Ah Kh Qh Th = 50);
        # stage 3 between P3 and P4 (15 each): spades 9s Js As = 30 for P4 when recalculated
        # or fixed; under single_suit hearts is the only suit and nobody holds one:
        # precedence gives it to P3
        assert pots_json(hand) == [
            {"amount": 24, "winners": ["P1"]},
            {"amount": 30, "winners": ["P2"]},
            {"amount": 30, "winners": [stage3]},
        ]
        assert hand.stacks() == {"P1": 24, "P2": 30, "P3": p3, "P4": p4}
        assert [e["stage"] for e in events_of(hand, "pot")] == [1, 2, 3]
        assert events_of(hand, "pot")[0]["by"] == "brelan of 9s"

    def test_bouillotte_default_is_single_suit(self) -> None:
        hand = make_hand(
            BRELAN_STAGE_1, "Th", game="bouillotte", deck="28", stacks=[6, 16, 50, 50], brelan_pay=0
        )
        play(hand, [("P1", "decline"), *BRELAN_STAGE_1_ACTIONS])
        assert hand.finished
        assert [p.winners[0] for p in hand.pots] == ["P1", "P2", "P3"]

    def test_stakes_are_taken_at_most_up_to_the_winners_stake(self) -> None:
        hand = make_hand(POT_RULES, "Qh", stacks=[11, 50, 50, 50])
        play(hand, [("P1", "open", 10), ("P2", "raise", 30), ("P3", "hold"), ("P4", "pass")])
        first = events_of(hand, "pot")[0]
        assert first == {
            "kind": "pot",
            "player": "P1",
            "amount": 34,
            "stage": 1,
            "shown": True,
            "by": "point 39 in hearts",
            "combo": {"kind": "point", "value": 39, "suit": "h"},
        }
        assert total_chips(hand) == 161


# ========================================================= brelan payments


class TestBrelanPayments:
    ACTIONS: ClassVar[list[tuple[Any, ...]]] = [
        ("P1", "decline"),
        ("P1", "open", 4),
        ("P2", "hold"),
        ("P3", "hold"),
        ("P4", "pass"),
        ("P2", "stand"),
        ("P3", "stand"),
    ]

    def bouillotte(self, cards: list[str], retourne: str, **kw: Any) -> BrelanHand:
        hand = make_hand(cards, retourne, game="bouillotte", **{"stacks": 30, **kw})
        return play(hand, self.ACTIONS)

    def test_bouillotte_pays_two_per_brelan_and_equal_holders_cancel(self) -> None:
        hand = self.bouillotte(BRELANS, "9s")
        assert pots_json(hand) == [{"amount": 16, "winners": ["P1"]}]
        # P1 and P2 owe each other 2: nothing changes hands; P3 and folded P4 pay both
        assert payments_json(hand) == [
            {"from": "P3", "to": "P1", "amount": 2},
            {"from": "P3", "to": "P2", "amount": 2},
            {"from": "P4", "to": "P1", "amount": 2},
            {"from": "P4", "to": "P2", "amount": 2},
        ]
        assert hand.stacks() == {"P1": 45, "P2": 29, "P3": 21, "P4": 25}
        assert [(e["player"], e["to"]) for e in events_of(hand, "payment")] == [
            ("P3", "P1"),
            ("P3", "P2"),
            ("P4", "P1"),
            ("P4", "P2"),
        ]

    def test_square_brelan_pays_four_and_nets_against_a_brelan(self) -> None:
        hand = self.bouillotte(BRELANS, "Kc")
        assert hand.combinations["P2"] == Combination(Category.SQUARE, 13)
        assert pots_json(hand) == [{"amount": 16, "winners": ["P2"]}]
        assert payments_json(hand) == [
            {"from": "P1", "to": "P2", "amount": 2},  # 4 owed, 2 owed back
            {"from": "P3", "to": "P1", "amount": 2},
            {"from": "P3", "to": "P2", "amount": 4},
            {"from": "P4", "to": "P1", "amount": 2},
            {"from": "P4", "to": "P2", "amount": 4},
        ]
        assert hand.stacks() == {"P1": 27, "P2": 51, "P3": 19, "P4": 23}

    def test_never_below_zero_and_in_order_of_precedence(self) -> None:
        hand = self.bouillotte(BRELANS, "9s", stacks=[30, 30, 8, 30])
        # P3 has 3 left: 2 to P1 first, then 1 to P2
        assert payments_json(hand)[:2] == [
            {"from": "P3", "to": "P1", "amount": 2},
            {"from": "P3", "to": "P2", "amount": 1},
        ]
        assert hand.stacks() == {"P1": 45, "P2": 28, "P3": 0, "P4": 25}

    def test_a_folded_brelan_earns_nothing_and_pays(self) -> None:
        cards = ["As Ah Ad", "Ks Kh Kd", "Qs Qh Td", "Js Jh Jd"]
        hand = self.bouillotte(cards, "9s")
        assert "P4" not in hand.combinations
        assert payments_json(hand) == [
            {"from": "P3", "to": "P1", "amount": 2},
            {"from": "P3", "to": "P2", "amount": 2},
            {"from": "P4", "to": "P1", "amount": 2},
            {"from": "P4", "to": "P2", "amount": 2},
        ]

    def test_rates_are_options(self) -> None:
        hand = self.bouillotte(BRELANS, "9s", brelan_pay=3)
        assert [p.amount for p in hand.payments] == [3, 3, 3, 3]
        hand = self.bouillotte(BRELANS, "Kc", brelan_pay=1, square_pay=5)
        assert payments_json(hand)[0] == {"from": "P1", "to": "P2", "amount": 4}

    def test_brelan_default_is_off(self) -> None:
        hand = make_hand(BRELANS, "9s", deck="24", stacks=30)
        play(hand, [("P1", "open", 4), ("P2", "hold"), ("P3", "hold"), ("P4", "pass")])
        assert hand.finished and hand.payments == []
        assert hand.stacks() == {"P1": 41, "P2": 25, "P3": 25, "P4": 29}

    def test_brelan_with_payments_on(self) -> None:
        hand = make_hand(BRELANS, "9s", deck="24", stacks=30, brelan_pay=2)
        play(hand, [("P1", "open", 4), ("P2", "hold"), ("P3", "hold"), ("P4", "pass")])
        assert len(hand.payments) == 4

    def test_no_payment_without_a_showdown(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30)
        play(
            hand,
            [("P1", "decline"), ("P1", "open", 4), ("P2", "pass"), ("P3", "pass"), ("P4", "pass")],
        )
        assert hand.payments == [] and showdown_event(hand) is None
        assert hand.stacks()["P1"] == 33


# ==================================================================== carre


class TestCarre:
    def test_off_in_brelan_by_default(self) -> None:
        hand = make_hand(FIVE, "Th", deck="28")
        assert phase(hand) is Phase.OPENING
        assert verbs(hand) == ["pass", "open"]
        unchanged_after(hand, "P1", "carre")

    def test_free_in_bouillotte(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30)
        assert phase(hand) is Phase.CARRE
        assert legal_json(hand) == [{"verb": "carre", "amount": 4}, {"verb": "decline"}]
        assert "carre comes first" in unchanged_after(hand, "P1", "open", 4)
        events = hand.act("P1", "decline")
        assert [e.kind for e in events] == ["decline", "deal"]
        assert phase(hand) is Phase.OPENING and hand.to_act == "P1"
        assert verbs(hand) == ["pass", "open"]

    def test_forced_carre(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30, carre="forced")
        assert legal_json(hand) == [{"verb": "carre", "amount": 4}]
        unchanged_after(hand, "P1", "decline")
        play(hand, [("P1", "carre")])
        # further levels stay free
        assert legal_json(hand) == [{"verb": "carre", "amount": 8}, {"verb": "decline"}]

    def test_forced_carre_only_when_affordable(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=[3, 30, 30, 30], carre="forced")
        assert phase(hand) is Phase.OPENING
        assert legal_json(hand) == [{"verb": "pass"}, {"verb": "open", "min": 2, "max": 2}]

    def test_chain_carre_stops_at_the_first_player(self) -> None:
        hand = make_hand(FIVE, "Th", game="bouillotte", stacks=30, carre_chain="carre")
        play(hand, [("P1", "carre")])
        assert phase(hand) is Phase.BETTING and hand.to_act == "P2"
        assert legal_json(hand) == [
            {"verb": "pass"},
            {"verb": "hold", "amount": 5},
            {"verb": "raise", "min": 6, "max": 29},
        ]

    def test_academie_closes_after_the_sur_carre(self) -> None:
        hand = make_hand(FIVE, "Th", game="bouillotte", stacks=100)
        play(hand, [("P1", "carre"), ("P2", "carre"), ("P1", "carre")])
        assert phase(hand) is Phase.BETTING and hand.to_act == "P2"
        assert verbs(hand) == ["pass", "hold", "raise"]

    def test_declined_contre_carre_ends_the_chain(self) -> None:
        hand = make_hand(FIVE, "Th", game="bouillotte", stacks=30)
        play(hand, [("P1", "carre"), ("P2", "decline")])
        assert phase(hand) is Phase.BETTING and hand.to_act == "P2"
        assert legal_json(hand)[1] == {"verb": "hold", "amount": 5}

    def test_unaffordable_step_is_not_offered(self) -> None:
        hand = make_hand(FIVE, "Th", game="bouillotte", stacks=[30, 10, 30, 30, 30])
        play(hand, [("P1", "carre")])
        # P2 has 9, the contre-carre takes 10: the chain ends
        assert phase(hand) is Phase.BETTING and hand.to_act == "P2"

    def test_pagat_chain_buy_backs_and_forward_steps(self) -> None:
        hand = make_hand(FIVE, "Th", game="bouillotte", stacks=100, carre_chain="pagat")
        offers = []
        for who, verb in [
            ("P1", "carre"),
            ("P2", "carre"),
            ("P1", "decline"),
            ("P3", "carre"),
            ("P2", "decline"),
            ("P4", "carre"),
            ("P3", "decline"),
            ("P5", "carre"),
        ]:
            offers.append((hand.to_act, legal_json(hand)[0]["amount"]))
            play(hand, [(who, verb)])
        assert offers == [
            ("P1", 5),
            ("P2", 10),
            ("P1", 20),
            ("P3", 20),
            ("P2", 40),
            ("P4", 40),
            ("P3", 80),
            ("P5", 80),
        ]
        # P4 cannot buy back for 160 (99 in all) and nobody comes after the dealer: the chain
        # is closed; P5 speaks last
        assert phase(hand) is Phase.BETTING
        assert hand.stake == [5, 10, 20, 40, 80]
        assert hand.to_act == "P1"

    def test_pagat_buy_back_closes_the_chain(self) -> None:
        hand = make_hand(FIVE, "Th", game="bouillotte", stacks=100, carre_chain="pagat")
        play(
            hand,
            [("P1", "carre"), ("P2", "carre"), ("P1", "decline"), ("P3", "carre"), ("P2", "carre")],
        )
        assert phase(hand) is Phase.BETTING
        assert hand.stake == [5, 40, 20, 0, 0]
        # P2 carred last: the first to speak is P3
        assert hand.to_act == "P3"
        assert legal_json(hand)[1] == {"verb": "hold", "amount": 40}

    def test_pagat_unaffordable_buy_back_passes_forward(self) -> None:
        hand = make_hand(
            FIVE, "Th", game="bouillotte", stacks=[10, 100, 100, 100, 100], carre_chain="pagat"
        )
        play(hand, [("P1", "carre"), ("P2", "carre")])
        # P1 has 9 in all and cannot buy back for 20: the offer passes to P3
        assert hand.to_act == "P3"
        assert legal_json(hand) == [{"verb": "carre", "amount": 20}, {"verb": "decline"}]
        play(hand, [("P3", "decline")])  # a forward step declined ends the chain
        assert phase(hand) is Phase.BETTING and hand.to_act == "P3"

    def test_pagat_with_three_players_ends_at_the_dealer(self) -> None:
        hand = make_hand(FIVE[:3], "Th", game="bouillotte", stacks=100, carre_chain="pagat")
        play(
            hand,
            [
                ("P1", "carre"),
                ("P2", "carre"),
                ("P1", "decline"),
                ("P3", "carre"),
                ("P2", "decline"),
            ],
        )
        assert phase(hand) is Phase.BETTING and hand.stake == [3, 6, 12]
        assert hand.to_act == "P1"

    def test_carre_is_the_opening_no_refait(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30)
        play(
            hand,
            [("P1", "carre"), ("P2", "decline"), ("P2", "pass"), ("P3", "pass"), ("P4", "pass")],
        )
        assert hand.finished and hand.carried == 0
        # pool 4 + P1's own 4
        assert pots_json(hand) == [{"amount": 8, "winners": ["P1"]}]
        assert hand.stacks() == {"P1": 33, "P2": 29, "P3": 29, "P4": 29}
        assert events_of(hand, "refait") == []

    def test_carre_amount_is_the_pool_with_carried_chips(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30, carried=6)
        assert legal_json(hand)[0] == {"verb": "carre", "amount": 10}
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30, ante=0)
        assert legal_json(hand)[0] == {"verb": "carre", "amount": 1}

    def test_the_carrer_may_re_raise_when_the_turn_comes_back(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30)
        play(
            hand,
            [("P1", "carre"), ("P2", "decline"), ("P2", "hold"), ("P3", "pass"), ("P4", "pass")],
        )
        assert hand.to_act == "P1"
        assert legal_json(hand) == [
            {"verb": "hold", "amount": 4},
            {"verb": "raise", "min": 5, "max": 29},
        ]
        unchanged_after(hand, "P1", "pass")
        play(hand, [("P1", "raise", 10)])
        assert hand.to_act == "P2"
        play(hand, [("P2", "hold")])
        # the carrer's turn is used up: back at P1, the last aggressor, betting is over
        assert hand.finished
        assert pots_json(hand) == [{"amount": 24, "winners": ["P1"]}]

    def test_the_carrer_may_stand_on_his_closing_turn(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30)
        play(
            hand,
            [
                ("P1", "carre"),
                ("P2", "decline"),
                ("P2", "hold"),
                ("P3", "pass"),
                ("P4", "pass"),
                ("P1", "stand"),
            ],
        )
        assert hand.finished
        assert events_of(hand, "hold")[-1] == {
            "kind": "hold",
            "player": "P1",
            "stake": 4,
            "all_in": False,
        }

    def test_carrer_short_of_chips_cannot_raise(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=[5, 30, 30, 30])
        play(hand, [("P1", "carre"), ("P2", "decline")])  # P1 stakes his last 4
        assert hand.all_in[0]
        play(hand, [("P2", "hold"), ("P3", "hold"), ("P4", "hold")])
        # P1 is all-in: no closing turn; the sans-plus round runs between P2, P3, P4
        assert phase(hand) is Phase.SANS_PLUS and hand.to_act == "P2"


# ================================================================ sans plus


class TestSansPlus:
    def start(self, **options: Any) -> BrelanHand:
        hand = make_hand(EXAMPLE, "Th", game="bouillotte", stacks=30, deck="28", **options)
        return play(
            hand,
            [("P1", "decline"), ("P1", "open", 4), ("P2", "hold"), ("P3", "hold"), ("P4", "hold")],
        )

    def test_runs_with_more_than_two_able_players(self) -> None:
        hand = self.start()
        assert phase(hand) is Phase.SANS_PLUS and hand.to_act == "P2"
        assert legal_json(hand) == [{"verb": "stand"}, {"verb": "raise", "min": 5, "max": 29}]
        assert "sans-plus round" in unchanged_after(hand, "P2", "hold")
        play(hand, [("P2", "stand"), ("P3", "stand"), ("P4", "stand")])
        # the last aggressor P1 does not speak
        assert hand.finished
        assert pots_json(hand) == [{"amount": 20, "winners": ["P1"]}]
        assert hand.stacks() == {"P1": 45, "P2": 25, "P3": 25, "P4": 25}
        assert event_kinds(hand).count("sans_plus_round") == 1
        assert event_kinds(hand).count("stand") == 3

    def test_not_with_two_able_players(self) -> None:
        hand = make_hand(EXAMPLE, "Th", game="bouillotte", stacks=30, deck="28")
        play(
            hand,
            [("P1", "decline"), ("P1", "open", 4), ("P2", "hold"), ("P3", "pass"), ("P4", "pass")],
        )
        assert hand.finished and "sans_plus_round" not in event_kinds(hand)

    def test_all_in_players_do_not_count(self) -> None:
        hand = make_hand(EXAMPLE, "Th", game="bouillotte", stacks=[30, 30, 3, 30], deck="28")
        play(
            hand,
            [("P1", "decline"), ("P1", "open", 4), ("P2", "hold"), ("P3", "hold"), ("P4", "pass")],
        )
        assert hand.all_in[2]
        assert hand.finished and "sans_plus_round" not in event_kinds(hand)

    def test_a_re_raise_restarts_the_rounds_then_another_sans_plus_round(self) -> None:
        hand = self.start()
        play(hand, [("P2", "stand"), ("P3", "raise", 8)])
        assert phase(hand) is Phase.BETTING
        assert [e for e in events_of(hand, "raise")] == [
            {"kind": "raise", "player": "P3", "stake": 8, "all_in": False, "sans_plus": True}
        ]
        spoken = []
        for verb in ("hold", "hold", "pass"):
            spoken.append(hand.to_act)
            play(hand, [(hand.to_act, verb)])
        assert spoken == ["P4", "P1", "P2"]
        # a new sans-plus round from the player after P3, the new last aggressor
        assert phase(hand) is Phase.SANS_PLUS and hand.to_act == "P4"
        play(hand, [("P4", "stand"), ("P1", "stand")])
        assert hand.finished
        assert event_kinds(hand).count("sans_plus_round") == 2
        # pool 4 + 8 + 4 + 8 + 8: P1 (hearts 39) beats P3 and P4
        assert pots_json(hand) == [{"amount": 32, "winners": ["P1"]}]

    def test_sans_plus_after_the_carrers_closing_hold(self) -> None:
        hand = make_hand(EXAMPLE, "Th", game="bouillotte", stacks=30, deck="28")
        play(
            hand,
            [
                ("P1", "carre"),
                ("P2", "decline"),
                ("P2", "hold"),
                ("P3", "hold"),
                ("P4", "hold"),
                ("P1", "hold"),
            ],
        )
        assert phase(hand) is Phase.SANS_PLUS and hand.to_act == "P2"
        play(hand, [("P2", "stand"), ("P3", "stand"), ("P4", "stand")])
        assert hand.finished

    def test_brelan_has_no_sans_plus_round_unless_asked(self) -> None:
        hand = play(make_hand(EXAMPLE, "Th"), [("P1", "open", 4), ("P2", "hold"), ("P3", "hold")])
        play(hand, [("P4", "hold")])
        assert hand.finished
        hand = play(
            make_hand(EXAMPLE, "Th", sans_plus=True),
            [("P1", "open", 4), ("P2", "hold"), ("P3", "hold"), ("P4", "hold")],
        )
        assert phase(hand) is Phase.SANS_PLUS and hand.to_act == "P2"

    def test_bouillotte_without_sans_plus(self) -> None:
        hand = self.start(sans_plus=False)
        assert hand.finished


# ================================================================= flambeau


class TestFlambeau:
    def test_the_first_carrer_puts_one_chip(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30, flambeau=True)
        play(hand, [("P1", "carre"), ("P2", "carre"), ("P1", "decline")])
        assert hand.flambeau == 1
        assert payments_json(hand) == [{"from": "P1", "to": "flambeau", "amount": 1}]
        assert hand.stacks() == {"P1": 24, "P2": 21, "P3": 29, "P4": 29}
        play(hand, [("P3", "pass"), ("P4", "pass"), ("P1", "pass")])
        assert hand.finished
        # P2 takes the pool 4 and the stakes 4 + 8; one chip is in the jar
        assert pots_json(hand) == [{"amount": 16, "winners": ["P2"]}]
        assert hand.summary()["payments"] == [{"from": "P1", "to": "flambeau", "amount": 1}]
        assert total_chips(hand) == 120

    def test_the_carrer_must_afford_the_flambeau_chip(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=[5, 30, 30, 30], flambeau=True)
        assert phase(hand) is Phase.OPENING
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=[5, 30, 30, 30])
        assert phase(hand) is Phase.CARRE

    def test_each_brelan_shown_puts_two_after_the_payments(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30, flambeau=True)
        play(hand, TestBrelanPayments.ACTIONS)
        assert payments_json(hand)[-2:] == [
            {"from": "P1", "to": "flambeau", "amount": 2},
            {"from": "P2", "to": "flambeau", "amount": 2},
        ]
        assert len(hand.payments) == 6
        assert hand.flambeau == 4
        assert hand.stacks() == {"P1": 43, "P2": 27, "P3": 21, "P4": 25}

    @pytest.mark.parametrize(("refaits", "jar"), [(0, 1), (1, 0), (2, 2), (3, 0), (6, 0)])
    def test_refaits_one_none_two(self, refaits: int, jar: int) -> None:
        hand = make_hand(EXAMPLE, "Th", flambeau=True, carried=4 * refaits, refaits=refaits)
        play(hand, [(p, "pass") for p in ("P1", "P2", "P3", "P4")])
        assert hand.flambeau == jar
        assert hand.carried == 4 * refaits + 4 - jar
        expected = [{"from": "pool", "to": "flambeau", "amount": jar}] if jar else []
        assert payments_json(hand) == expected
        assert total_chips(hand) == 200 + 4 * refaits

    def test_off_by_default(self) -> None:
        hand = play(make_hand(EXAMPLE, "Th"), [(p, "pass") for p in ("P1", "P2", "P3", "P4")])
        assert hand.flambeau == 0 and hand.payments == []
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30)
        play(hand, [("P1", "carre")])
        assert hand.flambeau == 0


# ================================================================== events


class TestEvents:
    def test_showdown_reveals_every_hand_including_folded(self) -> None:
        hand = play(
            make_hand(EXAMPLE, "Th"),
            [("P1", "open", 4), ("P2", "hold"), ("P3", "pass"), ("P4", "hold")],
        )
        assert revealed(hand) == {
            "P1": (["Ah", "Jh", "8c"], False),
            "P2": (["Kd", "Qd", "8h"], False),
            "P3": (["Ts", "9s", "Jc"], True),
            "P4": (["Jd", "9d", "9c"], False),
        }
        shown = showdown_event(hand)
        assert shown is not None and shown["retourne"] == "Th"
        assert shown["combinations"] == {
            "P1": "point 39 in hearts",
            "P2": "point 39 in diamonds",
            "P4": "point 27 in clubs",
        }
        kinds = event_kinds(hand)
        assert kinds == ["ante", "deal", "open", "hold", "fold", "hold", "showdown", "pot", "end"]
        assert hand.events[-1].to_json() == {
            "kind": "end",
            "stacks": {"P1": 61, "P2": 45, "P3": 49, "P4": 45},
            "carried": 0,
        }
        assert events_of(hand, "deal") == [{"kind": "deal", "retourne": "Th"}]
        assert events_of(hand, "fold") == [{"kind": "fold", "player": "P3", "stake": 0}]

    def test_act_returns_its_own_events(self) -> None:
        hand = make_hand(EXAMPLE, "Th")
        assert [e.to_json() for e in hand.act("P1", "open", 4)] == [
            {"kind": "open", "player": "P1", "stake": 4, "all_in": False}
        ]
        assert [e.kind for e in hand.act("P2", "pass")] == ["fold"]

    def test_no_card_is_public_before_the_showdown(self) -> None:
        hand = make_hand(BRELANS, "9s", game="bouillotte", stacks=30)
        view = hand.public_view()
        assert view["retourne"] is None  # the carre comes before the cards are seen
        assert all(p["cards"] is None for p in view["players"])
        play(hand, [("P1", "decline")])
        assert hand.public_view()["retourne"] == "9s"
        play(hand, TestBrelanPayments.ACTIONS[1:])
        assert hand.public_view()["players"][3]["cards"] == ["Js", "Jh", "Td"]

    def test_uncontested_win_shows_nothing(self) -> None:
        hand = make_hand(EXAMPLE, "Th")
        play(hand, [("P1", "open", 4), ("P2", "pass"), ("P3", "pass"), ("P4", "pass")])
        assert all(p["cards"] is None for p in hand.public_view()["players"])
        assert showdown_event(hand) is None
