"""Retention (issue 11): hands and ledger rows older than the server's retention leave the
database for compressed JSON-lines archives; balances, the ledger check and the chip census
stay exact; the ledger stays append-only for every row no checkpoint covers; an archive of
hands can be restored."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.runtime import TableManager
from bot.runtime.clock import ManualClock
from bot.runtime.presenter import RecordingPresenter
from bot.storage import Database, Transaction
from bot.storage.retention import DAY, archive_all, archive_guild, read_archive, restore_hands
from tests.test_runtime_support import CHANNEL, GUILD, balanced, play_until_hand_over

ROOT = Path(__file__).resolve().parents[1]
USERS = [101, 102, 103]
START = 1_800_000_000.0


class Calendar:
    """The database's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


async def played(path: str | Path, calendar: Calendar, hands: int) -> tuple[Database, int]:
    db = await Database.open(path, clock=calendar)
    manager = TableManager(db, RecordingPresenter(), clock=ManualClock(calendar.now))
    table = await manager.create_table(GUILD, CHANNEL, "brelan", USERS[0], {"auto_deal": False})
    for user in USERS:
        await manager.join(table, user)
    for _ in range(hands):
        await manager.start(table, USERS[0])
        await play_until_hand_over(manager, table)
    await manager.leave(table, USERS[2])
    return db, table


async def counts(db: Database) -> tuple[int, int]:
    async with db.read() as tx:
        async with tx.conn.execute("SELECT COUNT(*) FROM hands") as cur:
            hands = (await cur.fetchone())[0]
        async with tx.conn.execute("SELECT COUNT(*) FROM ledger") as cur:
            ledger = (await cur.fetchone())[0]
    return int(hands), int(ledger)


async def test_old_hands_and_ledger_rows_go_to_archives_and_nothing_is_lost(
    tmp_path: Path, db_target: str
) -> None:
    calendar = Calendar()
    db, _ = await played(db_target, calendar, hands=4)
    balances = {u: await db.write(Transaction.balance, GUILD, u) for u in USERS}
    old_hands, old_rows = await counts(db)
    assert old_hands == 4 and old_rows > 0
    calendar.now += 100 * DAY  # a hundred days later, one more member arrives
    await db.write(Transaction.balance, GUILD, 999)
    folder = tmp_path / "archive"

    kept_all = await archive_guild(db, GUILD, 0, folder)  # 0 keeps everything
    assert kept_all.hands == kept_all.ledger_rows == 0 and not folder.exists()
    done = await archive_guild(db, GUILD, 90, folder)
    assert done.hands == 4 and done.ledger_rows == old_rows
    assert await counts(db) == (0, 1)  # the newcomer's welcome grant stays
    assert {u: await db.write(Transaction.balance, GUILD, u) for u in USERS} == balances
    assert await db.query(Transaction.verify_ledger, GUILD) == []
    await balanced(db)
    hands_file, ledger_file = sorted(done.files, key=lambda p: not p.name.startswith("hands"))
    assert [r["id"] for r in read_archive(hands_file)] == [1, 2, 3, 4]
    assert len(list(read_archive(ledger_file))) == old_rows
    assert oct(hands_file.stat().st_mode & 0o777) == "0o600"

    again = await archive_guild(db, GUILD, 90, folder)  # nothing left to move
    assert again.hands == again.ledger_rows == 0

    # the ledger is still append-only for the rows no checkpoint covers
    async with db.transaction() as tx, tx.conn.execute("SELECT MAX(id) FROM ledger") as cur:
        newest = (await cur.fetchone())[0]
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        async with db.transaction() as tx:
            await tx.conn.execute("DELETE FROM ledger WHERE id = ?", (newest,))

    # an archive of hands comes back; the history reads it again
    assert await restore_hands(db, hands_file) == 4
    assert await restore_hands(db, hands_file) == 0  # twice changes nothing
    assert len(await db.query(Transaction.hand_history, GUILD, limit=10)) == 4
    with pytest.raises(ValueError, match="not a hands archive"):
        await restore_hands(db, ledger_file)
    await db.close()


async def test_recent_hands_stay_and_the_setting_is_per_server(
    tmp_path: Path, db_target: str
) -> None:
    calendar = Calendar()
    db, _ = await played(db_target, calendar, hands=2)
    assert await db.retention_days(GUILD) == 90
    calendar.now += 30 * DAY
    assert (await archive_all(db, tmp_path / "archive")).hands == 0  # 30 < 90 days
    await db.set_retention_days(GUILD, 10)
    assert (await archive_all(db, tmp_path / "archive")).hands == 2
    with pytest.raises(ValueError):
        await db.set_retention_days(GUILD, -1)
    await balanced(db)
    await db.close()


async def test_the_command_archives_shows_and_restores(
    tmp_path: Path, db_target: str, backend: str
) -> None:
    calendar = Calendar()
    if backend == "sqlite":  # a file in the data folder: its archives go beside it
        database = tmp_path / "data" / "salon.sqlite3"
        database.parent.mkdir()
        target, folder = str(database), []
    else:  # a URL: the archives go to --folder (the default is the current folder)
        target, folder = db_target, ["--folder", str(tmp_path / "archive")]
    db, _ = await played(target, calendar, hands=1)
    await db.close()

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot.storage.retention", *args],
            capture_output=True, text=True, cwd=ROOT, timeout=60,
        )  # fmt: skip

    kept = await asyncio.to_thread(run, "archive", "--database", target, "--days", "90", *folder)
    assert kept.returncode == 0 and kept.stdout.startswith("0 hand(s)"), kept.stderr
    moved = await asyncio.to_thread(run, "archive", "--database", target, "--days", "0", *folder)
    assert moved.returncode == 0 and moved.stdout.startswith("0 hand(s)")  # 0: keep all
    missing = await asyncio.to_thread(
        run, "restore", str(tmp_path / "nothing.jsonl.gz"), "--database", target
    )
    assert missing.returncode == 2 and "error:" in missing.stderr
