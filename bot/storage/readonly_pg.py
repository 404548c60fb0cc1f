"""A PostgreSQL database opened read only (:func:`bot.storage.readonly.open_reader`): a small
pool of its own whose sessions are read only. Apart from :mod:`bot.storage.readonly` because it
needs asyncpg (the ``postgres`` extra), which SQLite's readers do without."""

from __future__ import annotations

from typing import Any

import asyncpg

from bot.storage.postgres import PostgresDatabase, PostgresUnavailable, _keep_session
from bot.storage.postgres import user_version as pg_user_version
from bot.storage.readonly import ReadOnly


class ReadOnlyPostgres(ReadOnly, PostgresDatabase):
    """A PostgreSQL database read through a small read-only pool of its own."""

    async def connect(self) -> None:
        if self._pool is not None:
            return
        try:
            pool: Any = await asyncpg.create_pool(
                self.path,
                min_size=1,
                max_size=self.pool_size,
                reset=_keep_session,
                timeout=self.busy_timeout_ms / 1000 * 2,
                server_settings={"default_transaction_read_only": "on"},
            )
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise PostgresUnavailable(f"could not connect to {self.label}: {exc}") from exc
        try:
            async with pool.acquire() as raw:
                self._check_version(await pg_user_version(raw))
        except BaseException:
            await pool.close()
            raise
        self._pool = pool
