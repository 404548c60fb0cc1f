"""A server's seasons (schema v8, docs/seasons.md): numbered, at most one open.

While a season is open, :meth:`~bot.storage.stats.StatsTransaction.record_hand_stats` adds
each hand to the period ``season-<n>`` of the statistics as well, so the open season reads
like a week. Ending it moves those lines to ``season_standings`` in one transaction; from
then on its standings are read there, and nothing changes them (triggers refuse it).
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import Final

from bot.storage.errors import StorageError
from bot.storage.house import LAST_HOUSE_PLAYER
from bot.storage.models import METRICS, Champions, Season, season_of, season_period
from bot.storage.txbase import Row, TransactionBase

#: The longest season name kept.
SEASON_NAME_LENGTH: Final = 40
#: Members named for a metric's first place when several share it.
CHAMPIONS_NAMED: Final = 5
#: Leaves the house players out of a query on ``user_id`` (its parameter: LAST_HOUSE_PLAYER).
HOUSE_FILTER: Final = " AND NOT (user_id BETWEEN 11 AND ? AND user_id % 10 <> 0)"


class SeasonOpen(StorageError):
    """A season is open already: one at a time."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__("refuse-season-open", n=number)


class NoOpenSeason(StorageError):
    """No season is open (never started, or ended already)."""

    def __init__(self) -> None:
        super().__init__("refuse-season-none-open")


def _season(row: Row) -> Season:
    return Season(
        guild_id=int(row["guild_id"]),
        number=int(row["season"]),
        name=row["name"],
        started_at=float(row["started_at"]),
        started_by=int(row["started_by"]),
        ended_at=None if row["ended_at"] is None else float(row["ended_at"]),
        ended_by=None if row["ended_by"] is None else int(row["ended_by"]),
    )


class SeasonTransaction(TransactionBase):
    """Seasons: start, end (archiving the standings), list; where a period's standings are."""

    async def start_season(self, guild_id: int, name: str, *, by: int) -> Season:
        """Open the server's next season; :class:`SeasonOpen` while one is open."""
        await self._ensure_guild(guild_id)
        current = await self.open_season(guild_id)
        if current is not None:
            raise SeasonOpen(current.number)
        number = 1 + await self._scalar(
            "SELECT MAX(season) FROM seasons WHERE guild_id = ?", (guild_id,)
        )
        name = " ".join(name.split())[:SEASON_NAME_LENGTH]
        try:
            await self._run(
                "INSERT INTO seasons (guild_id, season, name, started_at, started_by)"
                " VALUES (?, ?, ?, ?, ?)",
                (guild_id, number, name, self.now, by),
            )
        except sqlite3.IntegrityError as exc:  # PostgreSQL: another start, at the same time
            raise SeasonOpen(number) from exc
        return Season(guild_id, number, name, self.now, by)

    async def end_season(self, guild_id: int, *, by: int) -> Season:
        """End the open season: its lines of the statistics move to its standings, in this
        transaction. :class:`NoOpenSeason` if none is open (so ending twice ends once)."""
        lock = " FOR UPDATE" if self.dialect == "postgres" else ""
        row = await self._one(  # PostgreSQL: waits for the hands counting in it (FOR SHARE)
            f"SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL{lock}", (guild_id,)
        )
        if row is None:
            raise NoOpenSeason()
        season = _season(row)
        columns = ", ".join(METRICS)
        await self._run(
            f"INSERT INTO season_standings (guild_id, season, user_id, {columns})"
            f" SELECT guild_id, {season.number:d}, user_id, {columns} FROM stats"
            f" WHERE guild_id = ? AND period = ? AND hands_played > 0{HOUSE_FILTER}",
            (guild_id, season.period, LAST_HOUSE_PLAYER),
        )
        await self._run(
            "DELETE FROM stats WHERE guild_id = ? AND period = ?", (guild_id, season.period)
        )
        await self._run(
            "UPDATE seasons SET ended_at = ?, ended_by = ? WHERE guild_id = ? AND season = ?",
            (self.now, by, guild_id, season.number),
        )
        return replace(season, ended_at=self.now, ended_by=by)

    async def open_season(self, guild_id: int) -> Season | None:
        """The server's open season, if any."""
        row = await self._one(
            "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
        )
        return None if row is None else _season(row)

    async def season(self, guild_id: int, number: int) -> Season | None:
        """One of the server's seasons, or None."""
        row = await self._one(
            "SELECT * FROM seasons WHERE guild_id = ? AND season = ?", (guild_id, number)
        )
        return None if row is None else _season(row)

    async def seasons(self, guild_id: int, *, limit: int = 25) -> list[Season]:
        """The server's latest seasons, the newest first."""
        rows = await self._all(
            "SELECT * FROM seasons WHERE guild_id = ? ORDER BY season DESC LIMIT ?",
            (guild_id, limit),
        )
        return [_season(r) for r in rows]

    async def season_players(self, guild_id: int, number: int) -> int:
        """How many members are in a season's standings (an ended season's archive, or the
        open season's statistics)."""
        source, params = await self._standings(guild_id, season_period(number))
        return await self._scalar(
            f"SELECT COUNT(*) FROM {source} AND hands_played > 0{HOUSE_FILTER}",
            (*params, LAST_HOUSE_PLAYER),
        )

    async def season_champions(
        self, guild_id: int, number: int, *, most: int = CHAMPIONS_NAMED
    ) -> list[Champions]:
        """The first place of each metric of a season (in ``METRICS`` order; a metric with
        nobody ranked is left out): its value, the first ``most`` of those who share it."""
        source, params = await self._standings(guild_id, season_period(number))
        ranked = f"{source} AND hands_played > 0{HOUSE_FILTER}"
        out: list[Champions] = []
        for metric in METRICS:
            rows = await self._all(
                "SELECT user_id, value, COUNT(*) OVER () AS tied FROM"
                f" (SELECT user_id, {metric} AS value, RANK() OVER (ORDER BY {metric} DESC)"
                f" AS place FROM {ranked}) AS board"
                " WHERE place = 1 ORDER BY user_id LIMIT ?",
                (*params, LAST_HOUSE_PLAYER, most),
            )
            if rows:
                users = tuple(int(r["user_id"]) for r in rows)
                out.append(Champions(metric, int(rows[0]["value"]), users, int(rows[0]["tied"])))
        return out

    # -- for the statistics ---------------------------------------------------------------

    async def _open_season_periods(self, guild_id: int) -> tuple[str, ...]:
        """``('season-<n>',)`` while the server has an open season, else ``()``. On
        PostgreSQL the season's row is shared until the hand commits, so its end waits for
        the hands being written and the hands after it see it ended."""
        share = " FOR SHARE" if self.writing and self.dialect == "postgres" else ""
        row = await self._one(
            f"SELECT season FROM seasons WHERE guild_id = ? AND ended_at IS NULL{share}",
            (guild_id,),
        )
        return () if row is None else (season_period(int(row[0])),)

    async def _standings(self, guild_id: int, period: str) -> tuple[str, tuple[object, ...]]:
        """Where a period's lines are: ``"<table> WHERE <condition>"`` and its parameters.
        An ended season's are in its archive, every other period's in the statistics."""
        number = season_of(period)
        if number is not None:
            ended = await self._one(
                "SELECT 1 FROM seasons WHERE guild_id = ? AND season = ? AND ended_at IS NOT NULL",
                (guild_id, number),
            )
            if ended is not None:
                return "season_standings WHERE guild_id = ? AND season = ?", (guild_id, number)
        return "stats WHERE guild_id = ? AND period = ?", (guild_id, period)
