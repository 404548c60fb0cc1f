"""Brag across deals: pack continuity, dealer rotation, carried pots, kept hands, replay of a
whole session from its hand records, and the dealer's choice."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from typing import Any

import pytest

from bot.games.base import Action, HandRecord
from bot.games.brag import EXTRA_KEYS, start_hand
from bot.games.brag_bench import random_action
from bot.games.brag_session import (
    BragSession,
    can_choose_variant,
    change_game_approved,
    choose_variant,
)
from bot.games.cards import Shuffler, parse_card
from bot.games.errors import IllegalAction, SetupError

PLAYERS = {"Ann": 40, "Bob": 40, "Cid": 40, "Dee": 40, "Eve": 40}


def play_session(
    seed: int, options: dict[str, Any], deals: int = 60
) -> tuple[list[tuple[str, dict[str, Any], list[str], bool]], BragSession]:
    """Play a seeded session; per deal: (record as JSON, summary, pack after, prial shown)."""
    rng = random.Random(seed)
    shuffler = Shuffler(seed=seed)
    session = BragSession.start(PLAYERS, options)
    log: list[tuple[str, dict[str, Any], list[str], bool]] = []
    for _ in range(deals):
        if session.over:
            break
        rec = session.next_hand_record(shuffler)
        hand = start_hand(rec)
        while not hand.finished:
            player, verb, amount = random_action(hand, rng)
            hand.act(player, verb, amount)
            rec.actions.append(Action(player, verb, amount))
        log.append(
            (
                json.dumps(rec.to_json()),
                hand.summary(),
                [c.code for c in hand.pack_after()],
                hand.prial_shown,
            )
        )
        session = session.after_hand(hand)
    return log, session


def dealt_pack(raw: dict[str, Any]) -> list[str]:
    """The pack as it was before the deal: cards dealt one at a time, then the rest."""
    names = [p["name"] for p in raw["players"]]
    k = len(raw["hands"][names[0]])
    dealt = [raw["hands"][names[i]][j] for j in range(k) for i in range(len(names))]
    return dealt + raw["deck"]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"cards": 4, "wild": "joker", "common_showdown": True},
        {"blind_keep": "face_up", "ante": 2, "max_raise": 3},
        {"cards": 5, "blind_allowed": False, "see_cost": "equal"},
    ],
)
def test_a_seeded_session_replays_exactly_from_its_records(options: dict[str, Any]) -> None:
    log, final = play_session(11, options)
    assert len(log) >= 20
    total = sum(PLAYERS.values())
    previous: tuple[list[str], bool] | None = None
    for text, summary, pack, prial in log:
        raw = json.loads(text)
        hand = start_hand(HandRecord.from_json(raw, extra_keys=EXTRA_KEYS))
        for action in HandRecord.from_json(raw, extra_keys=EXTRA_KEYS).actions:
            hand.act(action.player, action.verb, action.amount)
        assert hand.summary() == summary
        assert [c.code for c in hand.pack_after()] == pack
        kept = [c for cards in raw.get("kept", {}).values() for c in cards]
        # no shuffle unless the previous deal ended with a prial shown: the pack goes on
        if previous is not None and not previous[1] and not options.get("shuffle_every_hand"):
            assert dealt_pack(raw) == previous[0]
        assert len(set(dealt_pack(raw) + kept)) == len(dealt_pack(raw) + kept)
        after_kept = [c.code for h in hand.kept_after.values() for c in h]
        assert sorted(pack + after_kept) == sorted(dealt_pack(raw) + kept)
        previous = (pack, prial)
    assert sum(final.stacks) + final.carried == total
    # the same seed gives the same session
    again, _ = play_session(11, options)
    assert again == log


def test_chips_and_cards_are_conserved_over_a_session() -> None:
    _log, final = play_session(5, {"ante": 1}, deals=80)
    total = sum(PLAYERS.values())
    assert sum(final.stacks) + final.carried == total
    kept = [c for h in final.kept.values() for c in h]
    assert len(final.deck) + len(kept) == 52
    assert len({*final.deck, *kept}) == 52


def test_prial_shown_reshuffles_the_next_deal() -> None:
    found = False
    for seed in range(40):
        log, _ = play_session(seed, {}, deals=40)
        for (_, _, pack, prial), (text, _, _, _) in itertools.pairwise(log):
            if prial:
                found = True
                raw = json.loads(text)
                assert dealt_pack(raw) != pack  # shuffled (the odds of the same order are nil)
        if found:
            break
    assert found


def test_shuffle_every_hand() -> None:
    log, _ = play_session(3, {"shuffle_every_hand": True}, deals=10)
    for (_, _, pack, _), (text, _, _, _) in itertools.pairwise(log):
        assert dealt_pack(json.loads(text)) != pack


def test_dealer_and_play_pass_to_the_left() -> None:
    s = BragSession.start({"A": 5, "B": 5, "C": 5})
    assert s.order() == ["A", "B", "C"]
    rec = s.next_hand_record(Shuffler(seed=2))
    hand = start_hand(rec)
    hand.act("A", "look")
    hand.act("A", "fold")
    hand.act("B", "look")
    hand.act("B", "fold")
    hand.act("C", "throw")  # C, blind, won uncontested: the pot is carried, his hand thrown
    s = s.after_hand(hand)
    assert s.order() == ["B", "C", "A"]
    # the pack goes on: A's and B's folded hands, then C's, went to the bottom
    assert [c.code for c in s.deck[-9:]] == [c.code for n in "ABC" for c in rec.hands[n]]


def test_players_without_chips_sit_out_and_the_session_ends() -> None:
    s = BragSession.start({"A": 5, "B": 0, "C": 5})
    assert s.order() == ["A", "C"]
    s2 = BragSession.start({"A": 5, "B": 0})
    assert s2.over
    with pytest.raises(SetupError, match="the session is over"):
        s2.next_hand_record(Shuffler(seed=1))


def test_carried_pot_and_kept_hand_go_to_the_next_deal() -> None:
    s = BragSession.start({"A": 20, "B": 20, "C": 20})
    rec = s.next_hand_record(Shuffler(seed=4))
    hand = start_hand(rec)
    for who in ("A", "B"):
        hand.act(who, "fold")
    hand.act("C", "keep")
    s = s.after_hand(hand)
    rec2 = s.next_hand_record()
    assert rec2.carried == 3 and rec2.extra["kept"] == {"C": [c.code for c in rec.hands["C"]]}
    hand2 = start_hand(rec2)
    assert len(hand2.held[hand2.index["C"]]) == 2
    assert s.to_json() == BragSession.from_json(json.loads(json.dumps(s.to_json()))).to_json()


def test_session_setup_errors() -> None:
    with pytest.raises(SetupError, match="2 to 8 players, not 9"):
        BragSession.start({f"P{i}": 5 for i in range(9)})
    assert len(BragSession.start({f"P{i}": 5 for i in range(12)}, max_seats=17).seats) == 12


# ------------------------------------------------------------ dealer's choice


def test_variant_may_change_only_after_a_full_round_of_deals() -> None:
    s = BragSession.start({"A": 50, "B": 50, "C": 50})
    assert not can_choose_variant(s)
    shuffler = Shuffler(seed=9)
    rng = random.Random(9)
    for _ in range(3):
        hand = start_hand(s.next_hand_record(shuffler))
        while not hand.finished:
            if hand.legal_actions()[0].verb == "keep":
                hand.act(hand.to_act or "", "throw")  # keep no blind hand
            else:
                hand.act(*random_action(hand, rng))
        assert not can_choose_variant(s)
        s = s.after_hand(hand)
    assert can_choose_variant(s)
    dealer = s.seats[s.next_dealer()]
    assert dealer == "C"
    with pytest.raises(IllegalAction, match="only the dealer, C, may choose"):
        choose_variant(s, "A", {"cards": 4})
    s4 = choose_variant(s, "C", {"cards": 4, "wild": "one_eyed_jacks", "blind_allowed": False})
    assert (s4.options.cards, s4.options.wild, s4.options.blind_allowed) == (
        4,
        "one_eyed_jacks",
        False,
    )
    assert len(s4.next_hand_record(shuffler).hands["A"]) == 4


def test_other_changes_need_a_majority_of_the_seated_players() -> None:
    s = replace(BragSession.start({"A": 9, "B": 9, "C": 9, "D": 9}), deals=4)
    with pytest.raises(IllegalAction, match="needs a majority of the 4 seated players"):
        choose_variant(s, "D", {"max_bet": 20}, votes={"A": True, "D": True})
    s2 = choose_variant(s, "D", {"max_bet": 20}, votes={"A": True, "B": True, "D": True})
    assert s2.options.max_bet == 20
    assert not change_game_approved(s, {"A": True, "B": True})
    assert change_game_approved(s, {"A": True, "B": True, "C": True})
    with pytest.raises(IllegalAction, match="option cards cannot be 6"):
        choose_variant(s, "D", {"cards": 6})


def test_no_change_while_a_blind_hand_is_kept() -> None:
    s = replace(
        BragSession.start({"A": 9, "B": 9}),
        deals=2,
        kept={"A": (parse_card("2c"), parse_card("3c"), parse_card("4c"))},
    )
    with pytest.raises(IllegalAction, match="blind hand is kept"):
        choose_variant(s, "B", {"wild": "twos"})
