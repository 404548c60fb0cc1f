"""One live table in memory (:class:`Table`, with its dealer's choice in progress:
:class:`Choice`), and the steps of a committed change that the table manager tells the
presenter in order (:data:`Step`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import HandRecord
from bot.house.memory import TableMemory
from bot.house.thought import Advice
from bot.i18n.message import Message
from bot.runtime.clock import Timer
from bot.runtime.errors import TableError
from bot.runtime.fairness import Revealed
from bot.runtime.games import GAME_RULES, GameRules, RuntimeHand
from bot.runtime.hand_end import AfterHand
from bot.runtime.house_seats import members_present
from bot.runtime.seating import Seating
from bot.runtime.settings import Settings
from bot.runtime.tournament_spec import TournamentLink
from bot.storage.seeds import ServerSeed

#: A line for the public log: the message and its details.
Note = tuple[Message, dict[str, Any]]


@dataclass
class Choice:
    """A dealer's choice in progress: the dealer, his deadline, and a proposal put to a vote."""

    dealer: str
    deadline: float
    proposal: dict[str, Any] | None = None
    votes: dict[str, bool] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "deadline": self.deadline,
            "proposal": self.proposal,
            "votes": dict(self.votes),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Choice:
        return cls(
            str(raw["dealer"]),
            float(raw["deadline"]),
            raw.get("proposal"),
            {str(k): bool(v) for k, v in (raw.get("votes") or {}).items()},
        )


@dataclass
class Table:
    """One live table: its lock, session, current hand and timer.

    ``timer`` is the turn timer while a hand is played, or the pending deal's timer
    (``next_deal_at``) between hands: never both.
    """

    id: int
    guild_id: int
    channel_id: int
    game: str
    creator_id: int
    settings: Settings
    session: Seating | None = None
    hand: RuntimeHand | None = None
    hand_id: int | None = None
    hand_no: int = 0
    record: HandRecord | None = None
    deadline: float | None = None
    #: (hand id, move) of a turn whose timer fired late and was given again (once).
    lag_forgiven: tuple[int, int] | None = None
    timer: Timer | None = None
    next_deal_at: float | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sitting_out: set[str] = field(default_factory=set)
    timeouts: dict[str, int] = field(default_factory=dict)
    hands_sat_out: dict[str, int] = field(default_factory=dict)
    undelivered: set[int] = field(default_factory=set)
    #: What each player of the hand in progress was last shown privately.
    delivered: dict[str, tuple[list[str], str | None]] = field(default_factory=dict)
    closed: bool = False
    #: The creator closed the table during a hand: it closes when the hand ends.
    closing: bool = False
    #: Its stored state could not be resumed: requests are refused until an admin closes it.
    needs_attention: bool = False
    #: Its server is unavailable (a Discord outage): no timer runs, requests are refused.
    paused: bool = False
    #: Players dealt in the hand in play who left the server: never waited for, their moves
    #: are played at once; they are cashed out when the hand ends (stored as ``departed``).
    departed: set[str] = field(default_factory=set)
    #: Players who made a move themselves in the hand in play (not a timeout's, a departed
    #: player's or a house player's): the hands that unlock a welcome grant.
    moved: set[str] = field(default_factory=set)
    #: The current server seed (secret; its commitment is public).
    seed: ServerSeed | None = None
    #: The nonce of the deal the last cut was made for (one cut per deal).
    cut_for: int | None = None
    #: Brag's dealer's choice in progress, and the last one's outcome (for the next record).
    choice: Choice | None = None
    last_choice: dict[str, Any] | None = None
    #: A tournament's table (docs/tournaments.md): players neither join nor leave it.
    tournament: TournamentLink | None = None
    #: What the house players remember of the players here (stored as ``house_memory``).
    house_memory: TableMemory = field(default_factory=TableMemory)
    #: A house player's move decided when its turn began: (the hand, its events so far,
    #: the move), played when its thinking pause is over.
    house_plan: tuple[object, int, Advice] | None = None
    #: The hand id and the house players who said a word in it (one line per hand each).
    talked: tuple[int | None, set[str]] = (None, set())

    @property
    def rules(self) -> GameRules:
        return GAME_RULES[self.game]

    def playing(self) -> bool:
        """A hand is being played."""
        return self.hand is not None and not self.hand.finished

    def dealt_out(self) -> set[str]:
        """Who the next deal leaves out: those sitting out, but at a tournament's table
        (they pay their antes until they are out)."""
        return set() if self.tournament is not None else self.sitting_out

    def may_deal(self) -> bool:
        """A member is present and not sitting out: house players never play among
        themselves, but at a tournament's table."""
        if self.tournament is not None:
            return True
        seated = self.session.seated() if self.session is not None else []
        return members_present(seated, self.sitting_out) > 0

    def refuse_in_tournament(self) -> None:
        """Refuse what a player may not do at a tournament's table (join, leave, recave,
        close, seat the house): its director seats and moves the players."""
        if self.tournament is not None:
            raise TableError("refuse-tournament-table")

    def options(self) -> dict[str, Any]:
        out = self.settings.to_options()
        if self.session is not None:
            out["runtime"] = self.session.to_json()
        if self.next_deal_at is not None:
            out["next_deal_at"] = self.next_deal_at
        if self.closing:
            out["closing"] = True
        if self.choice is not None:
            out["choice"] = self.choice.to_json()
        if self.last_choice is not None:
            out["last_choice"] = self.last_choice
        if self.departed:
            out["departed"] = sorted(self.departed)
        if self.tournament is not None:
            out["tournament"] = self.tournament.to_json()
        if self.house_memory.profiles:
            out["house_memory"] = self.house_memory.to_json()
        return out


#: Steps of a change, told to the presenter in order once it is committed.
@dataclass
class Finished:
    hand: RuntimeHand
    hand_no: int
    notes: list[Note]
    #: What the hand leaves each player (his own cards to give him privately at its end).
    after: AfterHand | None = None
    #: The stored hand's id.
    hand_id: int | None = None


@dataclass
class Dealt:
    hand: RuntimeHand
    hand_id: int
    hand_no: int


@dataclass
class Scheduled:
    at: float


@dataclass
class GameOver:
    hands: int


@dataclass
class SeedRevealed:
    revealed: Revealed


@dataclass
class Said:
    said: Message


@dataclass
class TournamentNews:
    """What a hand's end did to its tournament (players out, a level reached), for the
    tournament's director to tell once it is stored."""

    tournament_id: int
    events: list[Any]


Step = Finished | Dealt | Scheduled | GameOver | SeedRevealed | Said | TournamentNews
