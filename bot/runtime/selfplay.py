"""``python -m bot.runtime.selfplay DB [SEED]``: robots play several tables on a database.

For the crash test: it resumes whatever the database holds (printing ``resumed`` and the
hands it found as JSON), opens four tables (two of Bouillotte, Brelan, Brag) if there are
none, then plays random legal actions forever, printing ``acted`` after each committed one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
from typing import Any

from bot.games.cards import Shuffler
from bot.i18n.message import Message
from bot.runtime.errors import TableError
from bot.runtime.manager import TableManager
from bot.runtime.presenter import RecordingPresenter
from bot.storage import Database

GUILD = 1
TABLES: list[tuple[str, list[int]]] = [
    ("bouillotte", [101, 102, 103, 104, 105]),
    ("bouillotte", [201, 202, 203]),
    ("brelan", [301, 302, 303]),
    ("brag", [401, 402, 403, 404]),
]


class QuietPresenter(RecordingPresenter):
    async def table_update(self, table_id: int, public_state: dict[str, Any]) -> None:
        return None

    async def announce(self, table_id: int, said: Message, data: dict[str, Any]) -> None:
        return None


def choose(rng: random.Random, legal: list[dict[str, Any]]) -> tuple[str, int | None]:
    choice = rng.choice(legal)
    if "min" in choice:
        low, high = choice["min"], choice["max"]
        return choice["verb"], rng.randint(low, min(high, low + 4))
    if choice["verb"] in ("look", "keep"):  # Brag: which of two hands
        return choice["verb"], choice.get("amount")
    return choice["verb"], None


async def run(path: str, seed: int) -> None:
    db = await Database.open(path)
    rng = random.Random(seed)
    manager = TableManager(
        db, QuietPresenter(), shuffler_factory=lambda tid: Shuffler(seed=seed * 100 + tid)
    )
    await manager.resume()
    found = {
        str(h.table_id): [h.id, len(h.record.get("actions", []))]
        for h in await db.in_progress_hands()
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
    while True:
        for table_id in list(manager.tables):
            state = await manager.status(table_id)
            hand = state["hand"]
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
            await manager.act(table_id, int(hand["to_act"]), verb, amount, hand_id=hand["id"])
            print("acted", flush=True)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m bot.runtime.selfplay DB [SEED]", file=sys.stderr)
        return 2
    asyncio.run(run(args[0], int(args[1]) if len(args) > 1 else 1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
