"""What a tournament tells the Discord layer (or a test): typed, frozen events, each with the
catalogue message that announces it (:meth:`TournamentEvent.message`, a key and its
parameters: never a sentence), the tournament's status as a typed document, and the
:class:`TournamentPresenter` interface that receives them.

>>> Busted(4, user=7, place=3, table_no=1, left=2).message()
Message(key='tournament-busted', params=mappingproxy({'user': 7, 'place': 3, 'left': 2}))
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol, TypedDict

from bot.i18n.message import Message
from bot.runtime.public import StakesView

# (No ``from __future__ import annotations``: TypedDict must see ``NotRequired`` itself.)


@dataclass(frozen=True, slots=True)
class TableSeats:
    """A tournament table: its card table, its number, its channel (a thread) and players."""

    table_id: int
    no: int
    channel_id: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TournamentEvent:
    """Something that happened to a tournament."""

    tournament_id: int

    def message(self) -> Message:
        """The announcement, in the catalogue's words (the Discord layer renders it)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Registered(TournamentEvent):
    """A player registered (his buy-in went to the pool)."""

    user: int
    entrants: int
    most: int

    def message(self) -> Message:
        return Message.of("tournament-registered", user=self.user, n=self.entrants, most=self.most)


@dataclass(frozen=True, slots=True)
class Unregistered(TournamentEvent):
    """A player took his registration back (his buy-in went back to his wallet)."""

    user: int
    entrants: int
    most: int

    def message(self) -> Message:
        return Message.of(
            "tournament-unregistered", user=self.user, n=self.entrants, most=self.most
        )


@dataclass(frozen=True, slots=True)
class Reminder(TournamentEvent):
    """The start is near: ``users`` are the members registered (to ping)."""

    users: tuple[int, ...]
    start_at: float

    def message(self) -> Message:
        return Message.of(
            "tournament-reminder", tournament=self.tournament_id, t=round(self.start_at)
        )


@dataclass(frozen=True, slots=True)
class Started(TournamentEvent):
    """Play began: the tables and who sits at each."""

    tables: tuple[TableSeats, ...]
    entrants: int

    def message(self) -> Message:
        return Message.of("tournament-started", n=self.entrants, tables=len(self.tables))


@dataclass(frozen=True, slots=True)
class TableBroken(TournamentEvent):
    """A table was broken: its players went to the others (``moved``: user → table no.);
    its channel may close."""

    table_id: int
    no: int
    channel_id: int
    moved: tuple[tuple[int, int], ...]

    def message(self) -> Message:
        return Message.of("tournament-table-broken", table=self.no)


@dataclass(frozen=True, slots=True)
class PlayerMoved(TournamentEvent):
    """A seat went from one table to another (he plays the next hand there)."""

    user: int
    source: int
    target: int
    source_no: int
    target_no: int

    def message(self) -> Message:
        return Message.of(
            "tournament-moved", user=self.user, source=self.source_no, target=self.target_no
        )


@dataclass(frozen=True, slots=True)
class FinalTable(TournamentEvent):
    """One table is left: the final table."""

    table_id: int
    no: int
    channel_id: int
    players: tuple[int, ...]

    def message(self) -> Message:
        return Message.of("tournament-final-table", table=self.no, n=len(self.players))


@dataclass(frozen=True, slots=True)
class LevelUp(TournamentEvent):
    """The stakes rose (each table takes them at its next hand). ``level`` counts from 1."""

    level: int
    stakes: Mapping[str, int]

    def message(self) -> Message:
        if "max_bet" in self.stakes:
            return Message.of(
                "tournament-level-up-limits",
                level=self.level,
                ante=self.stakes["ante"],
                low=self.stakes["min_bet"],
                high=self.stakes["max_bet"],
            )
        return Message.of("tournament-level-up", level=self.level, ante=self.stakes["ante"])


@dataclass(frozen=True, slots=True)
class Busted(TournamentEvent):
    """A player is out, in ``place`` (``left``: the players still in)."""

    user: int
    place: int
    table_no: int
    left: int

    def message(self) -> Message:
        return Message.of("tournament-busted", user=self.user, place=self.place, left=self.left)


@dataclass(frozen=True, slots=True)
class Standing:
    """An entrant's place and prize at the end."""

    user: int
    place: int
    prize: int


@dataclass(frozen=True, slots=True)
class Results(TournamentEvent):
    """The tournament is over: the standings, best first, and the prizes paid."""

    standings: tuple[Standing, ...]
    pool: int
    #: It ended by stacks: its last level had lasted its span (``Schedule.over``).
    by_stacks: bool = False

    def message(self) -> Message:
        winner = self.standings[0]
        key = "tournament-won-by-stacks" if self.by_stacks else "tournament-won"
        return Message.of(key, tournament=self.tournament_id, user=winner.user, n=winner.prize)


