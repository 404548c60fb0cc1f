"""Statistics and leaderboards: all-time, weekly and the open season's (an ended season's
standings are archived: :mod:`bot.storage.seasons`)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.storage.house import LAST_HOUSE_PLAYER, is_house
from bot.storage.models import (
    ALL_TIME,
    METRICS,
    HandStats,
    LeaderboardEntry,
    Metric,
    is_period,
    iso_week,
)
from bot.storage.seasons import SeasonTransaction
from bot.storage.txbase import CURRENT_WEEK


def period_key(period: str, now: float) -> str:
    """How the statistics spell a period: 'all', an ISO week (``week``: the one of ``now``),
    a season ('season-3').

    >>> period_key("all", 0), period_key("week", 0), period_key("2026-W47", 0)
    ('all', '1970-W01', '2026-W47')
    """
    if period == CURRENT_WEEK:
        return iso_week(now)
    if not is_period(period):
        raise ValueError(
            f"a period is 'all', 'week', like '2026-W47' or 'season-3', not {period!r}"
        )
    return period


#: How a hand's line adds to a player's line of a period.
_UPSERT_STATS = (
    " ON CONFLICT (guild_id, period, user_id) DO UPDATE SET"
    " hands_played = stats.hands_played + excluded.hands_played,"
    " hands_won = stats.hands_won + excluded.hands_won,"
    " net_chips = stats.net_chips + excluded.net_chips,"
    " biggest_pot = CASE WHEN stats.biggest_pot > excluded.biggest_pot"
    " THEN stats.biggest_pot ELSE excluded.biggest_pot END,"
    " brelans = stats.brelans + excluded.brelans,"
    " square_brelans = stats.square_brelans + excluded.square_brelans,"
    " prials = stats.prials + excluded.prials"
)


class StatsTransaction(SeasonTransaction):
    """Per-player statistics and the leaderboards."""

    # -- statistics ----------------------------------------------------------------------

    def _period(self, period: str) -> str:
        return period_key(period, self.now)

    async def record_hand_stats(
        self,
        guild_id: int,
        lines: Iterable[HandStats],
        *,
        at: float | None = None,
        with_next: bool = False,
    ) -> None:
        """Add one finished hand to each player's all-time and weekly statistics, and to the
        open season's if there is one (its row shared until the commit: an end of the season
        waits for the hand).

        ``at`` (unix seconds) picks the ISO week; by default the transaction's time.
        ``with_next``: on PostgreSQL the statistics go with the transaction's next statement
        (in its round trip; the season's row is shared from then on), not at once.
        """
        await self._ensure_guild(guild_id)
        periods: tuple[str, ...] = (ALL_TIME, iso_week(self.now if at is None else at))
        if self.dialect == "postgres":
            await self._pg_hand_stats(guild_id, periods, lines, with_next)
            return
        periods += await self._open_season_periods(guild_id)
        rows: list[object] = []
        for line in lines:
            if is_house(line.user_id):
                continue  # house players are in no statistics nor leaderboard
            values = (
                1,
                int(line.won),
                line.net,
                line.pot,
                line.brelans,
                line.square_brelans,
                line.prials,
            )
            for period in periods:
                rows.extend((guild_id, period, line.user_id, *values))
        if not rows:
            return
        one_row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        await self._run(  # one statement for every line of the hand
            "INSERT INTO stats (guild_id, period, user_id, hands_played, hands_won,"
            " net_chips, biggest_pot, brelans, square_brelans, prials)"
            f" VALUES {', '.join([one_row] * (len(rows) // 10))}" + _UPSERT_STATS,
            rows,
        )

    #: :meth:`record_hand_stats` on PostgreSQL: one statement, the same text for any number
    #: of players, the open season's period found (and its row shared, as
    #: :meth:`_open_season_periods` does) in it.
    _PG_HAND_STATS = (
        "INSERT INTO stats (guild_id, period, user_id, hands_played, hands_won, net_chips,"
        " biggest_pot, brelans, square_brelans, prials)"
        " SELECT g.guild, p.period, l.user_id, 1, l.won, l.net, l.pot, l.brelans, l.square,"
        " l.prials FROM (SELECT ?::bigint AS guild) AS g,"
        " unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[],"
        " ?::bigint[]) WITH ORDINALITY AS l (user_id, won, net, pot, brelans, square, prials, n),"
        " unnest(?::text[] || ARRAY(SELECT 'season-' || s.season FROM seasons AS s"
        " WHERE s.guild_id = ? AND s.ended_at IS NULL FOR SHARE)) WITH ORDINALITY AS p (period, k)"
        " ORDER BY l.n, p.k" + _UPSERT_STATS
    )

    async def _pg_hand_stats(
        self, guild_id: int, periods: tuple[str, ...], lines: Iterable[HandStats], later: bool
    ) -> None:
        members = [line for line in lines if not is_house(line.user_id)]
        if not members:
            return
        columns: list[list[int]] = [
            [m.user_id for m in members],
            [int(m.won) for m in members],
            [m.net for m in members],
            [m.pot for m in members],
            [m.brelans for m in members],
            [m.square_brelans for m in members],
            [m.prials for m in members],
        ]
        params = (guild_id, *columns, list(periods), guild_id)
        if later:
            await self._later(self._PG_HAND_STATS, params)
        else:  # share the season's row now, as _open_season_periods does
            await self._run(self._PG_HAND_STATS, params)

    async def player_stats(
        self, guild_id: int, user_id: int, period: str = ALL_TIME
    ) -> dict[str, int]:
        """One player's statistics for a period (all zero if they have none)."""
        source, params = await self._standings(guild_id, self._period(period))
        row = await self._one(
            f"SELECT {', '.join(METRICS)} FROM {source} AND user_id = ?", (*params, user_id)
        )
        return {m: (0 if row is None else int(row[m])) for m in METRICS}

    async def leaderboard(
        self, guild_id: int, metric: Metric, period: str = ALL_TIME, limit: int = 10
    ) -> list[LeaderboardEntry]:
        """The top players for a metric; ``period`` is 'all', 'week' (current), an ISO week
        or a season ('season-3')."""
        if metric not in METRICS:
            raise ValueError(f"unknown leaderboard metric {metric!r}; one of {METRICS}")
        source, params = await self._standings(guild_id, self._period(period))
        rows = await self._all(
            f"SELECT user_id, {metric} AS value FROM {source} AND hands_played > 0"
            " AND NOT (user_id BETWEEN 11 AND ? AND user_id % 10 <> 0)"  # house players
            " ORDER BY value DESC, user_id LIMIT ?",
            (*params, LAST_HOUSE_PLAYER, limit),
        )
        entries: list[LeaderboardEntry] = []
        for index, r in enumerate(rows, start=1):
            rank = entries[-1].rank if entries and entries[-1].value == r["value"] else index
            entries.append(LeaderboardEntry(rank, r["user_id"], r["value"]))
        return entries
