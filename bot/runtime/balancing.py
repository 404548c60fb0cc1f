"""Which players a multi-table tournament moves, and which tables it breaks: a pure plan.

The tournament's director hands :func:`plan` each live table as a :class:`TableLoad` (its
players, those who may move now, whether it may be broken now) and applies what comes back
in one storage transaction.

- **Breaking.** While the other tables can hold every player (players ≤ seats × (tables −
  1)), the table with the fewest players among those that may be broken now (ties: the
  highest number) is broken: its players go one at a time to the table with the fewest
  players (ties: the lowest number).
- **Balancing.** While the fullest table has two players or more than the emptiest, one
  player who may move goes from a fullest table to the emptiest.

A table may be broken only between hands; a player may move only when he is not in a hand in
play (the runtime also keeps at their table the players of a table holding a carried pot,
and a Brag player holding a kept blind hand). A move the plan cannot make now waits for the
next hand's end.

>>> loads = [TableLoad(1, 1, ("a", "b", "c", "d", "e"), ("a",), False),
...          TableLoad(2, 2, ("f", "g", "h"), (), False)]
>>> plan(loads, seats=5)
Plan(moves=(Move(player='a', source=1, target=2),), broken=())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TableLoad:
    """A live table of the tournament: ``players`` seated, ``movable`` those who may move now
    (first to move first), ``idle`` whether it may be broken now (no hand in play)."""

    table_id: int
    no: int
    players: tuple[str, ...]
    movable: tuple[str, ...]
    idle: bool


@dataclass(frozen=True, slots=True)
class Move:
    """One seat moving from one table to another."""

    player: str
    source: int
    target: int


@dataclass(frozen=True, slots=True)
class Plan:
    """The moves in order, and the tables broken (empty once the moves are made)."""

    moves: tuple[Move, ...] = ()
    broken: tuple[int, ...] = ()


def plan(tables: Sequence[TableLoad], seats: int) -> Plan:
    """What to do now (see the module's text): break what can be broken, then balance.

    >>> loads = [TableLoad(1, 1, ("a", "b"), ("a", "b"), True),
    ...          TableLoad(2, 2, ("c", "d", "e"), (), False),
    ...          TableLoad(3, 3, ("f",), ("f",), True)]
    >>> plan(loads, seats=5)
    Plan(moves=(Move(player='f', source=3, target=1),), broken=(3,))
    >>> plan([TableLoad(1, 1, ("a",), ("a",), True), TableLoad(2, 2, ("b",), ("b",), True)], 4)
    Plan(moves=(Move(player='b', source=2, target=1),), broken=(2,))
    """
    live = {t.table_id: list(t.players) for t in tables}
    movable = {t.table_id: list(t.movable) for t in tables}
    numbers = {t.table_id: t.no for t in tables}
    idle = {t.table_id for t in tables if t.idle}
    moves: list[Move] = []
    broken: list[int] = []

    def emptiest(exclude: int) -> int:
        return min((t for t in live if t != exclude), key=lambda t: (len(live[t]), numbers[t]))

    def move(player: str, source: int, target: int) -> None:
        live[source].remove(player)
        if player in movable[source]:
            movable[source].remove(player)
        live[target].append(player)
        moves.append(Move(player, source, target))

    while len(live) > 1:
        total = sum(len(p) for p in live.values())
        if total > seats * (len(live) - 1):
            break
        candidates = [t for t in live if t in idle]
        if not candidates:
            break
        victim = min(candidates, key=lambda t: (len(live[t]), -numbers[t]))
        for player in list(live[victim]):
            move(player, victim, emptiest(victim))
        del live[victim]
        broken.append(victim)
    while len(live) > 1:
        low = min(len(p) for p in live.values())
        sources = [t for t in live if len(live[t]) >= low + 2 and movable[t]]
        if not sources:
            break
        source = max(sources, key=lambda t: (len(live[t]), -numbers[t]))
        target = emptiest(source)
        move(movable[source][0], source, target)
    return Plan(tuple(moves), tuple(broken))
