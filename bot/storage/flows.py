"""Integrity: the chips that go from one member to another (pots won from whom, gifts), per
pair, and the hands where a member folded a strong hand to the one who took the pot.

A finished hand's flows are worked out from each player's stack change (:func:`split_flows`):
the chips the winners gained came from the losers, each loser giving each winner a share of
his loss proportional to that winner's gain. They are written in the transaction that
finishes the hand; a ``/give`` adds its chips in the transfer's transaction. House players
are left out (their chips come from the house bank). See docs/security.md, "Integrity".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.storage.house import is_house
from bot.storage.txbase import Row, TransactionBase

#: ``/admin flows`` defaults: a pair is listed when its one-way flow reaches this many chips…
FLOW_THRESHOLD = 500
#: …from the first hand that moved chips between them (a tournament's prizes count as one
#: hand; a gift needs none): a few large pots pass on as much as many small ones.
FLOW_MIN_HANDS = 1


def split_flows(deltas: Mapping[int, int]) -> dict[tuple[int, int], int]:
    """Who gave how many chips to whom in one hand, from each player's stack change.

    The chips that changed hands are ``min(Σ losses, Σ gains)`` (losses that went to the
    jar or stay carried on the table went to nobody; gains out of a carried pot came from
    nobody here). Loser ``l`` gives winner ``w`` that total × (l's loss / Σ losses) × (w's
    gain / Σ gains), in whole chips (largest remainders), so the flows add up exactly.

    >>> split_flows({1: -10, 2: -20, 3: 30})
    {(1, 3): 10, (2, 3): 20}
    >>> split_flows({1: -9, 2: 6, 3: 3})
    {(1, 2): 6, (1, 3): 3}
    >>> sorted(split_flows({1: -5, 2: -5, 3: 3, 4: 4}).items())  # 3 chips to the jar
    [((1, 3), 2), ((1, 4), 2), ((2, 3), 1), ((2, 4), 2)]
    """
    losers = sorted((u, -d) for u, d in deltas.items() if d < 0)
    winners = sorted((u, d) for u, d in deltas.items() if d > 0)
    lost = sum(n for _, n in losers)
    won = sum(n for _, n in winners)
    total = min(lost, won)
    if total <= 0:
        return {}
    # what each loser gives and each winner takes, in whole chips adding up to the total
    gives = _apportion(total, dict(losers))
    takes = _apportion(total, dict(winners))
    shares: dict[tuple[int, int], int] = {}
    remainders: list[tuple[int, int, int]] = []
    for giver, loss in losers:
        for taker, gain in winners:
            share, rest = divmod(total * loss * gain, lost * won)
            shares[(giver, taker)] = share
            remainders.append((-rest, giver, taker))
    given = {g: sum(shares[(g, t)] for t, _ in winners) for g, _ in losers}
    taken = {t: sum(shares[(g, t)] for g, _ in losers) for t, _ in winners}
    # the chips left by rounding down: one each to the largest remainders, within what each
    # gives and takes; then whatever is left, in order (it always fits: both sides add up)
    for _, giver, taker in sorted(remainders):
        if given[giver] < gives[giver] and taken[taker] < takes[taker]:
            shares[(giver, taker)] += 1
            given[giver] += 1
            taken[taker] += 1
    for giver, _ in losers:
        for taker, _ in winners:
            more = min(gives[giver] - given[giver], takes[taker] - taken[taker])
            shares[(giver, taker)] += more
            given[giver] += more
            taken[taker] += more
    return {pair: n for pair, n in shares.items() if n > 0}


def _apportion(total: int, weights: dict[int, int]) -> dict[int, int]:
    """``total`` shared in proportion to ``weights`` in whole numbers (largest remainders,
    then the smaller key)."""
    whole = sum(weights.values())
    parts = {k: total * w // whole for k, w in weights.items()}
    order = sorted(weights, key=lambda k: (-(total * weights[k] % whole), k))
    for k in order[: total - sum(parts.values())]:
        parts[k] += 1
    return parts


#: How a flow adds to a pair's line.
_UPSERT_FLOWS = (
    " ON CONFLICT (guild_id, from_user, to_user) DO UPDATE SET"
    " chips = chip_flows.chips + excluded.chips,"
    " hands = chip_flows.hands + excluded.hands,"
    " gifts = chip_flows.gifts + excluded.gifts,"
    " last_at = excluded.last_at"
)


@dataclass(frozen=True)
class ChipFlow:
    """Chips that went from one member to another, all time."""

    from_user: int
    to_user: int
    chips: int
    hands: int
    gifts: int
    last_at: float


@dataclass(frozen=True)
class StrongFold:
    """A hand where ``from_user`` folded a strong hand (``holding``: the combination's facts as
    JSON, for the UI to word) and ``to_user`` took the pot."""

    hand_id: int
    from_user: int
    to_user: int
    chips: int
    holding: str
    created_at: float


@dataclass(frozen=True)
class FlowPair:
    """A pair whose chips go one way: ``out`` from the giver to the taker, ``back`` the other
    way; ``net`` = out − back. ``folds``: the giver's strong folds to the taker."""

    giver: int
    taker: int
    out: ChipFlow
    back: ChipFlow | None
    folds: list[StrongFold] = field(default_factory=list)

    @property
    def net(self) -> int:
        return self.out.chips - (self.back.chips if self.back else 0)

    @property
    def hands(self) -> int:
        return self.out.hands + (self.back.hands if self.back else 0)


