"""Rising stakes in a tournament: a schedule of levels, by hands or by minutes.

A :class:`Level` holds the chips a tournament table plays for: the ante at every game (at
Brelan and Bouillotte the antes make the pool), and at a game whose options have bet limits
(Brag: ``min_bet``, ``max_bet``) those limits too. A :class:`Schedule` says how long each level
lasts: ``every`` hands (counted at the tournament's busiest table) or ``every`` minutes (from
the start); after the last level the stakes stay where they are, and once the last level
has lasted :data:`LAST_LEVEL_SPAN` levels' length the tournament ends by stacks
(:meth:`Schedule.over`). The stakes never fall from a level to the next, and the last level
has an ante: a schedule always ends. A level never changes inside a hand: the runtime
applies it between hands.

>>> s = parse_schedule("brag", "10 hands: 1/1/10 2/2/20")
>>> s.level_at(hands=9), s.level_at(hands=10), s.level_at(hands=99)
(0, 1, 1)
>>> s.levels[1].options(), s.hands_left(hands=13)
({'ante': 2, 'min_bet': 2, 'max_bet': 20}, None)
>>> [lv.ante for lv in default_schedule("brelan").levels[:5]]
[1, 2, 3, 5, 8]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from bot.games import registry
from bot.games.errors import OptionError

LevelUnit = Literal["hands", "minutes"]
UNITS: tuple[LevelUnit, ...] = ("hands", "minutes")

#: A level lasts this many hands in the default schedules.
DEFAULT_EVERY = 10
#: The most levels a schedule may have, and the longest a level may last (hands or minutes).
MOST_LEVELS = 40
LONGEST_LEVEL = 1000
#: The highest ante or bet limit a level may name.
MOST_CHIPS = 1_000_000
#: How many levels' length the last level lasts: then the tournament ends by stacks.
LAST_LEVEL_SPAN = 10

#: The default antes of a game without bet limits (Brelan, Bouillotte).
DEFAULT_ANTES = (1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200)
#: The default levels of a game with bet limits (Brag): ante, minimum and maximum bet.
DEFAULT_LIMITS = (
    (1, 1, 10),
    (2, 2, 20),
    (3, 3, 30),
    (5, 5, 50),
    (8, 8, 80),
    (12, 12, 120),
    (20, 20, 200),
    (30, 30, 300),
    (50, 50, 500),
    (80, 80, 800),
)


#: The most digits a number of a schedule is read with (more is past every limit).
MOST_DIGITS = 9


def _refuse(text: str, limit: str = "", **params: Any) -> OptionError:
    """A schedule refused: unreadable, or past a named ``limit`` (its own words)."""
    key = f"refuse-tournament-schedule-{limit}" if limit else "refuse-tournament-schedule"
    return OptionError(text, key=key, **params)


def _number(digits: str) -> int:
    """A number of a schedule: past :data:`MOST_DIGITS` digits, above every limit."""
    return int(digits) if len(digits.lstrip("0")) <= MOST_DIGITS else 10**MOST_DIGITS


@dataclass(frozen=True, slots=True)
class Level:
    """The stakes of one level: the ante, and the bet limits where the game has them."""

    ante: int
    min_bet: int | None = None
    max_bet: int | None = None

    def options(self) -> dict[str, int]:
        """The table options this level sets.

        >>> Level(3).options(), Level(2, 2, 20).options()
        ({'ante': 3}, {'ante': 2, 'min_bet': 2, 'max_bet': 20})
        """
        out = {"ante": self.ante}
        if self.min_bet is not None and self.max_bet is not None:
            out["min_bet"], out["max_bet"] = self.min_bet, self.max_bet
        return out

    def to_json(self) -> list[int]:
        return list(self.options().values())

    @classmethod
    def from_json(cls, raw: Sequence[int]) -> Level:
        """>>> Level.from_json([2, 2, 20]) == Level(2, 2, 20)
        True
        """
        if len(raw) == 3:
            return cls(int(raw[0]), int(raw[1]), int(raw[2]))
        return cls(int(raw[0]))


@dataclass(frozen=True, slots=True)
class Schedule:
    """The levels in order and how long each lasts (``every`` hands or minutes)."""

    unit: LevelUnit
    every: int
    levels: tuple[Level, ...]

    def level_at(self, *, hands: int = 0, seconds: float = 0.0) -> int:
        """The index of the level in play after ``hands`` hands at the busiest table (a
        schedule by hands) or ``seconds`` since the start (by minutes).

        >>> s = Schedule("minutes", 15, (Level(1), Level(2), Level(4)))
        >>> s.level_at(seconds=899), s.level_at(seconds=900), s.level_at(seconds=10**6)
        (0, 1, 2)
        """
        if self.unit == "hands":
            step = hands // self.every
        else:
            step = int(max(0.0, seconds) // (self.every * 60))
        return min(step, len(self.levels) - 1)

    def over(self, *, hands: int = 0, seconds: float = 0.0) -> bool:
        """Whether the last level has lasted :data:`LAST_LEVEL_SPAN` levels' length: the
        tournament then ends by stacks (counted as :meth:`level_at` counts).

        >>> s = Schedule("hands", 10, (Level(1), Level(2)))
        >>> s.over(hands=109), s.over(hands=110)
        (False, True)
        """
        if self.unit == "hands":
            step = hands // self.every
        else:
            step = int(max(0.0, seconds) // (self.every * 60))
        return step >= len(self.levels) - 1 + LAST_LEVEL_SPAN

    def hands_left(self, *, hands: int) -> int | None:
        """Hands still to play before the next level (by hands; None by minutes or at the
        last level).

        >>> Schedule("hands", 10, (Level(1), Level(2))).hands_left(hands=7)
        3
        """
        if self.unit != "hands" or self.level_at(hands=hands) == len(self.levels) - 1:
            return None
        return self.every - hands % self.every

    def next_level_at(self, *, started_at: float, now: float) -> float | None:
        """When the next level begins (unix s; by minutes), None by hands or at the last.

        >>> Schedule("minutes", 1, (Level(1), Level(2))).next_level_at(started_at=0, now=30)
        60.0
        """
        if self.unit != "minutes":
            return None
        index = self.level_at(seconds=now - started_at)
        if index == len(self.levels) - 1:
            return None
        return float(started_at + (index + 1) * self.every * 60)

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "every": self.every,
            "levels": [lv.to_json() for lv in self.levels],
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Schedule:
        """>>> s = default_schedule("brag"); Schedule.from_json(s.to_json()) == s
        True
        """
        unit = raw["unit"]
        if unit not in UNITS:
            raise _refuse(f"unknown unit {unit!r}")
        return cls(unit, int(raw["every"]), tuple(Level.from_json(v) for v in raw["levels"]))


def always_ends(schedule: Schedule) -> Schedule:
    """The schedule (checked), if a tournament played by it always ends: stakes that never
    fall from a level to the next (the ante, and each bet limit), a last level with an ante
    (with :meth:`Schedule.over`, the end by stacks, that bounds its length); else
    ``OptionError`` (a catalogue key).

    >>> always_ends(Schedule("hands", 10, (Level(1), Level(0))))
    Traceback (most recent call last):
    ...
    bot.games.errors.OptionError: level 2 is below level 1
    >>> always_ends(Schedule("hands", 10, (Level(0, 1, 1),)))
    Traceback (most recent call last):
    ...
    bot.games.errors.OptionError: the last level's ante is 0: the tournament would never end
    """
    for no, (before, level) in enumerate(pairwise(schedule.levels), 2):
        if any(b > a for b, a in zip(before.to_json(), level.to_json(), strict=False)):
            raise _refuse(f"level {no} is below level {no - 1}", "falls", level=no)
    if schedule.levels[-1].ante < 1:
        raise _refuse("the last level's ante is 0: the tournament would never end", "last")
    return schedule


def has_limits(game: str) -> bool:
    """Whether the game's levels set bet limits (its rules options have ``min_bet`` and
    ``max_bet``).

    >>> has_limits("brag"), has_limits("bouillotte")
    (True, False)
    """
    names = {o.name for o in registry.spec(game).rules}
    return {"min_bet", "max_bet"} <= names


def has_ante(game: str) -> bool:
    """Whether the game has an ante (a tournament needs one to raise the stakes)."""
    return any(o.name == "ante" for o in registry.spec(game).rules)


def default_schedule(game: str, every: int = DEFAULT_EVERY, unit: LevelUnit = "hands") -> Schedule:
    """The game's default levels, ``every`` hands (or minutes) each."""
    if has_limits(game):
        levels = tuple(Level(a, lo, hi) for a, lo, hi in DEFAULT_LIMITS)
    else:
        levels = tuple(Level(a) for a in DEFAULT_ANTES)
    return checked(game, Schedule(unit, every, levels))


