"""Cards, suits, ranks, the deck presets of docs/rules.md §1, notation and shuffling.

Cards are interned: ``parse_card("Ah") is parse_card("Ah")``, so they compare and hash fast.

>>> c = parse_card("Td")
>>> c.rank, c.suit, c.points, str(c)
(10, 'd', 10, 'Td')
>>> [str(c) for c in deck_preset("16-pagat")[:4]]
['As', 'Ah', 'Ad', 'Ac']
>>> parse_card("1h")
Traceback (most recent call last):
...
bot.games.errors.CardError: '1h' is not a card: write a rank (A K Q J T 9 8 7 6 5 4 3 2) ...
"""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.games.errors import CardError

#: Suits in their canonical order; no suit outranks another.
SUITS: tuple[str, ...] = ("s", "h", "d", "c")
SUIT_NAMES: dict[str, str] = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SUIT_SYMBOLS: dict[str, str] = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
#: Rank characters, low to high; the rank of a card is 2..14 (ace 14).
RANK_CHARS = "23456789TJQKA"
RANK_NAMES: dict[int, str] = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
JOKER_RANK = 0
JOKER_SUIT = "x"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card; jokers have rank 0 and suit ``'x'``.

    ``index`` is a dense number (0-53) for lookup tables; ``points`` is the
    Piquet value used by Brelan and Bouillotte (A 11, K Q J 10, others face).
    """

    rank: int
    suit: str
    index: int
    code: str
    points: int

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def pretty(self) -> str:
        """Human form with a suit symbol, e.g. ``A♥`` or ``10♦``; jokers as ``🃏``."""
        if self.is_joker:
            return "🃏"
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (self.code,))


def _build_cards() -> dict[str, Card]:
    table: dict[str, Card] = {}
    index = 0
    for rank in range(14, 1, -1):
        for suit in SUITS:
            code = RANK_CHARS[rank - 2] + suit
            points = 11 if rank == 14 else (10 if rank >= 10 else rank)
            table[code] = Card(rank, suit, index, code, points)
            index += 1
    for n in (1, 2):
        code = f"X{n}"
        table[code] = Card(JOKER_RANK, JOKER_SUIT, index, code, 0)
        index += 1
    return table


_CARDS: dict[str, Card] = _build_cards()
#: Every card by index (52 cards, ace of spades first, then the two jokers).
ALL_CARDS: tuple[Card, ...] = tuple(_CARDS.values())
FULL_PACK: tuple[Card, ...] = ALL_CARDS[:52]
JOKERS: tuple[Card, ...] = ALL_CARDS[52:]


def parse_card(text: str) -> Card:
    """Parse one card in the notation of docs/rules.md §1 (``Ah``, ``Td``, ``X1``)."""
    card = _CARDS.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if isinstance(text, str):
        fixed = text.strip()
        if fixed.startswith("10"):
            fixed = "T" + fixed[2:]
        if len(fixed) == 2:
            fixed = fixed[0].upper() + fixed[1].lower()
            card = _CARDS.get(fixed)
            if card is not None:
                return card
    raise CardError(
        f"{text!r} is not a card: write a rank (A K Q J T 9 8 7 6 5 4 3 2) then a suit (s h d c), "
        "like 'Ah' or 'Td'; jokers are X1 and X2"
    )


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several cards; a duplicate is an error."""
    cards = [parse_card(t) for t in texts]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} appears twice")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as notation separated by spaces: ``'Ah Kd 9c'``."""
    return " ".join(c.code for c in cards)


#: Deck presets of docs/rules.md §1: name -> ranks kept.
_PRESET_RANKS: dict[str, tuple[int, ...]] = {
    "36": (14, 13, 12, 11, 10, 9, 8, 7, 6),
    "32": (14, 13, 12, 11, 10, 9, 8, 7),
    "28": (14, 13, 12, 11, 10, 9, 8),
    "24": (14, 13, 12, 11, 10, 9),
    "20": (14, 13, 12, 11, 10),
    "20-pagat": (14, 13, 12, 9, 8),
    "24-pagat": (14, 13, 12, 11, 9, 8),
    "16-pagat": (14, 13, 9, 8),
    "52": tuple(range(14, 1, -1)),
}
DECK_PRESETS: tuple[str, ...] = tuple(_PRESET_RANKS)
#: Presets for Brelan and Bouillotte (every preset but the full pack).
PIQUET_PRESETS: tuple[str, ...] = tuple(p for p in _PRESET_RANKS if p != "52")


@functools.lru_cache(maxsize=64)
def deck_preset(name: str, jokers: int = 0) -> tuple[Card, ...]:
    """The cards of a preset, highest rank first; ``jokers`` adds X1 (and X2)."""
    ranks = _PRESET_RANKS.get(name)
    if ranks is None:
        raise CardError(f"unknown deck {name!r}; the decks are: {', '.join(DECK_PRESETS)}")
    wanted = set(ranks)
    cards = tuple(c for c in FULL_PACK if c.rank in wanted)
    return cards + JOKERS[:jokers]


class Shuffler:
    """Source of shuffles: ``secrets.SystemRandom`` for play, a seed for tests.

    >>> a = Shuffler(seed=7).shuffled(deck_preset("24"))
    >>> b = Shuffler(seed=7).shuffled(deck_preset("24"))
    >>> a == b and sorted(a, key=lambda c: c.index) == list(deck_preset("24"))
    True
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng: random.Random = secrets.SystemRandom() if seed is None else random.Random(seed)

    def shuffled(self, cards: Sequence[Card], players: Sequence[str] = ()) -> list[Card]:
        """A new list with the cards in random order, top card first. ``players`` are the
        players the deck is shuffled for, in order of play (the fair dealer of
        :mod:`bot.fair` draws on their seeds; this one ignores them)."""
        out = list(cards)
        self.rng.shuffle(out)
        return out

    def choice(self, items: Sequence[object]) -> object:
        return self.rng.choice(items)
