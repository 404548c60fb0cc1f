"""Robots that play tournaments through the real runtime and storage, and the checks run
after every step (the chip census, the tournament chips, the places).

In a test: :func:`make_env` and :func:`play` with a :class:`~bot.runtime.clock.ManualClock`.
As a process, for the chaos test: ``python -m tests.tournament_robots DB SEED`` resumes
whatever the database holds (opening a 9-player, two-table Brelan sit-and-go if it holds
none), prints ``acted`` after each move it commits and ``done`` once the prizes are paid
(``SELFPLAY_TRACE_WRITES=1``: ``write-begin``/``write-end`` around each write, as
:mod:`bot.runtime.selfplay` does).
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games.cards import Shuffler
from bot.runtime import ManualClock, RecordingPresenter, TableManager
from bot.runtime.clock import Clock
from bot.runtime.errors import TableError
from bot.runtime.house_seats import is_house
from bot.runtime.selfplay import QuietPresenter, choose, trace_writes
from bot.runtime.tournament_events import RecordingTournamentPresenter
from bot.runtime.tournament_spec import TournamentSpec
from bot.storage import Database, Transaction

GUILD = 1
CHANNEL = 77
#: The members of the robots' tournaments.
MEMBERS = (501, 502, 503, 504, 505, 506, 507, 508, 509)


@dataclass
class TourneyEnv:
    db: Database
    clock: Clock
    presenter: RecordingPresenter
    news: RecordingTournamentPresenter
    manager: TableManager
    path: str | Path
    seed: int

    async def reopen(self) -> TourneyEnv:
        """Stop this manager and start a fresh one on the same database (a restart)."""
        await self.manager.aclose()
        await self.db.close()
        clock = self.clock if isinstance(self.clock, ManualClock) else None
        return await make_env(
            self.path, clock, seed=self.seed, presenter=self.presenter, news=self.news
        )


async def make_env(
    path: str | Path,
    clock: ManualClock | None = None,
    *,
    seed: int = 1,
    presenter: RecordingPresenter | None = None,
    news: RecordingTournamentPresenter | None = None,
    real_clock: bool = False,
) -> TourneyEnv:
    """A manager on the database at ``path`` (resumed), house players playing at once,
    seeded decks and draws; ``presenter`` and ``news`` kept across a restart."""
    db = await Database.open(path)
    rng = random.Random(seed)
    news = news or RecordingTournamentPresenter()
    shown = presenter or RecordingPresenter()
    the_clock: Clock | None = None if real_clock else (clock or ManualClock())
    manager = TableManager(
        db,
        shown,
        clock=the_clock,
        shuffler_factory=lambda table: Shuffler(seed=1000 * seed + table),
        house_pause=0.0,
        house_rng=lambda: random.Random(rng.random()),
        tournament_presenter=news,
    )
    await manager.resume()
    return TourneyEnv(db, manager.clock, shown, news, manager, path, seed)


async def check(db: Database, tournament_id: int) -> None:
    """The census balances; while the tournament runs, its chips are the entrants' starting
    chips (none made, none lost); places are taken once each."""
    census = await db.query(Transaction.chip_census, GUILD)
    assert census.balanced, census
    assert await db.query(Transaction.verify_ledger, GUILD) == []
    async with db.read() as tx:
        tournament = await tx.get_tournament(tournament_id)
        entrants = await tx.entrants(tournament_id)
        chips = await tx.tournament_chips(tournament_id)
    if tournament.status == "running":
        assert chips == len(entrants) * int(tournament.options["chips"]), (chips, tournament)
        seated = {e.user_id for e in entrants if e.place is None}
        async with db.read() as tx:
            tables = [t for t in await tx.tournament_tables(tournament_id) if not t.closed]
            at_tables = [s.user_id for t in tables for s in await tx.seats(t.table_id)]
        assert sorted(at_tables) == sorted(seated), (at_tables, seated)  # each once
    if tournament.status == "finished":
        assert chips == 0 and tournament.pool == 0
        assert sum(e.prize or 0 for e in entrants) == sum(e.buy_in for e in entrants)
        assert all(e.place is not None for e in entrants)


async def one_move(env: TourneyEnv, rng: random.Random) -> bool:
    """A member to act somewhere plays a random legal move; True if one did."""
    for table_id in sorted(env.manager.tables):
        table = env.manager.tables[table_id]
        if table.tournament is None:
            continue
        state = env.manager.public_state(table)
        hand = state["hand"]
        if hand is None or hand["to_act"] is None or is_house(int(hand["to_act"])):
            continue
        verb, amount = choose(rng, hand["legal"])
        try:
            await env.manager.act(table_id, int(hand["to_act"]), verb, amount, hand_id=hand["id"])
        except TableError:
            return False
        return True
    return False


async def create(env: TourneyEnv, game: str, **choices: Any) -> int:
    """A tournament of ``game`` created by the first member in :data:`CHANNEL`."""
    spec = TournamentSpec.checked(game, **choices)
    return await env.manager.tournaments.create(GUILD, CHANNEL, MEMBERS[0], spec)


async def open_tournament(
    env: TourneyEnv,
    game: str = "brelan",
    members: Sequence[int] = MEMBERS[:5],
    *,
    house: int = 4,
    **options: Any,
) -> int:
    """A sit-and-go of ``len(members) + house`` players, started as the last registers."""
    settings: dict[str, Any] = {
        "seats": 5,
        "players": len(members) + house,
        "buy_in": 100,
        "chips": 20,
        "schedule": "2 hands" if game != "brag" else "2 hands: 1/1/4 2/2/8 4/4/16 8/8/32",
        "house": house,
        **options,
    }
    tid = await create(env, game, **settings)
    for user in members:
        await env.manager.tournaments.register(tid, user)
    return tid


async def play(
    env: TourneyEnv,
    tournament_id: int,
    rng: random.Random,
    *,
    restart_after: int | None = None,
    limit: int = 20_000,
) -> tuple[TourneyEnv, int]:
    """Robots play until the tournament is over, the checks run after every move; with
    ``restart_after``, the manager is restarted once after that many members' moves.
    Returns the environment (a new one after a restart) and the members' moves."""
    moves = 0
    for _ in range(limit):
        status = (await env.db.query(Transaction.get_tournament, tournament_id)).status
        if status in ("finished", "cancelled"):
            await check(env.db, tournament_id)
            return env, moves
        if await one_move(env, rng):
            moves += 1
            if moves == restart_after:
                env = await env.reopen()
        else:
            clock = env.clock
            assert isinstance(clock, ManualClock)
            pending = clock.pending()
            if not pending:
                raise AssertionError(f"nothing left to do after {moves} moves")
            await clock.advance(max(0.0, pending[0] - clock.now()))
        await check(env.db, tournament_id)
    raise AssertionError("the tournament did not end")