def checked(game: str, schedule: Schedule) -> Schedule:
    """The schedule, if the game can play it: 1 to :data:`MOST_LEVELS` levels, each of the
    game's kind, whole chips, limits in order; else ``OptionError`` (a catalogue key).

    >>> checked("brag", Schedule("hands", 5, (Level(1),)))
    Traceback (most recent call last):
    ...
    bot.games.errors.OptionError: a level of brag names the ante and both bet limits
    """
    if schedule.unit not in UNITS:
        raise _refuse(f"unknown unit {schedule.unit!r}")
    if not 1 <= schedule.every <= LONGEST_LEVEL:
        raise _refuse(
            f"a level lasts 1 to {LONGEST_LEVEL} {schedule.unit}",
            "every",
            unit=schedule.unit,
            most=LONGEST_LEVEL,
        )
    if not 1 <= len(schedule.levels) <= MOST_LEVELS:
        raise _refuse(
            f"a schedule has 1 to {MOST_LEVELS} levels",
            "levels",
            most=MOST_LEVELS,
            n=len(schedule.levels),
        )
    limits = has_limits(game)
    for level in schedule.levels:
        if limits != (level.min_bet is not None and level.max_bet is not None):
            kind = "the ante and both bet limits" if limits else "the ante alone"
            raise _refuse(
                f"a level of {game} names {kind}", "limits" if limits else "ante", game=game
            )
        values = level.options().values()
        if any(not 0 <= v <= MOST_CHIPS for v in values):
            raise _refuse(f"a level's chips are 0 to {MOST_CHIPS}", "chips", most=MOST_CHIPS)
        if level.min_bet is not None and not 1 <= level.min_bet <= (level.max_bet or 0):
            raise _refuse("a level's minimum bet is 1 or more, and at most its maximum", "bets")
    return schedule


