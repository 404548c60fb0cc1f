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
from collections.abc import Iterable, Sequence
from typing import Any

from bot.house.memory import TableMemory
from bot.house.players import HousePlayer
from bot.house.style import style_of
from bot.house.thought import Advice
from bot.house.timing import think_time
from bot.house.view import BragView, BrelanView, view_for
from bot.i18n.people import (
    HOUSE_CHARACTERS,
    HOUSE_LEVELS,
    character_id,
    house_level,
    house_trait,
    is_house,
    is_house_player,
)
from bot.runtime.errors import TableError

__all__ = [
    "HOUSE_LEVELS",
    "HOUSE_PAUSE",
    "choose_house_id",
    "house_think",
    "is_house",
    "is_house_player",
    "members_present",
    "observe_hand",
]

log = logging.getLogger(__name__)

#: Seconds a house player pauses before it plays, when the manager is given a fixed pause
#: (tests, ``python -m bot.play --pause``); the bot lets each decision set its own
#: (:func:`bot.house.timing.think_time`).
HOUSE_PAUSE = 1.5
#: The most house players a table takes (a table needs at least one member too).
MOST_HOUSE = 4


def choose_house_id(
    level: str | None,
    seated: Iterable[int],
    character: str | None = None,
    rng: random.Random | None = None,
) -> int:
    """The id of a new house player: the ``character`` named, else one drawn among the free
    characters of ``level`` (``normal`` when neither is given)."""
    here = [u for u in seated if is_house_player(u)]
    if len(here) >= MOST_HOUSE:
        raise TableError("refuse-house-most", n=MOST_HOUSE)
    if character:
        found = character_id(character)
        if found is None:
            names = ", ".join(n for n, _ in HOUSE_CHARACTERS.values())
            raise TableError("refuse-house-character", name=character[:40], names=names)
        if found in here:
            raise TableError("refuse-house-character-seated", user=found)
        return found
    level = level or "normal"
    if level not in HOUSE_LEVELS:
        raise TableError("refuse-house-level", levels=", ".join(HOUSE_LEVELS), level=level)
    free = [u for u in HOUSE_CHARACTERS if house_level(u) == level and u not in here]
    assert free, "a level has as many characters as a table takes house players"
    return (rng or random.Random()).choice(free)


def members_present(seated: Iterable[str], sitting_out: set[str]) -> int:
    """How many members (not house players) are seated and not sitting out."""
    return sum(1 for n in seated if not is_house(int(n)) and n not in sitting_out)


def house_think(hand: Any, name: str, rng: random.Random, memory: TableMemory) -> Advice:
    """What the house player ``name`` plays now and why, from its own view and the table's
    memory only, as its character plays its level."""
    uid = int(name)
    player = HousePlayer(house_level(uid), rng, memory, style_of(house_trait(uid)))
    return player.think(view_for(hand, name))


def think_pause(advice: Advice, hand: Any, rng: random.Random, most: float) -> float:
    """How long the house player thinks before playing ``advice`` (never more than ``most``)."""
    return think_time(advice, len(hand.legal_actions()), rng, most)


def observe_hand(memory: TableMemory, hand: Any, names: Sequence[str]) -> None:
    """The house players remember a finished hand: its public events, as one of them (in
    ``names``, the house players dealt in) saw it."""
    watcher = next((n for n in names if is_house_player(int(n))), None)
    if watcher is None:
        return
    view = view_for(hand, watcher)
    if isinstance(view, BrelanView | BragView):
        memory.observe(view, view.options)
