"""A running tournament as its tables play it (a part of the
:class:`~bot.runtime.tournaments.TournamentDirector`).

- **A hand ends** at a tournament table (:meth:`TournamentPlay.hand_over_in`, in the hand's
  own transaction, under the table's lock): the hand is counted for the levels, and every
  player the hand left with no chip is out: his seat is freed and his place recorded
  (:func:`bot.games.prizes.bust_places`). The table deals no next hand on its own; once the
  hand is stored the director is told (:meth:`TournamentPlay.tell`) and takes a step.
- **A step** (:meth:`TournamentPlay.advance`, under the tournament's lock, then every live
  table's lock in the order of their ids: no deadlock) looks at all the tables at once:
  it finishes the tournament when one entrant is left (or only house players), else breaks
  and balances tables (:func:`bot.runtime.balancing.plan`) and sets each table between hands
  to the level in play, all in **one** storage transaction; then it deals at every table
  between hands. A step can be taken again at any time (after a restart too): it does what
  the stored state asks, nothing twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.games.base import HandRecord
from bot.games.options import BragOptions, BrelanOptions, parse_options
from bot.games.prizes import bust_places, prizes
from bot.i18n.message import Message
from bot.runtime.balancing import Plan, TableLoad, plan
from bot.runtime.house_seats import is_house
from bot.runtime.public import TournamentTableView, stakes_view
from bot.runtime.seating import BragSeating, BrelanSeating, PlainSeating
from bot.runtime.table import Finished, Note, Step, Table, TournamentNews
from bot.runtime.tournament_events import (
    Busted,
    FinalTable,
    LevelUp,
    PlayerMoved,
    Results,
    Standing,
    TableBroken,
    TournamentEvent,
)
from bot.runtime.tournament_spec import TournamentSpec, level_rules
from bot.storage import Transaction
from bot.storage.tournaments import Entrant, Tournament

if TYPE_CHECKING:
    from bot.runtime.fairness import Revealed
    from bot.runtime.tournament_events import TournamentPresenter
    from bot.runtime.tournament_host import TournamentHost

log = logging.getLogger(__name__)

#: Seconds before a step that failed is taken again.
RETRY_AFTER = 5.0


def spec_of(tournament: Tournament) -> TournamentSpec:
    return TournamentSpec.from_json(tournament.options)


def share_out(pot: int, names: Sequence[str]) -> dict[str, int]:
    """A broken table's carried pot shared among its players: equal shares, the odd chips
    to the first in seat order (as a closing table shares it).

    >>> share_out(7, ["a", "b", "c"])
    {'a': 3, 'b': 2, 'c': 2}
    """
    if not names:
        return {}
    share, odd = divmod(pot, len(names))
    return {n: share + (1 if i < odd else 0) for i, n in enumerate(names)}


def level_note(spec: TournamentSpec, level: int) -> Note:
    """The table's log line of a level it now plays."""
    stakes = spec.schedule.levels[level].options()
    if "max_bet" in stakes:
        said = Message.of(
            "log-tournament-level-limits",
            level=level + 1,
            ante=stakes["ante"],
            low=stakes["min_bet"],
            high=stakes["max_bet"],
        )
    else:
        said = Message.of("log-tournament-level", level=level + 1, ante=stakes["ante"])
    return said, {"level": level + 1, **stakes}


