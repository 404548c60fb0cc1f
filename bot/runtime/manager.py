"""The table runtime: tables of Brelan, Bouillotte and Brag between the rules engine and a
presenter.

Each :class:`Table` has one lock; every request (join, leave, start, act, close, a timer
firing, a Discord event) takes it through :meth:`TableManager._locked`, changes the engine
state in memory, then writes everything in **one** storage transaction
(:meth:`TableManager._write`, the lease fence included: the hand record with the new action,
the chip movements, the session state in the table options). If the transaction fails, the
table is reloaded from the database, so memory never drifts from what is stored. Engine
player names are ``str(user_id)``.

The manager is a facade over its parts (:mod:`bot.runtime.parts`): the action path
(:mod:`bot.runtime.acting`), dealing (:mod:`bot.runtime.dealing`), seats, closing, the
dealer's choice, fair dealing, house players, Discord's lifecycle events, leases, publishing
and resuming each live in a module of their own. It owns its timers:
:meth:`TableManager.aclose` stops them all at shutdown.

What differs between games (dealing, what is public, which cards a player may see, the
automatic action, the showdown report, statistics) is in :mod:`bot.runtime.games`; what a
table keeps between hands is a :class:`~bot.runtime.seating.Seating`.

The public state every reader gets (``public_state``, ``status``, the presenter's
``table_update``) is typed in :mod:`bot.runtime.public` (:class:`~bot.runtime.public.PublicState`
and the shapes inside it); ``tests/test_public_state.py`` checks real states against it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, Literal, overload

from bot.games.cards import Shuffler
from bot.games.errors import GameError
from bot.games.options import Options, parse_options
from bot.games.replay import load_record, replay_record
from bot.house.memory import TableMemory
from bot.i18n.message import Message
from bot.runtime.acting import ALREADY_PLAYED, LAG_GRACE, NOT_YOUR_TURN, STALE_BUTTON, Acting
from bot.runtime.activity import Activity
from bot.runtime.clock import Clock, RealClock, Timer
from bot.runtime.closing import ClosingRequests, HandExport
from bot.runtime.dealers_choice import ChoiceRequests
from bot.runtime.dealing import Dealing
from bot.runtime.errors import TableError, player_error
from bot.runtime.fair_requests import FairRequests
from bot.runtime.fairness import Fairness
from bot.runtime.games import (
    AUTO_VERBS,
    GAMES,
    RuntimeHand,
    auto_verb,
)
from bot.runtime.hand_end import after_hand
from bot.runtime.house_requests import HouseRequests
from bot.runtime.house_seats import HOUSE_PAUSE, is_house
from bot.runtime.leasing import DEFAULT_LEASE_TTL, Leasing
from bot.runtime.lifecycle import PAUSED, LifecycleRequests, TableGone
from bot.runtime.practice import PracticeRequests, check_practice
from bot.runtime.presenter import Presenter
from bot.runtime.public import PublicState
from bot.runtime.publishing import Publishing
from bot.runtime.resuming import NEEDS_ATTENTION, Resuming
from bot.runtime.seat_requests import SeatRequests
from bot.runtime.settings import (
    DEFAULT_SIT_OUT_HANDS,
    DEFAULT_TURN_TIMEOUT,
    RUNTIME_KEYS,
    Settings,
)
from bot.runtime.shards import ShardSet
from bot.runtime.table import (
    Choice,
    Dealt,
    Finished,
    Said,
    Scheduled,
    SeedRevealed,
    Step,
    Table,
    TournamentNews,
)
from bot.runtime.tournament_events import TournamentPresenter
from bot.runtime.tournament_host import TournamentHost
from bot.runtime.tournament_spec import TournamentLink
from bot.runtime.tournaments import TournamentDirector
from bot.storage import Database, StorageError
from bot.storage.models import GameTable
from bot.storage.transaction import Transaction

__all__ = [
    "ALREADY_PLAYED",
    "AUTO_VERBS",
    "DEFAULT_SIT_OUT_HANDS",
    "DEFAULT_TURN_TIMEOUT",
    "GAMES",
    "LAG_GRACE",
    "NEEDS_ATTENTION",
    "NOT_YOUR_TURN",
    "PAUSED",
    "RUNTIME_KEYS",
    "STALE_BUTTON",
    "HandExport",
    "Settings",
    "Table",
    "TableGone",
    "TableManager",
    "auto_verb",
]

log = logging.getLogger(__name__)

#: Seconds :meth:`TableManager.aclose` waits for an action in progress at each table.
CLOSE_GRACE = 3.0


class TableManager(
    Acting,
    Dealing,
    SeatRequests,
    ClosingRequests,
    ChoiceRequests,
    FairRequests,
    HouseRequests,
    PracticeRequests,
    LifecycleRequests,
    Leasing,
    Publishing,
    Resuming,
    TournamentHost,
):
    """Owns the database, the clock, the presenter and the tables.

    Decks are dealt by the fair scheme (:mod:`bot.runtime.fairness`) unless a test gives a
    ``shuffler_factory`` (seeded decks that bypass it); ``server_seeds`` draws server seeds,
    ``draw_seed`` the draw for seats (both seeded in offline play with ``--seed``).

    ``shards``: the tables this process runs (those of its shards' guilds). ``lease_owner``:
    this process's name in the table leases, when several processes share the database
    (:mod:`bot.runtime.leasing`).

    ``tournaments`` runs the tournaments (:mod:`bot.runtime.tournaments`), whose news goes to
    ``tournament_presenter``.
    """

    def __init__(
        self,
        db: Database,
        presenter: Presenter,
        *,
        clock: Clock | None = None,
        shuffler_factory: Callable[[int], Shuffler] | None = None,
        house_pause: float | Callable[[], float] | None = HOUSE_PAUSE,
        house_rng: Callable[[], random.Random] | None = None,
        server_seeds: Callable[[int], str] | None = None,
        client_seeds: Callable[[int], str] | None = None,
        shards: ShardSet | None = None,
        lease_owner: str | None = None,
        lease_ttl: float = DEFAULT_LEASE_TTL,
        tournament_presenter: TournamentPresenter | None = None,
        draw_seed: str | None = None,
    ) -> None:
        self.db = db
        self.presenter = presenter
        self.clock: Clock = clock or RealClock()
        # with fair dealing this shuffler only draws for seats: ``draw_seed`` (offline play's
        # --seed) makes the draw reproducible, secrets otherwise
        self.shuffler_factory = shuffler_factory or (
            lambda table_id: Shuffler(None if draw_seed is None else f"{draw_seed}:{table_id}")
        )
        #: Deal by docs/fairness-spec.md (every real deal); tests' seeded shufflers bypass it.
        self.fair_dealing = shuffler_factory is None
        self.fair = Fairness(server_seeds, client_seeds)
        #: How long a house player thinks (None: as long as each decision needs, drawn by
        #: bot.house.timing), and where its decisions draw their chances.
        self.house_pause = house_pause
        self.house_rng = house_rng or (lambda: random.Random(secrets.randbits(64)))
        self.tables: dict[int, Table] = {}
        #: The Discord surface's check of chips staked where other members could win them
        #: (a welcome grant still locked: bot/ui/abuse.py); None offline and in unit tests.
        self.stake_check: Callable[[int, int, int], Awaitable[None]] | None = None
        self._shufflers: dict[int, Shuffler] = {}
        self.shards = shards or ShardSet()
        self.lease_owner = lease_owner
        self.lease_ttl = lease_ttl
        self._keeper: Timer | None = None
        #: Guilds unavailable for now (a Discord outage): their tables are paused.
        self.paused_guilds: set[int] = set()
        #: The timer callbacks running now (each in a task of its own: :meth:`_call_at`).
        self._firing: set[asyncio.Task[None]] = set()
        #: Set by :meth:`aclose`: no timer is armed or fires from then on.
        self._closed = False
        self._close_lock = asyncio.Lock()
        #: The table requests under way (the pages beside the tables wait for a lull).
        self.activity = Activity()
        self._closed_down = False
        self.tournaments = TournamentDirector(self, tournament_presenter)

    # ------------------------------------------------------------------ helpers

    def _shuffler(self, table_id: int) -> Shuffler:
        if table_id not in self._shufflers:
            self._shufflers[table_id] = self.shuffler_factory(table_id)
        return self._shufflers[table_id]

    def _find(
        self,
        table_id: int,
        *,
        quiet: bool = False,
        broken_ok: bool = False,
        paused_ok: bool = False,
        hand_id: int | None = None,
    ) -> Table | None:
        """The live table, or its refusal (:meth:`_locked` says which)."""
        table = self.tables.get(table_id)
        refusal: str | Message
        if table is None or table.closed:
            refusal = "refuse-no-such-table"
        elif table.needs_attention and not broken_ok:
            refusal = NEEDS_ATTENTION
        elif table.paused and not paused_ok:
            refusal = PAUSED
        elif hand_id is not None and hand_id != table.hand_id:
            refusal = STALE_BUTTON
        else:
            return table
        if quiet:
            return None
        raise TableError(refusal)

    def _table(self, table_id: int, *, broken_ok: bool = False) -> Table:
        """The live table, without its lock (a read that changes nothing)."""
        table = self._find(table_id, broken_ok=broken_ok)
        assert table is not None
        return table

    @overload
    def _locked(
        self,
        table_id: int,
        *,
        quiet: Literal[False] = False,
        broken_ok: bool = False,
        paused_ok: bool = False,
        hand_id: int | None = None,
    ) -> AbstractAsyncContextManager[Table]: ...
    @overload
    def _locked(
        self,
        table_id: int,
        *,
        quiet: Literal[True],
        broken_ok: bool = False,
        paused_ok: bool = False,
        hand_id: int | None = None,
    ) -> AbstractAsyncContextManager[Table | None]: ...
    def _locked(
        self,
        table_id: int,
        *,
        quiet: bool = False,
        broken_ok: bool = False,
        paused_ok: bool = False,
        hand_id: int | None = None,
    ) -> AbstractAsyncContextManager[Table | None]:
        """``async with self._locked(table_id) as table:`` the live table under its lock,
        the one way every request, timer and Discord event changes a table.

        The table is looked up, its lock taken, and looked up again under the lock (a
        request waiting for the lock may find the table closed, paused, reloaded or on
        another hand by then): what is yielded is the table as it is now. Refusals, as
        :class:`TableError`: ``refuse-no-such-table`` (unknown or closed), the table needs
        attention (unless ``broken_ok``: an admin may close it), its server is unavailable
        (unless ``paused_ok``), ``hand_id`` given and another hand in play (a stale button).
        ``quiet`` (timers, Discord events: nobody to answer): ``None`` instead of a
        refusal, and no lock is taken when there is no live table before it."""
        return self._lock_table(table_id, quiet, broken_ok, paused_ok, hand_id)

    @contextlib.asynccontextmanager
    async def _lock_table(
        self, table_id: int, quiet: bool, broken_ok: bool, paused_ok: bool, hand_id: int | None
    ) -> AsyncIterator[Table | None]:
        first = self._find(table_id, quiet=quiet, broken_ok=broken_ok, paused_ok=paused_ok)
        if first is None:
            yield None
            return
        with self.activity.working():
            async with first.lock:
                yield self._find(
                    table_id, quiet=quiet, broken_ok=broken_ok, paused_ok=paused_ok, hand_id=hand_id
                )

    async def _load(self, gt: GameTable, *, keep: bool = True) -> Table:
        """Build a table from the database: session from its options, hand from its log.
        ``keep``: it becomes the live table (else it is only read, :meth:`stored_state`)."""
        settings = Settings.from_options(gt.game, dict(gt.options))
        table = Table(gt.id, gt.guild_id, gt.channel_id, gt.game, gt.creator_id, settings)
        if keep:  # a reloaded table may have seeds waiting again
            self.fair.forget(gt.id)
        old = self.tables.get(gt.id) if keep else None
        if old is not None:
            table.lock = old.lock
            table.undelivered = old.undelivered
            if old.timer is not None:
                old.timer.cancel()
        raw_state = gt.options.get("runtime")
        seats = await self.db.query(Transaction.seats, gt.id)
        if raw_state:
            table.session = table.rules.load_seating(raw_state, settings)
            for seat in seats:  # storage holds the chips
                table.session.sync_stack(str(seat.user_id), seat.stack)
        pending = gt.options.get("next_deal_at")
        table.next_deal_at = None if pending is None else float(pending)
        table.closing = bool(gt.options.get("closing"))
        if gt.options.get("choice"):
            table.choice = Choice.from_json(gt.options["choice"])
        table.last_choice = gt.options.get("last_choice")
        table.departed = {str(n) for n in gt.options.get("departed", [])}
        link = gt.options.get("tournament")
        table.tournament = None if link is None else TournamentLink.from_json(link)
        table.house_memory = TableMemory.from_json(gt.options.get("house_memory"))
        table.paused = gt.guild_id in self.paused_guilds
        for seat in seats:
            name = str(seat.user_id)
            if seat.status == "sitting_out":
                table.sitting_out.add(name)
            if seat.timeouts:
                table.timeouts[name] = seat.timeouts
            if seat.hands_sat_out:
                table.hands_sat_out[name] = seat.hands_sat_out
        async with self.db.read() as tx:
            table.seed = await tx.current_server_seed(gt.id)
        stored = await self.db.query(Transaction.current_hand, gt.id)
        if stored is not None:
            record = load_record(stored.record)
            hand: RuntimeHand = replay_record(record)  # type: ignore[assignment]
            table.record, table.hand = record, hand
            table.hand_id, table.hand_no = stored.id, stored.hand_no
            table.deadline = stored.turn_deadline
            # What the players could see was shown to them before the restart.
            for name in hand.names:
                seen = table.rules.visible(hand, name)
                if seen is not None:
                    table.delivered[name] = seen
        if keep:
            self.tables[gt.id] = table
        return table

    async def stored_state(self, gt: GameTable) -> PublicState:
        """A table's public state from storage alone, for a reader beside the process that
        runs it (the web pages' own process, docs/web.md): the table is loaded apart, never
        kept, armed nor changed."""
        return await self.full_state(await self._load(gt, keep=False))

    @contextlib.asynccontextmanager
    async def _write(self, table: Table, one_statement: bool = False) -> AsyncIterator[Transaction]:
        """One write transaction, the table's lease stated in it; if it fails, the table is
        reloaded from the database so the in-memory session never runs ahead of what was
        stored. ``one_statement``: the block writes with one statement, which states the lease
        too (a player's action: one round trip on PostgreSQL, ``tx.as_one_statement``)."""
        try:
            async with self.db.transaction() as tx:
                if one_statement:
                    tx.as_one_statement()
                await self._fence(tx, table)
                yield tx
        except BaseException as exc:
            if not self._on_lease_lost(exc, table):
                await self._reload(table)
            raise

    async def _reload(self, table: Table) -> Table:
        return await self._load(await self.db.query(Transaction.get_table, table.id))

    # ------------------------------------------------------------------ timers

    def _call_at(self, when: float, callback: Callable[[], Awaitable[None]]) -> Timer:
        """The clock's timer at ``when``; once it fires, ``callback`` runs in a task of the
        manager's own, which :meth:`aclose` cancels and waits for (nothing fires once the
        manager is closed). The timer waits for the task, as the clock waits for a callback."""

        async def fire() -> None:
            if self._closed:
                return
            task: asyncio.Task[None] = asyncio.ensure_future(callback())
            self._firing.add(task)
            task.add_done_callback(self._firing.discard)
            try:
                await asyncio.wait({task})
            except asyncio.CancelledError:
                task.cancel()
                raise
            if not task.cancelled():
                task.result()  # a failure reaches the clock, which logs it

        return self.clock.call_at(when, fire)

    def _arm(self, table: Table) -> None:
        """(Re-)arm the table's timer: the turn timer from the stored deadline while a hand
        is played, else the pending deal. An overdue one fires at once."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.paused or self._closed:
            return  # nobody can see the table: nothing happens until its server is back
        hand = table.hand
        if hand is not None and not hand.finished:
            if table.deadline is None or table.hand_id is None:
                return
            hand_id, count = table.hand_id, len(table.record.actions) if table.record else 0

            async def fire() -> None:
                await self._on_timeout(table.id, hand_id, count)

            table.timer = self._call_at(table.deadline, fire)
        elif table.choice is not None:
            deadline = table.choice.deadline

            async def due() -> None:
                await self._on_choice_due(table.id, deadline)

            table.timer = self._call_at(deadline, due)
        elif table.next_deal_at is not None:
            at = table.next_deal_at

            async def deal() -> None:
                await self._on_deal_due(table.id, at)

            table.timer = self._call_at(at, deal)

    def _deadline_for(self, table: Table, hand: RuntimeHand | None = None) -> float | None:
        hand = hand if hand is not None else table.hand
        if hand is None or hand.finished or hand.to_act is None:
            return None
        if is_house(int(hand.to_act)):
            pause = self.house_pause
            if pause is None:  # the house player decides now and thinks as long as it needs
                return self.clock.now() + self._house_turn(table, hand)
            return self.clock.now() + (pause() if callable(pause) else pause)
        if hand.to_act in table.sitting_out or hand.to_act in table.departed:
            return self.clock.now()
        return self.clock.now() + table.settings.turn_timeout

    async def aclose(self, grace: float = CLOSE_GRACE) -> None:
        """Stop running the tables (a clean shutdown): no timer is armed or fires from now
        on; at each table an action in progress may commit (its lock is waited for, at most
        ``grace`` seconds, then kept: no request changes the table any more) and its timer
        is cancelled; the timer callbacks still running (a timeout, a house player's move,
        a pending deal, the lease keeper) are cancelled and waited for; the leases are given
        up. The tables stay stored as they are (a restart resumes them). Idempotent."""
        self._closed = True
        async with self._close_lock:
            if self._closed_down:
                return
            if self._keeper is not None:
                self._keeper.cancel()
                self._keeper = None
            for table in list(self.tables.values()):
                try:
                    await asyncio.wait_for(table.lock.acquire(), grace)
                except TimeoutError:
                    log.warning("table %s was still busy at shutdown", table.id)
                if table.timer is not None:
                    table.timer.cancel()
                    table.timer = None
            firing = [t for t in self._firing if t is not asyncio.current_task()]
            for task in firing:
                task.cancel()
            await asyncio.gather(*firing, return_exceptions=True)
            try:
                await self.release_leases()
            except Exception:
                log.warning("could not release the table leases", exc_info=True)
            self._closed_down = True

    async def _safe(self, coro: Any) -> Any:
        try:
            return await coro
        except Exception:
            log.exception("presenter failed")
            return None

    async def _say(self, table: Table, said: Message, data: dict[str, Any]) -> None:
        await self._safe(self.presenter.announce(table.id, said, data))

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
            raise TableError("refuse-unknown-game", games=", ".join(GAMES), game=game)
        try:
            settings = Settings.from_options(game, dict(options or {}))
            check_practice(settings)
            gt = await self.db.write(
                Transaction.create_table,
                guild_id,
                channel_id,
                game,
                creator_id,
                options=settings.to_options(),
            )
            async with self.db.transaction() as tx:
                await self._claim(tx, gt.id)
                await self.fair.ensure_seed(tx, gt.id)
        except (StorageError, GameError) as exc:
            raise player_error(exc) from exc
        table = await self._load(gt)
        await self._say(
            table, Message.of("log-table-open", game=game, user=creator_id), {"creator": creator_id}
        )
        await self._publish(table)
        return table.id

    async def table_in_channel(self, channel_id: int) -> int | None:
        gt = await self.db.query(Transaction.table_in_channel, channel_id)
        return None if gt is None else gt.id

    async def status(self, table_id: int) -> PublicState:
        """The table's public state, seats before the first deal included."""
        return await self.full_state(self._table(table_id))

    async def my_cards(
        self, table_id: int, user_id: int, *, hand_id: int | None = None
    ) -> dict[str, Any]:
        """The player's own cards (only for him): ``{"cards", "retourne", "hand_id",
        "hand_no", "ended"}``.

        In the hand being played when he is dealt in (Brag: only once he has looked; a blind
        player is refused, looking is an action). Otherwise, or with ``hand_id`` (a finished
        hand of this table), his cards of the last hand he was dealt into, now over: then
        ``ended`` is True and ``said`` words it (``dm-cards-ended``). A blind hand kept for
        the next deal is never shown, not even to its owner.
        """
        table = self._table(table_id)
        hand = table.hand
        name = str(user_id)
        playing = hand is not None and not hand.finished
        if hand_id is None and hand is not None and playing and name in hand.index:
            mine = table.rules.my_cards(hand, name)
            table.undelivered.discard(user_id)
            return {**mine, "hand_id": table.hand_id, "hand_no": table.hand_no, "ended": False}
        if hand_id is not None:
            try:
                stored = await self.db.query(Transaction.get_hand, hand_id)
            except StorageError as exc:
                raise player_error(exc) from exc
            if stored.table_id != table.id or stored.status != "finished":
                raise TableError("refuse-no-hand")
        else:
            last = await self.db.query(
                Transaction.hand_history, table.guild_id, table_id=table.id, limit=1
            )
            if not last:
                raise TableError("refuse-not-in-hand" if playing else "refuse-no-hand")
            stored = last[0]
        try:
            after = after_hand(load_record(stored.record))
        except (GameError, KeyError, TypeError, ValueError) as exc:
            raise TableError("refuse-no-hand") from exc
        if name not in after.dealt:
            raise TableError("refuse-not-in-hand")
        if name not in after.cards:
            raise TableError("refuse-kept-blind")
        cards, retourne = after.cards[name]
        table.undelivered.discard(user_id)
        return {
            "cards": cards,
            "retourne": retourne,
            "hand_id": stored.id,
            "hand_no": stored.hand_no,
            "ended": True,
            "said": Message.of("dm-cards-ended", hand=stored.hand_no),
        }

    async def _present(self, table: Table, steps: list[Step]) -> None:
        """Tell the presenter what a committed change did, in order; then deliver the
        cards, arm the timer and publish the table."""
        for step in steps:
            if isinstance(step, Finished):
                await self._announce_end(table, step)
                await self._deliver_after(table, step)
            elif isinstance(step, Dealt):
                order = [int(n) for n in step.hand.names]
                await self._say(
                    table,
                    Message.of("log-dealt", hand=step.hand_no),
                    {"hand_id": step.hand_id, "players": order, "dealer": order[-1]},
                )
                for said, data in table.rules.opening_notes(step.hand):
                    await self._say(table, said, data)
            elif isinstance(step, SeedRevealed):
                await self._announce_seed(table, step.revealed)
            elif isinstance(step, Said):
                await self._say(table, step.said, {"choice": True})
            elif isinstance(step, TournamentNews):
                await self.tournaments.tell(step)
            elif isinstance(step, Scheduled):
                await self._say(
                    table,
                    Message.of("log-next-hand", n=math.ceil(table.settings.next_hand_delay)),
                    {"next_hand_at": step.at},
                )
            else:
                await self._say(
                    table,
                    Message.of("log-game-over", n=step.hands),
                    {"game_over": True, "hands": step.hands},
                )
        await self._deliver(table)
        self._arm(table)
        await self._publish(table)

    def engine_options(self, table_id: int) -> Options:
        """A table's parsed rules options (``BrelanOptions`` or ``BragOptions``)."""
        table = self._table(table_id)
        return parse_options(table.game, table.settings.rules)
