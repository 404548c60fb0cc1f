"""Returning players' seats (issue 14): a player who comes back (from the line, or sitting
down again) takes the seat he last held when it is free, else the next free seat after it;
the dealer stays where the rules put him."""

from __future__ import annotations

from bot.games.cards import Shuffler
from bot.games.session import TableSession
from bot.runtime.seating import BragSeating, BrelanSeating
from bot.storage import Transaction
from tests.test_runtime_support import CHANNEL, Env, play_until_hand_over

P = [601, 602, 603, 604, 605]


def seat_of(seating: BrelanSeating, user: int) -> int:
    return seating.core.seats.index(str(user))


async def test_a_returning_player_takes_his_old_seat_at_bouillotte(env: Env) -> None:
    m = env.manager
    table = await m.create_table(1, CHANNEL, "bouillotte", P[0], {"seats": 5})
    for user in P[:4]:
        await m.join(table, user)
    await m.start(table, P[0])
    seating = m.tables[table].session
    assert isinstance(seating, BrelanSeating)
    before = {u: seat_of(seating, u) for u in P[:4]}
    leavers = sorted(P[1:4], key=lambda u: before[u], reverse=True)[:2]  # the two highest
    for user in leavers:
        await m.leave(table, user)  # Charlemagne: when the hand ends
    await play_until_hand_over(m, table)
    assert all(str(u) not in seating.core.seats for u in leavers)
    # the lower seat of the two comes back last: the first free seat is not his
    for user in leavers:
        await m.join(table, user)
        assert seat_of(seating, user) == before[user]
    stored = {s.user_id: s for s in await env.db.query(Transaction.seats, table)}
    assert set(leavers) <= set(stored)


def test_the_line_gives_each_player_his_old_seat_first() -> None:
    session = TableSession.start("bouillotte", ["A", "B", "C", "D"], Shuffler(seed=4), seats=4)
    low, high = session.seats[0], session.seats[2]
    assert low is not None and high is not None
    session.leaving.update({low, high})
    session.end_of_hand({n: session.stacks[n] for n in session.seated()})
    assert session.seats[0] is None and session.seats[2] is None
    session.join_queue(high)  # first in line: his old seat, not the first free one
    session.join_queue("X")  # a newcomer: the first free seat left
    session.end_of_hand({n: session.stacks[n] for n in session.seated()})
    assert session.seats[2] == high and session.seats[0] == "X"


def test_a_taken_seat_sends_him_to_the_next_free_seat_after_it() -> None:
    session = TableSession.start("bouillotte", ["A", "B"], Shuffler(seed=4), seats=5)
    session.old_seats["C"] = 1
    session.seats = ["A", "B", None, None, None]
    session.stacks = {"A": 30, "B": 30}
    assert session.sit("C") == 2  # seat 1 taken: the next free seat clockwise
    session.old_seats["D"] = 4
    session.seats[0] = None
    del session.stacks["A"]
    assert session.sit("D") == 4
    session.old_seats["E"] = 4
    assert session.sit("E") == 0  # round the table


def test_a_brag_player_coming_back_sits_before_his_old_neighbour() -> None:
    seating = BragSeating.start([("1", 20), ("2", 20), ("3", 20), ("4", 20)], {}, max_seats=6)
    dealer_name = seating.core.seats[seating.core.dealer]
    seating.remove("2")
    seating.sit("5", 20)  # a newcomer: at the end of the order
    assert seating.core.seats == ("1", "3", "4", "5")
    seating.sit("2", 20)  # back: before "3", who sat after him
    assert seating.core.seats == ("1", "2", "3", "4", "5")
    assert seating.core.seats[seating.core.dealer] == dealer_name  # the dealer stays
    # his neighbour gone too: his old index
    seating.remove("2")
    seating.remove("3")
    seating.sit("2", 20)
    assert seating.core.seats.index("2") == 1
    again = BragSeating.from_json(seating.to_json(), max_seats=6)
    assert again.to_json() == seating.to_json()
