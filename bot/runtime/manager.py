"""The table runtime: tables of Brelan and Bouillotte between the rules engine and a presenter.

Each :class:`Table` has one lock; every request (join, leave, start, act, close, a timer
firing) takes it, changes the engine state in memory, then writes everything in **one**
storage transaction (the hand record with the new action, the chip movements, the session
state in the table options). If the transaction fails, the table is reloaded from the
database, so memory never drifts from what is stored. Engine player names are
``str(user_id)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Action, HandRecord, Player
from bot.games.brelan import BrelanHand, Category, deal_from, deck_for
from bot.games.cards import Shuffler
from bot.games.errors import GameError, IllegalAction
from bot.games.options import BrelanOptions, parse_options
from bot.games.replay import load_record, replay_record
from bot.games.session import DEFAULT_CAVE, DEFAULT_SEATS, TableSession, is_refait
from bot.runtime.clock import Clock, RealClock, Timer
from bot.runtime.errors import TableError
from bot.runtime.presenter import Presenter
from bot.runtime.state import session_from_json, session_to_json
from bot.storage import Database, StorageError
from bot.storage.models import GameTable, HandStats
from bot.storage.transaction import Transaction

log = logging.getLogger(__name__)

GAMES = ("brelan", "bouillotte")
#: Table options the runtime reads (the rest are the engine's rules options).
RUNTIME_KEYS = ("turn_timeout", "cave", "seats", "sit_out_hands", "auto_deal", "runtime")
DEFAULT_TURN_TIMEOUT = 60.0
DEFAULT_SIT_OUT_HANDS = 3
#: The automatic action of a player who runs out of time, by preference.
AUTO_VERBS = ("decline", "pass", "stand", "hold")
STALE_BUTTON = "That button belongs to a hand that is over."


def auto_verb(legal: list[Any]) -> str:
    """Pass before the opening, fold after it, decline a carre, stand in the sans-plus
    round, hold at the carrer's closing turn.

    >>> from bot.games.base import Legal
    >>> auto_verb([Legal("hold", 4), Legal("raise", None, 5, 9)])
    'hold'
    """
    verbs = [a.verb for a in legal]
    for verb in AUTO_VERBS:
        if verb in verbs:
            return verb
    return str(verbs[0])


@dataclass
class Settings:
    """A table's runtime settings, read from its options."""

    rules: dict[str, Any]
    turn_timeout: float
    cave: int
    seats: int
    sit_out_hands: int
    auto_deal: bool

    @classmethod
    def from_options(cls, game: str, options: dict[str, Any]) -> Settings:
        rules = {k: v for k, v in options.items() if k not in RUNTIME_KEYS}
        parse_options(game, rules)  # raises OptionError
        turn_timeout = float(options.get("turn_timeout", DEFAULT_TURN_TIMEOUT))
        cave = int(options.get("cave", DEFAULT_CAVE[game]))
        seats = int(options.get("seats", DEFAULT_SEATS[game]))
        if turn_timeout <= 0:
            raise TableError("The turn timer must be more than 0 seconds.")
        if cave < 1:
            raise TableError("The cave is at least 1 chip.")
        if not 2 <= seats <= 5:
            raise TableError("A table has 2 to 5 seats.")
        return cls(
            rules=rules,
            turn_timeout=turn_timeout,
            cave=cave,
            seats=seats,
            sit_out_hands=int(options.get("sit_out_hands", DEFAULT_SIT_OUT_HANDS)),
            auto_deal=bool(options.get("auto_deal", True)),
        )

    def to_options(self) -> dict[str, Any]:
        return {
            **self.rules,
            "turn_timeout": self.turn_timeout,
            "cave": self.cave,
            "seats": self.seats,
            "sit_out_hands": self.sit_out_hands,
            "auto_deal": self.auto_deal,
        }


