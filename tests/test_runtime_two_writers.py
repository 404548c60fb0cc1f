"""One writer per table (issue 11): two bot processes on one database (an overlapping
redeploy) cannot both write an action for the same turn."""

from __future__ import annotations

import pytest

from bot.games.replay import load_record, replay_record
from bot.storage import StaleHand, Transaction
from tests.test_runtime_support import CHANNEL, GUILD, balanced, make_env

A, B = 801, 802


async def test_two_managers_on_one_database_store_one_action_per_turn(db_target: str) -> None:
    first = await make_env(db_target)
    table = await first.manager.create_table(GUILD, CHANNEL, "brelan", A, {"carre": "off"})
    for user in (A, B):
        await first.manager.join(table, user)
    hand_id = await first.manager.start(table, A)
    second = await make_env(db_target)  # a second process resumes the same table
    try:
        hand = (await first.manager.status(table))["hand"]
        to_act, verb = int(hand["to_act"]), hand["legal"][0]["verb"]
        amount = hand["legal"][0].get("min")
        await first.manager.act(table, to_act, verb, amount)
        with pytest.raises(StaleHand):
            await second.manager.act(table, to_act, verb, amount)
        stored = await first.db.query(Transaction.get_hand, hand_id)
        assert len(stored.record["actions"]) == 1
        replay_record(load_record(stored.record))  # still replays
        # the refused process reloaded the table: it now sees the move and goes on from it
        assert (await second.manager.status(table))["hand"]["to_act"] != str(to_act)
        await balanced(first.db)
    finally:
        for env in (second, first):
            for t in env.manager.tables.values():
                if t.timer is not None:
                    t.timer.cancel()
            await env.db.close()
