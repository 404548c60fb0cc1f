"""The registry of games: every game the bot plays, declared once as a :class:`GameSpec`.

A game's entry holds the facts of its rules that the rest of the bot asks about: its engine
(the class of its hands and how a hand is built from its record), its options (the options
class, its rules options, its own defaults, a last cross-check), its verbs, its pack and how
many cards each player is dealt, its seat limits and standard cave, the record keys it adds,
the catalogue prefix of its texts, and what the table offers around it (a waiting line, an
agreed number of hands, recaves, reserve caves, the dealer's choice).

The three games of this package are registered in one place, :mod:`bot.games` (its
``__init__``), when the package is first imported, in the order ``/table create`` offers them:

>>> names()
('brelan', 'bouillotte', 'brag')
>>> spec("brag").text_prefix, spec("bouillotte").queue, spec("brelan").retourne
('brag', True, True)
>>> spec("whist")
Traceback (most recent call last):
...
bot.games.registry.UnknownGame: unknown game 'whist'; the games are: brelan, bouillotte, brag

Everything else looks a game up here by its name instead of writing the names out:
:mod:`bot.games.options` (each game's options), :mod:`bot.games.replay` (the engine of a
record), :mod:`bot.fair.verify` (the pack and the deal), :mod:`bot.runtime` (its settings and
seating; :mod:`bot.runtime.games` keeps one runtime adapter per engine, by hand class, and runs
a game whose engine it does not know with its plain adapter), :mod:`bot.house.view` (a seat's
view, per hand class) and the Discord and terminal surfaces (titles, colours, choices).

A test registers a game of its own with :func:`registered` (or :func:`register` and
:func:`unregister`). This module imports only the standard library and the engine's base
modules; :mod:`bot.games.options` asks it, so options are typed ``Any`` here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any, overload

from bot.games.base import HandRecord, HandState
from bot.games.cards import Card
from bot.games.errors import OptionError
from bot.games.verbs import Verb

__all__ = [
    "GAMES",
    "GameSpec",
    "UnknownGame",
    "find",
    "games_where",
    "load",
    "names",
    "register",
    "registered",
    "spec",
    "specs",
    "unregister",
]


class UnknownGame(OptionError):
    """A game name no entry of the registry has."""

    def __init__(self, game: object) -> None:
        super().__init__(f"unknown game {game!r}; the games are: {', '.join(names())}")
        self.game = game


@dataclass(frozen=True, eq=False)
class GameSpec:
    """One game, as the rest of the bot knows it (compared by identity).

    Engine: ``hand`` is the class of its hands (runtime adapters and house views are chosen
    by it); ``start_hand`` builds a hand from its record, before the record's actions.

    Options (:mod:`bot.games.options`): ``options`` is the options class (called with
    ``game=`` and the values), ``rules`` its rules options (``OptionSpec``) in the order the
    options text lists them, ``defaults`` the game's own defaults over the class's, ``check``
    a cross-check of parsed options (raises ``OptionError``).

    Deal: ``deck(options, players)`` is the pack, in any order; each player is dealt
    ``cards(options)`` cards one at a time from the top, first player first, then one card is
    turned face up when ``retourne`` (the fair scheme, docs/fairness.md).

    Table: ``min_seats`` to ``most_seats(options)`` seats, ``seats`` by default; ``cave``
    chips to sit down. ``queue``: a full table has a waiting line; ``agreed_hands``,
    ``replenish``, ``staked``: the table options ``max_hands``, ``replenish``, ``staked``;
    ``dealers_choice``: the table option ``dealers_choice``.

    Words: ``title`` is its name as players write it, ``verbs`` the moves it uses, each a
    :class:`~bot.games.verbs.Verb` with the catalogue's ``verb-``, ``label-`` and ``help-``
    words (a string is taken as the verb it names; one that names none is refused with a
    ValueError: the buttons carry only known verbs), ``text_prefix`` the part its own
    catalogue keys add (``event-brag-bet``, ``ui-pot-line-brag``), ``colour`` the table
    message's. ``extra_keys`` are the record keys it adds to docs/scenarios.md's.
    """

    name: str
    title: str
    hand: type[Any]
    start_hand: Callable[[HandRecord], HandState]
    options: Callable[..., Any]
    rules: tuple[Any, ...]
    verbs: tuple[Verb, ...]
    deck: Callable[[Any, int], Sequence[Card]]
    cards: Callable[[Any], int]
    most_seats: Callable[[Any], int]
    seats: int
    cave: int
    defaults: Mapping[str, Any] = field(default_factory=dict)
    check: Callable[[Any], None] | None = None
    retourne: bool = False
    min_seats: int = 2
    extra_keys: tuple[str, ...] = ()
    text_prefix: str = ""
    queue: bool = False
    agreed_hands: bool = False
    replenish: bool = False
    staked: bool = False
    dealers_choice: bool = False
    colour: int = 0x444444
    runtime: str = ""
    house: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "verbs", tuple(Verb(v) for v in self.verbs))

    @property
    def draws(self) -> bool:
        """Players may discard and draw (four- and five-card Brag)."""
        return "discard" in self.verbs


_SPECS: dict[str, GameSpec] = {}


@cache
def load(reference: str) -> Any:
    """What a ``"module:name"`` reference of an entry (``runtime``, ``house``) names,
    imported on first use.

    >>> load("bot.games.cards:Card").__name__
    'Card'
    >>> load("bot.games.cards")
    Traceback (most recent call last):
    ...
    ValueError: a reference is "module:name", not 'bot.games.cards'
    """
    module, sep, name = reference.partition(":")
    if not sep or not module or not name:
        raise ValueError(f'a reference is "module:name", not {reference!r}')
    return getattr(importlib.import_module(module), name)


def register(game: GameSpec) -> GameSpec:
    """Add a game after those registered; a name already taken is refused (ValueError)."""
    if game.name in _SPECS:
        raise ValueError(f"the game {game.name!r} is registered already")
    _SPECS[game.name] = game
    return game


def unregister(name: str) -> GameSpec:
    """Remove a game (a test's own); its entry. :class:`UnknownGame` if it is not there."""
    game = spec(name)
    del _SPECS[name]
    return game


@contextmanager
def registered(game: GameSpec) -> Iterator[GameSpec]:
    """The game is registered inside the ``with`` block, and only there."""
    register(game)
    try:
        yield game
    finally:
        if _SPECS.get(game.name) is game:
            del _SPECS[game.name]


def spec(name: str) -> GameSpec:
    """The entry of a game; :class:`UnknownGame` (an ``OptionError``) for any other name."""
    found = _SPECS.get(name) if isinstance(name, str) else None
    if found is None:
        raise UnknownGame(name)
    return found


def find(name: object) -> GameSpec | None:
    """The entry of a game, or None (a name read from storage or a message)."""
    return _SPECS.get(name) if isinstance(name, str) else None


def names() -> tuple[str, ...]:
    """The games' names, in the order they were registered (``/table create``'s)."""
    return tuple(_SPECS)


def specs() -> tuple[GameSpec, ...]:
    """The games' entries, in the order of :func:`names`."""
    return tuple(_SPECS.values())


class _Names(Sequence[str]):
    """The names of the games (those ``where`` accepts) as they are now, read at each use:
    iteration, ``in``, ``len``, indexing."""

    def __init__(self, where: Callable[[GameSpec], bool] | None = None) -> None:
        self._where = where

    def _now(self) -> tuple[str, ...]:
        where = self._where
        return names() if where is None else tuple(g.name for g in specs() if where(g))

    def __iter__(self) -> Iterator[str]:
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._now())

    def __contains__(self, name: object) -> bool:
        found = find(name)
        return found is not None and (self._where is None or self._where(found))

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return self._now()[index]

    def __repr__(self) -> str:
        return f"<games {self._now()!r}>"


def games_where(where: Callable[[GameSpec], bool]) -> Sequence[str]:
    """The names of the games ``where`` accepts, read at each use, like :data:`GAMES`.

    >>> tuple(games_where(lambda g: g.queue))
    ('bouillotte',)
    """
    return _Names(where)


#: The names of the games, always up to date: what ``GAMES`` is wherever it is imported
#: (``bot.games.options``, ``bot.runtime.games``, ``cogs.rules``). Compare ``tuple(GAMES)``.
GAMES: Sequence[str] = _Names()
