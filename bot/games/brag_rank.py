"""Brag hand ranking (docs/rules.md §4): a table over all 22,100 three-card hands, wild cards,
and the best three of four or five cards.

Ranks are dense integers, 1 (5-3-2 of mixed suits) to 741 (3-3-3), higher is better. With
wild cards a hand's *strength* is ``rank * 4 + 3 - wilds``, so that between equal ranks the
hand with fewer wild cards wins. A full comparison key adds the discards of four- and
five-card brag, highest first.

>>> from bot.games.cards import parse_cards
>>> describe(strength(parse_cards(["3s", "3h", "3d"])))
'prial 3-3-3'
>>> rank3(*parse_cards(["2h", "As", "3c"])) > rank3(*parse_cards(["Ad", "Kd", "Qd"]))
False
>>> category(rank3(*parse_cards(["2h", "As", "3c"])))
'run'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from bot.games.cards import ALL_CARDS, RANK_NAMES, Card
from bot.games.events import BragComboFacts

#: Category names, worst first; ``CATEGORIES.index(name)`` is the category's number.
CATEGORIES: tuple[str, ...] = ("high card", "pair", "flush", "run", "running flush", "prial")
HIGH, PAIR, FLUSH, RUN, RUNNING_FLUSH, PRIAL = range(6)

#: Card indices of the wild cards of each ``wild`` option (jokers are 52 and 53).
WILD_OPTIONS: tuple[str, ...] = (
    "none",
    "twos",
    "black_twos",
    "one_eyed_jacks",
    "suicide_king",
    "joker",
    "two_jokers",
)
_BY_CODE = {c.code: c.index for c in ALL_CARDS}
WILD_CARDS: dict[str, frozenset[int]] = {
    "none": frozenset(),
    "twos": frozenset(_BY_CODE[c] for c in ("2s", "2h", "2d", "2c")),
    "black_twos": frozenset(_BY_CODE[c] for c in ("2s", "2c")),
    "one_eyed_jacks": frozenset(_BY_CODE[c] for c in ("Jh", "Js")),
    "suicide_king": frozenset({_BY_CODE["Kh"]}),
    "joker": frozenset({52}),
    "two_jokers": frozenset({52, 53}),
}
#: Jokers added to the 52-card pack for each ``wild`` option.
JOKERS_ADDED: dict[str, int] = {
    w: (2 if w == "two_jokers" else 1 if w == "joker" else 0) for w in WILD_OPTIONS
}

#: Comparison key: (strength, ranks of the discards highest first).
HandKey = tuple[int, tuple[int, ...]]

_N = 52
_S1 = 52
_S2 = 52 * 52


def _raw_score(a: int, b: int, c: int) -> int:
    """Score of three distinct card indices a < b < c (so their ranks go down)."""
    r1, r2, r3 = 14 - a // 4, 14 - b // 4, 14 - c // 4
    if r1 == r3:
        return PRIAL * 4096 + (15 if r1 == 3 else r1)
    if r1 == r2 or r2 == r3:
        kicker = r3 if r1 == r2 else r1
        return PAIR * 4096 + r2 * 15 + kicker
    flush = a % 4 == b % 4 == c % 4
    top = r1 if r1 - r3 == 2 else (15 if (r1, r2, r3) == (14, 3, 2) else 0)
    if top:
        return (RUNNING_FLUSH if flush else RUN) * 4096 + top
    return (FLUSH if flush else HIGH) * 4096 + r1 * 225 + r2 * 15 + r3


def _build() -> tuple[list[int], list[int], list[tuple[int, int, int]]]:
    raw: list[int] = []
    triples: list[tuple[int, int, int]] = []
    for a in range(_N):
        for b in range(a + 1, _N):
            for c in range(b + 1, _N):
                raw.append(_raw_score(a, b, c))
                triples.append((a, b, c))
    distinct = sorted(set(raw))
    dense = {score: i + 1 for i, score in enumerate(distinct)}
    table = [0] * (_N * _S2)
    for (a, b, c), score in zip(triples, raw, strict=True):
        r = dense[score]
        a1, b1, c1 = a * _S2, b * _S2, c * _S2
        table[a1 + b * _S1 + c] = r
        table[a1 + c * _S1 + b] = r
        table[b1 + a * _S1 + c] = r
        table[b1 + c * _S1 + a] = r
        table[c1 + a * _S1 + b] = r
        table[c1 + b * _S1 + a] = r
    return table, [0, *distinct], triples


#: ``TABLE[a*2704 + b*52 + c]`` is the rank of the cards with indices a, b, c (any order).
TABLE, _RAW_OF_RANK, _TRIPLES = _build()
#: Number of distinct ranks (741).
RANK_COUNT = len(_RAW_OF_RANK) - 1
#: Rank of the prial of each rank value 2..14.
PRIAL_RANK: dict[int, int] = {
    r: TABLE[(14 - r) * 4 * _S2 + ((14 - r) * 4 + 1) * _S1 + (14 - r) * 4 + 2] for r in range(2, 15)
}


def rank3(a: Card, b: Card, c: Card) -> int:
    """Rank of three natural cards (no wild card), 1..741, higher is better.

    >>> from bot.games.cards import parse_card as p
    >>> rank3(p("Ah"), p("2h"), p("3h")) > rank3(p("Ah"), p("Kh"), p("Qh"))
    True
    """
    return TABLE[a.index * _S2 + b.index * _S1 + c.index]


def category(rank: int) -> str:
    """Category name of a rank (``'prial'``, ``'running flush'`` ... ``'high card'``)."""
    return CATEGORIES[_RAW_OF_RANK[rank] // 4096]


def strength_category(value: int) -> str:
    """Category name of a strength (rank and wild count)."""
    return category(value // 4)


_ONE_WILD: dict[int, int] = {}


def _best_with_one_wild(a: int, b: int) -> int:
    key = a * _S1 + b if a < b else b * _S1 + a
    best = _ONE_WILD.get(key)
    if best is None:
        base = a * _S2 + b * _S1
        best = max(TABLE[base + x] for x in range(_N) if x != a and x != b)
        _ONE_WILD[key] = best
    return best


def strength(cards: Sequence[Card], wild: frozenset[int] = frozenset()) -> int:
    """Strength of three cards with the table's wild cards: ``rank * 4 + 3 - wilds``.

    >>> from bot.games.cards import parse_cards
    >>> twos = WILD_CARDS["twos"]
    >>> w = lambda s: strength(parse_cards(s.split()), twos)
    >>> w("2s 8h 7h") > w("8c 7c 6c") > w("8d 2s 6d")
    True
    >>> w("Ks Kd 2c") > w("Kc 2s 2d") > w("Qc Qd Qh")
    True
    """
    a, b, c = cards
    if not wild:
        return TABLE[a.index * _S2 + b.index * _S1 + c.index] * 4 + 3
    natural = [x.index for x in cards if x.index not in wild]
    n = len(natural)
    if n == 3:
        r = TABLE[natural[0] * _S2 + natural[1] * _S1 + natural[2]]
    elif n == 2:
        r = _best_with_one_wild(natural[0], natural[1])
    elif n == 1:
        r = PRIAL_RANK[14 - natural[0] // 4]
    else:
        r = PRIAL_RANK[3]
    return r * 4 + n


def key_of(
    played: Sequence[Card], discards: Iterable[Card] = (), wild: frozenset[int] = frozenset()
) -> HandKey:
    """Full comparison key of a played three and its discards (highest discard first)."""
    return strength(played, wild), tuple(sorted((c.rank for c in discards), reverse=True))


def best_three(
    cards: Sequence[Card], wild: frozenset[int] = frozenset()
) -> tuple[HandKey, tuple[Card, ...], tuple[Card, ...]]:
    """The best three of three, four or five cards: (key, played three, discards).

    >>> from bot.games.cards import parse_cards
    >>> key, played, rest = best_three(parse_cards("Ah Kh Qh 2c".split()))
    >>> [str(c) for c in played], [str(c) for c in rest]
    (['Ah', 'Kh', 'Qh'], ['2c'])
    """
    if len(cards) == 3:
        return key_of(cards, (), wild), tuple(cards), ()
    best: tuple[HandKey, tuple[Card, ...], tuple[Card, ...]] | None = None
    for trio in combinations(range(len(cards)), 3):
        played = tuple(cards[i] for i in trio)
        rest = tuple(c for i, c in enumerate(cards) if i not in trio)
        key = key_of(played, rest, wild)
        if best is None or key > best[0]:
            best = (key, played, rest)
    assert best is not None
    return best


def facts(value: int, is_strength: bool = True) -> BragComboFacts:
    """A strength (default) or a rank as data, for a UI to word in any language.

    >>> from bot.games.cards import parse_cards
    >>> facts(strength(parse_cards("Kc 2s 2d".split()), WILD_CARDS["twos"]))
    {'kind': 'prial', 'ranks': 'K-K-K', 'wilds': 2}
    """
    kind, ranks, wilds = _parts(value, is_strength)
    return {"kind": kind.replace(" ", "_"), "ranks": ranks, "wilds": wilds}


def _parts(value: int, is_strength: bool) -> tuple[str, str, int]:
    rank, wilds = (value // 4, 3 - value % 4) if is_strength else (value, 0)
    raw = _RAW_OF_RANK[rank]
    cat, sub = divmod(raw, 4096)
    if cat == PRIAL:
        r = 3 if sub == 15 else sub
        ranks = [r, r, r]
    elif cat in (RUN, RUNNING_FLUSH):
        ranks = [14, 2, 3] if sub == 15 else [sub, sub - 1, sub - 2]
    elif cat == PAIR:
        ranks = [sub // 15, sub // 15, sub % 15]
    else:
        ranks = [sub // 225, sub // 15 % 15, sub % 15]
    return CATEGORIES[cat], "-".join(RANK_NAMES[r] for r in ranks), wilds


def describe(value: int, is_strength: bool = True) -> str:
    """Words for a strength (default) or a rank: ``'run A-2-3'``, ``'pair K-K-7'``.

    >>> from bot.games.cards import parse_cards
    >>> describe(strength(parse_cards("Kc 2s 2d".split()), WILD_CARDS["twos"]))
    'prial K-K-K (2 wild)'
    """
    kind, ranks, wilds = _parts(value, is_strength)
    text = f"{kind} {ranks}"
    if wilds:
        text += f" ({wilds} wild)"
    return text


def all_hands() -> list[tuple[tuple[int, int, int], int]]:
    """Every three-card hand of the 52-card pack as (sorted indices, rank)."""
    return [(t, TABLE[t[0] * _S2 + t[1] * _S1 + t[2]]) for t in _TRIPLES]
