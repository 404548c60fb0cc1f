"""Fair dealing's seeds (docs/fairness-spec.md): each table's server seeds and its players' seeds.

A table has one **current** server seed (its commitment is public, the seed secret); a seed
the table no longer deals with is **retired** until no pack shuffled with it can come into
play, then **revealed**: its hands' stored records get the seed filled in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Literal

from bot.storage.txbase import Row, TransactionBase, dump_json

SeedStatus = Literal["current", "retired", "revealed"]


@dataclass(frozen=True, slots=True)
class ServerSeed:
    """One server seed of a table. ``deals`` is the nonce of its next deal; ``last_deal``
    the number (Brag's ``deal_no``, else the hand number) of the last deal made with it;
    ``shuffled_at`` the deal whose shuffle made the pack in hand (Brag's continuity);
    ``reseed_asked`` a player asked for a new seed (it is retired when the hand ends)."""

    id: int
    table_id: int
    server_seed: str
    commitment: str
    deals: int
    status: SeedStatus
    reseed_asked: bool
    last_deal: int | None
    shuffled_at: int | None
    created_at: float
    revealed_at: float | None

    @property
    def revealed(self) -> bool:
        return self.status == "revealed"


class SeedTransaction(TransactionBase):
    """Server seeds and client seeds."""

    @staticmethod
    def _server_seed(row: Row) -> ServerSeed:
        return ServerSeed(
            id=row["id"],
            table_id=row["table_id"],
            server_seed=row["server_seed"],
            commitment=row["commitment"],
            deals=row["deals"],
            status=row["status"],
            reseed_asked=bool(row["reseed_asked"]),
            last_deal=row["last_deal"],
            shuffled_at=row["shuffled_at"],
            created_at=row["created_at"],
            revealed_at=row["revealed_at"],
        )

    async def add_server_seed(self, table_id: int, server_seed: str, commitment: str) -> ServerSeed:
        """The table's new current seed (the caller retires the old one first)."""
        row = await self._one(
            "INSERT INTO server_seeds (table_id, server_seed, commitment, created_at)"
            " VALUES (?, ?, ?, ?) RETURNING *",
            (table_id, server_seed, commitment, self.now),
        )
        assert row is not None
        return self._server_seed(row)

    async def current_server_seed(self, table_id: int) -> ServerSeed | None:
        row = await self._one(
            "SELECT * FROM server_seeds WHERE table_id = ? AND status = 'current'", (table_id,)
        )
        return None if row is None else self._server_seed(row)

    async def server_seeds(self, table_id: int) -> list[ServerSeed]:
        """Every seed of the table, oldest first."""
        rows = await self._all(
            "SELECT * FROM server_seeds WHERE table_id = ? ORDER BY id", (table_id,)
        )
        return [self._server_seed(r) for r in rows]

    async def count_server_seeds(self) -> int:
        return await self._scalar("SELECT COUNT(*) FROM server_seeds")

    async def count_deal(self, seed: ServerSeed, deal: int, *, shuffled: bool) -> ServerSeed:
        """One more deal made with ``seed`` (the seed as stored: ``deal`` its number); the seed
        as it is now. The write waits to go with the next statement (PostgreSQL)."""
        await self._later(
            "UPDATE server_seeds SET deals = deals + 1, last_deal = ?,"
            " shuffled_at = CASE WHEN ? = 1 THEN ? ELSE shuffled_at END WHERE id = ?",
            (deal, int(shuffled), deal, seed.id),
        )
        return replace(
            seed,
            deals=seed.deals + 1,
            last_deal=deal,
            shuffled_at=deal if shuffled else seed.shuffled_at,
        )

    async def ask_reseed(self, seed_id: int) -> None:
        await self._run("UPDATE server_seeds SET reseed_asked = 1 WHERE id = ?", (seed_id,))

    async def retire_server_seed(self, seed_id: int) -> None:
        await self._run(
            "UPDATE server_seeds SET status = 'retired' WHERE id = ? AND status = 'current'",
            (seed_id,),
        )

    async def reveal_server_seed(self, seed_id: int) -> ServerSeed:
        """Publish a retired seed: mark it and fill it into its hands' stored records."""
        row = await self._one(
            "UPDATE server_seeds SET status = 'revealed', revealed_at = ? WHERE id = ? RETURNING *",
            (self.now, seed_id),
        )
        assert row is not None
        seed = self._server_seed(row)
        if self.dialect == "sqlite":
            await self._run(
                "UPDATE hands SET record = json_set(record, '$.fair.server_seed', ?)"
                " WHERE table_id = ? AND json_extract(record, '$.fair.commitment') = ?",
                (seed.server_seed, seed.table_id, seed.commitment),
            )
            return seed
        # PostgreSQL's JSON functions would rewrite the whole text: edit it here instead
        hands = await self._all(
            "SELECT id, record FROM hands WHERE table_id = ? AND "
            + self._json_text("record", "fair", "commitment")
            + " = ? ORDER BY id"
            + self.for_update,
            (seed.table_id, seed.commitment),
        )
        records = []
        for hand in hands:
            record = json.loads(hand["record"])
            record["fair"]["server_seed"] = seed.server_seed
            records.append(dump_json(record))
        if records:  # one statement for every hand
            await self._later(
                "UPDATE hands SET record = v.record FROM unnest(?::bigint[], ?::text[])"
                " AS v (id, record) WHERE hands.id = v.id",
                ([hand["id"] for hand in hands], records),
            )
        return seed

    async def hands_dealt_with(self, seed: ServerSeed) -> int:
        """How many of its table's hands a seed dealt (read from the table's hands only)."""
        return await self._scalar(
            "SELECT COUNT(*) FROM hands WHERE table_id = ? AND "
            + self._json_text("record", "fair", "commitment")
            + " = ?",
            (seed.table_id, seed.commitment),
        )

    async def closed_tables_with_secret_seeds(self) -> list[int]:
        """Closed tables with a seed not revealed (the process stopped in between)."""
        rows = await self._all(
            "SELECT DISTINCT s.table_id FROM server_seeds AS s"
            " JOIN card_tables AS t ON t.id = s.table_id"
            " WHERE t.status = 'closed' AND s.status <> 'revealed'"
        )
        return [int(r[0]) for r in rows]

    # -- client seeds --------------------------------------------------------------------

    async def set_client_seed(self, table_id: int, user_id: int, seed: str) -> None:
        """A player's seed at a table (waits to go with the next statement on PostgreSQL)."""
        await self._later(
            "INSERT INTO client_seeds (table_id, user_id, seed, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (table_id, user_id) DO UPDATE SET seed = excluded.seed,"
            " updated_at = excluded.updated_at",
            (table_id, user_id, seed, self.now),
        )

    async def client_seeds(self, table_id: int) -> dict[int, str]:
        rows = await self._all(
            "SELECT user_id, seed FROM client_seeds WHERE table_id = ?", (table_id,)
        )
        return {int(r["user_id"]): str(r["seed"]) for r in rows}
