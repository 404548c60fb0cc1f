"""What one seat may know: the views a house player decides from.

:func:`view_for` reads an engine hand and copies only public facts and the seat's own visible
cards into a frozen :class:`BrelanView` or :class:`BragView`. A strategy never receives the
hand object, so it cannot look at another player's cards or at the order of the pack.

The views belong to engines, not to game names: a :mod:`bot.games.registry` entry names the
function making the views of its engine's hands (``house``, e.g.
``"bot.house.view:brag_view"``). The house has strategies for the games whose entry names one
(:func:`house_games`); a hand of any other engine gets a :class:`PlainView` (the legal moves
and the stacks), which the house plays by a plain rule.

>>> from bot.games.cards import parse_cards, parse_card
>>> from bot.games.options import parse_options
>>> from bot.games.brelan import BrelanHand
>>> hand = BrelanHand(parse_options("brelan", {}), ["P1", "P2"], [20, 20],
...     [parse_cards("Ah Jh 8c".split()), parse_cards("Kd Qd 8h".split())], parse_card("Th"))
>>> view = view_for(hand, "P1")
>>> view.cards, view.retourne, [c.verb for c in view.legal]
(('Ah', 'Jh', '8c'), 'Th', ['pass', 'open'])
>>> "Kd" in repr(view)
False
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.games import registry
from bot.games.base import Legal
from bot.games.brag import BragHand
from bot.games.brelan import BrelanHand, Phase
from bot.games.events import EventKind
from bot.games.options import BragOptions, BrelanOptions


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action: a fixed ``amount``, or a range ``low``..``high`` (inclusive)."""

    verb: str
    amount: int | None = None
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """An event as the whole table sees it; ``data`` is a sorted tuple of (key, value), the
    fields of its kind's shape (:mod:`bot.games.events`)."""

    kind: EventKind
    player: str | None
    data: tuple[tuple[str, Any], ...]

    def __getitem__(self, key: str) -> Any:
        """The field ``key`` (``KeyError`` if the event has none)."""
        for k, v in self.data:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        """The field ``key``, or ``default`` if the event has none."""
        for k, v in self.data:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class BrelanView:
    """What one seat may know in Brelan or Bouillotte.

    ``names`` in order of play (dealer last) with ``stacks``, ``stakes``, ``folded`` and
    ``all_in`` aligned; ``cards`` and ``retourne`` are None during the carre phase, before
    anyone sees his cards.
    """

    game: str
    options: BrelanOptions
    seat: str
    position: int
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    stakes: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    pool: int
    vade: int
    phase: str
    carre_steps: tuple[str, ...]
    aggressor: str | None
    cards: tuple[str, ...] | None
    retourne: str | None
    deck_name: str
    legal: tuple[Choice, ...]
    events: tuple[PublicEvent, ...]

    def choice(self, verb: str) -> Choice | None:
        """The legal action with this verb, if any."""
        for c in self.legal:
            if c.verb == verb:
                return c
        return None

    def winnable_pot(self, stake: int | None = None) -> int:
        """The chips the seat can win with its stake brought to ``stake`` (its whole cave
        by default): the pool and, of every stake on the table, at most as much as his
        own (docs/rules.md §2, side pots; the rest goes back or to a later stage).

        >>> v = BrelanView(
        ...     game="bouillotte", options=BrelanOptions(), seat="a", position=0,
        ...     names=("a", "b"), stacks=(5, 70), stakes=(5, 30), folded=(False, False),
        ...     all_in=(False, False), pool=4, vade=30, phase="betting", carre_steps=(),
        ...     aggressor="b", cards=None, retourne=None, deck_name="32", legal=(), events=())
        >>> v.winnable_pot(), v.pool + sum(v.stakes), v.winnable_pot(30)
        (19, 39, 39)
        """
        me = self.position
        cap = self.stakes[me] + self.stacks[me] if stake is None else stake
        return self.pool + sum(min(s, cap) for s in self.stakes)


@dataclass(frozen=True, slots=True)
class BragView:
    """What one seat may know in Brag.

    ``hands`` are the seat's hands it has seen: empty while blind (a kept blind hand stays
    unseen); ``held`` how many hands it holds; ``pot`` every chip on the table; ``level`` the
    last bet in open terms. ``face_up`` is a kept blind hand dealt face up (``blind_keep``).
    """

    game: str
    options: BragOptions
    seat: str
    position: int
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    folded: tuple[bool, ...]
    covered: tuple[bool, ...]
    blind: tuple[bool, ...]
    pot: int
    level: int
    phase: str
    held: int
    hands: tuple[tuple[str, ...], ...]
    face_up: tuple[str, ...] | None
    legal: tuple[Choice, ...]
    events: tuple[PublicEvent, ...]

    def choice(self, verb: str) -> Choice | None:
        """The first legal action with this verb, if any."""
        for c in self.legal:
            if c.verb == verb:
                return c
        return None


