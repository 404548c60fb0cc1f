"""Random sequences of storage operations keep every wallet equal to its ledger."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.storage import (
    AlreadySeated,
    DailyNotReady,
    Database,
    InsufficientChips,
    InvalidAmount,
    NotSeated,
    SelfTransfer,
    StorageError,
    Transaction,
)
from tests.pgserver import SKIP_REASON, PgServer

G = 3
CHANNEL = 77
USERS = (1, 2, 3)

user = st.sampled_from(USERS)
amount = st.integers(min_value=-20, max_value=700)
operation = st.one_of(
    st.tuples(st.just("daily"), user),
    st.tuples(st.just("advance"), st.integers(min_value=0, max_value=30 * 3600)),
    st.tuples(st.just("grant"), user, amount),
    st.tuples(st.just("transfer"), user, user, amount),
    st.tuples(st.just("seat"), user, st.integers(min_value=0, max_value=600)),
    st.tuples(st.just("buy_in"), user, amount),
    st.tuples(st.just("cash_out"), user),
    st.tuples(
        st.just("hand"),
        user,
        user,
        st.integers(min_value=0, max_value=300),
        st.integers(min_value=-5, max_value=5),
        st.booleans(),
    ),
    st.tuples(st.just("close")),
)


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def run(ops: list[tuple[Any, ...]], server: PgServer | None = None) -> None:
    """Play ``ops`` on a fresh database: SQLite in memory, or one made on ``server``."""
    clock = Clock()
    target = ":memory:" if server is None else await server.create()
    try:
        await check(ops, target, clock)
    finally:
        if server is not None:
            await server.drop(target)


#: The daily bonus's cooldown with the default settings, in seconds.
DAILY_COOLDOWN = 20 * 3600


def refusal(
    op: tuple[Any, ...],
    wallets: dict[int, int],
    seated: set[int],
    last_daily: dict[int, float],
    now: float,
) -> type[StorageError] | None:
    """The refusal the storage layer owes ``op`` in the modelled state (None: it must
    succeed), in the order the checks are documented: the amount, then who, then the chips."""
    kind = op[0]
    if kind == "daily":
        last = last_daily.get(op[1])
        return DailyNotReady if last is not None and now < last + DAILY_COOLDOWN else None
    if kind == "grant":
        _, who, n = op
        if n == 0:
            return InvalidAmount
        return InsufficientChips if wallets[who] + n < 0 else None
    if kind == "transfer":
        _, src, dst, n = op
        if n <= 0:
            return InvalidAmount
        if src == dst:
            return SelfTransfer
        return InsufficientChips if wallets[src] < n else None
    if kind == "seat":
        _, who, n = op
        if who in seated:
            return AlreadySeated
        return InsufficientChips if wallets[who] < n else None
    if kind == "buy_in":
        _, who, n = op
        if n <= 0:
            return InvalidAmount
        if who not in seated:
            return NotSeated
        return InsufficientChips if wallets[who] < n else None
    if kind == "cash_out":
        return None if op[1] in seated else NotSeated
    return None  # advance, hand, close


async def check(ops: list[tuple[Any, ...]], target: str, clock: Clock) -> None:
    async with Database(target, clock=clock) as db:
        model = {u: 1000 for u in USERS}  # expected wallet balances
        seated: set[int] = set()
        last_daily: dict[int, float] = {}
        for u in USERS:
            await db.write(Transaction.ensure_wallet, G, u)
        table = await db.write(Transaction.create_table, G, CHANNEL, "bouillotte", USERS[0])
        for op in ops:
            kind = op[0]
            expected = refusal(op, model, seated, last_daily, clock.now)
            try:
                if kind == "daily":
                    claim = await db.write(Transaction.claim_daily, G, op[1])
                    model[op[1]] += claim.amount
                    last_daily[op[1]] = clock.now
                elif kind == "advance":
                    clock.now += op[1]
                elif kind == "grant":
                    model[op[1]] = await db.write(Transaction.grant, G, op[1], op[2])
                elif kind == "transfer":
                    _, src, dst, n = op
                    assert await db.write(Transaction.transfer, G, src, dst, n) == (
                        model[src] - n,
                        model[dst] + n,
                    )
                    model[src] -= n
                    model[dst] += n
                elif kind == "seat":
                    seat = await db.write(Transaction.seat, table.id, op[1], buy_in=op[2])
                    model[op[1]] -= seat.stack
                    seated.add(op[1])
                elif kind == "buy_in":
                    await db.write(Transaction.buy_in, table.id, op[1], op[2])
                    model[op[1]] -= op[2]
                elif kind == "cash_out":
                    model[op[1]] += (await db.write(Transaction.cash_out, table.id, op[1])).amount
                    seated.discard(op[1])
                elif kind == "hand":
                    await play_hand(db, table.id, *op[1:])
                elif kind == "close":
                    for cash in await db.write(Transaction.close_table, table.id):
                        model[cash.user_id] += cash.amount
                    seated.clear()
                    table = await db.write(
                        Transaction.create_table, G, CHANNEL, "bouillotte", USERS[0]
                    )
            except StorageError as exc:
                assert expected is not None and isinstance(exc, expected), (op, exc, expected)
                if isinstance(exc, InsufficientChips):
                    assert exc.have < exc.need
                event(f"{kind} refused: {type(exc).__name__}")
            else:
                assert expected is None, (op, "should have been refused", expected)
                event(f"{kind} done")
            for u in USERS:
                assert await db.write(Transaction.balance, G, u) == model[u] >= 0
            assert await db.query(Transaction.verify_ledger, G) == []
            census = await db.query(Transaction.chip_census, G)
            assert census.balanced, census


async def play_hand(
    db: Database, table_id: int, winner: int, loser: int, stake: int, jar: int, carry: bool
) -> None:
    """One hand: the loser pays the winner, maybe feeds the jar or leaves a carried pot."""
    seats = {s.user_id: s.stack for s in await db.query(Transaction.seats, table_id)}
    hand = await db.write(Transaction.create_hand, table_id, {"actions": []})
    await db.write(Transaction.append_action, hand.id, [winner, "bet", stake])
    if winner not in seats or loser not in seats or winner == loser:
        await db.write(Transaction.void_hand, hand.id)
        event("hand void")
        return
    pot = (await db.query(Transaction.get_table, table_id)).pot
    paid = min(stake, seats[loser])
    flambeau = max(-(await db.query(Transaction.jar_balance, G)), min(jar, paid))
    stacks = {loser: seats[loser] - paid, winner: seats[winner] + paid - flambeau}
    new_pot = paid // 2 if carry else 0
    stacks[winner] += pot - new_pot
    if stacks[winner] < 0:
        await db.write(Transaction.void_hand, hand.id)
        return
    await db.write(
        Transaction.finish_hand, hand.id, {"winner": winner}, stacks, flambeau=flambeau, pot=new_pot
    )


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(operation, min_size=5, max_size=40))
def test_ledger_balances_after_random_operations(ops: list[tuple[Any, ...]]) -> None:
    asyncio.run(run(ops))


@pytest.mark.postgres
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(ops=st.lists(operation, min_size=5, max_size=40))
def test_ledger_balances_after_random_operations_on_postgres(
    pg_server: PgServer | None, ops: list[tuple[Any, ...]]
) -> None:
    """The same property on PostgreSQL (fewer examples: a database each)."""
    if pg_server is None:
        pytest.skip(SKIP_REASON)
    asyncio.run(run(ops, pg_server))
