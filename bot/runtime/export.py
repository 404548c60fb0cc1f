"""``python -m bot.runtime.export DB DIR``: every finished hand of a database as a scenario
file (``DIR/hand-<id>.json``), ready for ``python -m bot.fair verify DIR``.

What a file shows follows docs/fairness-spec.md: a hand whose pack can still be dealt (an open Brag
table's pack in hand) is written as anyone may see it, without its deck; everything else is
written whole. The server seed is in a file once it is revealed.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.games.cli import Parser
from bot.games.replay import load_record
from bot.runtime.games import GAME_RULES
from bot.runtime.history import export_scenario
from bot.runtime.settings import Settings
from bot.storage import Database, Transaction
from bot.storage.database import is_postgres_url, sqlite_path
from bot.storage.models import GameTable, Hand

BATCH = 500


async def pack_in_play(db: Database, table: GameTable, hand: Hand) -> bool:
    """The same rule as the running bot's, read from storage alone."""
    if table.status == "closed":
        return False
    raw = table.options.get("runtime")
    if not raw:
        return False
    settings = Settings.from_options(table.game, dict(table.options))
    session = GAME_RULES[table.game].load_seating(raw, settings)
    current = await db.query(Transaction.current_hand, table.id)
    live = session.live_from(None if current is None else load_record(current.record))
    if live is None:
        return False
    deal_no = hand.record.get("deal_no")
    return not isinstance(deal_no, int) or deal_no >= live


async def export_all(path: str, folder: Path, out: object = sys.stdout) -> int:
    """Write the files; returns how many."""
    folder.mkdir(parents=True, exist_ok=True)
    db = await Database.open(path)
    written = 0
    tables: dict[int, GameTable] = {}
    try:
        last = 0
        while True:
            async with db.read() as tx:
                rows = await tx.conn.execute_fetchall(
                    "SELECT id FROM hands WHERE status = 'finished' AND id > ? ORDER BY id LIMIT ?",
                    (last, BATCH),
                )
            ids = [int(r[0]) for r in rows]
            if not ids:
                break
            for hand_id in ids:
                hand = await db.query(Transaction.get_hand, hand_id)
                if hand.table_id not in tables:
                    tables[hand.table_id] = await db.query(Transaction.get_table, hand.table_id)
                in_play = await pack_in_play(db, tables[hand.table_id], hand)
                text = export_scenario(hand, None, in_play=in_play)
                (folder / f"hand-{hand.id}.json").write_text(text, encoding="utf-8")
                written += 1
            last = ids[-1]
            print(f"{written} hands written…", file=out, flush=True)  # type: ignore[call-overload]
    finally:
        await db.close()
    print(f"done: {written} hands in {folder}", file=out)  # type: ignore[call-overload]
    return written


def parser() -> Parser:
    parser = Parser(
        prog="python -m bot.runtime.export",
        description="Write every finished hand of a database as a scenario file, ready for "
        "python -m bot.fair verify DIR.",
    )
    parser.add_argument("database", metavar="DB", help="the SQLite file or URL to read")
    parser.add_argument("folder", metavar="DIR", type=Path, help="where the hand-<id>.json go")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if not is_postgres_url(args.database) and not Path(sqlite_path(args.database)).exists():
        print(f"there is no database at {args.database}", file=sys.stderr)
        return 2
    try:
        asyncio.run(export_all(args.database, args.folder))
    except sqlite3.Error as exc:  # a file that is no database, a server out of reach
        print(f"could not read the database: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
