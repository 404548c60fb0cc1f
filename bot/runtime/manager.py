"""The table runtime: tables of Brelan, Bouillotte and Brag between the rules engine and a
presenter.

Each :class:`Table` has one lock; every request (join, leave, start, act, close, a timer
firing) takes it, changes the engine state in memory, then writes everything in **one**
storage transaction (the hand record with the new action, the chip movements, the session
state in the table options). If the transaction fails, the table is reloaded from the
database, so memory never drifts from what is stored. Engine player names are
``str(user_id)``.

What differs between games (dealing, what is public, which cards a player may see, the
automatic action, the showdown report, statistics) is in :mod:`bot.runtime.games`; what a
table keeps between hands is a :class:`~bot.runtime.seating.Seating`.

``public_state(table)``::

    {"table_id", "game", "started",
     "seats": [{"seat", "user", "stack", "sitting_out", "leaving", "dealer", "reserve"}],
     "queue": [user ids], "carried": chips on the table for the next deal,
     "next_hand_at": unix time of a pending deal (``next_hand_delay``) or None,
     "game_over": Brelan's agreed number of hands is played,
     "hand": None | {"id", "no", ...the game's public view..., "legal", "deadline"}}

The Brelan/Bouillotte public view is ``BrelanHand.public_view()``; Brag's is described in
:mod:`bot.runtime.games`, with its showdown data.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import random
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Any

from bot.games.base import Action, Amount
from bot.games.cards import Shuffler
from bot.games.errors import GameError, IllegalAction
from bot.games.options import Options, parse_options
from bot.games.replay import load_record, replay_record, start_hand
from bot.i18n.message import Message
from bot.runtime.clock import Clock, RealClock, Timer
from bot.runtime.closing import ClosingRequests, HandExport
from bot.runtime.dealers_choice import ChoiceRequests
from bot.runtime.errors import TableError, illegal_move, player_error
from bot.runtime.fair_requests import FairRequests
from bot.runtime.fairness import Fairness
from bot.runtime.games import (
    AUTO_VERBS,
    GAMES,
    RuntimeHand,
    auto_verb,
    event_message,
)
from bot.runtime.hand_end import AfterHand, after_hand
from bot.runtime.house_requests import HouseRequests
from bot.runtime.house_seats import (
    HOUSE_PAUSE,
    is_house,
    members_present,
)
from bot.runtime.leasing import DEFAULT_LEASE_TTL, Leasing
from bot.runtime.lifecycle import PAUSED, LifecycleRequests, TableGone
from bot.runtime.presenter import Presenter
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
    GameOver,
    Note,
    Said,
    Scheduled,
    SeedRevealed,
    Step,
    Table,
)
from bot.storage import Database, StorageError
from bot.storage.models import GameTable
from bot.storage.transaction import Transaction

__all__ = [
    "ALREADY_PLAYED",
    "AUTO_VERBS",
    "DEFAULT_SIT_OUT_HANDS",
    "DEFAULT_TURN_TIMEOUT",
    "GAMES",
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

#: A turn timer that fires this many seconds after its deadline means the bot lagged: the
#: player is given a fresh turn instead of timing out (docs/architecture.md).
LAG_GRACE = 5.0

#: A click on a button of a hand that is over (the runtime's refusal and the buttons' own
#: check, bot/ui/views.py, say it alike).
STALE_BUTTON = Message.of("refuse-stale-button")
ALREADY_PLAYED = Message.of("refuse-already-played")
#: Someone other than the player to act plays: the key of the refusal, which names him
#: (``TableError(NOT_YOUR_TURN, w=hand.to_act)``).
NOT_YOUR_TURN = "ui-it-not-your-turn-speak"


class TableManager(
    SeatRequests,
    ClosingRequests,
    ChoiceRequests,
    FairRequests,
    HouseRequests,
    LifecycleRequests,
    Leasing,
    Publishing,
    Resuming,
):
    """Owns the database, the clock, the presenter and the tables.

    Decks are dealt by the fair scheme (:mod:`bot.runtime.fairness`) unless a test gives a
    ``shuffler_factory`` (seeded decks that bypass it); ``server_seeds`` draws server seeds.

    ``shards``: the tables this process runs (those of its shards' guilds). ``lease_owner``:
    this process's name in the table leases, when several processes share the database
    (:mod:`bot.runtime.leasing`).
    """

    def __init__(
        self,
        db: Database,
        presenter: Presenter,
        *,
        clock: Clock | None = None,
        shuffler_factory: Callable[[int], Shuffler] | None = None,
        house_pause: float | Callable[[], float] = HOUSE_PAUSE,
        house_rng: Callable[[], random.Random] | None = None,
        server_seeds: Callable[[int], str] | None = None,
        client_seeds: Callable[[int], str] | None = None,
        shards: ShardSet | None = None,
        lease_owner: str | None = None,
        lease_ttl: float = DEFAULT_LEASE_TTL,
    ) -> None:
        self.db = db
        self.presenter = presenter
        self.clock: Clock = clock or RealClock()
        self.shuffler_factory = shuffler_factory or (lambda _table_id: Shuffler())
        #: Deal by FAIRNESS.md (every real deal); tests' seeded shufflers bypass it.
        self.fair_dealing = shuffler_factory is None
        self.fair = Fairness(server_seeds, client_seeds)
        #: How long a house player thinks, and where its decisions draw their chances.
        self.house_pause = house_pause
        self.house_rng = house_rng or (lambda: random.Random(secrets.randbits(64)))
        self.tables: dict[int, Table] = {}
        self._shufflers: dict[int, Shuffler] = {}
        self.shards = shards or ShardSet()
        self.lease_owner = lease_owner
        self.lease_ttl = lease_ttl
        self._keeper: Timer | None = None
        #: Guilds unavailable for now (a Discord outage): their tables are paused.
        self.paused_guilds: set[int] = set()

    # ------------------------------------------------------------------ helpers

    def _shuffler(self, table_id: int) -> Shuffler:
        if table_id not in self._shufflers:
            self._shufflers[table_id] = self.shuffler_factory(table_id)
        return self._shufflers[table_id]

    def _table(self, table_id: int, *, broken_ok: bool = False) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.closed:
            raise TableError("refuse-no-such-table")
        if table.needs_attention and not broken_ok:
            raise TableError(NEEDS_ATTENTION)
        if table.paused:
            raise TableError(PAUSED)
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
        stored = await self.db.current_hand(gt.id)
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
        self.tables[gt.id] = table
        return table

    @contextlib.asynccontextmanager
    async def _write(self, table: Table) -> AsyncIterator[Transaction]:
        """One write transaction; if it fails, the table is reloaded from the database so
        the in-memory session never runs ahead of what was stored."""
        try:
            async with self.db.transaction() as tx:
                await self._fence(tx, table)
                yield tx
        except BaseException as exc:
            if not self._on_lease_lost(exc, table):
                await self._reload(table)
            raise

    async def _reload(self, table: Table) -> Table:
        return await self._load(await self.db.get_table(table.id))

    def _arm(self, table: Table) -> None:
        """(Re-)arm the table's timer: the turn timer from the stored deadline while a hand
        is played, else the pending deal. An overdue one fires at once."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.paused:
            return  # nobody can see the table: nothing happens until its server is back
        hand = table.hand
        if hand is not None and not hand.finished:
            if table.deadline is None or table.hand_id is None:
                return
            hand_id, count = table.hand_id, len(table.record.actions) if table.record else 0

            async def fire() -> None:
                await self._on_timeout(table.id, hand_id, count)

            table.timer = self.clock.call_at(table.deadline, fire)
        elif table.choice is not None:
            deadline = table.choice.deadline

            async def due() -> None:
                await self._on_choice_due(table.id, deadline)

            table.timer = self.clock.call_at(deadline, due)
        elif table.next_deal_at is not None:
            at = table.next_deal_at

            async def deal() -> None:
                await self._on_deal_due(table.id, at)

            table.timer = self.clock.call_at(at, deal)

    def _deadline_for(self, table: Table, hand: RuntimeHand | None = None) -> float | None:
        hand = hand if hand is not None else table.hand
        if hand is None or hand.finished or hand.to_act is None:
            return None
        if is_house(int(hand.to_act)):
            pause = self.house_pause
            return self.clock.now() + (pause() if callable(pause) else pause)
        if hand.to_act in table.sitting_out or hand.to_act in table.departed:
            return self.clock.now()
        return self.clock.now() + table.settings.turn_timeout

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
            gt = await self.db.create_table(
                guild_id, channel_id, game, creator_id, options=settings.to_options()
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
        gt = await self.db.table_in_channel(channel_id)
        return None if gt is None else gt.id

    async def status(self, table_id: int) -> dict[str, Any]:
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
                stored = await self.db.get_hand(hand_id)
            except StorageError as exc:
                raise player_error(exc) from exc
            if stored.table_id != table.id or stored.status != "finished":
                raise TableError("refuse-no-hand")
        else:
            last = await self.db.hand_history(table.guild_id, table_id=table.id, limit=1)
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

    async def start(self, table_id: int, by: int | None = None, *, manager: bool = False) -> int:
        """Draw for seats (first time) and deal; returns the new hand's id.

        Only at the request of a seated player, the table's creator or a server manager
        (``manager``; ``by=None`` is the bot itself). The pause before an automatic deal
        (``next_hand_delay``) holds: during it the request is refused.
        """
        table = self._table(table_id)
        async with table.lock:
            self._table(table_id)
            if table.playing():
                raise TableError("refuse-hand-in-play")
            if table.choice is not None:
                raise TableError("refuse-choice-pending", user=int(table.choice.dealer))
            if (
                by is not None
                and not manager
                and by != table.creator_id
                and await self.db.get_seat(table.id, by) is None
            ):
                raise TableError("refuse-deal-who")
            if table.next_deal_at is not None:
                wait = max(1, math.ceil(table.next_deal_at - self.clock.now()))
                raise TableError("refuse-deal-wait", n=wait)
            try:
                if table.session is None:
                    seats = await self.db.seats(table.id)
                    if len(seats) < 2:
                        raise TableError("refuse-two-seated")
                    queue = [str(e.user_id) for e in await self.db.queue(table.id)]
                    table.session = table.rules.start_seating(
                        table.settings,
                        [(str(s.user_id), s.stack) for s in seats],
                        queue,
                        self._shuffler(table.id),
                    )
                if table.session.game_over():
                    raise TableError("refuse-game-over")
                dealt = await self._maybe_deal(table, force=True)
                if dealt is None:
                    raise TableError("refuse-two-present")
            except (StorageError, GameError) as exc:
                await self._reload(table)
                raise player_error(exc) from exc
            return dealt

    # ------------------------------------------------------------------ dealing

    async def _maybe_deal(self, table: Table, force: bool = False) -> int | None:
        """Deal the next hand if none is being played and enough players are in; returns
        the id of the hand dealt, if any.

        Without ``force`` (a player sat down or came back) it follows the table's policy:
        nothing without ``auto_deal`` or while a deal is pending; with ``next_hand_delay``
        the deal is scheduled instead. ``force`` (start, the pending deal's timer) deals
        at once and clears a pending deal.
        """
        session = table.session
        if session is None or table.playing() or table.closing or table.choice is not None:
            return None
        if not force:
            if not table.settings.auto_deal or table.next_deal_at is not None:
                return None
            if table.settings.next_hand_delay > 0:
                if self._can_deal(table):
                    table.next_deal_at = self.clock.now() + table.settings.next_hand_delay
                    async with self._write(table) as tx:
                        await tx.update_table(table.id, options=table.options())
                    await self._present(table, [Scheduled(table.next_deal_at)])
                return None
        steps: list[Step] = []
        async with self._write(table) as tx:
            await self._deal_chain_in(tx, table, steps)
            dealt = any(isinstance(s, Dealt) for s in steps)
            await tx.update_table(
                table.id, status="playing" if dealt else None, options=table.options()
            )
        if steps:
            await self._present(table, steps)
        else:
            self._arm(table)
        ids = [s.hand_id for s in steps if isinstance(s, Dealt)]
        return ids[-1] if ids else None

    async def _on_deal_due(self, table_id: int, at: float) -> None:
        """The pending deal's time has come (a stale timer does nothing)."""
        table = self.tables.get(table_id)
        if table is None or table.closed:
            return
        async with table.lock:
            if table.closed or table.paused or table.next_deal_at != at or table.playing():
                return
            await self._maybe_deal(table, force=True)

    async def _deal_in(self, tx: Transaction, table: Table) -> bool:
        """Deal the next hand in the transaction; False (and no hand) if it cannot be.

        The table shows the new hand only once it is stored, so a reader between two
        awaits never sees a hand without its id, nor a table with neither hand nor deal."""
        session = table.session
        record = None
        fair = None
        if session is not None and members_present(session.seated(), table.sitting_out):
            # house players never play among themselves
            if self.fair_dealing:
                fair = await self.fair.shuffler(tx, table)
            record = session.next_record(table.sitting_out, fair or self._shuffler(table.id))
        if record is None:
            table.next_deal_at = None
            table.hand = table.record = None
            table.hand_id = table.deadline = None
            table.delivered = {}
            return False
        if fair is not None:
            await self.fair.dealt(tx, table, record, fair)
        if table.last_choice is not None:  # the dealer's choice made before this deal
            record.extra["choice"] = table.last_choice
            table.last_choice = None
        hand: RuntimeHand = start_hand(record)  # type: ignore[assignment]
        deadline = self._deadline_for(table, hand)
        stored = await tx.create_hand(table.id, record.to_json(), turn_deadline=deadline)
        table.next_deal_at = None
        table.record, table.hand, table.deadline, table.delivered = record, hand, deadline, {}
        table.hand_id, table.hand_no = stored.id, stored.hand_no
        return True

    async def _deal_chain_in(self, tx: Transaction, table: Table, steps: list[Step]) -> None:
        """Deal now; a hand that ends at its deal (Brag's face-up kept hand that nobody can
        beat) is finished at once and play goes on by the table's policy."""
        while await self._deal_in(tx, table):
            assert table.hand is not None and table.hand_id is not None
            steps.append(Dealt(table.hand, table.hand_id, table.hand_no))
            steps.extend(SeedRevealed(r) for r in await self.fair.reveal_ready(tx, table))
            if not table.hand.finished:
                return
            if not await self._conclude_in(tx, table, steps):
                return

    async def _conclude_in(self, tx: Transaction, table: Table, steps: list[Step]) -> bool:
        """The hand just finished: settle it, then stop, schedule the next deal, or (when the
        caller should deal at once) return True."""
        steps.append(await self._finish_in(tx, table))
        session = table.session
        assert session is not None
        if table.closing:
            return False
        if self.fair.due(table, table.settings.reseed_every):
            await self.fair.retire(tx, table)
        steps.extend(SeedRevealed(r) for r in await self.fair.reveal_ready(tx, table))
        if self.choice_due(table) and not session.game_over():
            steps.append(Said(self.offer_choice(table)))
            if table.choice is not None:
                return False  # no deal until the dealer has chosen
        if session.game_over():
            assert isinstance(table.settings.max_hands, int)
            steps.append(GameOver(table.settings.max_hands))
            return False
        if not table.settings.auto_deal:
            return False
        if table.settings.next_hand_delay > 0:
            if self._can_deal(table):
                table.next_deal_at = self.clock.now() + table.settings.next_hand_delay
                steps.append(Scheduled(table.next_deal_at))
            return False
        return True

    @staticmethod
    def _can_deal(table: Table) -> bool:
        """Enough players for a hand, a member among them."""
        session = table.session
        return (
            session is not None
            and session.can_deal(table.sitting_out)
            and members_present(session.seated(), table.sitting_out) > 0
        )

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
            elif isinstance(step, Scheduled):
                await self._say(
                    table,
                    Message.of("log-next-hand", n=round(table.settings.next_hand_delay)),
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

    # ------------------------------------------------------------------ acting

    async def act(
        self,
        table_id: int,
        user_id: int,
        verb: str,
        amount: Amount = None,
        hand_id: int | None = None,
        index: int | None = None,
    ) -> None:
        """Play one action for the player; refused (changing nothing) if not legal.

        ``index`` (a button's): the number of moves played when it was drawn; a click for a
        move already played is refused, even when the turn came back to the same player.

        Brag: ``look`` is an action like the others; the cards he may now see are
        delivered to him privately.
        """
        table = self._table(table_id)
        async with table.lock:
            self._table(table_id)
            if hand_id is not None and hand_id != table.hand_id:
                raise TableError(STALE_BUTTON)
            if (
                index is not None
                and table.record is not None
                and index != len(table.record.actions)
            ):
                raise TableError(ALREADY_PLAYED)
            hand = table.hand
            name = str(user_id)
            if hand is None or hand.finished:
                raise TableError("refuse-no-hand")
            if name not in hand.index:
                raise TableError("refuse-not-in-hand")
            if hand.to_act != name:
                raise TableError(NOT_YOUR_TURN, w=hand.to_act)
            await self._apply(table, name, verb, amount, timed_out=False)

    async def _on_timeout(self, table_id: int, hand_id: int, count: int) -> None:
        table = self.tables.get(table_id)
        if table is None or table.closed:
            return
        async with table.lock:
            hand = table.hand
            if (
                table.closed
                or table.paused
                or table.hand_id != hand_id
                or hand is None
                or hand.finished
                or table.record is None
                or len(table.record.actions) != count
                or hand.to_act is None
            ):
                return  # stale timer
            name = hand.to_act
            if is_house(int(name)):
                await self._house_plays(table, name)
                return
            if name in table.departed:  # he left the server: never waited for
                await self._departed_plays(table, name)
                return
            late = self.clock.now() - (table.deadline or self.clock.now())
            if late > LAG_GRACE and table.lag_forgiven != (hand_id, count):
                # the bot lagged (a blocked loop, a slow disk): the player's time was eaten
                # by us, not by him. He gets a fresh turn, once, and no timeout is counted.
                log.warning("table %s: timer fired %.1f s late; a fresh turn", table.id, late)
                table.lag_forgiven = (hand_id, count)
                table.deadline = self._deadline_for(table)
                async with self._write(table) as tx:
                    await tx.save_hand(
                        hand_id, table.record.to_json(), turn_deadline=table.deadline
                    )
                self._arm(table)
                await self._publish(table)
                return
            verb, amount = table.rules.auto_action(hand)
            await self._say(
                table,
                Message.of("log-timeout", user=int(name), verb=Message.of(f"verb-{verb}")),
                {"user": int(name), "verb": verb, "timeout": True},
            )
            await self._apply(table, name, verb, amount, timed_out=True)

    async def _apply(
        self, table: Table, name: str, verb: str, amount: Amount, timed_out: bool
    ) -> None:
        hand, record = table.hand, table.record
        assert hand is not None and record is not None and table.hand_id is not None
        try:
            events = hand.act(name, verb, amount)
        except IllegalAction as exc:
            raise illegal_move(hand.legal_actions(), verb, amount) from exc
        action = Action(name, verb, amount)
        record.actions.append(action)
        hand_id = table.hand_id
        # the amount only when it is chips: a discard's cards are private
        shown = amount if isinstance(amount, int) else None
        log.debug("table %s hand %s: %s plays %s %s", table.id, hand_id, name, verb, shown)
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
        table.deadline = self._deadline_for(table)
        steps: list[Step] = []
        async with self._write(table) as tx:
            await tx.append_action(
                hand_id,
                action.to_json(),
                turn_deadline=table.deadline,
                expected_count=len(record.actions) - 1,
            )
            leaving = table.session.leaving() if table.session else set()
            if seat_changes and name not in leaving:
                await tx.update_seat(table.id, user, **seat_changes)
            if hand.finished and await self._conclude_in(tx, table, steps):
                await self._deal_chain_in(tx, table, steps)
            if hand.finished:
                await tx.update_table(table.id, options=table.options())
        for said, data in table.rules.narrate(events):
            await self._say(table, said, data)
        await self._present(table, steps)
        if table.closing and not table.playing():
            await self._close_now(table)

    async def _finish_in(self, tx: Transaction, table: Table) -> Finished:
        """The hand is over: stacks, pot, jar, stats; then the session's end-of-hand rules
        (players cleaned out or leaving go home, the line fills the seats)."""
        hand, record, session = table.hand, table.record, table.session
        assert hand is not None and record is not None and session is not None
        assert table.hand_id is not None
        new_stacks = hand.stacks()
        await tx.finish_hand(
            table.hand_id,
            hand.summary(),
            {int(n): s + session.reserve(n) for n, s in new_stacks.items()},
            flambeau=table.rules.flambeau(hand),
            pot=hand.carried,
        )
        await tx.record_hand_stats(table.guild_id, table.rules.stats(hand, record))
        try:
            ended = after_hand(record, hand)
        except Exception:  # never let the bookkeeping stop a hand from ending
            log.exception("table %s: the end of hand %s could not be read", table.id, table.hand_no)
            ended = AfterHand(tuple(hand.names))
        before = {p.name: p.stack for p in record.players}
        await tx.record_hand_flows(
            table.guild_id,
            table.hand_id,
            {int(n): s - before[n] for n, s in new_stacks.items() if n in before},
            {int(n): json.dumps(facts, sort_keys=True) for n, facts in ended.strong.items()},
        )
        notes: list[Note] = []
        # sitting out: count the hands missed, unseat after too many
        for n in session.seated():
            if n in table.sitting_out and n not in hand.index:
                missed = table.hands_sat_out.get(n, 0) + 1
                table.hands_sat_out[n] = missed
                if missed >= table.settings.sit_out_hands:
                    session.leave_after_hand(n)
                    notes.append((Message.of("log-sat-out-leaves", user=int(n)), {"user": int(n)}))
                else:
                    await tx.update_seat(table.id, int(n), hands_sat_out=missed)
        seated_before = set(session.seated())
        events = session.end_of_hand(hand)
        after = set(session.seated())
        for n in sorted(seated_before - after):
            out = await tx.cash_out(table.id, int(n))
            table.sitting_out.discard(n)
            table.timeouts.pop(n, None)
            table.hands_sat_out.pop(n, None)
            notes.append((Message.of("log-leaves", user=int(n), n=out.amount), {"user": int(n)}))
        table.departed &= after  # a player who left the server has gone home now
        for n in sorted(after - seated_before):
            uid = int(n)
            await tx.leave_queue(table.id, uid)
            cave = session.stack(n)
            if await tx.balance(table.guild_id, uid) < cave:
                session.remove(n)
                notes.append((Message.of("log-cannot-pay-cave", user=uid), {"user": uid}))
                continue
            await tx.seat(table.id, uid, buy_in=cave)
            await self.fair.seat_seed(tx, table.id, uid)
            notes.append((Message.of("log-takes-seat", user=uid, n=cave), {"user": uid}))
        for event in events:
            notes.append((event_message(event, table.game), event.to_json()))
        finished = Finished(hand, table.hand_no, notes, ended)
        table.hand = table.record = None
        table.hand_id = None
        table.deadline = None
        table.delivered = {}
        return finished

    async def _announce_end(self, table: Table, step: Finished) -> None:
        report = table.rules.end_report(step.hand, step.hand_no)
        if report.showdown is not None:
            await self._safe(self.presenter.showdown(table.id, report.showdown))
        else:
            await self._say(table, report.said, report.data)
        for said, data in step.notes:
            await self._say(table, said, data)

    def engine_options(self, table_id: int) -> Options:
        """A table's parsed rules options (``BrelanOptions`` or ``BragOptions``)."""
        table = self._table(table_id)
        return parse_options(table.game, table.settings.rules)
