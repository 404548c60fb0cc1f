"""Retention: old finished hands and old ledger rows move to compressed JSON-lines archives.

A server keeps its finished hands ``retention_days`` (default 90; ``0`` keeps everything).
Older ones are written to ``hands-g<guild>-<time>.jsonl.gz`` (one stored row per line) in the
archive folder, then removed from the database in the same transaction. Ledger rows older than
that are written to ``ledger-g<guild>-<time>.jsonl.gz`` and summed up first: a checkpoint per
server (the chips they minted) and a snapshot per wallet (their sum), so the balances, the
ledger check and the chip census stay exact. A file is complete (written, synced and renamed)
before the rows go; if the process dies in between, the rows stay and a later run archives
them again (a restore ignores the duplicates).

    python -m bot.storage.retention archive --database data/salon.sqlite3 [--days 90]
    python -m bot.storage.retention archive --database postgresql://... --folder data/archive
    python -m bot.storage.retention restore ARCHIVE --database data/salon.sqlite3
    python -m bot.storage.retention show ARCHIVE
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from bot.extras import database_or_exit
from bot.games.cli import Parser, whole
from bot.storage.database import (
    DEFAULT_RETENTION_DAYS,
    MAX_RETENTION_DAYS,
    Database,
    is_postgres_url,
    sqlite_path,
)
from bot.storage.models import MINTING_KINDS

__all__ = ["DEFAULT_RETENTION_DAYS", "MAX_RETENTION_DAYS", "archive_all", "restore_hands"]

DAY: Final = 86_400
#: Rows removed per statement (SQLite's bound parameters).
CHUNK: Final = 500


@dataclass(frozen=True)
class Archived:
    """What one run moved out of the database."""

    hands: int = 0
    ledger_rows: int = 0
    files: tuple[Path, ...] = ()


def archive_folder(database: str | Path) -> Path:
    """Where a database's archives go: ``archive/`` beside a SQLite file (for a PostgreSQL
    URL, in the current folder: the bot passes its data folder's file instead)."""
    if is_postgres_url(database):
        return Path("archive").resolve()
    return Path(sqlite_path(database)).resolve().parent / "archive"


def write_archive(path: Path, rows: Iterable[dict[str, Any]]) -> None:
    """Write rows as gzip-compressed JSON lines, complete or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    partial = path.with_name(path.name + ".partial")
    with gzip.open(partial, "wt", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
    with open(partial, "rb") as done:
        os.fsync(done.fileno())
    os.chmod(partial, 0o600)
    os.replace(partial, path)


def read_archive(path: Path) -> Iterator[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def _chunks(ids: list[int]) -> Iterator[list[int]]:
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]


async def archive_guild(
    db: Database, guild_id: int, days: int, folder: Path, *, now: float | None = None
) -> Archived:
    """Archive the guild's finished hands and ledger rows older than ``days`` (0: none)."""
    if days <= 0:
        return Archived()
    now = db.clock() if now is None else now
    cutoff = now - days * DAY
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now))
    files: list[Path] = []
    async with db.transaction() as tx:
        # hands no ledger row still points to (those go once their rows are archived)
        async with tx.conn.execute(
            "SELECT * FROM hands WHERE guild_id = ? AND status <> 'in_progress'"
            " AND updated_at < ? AND id NOT IN"
            " (SELECT hand_id FROM ledger WHERE hand_id IS NOT NULL AND created_at >= ?)"
            " ORDER BY id",
            (guild_id, cutoff, cutoff),
        ) as cur:
            hands = [dict(r) for r in await cur.fetchall()]
        async with tx.conn.execute(
            "SELECT * FROM ledger WHERE guild_id = ? AND created_at < ? ORDER BY id",
            (guild_id, cutoff),
        ) as cur:
            ledger = [dict(r) for r in await cur.fetchall()]
        if ledger:
            path = folder / f"ledger-g{guild_id}-{stamp}.jsonl.gz"
            await asyncio.to_thread(write_archive, path, ledger)
            files.append(path)
            sums: dict[int, int] = defaultdict(int)
            for row in ledger:
                sums[int(row["user_id"])] += int(row["amount"])
            minted = sum(int(r["amount"]) for r in ledger if r["kind"] in MINTING_KINDS)
            await tx.conn.execute(
                "INSERT INTO ledger_checkpoints (guild_id, through_id, minted, created_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " through_id = CASE WHEN ledger_checkpoints.through_id > excluded.through_id"
                " THEN ledger_checkpoints.through_id ELSE excluded.through_id END,"
                " minted = ledger_checkpoints.minted + excluded.minted,"
                " created_at = excluded.created_at",
                (guild_id, max(int(r["id"]) for r in ledger), minted, now),
            )
            await tx.conn.executemany(
                "INSERT INTO ledger_snapshots (guild_id, user_id, balance) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                " balance = ledger_snapshots.balance + excluded.balance",
                [(guild_id, user, total) for user, total in sums.items()],
            )
            for part in _chunks([int(r["id"]) for r in ledger]):
                marks = ", ".join("?" for _ in part)
                await tx.conn.execute(f"DELETE FROM ledger WHERE id IN ({marks})", part)
        if hands:
            path = folder / f"hands-g{guild_id}-{stamp}.jsonl.gz"
            await asyncio.to_thread(write_archive, path, hands)
            files.append(path)
            for part in _chunks([int(h["id"]) for h in hands]):
                marks = ", ".join("?" for _ in part)
                await tx.conn.execute(f"DELETE FROM hands WHERE id IN ({marks})", part)
    return Archived(len(hands), len(ledger), tuple(files))


