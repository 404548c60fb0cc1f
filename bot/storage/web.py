"""What the salon's web pages read and what makes them possible (schema v6, docs/web.md).

- A server's consent (``web_guilds``): who may read its pages (``public``, ``members`` with a
  signed link, ``off``), the key its members' links are signed with (replaced to revoke every
  link) and the fewest hands a player needs to be ranked on the pages.
- The members who left it lately (``web_departed``, schema v9): a link made before he left
  opens nothing.
- Its members as it shows them (``web_members``): name and avatar, stored when a member plays
  and refreshed when they change; ``hidden`` keeps a member's name off public pages.
- One line per player and finished hand (``hand_players``), written with the statistics: the
  profile's chart, best and last hands read it through an index instead of every record.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from bot.storage.house import LAST_HOUSE_PLAYER, is_house
from bot.storage.models import METRICS, HandStats, Metric
from bot.storage.seasons import HOUSE_FILTER, SeasonTransaction
from bot.storage.stats import period_key
from bot.storage.txbase import whole_count

Visibility = Literal["public", "members", "off"]
#: Who may read a server's pages: anyone, its members through a signed link, nobody.
VISIBILITIES: Final[tuple[Visibility, ...]] = ("public", "members", "off")
DEFAULT_VISIBILITY: Final[Visibility] = "members"
#: Hands a player needs to be ranked on the pages, unless the server says otherwise.
DEFAULT_MIN_HANDS: Final = 10
MAX_MIN_HANDS: Final = 10_000
#: Days a member's departure is kept: longer than any link he may have had (7 days).
DEPARTURE_DAYS: Final = 30
#: The longest name or avatar address kept (Discord's are far shorter).
NAME_LENGTH: Final = 100
AVATAR_LENGTH: Final = 300


@dataclass(frozen=True, slots=True)
class WebSettings:
    """A server's web settings; ``link_key`` is None until its first link or setting."""

    guild_id: int
    visibility: Visibility = DEFAULT_VISIBILITY
    link_key: str | None = None
    min_hands: int = DEFAULT_MIN_HANDS
    name: str = ""
    rotated_at: float = 0.0


@dataclass(frozen=True, slots=True)
class WebMember:
    """A member as his server shows him: name, avatar address (empty: none), hidden."""

    user_id: int
    name: str
    avatar: str = ""
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One finished hand of a player: what it brought him (``net``), the pot he won."""

    hand_id: int
    game: str
    won: bool
    net: int
    pot: int
    at: float


@dataclass(frozen=True, slots=True)
class RankedLine:
    """A line of the pages' leaderboard: the rank by the chosen metric, every metric."""

    rank: int
    user_id: int
    values: dict[str, int]


def new_link_key() -> str:
    """A fresh key for a server's links (256 random bits, hex)."""
    return secrets.token_hex(32)


