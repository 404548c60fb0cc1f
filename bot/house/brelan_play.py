"""House play for Brelan and Bouillotte: ``easy`` and ``normal`` (``strong`` is
:mod:`bot.house.brelan_strong`).

Every level decides from a :class:`~bot.house.view.BrelanView` only.

- ``easy`` judges its cards by a rough score, opens and holds loosely, raises only a brelan.
- ``normal`` computes its winning chances by Monte Carlo over the unseen cards (folded hands
  count for the point), holds on pot odds, opens and raises for value by the pool's size.
"""

from __future__ import annotations

import math
import random

from bot.games.brelan import deck_for
from bot.games.cards import parse_card
from bot.games.events import EventKind
from bot.house.brelan_odds import POINTS, SUIT, hand_score, win_chance
from bot.house.style import PLAIN, Style
from bot.house.view import BrelanView, Choice

Decision = tuple[str, int | None]

#: Monte Carlo samples per decision, by level.
SAMPLES = {"normal": 120}
#: Chance of taking each step of the carre chain, by level and step (0 carre, 1 contre ...).
CARRE_RATE = {"easy": (0.1, 0.05, 0.0), "normal": (0.2, 0.1, 0.05)}


def _take(c: Choice, amount: int | None = None) -> Decision:
    if c.low is not None and c.high is not None:
        assert amount is not None
        return c.verb, max(c.low, min(c.high, amount))
    return c.verb, c.amount


def _cheapest(view: BrelanView) -> Decision:
    """Stay in for nothing when possible, else pass (the safe default)."""
    for verb in ("stand", "hold"):
        c = view.choice(verb)
        if c is not None and (c.amount or 0) <= view.stakes[view.position]:
            return _take(c)
    c = view.choice("pass")
    if c is not None:
        return _take(c)
    c = view.choice("decline")
    if c is not None:
        return _take(c)
    return _take(view.legal[0], view.legal[0].low)


def _rough_chance(view: BrelanView) -> float:
    """``easy``'s estimate: a brelan is nearly sure, else the best suit's points."""
    assert view.cards is not None and view.retourne is not None
    mine = [parse_card(c).index for c in view.cards]
    score = hand_score(mine)
    if score >= 100:
        return 0.95
    ret = parse_card(view.retourne).index
    best = 0
    for s in range(4):
        total = sum(POINTS[c] for c in mine if SUIT[c] == s)
        if total and SUIT[ret] == s:
            total += POINTS[ret]
        best = max(best, total)
    others = sum(1 for i, f in enumerate(view.folded) if not f and i != view.position)
    base = max(0.02, min(0.9, (best - 8) / 40))
    return math.pow(base, 0.6 + 0.25 * others)


def win_estimate(view: BrelanView, rng: random.Random, level: str) -> float:
    """Chance to win the showdown against the players still in."""
    assert view.cards is not None and view.retourne is not None
    n = len(view.names)
    deck = [c.index for c in deck_for(view.options, n)]
    rivals = [i for i in range(n) if i != view.position and not view.folded[i]]
    folded = [i for i in range(n) if i != view.position and view.folded[i]]
    return win_chance(
        view.position,
        [parse_card(c).index for c in view.cards],
        parse_card(view.retourne).index,
        rivals,
        folded,
        deck,
        rng,
        SAMPLES.get(level, 100),
    )


def _carre(view: BrelanView, rng: random.Random, level: str, style: Style) -> Decision:
    carre = view.choice("carre")
    decline = view.choice("decline")
    if carre is None or decline is None:
        return _take(view.legal[0])
    step = len(view.carre_steps)
    rates = CARRE_RATE[level]
    rate = (rates[step] if step < len(rates) else 0.0) * style.carre
    stack = view.stacks[view.position] + view.stakes[view.position]
    if carre.amount is not None and carre.amount * 3 > stack:
        rate /= 3  # a carre that commits most of the stack blind
    return _take(carre if rng.random() < rate else decline)


def decide_brelan(
    view: BrelanView, rng: random.Random, level: str, style: Style = PLAIN
) -> Decision:
    """The decision of a house player of ``level`` (easy, normal) in a character's
    ``style`` (a tight one needs better chances, a carre lover carres more)."""
    if len(view.legal) == 1:
        only = view.legal[0]
        return _take(only, only.low)
    if view.phase == "carre":
        return _carre(view, rng, level, style)
    me = view.position
    stake = view.stakes[me]
    pot = view.winnable_pot()  # a deeper rival's stake is not all his to win
    in_play = sum(1 for f in view.folded if not f)
    chance = _rough_chance(view) if level == "easy" else win_estimate(view, rng, level)
    chance = max(0.0, min(1.0, chance - 0.08 * style.tight))
    fair = 1.0 / max(in_play, 1)
    if view.phase == "opening":
        return _opening(view, rng, level, chance, fair, pot)
    raise_c = view.choice("raise")
    my_raises = sum(1 for e in view.events if e.kind == EventKind.RAISE and e.player == view.seat)
    max_raises = {"easy": 1, "normal": 2}[level]
    if raise_c is not None and my_raises < max_raises:
        bar = {"easy": 0.85, "normal": 0.62}[level]
        if chance >= max(bar, 1.6 * fair):
            return _take(raise_c, _raise_to(view, raise_c, chance, level))
    if view.phase == "sans_plus":
        return _cheapest(view)
    hold = view.choice("hold")
    if hold is None:
        return _cheapest(view)
    cost = (hold.amount or 0) - stake
    if cost <= 0:
        return _take(hold)
    if level == "easy":
        return _take(hold) if chance > 0.3 or rng.random() < 0.15 else _cheapest(view)
    if chance * (pot + cost) >= cost:
        return _take(hold)
    return _cheapest(view)


def _opening(
    view: BrelanView, rng: random.Random, level: str, chance: float, fair: float, pot: int
) -> Decision:
    open_c = view.choice("open")
    if open_c is None or open_c.low is None or open_c.high is None:
        return _cheapest(view)
    low = open_c.low
    if level == "easy":
        if chance > 0.35 or rng.random() < 0.05:
            return _take(open_c, low)
        return _cheapest(view)
    if chance >= max(0.4, 1.3 * fair):
        size = low if chance < 0.7 else low + pot // 2
        return _take(open_c, size)
    return _cheapest(view)


def _raise_to(view: BrelanView, c: Choice, chance: float, level: str) -> int:
    assert c.low is not None and c.high is not None
    pot = view.pool + sum(view.stakes)
    if level == "easy":
        return c.low
    return c.low + pot // 4
