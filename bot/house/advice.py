"""What the strong house player would do here, and why: the hint of a practice table.

:func:`advise` reads a seat's view (:func:`bot.house.view.view_for`: the seat's own cards
once it may see them and the public facts, never a hidden card) and answers the strong
player's move with one reason: a catalogue key and its parameters (this package writes no
sentence; the layers above render it). The chances the reason gives are the ones the
strategy counted, on the same draws: its random numbers come from a fixed seed, so one view
always gets the same advice, whatever the hidden cards are.

>>> from bot.games.cards import parse_cards
>>> from bot.games.brag import BragHand
>>> from bot.games.options import parse_options
>>> from bot.house.view import view_for
>>> table = parse_options("brag", {"blind_allowed": False})
>>> hand = BragHand(table, ["Ann", "Bob"], [30, 30],
...     [parse_cards("3s 3h 3d".split()), parse_cards("Kd Qd 8h".split())])
>>> advice = advise(view_for(hand, "Ann"))
>>> advice.verb, advice.reason.key, advice.reason.params["strength"]
('bet', 'advice-brag-bet', 100)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.games.base import Amount
from bot.games.cards import parse_card
from bot.house.brag_play import decide_brag, percentile, win_chance
from bot.house.brelan_play import decide_brelan, win_estimate
from bot.house.players import decide_plain
from bot.house.view import BragView, BrelanView, View

#: The strong player's random numbers, the same for every hint.
SEED = 30
#: The level whose play a hint gives.
LEVEL = "strong"
#: Below this chance (per cent) a strong player's bet is a bluff.
BLUFF_BELOW = 30
#: The reason of a move by its verb, where the verb says it all (Brelan, Bouillotte; Brag).
BRELAN_REASONS = {"open": "advice-open", "raise": "advice-raise", "stand": "advice-stand"}
BRAG_REASONS = {
    "showdown": "advice-brag-showdown",
    "refuse": "advice-brag-refuse",
    "discard": "advice-brag-discard",
    "keep": "advice-brag-keep",
    "throw": "advice-brag-throw",
    "see": "advice-brag-see",
    "cover": "advice-brag-cover",
}


@dataclass(frozen=True)
class Reason:
    """Why: a catalogue key (``advice-…``) and its parameters (whole numbers, words)."""

    key: str
    params: Mapping[str, int | str] = field(default_factory=dict)


@dataclass(frozen=True)
class Advice:
    """A move (``verb``, ``amount`` as the engine takes it) and the reason for it."""

    verb: str
    amount: Amount
    reason: Reason


def _percent(chance: float) -> int:
    return round(100 * chance)


def _need(cost: int, pot: int) -> int:
    """The chance (per cent, rounded up) a call of ``cost`` into ``pot`` needs to pay."""
    return math.ceil(100 * cost / (pot + cost)) if cost > 0 else 0


def advise(view: View) -> Advice:
    """The strong player's move for this seat, and one reason, from its view alone."""
    amount: Amount
    if isinstance(view, BrelanView):
        verb, amount = decide_brelan(view, random.Random(SEED), LEVEL)
    elif isinstance(view, BragView):
        verb, amount = decide_brag(view, random.Random(SEED), LEVEL)
    else:
        verb, amount = decide_plain(view)
        return Advice(verb, amount, Reason("advice-plain"))
    if len(view.legal) == 1:
        return Advice(verb, amount, Reason("advice-only-move"))
    why = _brelan(view, verb) if isinstance(view, BrelanView) else _brag(view, verb)
    return Advice(verb, amount, why)


def _brelan(view: BrelanView, verb: str) -> Reason:
    if view.phase == "carre":
        carre = view.choice("carre")
        stake = carre.amount if carre is not None and carre.amount is not None else 0
        return Reason("advice-carre" if verb == "carre" else "advice-carre-decline", {"n": stake})
    # the strategy's first draws are its chances: the same seed counts the same ones
    chance = _percent(win_estimate(view, random.Random(SEED), LEVEL))
    me = view.position
    rivals = sum(1 for i, f in enumerate(view.folded) if not f and i != me)
    pot = view.pool + sum(view.stakes)
    hold = view.choice("hold")
    cost = max(0, (hold.amount or 0) - view.stakes[me]) if hold is not None else 0
    params: dict[str, int | str] = {"chance": chance, "rivals": rivals, "pot": pot}
    if verb in BRELAN_REASONS:
        return Reason(BRELAN_REASONS[verb], params)
    if verb == "hold" and cost == 0:
        return Reason("advice-hold-free", params)
    if verb == "pass" and view.phase == "opening":
        return Reason("advice-pass-opening", params)
    params.update(cost=cost, need=_need(cost, pot))  # a call, or the fold its price makes
    return Reason("advice-hold" if verb == "hold" else "advice-fold", params)


def _brag(view: BragView, verb: str) -> Reason:
    if view.phase == "keep":
        return Reason("advice-brag-keep-blind")
    me = view.position
    if view.blind[me] and not view.hands and verb in ("look", "bet"):
        return Reason("advice-brag-look" if verb == "look" else "advice-brag-blind")
    pct = percentile([parse_card(c) for c in view.hands[0]], view.options) if view.hands else 0.5
    chance = _percent(win_chance(view, pct, LEVEL))
    params: dict[str, int | str] = {"chance": chance, "pot": view.pot, "strength": _percent(pct)}
    if verb == "bet":
        return Reason("advice-brag-bet" if chance >= BLUFF_BELOW else "advice-brag-bluff", params)
    if verb == "see":
        see = view.choice("see")
        cost = see.amount if see is not None and see.amount is not None else 0
        params.update(cost=cost, need=_need(cost, view.pot))
    return Reason(BRAG_REASONS.get(verb, "advice-brag-fold"), params)
