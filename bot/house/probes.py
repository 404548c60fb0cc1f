"""Blunt players the arena sets against the house levels to see whether they can be
exploited: each plays one style whatever its cards (:data:`PROBES`).

- ``maniac``: always the most it may: carres, opens and re-raises to its whole stack at
  Brelan and Bouillotte, bets the most at Brag; never folds.
- ``station``: calls everything, never raises: passes when it could open, holds every bet,
  says sans plus; at Brag looks, bets the least, sees as soon as it may.
- ``blind``: never looks at its cards: carres whenever offered, opens the least, holds every
  bet; at Brag stays blind, bets the least blind and sees when it may.

They are not house levels: a table cannot seat them.

>>> from bot.games.brag import BragHand, brag_deck
>>> from bot.games.options import parse_options
>>> from bot.house.view import view_for
>>> options = parse_options("brag", {})
>>> pack = list(brag_deck(options))
>>> hand = BragHand(options, ["P1", "P2"], [30, 30], [pack[0:3], pack[3:6]], pack[6:])
>>> [make_probe(p).decide(view_for(hand, "P1")) for p in PROBES]
[('look', None), ('look', None), ('bet', 1)]
"""

from __future__ import annotations

from bot.games.base import Amount
from bot.house.view import BragView, Choice, View

#: The probes' names, as the arena's ``--players`` takes them.
PROBES: tuple[str, ...] = ("maniac", "station", "blind")

Decision = tuple[str, Amount]

#: What each probe prefers, most wanted first (``+`` a range at its top, ``-`` at its least).
_ORDER: dict[str, tuple[str, ...]] = {
    "maniac": (
        "carre",
        "raise+",
        "open+",
        "look",
        "bet+",
        "cover",
        "hold",
        "see",
        "stand",
        "showdown",
        "keep",
        "discard",
        "pass",
        "decline",
        "fold",
        "throw",
        "refuse",
    ),
    "station": (
        "hold",
        "see",
        "look",
        "bet-",
        "cover",
        "stand",
        "pass",
        "decline",
        "keep",
        "discard",
        "showdown",
        "fold",
        "throw",
        "refuse",
        "carre",
        "open-",
        "raise-",
    ),
    "blind": (
        "carre",
        "see",
        "bet-",
        "hold",
        "open-",
        "cover",
        "stand",
        "keep",
        "showdown",
        "pass",
        "decline",
        "discard",
        "fold",
        "throw",
        "look",
        "refuse",
        "raise-",
    ),
}


class Probe:
    """A probe of one style (see the module)."""

    def __init__(self, style: str) -> None:
        if style not in PROBES:
            raise ValueError(f"unknown probe {style!r}; choose one of: {', '.join(PROBES)}")
        self.name = style

    def decide(self, view: View) -> Decision:
        legal = {c.verb: c for c in view.legal}
        if "discard" in legal and isinstance(view, BragView):
            discard = legal["discard"]
            if view.hands:
                return "discard", view.hands[0][: discard.amount or 0]
        for want in _ORDER[self.name]:
            verb, edge = want.rstrip("+-"), want[-1]
            c = legal.get(verb)
            if c is None:
                continue
            return _at(c, edge)
        return _at(view.legal[0], "-")


def _at(c: Choice, edge: str) -> Decision:
    if c.low is not None and c.high is not None:
        return c.verb, c.high if edge == "+" else c.low
    return c.verb, c.amount


def make_probe(style: str) -> Probe:
    """The probe of ``style`` (:data:`PROBES`)."""
    return Probe(style)
