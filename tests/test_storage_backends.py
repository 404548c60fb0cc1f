"""One schema, one migration history, two backends: after each migration, SQLite and
PostgreSQL hold the same tables with the same columns (bot/storage/schema.py and
bot/storage/schema_pg.py are written side by side)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import MIGRATIONS, Database
from bot.storage.database import is_postgres_url, redact_url, sqlite_path
from bot.storage.schema_pg import PG_MIGRATIONS
from tests.pgserver import SKIP_REASON, PgServer

#: Bookkeeping that differs by nature: PostgreSQL keeps its version in a table, SQLite in
#: ``PRAGMA user_version``.
OWN_BOOKKEEPING = {"schema_version"}


async def sqlite_columns(path: Path, version: int) -> dict[str, set[str]]:
    async with Database(path, migrations=MIGRATIONS[:version]) as db, db.read() as tx:
        tables = [
            str(r[0])
            for r in await tx.conn.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        out: dict[str, set[str]] = {}
        for table in tables:
            rows = await tx.conn.execute_fetchall(f"PRAGMA table_info({table})")
            out[table] = {str(r[1]) for r in rows}
        return out


async def postgres_columns(url: str, version: int) -> dict[str, set[str]]:
    async with Database(url, migrations=PG_MIGRATIONS[:version]) as db, db.read() as tx:
        rows = await tx.conn.execute_fetchall(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema()"
        )
    out: dict[str, set[str]] = {}
    for table, column in rows:
        if table not in OWN_BOOKKEEPING:
            out.setdefault(str(table), set()).add(str(column))
    return out


def test_both_backends_have_the_same_migration_history() -> None:
    assert len(PG_MIGRATIONS) == len(MIGRATIONS)


@pytest.mark.postgres
@pytest.mark.parametrize("version", range(1, len(MIGRATIONS) + 1))
async def test_each_version_has_the_same_tables_and_columns(
    version: int, tmp_path: Path, pg_server: PgServer | None
) -> None:
    if pg_server is None:
        pytest.skip(SKIP_REASON)
    url = await pg_server.create(migrated=False)
    try:
        on_postgres = await postgres_columns(url, version)
    finally:
        await pg_server.drop(url)
    on_sqlite = await sqlite_columns(tmp_path / "bot.db", version)
    assert on_postgres == on_sqlite


def test_a_database_target_names_its_backend() -> None:
    assert is_postgres_url("postgresql://salon@db/salon")
    assert is_postgres_url("postgres://salon@db/salon")
    assert not is_postgres_url("sqlite:///data/salon.sqlite3")
    assert sqlite_path("sqlite:///data/x.db") == "data/x.db"
    assert sqlite_path("sqlite:////srv/x.db") == "/srv/x.db"
    with pytest.raises(ValueError, match="three slashes"):
        sqlite_path("sqlite://x.db")
    assert "secret" not in redact_url("postgresql://salon:secret@db:5432/salon")