@dataclass(frozen=True, slots=True)
class PlainView:
    """What one seat may know of a hand whose engine has no view of its own: the players in
    order of play with their stacks, and the seat's legal moves."""

    seat: str
    position: int
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    legal: tuple[Choice, ...]

    def choice(self, verb: str) -> Choice | None:
        """The first legal action with this verb, if any."""
        for c in self.legal:
            if c.verb == verb:
                return c
        return None


View = BrelanView | BragView | PlainView


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


#: Events already copied, per hand (hands only ever append events): a view costs the new ones.
_COPIED: weakref.WeakKeyDictionary[object, list[PublicEvent]] = weakref.WeakKeyDictionary()


def _public_events(hand: BrelanHand | BragHand) -> tuple[PublicEvent, ...]:
    """The engine's events are the table's narration: every card in them is face up (the
    showdown, a Brag hand revealed); private deliveries are not events."""
    events = hand.events
    copied = _COPIED.get(hand)
    if copied is None or len(copied) > len(events):
        copied = _COPIED[hand] = []
    for e in events[len(copied) :]:
        copied.append(PublicEvent(e.kind, e.player, _freeze(e.data)))
    return tuple(copied)


def _choices(legal: list[Legal]) -> tuple[Choice, ...]:
    return tuple(Choice(a.verb, a.amount, a.min, a.max) for a in legal)


def brelan_view(hand: BrelanHand, seat: str) -> BrelanView:
    """The view of ``seat`` in a Brelan or Bouillotte hand."""
    p = hand.index[seat]
    carre = hand.phase is Phase.CARRE
    return BrelanView(
        game=hand.options.game,
        options=hand.options,
        seat=seat,
        position=p,
        names=tuple(hand.names),
        stacks=tuple(hand.stack),
        stakes=tuple(hand.stake),
        folded=tuple(hand.folded),
        all_in=tuple(hand.all_in),
        pool=hand.pool,
        vade=hand.vade,
        phase=hand.phase.value,
        carre_steps=tuple(hand.names[i] for i in hand.carre_steps),
        aggressor=None if hand.aggressor is None else hand.names[hand.aggressor],
        cards=None if carre else tuple(c.code for c in hand.hands[p]),
        retourne=None if carre else hand.retourne.code,
        deck_name=hand.deck_name(),
        legal=_choices(hand.legal_actions()) if hand.to_act == seat else (),
        events=_public_events(hand),
    )


def brag_view(hand: BragHand, seat: str) -> BragView:
    """The view of ``seat`` in a Brag hand: its cards only once it has looked."""
    p = hand.index[seat]
    held = hand.held[p]
    seen: tuple[tuple[str, ...], ...] = ()
    if hand.current == p and hand.choosing is not None:
        seen = (tuple(c.code for c in held[hand.choosing]),)
    elif not hand.blind[p] and len(held) == 1:
        seen = (tuple(c.code for c in held[0]),)
    face = hand.face_up
    return BragView(
        game=hand.options.game,
        options=hand.options,
        seat=seat,
        position=p,
        names=tuple(hand.names),
        stacks=tuple(hand.stack),
        folded=tuple(hand.folded),
        covered=tuple(hand.covered),
        blind=tuple(hand.blind),
        pot=sum(hand.layers),
        level=hand.level,
        phase=hand.phase,
        held=len(held),
        hands=seen,
        face_up=None if face is None else tuple(c.code for c in face),
        legal=_choices(hand.legal_actions()) if hand.to_act == seat else (),
        events=_public_events(hand),
    )


class SeatHand(Protocol):
    """What :func:`plain_view` reads of a hand of any engine: no card at all."""

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def to_act(self) -> str | None: ...

    def stacks(self) -> dict[str, int]: ...

    def legal_actions(self) -> list[Legal]: ...


def plain_view(hand: SeatHand, seat: str) -> PlainView:
    """The view of ``seat`` in a hand of any engine: the players with their stacks and, for
    the seat to act, the legal moves."""
    stacks = hand.stacks()
    legal = _choices(hand.legal_actions()) if hand.to_act == seat else ()
    names = tuple(str(n) for n in hand.names)
    return PlainView(seat, names.index(seat), names, tuple(stacks[n] for n in names), legal)


def _maker(hand: type) -> Callable[[Any, str], View] | None:
    """How a seat's view of a hand of this class is made: the ``house`` function of the
    registry entry whose engine it is (the house's strategies, :mod:`bot.house.players`,
    decide from these views), or None (the plain view)."""
    for cls in hand.__mro__:
        for entry in registry.specs():
            if entry.hand is cls and entry.house:
                maker: Callable[[Any, str], View] = registry.load(entry.house)
                return maker
    return None


def house_games() -> Sequence[str]:
    """The registered games the house has strategies for (their engine has its views), in
    the registry's order."""
    return tuple(g.name for g in registry.specs() if _maker(g.hand) is not None)


def view_for(hand: SeatHand, seat: str) -> View:
    """The frozen view of ``seat``: public facts and its own visible cards, nothing else."""
    make = _maker(type(hand))
    return make(hand, seat) if make is not None else plain_view(hand, seat)
