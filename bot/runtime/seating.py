"""What a table keeps between hands, behind one interface for every game.

A :class:`Seating` wraps the engine's session object (:class:`~bot.games.session.TableSession`
for Brelan and Bouillotte, :class:`~bot.games.brag_session.BragSession` for Brag) and offers
the runtime what it needs: the seats and stacks, sitting down and leaving, the waiting line,
the next deal's record, the end of a hand, and JSON for the table options (``runtime``).
The rules stay in the engine; this module only adapts them. What a game's table offers (a
waiting line, an agreed number of hands, recaves) is read from its entry in
:mod:`bot.games.registry`. A game whose engine has no session of its own is seated by
:class:`PlainSeating`, from its registry entry alone.

>>> from bot.games.cards import Shuffler
>>> s = BragSeating.start([("1", 20), ("2", 20)], {}, max_seats=3)
>>> s.sit("3", 20); s.seated(), s.has_free_seat()
(['1', '2', '3'], False)
>>> rec = s.next_record(set(), Shuffler(seed=4))
>>> [p.name for p in rec.players], len(rec.extra["deck"])
(['3', '1', '2'], 43)
>>> BragSeating.from_json(s.to_json(), max_seats=3).to_json() == s.to_json()
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bot.games import events as ev
from bot.games import registry
from bot.games.base import Event, HandRecord, Player
from bot.games.brag import BragHand
from bot.games.brag_session import BragSession
from bot.games.brelan import deck_for
from bot.games.cards import Shuffler
from bot.games.errors import GameError, SetupError
from bot.games.options import parse_options
from bot.games.session import TableSession, is_refait
from bot.runtime.errors import TableError, player_error
from bot.runtime.state import session_from_json, session_to_json

#: How a décavé recaves: sit down at once, or wait in line (Bouillotte, someone waiting).
RecaveMode = Literal["seat", "queue"]


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seated player as the public state shows him."""

    pos: int
    name: str
    stack: int
    dealer: bool
    leaving: bool
    reserve: int = 0


class Seating(ABC):
    """A table between hands (and the part of it a hand in progress does not change)."""

    game: str

    # -------------------------------------------------------------- storage

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The state for the table options (``runtime``)."""

    # ---------------------------------------------------------------- seats

    @abstractmethod
    def seated(self) -> list[str]:
        """Seated players in seat order."""

    @abstractmethod
    def rows(self, dealing: str | None) -> list[SeatRow]:
        """The seats for the public state; ``dealing`` is the current hand's dealer."""

    @abstractmethod
    def stack(self, name: str) -> int:
        """Chips in play (reserve caves excluded)."""

    @abstractmethod
    def sync_stack(self, name: str, seat_chips: int) -> None:
        """Take a seated player's chips from storage (the seat holds his reserve too)."""

    def reserve(self, name: str) -> int:
        """Chips in reserve caves (Staked Brelan); they sit in the seat's stack in storage."""
        return 0

    @property
    @abstractmethod
    def carried(self) -> int:
        """Chips left on the table for the next deal."""

    @abstractmethod
    def has_free_seat(self) -> bool: ...

    @abstractmethod
    def sit(self, name: str, cave: int) -> None:
        """Seat a player now (he is dealt in from the next hand)."""

    @abstractmethod
    def remove(self, name: str) -> None:
        """Unseat a player now (between hands, or one not in the hand in progress)."""

    @abstractmethod
    def leave_after_hand(self, name: str) -> None:
        """The player leaves with his chips when the hand in progress ends."""

    @abstractmethod
    def leaving(self) -> set[str]: ...

    def queue(self) -> list[str]:
        """The waiting line, first in line first."""
        return []

    def retire_pack(self) -> None:  # noqa: B027 (a no-op unless the game keeps its pack)
        """The next deal starts from a fresh shuffle (a void deal's cards were seen).

        Brelan and Bouillotte shuffle for every deal already."""

    def ask_fresh_shuffle(self) -> None:  # noqa: B027 (a no-op unless the game keeps its pack)
        """The next deal starts from a fresh shuffle, kept blind hands staying kept (a new
        server seed deals it). Brelan and Bouillotte shuffle for every deal already."""

    @abstractmethod
    def next_order(self) -> list[str]:
        """The players of the next deal in order of play, the dealer last (nobody excluded)."""

    def live_from(self, in_play: HandRecord | None) -> int | None:
        """The first deal (``deal_no``) whose record may still name a card that can come into
        play; None when none can. ``in_play`` is the record of the deal being played.

        Brelan and Bouillotte gather the cards after every deal: a finished deal's pack is
        always retired.
        """
        return None

    def join_queue(self, name: str, cave: int | None = None) -> None:
        raise TableError("refuse-table-full")

    def leave_queue(self, name: str) -> None:
        raise TableError("refuse-not-queued")

    def game_over(self) -> bool:
        """The game has ended (Brelan's agreed number of hands): no more deals."""
        return False

    def add_reserve(self, name: str, amount: int) -> None:
        raise TableError("refuse-not-staked")

    def recave_plan(self, name: str, cave: int, amount: int | None) -> tuple[RecaveMode, int]:
        """How a cleaned-out player may recave now, and for how much; TableError if not."""
        raise TableError("refuse-no-recave")

    # ---------------------------------------------------------------- hands

    @abstractmethod
    def can_deal(self, excluded: set[str]) -> bool:
        """Whether two or more players (not in ``excluded``) can be dealt in now."""

    @abstractmethod
    def next_record(self, excluded: set[str], shuffler: Shuffler) -> HandRecord | None:
        """The next deal (players in ``excluded`` sit out), or None if it cannot be dealt."""

    @abstractmethod
    def end_of_hand(self, hand: Any) -> list[Event]:
        """Apply a finished hand: stacks, dealer, carried pot; players who must leave are
        unseated. Returns what happened, as events."""


