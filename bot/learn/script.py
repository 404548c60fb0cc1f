"""What a lesson is made of: data, played through the real runtime by
:class:`~bot.learn.runner.LessonRun`.

A :class:`Lesson` is a game, its table options, the house players facing the learner and its
:class:`Deal`\\ s. A deal is the top of the pack (dealt as the table deals) and every move of
the hand in order, the learner's included (:data:`YOU`): the runner plays the house players'
moves itself and stops at each of the learner's. Each move carries :class:`Line`\\ s of
explanation: ``before`` (the learner's: what is going on, why the lesson plays this move) and
``after`` (what it did, why). A line is a catalogue key whose parameters may be
:class:`Fact`\\ s: read from the table when the line is shown (what the learner can see, and
the showdown once it is shown), and checked against what the lesson says they are
(``expect``): a lesson that says "the retourne gives you hearts" fails its test if the engine
gives them to someone else.

>>> line("learn-intro", pool=Fact("pool", expect=4)).params["pool"].expect
4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The learner, as a lesson's moves and facts name him.
YOU = "you"


@dataclass(frozen=True)
class Fact:
    """A fact of the hand (:data:`bot.learn.facts.FACTS`: ``name`` and its ``args``), read
    when its line is shown; ``expect``, what the lesson says it is (a player as
    :data:`YOU` or a house player's id, a card's code, a number)."""

    name: str
    args: tuple[str, ...] = ()
    expect: int | str | None = None


@dataclass(frozen=True)
class Who:
    """A player of the lesson, named in a line: :data:`YOU` or a house player's id."""

    name: str


@dataclass(frozen=True)
class Cards:
    """Cards named in a line, by code."""

    codes: tuple[str, ...]


Param = int | str | Fact | Who | Cards


@dataclass(frozen=True)
class Line:
    """One line of explanation: a catalogue key and its parameters; ``checks``: facts the
    line states without naming them (read and compared like the others)."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)
    checks: tuple[Fact, ...] = ()


def line(key: str, checks: tuple[Fact, ...] = (), **params: Param) -> Line:
    """A :class:`Line`, the short way."""
    return Line(key, params, checks)


@dataclass(frozen=True)
class Move:
    """One move of the hand: who plays it (:data:`YOU` or a house player's id), the verb and
    its amount as the engine takes them; for the learner's, ``before``: the lines shown with
    the choice; for any, ``after``: the lines shown once it is played."""

    who: str
    verb: str
    amount: int | None = None
    before: tuple[Line, ...] = ()
    after: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Deal:
    """One deal of a lesson: the top of the pack (cards by code, in the order the table
    deals them), every move, the lines shown once the cards are dealt (``intro``) and once
    the hands are shown (``showdown``)."""

    cards: tuple[str, ...]
    moves: tuple[Move, ...]
    intro: tuple[Line, ...] = ()
    showdown: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A lesson: the game, its table options (a practice table's), the house players the
    learner faces (``opponents``: their ids, in order of play after him; the last one deals
    first), the deals, and the one-line summary."""

    game: str
    opponents: tuple[str, ...]
    deals: tuple[Deal, ...]
    summary: Line
    options: Mapping[str, Any] = field(default_factory=dict)

    def players(self) -> tuple[str, ...]:
        """Everyone in order of play at the first deal: the learner first."""
        return (YOU, *self.opponents)

    def pages(self) -> int:
        """How many pages the lesson has: one for each of the learner's moves, one after
        each deal."""
        return sum(1 for d in self.deals for m in d.moves if m.who == YOU) + len(self.deals)
