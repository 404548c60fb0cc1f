"""House play for Brag: ``easy`` and ``normal`` (``strong`` is :mod:`bot.house.brag_strong`).

A hand's worth is its *percentile*: the share of the hands a rival may hold that it beats,
from the table's ranking (:func:`bot.games.brag_rank.strength`, with the table's wild cards,
and the best three of four or five cards). Against ``m`` rivals the chance to hold the best
hand is about ``percentile ** m``.

- ``easy`` looks at once, goes on with a pair or better (and sometimes with less), bets the
  least it may.
- ``normal`` looks at once, goes on when its chance pays the price (pot odds), sees with an
  even chance when two are left, bets more with a strong hand.
"""

from __future__ import annotations

import bisect
import functools
import random
from collections.abc import Sequence
from itertools import combinations

from bot.games.brag import brag_deck
from bot.games.brag_rank import WILD_CARDS, best_three, strength
from bot.games.cards import Card, parse_card
from bot.games.events import EventKind
from bot.games.options import BragOptions
from bot.house.style import PLAIN, Style
from bot.house.view import BragView, Choice

Decision = tuple[str, int | tuple[str, ...] | None]


@functools.lru_cache(maxsize=32)
def _strengths(cards: int, wild: str) -> tuple[int, ...]:
    """Sorted strengths of the best three of a random hand, for a table's variant."""
    opts = BragOptions(cards=cards, wild=wild)
    pack = brag_deck(opts)
    wilds = WILD_CARDS[wild]
    if cards == 3:
        out = [strength(t, wilds) for t in combinations(pack, 3)]
    else:
        rng = random.Random(cards * 97 + len(wild))
        out = [best_three(rng.sample(pack, cards), wilds)[0][0] for _ in range(6000)]
    return tuple(sorted(out))


def percentile(cards: Sequence[Card], options: BragOptions) -> float:
    """Share of random hands that the best three of ``cards`` beats (ties count half)."""
    table = _strengths(options.cards, options.wild)
    mine = best_three(cards, WILD_CARDS[options.wild])[0][0]
    below = bisect.bisect_left(table, mine)
    equal = bisect.bisect_right(table, mine) - below
    return (below + equal / 2) / len(table)


def _take(c: Choice, amount: int | None = None) -> Decision:
    if c.low is not None and c.high is not None:
        assert amount is not None
        return c.verb, max(c.low, min(c.high, amount))
    return c.verb, c.amount


def open_bets(view: BragView) -> dict[str, int]:
    """Bets each player made after looking (a blind bet says nothing of the cards)."""
    counts: dict[str, int] = {}
    for e in view.events:
        if e.kind == EventKind.BET and e.player is not None and not e["blind"]:
            counts[e.player] = counts.get(e.player, 0) + 1
    return counts


def win_chance(view: BragView, pct: float, level: str) -> float:
    """Chance that a hand of percentile ``pct`` beats every rival still in."""
    me = view.position
    rivals = [i for i in range(len(view.names)) if i != me and not view.folded[i]]
    bets = open_bets(view) if level != "easy" else {}
    decay = 0.92
    chance = 1.0
    for i in rivals:
        floor = 0.0
        if not view.blind[i]:
            floor = 1.0 - decay ** bets.get(view.names[i], 0)
        chance *= max(0.0, (pct - floor) / (1.0 - floor)) if floor < 1 else 0.0
    return chance