# --------------------------------------------------------------------------- Brelan


@dataclass
class BrelanSeating(Seating):
    """Brelan and Bouillotte: the engine's :class:`TableSession`."""

    core: TableSession

    @property
    def game(self) -> str:  # type: ignore[override]
        return self.core.game

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> BrelanSeating:
        return cls(session_from_json(raw))

    def to_json(self) -> dict[str, Any]:
        return session_to_json(self.core)

    def seated(self) -> list[str]:
        return self.core.seated()

    def rows(self, dealing: str | None) -> list[SeatRow]:
        core = self.core
        out = []
        for pos, name in enumerate(core.seats):
            if name is None:
                continue
            dealer = name == dealing if dealing is not None else pos == core.dealer
            out.append(
                SeatRow(
                    pos,
                    name,
                    core.stacks[name],
                    dealer,
                    name in core.leaving,
                    self.reserve(name),
                )
            )
        return out

    def stack(self, name: str) -> int:
        return self.core.stacks[name]

    def sync_stack(self, name: str, seat_chips: int) -> None:
        if name in self.core.stacks:
            self.core.stacks[name] = seat_chips - self.reserve(name)

    def reserve(self, name: str) -> int:
        return sum(self.core.caves.get(name, ()))

    @property
    def carried(self) -> int:
        return self.core.carried

    def has_free_seat(self) -> bool:
        return any(s is None for s in self.core.seats)

    def sit(self, name: str, cave: int) -> None:
        self.core.sit(name, cave)

    def remove(self, name: str) -> None:
        self.core.remove([name])

    def leave_after_hand(self, name: str) -> None:
        self.core.charlemagne(name)

    def leaving(self) -> set[str]:
        return set(self.core.leaving)

    def queue(self) -> list[str]:
        return [e.name for e in self.core.queue]

    def join_queue(self, name: str, cave: int | None = None) -> None:
        if not registry.spec(self.game).queue:
            super().join_queue(name, cave)
        self.core.join_queue(name, cave)

    def leave_queue(self, name: str) -> None:
        self.core.leave_queue(name)

    def game_over(self) -> bool:
        core = self.core
        return (
            registry.spec(core.game).agreed_hands
            and core.max_hands is not None
            and core.hands_played >= core.max_hands
            and core.carried == 0
        )

    def add_reserve(self, name: str, amount: int) -> None:
        try:
            self.core.add_reserve_cave(name, amount)
        except GameError as exc:
            raise player_error(exc) from exc

    def recave_plan(self, name: str, cave: int, amount: int | None) -> tuple[RecaveMode, int]:
        core = self.core
        if name in core.seated():
            raise TableError("refuse-recave-seated")
        if name in self.queue():
            raise TableError("refuse-already-queued")
        if name not in core.decaved:
            raise TableError("refuse-recave-not-decave")
        if registry.spec(core.game).replenish:  # Brelan: by the replenish option
            if not core.replenish:
                raise TableError("refuse-no-replenish")
            want = cave if amount is None else amount
            if not 1 <= want <= cave:
                raise TableError("refuse-recave-range", most=cave, want=want)
            if not self.has_free_seat():
                raise TableError("refuse-table-full")
            return "seat", want
        # Bouillotte: at once when nobody waits, else in line; up to the seated stacks.
        limit = core.recave_limit()
        waiting = bool(core.queue) or not self.has_free_seat()
        default = min(cave, limit) if limit >= 1 else cave
        want = default if amount is None else amount
        if want < 1:
            raise TableError("refuse-cave-at-least-one")
        if not waiting:
            if limit < 1:
                raise TableError("refuse-recave-nobody")
            if want > limit:
                raise TableError("refuse-recave-range", most=limit, want=want)
        return ("queue" if waiting else "seat"), want

    def _players(self, excluded: set[str]) -> list[str]:
        core = self.core
        names = [n for n in core.players_in_order() if n not in excluded]
        return [n for n in names if core.stacks.get(n, 0) > 0]

    def can_deal(self, excluded: set[str]) -> bool:
        return not self.game_over() and len(self._players(excluded)) >= 2

    def next_order(self) -> list[str]:
        return self._players(set())

    def next_record(self, excluded: set[str], shuffler: Shuffler) -> HandRecord | None:
        if not self.can_deal(excluded):
            return None
        names = self._players(excluded)
        deck = shuffler.shuffled(deck_for(self.core.options, len(names)), names)
        return self.core.hand_record(deck, names)

    def end_of_hand(self, hand: Any) -> list[Event]:
        return self.core.end_of_hand(hand.stacks(), carried=hand.carried, refait=is_refait(hand))