@dataclass(frozen=True, slots=True)
class Cancelled(TournamentEvent):
    """Called off, every buy-in refunded: by an admin (``by``), for want of players at the
    start (``reason`` "field"), because its server or channel is gone ("gone"), or because
    its tables can have no channel of their own ("threads": :class:`NoChannel`)."""

    reason: str
    refunds: Mapping[int, int] = field(default_factory=dict)
    by: int | None = None
    entrants: int = 0
    need: int = 0

    def message(self) -> Message:
        if self.reason == "field":
            return Message.of(
                "tournament-cancelled-field",
                tournament=self.tournament_id,
                n=self.entrants,
                need=self.need,
            )
        if self.reason == "threads":
            return Message.of("tournament-cancelled-threads", tournament=self.tournament_id)
        return Message.of("tournament-cancelled", tournament=self.tournament_id)


class EntrantView(TypedDict):
    """An entrant as the status shows him: ``table`` the number of his table while he plays,
    ``stack`` his tournament chips there, ``place`` once out (or the winner's), ``prize``
    once paid."""

    user: int
    house: bool
    table: int | None
    stack: int | None
    place: int | None
    prize: int | None


class TableView(TypedDict):
    """A live tournament table."""

    table_id: int
    no: int
    channel_id: int
    players: list[int]


class TournamentView(TypedDict):
    """A tournament as anyone may see it (the registration message, ``/tournament``)."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    creator_id: int
    status: str
    buy_in: int
    pool: int
    chips: int
    seats: int
    players: int
    min_players: int
    house: int
    start_at: float | None
    started_at: float | None
    schedule_unit: str
    schedule_every: int
    levels: list[StakesView]
    #: The level in play (from 1) and when (or after how many hands) the next begins.
    level: int | None
    next_level_at: float | None
    hands_left: int | None
    #: The shares of the places paid (for the field registered, or that started).
    payouts: list[int]
    entrants: list[EntrantView]
    tables: list[TableView]
    message_ids: dict[str, int]


class NoChannel(Exception):
    """Raised by :meth:`TournamentPresenter.table_channel` when a table can have no channel
    there for good (Discord: the bot may not open threads in the tournament's channel, or
    the channel is gone); any other failure is taken for a passing one and tried again.
    ``reason`` is the :class:`Cancelled` reason it gives: "threads" or "gone"."""

    def __init__(self, reason: str = "threads") -> None:
        super().__init__(reason)
        self.reason = reason


class TournamentPresenter(Protocol):
    """Where a tournament's news goes (the Discord layer: its registration message, one
    thread per table, the announcements)."""

    async def tournament_update(self, tournament_id: int, view: TournamentView) -> None:
        """The tournament's status changed (registrations, start, places, the end)."""

    async def tournament_event(self, tournament_id: int, event: TournamentEvent) -> None:
        """Something happened, to announce (:meth:`TournamentEvent.message`)."""

    async def table_channel(self, tournament_id: int, channel_id: int, no: int) -> int:
        """The channel where table ``no`` of the tournament plays (Discord: a thread of the
        tournament's channel ``channel_id``, opened now or found again by its name);
        :class:`NoChannel` if it cannot be had there for good."""


class SilentTournamentPresenter:
    """Tells nobody; each table plays in a channel id of its own (negative: no Discord
    channel has it)."""

    async def tournament_update(self, tournament_id: int, view: TournamentView) -> None:
        return None

    async def tournament_event(self, tournament_id: int, event: TournamentEvent) -> None:
        return None

    async def table_channel(self, tournament_id: int, channel_id: int, no: int) -> int:
        return -(tournament_id * 1000 + no)


@dataclass
class RecordingTournamentPresenter(SilentTournamentPresenter):
    """Keeps everything it is told (tests); each table it is asked for plays in a new
    channel (``opened``: tournament, table no. and channel, in order)."""

    updates: list[TournamentView] = field(default_factory=list)
    events: list[TournamentEvent] = field(default_factory=list)
    opened: list[tuple[int, int, int]] = field(default_factory=list)

    async def table_channel(self, tournament_id: int, channel_id: int, no: int) -> int:
        channel = await super().table_channel(tournament_id, channel_id, no)
        channel -= 100 * sum(1 for t, n, _c in self.opened if (t, n) == (tournament_id, no))
        self.opened.append((tournament_id, no, channel))
        return channel

    async def tournament_update(self, tournament_id: int, view: TournamentView) -> None:
        self.updates.append(view)

    async def tournament_event(self, tournament_id: int, event: TournamentEvent) -> None:
        self.events.append(event)

    def of(self, kind: type[TournamentEvent]) -> list[TournamentEvent]:
        """The events of one kind, in order."""
        return [e for e in self.events if isinstance(e, kind)]
