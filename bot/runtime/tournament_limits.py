"""How many tournaments a server, and each of its members, may have under way (registering
or running): :class:`TournamentLimits`, set by the server's managers
(``/tournament limits``) and kept in the bot's own store (no migration).

A member may create :data:`DEFAULT_PER_MEMBER` tournaments under way at once, a server
:data:`DEFAULT_PER_SERVER`; a server manager is held to the server's limit only.

>>> verify_room(TournamentLimits(1, 5), [5, 7], creator_id=5, manager=False)
Traceback (most recent call last):
...
bot.runtime.errors.TableError: You already have 1 tournament under way: let it end (or ...
>>> verify_room(TournamentLimits(1, 5), [5, 7], creator_id=5, manager=True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.runtime.errors import TableError

#: The default limits: tournaments under way per member, and per server.
DEFAULT_PER_MEMBER = 2
DEFAULT_PER_SERVER = 5
#: The highest either limit may be set to.
MOST_UNDER_WAY = 50


class MetaStore(Protocol):
    async def get_meta(self, key: str) -> str | None: ...
    async def set_meta(self, key: str, value: str) -> None: ...


@dataclass(frozen=True, slots=True)
class TournamentLimits:
    """Tournaments under way at once: per member (managers excepted), per server."""

    per_member: int = DEFAULT_PER_MEMBER
    per_server: int = DEFAULT_PER_SERVER


def _key(guild_id: int) -> str:
    return f"tournament_limits:{guild_id}"


async def limits_of(db: MetaStore, guild_id: int) -> TournamentLimits:
    """The server's limits (the defaults until a manager sets them)."""
    raw = await db.get_meta(_key(guild_id))
    if raw is None:
        return TournamentLimits()
    saved = json.loads(raw)
    return TournamentLimits(int(saved["per_member"]), int(saved["per_server"]))


async def set_limits(
    db: MetaStore, guild_id: int, *, per_member: int | None = None, per_server: int | None = None
) -> TournamentLimits:
    """Change either limit (1 to :data:`MOST_UNDER_WAY`); returns the limits now."""
    now = await limits_of(db, guild_id)
    member = now.per_member if per_member is None else per_member
    server = now.per_server if per_server is None else per_server
    if not (1 <= member <= MOST_UNDER_WAY and 1 <= server <= MOST_UNDER_WAY):
        raise TableError("refuse-tournament-limits-range", most=MOST_UNDER_WAY)
    limits = TournamentLimits(member, server)
    await db.set_meta(_key(guild_id), json.dumps({"per_member": member, "per_server": server}))
    return limits


def verify_room(
    limits: TournamentLimits, creators: Sequence[int], *, creator_id: int, manager: bool
) -> None:
    """Refuse a new tournament (a :class:`TableError` naming the limit) when the server's
    tournaments under way (``creators``: who created each) are at a limit."""
    if len(creators) >= limits.per_server:
        raise TableError("refuse-tournament-server-limit", n=limits.per_server)
    if not manager and sum(1 for c in creators if c == creator_id) >= limits.per_member:
        raise TableError("refuse-tournament-member-limit", n=limits.per_member)
