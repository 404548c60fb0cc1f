"""Brelan and Bouillotte hand ranking (docs/rules.md §2-3): the deck, the deal, the combinations.

A hand of three cards is a *brelan* (three of a rank), a *square brelan* (a brelan whose rank
is also the retourne's) or a *point*: the points of the suit it owns, counted over every card
of that suit shown (all hands and the retourne). A suit is owned by whoever holds its highest
card among the players compared.

>>> from bot.games.cards import parse_card, parse_cards
>>> hands = [parse_cards(h.split()) for h in ("Ah Jh 8c", "Kd Qd 8h", "Ts 9s Jc")]
>>> totals, owner, shown, contenders, out = read_cards(
...     ["P1", "P2", "P3"], hands, [False] * 3, parse_card("Th"))
>>> points, suits = suit_points(["P1", "P2", "P3"], owner, totals)
>>> combos, first, brelans = rank_contenders(contenders, hands, points, 10)
>>> [describe(combos[i]) for i in contenders], first, brelans
(['point 39 in hearts', 'point 20 in diamonds', 'point 19 in spades'], 0, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import IntEnum
from types import MethodType
from typing import NamedTuple

from bot.games.cards import SUIT_NAMES, SUITS, Card, deck_preset
from bot.games.errors import SetupError
from bot.games.events import BrelanComboFacts, SuitPoints
from bot.games.options import BrelanOptions


class Category(IntEnum):
    """Combination classes, compared as numbers."""

    POINT = 1
    BRELAN = 2
    SQUARE = 3


class Combination(NamedTuple):
    """A player's combination: ``value`` is the brelan's rank or the point."""

    category: Category
    value: int
    suit: str | None = None  # the suit of the point, when it is a point

    def facts(self) -> BrelanComboFacts:
        """The combination as data, for a UI to word in any language.

        >>> Combination(Category.POINT, 60, "d").facts()
        {'kind': 'point', 'value': 60, 'suit': 'd'}
        """
        kind = {Category.SQUARE: "square", Category.BRELAN: "brelan"}.get(self.category, "point")
        return {"kind": kind, "value": self.value, "suit": self.suit}

    def describe(self) -> str:
        if self.category is Category.SQUARE:
            return f"square brelan (brelan carré) of {_rank_word(self.value)}"
        if self.category is Category.BRELAN:
            return f"brelan of {_rank_word(self.value)}"
        if self.suit is None:
            return "point 0 (owns no suit)"
        return f"point {self.value} in {SUIT_NAMES[self.suit]}"


def _rank_word(rank: int) -> str:
    return {14: "aces", 13: "kings", 12: "queens", 11: "jacks"}.get(rank, f"{rank}s")


def deck_for(options: BrelanOptions, players: int) -> tuple[Card, ...]:
    """The table's deck: the preset, or Bouillotte's ``auto`` (28 cards for 5 players, else 24)."""
    name = options.deck
    if name == "auto":
        name = "28" if players == 5 else "24"
    return deck_preset(name)


def deal_from(order: Sequence[Card], players: int) -> tuple[list[list[Card]], Card]:
    """Deal three cards one at a time from the top, first player first, then the retourne.

    >>> from bot.games.cards import deck_preset
    >>> hands, ret = deal_from(deck_preset("20"), 2)
    >>> [" ".join(map(str, h)) for h in hands], str(ret)
    (['As Ad Ks', 'Ah Ac Kh'], 'Kd')
    """
    if len(order) < 3 * players + 1:
        raise SetupError(f"the deck has {len(order)} cards, too few for {players} players")
    hands = [[order[i], order[i + players], order[i + 2 * players]] for i in range(players)]
    return hands, order[3 * players]


#: A Combination built through tuple.__new__ (bound to the class), which skips NamedTuple's
#: Python-level __new__: ``new_combination((category, value, suit))``.
new_combination: Callable[[tuple[Category, int, str | None]], Combination] = MethodType(
    tuple.__new__, Combination
)

# Enum members read through their class cost a lookup each time; the hot paths use these.
_POINT = Category.POINT
_BRELAN = Category.BRELAN
_SQUARE = Category.SQUARE
#: The point of a hand that owns no suit.
NO_POINT = Combination(Category.POINT, 0, None)
_NO_TOTALS = dict.fromkeys(SUITS, 0)

#: Descriptions of the combinations met so far (there are a few hundred at most). The hot
#: paths read ``DESCRIPTIONS.get(combo) or describe(combo)``, which skips a call.
DESCRIPTIONS: dict[Combination, str] = {}


def describe(combo: Combination) -> str:
    """``combo.describe()``, remembered."""
    text = DESCRIPTIONS.get(combo)
    if text is None:
        text = DESCRIPTIONS[combo] = combo.describe()
    return text


# ------------------------------------------------------------------ the showdown


def read_cards(
    names: Sequence[str],
    hands: Sequence[Sequence[Card]],
    folded: Sequence[bool],
    retourne: Card,
) -> tuple[dict[str, int], dict[str, int], dict[str, list[str]], list[int], list[str]]:
    """One pass over the cards shown at the showdown.

    Returns the points of each suit shown (all hands and the retourne), the contender holding
    the highest card of each suit held by a contender, each player's card codes, the
    contenders (who have not folded) and the names of those who folded.
    """
    totals = _NO_TOTALS.copy()
    totals[retourne.suit] += retourne.points
    top: dict[str, int] = {}
    owner: dict[str, int] = {}
    shown: dict[str, list[str]] = {}
    contenders: list[int] = []
    out: list[str] = []
    for i in range(len(names)):
        codes = []
        if folded[i]:
            out.append(names[i])
            for c in hands[i]:
                totals[c.suit] += c.points
                codes.append(c.code)
        else:
            contenders.append(i)
            for c in hands[i]:
                suit = c.suit
                totals[suit] += c.points
                codes.append(c.code)
                if c.rank > top.get(suit, -1):
                    top[suit] = c.rank
                    owner[suit] = i
        shown[names[i]] = codes
    return totals, owner, shown, contenders, out


def suit_points(
    names: Sequence[str], owner: dict[str, int], totals: dict[str, int]
) -> tuple[dict[int, Combination], list[SuitPoints]]:
    """Each owner's best point (the owned suit with the most points, the first of SUITS among
    equals), and every suit as data: its owner and its points."""
    points: dict[int, Combination] = {}
    suits: list[SuitPoints] = []
    for suit in SUITS:
        holder = owner.get(suit)
        if holder is None:
            suits.append({"suit": suit, "owner": None, "points": 0})
        else:
            total = totals[suit]
            suits.append({"suit": suit, "owner": names[holder], "points": total})
            held = points.get(holder)
            if total > (0 if held is None else held[1]):
                points[holder] = new_combination((_POINT, total, suit))
    return points, suits


def rank_contenders(
    contenders: Sequence[int],
    hands: Sequence[Sequence[Card]],
    points: dict[int, Combination],
    shown_rank: int,
) -> tuple[dict[int, Combination], int, bool]:
    """Each contender's combination, the first stage's winner (the best, the first in order of
    play among equals; -1 without contenders) and whether anyone has a brelan.

    ``shown_rank`` is the retourne's rank (a brelan of it is square).
    """
    combos: dict[int, Combination] = {}
    brelans = False
    # ``key`` orders combinations as (category, value) does: a point is worth at most 81.
    w, best = -1, -1
    for i in contenders:
        a, b, c = hands[i]
        rank = a.rank
        if rank == b.rank == c.rank:
            brelans = True
            if shown_rank == rank:
                combo = new_combination((_SQUARE, rank, None))
                key = 3000 + rank
            else:
                combo = new_combination((_BRELAN, rank, None))
                key = 2000 + rank
        else:
            combo = points.get(i, NO_POINT)
            key = combo[1]
        combos[i] = combo
        if key > best:
            w, best = i, key
    return combos, w, brelans


# ------------------------------------------------------- later stages (recalculated)


def suit_owners(
    hands: Sequence[Sequence[Card]], competitors: Sequence[int], totals: dict[str, int]
) -> dict[str, tuple[int, int]]:
    """For each suit held by a competitor: (owner, points of every card of the suit shown)."""
    best: dict[str, int] = {}  # suit -> highest rank held
    owner: dict[str, int] = {}  # suit -> the player holding it
    for i in competitors:
        for c in hands[i]:
            suit = c.suit
            if c.rank > best.get(suit, -1):
                best[suit] = c.rank
                owner[suit] = i
    return {suit: (player, totals[suit]) for suit, player in owner.items()}


def combinations_of(
    hands: Sequence[Sequence[Card]],
    shown_rank: int,
    competitors: Sequence[int],
    ownership: dict[str, tuple[int, int]],
) -> dict[int, Combination]:
    """The competitors' combinations, their points counted over the suits of ``ownership``."""
    # Each player's best point: the suit owned with the most points, the first suit of
    # SUITS among equals.
    points: dict[int, tuple[int, str]] = {}
    for suit in SUITS:
        owned = ownership.get(suit)
        if owned is not None:
            i, total = owned
            held = points.get(i)
            if total > (0 if held is None else held[0]):
                points[i] = (total, suit)
    combos: dict[int, Combination] = {}
    for i in competitors:
        a, b, c = hands[i]
        rank = a.rank
        if rank == b.rank == c.rank:
            category = _SQUARE if shown_rank == rank else _BRELAN
            combos[i] = new_combination((category, rank, None))
            continue
        point = points.get(i)
        combos[i] = NO_POINT if point is None else new_combination((_POINT, *point))
    return combos


def best_of(competitors: Sequence[int], combos: dict[int, Combination]) -> int:
    """The strongest combination; the first in order of play among equals."""
    it = iter(competitors)
    w = next(it)
    category, value, _ = combos[w]
    for i in it:
        combo = combos[i]
        if combo[0] > category or (combo[0] == category and combo[1] > value):
            w = i
            category, value = combo[0], combo[1]
    return w
