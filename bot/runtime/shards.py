"""Which tables a process runs: Discord's shards, and the leases that fence them.

Discord puts a guild on shard ``(guild_id >> 22) % shard_count``. A process started with
``SHARD_IDS`` runs only the tables of those shards' guilds (:class:`ShardSet`); a lease in the
database (:mod:`bot.storage.leases`) makes sure that even two processes configured with the
same shards never run one table at once (docs/scaling.md).

>>> ShardSet(2, [1]).owns(1 << 22), ShardSet(2, [1]).owns(2 << 22)
(True, False)
>>> ShardSet.parse("4", "0,2")
ShardSet(count=4, ids=(0, 2))
>>> ShardSet.parse(None, None).owns(12345)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: Discord's ceiling on guilds per shard; past it the gateway refuses the connection.
GUILDS_PER_SHARD = 2500


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % count


@dataclass(frozen=True)
class ShardSet:
    """The shards this process holds: ``ids`` out of ``count`` (every shard when ``ids`` is
    empty and ``count`` is 1)."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    def __init__(self, count: int = 1, ids: Iterable[int] | None = None) -> None:
        chosen = tuple(sorted(set(range(count) if ids is None else ids)))
        if count < 1:
            raise ValueError("SHARD_COUNT is a whole number, 1 or more")
        if not chosen or any(not 0 <= i < count for i in chosen):
            raise ValueError(f"SHARD_IDS are shard numbers from 0 to {count - 1}")
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "ids", chosen)

    @classmethod
    def parse(cls, count: str | None, ids: str | None) -> ShardSet:
        """From the ``SHARD_COUNT`` and ``SHARD_IDS`` settings (``"0,1"``; empty: all)."""
        total = int(count) if count and count.strip() else 1
        chosen = [int(part) for part in ids.split(",") if part.strip()] if ids else None
        return cls(total, chosen)

    @property
    def everything(self) -> bool:
        """Whether this process holds every shard."""
        return len(self.ids) == self.count

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the tables of ``guild_id``."""
        return self.everything or shard_of(guild_id, self.count) in self.ids

    def __repr__(self) -> str:
        return f"ShardSet(count={self.count}, ids={self.ids})"