async def robots(path: str, seed: int) -> None:
    """The chaos test's process (see the module's text): real time, house players at once."""
    env = await make_env(path, seed=seed, presenter=QuietPresenter(), real_clock=True)
    if os.environ.get("SELFPLAY_TRACE_WRITES"):
        trace_writes(env.db, float(os.environ.get("SELFPLAY_WRITE_PAUSE") or 0))
    every = ("registering", "running", "finished")
    found = await env.db.query(Transaction.tournaments, GUILD, every)
    if found:
        tid = found[0].id
        if found[0].status == "registering":  # killed while the members registered
            entered = {e.user_id for e in await env.db.query(Transaction.entrants, tid)}
            for user in MEMBERS[:5]:
                if user not in entered:
                    await env.manager.tournaments.register(tid, user)
    else:
        tid = await open_tournament(env)
    print("resumed", flush=True)
    rng = random.Random(seed)
    while True:
        status = (await env.db.query(Transaction.get_tournament, tid)).status
        if status == "finished":
            print("done", flush=True)
            break
        if await one_move(env, rng):
            print("acted", flush=True)
        else:
            await asyncio.sleep(0.002)
    await env.manager.aclose()
    await env.db.close()


if __name__ == "__main__":
    asyncio.run(robots(sys.argv[1], int(sys.argv[2])))
