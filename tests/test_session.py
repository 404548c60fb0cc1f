"""Rules that span hands: seat draw, dealer rotation, refaits, Bouillotte's queue, caves."""

from __future__ import annotations

import pytest

from bot.games.brelan import start_hand
from bot.games.cards import Shuffler, deck_preset
from bot.games.session import SessionError, TableSession, is_refait, seat_draw


def test_seat_draw_orders_by_card_and_lowest_deals_first() -> None:
    for seed in range(30):
        order, draws = seat_draw(["A", "B", "C", "D"], Shuffler(seed=seed))
        assert sorted(order) == ["A", "B", "C", "D"]
        last_round = {}
        for d in draws:
            last_round[d.player] = d
        # Players are ordered by their first-round card, highest first; the dealer drew lowest.
        first = {d.player: d.card.rank for d in draws if d.round == 1}
        ranks = [first[p] for p in order]
        assert ranks == sorted(ranks, reverse=True)


def test_seat_draw_ties_are_redrawn_between_the_tied_players() -> None:
    tied_seen = False
    for seed in range(200):
        order, draws = seat_draw(["A", "B", "C", "D", "E"], Shuffler(seed=seed))
        rounds = {d.round for d in draws}
        if len(rounds) > 1:
            tied_seen = True
            second = [d.player for d in draws if d.round == 2]
            first = {d.player: d.card.rank for d in draws if d.round == 1}
            for p in second:  # only tied players redraw, and they sit together
                group = [q for q in second if first[q] == first[p]]
                assert len(group) >= 2
                idx = sorted(order.index(q) for q in group)
                assert idx == list(range(idx[0], idx[0] + len(idx)))
    assert tied_seen


def test_seat_draw_is_deterministic_with_a_seed() -> None:
    order, draws = seat_draw(list("ABCD"), Shuffler(seed=5))
    # seed 5 draws K♠ for A, 8♠ for B, J♥ for C and A♦ for D: the ace sits first
    assert [(d.player, d.card.code) for d in draws] == [
        ("A", "Ks"),
        ("B", "8s"),
        ("C", "Jh"),
        ("D", "Ad"),
    ]
    assert order == ["D", "A", "C", "B"]
    assert seat_draw(list("ABCD"), Shuffler(seed=5)) == (order, draws)


def play_all_pass(session: TableSession, seed: int = 0) -> dict[str, int]:
    record = session.hand_record(Shuffler(seed=seed).shuffled(deck_preset("24")))
    hand = start_hand(record)
    while hand.to_act is not None:
        verb = "decline" if hand.phase.value == "carre" else "pass"
        hand.act(hand.to_act, verb)
    assert is_refait(hand)
    session.end_of_hand(hand.stacks(), carried=hand.carried, refait=True)
    return hand.stacks()


def test_bouillotte_refait_same_dealer_and_pool_grows() -> None:
    s = TableSession.start("bouillotte", ["A", "B", "C", "D"], Shuffler(seed=1))
    dealer = s.dealer
    play_all_pass(s)
    assert s.dealer == dealer and s.carried == 4 and s.refaits == 1
    record = s.hand_record(Shuffler(seed=2).shuffled(deck_preset("24")))
    assert record.carried == 4
    hand = start_hand(record)
    assert hand.pool == 8  # the pool doubles
    play_all_pass(s, seed=3)
    assert s.carried == 8 and s.refaits == 2


def test_brelan_refait_passes_the_deal() -> None:
    s = TableSession.start("brelan", ["A", "B", "C"], Shuffler(seed=1))
    first = s.players_in_order()
    play_all_pass(s)
    assert s.players_in_order() == first[1:] + first[:1]
    assert s.carried == 3


def test_bouillotte_same_dealer_option_next() -> None:
    s = TableSession.start(
        "bouillotte", ["A", "B", "C"], Shuffler(seed=1), options={"refait_dealer": "next"}
    )
    dealer = s.dealer
    play_all_pass(s)
    assert s.dealer != dealer


def test_dealer_rotates_after_a_played_hand() -> None:
    s = TableSession.start("brelan", ["A", "B", "C"], Shuffler(seed=4))
    order = s.players_in_order()
    s.end_of_hand({n: 50 for n in order}, carried=0)
    assert s.players_in_order() == order[1:] + order[:1]
    assert s.refaits == 0


def test_bouillotte_extra_players_wait_in_the_queue() -> None:
    s = TableSession.start("bouillotte", list("ABCDEF"), Shuffler(seed=1))
    assert len(s.seated()) == 4 and [e.name for e in s.queue] == ["E", "F"]


def test_decave_leaves_and_the_queue_refills_the_same_seat() -> None:
    s = TableSession.start("bouillotte", list("ABCDE"), Shuffler(seed=1))
    loser = s.seated()[0]
    seat = s.seats.index(loser)
    stacks = {n: 30 for n in s.seated()}
    stacks[loser] = 0
    events = s.end_of_hand(stacks)
    assert s.seats[seat] == "E" and s.stacks["E"] == 30
    assert loser in s.decaved and loser not in s.seated()
    assert [e.kind for e in events] == ["decave", "seated"]


