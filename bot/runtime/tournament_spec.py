"""What a tournament's creator chose (:class:`TournamentSpec`, checked once and stored as the
tournament's options) and what ties a card table to its tournament (:class:`TournamentLink`,
kept in the table's options under ``tournament``).

>>> spec = TournamentSpec.checked("brelan", seats=5, players=9, buy_in=100)
>>> spec.chips, spec.schedule.every, spec.shares(9), spec.shares(4)
(50, 10, (50, 30, 20), (100,))
>>> TournamentSpec.from_json(spec.to_json()) == spec
True
>>> table_options(spec, TournamentLink(3, 1, 2))["ante"]
3
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import registry
from bot.games.errors import GameError
from bot.games.levels import (
    Schedule,
    always_ends,
    checked,
    default_schedule,
    has_ante,
    parse_schedule,
)
from bot.games.prizes import checked_split, parse_payouts, payout_split
from bot.games.registry import GameSpec
from bot.i18n.people import HOUSE_CHARACTERS, HOUSE_NAMES, house_level, house_player_id
from bot.runtime.errors import TableError, player_error
from bot.runtime.settings import MAX_TURN_TIMEOUT, Settings, seat_range, whole
from bot.storage.txbase import MAX_CHIPS

#: The largest field a tournament takes.
MOST_PLAYERS = 100
#: The most tables (each a thread) a tournament plays on at once.
MOST_TABLES = 20
#: The most chips an entrant may start with.
MOST_CHIPS = 1_000_000
#: How far ahead a scheduled start may be (seconds): 30 days.
MOST_AHEAD = 30 * 86400.0
#: Seconds a tournament table waits between hands at most.
MOST_DELAY = 600
#: House players in tournaments play the strong strategy, one of each name at most: the
#: level's characters and the other names, ids 31 to 39 (bot/i18n/people.py).
HOUSE_LEVEL = "strong"
MOST_HOUSE = sum(house_level(u) == HOUSE_LEVEL for u in HOUSE_CHARACTERS) + len(HOUSE_NAMES)


def house_entrants(count: int) -> list[int]:
    """The ids of a tournament's ``count`` house players.

    >>> house_entrants(2)
    [31, 32]
    """
    return [house_player_id(HOUSE_LEVEL, n) for n in range(1, count + 1)]


@dataclass(frozen=True, slots=True)
class TournamentLink:
    """A card table's place in its tournament: the tournament, the table's number, and the
    level (index) its stakes were last set to."""

    id: int
    no: int
    level: int = 0

    def to_json(self) -> dict[str, int]:
        return {"id": self.id, "no": self.no, "level": self.level}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> TournamentLink:
        return cls(int(raw["id"]), int(raw["no"]), int(raw.get("level", 0)))


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """A tournament as its creator set it up.

    ``players`` is the field: a sit-and-go (no ``start_at``) starts when that many have
    registered; a scheduled one starts at ``start_at`` with at least ``min_players`` (every
    buy-in is refunded otherwise) and takes at most ``players``. ``chips`` are the tournament
    chips each entrant starts with; ``payouts`` the server's split (None: the default);
    ``house`` the house players who enter.
    """

    game: str
    seats: int
    players: int
    buy_in: int
    chips: int
    schedule: Schedule
    min_players: int = 2
    payouts: tuple[int, ...] | None = None
    house: int = 0
    start_at: float | None = None
    turn_timeout: float = 60.0
    next_hand_delay: float = 0.0

    @classmethod
    def checked(
        cls,
        game: str,
        *,
        seats: int | None = None,
        players: int | None = None,
        buy_in: int = 0,
        chips: int | None = None,
        schedule: Schedule | str | None = None,
        payouts: Sequence[int] | str | None = None,
        house: int = 0,
        start_at: float | None = None,
        min_players: int | None = None,
        turn_timeout: float | None = None,
        next_hand_delay: float | None = None,
    ) -> TournamentSpec:
        """The spec, every choice checked (a :class:`TableError` naming what is wrong).

        ``seats`` per table (the game's default), ``players`` the field (a sit-and-go starts
        when it is full; default one table's seats), ``buy_in`` from each member's wallet to
        the pool, ``chips`` each entrant's tournament chips (the game's standard cave),
        ``schedule`` the levels (a :class:`~bot.games.levels.Schedule` or its text; the
        game's default), ``payouts`` the split (or its text; 50/30/20, the winner taking all
        below five entrants), ``house`` house players entered, ``start_at`` a scheduled start
        (unix s) with at least ``min_players``; ``turn_timeout`` and ``next_hand_delay`` for
        its tables."""
        entry, schedule, payouts = _game_rules(game, schedule, payouts)
        seats = entry.seats if seats is None else seats
        low, high = seat_range(game, schedule.levels[-1].options())
        if not low <= seats <= high:
            raise TableError("refuse-seats-range", game=game, low=low, high=high)
        if players is None:
            players = seats if start_at is None else min(MOST_PLAYERS, MOST_TABLES * seats)
        need = _checked_field(players, min_players, buy_in)
        if math.ceil(players / seats) > MOST_TABLES:
            raise TableError(
                "refuse-tournament-tables",
                players=players,
                seats=seats,
                tables=math.ceil(players / seats),
                most=MOST_TABLES,
            )
        chips = entry.cave if chips is None else chips
        if not 1 <= chips <= MOST_CHIPS:
            raise TableError("refuse-tournament-chips", most=MOST_CHIPS)
        first = schedule.levels[0]
        if first.ante + (first.min_bet or 0) > chips:
            raise TableError(
                "refuse-tournament-first-level", need=first.ante + (first.min_bet or 0), chips=chips
            )
        if not 0 <= house <= min(MOST_HOUSE, players - 1):
            raise TableError("refuse-tournament-house", most=min(MOST_HOUSE, players - 1))
        timeout, delay = _checked_pace(turn_timeout, next_hand_delay)
        return cls(
            game,
            seats,
            players,
            buy_in,
            chips,
            schedule,
            need,
            None if payouts is None else tuple(payouts),
            house,
            start_at,
            timeout,
            delay,
        )

    def shares(self, entrants: int) -> tuple[int, ...]:
        """The shares of the places paid for a field of ``entrants``."""
        return payout_split(entrants, self.payouts)

    def tables_for(self, entrants: int) -> int:
        """How many tables a field of ``entrants`` starts on.

        >>> TournamentSpec.checked("brelan", seats=5, players=9).tables_for(9)
        2
        """
        return max(1, math.ceil(entrants / self.seats))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": self.seats,
            "players": self.players,
            "buy_in": self.buy_in,
            "chips": self.chips,
            "schedule": self.schedule.to_json(),
            "min_players": self.min_players,
            "payouts": None if self.payouts is None else list(self.payouts),
            "house": self.house,
            "start_at": self.start_at,
            "turn_timeout": whole(self.turn_timeout),
            "next_hand_delay": whole(self.next_hand_delay),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> TournamentSpec:
        payouts = raw.get("payouts")
        start_at = raw.get("start_at")
        return cls(
            str(raw["game"]),
            int(raw["seats"]),
            int(raw["players"]),
            int(raw["buy_in"]),
            int(raw["chips"]),
            Schedule.from_json(raw["schedule"]),
            int(raw.get("min_players", 2)),
            None if payouts is None else tuple(int(p) for p in payouts),
            int(raw.get("house", 0)),
            None if start_at is None else float(start_at),
            float(raw.get("turn_timeout", 60)),
            float(raw.get("next_hand_delay", 0)),
        )


def level_rules(game: str, spec: TournamentSpec, level: int) -> dict[str, Any]:
    """A tournament table's rules options at ``level``: the level's stakes, and never the
    flambeau (its jar holds wallet chips)."""
    rules: dict[str, Any] = dict(spec.schedule.levels[level].options())
    if any(o.name == "flambeau" for o in registry.spec(game).rules):
        rules["flambeau"] = False
    return rules


def table_options(spec: TournamentSpec, link: TournamentLink) -> dict[str, Any]:
    """The options a tournament table opens with (checked as any table's)."""
    options: dict[str, Any] = {
        **level_rules(spec.game, spec, link.level),
        "turn_timeout": whole(spec.turn_timeout),
        "cave": spec.chips,
        "seats": spec.seats,
        "auto_deal": True,
        "tournament": link.to_json(),
    }
    if spec.next_hand_delay:
        options["next_hand_delay"] = whole(spec.next_hand_delay)
    Settings.from_options(spec.game, options)  # a TableError if the game refuses them
    return options


def _game_rules(
    game: str, schedule: Schedule | str | None, payouts: Sequence[int] | str | None
) -> tuple[GameSpec, Schedule, Sequence[int] | None]:
    """The game's entry, its levels and the prizes' split, read and checked."""
    try:
        if game not in registry.names():
            raise TableError("refuse-unknown-game", games=", ".join(registry.names()), game=game)
        entry = registry.spec(game)
        if not has_ante(game):
            raise TableError("refuse-tournament-game", game=game)
        if isinstance(schedule, str):
            schedule = parse_schedule(game, schedule)
        elif schedule is None:
            schedule = default_schedule(game)
        else:
            schedule = checked(game, schedule)
        always_ends(schedule)
        if isinstance(payouts, str):
            payouts = parse_payouts(payouts)
        elif payouts is not None:
            payouts = checked_split(payouts)
    except GameError as exc:
        raise player_error(exc) from exc
    return entry, schedule, payouts


def _checked_field(players: int, min_players: int | None, buy_in: int) -> int:
    """The fewest players a scheduled start needs, the field and the buy-in checked."""
    if not 2 <= players <= MOST_PLAYERS:
        raise TableError("refuse-tournament-players", most=MOST_PLAYERS)
    need = 2 if min_players is None else min_players
    if not 2 <= need <= players:
        raise TableError("refuse-tournament-min-players", most=players)
    if not 0 <= buy_in <= MAX_CHIPS:
        raise TableError("refuse-amount-max", most=MAX_CHIPS)
    return need


def _checked_pace(turn_timeout: float | None, next_hand_delay: float | None) -> tuple[float, float]:
    """The tables' turn timer (60 s by default) and pause between hands (none), checked."""
    timeout = 60.0 if turn_timeout is None else float(turn_timeout)
    if not 0 < timeout <= MAX_TURN_TIMEOUT:
        raise TableError("refuse-turn-timer", most=round(MAX_TURN_TIMEOUT))
    delay = 0.0 if next_hand_delay is None else float(next_hand_delay)
    if not 0 <= delay <= MOST_DELAY:
        raise TableError("refuse-delay-max", most=MOST_DELAY)
    return timeout, delay