@dataclass
class Table:
    """One live table: its lock, session, current hand and timer."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    creator_id: int
    settings: Settings
    session: TableSession | None = None
    hand: BrelanHand | None = None
    hand_id: int | None = None
    hand_no: int = 0
    record: HandRecord | None = None
    deadline: float | None = None
    timer: Timer | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sitting_out: set[str] = field(default_factory=set)
    timeouts: dict[str, int] = field(default_factory=dict)
    hands_sat_out: dict[str, int] = field(default_factory=dict)
    undelivered: set[int] = field(default_factory=set)
    closed: bool = False

    def options(self) -> dict[str, Any]:
        out = self.settings.to_options()
        if self.session is not None:
            out["runtime"] = session_to_json(self.session)
        return out


def _mention_players(text: str, names: list[str]) -> str:
    """Engine messages name players by id; write them as Discord mentions.

    >>> _mention_players("it is 12's turn, not 3's", ["12", "3"])
    "it is <@12>'s turn, not <@3>'s"
    """
    pattern = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.sub(rf"(?<![\w@])({pattern})(?!\w)", r"<@\1>", text) if names else text


def _player_error(exc: Exception) -> TableError:
    return TableError(str(exc))


class TableManager:
    """Owns the database, the clock, the presenter and the tables."""

    def __init__(
        self,
        db: Database,
        presenter: Presenter,
        *,
        clock: Clock | None = None,
        shuffler_factory: Callable[[int], Shuffler] | None = None,
    ) -> None:
        self.db = db
        self.presenter = presenter
        self.clock: Clock = clock or RealClock()
        self.shuffler_factory = shuffler_factory or (lambda _table_id: Shuffler())
        self.tables: dict[int, Table] = {}
        self._shufflers: dict[int, Shuffler] = {}

    # ------------------------------------------------------------------ helpers

    def _shuffler(self, table_id: int) -> Shuffler:
        if table_id not in self._shufflers:
            self._shufflers[table_id] = self.shuffler_factory(table_id)
        return self._shufflers[table_id]

    def _table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.closed:
            raise TableError("There is no open table with that number.")
        return table

    async def _load(self, gt: GameTable) -> Table:
        """Build a table from the database: session from its options, hand from its log."""
        settings = Settings.from_options(gt.game, dict(gt.options))
        table = Table(gt.id, gt.guild_id, gt.channel_id, gt.game, gt.creator_id, settings)
        old = self.tables.get(gt.id)
        if old is not None:
            table.lock = old.lock
            table.undelivered = old.undelivered
            if old.timer is not None:
                old.timer.cancel()
        raw_state = gt.options.get("runtime")
        seats = await self.db.seats(gt.id)
        if raw_state:
            table.session = session_from_json(raw_state)
            for seat in seats:  # storage holds the chips
                if str(seat.user_id) in table.session.stacks:
                    table.session.stacks[str(seat.user_id)] = seat.stack
        for seat in seats:
            name = str(seat.user_id)
            if seat.status == "sitting_out":
                table.sitting_out.add(name)
            if seat.timeouts:
                table.timeouts[name] = seat.timeouts
            if seat.hands_sat_out:
                table.hands_sat_out[name] = seat.hands_sat_out
        stored = await self.db.current_hand(gt.id)
        if stored is not None:
            record = load_record(stored.record)
            hand = replay_record(record)
            assert isinstance(hand, BrelanHand)
            table.record, table.hand = record, hand
            table.hand_id, table.hand_no = stored.id, stored.hand_no
            table.deadline = stored.turn_deadline
        self.tables[gt.id] = table
        return table

    @contextlib.asynccontextmanager
    async def _write(self, table: Table) -> AsyncIterator[Transaction]:
        """One write transaction; if it fails, the table is reloaded from the database so
        the in-memory session never runs ahead of what was stored."""
        try:
            async with self.db.transaction() as tx:
                yield tx
        except BaseException:
            await self._reload(table)
            raise

    async def _reload(self, table: Table) -> Table:
        return await self._load(await self.db.get_table(table.id))

    def _arm(self, table: Table) -> None:
        """(Re-)arm the turn timer from the stored deadline; overdue fires at once."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        hand = table.hand
        if hand is None or hand.finished or table.deadline is None or table.hand_id is None:
            return
        hand_id, count = table.hand_id, len(table.record.actions) if table.record else 0

        async def fire() -> None:
            await self._on_timeout(table.id, hand_id, count)

        table.timer = self.clock.call_at(table.deadline, fire)

    def _deadline_for(self, table: Table) -> float | None:
        hand = table.hand
        if hand is None or hand.finished or hand.to_act is None:
            return None
        if hand.to_act in table.sitting_out:
            return self.clock.now()
        return self.clock.now() + table.settings.turn_timeout

    async def _safe(self, coro: Any) -> Any:
        try:
            return await coro
        except Exception:
            log.exception("presenter failed")
            return None

    def public_state(self, table: Table) -> dict[str, Any]:
        """Everything anyone at the table may see: no card before the rules reveal it."""
        session = table.session
        seats: list[dict[str, Any]] = []
        if session is not None:
            for pos, name in enumerate(session.seats):
                if name is None:
                    continue
                seats.append(
                    {
                        "seat": pos,
                        "user": int(name),
                        "stack": session.stacks[name],
                        "sitting_out": name in table.sitting_out,
                        "leaving": name in session.leaving,
                        "dealer": pos == session.dealer,
                    }
                )
        hand_state: dict[str, Any] | None = None
        if table.hand is not None:
            view = table.hand.public_view()
            hand_state = {
                "id": table.hand_id,
                "no": table.hand_no,
                **view,
                "legal": [a.to_json() for a in table.hand.legal_actions()],
                "deadline": table.deadline,
            }
        return {
            "table_id": table.id,
            "game": table.game,
            "started": session is not None,
            "seats": seats,
            "queue": [int(e.name) for e in session.queue] if session else [],
            "carried": session.carried if session else 0,
            "hand": hand_state,
        }

    async def _publish(self, table: Table) -> None:
        await self._safe(self.presenter.table_update(table.id, self.public_state(table)))

    async def _deliver(self, table: Table) -> None:
        """Private cards for every player of the current hand (after the blind carre)."""
        hand = table.hand
        if hand is None or not any(e.kind == "deal" for e in hand.events):
            return
        for i, name in enumerate(hand.names):
            user = int(name)
            ok = await self._safe(
                self.presenter.deliver_cards(
                    table.id, user, [c.code for c in hand.hands[i]], hand.retourne.code
                )
            )
            if ok:
                table.undelivered.discard(user)
            else:
                table.undelivered.add(user)

    # ------------------------------------------------------------------ tables

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        creator_id: int,
        options: dict[str, Any] | None = None,
    ) -> int:
        """Open a table in a channel; returns its id."""
        if game not in GAMES:
            raise TableError(f"This table runs {' or '.join(GAMES)}, not {game}.")
        try:
            settings = Settings.from_options(game, dict(options or {}))
            gt = await self.db.create_table(
                guild_id, channel_id, game, creator_id, options=settings.to_options()
            )
        except (StorageError, GameError) as exc:
            raise _player_error(exc) from exc
        table = await self._load(gt)
        await self._safe(
            self.presenter.announce(table.id, f"A {game} table is open.", {"creator": creator_id})
        )
        await self._publish(table)
        return table.id

    async def table_in_channel(self, channel_id: int) -> int | None:
        gt = await self.db.table_in_channel(channel_id)
        return None if gt is None else gt.id

    async def resume(self) -> list[int]:
        """Load every open table, replay its hand in progress and re-arm its timer."""
        ids = []
        for gt in await self.db.open_tables():
            table = await self._load(gt)
            async with table.lock:
                self._arm(table)
            ids.append(table.id)
        return ids

    async def status(self, table_id: int) -> dict[str, Any]:
        return self.public_state(self._table(table_id))

    async def my_cards(self, table_id: int, user_id: int) -> dict[str, Any]:
        """The player's own cards in the hand being played (only for him)."""
        table = self._table(table_id)
        hand = table.hand
        name = str(user_id)
        if hand is None or hand.finished:
            raise TableError("No hand is being played at this table.")
        if name not in hand.index:
            raise TableError("You are not playing in this hand.")
        if not any(e.kind == "deal" for e in hand.events):
            raise TableError("The cards are not dealt yet: the carre is played blind.")
        table.undelivered.discard(user_id)
        return {
            "cards": [c.code for c in hand.hands[hand.index[name]]],
            "retourne": hand.retourne.code,
            "hand_id": table.hand_id,
        }

    # ------------------------------------------------------------------ seats

    async def join(self, table_id: int, user_id: int) -> str:
        """Sit down (buying in the cave from the wallet), or join the line when full.

        A seated player who sits out is brought back. Returns a message for the player.
        """
        table = self._table(table_id)
        async with table.lock:
            self._table(table_id)
            name = str(user_id)
            cave = table.settings.cave
            try:
                seat = await self.db.get_seat(table.id, user_id)
                if seat is not None and name in table.sitting_out:
                    async with self.db.transaction() as tx:
                        await tx.update_seat(
                            table.id, user_id, status="playing", timeouts=0, hands_sat_out=0
                        )
                    table.sitting_out.discard(name)
                    table.timeouts.pop(name, None)
                    table.hands_sat_out.pop(name, None)
                    await self._maybe_deal(table)
                    return "Welcome back: you will be dealt in from the next hand."
                if seat is not None:
                    raise TableError("You already have a seat at this table.")
                if any(e.user_id == user_id for e in await self.db.queue(table.id)):
                    raise TableError("You are already in the waiting line for this table.")
                session = table.session
                if session is None:
                    free = len(await self.db.seats(table.id)) < table.settings.seats
                else:
                    free = any(s is None for s in session.seats)
                if free:
                    if session is not None:
                        session.sit(name, cave)
                    async with self._write(table) as tx:
                        await tx.seat(
                            table.id, user_id, max_seats=table.settings.seats, buy_in=cave
                        )
                        await tx.update_table(table.id, options=table.options())
                    msg = f"You sit down with {cave} chips."
                    await self._safe(self.presenter.announce(table.id, msg, {"user": user_id}))
                    await self._maybe_deal(table)
                    await self._publish(table)
                    return msg
                if table.game != "bouillotte":
                    raise TableError("This table is full.")
                balance = await self.db.balance(table.guild_id, user_id)
                if balance < cave:
                    raise TableError(f"You have {balance} chips; you need {cave} to sit here.")
                if session is not None:
                    session.join_queue(name)
                async with self._write(table) as tx:
                    entry = await tx.join_queue(table.id, user_id)
                    await tx.update_table(table.id, options=table.options())
                msg = f"The table is full: you are number {entry.place} in line."
                await self._publish(table)
                return msg
            except (StorageError, GameError) as exc:
                raise _player_error(exc) from exc

    async def leave(self, table_id: int, user_id: int) -> str:
        """Leave the line, or the table with one's chips (Charlemagne during a hand)."""
        table = self._table(table_id)
        async with table.lock:
            self._table(table_id)
            name = str(user_id)
            try:
                seat = await self.db.get_seat(table.id, user_id)
                if seat is None:
                    queued = any(e.user_id == user_id for e in await self.db.queue(table.id))
                    if not queued:
                        raise TableError("You don't have a seat at this table.")
                    if table.session is not None:
                        table.session.leave_queue(name)
                    async with self._write(table) as tx:
                        await tx.leave_queue(table.id, user_id)
                        await tx.update_table(table.id, options=table.options())
                    await self._publish(table)
                    return "You left the waiting line."
                hand = table.hand
                if hand is not None and not hand.finished and name in hand.index:
                    assert table.session is not None
                    table.session.charlemagne(name)
                    async with self._write(table) as tx:
                        await tx.update_seat(table.id, user_id, status="leaving")
                        await tx.update_table(table.id, options=table.options())
                    await self._publish(table)
                    return "Charlemagne: you will leave with your chips when this hand ends."
                if table.session is not None:
                    table.session.remove([name])
                async with self._write(table) as tx:
                    out = await tx.cash_out(table.id, user_id)
                    await tx.update_table(table.id, options=table.options())
                table.sitting_out.discard(name)
                msg = f"You leave the table with {out.amount} chips."
                await self._safe(self.presenter.announce(table.id, msg, {"user": user_id}))
                await self._publish(table)
                return msg
            except (StorageError, GameError) as exc:
                raise _player_error(exc) from exc

    async def start(self, table_id: int, by: int | None = None) -> int:
        """Draw for seats (first time) and deal; returns the new hand's id."""
        table = self._table(table_id)
        async with table.lock:
            self._table(table_id)
            if table.hand is not None and not table.hand.finished:
                raise TableError("A hand is already being played at this table.")
            try:
                if table.session is None:
                    seats = await self.db.seats(table.id)
                    if len(seats) < 2:
                        raise TableError("At least two seated players are needed to start.")
                    names = [str(s.user_id) for s in seats]
                    table.session = TableSession.start(
                        table.game,
                        names,
                        self._shuffler(table.id),
                        options=table.settings.rules,
                        cave=table.settings.cave,
                        seats=table.settings.seats,
                        stacks={str(s.user_id): s.stack for s in seats},
                    )
                    for entry in await self.db.queue(table.id):
                        table.session.join_queue(str(entry.user_id))
                if not await self._maybe_deal(table, force=True):
                    raise TableError("At least two players who are not sitting out are needed.")
            except (StorageError, GameError) as exc:
                await self._reload(table)
                raise _player_error(exc) from exc
            assert table.hand_id is not None
            return table.hand_id

    async def close(self, table_id: int, by: int, *, force: bool = False) -> str:
        """Close the table: the hand in progress is void, every stack goes home."""
        table = self._table(table_id)
        async with table.lock:
            self._table(table_id)
            if not force and by != table.creator_id:
                raise TableError("Only the player who opened this table can close it.")
            try:
                cash_outs = await self.db.close_table(table.id)
            except StorageError as exc:
                raise _player_error(exc) from exc
            table.closed = True
            if table.timer is not None:
                table.timer.cancel()
            self.tables.pop(table.id, None)
            data = {"cash_outs": {c.user_id: c.amount for c in cash_outs}}
            await self._safe(self.presenter.announce(table.id, "The table is closed.", data))
            return "The table is closed; every player got his chips back."

    # ------------------------------------------------------------------ dealing

    def _new_deal(self, table: Table) -> tuple[HandRecord, BrelanHand] | None:
        session = table.session
        if session is None:
            return None
        names = [n for n in session.players_in_order() if n not in table.sitting_out]
        names = [n for n in names if session.stacks.get(n, 0) > 0]
        if len(names) < 2:
            return None
        options = session.options
        deck = self._shuffler(table.id).shuffled(deck_for(options, len(names)))
        hands, retourne = deal_from(deck, len(names))
        record = HandRecord(
            game=table.game,
            players=[Player(n, session.stacks[n]) for n in names],
            hands=dict(zip(names, hands, strict=True)),
            options=options.to_dict(),
            retourne=retourne,
            carried=session.carried,
            refaits=session.refaits,
        )
        return record, BrelanHand.from_record(record)

    async def _maybe_deal(self, table: Table, force: bool = False) -> bool:
        """Deal the next hand if none is being played and enough players are in."""
        if table.session is None or (table.hand is not None and not table.hand.finished):
            return False
        if not (force or table.settings.auto_deal):
            return False
        async with self._write(table) as tx:
            dealt = await self._deal_in(tx, table)
            if dealt:
                await tx.update_table(table.id, status="playing", options=table.options())
        if dealt:
            await self._after_deal(table)
        return dealt

    async def _deal_in(self, tx: Transaction, table: Table) -> bool:
        deal = self._new_deal(table)
        if deal is None:
            table.hand = table.record = None
            table.hand_id = None
            table.deadline = None
            return False
        table.record, table.hand = deal
        table.deadline = self._deadline_for(table)
        stored = await tx.create_hand(
            table.id, table.record.to_json(), turn_deadline=table.deadline
        )
        table.hand_id, table.hand_no = stored.id, stored.hand_no
        return True

    async def _after_deal(self, table: Table) -> None:
        hand = table.hand
        assert hand is not None
        order = [int(n) for n in hand.names]
        await self._safe(
            self.presenter.announce(
                table.id,
                f"Hand {table.hand_no} is dealt.",
                {"hand_id": table.hand_id, "players": order, "dealer": order[-1]},
            )
        )
        await self._deliver(table)
        self._arm(table)
        await self._publish(table)

    # ------------------------------------------------------------------ acting

    async def act(
        self,
        table_id: int,
        user_id: int,
        verb: str,
        amount: int | None = None,
        hand_id: int | None = None,
    ) -> None:
        """Play one action for the player; refused (changing nothing) if not legal."""
        table = self._table(table_id)
        async with table.lock:
            self._table(table_id)
            if hand_id is not None and hand_id != table.hand_id:
                raise TableError(STALE_BUTTON)
            hand = table.hand
            name = str(user_id)
            if hand is None or hand.finished:
                raise TableError("No hand is being played at this table.")
            if name not in hand.index:
                raise TableError("You are not playing in this hand.")
            if hand.to_act != name:
                raise TableError("It is not your turn.")
            await self._apply(table, name, verb, amount, timed_out=False)

    async def _on_timeout(self, table_id: int, hand_id: int, count: int) -> None:
        table = self.tables.get(table_id)
        if table is None or table.closed:
            return
        async with table.lock:
            hand = table.hand
            if (
                table.hand_id != hand_id
                or hand is None
                or hand.finished
                or table.record is None
                or len(table.record.actions) != count
                or hand.to_act is None
            ):
                return  # stale timer
            name = hand.to_act
            verb = auto_verb(hand.legal_actions())
            await self._safe(
                self.presenter.announce(
                    table.id,
                    f"<@{name}> ran out of time: {verb}.",
                    {"user": int(name), "verb": verb, "timeout": True},
                )
            )
            await self._apply(table, name, verb, None, timed_out=True)

    async def _apply(
        self, table: Table, name: str, verb: str, amount: int | None, timed_out: bool
    ) -> None:
        hand, record = table.hand, table.record
        assert hand is not None and record is not None and table.hand_id is not None
        try:
            events = hand.act(name, verb, amount)
        except IllegalAction as exc:
            raise TableError(_mention_players(str(exc), hand.names)) from exc
        action = Action(name, verb, amount)
        record.actions.append(action)
        hand_id = table.hand_id
        user = int(name)
        seat_changes: dict[str, Any] = {}
        if timed_out:
            count = table.timeouts.get(name, 0) + 1
            table.timeouts[name] = count
            seat_changes["timeouts"] = count
            if count >= 2 and name not in table.sitting_out:
                table.sitting_out.add(name)
                seat_changes["status"] = "sitting_out"
        elif table.timeouts.get(name):
            table.timeouts.pop(name)
            seat_changes["timeouts"] = 0
        finished = hand.finished
        table.deadline = self._deadline_for(table)
        old_hand_no = table.hand_no
        notes: list[tuple[str, dict[str, Any]]] = []
        async with self._write(table) as tx:
            await tx.append_action(hand_id, action.to_json(), turn_deadline=table.deadline)
            if seat_changes and name not in (table.session.leaving if table.session else ()):
                await tx.update_seat(table.id, user, **seat_changes)
            if finished:
                notes = await self._finish_in(tx, table)
                if table.settings.auto_deal:
                    await self._deal_in(tx, table)
                else:
                    table.hand = table.record = None
                    table.hand_id = None
                await tx.update_table(table.id, options=table.options())
        for event in events:
            data = event.to_json()
            if event.kind in ("showdown", "end"):
                continue
            who = f"<@{event.player}> " if event.player else ""
            await self._safe(self.presenter.announce(table.id, f"{who}{event.kind}", data))
        if finished:
            await self._announce_end(table, hand, old_hand_no, notes)
            if table.hand is not None and table.hand_id != hand_id:
                await self._after_deal(table)
                return
        elif any(e.kind == "deal" for e in events):
            await self._deliver(table)
        self._arm(table)
        await self._publish(table)

    async def _finish_in(self, tx: Transaction, table: Table) -> list[tuple[str, dict[str, Any]]]:
        """The hand is over: stacks, pot, jar, stats; then the session's end-of-hand rules."""
        hand, record, session = table.hand, table.record, table.session
        assert hand is not None and record is not None and session is not None
        assert table.hand_id is not None
        summary = hand.summary()
        new_stacks = hand.stacks()
        await tx.finish_hand(
            table.hand_id,
            summary,
            {int(n): s for n, s in new_stacks.items()},
            flambeau=hand.flambeau,
            pot=hand.carried,
        )
        winners = {w for pot in hand.pots for w in pot.winners}
        before = {p.name: p.stack for p in record.players}
        lines = []
        for n in hand.names:
            combo = hand.combinations.get(n)
            lines.append(
                HandStats(
                    user_id=int(n),
                    won=n in winners,
                    net=new_stacks[n] - before[n],
                    pot=sum(p.amount for p in hand.pots if n in p.winners),
                    brelans=int(combo is not None and combo.category is Category.BRELAN),
                    square_brelans=int(combo is not None and combo.category is Category.SQUARE),
                )
            )
        await tx.record_hand_stats(table.guild_id, lines)
        notes: list[tuple[str, dict[str, Any]]] = []
        # sitting out: count the hands missed, unseat after too many
        for n in session.seated():
            if n in table.sitting_out and n not in hand.index:
                missed = table.hands_sat_out.get(n, 0) + 1
                table.hands_sat_out[n] = missed
                if missed >= table.settings.sit_out_hands:
                    session.leaving.add(n)
                    notes.append((f"<@{n}> sat out too long and leaves.", {"user": int(n)}))
                else:
                    await tx.update_seat(table.id, int(n), hands_sat_out=missed)
        seated_before = set(session.seated())
        events = session.end_of_hand(new_stacks, carried=hand.carried, refait=is_refait(hand))
        after = set(session.seated())
        for n in sorted(seated_before - after):
            out = await tx.cash_out(table.id, int(n))
            table.sitting_out.discard(n)
            table.timeouts.pop(n, None)
            table.hands_sat_out.pop(n, None)
            notes.append((f"<@{n}> leaves with {out.amount} chips.", {"user": int(n)}))
        for n in sorted(after - seated_before):
            uid = int(n)
            await tx.leave_queue(table.id, uid)
            cave = session.stacks[n]
            if await tx.balance(table.guild_id, uid) < cave:
                session.remove([n])
                notes.append((f"<@{n}> cannot pay the cave and loses his place.", {"user": uid}))
                continue
            await tx.seat(table.id, uid, buy_in=cave)
            notes.append((f"<@{n}> takes a seat with {cave} chips.", {"user": uid}))
        for event in events:
            notes.append((f"<@{event.player}> {event.kind}", event.to_json()))
        return notes

    async def _announce_end(
        self,
        table: Table,
        hand: BrelanHand,
        hand_no: int,
        notes: list[tuple[str, dict[str, Any]]],
    ) -> None:
        summary = hand.summary()
        if hand.combinations:
            data = {
                "hand_no": hand_no,
                "view": hand.public_view(),
                "combinations": {n: c.describe() for n, c in hand.combinations.items()},
                **summary,
            }
            await self._safe(self.presenter.showdown(table.id, data))
        elif hand.pots:
            winner = hand.pots[0].winners[0]
            await self._safe(
                self.presenter.announce(
                    table.id,
                    f"<@{winner}> wins {hand.pots[0].amount} chips uncontested.",
                    {"hand_no": hand_no, **summary},
                )
            )
        else:
            await self._safe(
                self.presenter.announce(
                    table.id,
                    f"Refait: {hand.carried} chips stay on the table.",
                    {"hand_no": hand_no, **summary},
                )
            )
        for text, data in notes:
            await self._safe(self.presenter.announce(table.id, text, data))

    # ------------------------------------------------------------------ history

    async def export_hand(self, hand_id: int) -> str:
        """A finished hand as a SCENARIOS.md file."""
        from bot.runtime.history import export_scenario

        try:
            hand = await self.db.get_hand(hand_id)
            return export_scenario(hand)
        except StorageError as exc:
            raise _player_error(exc) from exc
        except ValueError as exc:
            raise TableError("That hand is not over yet.") from exc

    def engine_options(self, table_id: int) -> BrelanOptions:
        table = self._table(table_id)
        parsed = parse_options(table.game, table.settings.rules)
        assert isinstance(parsed, BrelanOptions)
        return parsed