def decide_brag(view: BragView, rng: random.Random, level: str, style: Style = PLAIN) -> Decision:
    """The decision of a house player of ``level`` (easy, normal) in a character's
    ``style`` (a tight one needs a better hand, a blind player stays blind a while)."""
    verbs = [c.verb for c in view.legal]
    if len(view.legal) == 1:
        return _take(view.legal[0], view.legal[0].low)
    if view.phase == "keep":
        keep = view.choice("keep")
        assert keep is not None
        return _take(keep)
    if view.phase == "proposal":
        pct = (
            percentile([parse_card(c) for c in view.hands[0]], view.options) if view.hands else 0.5
        )
        active = sum(1 for i, f in enumerate(view.folded) if not f and not view.covered[i])
        agree = win_chance(view, pct, level) >= 1.0 / active
        return ("showdown", None) if agree else ("refuse", None)
    if "discard" in verbs:
        cards = [parse_card(c) for c in view.hands[0]]
        _, _, rest = best_three(cards, WILD_CARDS[view.options.wild])
        return "discard", tuple(c.code for c in rest)
    if "throw" in verbs and "keep" in verbs:  # looked at one of two hands
        pct = percentile([parse_card(c) for c in view.hands[0]], view.options)
        return ("keep", None) if pct >= 0.5 else ("throw", None)
    me = view.position
    if view.blind[me] and "look" in verbs:
        if not _stay_blind(view, style):
            look = [c for c in view.legal if c.verb == "look"]
            return _take(look[-1])
        return _blind_bet(view)
    assert view.hands, "an open player sees his hand"
    pct = percentile([parse_card(c) for c in view.hands[0]], view.options)
    return _open_play(view, rng, level, max(0.0, pct - 0.05 * style.tight))


def _stay_blind(view: BragView, style: Style) -> bool:
    """These levels look at once, but a character who plays blind stays blind a few bets
    while they are cheap."""
    mine = sum(1 for e in view.events if e.kind == EventKind.BET and e.player == view.seat)
    bet = view.choice("bet")
    cheap = bet is not None and bet.low is not None and bet.low * 4 <= view.stacks[view.position]
    return cheap and mine < style.blind - 1.0


def _blind_bet(view: BragView) -> Decision:
    bet = view.choice("bet")
    if bet is not None:
        return _take(bet, bet.low)
    return _take(view.legal[0], view.legal[0].low)


def _open_play(view: BragView, rng: random.Random, level: str, pct: float) -> Decision:
    me = view.position
    chance = win_chance(view, pct, level)
    active = [i for i in range(len(view.names)) if not view.folded[i] and not view.covered[i]]
    bet = view.choice("bet")
    see = view.choice("see")
    cover = view.choice("cover")
    fold = ("fold", None)
    pot = view.pot
    my_bets = sum(1 for e in view.events if e.kind == EventKind.BET and e.player == view.seat)
    if level == "easy":
        if see is not None and (pct > 0.5 or rng.random() < 0.1):
            return _take(see)
        if my_bets > 3 and pct < 0.85:
            return fold
        if pct > 0.5 or rng.random() < 0.2:
            if bet is not None:
                return _take(bet, bet.low)
            if cover is not None:
                return _take(cover)
        return fold
    cost = bet.low if bet is not None and bet.low is not None else view.stacks[me]
    if see is not None and see.amount is not None:
        # Two are left: see now, bet on, or fold.
        see_cost = see.amount
        if bet is not None and chance >= 0.8 and my_bets < 3:
            return _take(bet, _size(bet, chance))
        if chance * (pot + see_cost) >= see_cost:
            return _take(see)
        return fold
    if cover is not None:
        return _take(cover) if chance * (pot + cost) >= cost else fold
    if bet is None:
        return fold
    # More than two betting, or the rival is blind (an open player cannot see him): each round
    # costs at least ``cost``; going on pays when the chance covers a few rounds.
    rounds = 1.5
    if len(active) > 2:
        rounds += 0.5 * (len(active) - 2)
    if my_bets >= 4 and chance < 0.6:
        return fold
    if chance * (pot + cost * rounds * len(active)) >= cost * rounds:
        return _take(bet, _size(bet, chance))
    return fold


def _size(bet: Choice, chance: float) -> int:
    assert bet.low is not None and bet.high is not None
    return bet.low if chance < 0.8 else (bet.low + bet.high) // 2
