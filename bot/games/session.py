"""The rules that span hands in Brelan and Bouillotte, kept pure for the runtime to persist.

A :class:`TableSession` holds the seats (fixed positions around the table), each seated
player's stack, the dealer's seat, the pool carried through refaits, and Bouillotte's waiting
queue. It makes the next deal's :class:`~bot.games.base.HandRecord` and applies the end of a
hand: stacks, refait and dealer rotation, décavés, Charlemagne and seat refills.

>>> from bot.games.cards import Shuffler
>>> s = TableSession.start("bouillotte", ["Ann", "Bob", "Cid"], Shuffler(seed=1))
>>> s.players_in_order()[-1] == s.seats[s.dealer]
True
>>> s.join_queue("Dan")
>>> s.charlemagne("Ann")
>>> events = s.end_of_hand({n: s.stacks[n] for n in s.seated()}, carried=0)
>>> "Dan" in s.seated() and "Ann" not in s.seated()
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games import events as ev
from bot.games.base import Event, HandRecord, Player
from bot.games.brelan_rank import deal_from
from bot.games.cards import Card, Shuffler, deck_preset
from bot.games.errors import GameError
from bot.games.events import EventKind
from bot.games.options import BrelanOptions, parse_options

DEFAULT_CAVE = {"brelan": 50, "bouillotte": 30}
DEFAULT_SEATS = {"brelan": 5, "bouillotte": 4}


class SessionError(GameError):
    """A table-level request that the rules refuse (message in a player's words)."""


@dataclass(frozen=True, slots=True)
class Draw:
    """One card drawn for the seats."""

    player: str
    card: Card
    round: int


def seat_draw(
    names: Sequence[str], shuffler: Shuffler, deck: str = "28"
) -> tuple[list[str], list[Draw]]:
    """Every player draws a card in view of all; ties of rank are redrawn between the tied.

    Returns the seat order as an order of play with the first dealer last: the highest card
    sits first after the dealer and the lowest card deals first.

    >>> order, draws = seat_draw(["A", "B", "C"], Shuffler(seed=3))
    >>> sorted(order) == ["A", "B", "C"] and len(draws) >= 3
    True
    """
    if len(set(names)) != len(names):
        raise SessionError("two players have the same name")
    draws: list[Draw] = []

    def order(group: list[str], round_: int) -> list[str]:
        cards = shuffler.shuffled(deck_preset(deck))
        if len(group) > len(cards):
            raise SessionError("too many players for one draw")
        got = dict(zip(group, cards, strict=False))
        for name in group:
            draws.append(Draw(name, got[name], round_))
        result: list[str] = []
        for rank in sorted({c.rank for c in got.values()}, reverse=True):
            tied = [n for n in group if got[n].rank == rank]
            result.extend(tied if len(tied) == 1 else order(tied, round_ + 1))
        return result

    return order(list(names), 1), draws


def is_refait(hand: Any) -> bool:
    """Whether a finished Brelan/Bouillotte deal was a refait (everybody passed)."""
    return any(e.kind == EventKind.REFAIT for e in hand.events)


@dataclass(slots=True)
class QueueEntry:
    """A player waiting for a seat; ``cave`` is what a returning décavé asks to bring."""

    name: str
    cave: int | None = None


@dataclass(slots=True)
class TableSession:
    """One table's seats, stacks, dealer, refaits and queue, between hands.

    ``seats`` are positions around the table in order of play; ``None`` is an empty seat.
    ``caves`` holds Staked Brelan's reserve caves per player (empty otherwise).
    """

    game: str
    options: BrelanOptions
    seats: list[str | None]
    stacks: dict[str, int]
    dealer: int = 0
    carried: int = 0
    refaits: int = 0
    hands_played: int = 0
    cave: int = 30
    max_hands: int | None = None
    replenish: bool = False
    queue: list[QueueEntry] = field(default_factory=list)
    decaved: set[str] = field(default_factory=set)
    leaving: set[str] = field(default_factory=set)
    caves: dict[str, list[int]] = field(default_factory=dict)
    #: The seat each player who left last held: he takes it again when he comes back.
    old_seats: dict[str, int] = field(default_factory=dict)

    # ------------------------------------------------------------- creation

    @classmethod
    def start(
        cls,
        game: str,
        names: Sequence[str],
        shuffler: Shuffler,
        options: Mapping[str, Any] | None = None,
        cave: int | None = None,
        seats: int | None = None,
        max_hands: int | None = None,
        stacks: Mapping[str, int] | None = None,
    ) -> TableSession:
        """Seat the players by the draw; the lowest card deals the first hand.

        In Bouillotte, players beyond the seats go to the waiting queue in the order given.
        """
        parsed = parse_options(game, options or {})
        if not isinstance(parsed, BrelanOptions):
            raise SessionError("a table session is for Brelan or Bouillotte")
        n_seats = seats or DEFAULT_SEATS[game]
        if not 2 <= n_seats <= 5:
            raise SessionError("a table has 2 to 5 seats")
        if len(names) < 2:
            raise SessionError("at least two players are needed to start")
        if len(names) > n_seats and game != "bouillotte":
            raise SessionError(f"this table has {n_seats} seats for {len(names)} players")
        sitting, waiting = list(names[:n_seats]), list(names[n_seats:])
        cave = DEFAULT_CAVE[game] if cave is None else cave
        order, _ = seat_draw(sitting, shuffler)
        seat_list: list[str | None] = list(order)
        seat_list += [None] * (n_seats - len(order))
        session = cls(
            game=game,
            options=parsed,
            seats=seat_list,
            stacks={n: (stacks or {}).get(n, cave) for n in order},
            dealer=len(order) - 1,
            cave=cave,
            max_hands=max_hands,
        )
        for name in waiting:
            session.join_queue(name)
        return session

    # ------------------------------------------------------------ accessors

    def seated(self) -> list[str]:
        return [s for s in self.seats if s is not None]

    def players_in_order(self) -> list[str]:
        """The seated players in order of play for the next deal, the dealer last."""
        n = len(self.seats)
        out = []
        for k in range(1, n + 1):
            name = self.seats[(self.dealer + k) % n]
            if name is not None:
                out.append(name)
        return out

    def recave_limit(self) -> int:
        """What a returning décavé may bring: up to the sum of the seated stacks."""
        return sum(self.stacks[n] for n in self.seated())

    def is_over(self) -> bool:
        """Brelan ends with one player left or after the agreed number of hands;
        Bouillotte only for lack of players."""
        if len(self.seated()) < 2:
            return True
        return (
            self.game == "brelan"
            and self.max_hands is not None
            and (self.hands_played >= self.max_hands and self.carried == 0)
        )

    def hand_record(self, cards: Sequence[Card], names: Sequence[str] | None = None) -> HandRecord:
        """The next deal from a deck order (three cards each from the first player, the
        dealer last, then the retourne) to ``names`` (by default every seated player), in
        order of play. The runtime's seating deals through it too."""
        names = self.players_in_order() if names is None else list(names)
        hands, retourne = deal_from(cards, len(names))
        return HandRecord(
            game=self.game,
            players=[Player(n, self.stacks[n]) for n in names],
            hands=dict(zip(names, hands, strict=True)),
            options=self.options.to_dict(),
            retourne=retourne,
            carried=self.carried,
            refaits=self.refaits,
        )

    # ---------------------------------------------------------- requests

    def join_queue(self, name: str, cave: int | None = None) -> None:
        """Join the waiting queue (first in, first out)."""
        if name in self.seated():
            raise SessionError(f"{name} is already seated at this table")
        if any(e.name == name for e in self.queue):
            raise SessionError(f"{name} is already in the waiting queue")
        if cave is not None and cave <= 0:
            raise SessionError("a cave is at least 1 chip")
        self.queue.append(QueueEntry(name, cave))

    def leave_queue(self, name: str) -> None:
        before = len(self.queue)
        self.queue = [e for e in self.queue if e.name != name]
        if len(self.queue) == before:
            raise SessionError(f"{name} is not in the waiting queue")

    def charlemagne(self, name: str) -> None:
        """Ask to leave with one's winnings at the end of the current hand."""
        if name not in self.seated():
            raise SessionError(f"{name} is not seated at this table")
        self.leaving.add(name)

    def add_reserve_cave(self, name: str, amount: int) -> None:
        """Staked Brelan: add a reserve cave between hands (never withdrawn)."""
        if name not in self.seated():
            raise SessionError(f"{name} is not seated at this table")
        if amount <= 0:
            raise SessionError("a cave is at least 1 chip")
        self.caves.setdefault(name, []).append(amount)

    # ---------------------------------------------------------- end of hand

    def end_of_hand(
        self,
        stacks: Mapping[str, int],
        carried: int = 0,
        recaves: Mapping[str, int] | None = None,
        refait: bool | None = None,
    ) -> list[Event]:
        """Apply a finished deal: stacks, refait and dealer, décavés, Charlemagne, refills.

        ``carried`` is the pool the deal left on the table; ``refait`` says whether the deal
        was a refait (by default: whether it carried chips). ``recaves`` are the
        décavés who recave at once (Bouillotte: only when nobody waits; Brelan: only with
        ``replenish``). Returns what happened, as events.
        """
        if refait is None:
            refait = carried > 0
        events: list[Event] = []
        for player, stack in stacks.items():
            if player in self.stacks:
                self.stacks[player] = stack
        self.carried = carried
        self.refaits = self.refaits + 1 if refait else 0
        self.hands_played += 1
        if not (refait and self.options.refait_dealer == "same"):
            self.dealer = self._next_occupied(self.dealer)
        vacated: list[int] = []
        for pos, occupant in enumerate(self.seats):
            if occupant is None:
                continue
            name = occupant
            if self.stacks[name] == 0:
                events.extend(self._cleaned_out(pos, name, (recaves or {}).get(name), vacated))
            elif name in self.leaving:
                self._vacate(pos, name, vacated)
                events.append(ev.CHARLEMAGNE.event(name, {"stack": stacks.get(name, 0)}))
        self.leaving.clear()
        events.extend(self._refill(vacated))
        return events

    def _cleaned_out(
        self, pos: int, name: str, recave: int | None, vacated: list[int]
    ) -> list[Event]:
        reserve = self.caves.get(name)
        if reserve:
            amount = reserve.pop(0)
            self.stacks[name] = amount
            return [ev.NEXT_CAVE.event(name, {"amount": amount})]
        may_recave = (self.game == "bouillotte" and not self.queue) or (
            self.game == "brelan" and self.replenish
        )
        if recave is not None and may_recave:
            limit = self.recave_limit() if self.game == "bouillotte" else self.cave
            if not 1 <= recave <= limit:
                raise SessionError(f"{name} may recave for 1 to {limit} chips, not {recave}")
            self.stacks[name] = recave
            self.decaved.add(name)
            return [ev.RECAVE.event(name, {"amount": recave})]
        self.decaved.add(name)
        self._vacate(pos, name, vacated)
        return [ev.DECAVE.event(name, {})]

    def _vacate(self, pos: int, name: str, vacated: list[int]) -> None:
        self.old_seats[name] = pos
        self.seats[pos] = None
        del self.stacks[name]
        self.caves.pop(name, None)
        vacated.append(pos)

    def _refill(self, vacated: list[int]) -> list[Event]:
        if self.game != "bouillotte":
            return []
        events: list[Event] = []
        free = sorted(vacated) + [
            i for i, s in enumerate(self.seats) if s is None and i not in vacated
        ]
        while free and self.queue:
            entry = self.queue.pop(0)
            pos = self.seat_for(entry.name, free)
            free.remove(pos)
            if entry.name in self.decaved and entry.cave is not None:
                cave = min(entry.cave, max(self.recave_limit(), 1))
            else:
                cave = self.cave
            self.seats[pos] = entry.name
            self.stacks[entry.name] = cave
            self.old_seats.pop(entry.name, None)
            events.append(ev.SEATED.event(entry.name, {"seat": pos, "cave": cave}))
        return events

    def seat_for(self, name: str, free: Sequence[int]) -> int:
        """Where a player sits among the ``free`` seats: the seat he last held when it is
        free, else the next free seat after it (clockwise); a newcomer, the first given.

        >>> s = TableSession.start("bouillotte", ["A", "B", "C"], Shuffler(seed=2), seats=5)
        >>> s.old_seats["D"] = 1
        >>> s.seat_for("D", [3, 1]), s.seat_for("D", [0, 4]), s.seat_for("E", [4, 3])
        (1, 4, 4)
        """
        old = self.old_seats.get(name)
        if old is None:
            return free[0]
        n = len(self.seats)
        return min(free, key=lambda pos: (pos - old) % n)

    def _next_occupied(self, pos: int) -> int:
        n = len(self.seats)
        for k in range(1, n + 1):
            if self.seats[(pos + k) % n] is not None:
                return (pos + k) % n
        return pos

    def sit(self, name: str, cave: int | None = None) -> int:
        """Seat a player at a free seat now (between hands); returns the seat."""
        if name in self.seated():
            raise SessionError(f"{name} is already seated at this table")
        free = [pos for pos, occupant in enumerate(self.seats) if occupant is None]
        if not free:
            raise SessionError("every seat is taken; join the waiting queue")
        pos = self.seat_for(name, free)
        self.seats[pos] = name
        self.stacks[name] = self.cave if cave is None else cave
        self.old_seats.pop(name, None)
        return pos

    def remove(self, names: Iterable[str]) -> None:
        """Unseat players now (between hands)."""
        for name in names:
            if name in self.seats:
                self._vacate(self.seats.index(name), name, [])
