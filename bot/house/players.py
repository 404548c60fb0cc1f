"""House players: one interface, ``decide(view) -> (verb, amount)``, four levels.

>>> import random
>>> from bot.games.cards import parse_cards, parse_card
>>> from bot.games.options import parse_options
>>> from bot.games.brelan import BrelanHand
>>> from bot.house.view import view_for
>>> hand = BrelanHand(parse_options("brelan", {}), ["P1", "P2"], [20, 20],
...     [parse_cards("Ah Ad Ac".split()), parse_cards("Kd Qd 8h".split())], parse_card("Th"))
>>> make_player("strong", random.Random(1)).decide(view_for(hand, "P1"))[0]
'open'
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Protocol

from bot.games.base import Amount
from bot.games.brag_rank import WILD_CARDS, best_three
from bot.games.cards import parse_card
from bot.house.advice import advise
from bot.house.brag_play import decide_brag
from bot.house.brelan_play import decide_brelan
from bot.house.memory import TableMemory
from bot.house.style import PLAIN, Style
from bot.house.thought import Advice
from bot.house.view import BragView, BrelanView, PlainView, View

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "strong")
Decision = tuple[str, Amount]


class Strategy(Protocol):
    """A house player: it sees only a view and answers one legal action."""

    name: str

    def decide(self, view: View) -> Decision: ...


class RandomPlayer:
    """Uniform among the legal actions, then uniform among the amounts (and discards)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: View) -> Decision:
        choice = self.rng.choice(view.legal)
        if choice.verb == "discard" and isinstance(view, BragView):
            assert choice.amount is not None
            return "discard", tuple(self.rng.sample(list(view.hands[0]), choice.amount))
        if choice.low is not None and choice.high is not None:
            return choice.verb, self.rng.randint(choice.low, choice.high)
        return choice.verb, choice.amount


def decide_plain(view: PlainView) -> Decision:
    """A game the house has no strategy for: stay in as cheaply as the moves allow (the
    lowest amount of a move that is not a fold), else fold."""
    return advise(view, random.Random(0)).decision


class HousePlayer:
    """A player of level ``easy``, ``normal`` or ``strong`` for all three games (and the plain
    rule of :func:`decide_plain` for a game without a view of its own), in a character's
    ``style``; the strong level reads its opponents from ``memory`` (the table's)."""

    def __init__(
        self,
        level: str,
        rng: random.Random,
        memory: TableMemory | None = None,
        style: Style = PLAIN,
    ) -> None:
        if level not in LEVELS[1:]:
            raise ValueError(f"unknown level {level!r}; choose one of: {', '.join(LEVELS)}")
        self.name = level
        self.rng = rng
        self.memory = memory if memory is not None else TableMemory()
        self.style = style

    def think(self, view: View) -> Advice:
        """The move and why (the strong level's reasons; the others' are plain)."""
        if self.name == "strong" or isinstance(view, PlainView):
            found = advise(view, self.rng, self.memory, self.style)
            if isinstance(view, BragView) and found.verb == "discard":
                cards = [parse_card(c) for c in view.hands[0]]
                _, _, rest = best_three(cards, WILD_CARDS[view.options.wild])
                return replace(found, amount=tuple(c.code for c in rest))
            return found
        decision: Decision
        if isinstance(view, BrelanView):
            decision = decide_brelan(view, self.rng, self.name, self.style)
        else:
            decision = decide_brag(view, self.rng, self.name, self.style)
        return Advice(*decision, "advice-plain", forced=len(view.legal) == 1)

    def decide(self, view: View) -> Decision:
        return self.think(view).decision


def make_player(
    level: str, rng: random.Random, memory: TableMemory | None = None, style: Style = PLAIN
) -> Strategy:
    """A house player of ``level`` (random, easy, normal, strong) drawing on ``rng``; the
    strong level reads its opponents from ``memory`` (the table's)."""
    if level == "random":
        return RandomPlayer(rng)
    return HousePlayer(level, rng, memory, style)
