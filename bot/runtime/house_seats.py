"""House seats at a table: computer players (``bot.house``) in the runtime.

A house player sits like a member (its chips come from the server's house bank:
:mod:`bot.storage.house`), is dealt in, and plays when its turn's short, human-like pause
ends: its "deadline" is that pause, and when it falls the strategy decides from the seat's
own view (:func:`bot.house.view.view_for`, which holds no hidden card) instead of the
timeout's automatic action. It never sits out, gets no DM, and gives its seat to a member
who wants one (between hands at once; during a hand it leaves when the hand ends, and
Bouillotte seats the waiting line first).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable

from bot.games.base import Amount
from bot.house.players import make_player
from bot.house.view import view_for
from bot.i18n.people import (
    HOUSE_LEVELS,
    HOUSE_NAMES,
    house_level,
    house_player_id,
    is_house,
    is_house_player,
)
from bot.runtime.errors import TableError

__all__ = [
    "HOUSE_LEVELS",
    "HOUSE_PAUSE",
    "choose_house_id",
    "house_decision",
    "is_house",
    "is_house_player",
    "members_present",
]

log = logging.getLogger(__name__)

#: Seconds a house player "thinks" before it plays: long enough to follow, short enough
#: not to bore.
HOUSE_PAUSE = 1.5
#: The most house players a table takes (a table needs at least one member too).
MOST_HOUSE = 4


def choose_house_id(level: str, seated: Iterable[int]) -> int:
    """The id of a new house player of ``level``: the first name not already at the table."""
    if level not in HOUSE_LEVELS:
        raise TableError("refuse-house-level", levels=", ".join(HOUSE_LEVELS), level=level)
    here = [u for u in seated if is_house_player(u)]
    if len(here) >= MOST_HOUSE:
        raise TableError("refuse-house-most", n=MOST_HOUSE)
    taken = {u % 10 for u in here}
    number = next(n for n in range(1, len(HOUSE_NAMES) + 1) if n not in taken)
    return house_player_id(level, number)


def members_present(seated: Iterable[str], sitting_out: set[str]) -> int:
    """How many members (not house players) are seated and not sitting out."""
    return sum(1 for n in seated if not is_house(int(n)) and n not in sitting_out)


def house_decision(
    hand: object, name: str, rng_factory: Callable[[], random.Random]
) -> tuple[str, Amount]:
    """What the house player ``name`` plays now, from its own view only."""
    player = make_player(house_level(int(name)), rng_factory())
    return player.decide(view_for(hand, name))  # type: ignore[arg-type]
