"""Plain records returned by the storage layer (frozen dataclasses, no database handles)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final, Literal

LedgerKind = Literal["grant", "daily", "buy_in", "cash_out", "transfer", "admin"]
TableStatus = Literal["open", "playing", "closed"]
SeatStatus = Literal["playing", "sitting_out", "leaving"]
HandStatus = Literal["in_progress", "finished", "void"]
Metric = Literal[
    "hands_played",
    "hands_won",
    "net_chips",
    "biggest_pot",
    "brelans",
    "square_brelans",
    "prials",
]

METRICS: Final[tuple[str, ...]] = (
    "hands_played",
    "hands_won",
    "net_chips",
    "biggest_pot",
    "brelans",
    "square_brelans",
    "prials",
)
MINTING_KINDS: Final[tuple[str, ...]] = ("grant", "daily", "admin")
ALL_TIME: Final = "all"
_WEEK_RE = re.compile(r"^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$")
_SEASON_RE = re.compile(r"^season-([1-9]\d{0,8})$")


def iso_week(ts: float) -> str:
    """The ISO week (UTC) of a unix timestamp, as used in the ``period`` column.

    >>> iso_week(0)
    '1970-W01'
    >>> iso_week(1_795_000_000)
    '2026-W47'
    """
    year, week, _ = datetime.fromtimestamp(ts, UTC).isocalendar()
    return f"{year:04d}-W{week:02d}"


def is_period(period: str) -> bool:
    """Whether ``period`` is ``'all'``, an ISO week like ``'2026-W47'`` or a season like
    ``'season-3'``."""
    return period == ALL_TIME or bool(_WEEK_RE.match(period)) or bool(_SEASON_RE.match(period))


def season_period(number: int) -> str:
    """How the statistics spell a season.

    >>> season_period(3)
    'season-3'
    """
    return f"season-{number:d}"


def season_of(period: str) -> int | None:
    """The season a period names, or None.

    >>> season_of("season-3"), season_of("2026-W47"), season_of("season-0")
    (3, None, None)
    """
    match = _SEASON_RE.match(period)
    return int(match.group(1)) if match else None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """Per-guild economy settings; ``daily_cooldown`` is in seconds."""

    guild_id: int
    starting_grant: int = 1000
    daily_bonus: int = 100
    daily_cooldown: int = 20 * 3600
    locale: str = "en"
    table_defaults: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Wallet:
    """A user's chips in a guild, outside any table."""

    guild_id: int
    user_id: int
    balance: int
    last_daily: float | None
    created_at: float


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One chip movement in or out of a wallet (``amount`` is signed)."""

    id: int
    guild_id: int
    user_id: int
    amount: int
    kind: LedgerKind
    table_id: int | None
    hand_id: int | None
    counterpart_id: int | None
    note: str | None
    created_at: float


@dataclass(frozen=True, slots=True)
class LedgerMismatch:
    """A wallet whose balance differs from the sum of its ledger entries."""

    user_id: int
    balance: int
    ledger_sum: int


@dataclass(frozen=True, slots=True)
class ChipCensus:
    """Where a guild's chips are; ``balanced`` when nothing appeared or vanished."""

    guild_id: int
    wallets: int
    stacks: int
    pots: int
    jar: int
    minted: int
    #: The buy-ins tournaments hold (their tables' chips are tournament chips, not counted).
    pools: int = 0

    @property
    def held(self) -> int:
        """Chips held anywhere: wallets, seat stacks, carried table pots, the jar and the
        tournaments' pools."""
        return self.wallets + self.stacks + self.pots + self.jar + self.pools

    @property
    def balanced(self) -> bool:
        """Whether the chips held equal the chips ever granted (grant, daily, admin)."""
        return self.held == self.minted


@dataclass(frozen=True, slots=True)
class DailyClaim:
    """A successful daily bonus: what was paid, the new balance, and the next claim time."""

    amount: int
    balance: int
    next_at: float


@dataclass(frozen=True, slots=True)
class GameTable:
    """A card table in a channel; ``pot`` holds chips carried between deals."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    status: TableStatus
    creator_id: int
    message_ids: dict[str, Any]
    pot: int
    created_at: float
    closed_at: float | None


@dataclass(frozen=True, slots=True)
class Seat:
    """A user's seat at a table; ``stack`` is the chips bought in and live at the table."""

    table_id: int
    seat_no: int
    guild_id: int
    user_id: int
    stack: int
    status: SeatStatus
    timeouts: int
    hands_sat_out: int
    joined_at: float


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """A user waiting for a seat; ``place`` is 1 for the next one in line."""

    table_id: int
    user_id: int
    position: int
    place: int
    joined_at: float


@dataclass(frozen=True, slots=True)
class CashOut:
    """Chips returned from a seat to its owner's wallet."""

    user_id: int
    amount: int


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand: the engine's record (JSON), its status, result and turn deadline."""

    id: int
    table_id: int
    guild_id: int
    hand_no: int
    game: str
    record: Any
    status: HandStatus
    result: Any
    flambeau: int
    turn_deadline: float | None
    created_at: float
    updated_at: float


@dataclass(frozen=True, slots=True)
class HandStats:
    """One player's line for a finished hand, fed to ``record_hand_stats``.

    ``pot`` is the size of the pot this player won (0 if none); it feeds ``biggest_pot``.
    """

    user_id: int
    won: bool = False
    net: int = 0
    pot: int = 0
    brelans: int = 0
    square_brelans: int = 0
    prials: int = 0


@dataclass(frozen=True, slots=True)
class Season:
    """A server's season: numbered from 1, open until ``ended_at``."""

    guild_id: int
    number: int
    name: str
    started_at: float
    started_by: int
    ended_at: float | None = None
    ended_by: int | None = None

    @property
    def open(self) -> bool:
        """Whether the season still counts the hands played."""
        return self.ended_at is None

    @property
    def period(self) -> str:
        """The season as the statistics spell it (``season-3``)."""
        return season_period(self.number)


@dataclass(frozen=True, slots=True)
class Champions:
    """The first of a season in one metric: the value, the players who share it (the first
    ``most`` of them by id) and how many do."""

    metric: str
    value: int
    user_ids: tuple[int, ...]
    count: int


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    """A leaderboard line; ties share a rank."""

    rank: int
    user_id: int
    value: int
