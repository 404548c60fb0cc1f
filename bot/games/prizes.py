"""A tournament's end, worked out: finishing places and the prizes paid from the pool.

**Places.** Players are placed as they bust: those who bust in the same hand take the last
places still free, the one who held more chips at the start of that hand finishing better;
equal stacks share the better place (and split the prizes of the places they cover).

**Prizes.** The pool is split by the tournament's payouts: by default 50/30/20 for the first
three, the winner taking all below :data:`SMALL_FIELD` entrants; a split of the server's
choosing otherwise (never more paid places than entrants: the shares left are weighed
again). Each prize is rounded down, the chips left over going to the winner. A house player
wins nothing: what its place would have paid goes back to the members in the money, pro rata
of their prizes (to the best-placed member if none is in the money).

>>> places = bust_places([("a", 40), ("b", 10)], left_before=3)
>>> places
{'a': 2, 'b': 3}
>>> prizes(100, {"w": 1, **places}, payout_split(3), house={"a"})
{'w': 100, 'a': 0, 'b': 0}
>>> prizes(100, {"w": 1, "a": 2, "b": 3}, (50, 30, 20), house={"w"})
{'w': 0, 'a': 60, 'b': 40}
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from itertools import pairwise

from bot.games.errors import OptionError

#: The default split, in percent of the pool, from the winner down.
DEFAULT_SPLIT = (50, 30, 20)
#: Below this many entrants the winner takes all (by default).
SMALL_FIELD = 5
#: The most places a split may pay.
MOST_PLACES = 20


def payout_split(entrants: int, split: Sequence[int] | None = None) -> tuple[int, ...]:
    """The shares of the places paid (weights, the winner's first) for a field of
    ``entrants``: ``split`` or the default, never more places than entrants.

    >>> payout_split(4), payout_split(5), payout_split(2, (60, 30, 10))
    ((100,), (50, 30, 20), (60, 30))
    """
    if split is None:
        return (100,) if entrants < SMALL_FIELD else DEFAULT_SPLIT
    return tuple(split[: max(1, entrants)])


def parse_payouts(text: str) -> tuple[int, ...]:
    """A split written as percents from the winner down (``"60/30/10"``, ``"60 40"``): whole
    numbers above zero adding up to 100, at most :data:`MOST_PLACES`; else ``OptionError``.

    >>> parse_payouts("60/30/10"), parse_payouts("100")
    ((60, 30, 10), (100,))
    >>> parse_payouts("60 30")
    Traceback (most recent call last):
    ...
    bot.games.errors.OptionError: the shares add up to 90, not 100
    """
    words = [w for w in re.split(r"[\s/,;%]+", text.strip()) if w]
    if not words or not all(w.isdigit() for w in words):
        raise OptionError(f"cannot read the split {text!r}", key="refuse-tournament-payouts")
    return checked_split([int(w) for w in words])


def checked_split(split: Sequence[int]) -> tuple[int, ...]:
    """``split`` if it is whole percents above zero adding up to 100, at most
    :data:`MOST_PLACES` of them, never more for a place than for the one above it (a
    second place paid more than the first pays to lose); else ``OptionError``.

    >>> checked_split([1, 99])
    Traceback (most recent call last):
    ...
    bot.games.errors.OptionError: place 2 is paid 99, more than place 1 (1)
    """
    shares = tuple(int(s) for s in split)
    if not 1 <= len(shares) <= MOST_PLACES or any(s < 1 for s in shares):
        raise OptionError(
            f"a split pays 1 to {MOST_PLACES} places, each a share above 0",
            key="refuse-tournament-payouts",
        )
    if sum(shares) != 100:
        raise OptionError(
            f"the shares add up to {sum(shares)}, not 100", key="refuse-tournament-payouts"
        )
    for place, (above, share) in enumerate(pairwise(shares), 2):
        if share > above:
            raise OptionError(
                f"place {place} is paid {share}, more than place {place - 1} ({above})",
                key="refuse-tournament-payouts-order",
                place=place,
                share=share,
                above=above,
            )
    return shares


def prize_amounts(pool: int, shares: Sequence[int]) -> list[int]:
    """The chips each paid place takes: its share of the pool rounded down, the chips left
    over to the winner.

    >>> prize_amounts(101, (50, 30, 20)), prize_amounts(7, (60, 30))
    ([51, 30, 20], [5, 2])
    """
    weight = sum(shares)
    amounts = [pool * s // weight for s in shares]
    amounts[0] += pool - sum(amounts)
    return amounts


def bust_places(busted: Sequence[tuple[str, int]], left_before: int) -> dict[str, int]:
    """The places of players who bust in the same hand: ``busted`` holds each one with his
    stack at the start of that hand; ``left_before`` players were still in before it. A
    bigger stack finishes better; equal stacks share the better place.

    >>> bust_places([("a", 5), ("b", 9), ("c", 5)], left_before=7)
    {'b': 5, 'a': 6, 'c': 6}
    """
    order = sorted(busted, key=lambda p: -p[1])
    best = left_before - len(order) + 1
    places: dict[str, int] = {}
    for k, (name, stack) in enumerate(order):
        if k and stack == order[k - 1][1]:
            places[name] = places[order[k - 1][0]]
        else:
            places[name] = best + k
    return places


def prizes(
    pool: int, places: Mapping[str, int], shares: Sequence[int], house: Collection[str] = ()
) -> dict[str, int]:
    """Each player's prize (every chip of the pool paid out, see the module's text).
    ``places`` gives every entrant's place, in finishing order (for the odd chips of a shared
    place: the first named takes them); ``house`` names the house players.

    >>> prizes(90, {"a": 1, "b": 2, "c": 2, "d": 4}, (50, 30, 20))
    {'a': 45, 'b': 23, 'c': 22, 'd': 0}
    >>> prizes(10, {"h": 1, "m": 2, "n": 3}, (100,), house={"h"})
    {'h': 0, 'm': 10, 'n': 0}
    """
    amounts = prize_amounts(pool, shares) if pool else [0] * len(shares)
    out = dict.fromkeys(places, 0)
    groups: dict[int, list[str]] = {}
    for name, place in places.items():
        groups.setdefault(place, []).append(name)
    for place, names in groups.items():
        covered = sum(amounts[place - 1 : place - 1 + len(names)])
        share, odd = divmod(covered, len(names))
        for i, name in enumerate(names):
            out[name] = share + (1 if i < odd else 0)
    back = sum(out[n] for n in out if n in house)
    if not back:
        return out
    members = sorted((n for n in out if n not in house), key=lambda n: places[n])
    if not members:
        raise ValueError("a tournament's prizes need a member to pay")
    for name in house:
        if name in out:
            out[name] = 0
    paid = [n for n in members if out[n] > 0] or members[:1]
    base = sum(out[n] for n in paid)
    given = {n: back * out[n] // base if base else 0 for n in paid}
    given[paid[0]] += back - sum(given.values())
    for name, extra in given.items():
        out[name] += extra
    return out
