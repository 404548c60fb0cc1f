"""What a house player's play gives away: the arena's tells figures (:class:`Tells`).

For the seats it watches, it notes each bet (an opening, a re-raise, a Brag bet): its size
against the pot and the strength of the hand behind it (its percentile among the hands a
player may hold), the seat's position, and whether the hand was a brelan or a prial at the
player's first move with its cards. From them:

- ``size_strength_corr``: the correlation of a bet's size with its hand's strength (a size
  that rises with the hand is a tell: the issue's target is under 0.5);
- ``bluff_seats``: the positions (0 first to speak) from which it bet a weak hand (in the
  weakest :data:`WEAK` of hands): bluffs should come from every seat;
- ``slow_played``: of the brelans (Brelan, Bouillotte) or prials (Brag) it held, how many it
  did not open or raise with at its first move (Brag: bet the least or saw);
- the thinking pause each decision would take (:func:`bot.house.timing.think_time`, at a
  table of the default pace): its mean when forced and not, its longest, and its correlation
  with the hand's strength (a pause that says how strong the hand is would be a tell).

>>> tells = Tells()
>>> tells.figures()["bets"]
0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from bot.games.brag_rank import WILD_CARDS, best_three, strength_category
from bot.games.cards import parse_card
from bot.house.brag_play import percentile
from bot.house.brelan_odds import percentile_of
from bot.house.memory import deck_of
from bot.house.thought import Advice
from bot.house.view import BragView, BrelanView, View

#: A hand this weak (percentile) that bets is a bluff.
WEAK = 0.35


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation (0 when either side does not vary).

    >>> round(correlation([1, 2, 3], [2, 4, 7]), 3), correlation([1, 1], [2, 3])
    (0.993, 0.0)
    """
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    if sx == 0 or sy == 0:
        return 0.0
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (sx * sy)


def strength(view: View) -> float | None:
    """The percentile of the seat's own hand (None before it has seen its cards)."""
    if isinstance(view, BrelanView):
        if view.cards is None or view.retourne is None:
            return None
        pct = percentile_of(deck_of(view.options, len(view.names)), parse_card(view.retourne).index)
        return pct([parse_card(c).index for c in view.cards])
    if isinstance(view, BragView) and view.hands:
        return percentile([parse_card(c) for c in view.hands[0]], view.options)
    return None


def _top_hand(view: View) -> bool:
    """A brelan (Brelan, Bouillotte) or a prial (Brag)."""
    if isinstance(view, BrelanView):
        assert view.cards is not None
        return len({c[0] for c in view.cards}) == 1
    assert isinstance(view, BragView)
    cards = [parse_card(c) for c in view.hands[0]]
    return strength_category(best_three(cards, WILD_CARDS[view.options.wild])[0][0]) == "prial"


def _pot(view: View) -> int:
    if isinstance(view, BrelanView):
        return view.pool + sum(view.stakes)
    assert isinstance(view, BragView)
    return view.pot


class Tells:
    """Notes the bets of the seats it watches (see the module)."""

    def __init__(self) -> None:
        self.sizes: list[float] = []
        self.strengths: list[float] = []
        self.bluff_seats: set[int] = set()
        self.seats: set[int] = set()
        self.top = [0, 0]  # [slow-played, held]
        self._first: set[tuple[int, str]] = set()
        self.pauses: list[tuple[bool, float, float | None]] = []  # (forced, seconds, strength)

    def note(self, view: View, advice: Advice, deal: int, pause: float) -> None:
        """A decision of a watched seat in ``view``, in deal ``deal``, and its pause."""
        verb, amount = advice.decision
        u = strength(view)
        self.pauses.append((advice.forced, pause, u))
        if u is None:
            return
        self.seats.add(view.position)
        first = (deal, view.seat) not in self._first
        self._first.add((deal, view.seat))
        if first and _top_hand(view):
            self.top[1] += 1
            if not self._pushes(view, verb, amount):
                self.top[0] += 1
        if verb not in ("open", "raise", "bet") or not isinstance(amount, int):
            return
        pot = max(_pot(view), 1)
        added = amount - view.stakes[view.position] if isinstance(view, BrelanView) else amount
        self.sizes.append(added / pot)
        self.strengths.append(u)
        if u < WEAK:
            self.bluff_seats.add(view.position)

    @staticmethod
    def _pushes(view: View, verb: str, amount: Any) -> bool:
        if isinstance(view, BrelanView):
            return verb in ("open", "raise")
        bet = view.choice("bet")
        return verb == "bet" and bet is not None and amount != bet.low

    def figures(self) -> dict[str, Any]:
        """The figures (see the module), as plain JSON."""
        forced = [p for f, p, _ in self.pauses if f]
        free = [(p, u) for f, p, u in self.pauses if not f and u is not None]
        return {
            "pause_forced_s": round(sum(forced) / len(forced), 2) if forced else 0.0,
            "pause_other_s": round(sum(p for p, _ in free) / len(free), 2) if free else 0.0,
            "pause_longest_s": round(max((p for _, p, _ in self.pauses), default=0.0), 2),
            "pause_strength_corr": round(
                correlation([p for p, _ in free], [u for _, u in free]), 3
            ),
            "bets": len(self.sizes),
            "size_strength_corr": round(correlation(self.sizes, self.strengths), 3),
            "bluff_seats": sorted(self.bluff_seats),
            "seats": sorted(self.seats),
            "slow_played": list(self.top),
        }
