"""Winning chances in Brelan and Bouillotte by Monte Carlo over the unseen cards.

Cards are small integers here (the :class:`~bot.games.cards.Card` index, 0-51): rank
``14 - i // 4``, suit ``i % 4``. The showdown is judged as the engine judges its first stage
(docs/rules.md §2): a square brelan, then a brelan, then the point, where every card shown counts,
folded hands included, and equal points go to the player first in order.

>>> import random
>>> from bot.games.cards import parse_card
>>> ace = [parse_card(c).index for c in ("As", "Ah", "Ad")]
>>> deck = [c.index for c in __import__("bot.games.cards").games.cards.deck_preset("28")]
>>> win_chance(0, ace, parse_card("9c").index, [1], [], deck, random.Random(1), 50)
1.0
"""

from __future__ import annotations

import bisect
import functools
import json
import random
import sys
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path

from bot.games.brelan import MAX_PLAYERS
from bot.games.cards import PIQUET_PRESETS, deck_preset
from bot.games.cli import Parser

RANK = [14 - i // 4 for i in range(52)]
SUIT = [i % 4 for i in range(52)]
POINTS = [11 if r == 14 else (10 if r >= 10 else r) for r in RANK]


def showdown_key(cards: Sequence[int], retourne: int) -> int:
    """A brelan's key (2000 + rank, 3000 + rank if square), else 0: points are relative."""
    a, b, c = cards
    r = RANK[a]
    if r == RANK[b] == RANK[c]:
        return (3000 if RANK[retourne] == r else 2000) + r
    return 0


def stage_one_winner(
    contenders: Sequence[tuple[int, Sequence[int]]],
    folded: Sequence[Sequence[int]],
    retourne: int,
) -> int:
    """Position of the first stage's winner: ``contenders`` are (position, cards)."""
    best_key, winner = -1, -1
    for pos, cards in contenders:
        key = showdown_key(cards, retourne)
        if key > best_key or (key == best_key and pos < winner):
            best_key, winner = key, pos
    if best_key > 0:
        return winner
    totals = [0, 0, 0, 0]
    totals[SUIT[retourne]] += POINTS[retourne]
    for cards in folded:
        for c in cards:
            totals[SUIT[c]] += POINTS[c]
    top = [-1, -1, -1, -1]
    owner = [-1, -1, -1, -1]
    for pos, cards in contenders:
        for c in cards:
            s = SUIT[c]
            totals[s] += POINTS[c]
            if RANK[c] > top[s]:
                top[s] = RANK[c]
                owner[s] = pos
    score: dict[int, int] = {}
    for s in range(4):
        o = owner[s]
        if o >= 0 and totals[s] > score.get(o, 0):
            score[o] = totals[s]
    best, winner = -1, -1
    for pos, _ in contenders:
        v = score.get(pos, 0)
        if v > best or (v == best and pos < winner):
            best, winner = v, pos
    return winner


def hand_score(cards: Sequence[int]) -> int:
    """A quick strength of three cards alone: brelans first, then the best suit's points."""
    a, b, c = cards
    if RANK[a] == RANK[b] == RANK[c]:
        return 100 + RANK[a]
    totals = [0, 0, 0, 0]
    for x in cards:
        totals[SUIT[x]] += POINTS[x]
    return max(totals)


def win_chance(
    me: int,
    mine: Sequence[int],
    retourne: int,
    rivals: Sequence[int],
    folded: Sequence[int],
    deck: Sequence[int],
    rng: random.Random,
    samples: int,
) -> float:
    """Share of ``samples`` deals in which position ``me`` wins the first stage.

    ``rivals`` are the positions still in, ``folded`` those out (their cards count for the
    point); the unseen cards are ``deck`` minus ``mine`` and the retourne, dealt at random
    (the strong level weighs the deals by what the rivals did: :mod:`bot.house.brelan_strong`).
    """
    known = {*mine, retourne}
    unseen = [c for c in deck if c not in known]
    size = len(unseen)
    draw = 3 * (len(rivals) + len(folded))
    if not rivals:
        return 1.0
    wins = 0
    rand = rng.random
    mine_t = tuple(mine)
    for _ in range(samples):
        for i in range(draw):  # partial Fisher-Yates
            j = i + int(rand() * (size - i))
            unseen[i], unseen[j] = unseen[j], unseen[i]
        at = 0
        contenders: list[tuple[int, Sequence[int]]] = [(me, mine_t)]
        for r in rivals:
            contenders.append((r, unseen[at : at + 3]))
            at += 3
        out = []
        for _ in folded:
            out.append(unseen[at : at + 3])
            at += 3
        if stage_one_winner(contenders, out, retourne) == me:
            wins += 1
    return wins / samples


#: What holding the highest card of a suit (in the deck, the retourne aside) adds to its
#: points in :func:`rank_key`: it makes him the suit's owner for sure; the second highest,
#: likely. With them the key's order follows a hand's real chances closely (a rank
#: correlation of 0.95 with its chance against three random hands, deck 28).
TOP_BONUS = (45, 15)

Tops = tuple[tuple[int, int], ...]


def suit_tops(deck: Sequence[int], retourne: int) -> Tops:
    """Per suit, its highest and second highest card in ``deck`` but the retourne (-1: none)."""
    out = []
    for s in range(4):
        cards = sorted(c for c in deck if SUIT[c] == s and c != retourne)  # highest first
        out.append((cards[0] if cards else -1, cards[1] if len(cards) > 1 else -1))
    return tuple(out)


def rank_key(cards: Sequence[int], retourne: int, tops: Tops) -> int:
    """A hand's place among the hands a player may hold: a square brelan, then a brelan by
    rank, then its best suit's points counting the retourne, with :data:`TOP_BONUS` for
    holding the suit's highest cards (``tops``: :func:`suit_tops`).

    >>> from bot.games.cards import parse_card, deck_preset
    >>> deck = [c.index for c in deck_preset("28")]
    >>> ret = parse_card("Th").index
    >>> [rank_key([parse_card(c).index for c in h.split()], ret, suit_tops(deck, ret))
    ...  for h in ("Ah Kh 8c", "Kh Qh 8c", "9s 9d 9c", "Ts Td Tc")]
    [76, 45, 2009, 3010]
    """
    a, b, c = cards
    if RANK[a] == RANK[b] == RANK[c]:
        return (3000 if RANK[retourne] == RANK[a] else 2000) + RANK[a]
    totals = [0, 0, 0, 0]
    totals[SUIT[retourne]] = POINTS[retourne]
    for x in cards:
        totals[SUIT[x]] += POINTS[x]
    best = 0
    for s in {SUIT[a], SUIT[b], SUIT[c]}:
        top, second = tops[s]
        value = totals[s]
        if top in cards:
            value += TOP_BONUS[0]
        elif second in cards:
            value += TOP_BONUS[1]
        if value > best:
            best = value
    return best


@functools.lru_cache(maxsize=256)
def _rank_table(deck: tuple[int, ...], retourne: int) -> tuple[int, ...]:
    """Sorted :func:`rank_key` of every hand of three from ``deck`` without the retourne."""
    rest = [c for c in deck if c != retourne]
    tops = suit_tops(deck, retourne)
    return tuple(sorted(rank_key(h, retourne, tops) for h in combinations(rest, 3)))


def percentile_of(deck: tuple[int, ...], retourne: int) -> Callable[[Sequence[int]], float]:
    """The function giving a hand's percentile (0 to 1, ties counting half) among every hand
    of three that ``deck`` deals with this retourne, by :func:`rank_key`."""
    table = _rank_table(deck, retourne)
    tops = suit_tops(deck, retourne)
    size = len(table)
    cache: dict[int, float] = {}

    def pct(cards: Sequence[int]) -> float:
        key = rank_key(cards, retourne, tops)
        found = cache.get(key)
        if found is None:
            below = bisect.bisect_left(table, key)
            equal = bisect.bisect_right(table, key) - below
            found = cache[key] = (below + equal / 2) / size
        return found

    return pct


#: Bins of a hand's percentile in :func:`chance_curve`, and the deals it is reckoned over.
CURVE_BINS = 40
CURVE_DEALS = 8000


#: Every curve the games may ask for, reckoned ahead by ``python -m bot.house.brelan_odds``
#: (:func:`write_curves`): one costs some 0.1 s of CPU, too long to stop a table's event
#: loop for at the strong level's first decision.
CURVES_FILE = Path(__file__).with_name("curves.json")


@functools.lru_cache(maxsize=128)
def chance_curve(deck: tuple[int, ...], players: int, others: int) -> tuple[float, ...]:
    """A hand's chance to win the showdown against ``others`` random hands (the rest of the
    ``players`` dealt and folded: their cards count for the point), by bin of its
    percentile (:func:`percentile_of`, :data:`CURVE_BINS` bins): read from
    :data:`CURVES_FILE`, else reckoned (:func:`reckon_curve`).

    >>> from bot.games.cards import deck_preset
    >>> curve = chance_curve(tuple(c.index for c in deck_preset("24")), 4, 3)
    >>> len(curve), curve[0] < 0.05, curve[-1] > 0.8
    (40, True, True)
    """
    shipped = _shipped_curves().get(_curve_key(deck, players, others))
    return shipped if shipped is not None else reckon_curve(deck, players, others)


def reckon_curve(deck: tuple[int, ...], players: int, others: int) -> tuple[float, ...]:
    """:func:`chance_curve` reckoned over :data:`CURVE_DEALS` random deals and retournes, on
    fixed random numbers, made non-decreasing."""
    rng = random.Random(f"curve:{len(deck)}:{players}:{others}")
    cards = list(deck)
    wins = [0.0] * CURVE_BINS
    seen = [0] * CURVE_BINS
    k = others + 1
    for _ in range(CURVE_DEALS):
        rng.shuffle(cards)
        retourne = cards[-1]
        pct = percentile_of(deck, retourne)
        hands = [cards[3 * i : 3 * i + 3] for i in range(players)]
        winner = stage_one_winner(list(enumerate(hands[:k])), hands[k:], retourne)
        for i in range(k):
            b = min(CURVE_BINS - 1, int(pct(hands[i]) * CURVE_BINS))
            seen[b] += 1
            wins[b] += winner == i
    out: list[float] = []
    for w, n in zip(wins, seen, strict=True):
        out.append(max(out[-1] if out else 0.0, w / n if n else 0.0))
    return tuple(out)


def _curve_key(deck: Sequence[int], players: int, others: int) -> str:
    return f"{','.join(map(str, deck))}/{players}/{others}"


@functools.cache
def _shipped_curves() -> dict[str, tuple[float, ...]]:
    try:
        stored = json.loads(CURVES_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {key: tuple(float(x) for x in curve) for key, curve in stored.items()}


def every_curve() -> list[tuple[tuple[int, ...], int, int]]:
    """The (deck, players, others) of every curve a table of Brelan or Bouillotte may ask
    for: each deck of the two games, 2 to 5 players, 1 to all but one of them still in."""
    most = max(MAX_PLAYERS.values())
    out: list[tuple[tuple[int, ...], int, int]] = []
    for name in PIQUET_PRESETS:
        deck = tuple(c.index for c in deck_preset(name))
        for players in range(2, most + 1):
            if 3 * players + 1 <= len(deck):
                out.extend((deck, players, others) for others in range(1, players))
    return out


def write_curves(path: Path = CURVES_FILE) -> int:
    """Reckon every curve (:func:`every_curve`) and write them to ``path``; how many."""
    curves = {_curve_key(*key): reckon_curve(*key) for key in every_curve()}
    path.write_text(json.dumps(curves, separators=(",", ":")) + "\n", encoding="utf-8")
    return len(curves)


def curve_chance(curve: Sequence[float], pct: float) -> float:
    """The chance :func:`chance_curve` gives a hand of percentile ``pct``."""
    return curve[min(len(curve) - 1, int(pct * len(curve)))]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bot.house.brelan_odds``: write :data:`CURVES_FILE` (after a change to
    the curves' reckoning or to the decks)."""
    Parser(
        prog="python -m bot.house.brelan_odds",
        description=f"Reckon the house players' winning-chance curves again and write them to "
        f"{CURVES_FILE.name} beside this module (after a change to their reckoning or to the "
        "decks). It takes no option.",
    ).parse_args(argv)
    print(f"{write_curves()} curves written to {CURVES_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
