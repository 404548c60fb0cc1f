"""What would the strong level do here, and why: :func:`advise`, for hints and lessons.

It answers from one seat's view and, if given, the table's memory of the opponents
(:class:`~bot.house.memory.TableMemory`): never from a hidden card. The answer is an
:class:`~bot.house.thought.Advice`: the move, a reason as a catalogue key (``advice-…``,
in bot/i18n/locales/{en,fr}/house.ftl) with its parameters, the chance of winning the
showdown it reckoned, and how clear the choice was.

>>> import random
>>> from bot.games.brag import BragHand, brag_deck
>>> from bot.games.options import parse_options
>>> from bot.house.view import view_for
>>> options = parse_options("brag", {"blind_allowed": False})
>>> pack = list(brag_deck(options))  # A♠ A♥ A♦ for P1: a prial
>>> hand = BragHand(options, ["P1", "P2"], [30, 30], [pack[0:3], pack[4:7]], [pack[3], *pack[7:]])
>>> found = advise(view_for(hand, "P1"), random.Random(1))
>>> found.verb, found.reason in REASONS, found.chance > 0.9
('bet', True, True)
"""

from __future__ import annotations

import random

from bot.house.brag_strong import advise as advise_brag
from bot.house.brelan_strong import advise as advise_brelan
from bot.house.memory import TableMemory
from bot.house.style import PLAIN, Style
from bot.house.thought import Advice
from bot.house.view import BrelanView, PlainView, View

#: Every reason an advice may give (each a catalogue key, with ``chance`` or ``n``).
REASONS: tuple[str, ...] = (
    "advice-only-move",
    "advice-value",
    "advice-pressure",
    "advice-bluff",
    "advice-slow-play",
    "advice-pot-odds",
    "advice-too-weak",
    "advice-carre-pays",
    "advice-carre-costs",
    "advice-keep-blind",
    "advice-discard",
    "advice-keep-hand",
    "advice-throw-hand",
    "advice-blind",
    "advice-blind-see",
    "advice-look",
    "advice-look-short",
    "advice-look-bet-open",
    "advice-look-crowd",
    "advice-look-blind-rival",
    "advice-see",
    "advice-agree",
    "advice-refuse",
    "advice-plain",
)


#: The random numbers of a hint (:func:`hint`): the same for every hint, so one view always
#: gets the same answer, whatever the hidden cards are.
HINT_SEED = 30


def hint(view: View, memory: TableMemory | None = None) -> Advice:
    """A practice table's hint: :func:`advise` on fixed random numbers (:data:`HINT_SEED`),
    from the seat's view and the table's memory of the opponents, both public.

    >>> from bot.games.cards import parse_cards
    >>> from bot.games.brag import BragHand
    >>> from bot.games.options import parse_options
    >>> from bot.house.view import view_for
    >>> table = parse_options("brag", {"blind_allowed": False})
    >>> hand = BragHand(table, ["Ann", "Bob"], [30, 30],
    ...     [parse_cards("3s 3h 3d".split()), parse_cards("Kd Qd 8h".split())])
    >>> found = hint(view_for(hand, "Ann"))
    >>> found.verb, found == hint(view_for(hand, "Ann"))
    ('bet', True)
    """
    return advise(view, random.Random(HINT_SEED), memory)


def advise(
    view: View,
    rng: random.Random,
    memory: TableMemory | None = None,
    style: Style = PLAIN,
) -> Advice:
    """The strong level's move at this seat and why (see the module)."""
    if isinstance(view, BrelanView):
        return advise_brelan(view, rng, memory, style)
    if isinstance(view, PlainView):
        stay = [c for c in view.legal if c.verb != "fold"] or list(view.legal)
        cheapest = min(stay, key=lambda c: c.amount if c.amount is not None else (c.low or 0))
        amount = cheapest.amount if cheapest.amount is not None else cheapest.low
        return Advice(cheapest.verb, amount, "advice-plain", forced=len(view.legal) == 1)
    return advise_brag(view, rng, memory, style)