async def archive_all(db: Database, folder: Path, days: int | None = None) -> Archived:
    """Archive every guild: older than ``days`` when given, else each guild's setting."""
    async with db.read() as tx, tx.conn.execute("SELECT guild_id FROM guilds") as cur:
        guilds = [int(r[0]) for r in await cur.fetchall()]
    hands = rows = 0
    files: list[Path] = []
    for guild in guilds:
        keep = await db.retention_days(guild) if days is None else days
        done = await archive_guild(db, guild, keep, folder)
        hands, rows = hands + done.hands, rows + done.ledger_rows
        files.extend(done.files)
    return Archived(hands, rows, tuple(files))


HAND_COLUMNS: Final = (
    "id", "table_id", "guild_id", "hand_no", "game", "record", "status", "result",
    "flambeau", "turn_deadline", "created_at", "updated_at",
)  # fmt: skip


async def restore_hands(db: Database, path: Path) -> int:
    """Put an archive's hands back in the database (those already there are left alone);
    returns how many came back. A ledger archive is for reading, never restored: its rows
    are counted in the checkpoint."""
    if not path.name.startswith("hands-"):
        raise ValueError(f"{path.name} is not a hands archive (hands-g<guild>-<time>.jsonl.gz)")
    rows = await asyncio.to_thread(lambda: list(read_archive(path)))
    marks = ", ".join("?" for _ in HAND_COLUMNS)
    async with db.transaction() as tx:
        before = tx.conn.total_changes
        await tx.conn.executemany(
            f"INSERT OR IGNORE INTO hands ({', '.join(HAND_COLUMNS)}) VALUES ({marks})",
            [tuple(row[c] for c in HAND_COLUMNS) for row in rows],
        )
        restored = int(tx.conn.total_changes - before)
        if tx.dialect == "postgres":  # ids given by hand: the next new hand comes after them
            await tx.conn.execute(
                "SELECT setval(seq, top) FROM (SELECT (SELECT MAX(id) FROM hands) AS top,"
                " pg_get_serial_sequence('hands', 'id')::regclass AS seq) AS ids"
                " WHERE top > COALESCE(pg_sequence_last_value(seq), 0)"
            )
        return restored


def main(argv: list[str] | None = None) -> int:
    parser = Parser(
        prog="python -m bot.storage.retention", description="Archive or restore old hands."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    run = sub.add_parser("archive", help="archive what is older than the retention now")
    run.add_argument("--database", required=True, help="a path, sqlite:///… or postgresql://…")
    run.add_argument(
        "--days",
        type=whole(0),
        help="every server's retention for this run, in days (0: keep everything; "
        "default: each server's own)",
    )
    run.add_argument("--folder", type=Path, help="where the archives go (default: beside it)")
    back = sub.add_parser("restore", help="put an archive's hands back")
    back.add_argument("archive", metavar="ARCHIVE", type=Path, help="the archive file")
    back.add_argument("--database", required=True, help="a path, sqlite:///… or postgresql://…")
    show = sub.add_parser("show", help="print an archive's rows as JSON lines")
    show.add_argument("archive", metavar="ARCHIVE", type=Path, help="the archive file")
    args = parser.parse_args(argv)
    if args.command != "show":
        database_or_exit(args.database)
    if args.command == "show":
        try:
            for row in read_archive(args.archive):
                print(json.dumps(row, ensure_ascii=False))
        except (OSError, ValueError, EOFError) as exc:  # no such file, not a gzip of JSON
            print(f"error: {exc}", file=sys.stderr)
            return 2
        return 0

    async def go() -> str:
        async with Database(args.database) as db:
            if args.command == "restore":
                return f"{await restore_hands(db, args.archive)} hand(s) restored"
            folder = args.folder or archive_folder(args.database)
            done = await archive_all(db, folder, args.days)
            return f"{done.hands} hand(s), {done.ledger_rows} ledger row(s) archived in {folder}"

    try:
        print(asyncio.run(go()))
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