_PACE = re.compile(r"^\s*(\d+)\s*(hands?|minutes?|mains?|donnes?|min)\s*:?\s*(.*)$", re.IGNORECASE)


def parse_schedule(game: str, text: str) -> Schedule:
    """A schedule written as ``"<every> hands|minutes: <level> <level> …"``, a level being
    the ante (``3``) or, at a game with bet limits, ``ante/min/max`` (``2/2/20``). The pace
    alone keeps the default levels; the levels alone last :data:`DEFAULT_EVERY` hands each.

    >>> parse_schedule("brelan", "15 minutes: 1 2 4").to_json()
    {'unit': 'minutes', 'every': 15, 'levels': [[1], [2], [4]]}
    >>> parse_schedule("bouillotte", "6 hands").every, parse_schedule("brelan", "1 3").every
    (6, 10)
    >>> parse_schedule("brelan", "10 hands: 1 x")
    Traceback (most recent call last):
    ...
    bot.games.errors.OptionError: cannot read the level 'x'
    """
    unit: LevelUnit = "hands"
    every = DEFAULT_EVERY
    rest = text.strip()
    pace = _PACE.match(rest)
    if pace is not None:
        every = _number(pace[1])
        unit = "minutes" if pace[2].lower().startswith("min") else "hands"
        rest = pace[3].strip()
    if not rest:
        return default_schedule(game, every, unit)
    levels = []
    for word in rest.replace(",", " ").split():
        parts = word.split("/")
        if not all(p.isdecimal() for p in parts) or len(parts) not in (1, 3):
            raise _refuse(f"cannot read the level {word!r}")
        levels.append(Level.from_json([_number(p) for p in parts]))
    return checked(game, Schedule(unit, every, tuple(levels)))
