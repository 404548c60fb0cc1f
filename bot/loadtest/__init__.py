"""``python -m bot.loadtest``: robots play many tables through the real runtime, and the
figures of that load come out as one JSON object.

The parent process sets up a database of its own (one guild per table, guild ids spread over
the shards, robots seated with funded wallets), starts ``--processes`` workers
(:mod:`bot.loadtest.worker`), each running its shard's tables through
:class:`~bot.runtime.manager.TableManager` and :class:`~bot.storage.Database` with a
presenter that does nothing, gathers their latencies and prints::

    {"tables", "processes", "actions", "actions_per_second",
     "latency_ms": {"p50", "p99", "max"}, "chips_before", "chips_after", "errors",
     "resume_seconds", ...}

See :mod:`bot.loadtest.__main__` for the options and docs/architecture.md ("Load").
"""

from __future__ import annotations

from bot.loadtest.setup import (
    GAMES_CYCLE,
    ROBOT_BASE,
    guild_of,
    open_database,
    robots_of,
    table_options,
)

__all__ = [
    "GAMES_CYCLE",
    "ROBOT_BASE",
    "guild_of",
    "open_database",
    "robots_of",
    "table_options",
]