# ----------------------------------------------------------------------------- Brag


@dataclass
class BragSeating(Seating):
    """Brag: the engine's immutable :class:`BragSession` (pack, dealer, carried pot, kept
    blind hand, dealer's choice), replaced as seats change and hands end.

    A player joins at the end of the seat order (to the dealer's right of seat 0). A player
    leaving with a kept blind hand puts it at the bottom of the pack. A player left with no
    chips and no kept hand at the end of a hand leaves the table (he may join again).
    """

    core: BragSession
    max_seats: int
    going: set[str] = field(default_factory=set)
    #: The engine's game (``BragSession`` deals records of this game only).
    game: str = "brag"
    #: Where each player who left sat: his seat index and the player after him.
    old_seats: dict[str, tuple[int, str | None]] = field(default_factory=dict)

    @classmethod
    def start(
        cls, players: list[tuple[str, int]], rules: dict[str, Any], max_seats: int
    ) -> BragSeating:
        try:
            core = BragSession.start(players, rules, max_seats=max_seats)
        except GameError as exc:
            raise player_error(exc) from exc
        return cls(core, max_seats)

    @classmethod
    def from_json(cls, raw: dict[str, Any], max_seats: int) -> BragSeating:
        old = {str(n): (int(i), after) for n, (i, after) in raw.get("old_seats", {}).items()}
        core = BragSession.from_json(raw["session"])
        return cls(core, max_seats, set(raw.get("leaving", [])), old_seats=old)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "session": self.core.to_json(),
            "leaving": sorted(self.going),
        }
        if self.old_seats:
            out["old_seats"] = {n: [i, after] for n, (i, after) in self.old_seats.items()}
        return out

    def seated(self) -> list[str]:
        return list(self.core.seats)

    def rows(self, dealing: str | None) -> list[SeatRow]:
        core = self.core
        next_dealer = core.next_dealer()
        return [
            SeatRow(
                pos,
                name,
                core.stacks[pos],
                name == dealing if dealing is not None else pos == next_dealer,
                name in self.going,
            )
            for pos, name in enumerate(core.seats)
        ]

    def stack(self, name: str) -> int:
        return self.core.stack_of(name)

    def sync_stack(self, name: str, seat_chips: int) -> None:
        if name in self.core.seats:
            self._set_stacks({name: seat_chips})

    def _set_stacks(self, changes: dict[str, int]) -> None:
        core = self.core
        stacks = tuple(changes.get(n, s) for n, s in zip(core.seats, core.stacks, strict=True))
        self.core = replace(core, stacks=stacks)

    @property
    def carried(self) -> int:
        return self.core.carried

    def has_free_seat(self) -> bool:
        return len(self.core.seats) < self.max_seats

    def sit(self, name: str, cave: int) -> None:
        """A newcomer sits at the end of the seat order; a player coming back takes his old
        place again: before the player who sat after him, if still there, else at his old
        index. The dealer stays the dealer."""
        core = self.core
        if name in core.seats:
            raise TableError("refuse-already-seated")
        if not self.has_free_seat():
            raise TableError("refuse-table-full")
        at = len(core.seats)
        if name in self.old_seats:
            index, after = self.old_seats.pop(name)
            at = core.seats.index(after) if after in core.seats else min(index, at)
        dealer = core.dealer + 1 if at <= core.dealer and core.seats else core.dealer
        self.core = replace(
            core,
            seats=(*core.seats[:at], name, *core.seats[at:]),
            stacks=(*core.stacks[:at], cave, *core.stacks[at:]),
            dealer=dealer,
        )

    def remove(self, name: str) -> None:
        core = self.core
        if name not in core.seats:
            return
        i = core.seats.index(name)
        after = core.seats[(i + 1) % len(core.seats)]
        self.old_seats[name] = (i, None if after == name else after)
        seats = core.seats[:i] + core.seats[i + 1 :]
        stacks = core.stacks[:i] + core.stacks[i + 1 :]
        dealer = core.dealer - 1 if i < core.dealer else core.dealer
        if dealer >= len(seats):
            dealer = 0
        kept = dict(core.kept)
        kept_since = dict(core.kept_since)
        deck = core.deck
        live_since = core.live_since
        if name in kept:  # his kept blind hand goes to the bottom of the pack, unseen
            deck = (*deck, *kept.pop(name))
            live_since = min(live_since, kept_since.pop(name, 1))
        self.core = replace(
            core,
            seats=seats,
            stacks=stacks,
            dealer=dealer,
            kept=kept,
            deck=deck,
            kept_since=kept_since,
            live_since=live_since,
        )
        self.going.discard(name)

    def leave_after_hand(self, name: str) -> None:
        if name not in self.core.seats:
            raise TableError("refuse-not-seated")
        self.going.add(name)

    def leaving(self) -> set[str]:
        return set(self.going)

    def _view(self, excluded: set[str]) -> BragSession:
        """The session as the next deal sees it: excluded players have no chips (a player
        holding a kept blind hand is dealt in all the same: the hand is his)."""
        core = self.core
        stacks = tuple(
            0 if n in excluded and n not in core.kept else s
            for n, s in zip(core.seats, core.stacks, strict=True)
        )
        return replace(core, stacks=stacks)

    def can_deal(self, excluded: set[str]) -> bool:
        return len(self._view(excluded).order()) >= 2

    def next_record(self, excluded: set[str], shuffler: Shuffler) -> HandRecord | None:
        view = self._view(excluded)
        if len(view.order()) < 2:
            return None
        try:
            return view.next_hand_record(shuffler)
        except GameError as exc:
            raise player_error(exc) from exc

    def live_from(self, in_play: HandRecord | None) -> int | None:
        return self.core.live_from(None if in_play is None else in_play.extra)

    def retire_pack(self) -> None:
        self.core = replace(self.core, deck=(), kept={}, kept_since={}, shuffle_next=True)

    def ask_fresh_shuffle(self) -> None:
        self.core = replace(self.core, shuffle_next=True)

    def next_order(self) -> list[str]:
        return self.core.order()

    def end_of_hand(self, hand: Any) -> list[Event]:
        assert isinstance(hand, BragHand)
        self.core = self.core.after_hand(hand)
        events: list[Event] = []
        for name in list(self.core.seats):
            if name in self.going:
                self.remove(name)
                events.append(ev.LEAVE.event(name, {}))
            elif self.core.stack_of(name) == 0 and name not in self.core.kept:
                self.remove(name)
                events.append(ev.DECAVE.event(name, {}))
        self.going.clear()
        return events


