"""The load test's tables: where they live, who plays them, and the database they need.

Table ``k`` (0, 1, …) has a guild of its own, ``(k << 22) | 1``, so that the tables spread
evenly over the shards (a guild is on shard ``(guild_id >> 22) % count``): worker ``i`` of
``P`` runs the tables ``k`` with ``k % P == i``. Its game (the registry's games in turn) and
its 3 to 5 robots follow from the seed and ``k`` alone, so a worker knows them without asking
anyone.

>>> [guild_of(k) >> 22 for k in range(3)]
[0, 1, 2]
>>> robots_of(7, 4) == robots_of(7, 4), 3 <= len(robots_of(7, 4)[1]) <= 5
(True, True)
>>> sqlite_path("sqlite:///data/x.db"), sqlite_path("sqlite:////tmp/x.db"), sqlite_path("x.db")
('data/x.db', '/tmp/x.db', 'x.db')
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

from bot.games import registry
from bot.loadtest.measure import ServerCpu
from bot.runtime.settings import MAX_TURN_TIMEOUT, Settings
from bot.storage import Database, Transaction

#: The games the tables play in turn: table ``k`` plays the ``k``-th, modulo their number.
GAMES_CYCLE: Final = registry.names()
#: Robot ids: far above the house's small numbers (bot.storage.house), below any snowflake.
ROBOT_BASE: Final = 1000
#: What each robot's wallet is given on top of the starting grant: enough to buy in again
#: after every cleaning-out of a long run.
FUNDS: Final = 1_000_000
#: Tables set up per transaction.
SETUP_BATCH: Final = 200


def guild_of(k: int) -> int:
    """The guild of table ``k``: a guild of its own, on shard ``k % count``."""
    return (k << 22) | 1


def index_of(guild_id: int) -> int:
    """The ``k`` of a load-test table's guild."""
    return guild_id >> 22


def robots_of(seed: int, k: int) -> tuple[str, list[int]]:
    """Table ``k``'s game and its robots (3 to 5)."""
    rng = random.Random(f"loadtest-{seed}-{k}")
    game = GAMES_CYCLE[k % len(GAMES_CYCLE)]
    count = rng.randint(3, 5)
    return game, [ROBOT_BASE + n for n in range(1, count + 1)]


def table_options(game: str) -> dict[str, Any]:
    """Deal at once after each hand; a turn timer that never fires during a run; five seats."""
    return Settings.from_options(
        game, {"next_hand_delay": 0, "turn_timeout": MAX_TURN_TIMEOUT, "seats": 5}
    ).to_options()


def percentile(ordered: list[float], q: float) -> float | None:
    """The nearest-rank percentile of a sorted list (None when empty).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([], 0.99)
    (2.0, None)
    """
    if not ordered:
        return None
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


def percentiles(values: list[float]) -> dict[str, float | None]:
    """p50, p99 and max of some latencies, rounded (None when there are none).

    >>> percentiles([3.0, 1.0, 2.0])
    {'p50': 2.0, 'p99': 3.0, 'max': 3.0}
    """
    ordered = sorted(values)

    def at(q: float) -> float | None:
        value = percentile(ordered, q)
        return None if value is None else round(value, 2)

    return {"p50": at(0.50), "p99": at(0.99), "max": at(1.0)}


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def sqlite_path(url: str) -> str:
    """A SQLite URL's file (``sqlite:///rel`` or ``sqlite:////abs``), or a plain path."""
    return url[len("sqlite:///") :] if url.startswith("sqlite:///") else url


async def open_database(url: str) -> Database:
    """Open (and migrate) the database a URL names: a path or ``sqlite:///…`` is SQLite,
    ``postgresql://…`` PostgreSQL (when the storage has that backend)."""
    return await Database.open(url if is_postgres(url) else sqlite_path(url))


async def prepare(db: Database, tables: int, seed: int) -> list[int]:
    """Create the tables and seat their robots, wallets funded; returns the tables' ids.

    Refuses a database that already has open tables: the load test wants one of its own.
    """
    if await db.query(Transaction.open_tables):
        raise SystemExit("the database already has open tables: give the load test its own")
    ids: list[int] = []
    for start in range(0, tables, SETUP_BATCH):
        async with db.transaction() as tx:
            for k in range(start, min(tables, start + SETUP_BATCH)):
                game, robots = robots_of(seed, k)
                options = table_options(game)
                guild = guild_of(k)
                gt = await tx.create_table(guild, k + 1, game, robots[0], options=options)
                for user in robots:
                    await tx.grant(guild, user, FUNDS, note="load test")
                    await tx.seat(gt.id, user, max_seats=options["seats"], buy_in=options["cave"])
                ids.append(gt.id)
    return ids


async def census(db: Database, tables: int) -> tuple[int, bool]:
    """Every chip of the load test's guilds (wallets, seats, pots, jars), and whether each
    guild holds exactly the chips ever granted to it."""
    held, balanced = 0, True
    for k in range(tables):
        count = await db.query(Transaction.chip_census, guild_of(k))
        held += count.held
        balanced = balanced and count.balanced
    return held, balanced


async def server_cpu(db: Database) -> ServerCpu | None:
    """The CPU meter of the database's PostgreSQL server when it runs on this machine."""
    if db.dialect != "postgres":
        return None
    row = await db.query(lambda tx: tx._one("SELECT pg_backend_pid(), host(inet_server_addr())"))
    assert row is not None
    return ServerCpu.find(int(row[0]), row[1])
