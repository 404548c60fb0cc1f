"""Finished hands of the three games, played at random by the engines (no runtime, no
storage), for the replayer's tests: whole sessions, so that Brelan and Bouillotte carry their
pool over refaits and Brag carries its pack, its kept blind hands and its carried pot from
deal to deal."""

from __future__ import annotations

import random
from typing import Any

from bot.games import registry
from bot.games.base import Action, HandRecord
from bot.games.brag import BragHand
from bot.games.brag_session import BragSession
from bot.games.brelan import BrelanHand
from bot.games.cards import Shuffler
from bot.games.session import TableSession

#: Moves chosen more often than others, so that hands go to a showdown often enough.
WEIGHTS = {"look": 4, "fold": 1, "bet": 3, "see": 3, "cover": 1, "pass": 2, "hold": 3}


def play_out(hand: Any, rng: random.Random) -> list[Any]:
    """Finish a hand with random legal moves; its actions as the record writes them."""
    actions: list[Any] = []
    while not hand.finished:
        name = hand.to_act
        assert name is not None
        legal = hand.legal_actions()
        choice = rng.choices(legal, [WEIGHTS.get(a.verb, 2) for a in legal])[0]
        amount: Any = choice.amount
        if choice.verb == "discard":
            held = hand.held[hand.index[name]][0]
            amount = tuple(c.code for c in rng.sample(list(held), hand.ncards - 3))
        elif amount is None and choice.min is not None:
            amount = rng.randint(choice.min, min(choice.max, choice.min + 3))
        hand.act(name, choice.verb, amount)
        actions.append(Action(name, choice.verb, amount).to_json())
    return actions


def _finished(record: HandRecord, actions: list[Any]) -> dict[str, Any]:
    return {**record.to_json(), "actions": actions}


def brelan_session(game: str, seed: int, players: int, hands: int) -> list[dict[str, Any]]:
    """``hands`` deals of Brelan or Bouillotte at one table (fewer if it ends)."""
    rng = random.Random(seed)
    names = [str(101 + i) for i in range(players)]
    session = TableSession.start(game, names, Shuffler(seed=seed))
    spec = registry.spec(game)
    out = []
    for k in range(hands):
        if session.is_over():
            break
        order = session.players_in_order()
        deck = Shuffler(seed=seed * 100 + k).shuffled(spec.deck(session.options, len(order)), order)
        record = session.hand_record(deck)
        hand = BrelanHand.from_record(record)
        out.append(_finished(record, play_out(hand, rng)))
        session.end_of_hand(hand.stacks(), carried=hand.carried)
    return out


def brag_session(
    seed: int, options: dict[str, Any], players: int, deals: int
) -> list[dict[str, Any]]:
    """``deals`` deals of one Brag session (fewer if it ends): the pack continues from deal
    to deal unless a prial was shown or the variant shuffles every hand."""
    rng = random.Random(seed)
    session = BragSession.start({str(101 + i): 40 for i in range(players)}, options)
    out = []
    for k in range(deals):
        if session.over:
            break
        record = session.next_hand_record(Shuffler(seed=seed * 100 + k))
        hand = BragHand.from_record(record)
        out.append(_finished(record, play_out(hand, rng)))
        session = session.after_hand(hand)
    return out