def test_decave_may_not_recave_when_someone_waits() -> None:
    s = TableSession.start("bouillotte", list("ABCDE"), Shuffler(seed=1))
    loser = s.seated()[0]
    stacks = {n: 30 for n in s.seated()}
    stacks[loser] = 0
    s.end_of_hand(stacks, recaves={loser: 30})
    assert loser not in s.seated()


def test_decave_recaves_at_once_when_nobody_waits_up_to_the_seated_stacks() -> None:
    s = TableSession.start("bouillotte", list("ABC"), Shuffler(seed=1))
    loser, a, b = s.seated()
    with pytest.raises(SessionError, match="1 to 90"):
        s.end_of_hand({loser: 0, a: 45, b: 45}, recaves={loser: 91})
    s2 = TableSession.start("bouillotte", list("ABC"), Shuffler(seed=1))
    s2.end_of_hand({loser: 0, a: 45, b: 45}, recaves={loser: 90})
    assert s2.stacks[loser] == 90 and loser in s2.seated()


def test_returning_decave_recaves_up_to_the_seated_stacks() -> None:
    s = TableSession.start("bouillotte", list("ABCDE"), Shuffler(seed=1))
    loser = s.seated()[0]
    stacks = {n: 40 for n in s.seated()}
    stacks[loser] = 0
    s.end_of_hand(stacks)  # E takes the seat
    s.join_queue(loser, cave=500)
    other = next(n for n in s.seated() if n != loser)
    stacks = {n: s.stacks[n] for n in s.seated()}
    s.charlemagne(other)
    s.end_of_hand(stacks)
    assert loser in s.seated()
    assert s.stacks[loser] == sum(s.stacks[n] for n in s.seated() if n != loser)


def test_charlemagne_leaves_with_winnings_and_returns_with_the_standard_cave() -> None:
    s = TableSession.start("bouillotte", list("ABCDE"), Shuffler(seed=1))
    winner = s.seated()[1]
    stacks = {n: 20 for n in s.seated()}
    stacks[winner] = 70
    s.charlemagne(winner)
    events = s.end_of_hand(stacks)
    assert winner not in s.seated() and "E" in s.seated()
    assert events[0].kind == "charlemagne" and events[0].data["stack"] == 70
    s.join_queue(winner)
    assert s.queue[-1].name == winner


def test_queue_is_first_in_first_out_and_refuses_duplicates() -> None:
    s = TableSession.start("bouillotte", list("ABCD"), Shuffler(seed=1))
    s.join_queue("E")
    s.join_queue("F")
    with pytest.raises(SessionError, match="already in the waiting queue"):
        s.join_queue("E")
    with pytest.raises(SessionError, match="already seated"):
        s.join_queue("A")
    s.leave_queue("E")
    assert [e.name for e in s.queue] == ["F"]


def test_brelan_ends_with_one_player_or_after_the_agreed_hands() -> None:
    s = TableSession.start("brelan", list("ABC"), Shuffler(seed=1), max_hands=2)
    order = s.players_in_order()
    s.end_of_hand({n: 50 for n in order})
    assert not s.is_over()
    s.end_of_hand({n: 50 for n in order})
    assert s.is_over()
    s2 = TableSession.start("brelan", list("ABC"), Shuffler(seed=1))
    a, b, c = s2.players_in_order()
    s2.end_of_hand({a: 0, b: 0, c: 150})
    assert s2.seated() == [c] and s2.is_over()


def test_brelan_replenish_option() -> None:
    s = TableSession.start("brelan", list("ABC"), Shuffler(seed=1))
    s.replenish = True
    a, b, c = s.players_in_order()
    s.end_of_hand({a: 0, b: 75, c: 75}, recaves={a: 50})
    assert s.stacks[a] == 50


def test_staked_brelan_opens_the_next_cave_and_leaves_when_all_are_lost() -> None:
    s = TableSession.start("brelan", list("ABC"), Shuffler(seed=1), cave=20)
    a, b, c = s.players_in_order()
    s.add_reserve_cave(a, 20)
    s.add_reserve_cave(a, 10)
    events = s.end_of_hand({a: 0, b: 30, c: 30})
    assert s.stacks[a] == 20 and events[0].kind == "next_cave"
    s.end_of_hand({a: 0, b: 30, c: 30})
    assert s.stacks[a] == 10
    s.end_of_hand({a: 0, b: 30, c: 30})
    assert a not in s.seated()
    with pytest.raises(SessionError):
        s.add_reserve_cave(b, 0)


def test_hand_record_deals_from_the_deck_order() -> None:
    s = TableSession.start("bouillotte", list("ABCD"), Shuffler(seed=1))
    deck = list(deck_preset("24"))
    record = s.hand_record(deck)
    names = s.players_in_order()
    assert record.hands[names[0]] == [deck[0], deck[4], deck[8]]
    assert record.retourne == deck[12]
    assert [p.name for p in record.players] == names
