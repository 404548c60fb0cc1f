"""``python -m bot.runtime.selfplay DB [SEED] [--hands N]``: robots play tables on a database.

For the crash test: it resumes whatever the database holds (printing ``resumed`` and the
hands it found as JSON), opens its :data:`TABLES` if there are none (one of each game, and one
more of each game with a waiting line), then plays random legal actions forever, printing
``acted`` after each committed one.
With ``SELFPLAY_TRACE_WRITES=1`` it also prints ``write-begin`` and ``write-end`` around each
write transaction (``SELFPLAY_WRITE_PAUSE``: seconds each is held open), so a test knows
whether its kill landed inside one.

With ``--hands N`` it stops once N hands are finished: it plays the hands in progress to
their end and closes its tables, so every server seed is revealed (then ``python -m
bot.runtime.export`` and ``python -m bot.fair verify`` check them). Decks are dealt by the fair
scheme: the server seeds derive from SEED (:func:`bot.fair.scheme.derive_server_seed`), each
robot chooses its own client seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
from collections.abc import AsyncIterator
from typing import Any

from bot.fair.scheme import derive_server_seed
from bot.games import registry
from bot.games.cli import Parser, whole
from bot.i18n.message import Message
from bot.runtime.errors import TableError
from bot.runtime.manager import TableManager
from bot.runtime.presenter import RecordingPresenter
from bot.runtime.public import LegalAction, PublicState
from bot.storage import Database
from bot.storage.transaction import Transaction

GUILD = 1


def robot_tables() -> list[tuple[str, list[int]]]:
    """The robots' tables, channel 1 first: each game with a waiting line twice, once with one
    robot more than its seats (he waits in line) and once with three; then the other games
    in the registry's order, with three robots (four at a game of more than five seats).
    Table ``k``'s robots are ``100 * k + 1`` and on.

    >>> robot_tables()
    [('bouillotte', [101, 102, 103, 104, 105]), ('bouillotte', [201, 202, 203]), \
('brelan', [301, 302, 303]), ('brag', [401, 402, 403, 404])]
    """
    games = [(g.name, n) for g in registry.specs() if g.queue for n in (g.seats + 1, 3)]
    games += [(g.name, 4 if g.seats > 5 else 3) for g in registry.specs() if not g.queue]
    return [(game, [100 * k + i for i in range(1, n + 1)]) for k, (game, n) in enumerate(games, 1)]


TABLES: list[tuple[str, list[int]]] = robot_tables()


class QuietPresenter(RecordingPresenter):
    async def table_update(self, table_id: int, public_state: PublicState) -> None:
        return None

    async def announce(self, table_id: int, said: Message, data: dict[str, Any]) -> None:
        return None


def choose(rng: random.Random, legal: list[LegalAction]) -> tuple[str, int | None]:
    choice = rng.choice(legal)
    if "min" in choice:
        low, high = choice["min"], choice["max"]  # a range has both ends
        return choice["verb"], rng.randint(low, min(high, low + 4))
    if choice["verb"] in ("look", "keep"):  # Brag: which of two hands
        return choice["verb"], choice.get("amount")
    return choice["verb"], None


def robot_seed(seed: int, user: int) -> str:
    """The client seed a robot chooses for itself."""
    return f"robot-{user}-{seed}"


async def finished_hands(db: Database) -> int:
    async with db.read() as tx:
        return await tx._scalar("SELECT COUNT(*) FROM hands WHERE status = 'finished'")


def trace_writes(db: Database, pause: float) -> None:
    """Print ``write-begin`` once each write transaction has begun and ``write-end`` once it
    has committed, holding it open ``pause`` seconds (the chaos test kills inside one)."""
    begin = db.transaction

    @contextlib.asynccontextmanager
    async def traced() -> AsyncIterator[Transaction]:
        async with begin() as tx:
            print("write-begin", flush=True)
            if pause:
                await asyncio.sleep(pause)
            yield tx
        print("write-end", flush=True)

    db.transaction = traced  # type: ignore[method-assign]


async def run(path: str, seed: int, hands: int | None = None) -> None:
    db = await Database.open(path)
    if os.environ.get("SELFPLAY_TRACE_WRITES"):
        trace_writes(db, float(os.environ.get("SELFPLAY_WRITE_PAUSE") or 0))
    rng = random.Random(seed)
    manager = TableManager(
        db,
        QuietPresenter(),
        server_seeds=lambda n: derive_server_seed(str(seed), n),
        client_seeds=lambda user: robot_seed(seed, user),
    )
    await manager.resume()
    found = {
        str(h.table_id): [h.id, len(h.record.get("actions", []))]
        for h in await db.query(Transaction.in_progress_hands)
    }
    print("resumed " + json.dumps(found), flush=True)
    if not manager.tables:
        for channel, (game, users) in enumerate(TABLES, start=1):
            table = await manager.create_table(GUILD, channel, game, users[0])
            for user in users:
                await manager.join(table, user)
            await manager.start(table)
    players = {
        tid: TABLES[(t.channel_id - 1) % len(TABLES)][1] for tid, t in manager.tables.items()
    }
    while manager.tables:
        stopping = hands is not None and await finished_hands(db) >= hands
        for table_id in list(manager.tables):
            state = await manager.status(table_id)
            hand = state["hand"]
            if stopping and not state["closing"]:
                # closes now between hands, else when the hand in play ends
                await manager.close(table_id, manager.tables[table_id].creator_id)
                if table_id not in manager.tables:
                    continue
                state = await manager.status(table_id)
                hand = state["hand"]
            if hand is None and stopping:
                continue
            if hand is None:
                seated = {s["user"] for s in state["seats"]} | set(state["queue"])
                for user in players[table_id]:
                    if user not in seated:
                        with contextlib.suppress(TableError):
                            await manager.join(table_id, user)
                with contextlib.suppress(TableError):
                    await manager.start(table_id)
                continue
            verb, amount = choose(rng, hand["legal"])
            to_act = hand["to_act"]
            assert to_act is not None  # a hand with legal actions has a player to act
            await manager.act(table_id, int(to_act), verb, amount, hand_id=hand["id"])
            print("acted", flush=True)

    print(f"done {await finished_hands(db)} hands", flush=True)
    await db.close()


def parser() -> Parser:
    parser = Parser(
        prog="python -m bot.runtime.selfplay",
        description="Robots play random legal actions at tables of a database, forever or for "
        "--hands hands (the crash test's player).",
    )
    parser.add_argument("database", metavar="DB", help="the SQLite file or URL to play on")
    parser.add_argument(
        "seed", metavar="SEED", nargs="?", type=int, default=1, help="the server seeds' seed"
    )
    parser.add_argument(
        "--hands",
        type=whole(1),
        metavar="N",
        help="stop once N hands are finished, closing the tables (default: play forever)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    asyncio.run(run(args.database, args.seed, args.hands))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
