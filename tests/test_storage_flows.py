"""Integrity in storage: chip flows between members (pots and gifts) and strong folds, on both
backends (schema v5)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.storage import Database, InsufficientChips, Transaction
from bot.storage.flows import split_flows

G, C = 1, 10
ALICE, BOB, CAROL = 101, 102, 103
RECORD = {"game": "bouillotte", "players": [], "hands": {}, "actions": []}


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def balanced(db: Database) -> bool:
    census = await db.query(Transaction.chip_census, G)
    return census.balanced and not await db.query(Transaction.verify_ledger, G)


@given(st.dictionaries(st.integers(1, 8), st.integers(-500, 500), max_size=6))
def test_a_hands_flows_add_up_to_the_chips_that_changed_hands(deltas: dict[int, int]) -> None:
    flows = split_flows(deltas)
    lost = -sum(d for d in deltas.values() if d < 0)
    won = sum(d for d in deltas.values() if d > 0)
    assert sum(flows.values()) == min(lost, won)
    for user, delta in deltas.items():
        given_ = sum(n for (g, _), n in flows.items() if g == user)
        taken = sum(n for (_, t), n in flows.items() if t == user)
        assert given_ <= max(0, -delta) and taken <= max(0, delta)
        assert not (given_ and taken)  # nobody both gives and takes in one hand


async def test_a_finished_hand_records_its_flows_in_the_same_transaction(db: Database) -> None:
    table = await db.write(Transaction.create_table, G, C, "bouillotte", ALICE)
    for user in (ALICE, BOB, CAROL):
        await db.write(Transaction.seat, table.id, user, buy_in=100)
    before = await db.query(Transaction.chip_census, G)
    hand = await db.write(Transaction.create_hand, table.id, RECORD)
    # Alice takes 30 from Bob and 10 from Carol; 2 chips go to the flambeau jar
    async with db.transaction() as tx:
        await tx.finish_hand(hand.id, {}, {ALICE: 138, BOB: 70, CAROL: 90}, flambeau=2)
        flows = await tx.record_hand_flows(
            G, hand.id, {ALICE: 38, BOB: -30, CAROL: -10}, {BOB: '{"kind": "brelan"}'}
        )
    assert flows == {(BOB, ALICE): 29, (CAROL, ALICE): 9}
    assert sum(flows.values()) == 38  # every chip Alice won, from whom
    census = await db.query(Transaction.chip_census, G)
    assert census.balanced and census.minted == before.minted
    # a second hand adds up; a gift counts as a flow too, in the transfer's transaction
    second = await db.write(Transaction.create_hand, table.id, RECORD)
    async with db.transaction() as tx:
        await tx.finish_hand(second.id, {}, {ALICE: 128, BOB: 80})
        await tx.record_hand_flows(G, second.id, {ALICE: -10, BOB: 10})
    await db.write(Transaction.transfer, G, BOB, ALICE, 300)
    rows = {
        (f.from_user, f.to_user): (f.chips, f.hands, f.gifts)
        for f in await db.query(Transaction.chip_flows, G)
    }
    assert rows == {
        (BOB, ALICE): (329, 1, 300),
        (CAROL, ALICE): (9, 1, 0),
        (ALICE, BOB): (10, 1, 0),
    }
    assert await balanced(db)
    # the one-way flow Bob → Alice (329 − 10) passes 300; Carol's 9 does not
    pairs = await db.query(Transaction.flow_pairs, G, threshold=300, min_hands=5)
    assert [(p.giver, p.taker, p.net) for p in pairs] == [(BOB, ALICE, 319)]
    assert [(f.hand_id, f.chips) for f in pairs[0].folds] == [(hand.id, 29)]
    # a gift lists a pair at once; one hand is too few (Carol), unless the minimum is 1
    assert await db.query(Transaction.flow_pairs, G, threshold=5, min_hands=5) == pairs
    assert [
        p.giver for p in await db.query(Transaction.flow_pairs, G, threshold=5, min_hands=1)
    ] == [BOB, CAROL]


async def test_house_players_and_failed_transfers_record_no_flow(db: Database) -> None:
    await db.write(Transaction.ensure_wallet, G, ALICE)
    async with db.transaction() as tx:
        await tx.fund_house_player(G, 11, 50)  # the house bank funds a house player
        await tx.record_hand_flows(G, 1, {11: -20, ALICE: 20})
    with pytest.raises(InsufficientChips):
        # more than she has: nothing is written
        await db.write(Transaction.transfer, G, ALICE, BOB, 10**6)
    assert await db.query(Transaction.chip_flows, G) == []
    assert (
        await db.query(Transaction.welcome_grant, G, ALICE) == 1000
        and await db.query(Transaction.welcome_grant, G, 11) == 0
    )


async def test_hands_really_played_and_a_tournaments_prize_flows(db: Database) -> None:
    """The hands that unlock a welcome grant count one per hand and member, house players
    never; a tournament's prizes minus buy-ins flow from who paid to who took them."""
    for _ in range(3):
        await db.write(Transaction.record_own_hands, G, [ALICE, BOB, 11])
    await db.write(Transaction.record_own_hands, G, [ALICE])
    assert await db.query(Transaction.hands_really_played, G, ALICE) == 4
    assert await db.query(Transaction.hands_really_played, G, BOB) == 3
    assert await db.query(Transaction.hands_really_played, G, CAROL) == 0
    assert await db.query(Transaction.hands_really_played, G, 11) == 0
    await db.write(Transaction.balance, G, ALICE)  # the server is known

    flows = await db.write(
        Transaction.record_prize_flows, G, {ALICE: -100, BOB: -100, CAROL: 150, 11: 50}
    )

    assert flows == {(ALICE, CAROL): 75, (BOB, CAROL): 75}
    listed = {(f.from_user, f.to_user): f.chips for f in await db.query(Transaction.chip_flows, G)}
    assert listed == flows