class FlowTransaction(TransactionBase):
    """Chip flows between members, and the evidence of strong folds."""

    async def _add_flows(
        self, guild_id: int, flows: list[tuple[int, int, int]], *, gift: bool
    ) -> None:
        """Add ``(from, to, chips)`` flows, each pair once, in one statement (PostgreSQL: the
        same text for any number of pairs, waiting to go with the next statement)."""
        if not flows:
            return
        if self.dialect == "postgres":
            await self._later(
                "INSERT INTO chip_flows (guild_id, from_user, to_user, chips, hands, gifts,"
                " last_at) SELECT ?, v.f, v.t, v.c, ?, CASE WHEN ? THEN v.c ELSE 0 END, ?"
                " FROM unnest(?::bigint[], ?::bigint[], ?::bigint[]) WITH ORDINALITY"
                " AS v (f, t, c, n) ORDER BY v.n" + _UPSERT_FLOWS,
                (
                    guild_id,
                    0 if gift else 1,
                    gift,
                    self.now,
                    [f for f, _, _ in flows],
                    [t for _, t, _ in flows],
                    [c for _, _, c in flows],
                ),
            )
            return
        values: list[object] = []
        for from_user, to_user, chips in flows:
            values += (guild_id, from_user, to_user, chips, 0 if gift else 1, chips if gift else 0)
            values.append(self.now)
        await self._run(
            "INSERT INTO chip_flows (guild_id, from_user, to_user, chips, hands, gifts, last_at)"
            " VALUES " + ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(flows)) + _UPSERT_FLOWS,
            values,
        )

    async def record_hand_flows(
        self,
        guild_id: int,
        hand_id: int,
        deltas: Mapping[int, int],
        strong: Mapping[int, str] | None = None,
    ) -> dict[tuple[int, int], int]:
        """Add a finished hand's flows (``deltas``: each player's stack after − before) and,
        for each folder in ``strong`` (user → his holding's facts as JSON), one piece of
        evidence per player who took chips from him. Returns the flows."""
        members = {u: d for u, d in deltas.items() if not is_house(u)}
        flows = split_flows(members)
        await self._add_flows(guild_id, [(g, t, c) for (g, t), c in flows.items()], gift=False)
        evidence: list[object] = []
        for folder, holding in (strong or {}).items():
            for (giver, taker), chips in flows.items():
                if giver == folder:
                    evidence += (guild_id, hand_id, giver, taker, chips, holding, self.now)
        if evidence:  # one statement for the hand's evidence
            await self._later(
                "INSERT INTO strong_folds (guild_id, hand_id, from_user, to_user, chips,"
                " holding, created_at) VALUES "
                + ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * (len(evidence) // 7)),
                evidence,
            )
        return flows

    async def record_prize_flows(
        self, guild_id: int, deltas: Mapping[int, int]
    ) -> dict[tuple[int, int], int]:
        """A finished tournament's flows: each member's prize minus his buy-in
        (``deltas``), the buy-ins that became others' prizes shared as a hand's pot is (one
        hand between each pair). Returns the flows."""
        flows = split_flows({u: d for u, d in deltas.items() if not is_house(u)})
        await self._add_flows(guild_id, [(g, t, c) for (g, t), c in flows.items()], gift=False)
        return flows

    async def record_gift(self, guild_id: int, from_user: int, to_user: int, chips: int) -> None:
        """A ``/give`` between two members."""
        if chips > 0 and not is_house(from_user) and not is_house(to_user):
            await self._add_flows(guild_id, [(from_user, to_user, chips)], gift=True)

    async def chip_flows(self, guild_id: int) -> list[ChipFlow]:
        """Every pair's flow in the guild, largest first."""
        rows = await self._all(
            "SELECT * FROM chip_flows WHERE guild_id = ? ORDER BY chips DESC, from_user, to_user",
            (guild_id,),
        )
        return [_flow(r) for r in rows]

    async def strong_folds(
        self,
        guild_id: int,
        from_user: int,
        to_user: int,
        *,
        since: float = 0.0,
        limit: int = 20,
    ) -> list[StrongFold]:
        """``from_user``'s strong folds to ``to_user``, newest first."""
        rows = await self._all(
            "SELECT * FROM strong_folds WHERE guild_id = ? AND from_user = ? AND to_user = ?"
            " AND created_at >= ? ORDER BY id DESC LIMIT ?",
            (guild_id, from_user, to_user, since, limit),
        )
        return [
            StrongFold(
                r["hand_id"],
                r["from_user"],
                r["to_user"],
                r["chips"],
                r["holding"],
                r["created_at"],
            )
            for r in rows
        ]

    async def flow_pairs(
        self,
        guild_id: int,
        *,
        threshold: int = FLOW_THRESHOLD,
        min_hands: int = FLOW_MIN_HANDS,
        since: float = 0.0,
        limit: int = 10,
        evidence: int = 10,
    ) -> list[FlowPair]:
        """The pairs whose one-way flow (out − back) reaches ``threshold`` chips, over at least
        ``min_hands`` hands between them or with a gift, active since ``since``; the largest
        first, each with up to ``evidence`` strong folds."""
        rows = await self._all(
            "SELECT a.from_user, a.to_user, a.chips, a.hands, a.gifts, a.last_at,"
            " b.chips AS b_chips, b.hands AS b_hands, b.gifts AS b_gifts, b.last_at AS b_last"
            " FROM chip_flows AS a LEFT JOIN chip_flows AS b ON b.guild_id = a.guild_id"
            " AND b.from_user = a.to_user AND b.to_user = a.from_user"
            " WHERE a.guild_id = ? AND a.chips - COALESCE(b.chips, 0) >= ?"
            " AND (a.hands + COALESCE(b.hands, 0) >= ? OR a.gifts > 0)"
            " AND (a.last_at >= ? OR COALESCE(b.last_at, 0) >= ?)"
            " ORDER BY a.chips - COALESCE(b.chips, 0) DESC, a.from_user, a.to_user LIMIT ?",
            (guild_id, max(1, threshold), min_hands, since, since, limit),
        )
        pairs = []
        for r in rows:
            back = None
            if r["b_chips"] is not None:
                back = ChipFlow(
                    r["to_user"],
                    r["from_user"],
                    r["b_chips"],
                    r["b_hands"],
                    r["b_gifts"],
                    r["b_last"],
                )
            folds = await self.strong_folds(
                guild_id, r["from_user"], r["to_user"], since=since, limit=evidence
            )
            pairs.append(FlowPair(r["from_user"], r["to_user"], _flow(r), back, folds))
        return pairs

    async def record_own_hands(self, guild_id: int, users: list[int]) -> None:
        """One more hand really played (a move of his own, at a cash table) for each member
        in ``users``: what unlocks his welcome grant (``/admin limits grant_hands``)."""
        keys = sorted({_played_key(guild_id, u) for u in users if not is_house(u)})
        if not keys:
            return
        await self._later(
            "INSERT INTO bot_meta (key, value) VALUES "
            + ", ".join(["(?, '1')"] * len(keys))
            + " ON CONFLICT (key) DO UPDATE SET"
            " value = CAST(CAST(bot_meta.value AS INTEGER) + 1 AS TEXT)",
            keys,
        )

    async def hands_really_played(self, guild_id: int, user_id: int) -> int:
        """The hands where the member made a move himself at a cash table (no tournament,
        practice or automatic move counts)."""
        row = await self._one(
            "SELECT value FROM bot_meta WHERE key = ?", (_played_key(guild_id, user_id),)
        )
        return 0 if row is None else int(row[0])

    async def welcome_grant(self, guild_id: int, user_id: int) -> int:
        """The chips of the member's welcome grant (0 if he has none, or it was archived)."""
        return await self._scalar(
            "SELECT SUM(amount) FROM ledger WHERE guild_id = ? AND user_id = ?"
            " AND kind = 'grant' AND note = 'welcome'",
            (guild_id, user_id),
        )


def _played_key(guild_id: int, user_id: int) -> str:
    return f"hands_played:{guild_id}:{user_id}"


def _flow(row: Row) -> ChipFlow:
    return ChipFlow(
        row["from_user"], row["to_user"], row["chips"], row["hands"], row["gifts"], row["last_at"]
    )
