"""Tournaments in storage: the registration, the pool, the entrants' places and prizes, and
the card tables a tournament plays on (docs/tournaments.md).

Two kinds of chips meet here and never mix:

- **Wallet chips.** A buy-in leaves the member's wallet for the tournament's ``pool`` (a
  ``buy_in`` ledger entry noted ``tournament <id>``); an unregistration or a cancellation
  gives it back (``cash_out``, noted ``tournament <id> refund``), the prizes empty the pool
  into the winners' wallets (``cash_out``, noted ``tournament <id> prize``), once: the
  payout is one transaction that also closes the tournament. The census counts the pools.
- **Tournament chips.** Each entrant sits at a tournament table with the tournament's
  starting chips, which come from no wallet and go back to none: the seats and carried pots
  of tournament tables are left out of the census
  (:data:`bot.storage.wallets.TOURNAMENT_TABLES`), and a seat of such a table refuses a
  wallet's buy-in and never cashes chips out
  (:class:`TournamentTable`). They only move between seats: :meth:`move_entrant` takes a seat
  from one table to another in the transaction it runs in (never in two places, never lost).

House players enter without a buy-in (``buy_in`` 0); their wallets are never touched.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final, Literal

from bot.i18n.message import Message
from bot.storage.errors import InsufficientChips, NotSeated, StorageError
from bot.storage.models import Seat
from bot.storage.txbase import dump_json, whole_count
from bot.storage.wallets import WalletTransaction

TournamentStatus = Literal["registering", "running", "finished", "cancelled"]
#: A tournament still under way (its pool holds the buy-ins).
LIVE_STATUSES: Final[tuple[TournamentStatus, ...]] = ("registering", "running")


class TournamentError(StorageError):
    """A tournament request storage refuses (``exc.message`` is for the player)."""


class NoTournament(TournamentError):
    def __init__(self) -> None:
        super().__init__("refuse-tournament-unknown")


class TournamentTable(TournamentError):
    """Wallet chips asked to enter or leave a tournament table's seat."""

    def __init__(self) -> None:
        super().__init__("refuse-tournament-table")


def note_of(tournament_id: int, what: str = "") -> str:
    """The ledger note of a tournament's chip movement (``what``: ``refund``, ``prize``).

    >>> note_of(7), note_of(7, "prize")
    ('tournament 7', 'tournament 7 prize')
    """
    return f"tournament {tournament_id}" + (f" {what}" if what else "")


def read_note(note: str | None) -> tuple[int, str] | None:
    """A tournament's ledger note read back (for a wallet's history): the tournament and
    what the movement was (``buy-in``, ``refund``, ``prize``); None for any other note.

    >>> read_note("tournament 7"), read_note("tournament 7 prize"), read_note("welcome")
    ((7, 'buy-in'), (7, 'prize'), None)
    """
    words = (note or "").split()
    if len(words) not in (2, 3) or words[0] != "tournament" or not words[1].isdigit():
        return None
    return int(words[1]), words[2] if len(words) == 3 else "buy-in"


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament as stored: ``options`` what its creator chose (JSON), ``state`` what the
    runtime keeps of it while it runs (JSON), ``pool`` the buy-ins held."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    creator_id: int
    options: dict[str, Any]
    status: TournamentStatus
    pool: int
    state: dict[str, Any]
    message_ids: dict[str, Any]
    created_at: float
    started_at: float | None
    ended_at: float | None


@dataclass(frozen=True, slots=True)
class Entrant:
    """One entrant: his buy-in (0 for a house player), his table while he plays, his place
    once he is out (or has won) and his prize once they are paid."""

    tournament_id: int
    user_id: int
    buy_in: int
    table_id: int | None
    place: int | None
    prize: int | None
    busted_hand: int | None
    registered_at: float
    busted_at: float | None


@dataclass(frozen=True, slots=True)
class TournamentSeat:
    """A card table of a tournament and its number in it (1, 2, …)."""

    table_id: int
    no: int
    closed: bool


