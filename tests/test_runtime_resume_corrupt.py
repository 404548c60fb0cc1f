"""Resume never dies of one table (issue 11): a stored hand that does not replay puts its
table in a visible "needs attention" state, chips held, and every other table resumes."""

from __future__ import annotations

import json

import pytest

from bot.runtime import TableError
from bot.runtime.errors import TableUnavailable
from bot.runtime.manager import NEEDS_ATTENTION
from bot.storage import Transaction
from tests.test_runtime_support import CHANNEL, GUILD, Env, balanced

A, B, C, D, ADMIN = 701, 702, 703, 704, 799


async def test_a_corrupt_hand_holds_its_table_and_the_others_resume(env: Env) -> None:
    m = env.manager
    good = await m.create_table(GUILD, CHANNEL, "brelan", A, {"cave": 30})
    bad = await m.create_table(GUILD, CHANNEL + 1, "bouillotte", C, {"cave": 30})
    for table, users in ((good, (A, B)), (bad, (C, D))):
        for user in users:
            await m.join(table, user)
        await m.start(table, users[0])
    broken = await env.db.query(Transaction.current_hand, bad)
    assert broken is not None
    record = {**broken.record, "actions": [["nobody", "raise", 10**9]]}
    async with env.db.transaction() as tx:
        await tx.conn.execute(
            "UPDATE hands SET record = ? WHERE id = ?", (json.dumps(record), broken.id)
        )

    env2 = await env.reopen()
    try:
        m2 = env2.manager
        # the good table resumed and plays on
        hand = (await m2.status(good))["hand"]
        assert hand is not None
        await m2.act(
            good, int(hand["to_act"]), hand["legal"][0]["verb"], hand["legal"][0].get("min")
        )
        # the broken one refuses requests, says so on its message, and keeps its chips
        with pytest.raises(TableUnavailable, match="needs attention"):
            await m2.status(bad)
        with pytest.raises(TableError, match="needs attention"):
            await m2.join(bad, A)
        said = [t for (tid, t, _) in env2.presenter.announcements if tid == bad]
        assert said == [NEEDS_ATTENTION]
        update = [s for (tid, s) in env2.presenter.updates if tid == bad][-1]
        assert update["needs_attention"] is True
        assert {s.user_id: s.stack for s in await env2.db.query(Transaction.seats, bad)} == {
            C: 30,
            D: 30,
        }
        # a server manager closes it: every chip goes home by the ledger
        await m2.close_now(bad, ADMIN)
        for user in (C, D):
            assert await env2.db.write(Transaction.balance, GUILD, user) == 1000
        await balanced(env2.db)
    finally:
        env.db = env2.db