# ---------------------------------------------------------------------- any other game


@dataclass
class PlainSeating(Seating):
    """The table of a game whose engine has no session of its own, from its registry entry.

    Players sit in order of arrival, up to ``max_seats``. The dealer moves one seat on after
    every deal; the players of a deal are those with chips, the dealer last. Every deal is a
    fresh shuffle of the game's pack (its entry's ``deck``), dealt one card at a time from
    the top, ``cards`` each, first player first, then the ``retourne`` when the game turns
    one. What a deal leaves on the table (``carried``) goes to the next. At the end of a hand
    a player left with no chips, or who asked to leave, goes home.

    >>> s = PlainSeating.start("brelan", {}, [("1", 9), ("2", 9), ("3", 9)], max_seats=4)
    >>> rec = s.next_record(set(), Shuffler(seed=1))
    >>> [p.name for p in rec.players], len(rec.hands["1"]), rec.retourne is not None
    (['1', '2', '3'], 3, True)
    >>> PlainSeating.from_json(s.to_json(), max_seats=4) == s
    True
    """

    game: str
    rules: dict[str, Any]
    max_seats: int
    seats: list[str] = field(default_factory=list)
    stacks: dict[str, int] = field(default_factory=dict)
    #: The seat of the next deal's dealer.
    button: int = -1
    pool: int = 0
    going: set[str] = field(default_factory=set)

    @classmethod
    def start(
        cls, game: str, rules: dict[str, Any], players: list[tuple[str, int]], max_seats: int
    ) -> PlainSeating:
        """The players in seat order with their stacks; the last seated deals first."""
        return cls(game, dict(rules), max_seats, [n for n, _ in players], dict(players))

    @classmethod
    def from_json(cls, raw: dict[str, Any], max_seats: int) -> PlainSeating:
        return cls(
            str(raw["game"]),
            dict(raw.get("rules", {})),
            max_seats,
            [str(n) for n in raw["seats"]],
            {str(n): int(v) for n, v in raw["stacks"].items()},
            int(raw.get("button", -1)),
            int(raw.get("carried", 0)),
            set(raw.get("leaving", [])),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": dict(self.rules),
            "seats": list(self.seats),
            "stacks": dict(self.stacks),
            "button": self.button,
            "carried": self.pool,
            "leaving": sorted(self.going),
        }

    def _dealer(self) -> str | None:
        return self.seats[self.button % len(self.seats)] if self.seats else None

    def seated(self) -> list[str]:
        return list(self.seats)

    def rows(self, dealing: str | None) -> list[SeatRow]:
        dealer = dealing if dealing is not None else self._dealer()
        return [
            SeatRow(pos, name, self.stacks[name], name == dealer, name in self.going)
            for pos, name in enumerate(self.seats)
        ]

    def stack(self, name: str) -> int:
        return self.stacks[name]

    def sync_stack(self, name: str, seat_chips: int) -> None:
        if name in self.stacks:
            self.stacks[name] = seat_chips

    @property
    def carried(self) -> int:
        return self.pool

    def has_free_seat(self) -> bool:
        return len(self.seats) < self.max_seats

    def sit(self, name: str, cave: int) -> None:
        if name in self.seats:
            raise TableError("refuse-already-seated")
        if not self.has_free_seat():
            raise TableError("refuse-table-full")
        self.seats.append(name)
        self.stacks[name] = cave

    def remove(self, name: str) -> None:
        if name not in self.seats:
            return
        at, dealer = self.seats.index(name), self.button % len(self.seats)
        if at <= dealer:  # the one before him deals next: the same player plays first
            dealer -= 1
        self.seats.remove(name)
        self.button = dealer % len(self.seats) if self.seats else -1
        del self.stacks[name]
        self.going.discard(name)

    def leave_after_hand(self, name: str) -> None:
        if name not in self.seats:
            raise TableError("refuse-not-seated")
        self.going.add(name)

    def leaving(self) -> set[str]:
        return set(self.going)

    def next_order(self) -> list[str]:
        if not self.seats:
            return []
        dealer = self.button % len(self.seats)
        order = self.seats[dealer + 1 :] + self.seats[: dealer + 1]
        return [n for n in order if self.stacks[n] > 0]

    def can_deal(self, excluded: set[str]) -> bool:
        return len([n for n in self.next_order() if n not in excluded]) >= 2

    def next_record(self, excluded: set[str], shuffler: Shuffler) -> HandRecord | None:
        names = [n for n in self.next_order() if n not in excluded]
        if len(names) < 2:
            return None
        entry = registry.spec(self.game)
        try:
            options = parse_options(self.game, self.rules)
            n, each = len(names), entry.cards(options)
            pack = shuffler.shuffled(entry.deck(options, n), names)
            if n * each + (1 if entry.retourne else 0) > len(pack):
                raise SetupError(f"the pack has {len(pack)} cards, too few for {n} players")
        except GameError as exc:
            raise player_error(exc) from exc
        return HandRecord(
            game=self.game,
            players=[Player(name, self.stacks[name]) for name in names],
            hands={name: [pack[i + j * n] for j in range(each)] for i, name in enumerate(names)},
            options=options.to_dict(),
            retourne=pack[n * each] if entry.retourne else None,
            carried=self.pool,
        )

    def end_of_hand(self, hand: Any) -> list[Event]:
        self.stacks.update(hand.stacks())
        self.pool = hand.carried
        if self.seats:
            self.button = (self.button + 1) % len(self.seats)
        events: list[Event] = []
        for name in list(self.seats):
            if name in self.going:
                self.remove(name)
                events.append(ev.LEAVE.event(name, {}))
            elif self.stacks[name] == 0:
                self.remove(name)
                events.append(ev.DECAVE.event(name, {}))
        self.going.clear()
        return events