class WebTransaction(SeasonTransaction):
    """The web pages' settings, members and per-hand lines."""

    # -- the server's consent -------------------------------------------------------------

    async def web_settings(self, guild_id: int) -> WebSettings:
        """The server's web settings (the defaults, without a key, if it has none)."""
        row = await self._one("SELECT * FROM web_guilds WHERE guild_id = ?", (guild_id,))
        if row is None:
            return WebSettings(guild_id)
        return WebSettings(
            guild_id=int(row["guild_id"]),
            visibility=row["visibility"],
            link_key=row["link_key"],
            min_hands=int(row["min_hands"]),
            name=row["name"],
            rotated_at=float(row["rotated_at"]),
        )

    async def change_web_settings(
        self,
        guild_id: int,
        *,
        visibility: Visibility | None = None,
        min_hands: int | None = None,
        name: str | None = None,
        rotate: bool = False,
    ) -> WebSettings:
        """Change some of the server's web settings (the row and its key are made the first
        time); ``rotate`` draws a new key, which revokes every link given so far."""
        if visibility is not None and visibility not in VISIBILITIES:
            raise ValueError(f"a visibility is one of {VISIBILITIES}, not {visibility!r}")
        if min_hands is not None and whole_count(min_hands) > MAX_MIN_HANDS:
            raise ValueError(f"the fewest hands to be ranked is 0 to {MAX_MIN_HANDS}")
        await self._run(
            "INSERT INTO web_guilds (guild_id, link_key, rotated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO NOTHING",
            (guild_id, new_link_key(), self.now),
        )
        changes: dict[str, object] = {}
        if visibility is not None:
            changes["visibility"] = visibility
        if min_hands is not None:
            changes["min_hands"] = min_hands
        if name is not None:
            changes["name"] = name[:NAME_LENGTH]
        if rotate:
            changes["link_key"] = new_link_key()
            changes["rotated_at"] = self.now
        await self._set_columns("web_guilds", guild_id, changes)
        return await self.web_settings(guild_id)

    async def guild_known(self, guild_id: int) -> bool:
        """Whether the database holds anything of this server (its settings, web or not)."""
        row = await self._one(
            "SELECT 1 FROM guilds WHERE guild_id = ?"
            " UNION ALL SELECT 1 FROM web_guilds WHERE guild_id = ?",
            (guild_id, guild_id),
        )
        return row is not None

    # -- members --------------------------------------------------------------------------

    async def remember_member(self, guild_id: int, user_id: int, name: str, avatar: str) -> None:
        """Store (or refresh) a member's name and avatar as his server shows them."""
        await self._run(
            "INSERT INTO web_members (guild_id, user_id, name, avatar, updated_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
            " name = excluded.name, avatar = excluded.avatar, updated_at = excluded.updated_at",
            (guild_id, user_id, name[:NAME_LENGTH], avatar[:AVATAR_LENGTH], self.now),
        )

    async def refresh_member(self, guild_id: int, user_id: int, name: str, avatar: str) -> None:
        """A stored member's new name or avatar in his server (nothing for one never stored)."""
        await self._run(
            "UPDATE web_members SET name = ?, avatar = ?, updated_at = ?"
            " WHERE guild_id = ? AND user_id = ?",
            (name[:NAME_LENGTH], avatar[:AVATAR_LENGTH], self.now, guild_id, user_id),
        )

    async def rename_member(
        self, user_id: int, before: tuple[str, str], after: tuple[str, str]
    ) -> int:
        """A user changed his own name or avatar: every server that showed the old one
        (no server nickname or avatar of its own) shows the new one. Returns the rows changed."""
        changed = 0
        for column, old, new, length in (
            ("name", before[0], after[0], NAME_LENGTH),
            ("avatar", before[1], after[1], AVATAR_LENGTH),
        ):
            if old == new:
                continue
            _, count = await self._run(
                f"UPDATE web_members SET {column} = ?, updated_at = ?"
                f" WHERE user_id = ? AND {column} = ?",
                (new[:length], self.now, user_id, old[:length]),
            )
            changed += max(count, 0)
        return changed

    async def set_member_hidden(self, guild_id: int, user_id: int, name: str, hidden: bool) -> None:
        """Keep a member's name off the server's public pages (or show it again)."""
        await self._run(
            "INSERT INTO web_members (guild_id, user_id, name, hidden, updated_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
            " hidden = excluded.hidden, updated_at = excluded.updated_at",
            (guild_id, user_id, name[:NAME_LENGTH], int(hidden), self.now),
        )

    async def web_members(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, WebMember]:
        """The stored members among ``user_ids`` (those never stored are left out)."""
        ids = sorted({int(u) for u in user_ids if not is_house(int(u))})
        out: dict[int, WebMember] = {}
        for start in range(0, len(ids), 500):
            part = ids[start : start + 500]
            marks = ", ".join("?" * len(part))
            rows = await self._all(
                "SELECT user_id, name, avatar, hidden FROM web_members"
                f" WHERE guild_id = ? AND user_id IN ({marks})",
                (guild_id, *part),
            )
            for r in rows:
                out[int(r["user_id"])] = WebMember(
                    int(r["user_id"]), r["name"], r["avatar"], bool(r["hidden"])
                )
        return out

    async def member_departed(self, guild_id: int, user_id: int, at: float) -> None:
        """The member left the server (left, kicked or banned) at ``at``: his links made
        before then open nothing (:meth:`departed_at`). Departures older than
        :data:`DEPARTURE_DAYS` are forgotten meanwhile."""
        await self._run(
            "INSERT INTO web_departed (guild_id, user_id, left_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET left_at = excluded.left_at",
            (guild_id, user_id, at),
        )
        await self._run(
            "DELETE FROM web_departed WHERE left_at < ?", (at - DEPARTURE_DAYS * 86_400,)
        )

    async def departed_at(self, guild_id: int, user_id: int) -> float | None:
        """When the member last left the server, if he did lately (None: never, or long ago)."""
        row = await self._one(
            "SELECT left_at FROM web_departed WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return None if row is None else float(row["left_at"])

    # -- per-hand lines -------------------------------------------------------------------

    async def record_hand_players(
        self, guild_id: int, hand_id: int, game: str, lines: Sequence[HandStats]
    ) -> None:
        """One line per member of a finished hand (house players are left out). On
        PostgreSQL one statement whatever the number of players, which waits to go with the
        next statement."""
        if self.dialect == "postgres":
            members = [line for line in lines if not is_house(line.user_id)]
            if members:
                await self._later(
                    "INSERT INTO hand_players (guild_id, user_id, hand_id, game, won, net, pot,"
                    " at) SELECT ?, v.user_id, ?, ?, v.won, v.net, v.pot, ?"
                    " FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[])"
                    " AS v (user_id, won, net, pot) ON CONFLICT DO NOTHING",
                    (
                        guild_id,
                        hand_id,
                        game,
                        self.now,
                        [m.user_id for m in members],
                        [int(m.won) for m in members],
                        [m.net for m in members],
                        [m.pot for m in members],
                    ),
                )
            return
        rows: list[object] = []
        for line in lines:
            if is_house(line.user_id):
                continue
            rows.extend(
                (guild_id, line.user_id, hand_id, game, int(line.won), line.net, line.pot, self.now)
            )
        if not rows:
            return
        one = "(?, ?, ?, ?, ?, ?, ?, ?)"
        await self._run(
            "INSERT INTO hand_players (guild_id, user_id, hand_id, game, won, net, pot, at)"
            f" VALUES {', '.join([one] * (len(rows) // 8))} ON CONFLICT DO NOTHING",
            rows,
        )

    async def player_hands(
        self, guild_id: int, user_id: int, *, limit: int = 10, best: bool = False
    ) -> list[PlayerHand]:
        """A player's latest finished hands, newest first, or (``best``) those that brought
        him the most chips."""
        order = "net DESC, hand_id DESC" if best else "hand_id DESC"
        rows = await self._all(
            "SELECT hand_id, game, won, net, pot, at FROM hand_players"
            f" WHERE guild_id = ? AND user_id = ?{' AND net > 0' if best else ''}"
            f" ORDER BY {order} LIMIT ?",
            (guild_id, user_id, limit),
        )
        return [
            PlayerHand(int(r[0]), r[1], bool(r[2]), int(r[3]), int(r[4]), float(r[5])) for r in rows
        ]

    async def net_series(self, guild_id: int, user_id: int, *, limit: int = 500) -> list[int]:
        """A player's chips won or lost over his last ``limit`` hands, oldest first, added up
        (the first value is his net after the first of those hands)."""
        rows = await self._all(
            "SELECT net FROM hand_players WHERE guild_id = ? AND user_id = ?"
            " ORDER BY hand_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        total, out = 0, []
        for r in reversed(rows):
            total += int(r[0])
            out.append(total)
        return out

    async def ranked(
        self,
        guild_id: int,
        metric: Metric,
        period: str,
        *,
        min_hands: int = 0,
        offset: int = 0,
        limit: int = 25,
        ascending: bool = False,
    ) -> tuple[list[RankedLine], int]:
        """A page of the leaderboard with every metric, ranked by ``metric`` (ties share a
        rank), and how many players are ranked: those with at least ``min_hands`` hands
        (and one) in the period. ``ascending`` reads the ranking from its end."""
        if metric not in METRICS:
            raise ValueError(f"unknown leaderboard metric {metric!r}; one of {METRICS}")
        source, key = await self._standings(guild_id, period_key(period, self.now))
        where = f"{source} AND hands_played >= ?{HOUSE_FILTER}"
        params: tuple[object, ...] = (*key, max(1, min_hands), LAST_HOUSE_PLAYER)
        total = await self._scalar(f"SELECT COUNT(*) FROM {where}", params)
        direction = "ASC" if ascending else "DESC"
        rows = await self._all(
            f"SELECT user_id, {', '.join(METRICS)}, RANK() OVER (ORDER BY {metric} DESC) AS place"
            f" FROM {where} ORDER BY {metric} {direction}, user_id LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        lines = [
            RankedLine(int(r["place"]), int(r["user_id"]), {m: int(r[m]) for m in METRICS})
            for r in rows
        ]
        return lines, total