class TournamentPlay:
    """The tournament at its tables (mixed into the director)."""

    if TYPE_CHECKING:
        m: TournamentHost
        presenter: TournamentPresenter
        _cache: dict[int, Tournament]
        _left: dict[int, int]
        _poked: set[int]

        def _lock(self, tournament_id: int) -> asyncio.Lock: ...
        async def _refresh(self, tournament_id: int) -> Tournament | None: ...
        async def _tell(self, tournament_id: int, events: Sequence[TournamentEvent]) -> None: ...

    # ------------------------------------------------------------------ levels

    def level_now(self, tournament: Tournament) -> int:
        """The index of the level in play: by hands at the busiest table, or by time."""
        state = tournament.state
        hands = max((int(n) for n in state.get("hands", {}).values()), default=0)
        started = float(state.get("started", self.m.clock.now()))
        return spec_of(tournament).schedule.level_at(
            hands=hands, seconds=self.m.clock.now() - started
        )

    def over(self, tournament: Tournament) -> bool:
        """Whether the tournament's last level has lasted its span
        (:meth:`~bot.games.levels.Schedule.over`): it ends by stacks."""
        state = tournament.state
        hands = max((int(n) for n in state.get("hands", {}).values()), default=0)
        started = float(state.get("started", self.m.clock.now()))
        return spec_of(tournament).schedule.over(hands=hands, seconds=self.m.clock.now() - started)

    def table_view(self, table: Table) -> TournamentTableView | None:
        """What a tournament table's public state says of its tournament."""
        link = table.tournament
        tournament = self._cache.get(link.id) if link is not None else None
        if link is None or tournament is None:
            return None
        spec = spec_of(tournament)
        state = tournament.state
        hands = max((int(n) for n in state.get("hands", {}).values()), default=0)
        started = float(state.get("started", self.m.clock.now()))
        return {
            "id": link.id,
            "no": link.no,
            "level": link.level + 1,
            "stakes": stakes_view(spec.schedule.levels[link.level].options()),
            "hands_left": spec.schedule.hands_left(hands=hands),
            "next_level_at": spec.schedule.next_level_at(
                started_at=started, now=self.m.clock.now()
            ),
            "final": bool(state.get("final")),
            "left": self._left.get(link.id, 0),
        }

    def _restake(self, table: Table, spec: TournamentSpec, level: int) -> None:
        """Set a table between hands to a level's stakes (its settings and its seating)."""
        assert table.tournament is not None
        rules = {**table.settings.rules, **level_rules(spec.game, spec, level)}
        table.settings = replace(table.settings, rules=rules)
        seating = table.session
        options = parse_options(spec.game, rules)
        if isinstance(seating, BrelanSeating) and isinstance(options, BrelanOptions):
            seating.core.options = options
        elif isinstance(seating, BragSeating) and isinstance(options, BragOptions):
            seating.core = replace(seating.core, options=options)
        elif isinstance(seating, PlainSeating):
            seating.rules = dict(rules)
        table.tournament = replace(table.tournament, level=level)

    # ------------------------------------------------------------------ a hand ends

    async def hand_over_in(
        self,
        tx: Transaction,
        table: Table,
        record: HandRecord,
        hand_id: int | None,
        steps: list[Step],
    ) -> None:
        """A hand just ended at a tournament table (in its transaction, its lock held):
        count it, free the seats of the players it left with nothing and record their
        places; the news goes to the director once stored."""
        link = table.tournament
        assert link is not None and table.session is not None
        tournament = await tx.get_tournament(link.id)
        if tournament.status != "running":
            return
        state = dict(tournament.state)
        hands = {str(k): int(v) for k, v in state.get("hands", {}).items()}
        hands[str(table.id)] = hands.get(str(table.id), 0) + 1
        state["hands"] = hands
        seated = set(table.session.seated())
        out = [s for s in await tx.seats(table.id) if str(s.user_id) not in seated]
        events: list[TournamentEvent] = []
        if out:
            left = sum(1 for e in await tx.entrants(link.id) if e.place is None)
            start = {p.name: p.stack for p in record.players}
            busted = [(str(s.user_id), start.get(str(s.user_id), 0)) for s in out]
            places = bust_places(busted, left)
            notes = steps[-1].notes if steps and isinstance(steps[-1], Finished) else []
            for name, place in sorted(places.items(), key=lambda p: (-p[1], p[0])):
                user = int(name)
                await tx.drop_entrant(table.id, user)
                await tx.place_entrant(link.id, user, place, hand_id=hand_id)
                for kept in (table.timeouts, table.hands_sat_out):
                    kept.pop(name, None)
                table.sitting_out.discard(name)
                said = Message.of("log-tournament-out", user=user, place=place)
                notes.append((said, {"user": user, "place": place, "tournament": link.id}))
                # told worst place first: still in as it is told, every better place
                events.append(Busted(link.id, user, place, link.no, place - 1))
        await tx.update_tournament(link.id, state=state)
        steps.append(TournamentNews(link.id, events))

    async def tell(self, news: TournamentNews) -> None:
        """A hand's end is stored: announce what it did, then take a step."""
        await self._tell(news.tournament_id, news.events)
        self.poke(news.tournament_id)

    def poke(self, tournament_id: int, delay: float = 0.0) -> None:
        """Take a step in ``delay`` seconds (one waits at a time), in a task of the
        manager's own."""
        if tournament_id in self._poked:
            return
        self._poked.add(tournament_id)

        async def step() -> None:
            self._poked.discard(tournament_id)
            await self.step(tournament_id)

        self.m._call_at(self.m.clock.now() + delay, step)

    # ------------------------------------------------------------------ a step

    async def step(self, tournament_id: int) -> None:
        """Under the tournament's lock: :meth:`advance` (a failure is logged, and the step
        taken again :data:`RETRY_AFTER` seconds later)."""
        async with self._lock(tournament_id):
            try:
                await self.advance(tournament_id)
            except Exception:
                log.exception("tournament %s: a step failed", tournament_id)
                self.poke(tournament_id, RETRY_AFTER)

    @contextlib.asynccontextmanager
    async def _tables_locked(
        self, tournament_id: int, *, every: bool = False
    ) -> AsyncIterator[tuple[dict[int, Table], int]]:
        """The tournament's live tables this process runs, each under its lock, taken in the
        order of the table ids (``every``: paused ones and those held for an admin too);
        and how many live tables storage has."""
        seats = [
            s
            for s in await self.m.db.query(Transaction.tournament_tables, tournament_id)
            if not s.closed
        ]
        async with contextlib.AsyncExitStack() as stack:
            tables: dict[int, Table] = {}
            for seat in sorted(seats, key=lambda s: s.table_id):
                table = await stack.enter_async_context(
                    self.m._locked(seat.table_id, quiet=True, broken_ok=every, paused_ok=every)
                )
                if table is not None:
                    tables[table.id] = table
            yield tables, len(seats)

    @contextlib.asynccontextmanager
    async def _write_all(self, tables: Iterable[Table]) -> AsyncIterator[Transaction]:
        """One write for several tables (each one's lease stated); if it fails, each is
        reloaded from storage, so memory never runs ahead of what was stored."""
        held = list(tables)
        try:
            async with self.m.db.transaction() as tx:
                for table in held:
                    await self.m._fence(tx, table)
                yield tx
        except BaseException as exc:
            for table in held:
                if not self.m._on_lease_lost(exc, table):
                    with contextlib.suppress(Exception):
                        await self.m._reload(table)
            raise

    async def advance(self, tournament_id: int) -> None:
        """Finish, break, balance, raise the stakes, deal (see the module's text); the
        tournament's lock held."""
        async with self._tables_locked(tournament_id) as (tables, live):
            async with self.m.db.read() as tx:  # read once no hand can end meanwhile
                tournament = await tx.get_tournament(tournament_id)
                entrants = await tx.entrants(tournament_id)
            if tournament.status != "running" or len(tables) < live:
                return  # over, or a table is paused or held for an admin: wait for it
            left = [e for e in entrants if e.place is None]
            if len(left) <= 1 or all(is_house(e.user_id) for e in left):
                await self._finish(tournament, tables, entrants)
                return
            spec = spec_of(tournament)
            if self.over(tournament):  # the last level has lasted long enough: by stacks
                if not any(t.playing() for t in tables.values()):
                    await self._finish(tournament, tables, entrants, by_stacks=True)
                return  # each hand in play ends first, and takes a step
            todo = plan([self._load_of(t) for t in tables.values()], spec.seats)
            news, notes, revealed = await self._apply(tournament, spec, tables, todo)
            for table_id, said in notes.items():
                for note in said:
                    await self.m._say(tables[table_id], *note)
            for table_id in todo.broken:
                await self._close(tables.pop(table_id), revealed.get(table_id, []))
            await self._tell(tournament_id, news)
            for table in tables.values():
                await self.m._publish(table)
                if not table.playing():
                    await self.m._maybe_deal(table)

    def _load_of(self, table: Table) -> TableLoad:
        """A table as the balancing plan sees it."""
        assert table.tournament is not None
        session = table.session
        seated = session.seated() if session is not None else []
        order = [n for n in session.next_order() if n in seated] if session is not None else []
        order += [n for n in seated if n not in order]
        busy = set(table.hand.names) if table.playing() and table.hand is not None else set()
        kept = set(session.core.kept) if isinstance(session, BragSeating) else set()
        carried = session.carried if session is not None else 0
        movable = () if carried else tuple(n for n in order if n not in busy and n not in kept)
        idle = not table.playing() and table.choice is None
        return TableLoad(table.id, table.tournament.no, tuple(seated), movable, idle)

    async def _apply(
        self,
        tournament: Tournament,
        spec: TournamentSpec,
        tables: Mapping[int, Table],
        todo: Plan,
    ) -> tuple[list[TournamentEvent], dict[int, list[Note]], dict[int, list[Revealed]]]:
        """The plan's moves and breaks, the level, the final table: one transaction."""
        tid = tournament.id
        news: list[TournamentEvent] = []
        notes: dict[int, list[Note]] = {t: [] for t in tables}
        revealed: dict[int, list[Revealed]] = {}
        state = dict(tournament.state)
        level = self.level_now(tournament)
        changed: set[int] = set()
        async with self._write_all(tables.values()) as tx:
            await tx.get_tournament(tid)  # its writes take turns
            shares: dict[str, int] = {}
            for table_id in todo.broken:
                seated = tables[table_id].session
                names = seated.seated() if seated is not None else []
                shares.update(share_out(await tx.take_pot(table_id), names))
            moved: dict[int, list[tuple[int, int]]] = {}
            for move in todo.moves:
                source, target = tables[move.source], tables[move.target]
                assert source.tournament is not None and target.tournament is not None
                user = int(move.player)
                extra = shares.get(move.player, 0) if move.source in todo.broken else 0
                chips = await tx.move_entrant(tid, source.id, target.id, user, extra=extra)
                await self.m.fair.seat_seed(tx, target.id, user)
                self._move_seat(source, target, move.player, chips)
                changed |= {source.id, target.id}
                src_no, dst_no = source.tournament.no, target.tournament.no
                gone = Message.of("log-tournament-moved-out", user=user, table=dst_no)
                came = Message.of("log-tournament-moved-in", user=user, table=src_no)
                notes[source.id].append((gone, {"user": user}))
                notes[target.id].append((came, {"user": user}))
                moved.setdefault(source.id, []).append((user, dst_no))
                if move.source not in todo.broken:
                    news.append(PlayerMoved(tid, user, source.id, target.id, src_no, dst_no))
            for table_id in todo.broken:
                table = tables[table_id]
                assert table.tournament is not None
                await tx.close_tournament_table(table_id)
                revealed[table_id] = await self.m.fair.close(tx, table_id)
                moves = tuple(moved.get(table_id, ()))
                no = table.tournament.no
                news.append(TableBroken(tid, table_id, no, table.channel_id, moves))
            remaining = [t for t in tables.values() if t.id not in todo.broken]
            for table in remaining:
                assert table.tournament is not None
                if not table.playing() and table.tournament.level != level:
                    self._restake(table, spec, level)
                    changed.add(table.id)
                    notes[table.id].append(level_note(spec, level))
            if level > int(state.get("announced", 0)):
                state["announced"] = level
                news.append(LevelUp(tid, level + 1, spec.schedule.levels[level].options()))
            if len(remaining) == 1 and not state.get("final"):
                state["final"] = True
                final = remaining[0]
                assert final.tournament is not None and final.session is not None
                players = tuple(int(n) for n in final.session.seated())
                no = final.tournament.no
                news.append(FinalTable(tid, final.id, no, final.channel_id, players))
                notes[final.id].append((Message.of("log-tournament-final"), {"final": True}))
            for table_id in sorted(changed - set(todo.broken)):
                await tx.update_table(table_id, options=tables[table_id].options())
            if state != tournament.state:
                await tx.update_tournament(tid, state=state)
        return news, notes, revealed

    @staticmethod
    def _move_seat(source: Table, target: Table, name: str, chips: int) -> None:
        """A seat's move in memory (the storage move is in the same step's transaction)."""
        assert source.session is not None and target.session is not None
        source.session.remove(name)
        target.session.sit(name, chips)
        if name in source.sitting_out:
            source.sitting_out.discard(name)
            target.sitting_out.add(name)
        count = source.timeouts.pop(name, None)
        if count:
            target.timeouts[name] = count
        source.hands_sat_out.pop(name, None)

    async def _close(self, table: Table, revealed: Sequence[Revealed]) -> None:
        """A tournament table closed in storage: stop running it, say so at the table."""
        table.closed = True
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        self.m.tables.pop(table.id, None)
        self.m._shufflers.pop(table.id, None)
        tid = table.tournament.id if table.tournament is not None else None
        await self.m._say(
            table, Message.of("log-closed"), {"cash_outs": {}, "by": None, "tournament": tid}
        )
        for seed in revealed:
            await self.m._announce_seed(table, seed)

    # ------------------------------------------------------------------ the end

    async def _finish(
        self,
        tournament: Tournament,
        tables: dict[int, Table],
        entrants: Sequence[Entrant],
        *,
        by_stacks: bool = False,
    ) -> None:
        """One entrant left (or only house players, or the last level has lasted its span:
        ``by_stacks``): place those left by their chips, pay the prizes, close the tables:
        one transaction, done once."""
        tid = tournament.id
        stacks: dict[int, int] = {}
        async with self.m.db.read() as tx:
            for table_id in tables:
                for seat in await tx.seats(table_id):
                    stacks[seat.user_id] = seat.stack
        left = [e for e in entrants if e.place is None]
        final = bust_places([(str(e.user_id), stacks.get(e.user_id, 0)) for e in left], len(left))
        places = {str(e.user_id): e.place or final[str(e.user_id)] for e in entrants}
        order = dict(sorted(places.items(), key=lambda p: p[1]))
        house = {str(e.user_id) for e in entrants if is_house(e.user_id)}
        spec = spec_of(tournament)
        paid = prizes(tournament.pool, order, spec.shares(len(entrants)), house)
        revealed: dict[int, list[Revealed]] = {}
        async with self._write_all(tables.values()) as tx:
            for entrant in left:
                await tx.place_entrant(tid, entrant.user_id, final[str(entrant.user_id)])
            if not await tx.pay_prizes(tid, {int(n): v for n, v in paid.items()}):
                return
            # the buy-ins that became another member's prize: what moved between members
            await tx.record_prize_flows(
                tournament.guild_id,
                {e.user_id: paid.get(str(e.user_id), 0) - e.buy_in for e in entrants},
            )
            for table_id in tables:
                revealed[table_id] = await self.m.fair.close(tx, table_id)
        for table_id, table in list(tables.items()):
            await self.m._say(table, Message.of("log-tournament-over"), {"tournament": tid})
            await self._close(table, revealed.get(table_id, []))
        standings = tuple(Standing(int(n), p, paid[n]) for n, p in order.items())
        await self._tell(tid, [Results(tid, standings, tournament.pool, by_stacks)])
