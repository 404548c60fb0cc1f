"""Round trips to PostgreSQL (docs/scaling.md, "What made PostgreSQL faster"): a player's
action is one statement, which the actions of other tables waiting at the same moment share;
the action that ends a hand, with the next deal, five (BEGIN, the action, the hand's end, the
next hand with the last one's statistics, COMMIT); a member who has a wallet sitting down
four. Counted at asyncpg's connection, as the server sees them, with a table lease held (as
the bot runs on PostgreSQL) and fair dealing on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from bot.runtime import ManualClock, RecordingPresenter, TableManager
from bot.storage import Database, Transaction
from tests.pgserver import SKIP_REASON, PgServer
from tests.test_runtime_support import CHANNEL, GUILD, balanced, friendly

pytestmark = pytest.mark.postgres

A, B, C, D = 901, 902, 903, 904


class Counter:
    """The statements sent to the server (BEGIN and COMMIT included), at asyncpg's
    connection."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[str] = []
        for name in ("fetch", "execute"):
            sent = getattr(asyncpg.Connection, name)
            monkeypatch.setattr(asyncpg.Connection, name, self._counted(sent))

    def _counted(self, method: Any) -> Any:
        async def counted(conn: asyncpg.Connection, query: str, *args: Any, **kw: Any) -> Any:
            self.sent.append(query)
            return await method(conn, query, *args, **kw)

        return counted

    def take(self) -> list[str]:
        sent, self.sent = self.sent, []
        return sent


@pytest.fixture
async def manager(pg_server: PgServer | None) -> AsyncIterator[TableManager]:
    if pg_server is None:
        pytest.skip(SKIP_REASON)
    target = await pg_server.create()
    db = await Database.open(target)
    manager = TableManager(db, RecordingPresenter(), clock=ManualClock(), lease_owner="p1")
    await manager.resume()
    yield manager
    await manager.aclose()
    await db.close()
    await pg_server.drop(target)


async def test_an_action_a_hand_end_and_a_seat_in_few_round_trips(
    manager: TableManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await manager.create_table(GUILD, CHANNEL, "brelan", A, {"carre": "off"})
    for user in (A, B, C):
        await manager.join(table, user)
    await manager.start(table, A)
    counter = Counter(monkeypatch)
    ends: list[list[str]] = []
    for _ in range(400):
        hand = (await manager.status(table))["hand"]
        verb, amount = friendly(hand["legal"])
        counter.take()
        await manager.act(table, int(hand["to_act"]), verb, amount)
        sent = counter.take()
        after = (await manager.status(table))["hand"]
        if after is not None and after["id"] == hand["id"]:
            assert len(sent) == 1, sent  # an action: one statement, its own transaction
        else:
            ends.append(sent)
            if len(ends) == 2:
                break
    # the hand's end and the next deal: BEGIN, the action, the end, the deal, COMMIT
    assert [len(sent) for sent in ends] == [5, 5], [[s[:70] for s in sent] for sent in ends]
    assert ends[-1][0].startswith("BEGIN") and ends[-1][-1] == "COMMIT"
    await manager.db.write(Transaction.ensure_wallet, GUILD, D)  # he has played here before
    counter.take()
    await manager.join(table, D)  # a hand is in play: he sits, and waits for the next deal
    sent = counter.take()
    assert len(sent) == 4, sent  # BEGIN, the seat and its buy-in, his seed and the table, COMMIT
    assert await manager.db.query(Transaction.get_seat, table, D) is not None
    await balanced(manager.db)


async def test_actions_at_several_tables_at_once_share_a_statement(
    manager: TableManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = []
    for k in range(8):
        table = await manager.create_table(GUILD, CHANNEL + k, "brelan", A, {"carre": "off"})
        for user in (A, B, C):
            await manager.join(table, user)
        await manager.start(table, A)
        tables.append(table)
    before = {t: (await manager.status(t))["hand"] for t in tables}
    counter = Counter(monkeypatch)

    async def act(table: int) -> None:
        hand = before[table]
        verb, amount = friendly(hand["legal"])
        await manager.act(table, int(hand["to_act"]), verb, amount)

    await asyncio.gather(*(act(t) for t in tables))
    sent = counter.take()
    assert 1 < len(sent) < len(tables), sent  # the first two at once, the others together
    for table in tables:
        hand = (await manager.status(table))["hand"]
        assert hand["id"] != before[table]["id"] or hand["actions"] == before[table]["actions"] + 1
    await balanced(manager.db)