class TournamentTransaction(WalletTransaction):
    """Tournaments, their entrants, their tables and their chips."""

    if TYPE_CHECKING:  # the Transaction's own

        async def get_seat(self, table_id: int, user_id: int) -> Seat | None: ...
        async def seats(self, table_id: int) -> list[Seat]: ...

    # -- tournaments ----------------------------------------------------------------------

    @staticmethod
    def _tournament(row: Any) -> Tournament:
        values = {f.name: row[f.name] for f in fields(Tournament)}
        for key in ("options", "state", "message_ids"):
            values[key] = json.loads(values[key])
        return Tournament(**values)

    async def create_tournament(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        creator_id: int,
        options: Mapping[str, Any],
    ) -> Tournament:
        """Open a tournament's registration."""
        await self._run(
            "INSERT INTO guilds (guild_id) VALUES (?) ON CONFLICT (guild_id) DO NOTHING",
            (guild_id,),
        )
        tournament_id, _ = await self._run(
            "INSERT INTO tournaments (guild_id, channel_id, game, creator_id, options,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, game, creator_id, dump_json(dict(options)), self.now),
        )
        return await self.get_tournament(tournament_id)

    async def get_tournament(self, tournament_id: int) -> Tournament:
        """A tournament by id, locked in a PostgreSQL write (its writes take turns);
        :class:`NoTournament` if there is none."""
        row = await self._one(
            "SELECT * FROM tournaments WHERE id = ?" + self.for_update, (tournament_id,)
        )
        if row is None:
            raise NoTournament()
        return self._tournament(row)

    async def tournaments(
        self, guild_id: int | None = None, statuses: Sequence[str] = LIVE_STATUSES
    ) -> list[Tournament]:
        """The tournaments (of one guild, or of all) with one of ``statuses``, oldest first."""
        marks = ", ".join("?" for _ in statuses)
        sql = f"SELECT * FROM tournaments WHERE status IN ({marks})"
        params: list[object] = list(statuses)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        return [self._tournament(r) for r in await self._all(sql + " ORDER BY id", params)]

    async def update_tournament(
        self,
        tournament_id: int,
        *,
        status: TournamentStatus | None = None,
        state: Mapping[str, Any] | None = None,
        message_ids: Mapping[str, Any] | None = None,
    ) -> Tournament:
        """Change a tournament's status (``running`` stamps its start), runtime state or
        message ids."""
        changes: dict[str, object] = {}
        if status is not None:
            changes["status"] = status
            if status == "running":
                changes["started_at"] = self.now
            elif status in ("finished", "cancelled"):
                changes["ended_at"] = self.now
        if state is not None:
            changes["state"] = dump_json(dict(state))
        if message_ids is not None:
            changes["message_ids"] = dump_json(dict(message_ids))
        if changes:
            assignments = ", ".join(f"{column} = ?" for column in changes)
            await self._run(
                f"UPDATE tournaments SET {assignments} WHERE id = ?",
                (*changes.values(), tournament_id),
            )
        return await self.get_tournament(tournament_id)

    # -- entrants -------------------------------------------------------------------------

    @staticmethod
    def _entrant(row: Any) -> Entrant:
        return Entrant(**{f.name: row[f.name] for f in fields(Entrant)})

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """The entrants in the order they registered."""
        rows = await self._all(
            "SELECT * FROM tournament_entries WHERE tournament_id = ?"
            " ORDER BY registered_at, user_id",
            (tournament_id,),
        )
        return [self._entrant(r) for r in rows]

    async def _registering(self, tournament_id: int) -> Tournament:
        tournament = await self.get_tournament(tournament_id)
        if tournament.status != "registering":
            raise TournamentError("refuse-tournament-closed")
        return tournament

    async def register(self, tournament_id: int, user_id: int, *, buy_in: int) -> Entrant:
        """Enter a player: ``buy_in`` chips leave his wallet for the pool (0: a house player,
        whose wallet is never touched)."""
        tournament = await self._registering(tournament_id)
        whole_count(buy_in)
        guild = tournament.guild_id
        wallet = await self.ensure_wallet(guild, user_id)
        if await self._one(
            "SELECT 1 FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
            (tournament_id, user_id),
        ):
            raise TournamentError("refuse-tournament-registered")
        if buy_in:
            if wallet.balance < buy_in:
                raise InsufficientChips(
                    wallet.balance,
                    buy_in,
                    Message.of("refuse-chips-to-register", have=wallet.balance, need=buy_in),
                )
            await self._post(guild, user_id, -buy_in, "buy_in", note=note_of(tournament_id))
            await self._add_to_pool(tournament_id, buy_in)
        await self._run(
            "INSERT INTO tournament_entries (tournament_id, user_id, guild_id, buy_in,"
            " registered_at) VALUES (?, ?, ?, ?, ?)",
            (tournament_id, user_id, guild, buy_in, self.now),
        )
        return await self._require_entrant(tournament_id, user_id)

    async def _add_to_pool(self, tournament_id: int, chips: int) -> None:
        await self._run(
            "UPDATE tournaments SET pool = pool + ? WHERE id = ?", (chips, tournament_id)
        )

    async def _require_entrant(self, tournament_id: int, user_id: int) -> Entrant:
        row = await self._one(
            "SELECT * FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
            (tournament_id, user_id),
        )
        if row is None:
            raise TournamentError("refuse-tournament-not-registered")
        return self._entrant(row)

    async def unregister(self, tournament_id: int, user_id: int) -> int:
        """Take a player out before the start, his buy-in back to his wallet; returns it."""
        tournament = await self._registering(tournament_id)
        entrant = await self._require_entrant(tournament_id, user_id)
        await self._refund(tournament, entrant)
        await self._run(
            "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
            (tournament_id, user_id),
        )
        return entrant.buy_in

    async def _refund(self, tournament: Tournament, entrant: Entrant) -> None:
        if entrant.buy_in:
            note = note_of(tournament.id, "refund")
            await self._post(
                tournament.guild_id, entrant.user_id, entrant.buy_in, "cash_out", note=note
            )
            await self._add_to_pool(tournament.id, -entrant.buy_in)

    async def refund_all(self, tournament_id: int) -> dict[int, int]:
        """Cancel a tournament not finished: every buy-in back to its wallet, the pool
        empty, every table closed (its tournament chips leave play). Returns the refunds."""
        tournament = await self.get_tournament(tournament_id)
        if tournament.status not in LIVE_STATUSES:
            raise TournamentError("refuse-tournament-over")
        refunds: dict[int, int] = {}
        for entrant in await self.entrants(tournament_id):
            await self._refund(tournament, entrant)
            if entrant.buy_in:
                refunds[entrant.user_id] = entrant.buy_in
        for table in await self.tournament_tables(tournament_id):
            if not table.closed:
                await self.close_tournament_table(table.table_id)
        await self.update_tournament(tournament_id, status="cancelled")
        return refunds

    async def place_entrant(
        self, tournament_id: int, user_id: int, place: int, *, hand_id: int | None = None
    ) -> None:
        """Record a player's finishing place (his seat already gone: he is out, or won)."""
        await self._require_entrant(tournament_id, user_id)
        await self._run(
            "UPDATE tournament_entries SET place = ?, busted_hand = ?, busted_at = ?,"
            " table_id = NULL WHERE tournament_id = ? AND user_id = ?",
            (place, hand_id, self.now, tournament_id, user_id),
        )

    async def pay_prizes(self, tournament_id: int, prizes: Mapping[int, int]) -> bool:
        """Pay the prizes from the pool into the winners' wallets and finish the tournament,
        all at once; every chip of the pool must be paid. False (and nothing done) if the
        tournament was finished already: prizes are paid once."""
        tournament = await self.get_tournament(tournament_id)
        if tournament.status == "finished":
            return False
        if tournament.status != "running":
            raise TournamentError("refuse-tournament-not-running")
        if sum(prizes.values()) != tournament.pool or any(v < 0 for v in prizes.values()):
            raise ValueError(f"the prizes {dict(prizes)} do not pay the pool {tournament.pool}")
        note = note_of(tournament_id, "prize")
        for user_id, prize in prizes.items():
            await self._require_entrant(tournament_id, user_id)
            await self._run(
                "UPDATE tournament_entries SET prize = ? WHERE tournament_id = ? AND user_id = ?",
                (prize, tournament_id, user_id),
            )
            if prize:
                await self._post(tournament.guild_id, user_id, prize, "cash_out", note=note)
        await self._add_to_pool(tournament_id, -tournament.pool)
        for table in await self.tournament_tables(tournament_id):
            if not table.closed:
                await self.close_tournament_table(table.table_id)
        await self.update_tournament(tournament_id, status="finished")
        return True

    # -- tables and their seats -----------------------------------------------------------

    async def add_tournament_table(self, tournament_id: int, table_id: int, no: int) -> None:
        """Make a card table one of the tournament's (its seats then hold tournament chips)."""
        await self._run(
            "INSERT INTO tournament_tables (table_id, tournament_id, table_no) VALUES (?, ?, ?)",
            (table_id, tournament_id, no),
        )

    async def tournament_tables(self, tournament_id: int) -> list[TournamentSeat]:
        """The tournament's card tables by number, closed ones included."""
        rows = await self._all(
            "SELECT t.table_id, t.table_no, c.status FROM tournament_tables AS t"
            " JOIN card_tables AS c ON c.id = t.table_id WHERE t.tournament_id = ?"
            " ORDER BY t.table_no",
            (tournament_id,),
        )
        return [TournamentSeat(r[0], r[1], r[2] == "closed") for r in rows]

    async def table_tournament(self, table_id: int) -> int | None:
        """The tournament a card table belongs to, if any."""
        row = await self._one(
            "SELECT tournament_id FROM tournament_tables WHERE table_id = ?", (table_id,)
        )
        return None if row is None else int(row[0])

    async def guard_wallet_chips(self, table_id: int, chips: int) -> None:
        """Refuse (:class:`TournamentTable`) wallet chips entering or leaving a seat of a
        tournament table: its chips are tournament chips."""
        if chips and await self.table_tournament(table_id) is not None:
            raise TournamentTable()

    async def _insert_seat(
        self, table_id: int, user_id: int, chips: int, seat: Seat | None
    ) -> None:
        row = await self._one("SELECT guild_id FROM card_tables WHERE id = ?", (table_id,))
        if row is None:
            raise TournamentError("refuse-no-such-table")
        guild = int(row[0])
        await self.ensure_wallet(guild, user_id)
        taken = {s.seat_no for s in await self.seats(table_id)}
        seat_no = next(n for n in range(1, len(taken) + 2) if n not in taken)
        await self._run(
            "INSERT INTO seats (table_id, seat_no, guild_id, user_id, stack, status, timeouts,"
            " hands_sat_out, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                seat_no,
                guild,
                user_id,
                whole_count(chips),
                "playing" if seat is None else seat.status,
                0 if seat is None else seat.timeouts,
                0,
                self.now,
            ),
        )

    async def move_table(self, table_id: int, channel_id: int) -> None:
        """A tournament table goes on in another channel (its channel was deleted)."""
        await self._run(
            "UPDATE card_tables SET channel_id = ? WHERE id = ?", (channel_id, table_id)
        )
        self._tables.pop(table_id, None)

    async def seat_entrant(
        self, tournament_id: int, table_id: int, user_id: int, chips: int
    ) -> None:
        """Seat an entrant at one of the tournament's tables with ``chips`` tournament chips
        (from no wallet)."""
        await self._insert_seat(table_id, user_id, chips, None)
        await self._set_table(tournament_id, user_id, table_id)

    async def _set_table(self, tournament_id: int, user_id: int, table_id: int) -> None:
        await self._run(
            "UPDATE tournament_entries SET table_id = ? WHERE tournament_id = ? AND user_id = ?",
            (table_id, tournament_id, user_id),
        )

    async def move_entrant(
        self, tournament_id: int, source: int, target: int, user_id: int, *, extra: int = 0
    ) -> int:
        """Take an entrant's seat from table ``source`` to table ``target``, his stack (plus
        ``extra``: his share of a broken table's carried pot), status and timeouts with it;
        returns the chips he now holds."""
        seat = await self.get_seat(source, user_id)
        if seat is None:
            raise NotSeated()
        await self._run("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (source, user_id))
        await self._insert_seat(target, user_id, seat.stack + extra, seat)
        await self._set_table(tournament_id, user_id, target)
        return seat.stack + extra

    async def drop_entrant(self, table_id: int, user_id: int) -> None:
        """Free the seat of a player who is out (no chip left: none goes anywhere)."""
        seat = await self.get_seat(table_id, user_id)
        if seat is None:
            return
        if seat.stack:
            raise ValueError(f"seat of {user_id} at table {table_id} still holds {seat.stack}")
        await self._run("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id))

    async def take_pot(self, table_id: int) -> int:
        """Empty a tournament table's carried pot (its chips go to its players: the caller
        says who); returns it."""
        row = await self._one("SELECT pot FROM card_tables WHERE id = ?", (table_id,))
        pot = 0 if row is None else int(row[0])
        if pot:
            await self._run("UPDATE card_tables SET pot = 0 WHERE id = ?", (table_id,))
            self._tables.pop(table_id, None)
        return pot

    async def close_tournament_table(self, table_id: int) -> None:
        """Close a tournament table: a hand in play is called off, the seats go (their
        tournament chips leave play: they were never wallet chips), the pot empties."""
        if await self.table_tournament(table_id) is None:
            raise ValueError(f"table {table_id} is not a tournament's")
        await self._run(
            "UPDATE hands SET status = 'void', turn_deadline = NULL, updated_at = ?, result = ?"
            " WHERE table_id = ? AND status = 'in_progress'",
            (self.now, json.dumps({"void": True, "voided_by": None}), table_id),
        )
        await self._run("DELETE FROM seats WHERE table_id = ?", (table_id,))
        await self._run("DELETE FROM queue WHERE table_id = ?", (table_id,))
        await self._run(
            "UPDATE card_tables SET status = 'closed', pot = 0, closed_at = ? WHERE id = ?",
            (self.now, table_id),
        )
        self._tables.pop(table_id, None)

    async def tournament_chips(self, tournament_id: int) -> int:
        """The tournament chips in play: its open tables' seats and carried pots (while it
        runs: the entrants times the starting chips)."""
        stacks = await self._scalar(
            "SELECT SUM(s.stack) FROM seats AS s JOIN tournament_tables AS t"
            " ON t.table_id = s.table_id WHERE t.tournament_id = ?",
            (tournament_id,),
        )
        pots = await self._scalar(
            "SELECT SUM(c.pot) FROM card_tables AS c JOIN tournament_tables AS t"
            " ON t.table_id = c.id WHERE t.tournament_id = ?",
            (tournament_id,),
        )
        return stacks + pots
