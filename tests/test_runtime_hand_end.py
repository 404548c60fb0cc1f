"""The end of a hand: each player dealt in who had not seen his own cards gets them privately
(never a blind hand kept for the next deal, never twice, never another's), **My cards** answers
after the hand, and the hand's chip flows and strong folds are stored with it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games.base import Action, HandRecord, Player
from bot.games.cards import parse_cards
from bot.runtime import TableError
from bot.runtime.hand_end import after_hand
from bot.storage import Transaction
from tests.test_runtime_support import (
    CHANNEL,
    GUILD,
    Env,
    StackedShuffler,
    balanced,
    brag_pack,
    play_until_hand_over,
)

A, B, C = 401, 402, 403
USERS = [101, 102, 103, 104]


async def brag_table(env: Env, pack: list[str], **options: Any) -> int:
    """A Brag table with A, B, C seated (A speaks first at the first deal), dealing ``pack``."""
    env.manager.shuffler_factory = lambda tid: StackedShuffler([pack], seed=tid)
    table = await env.manager.create_table(
        GUILD, CHANNEL, "brag", A, {"auto_deal": False, **options}
    )
    for user in (A, B, C):
        await env.manager.join(table, user)
    return table


def delivered(env: Env) -> list[tuple[int, list[str]]]:
    return [(user, cards) for (_, user, cards, _) in env.presenter.deliveries]


async def test_the_blind_loser_gets_his_cards_when_the_hand_ends(env: Env) -> None:
    m = env.manager
    table = await brag_table(env, brag_pack(["Ah Kh Qh", "2c 7d 9s", "Jc Js 4d"]))
    await m.start(table)
    await m.act(table, A, "look")
    await m.act(table, A, "bet", 2)
    await m.act(table, B, "bet", 1)  # blind
    await m.act(table, C, "fold")  # blind
    await m.act(table, A, "bet", 2)
    await m.act(table, B, "see")  # blind, he sees A and loses without looking
    assert delivered(env)[0] == (A, ["Ah", "Kh", "Qh"])  # when A looked
    assert (B, ["2c", "7d", "9s"]) in delivered(env)
    mine = await m.my_cards(table, B)  # and My cards answers after the hand
    assert mine["cards"] == ["2c", "7d", "9s"] and mine["ended"] and mine["hand_no"] == 1
    assert mine["said"].key == "dm-cards-ended"
    await balanced(env.db)


async def test_a_blind_folder_gets_his_cards_and_a_looker_nothing_twice(env: Env) -> None:
    m = env.manager
    table = await brag_table(env, brag_pack(["Ah Ad 2c", "Kh Kd 3c", "7s 8d 9c"]))
    hand_id = await m.start(table)
    await m.act(table, A, "look")
    await m.act(table, A, "bet", 2)
    await m.act(table, B, "look")
    await m.act(table, B, "fold")  # folds a pair of kings he looked at
    await m.act(table, C, "fold")  # folds blind
    # each looker was sent his cards once, when he looked; C, blind, at the end
    assert delivered(env) == [
        (A, ["Ah", "Ad", "2c"]),
        (B, ["Kh", "Kd", "3c"]),
        (C, ["7s", "8d", "9c"]),
    ]
    assert [h for (_, _, _, h) in env.presenter.deliveries] == [None] * 3
    assert (await m.my_cards(table, B))["cards"] == ["Kh", "Kd", "3c"]  # his own, after
    with pytest.raises(TableError, match="not playing"):
        await m.my_cards(table, 499)
    # the chips B and C lost went to A; B's folded pair is evidence, C's blind fold is not
    async with env.db.read() as tx:
        flows = await tx.chip_flows(GUILD)
        folds_b = await tx.strong_folds(GUILD, B, A)
        folds_c = await tx.strong_folds(GUILD, C, A)
    assert {(f.from_user, f.to_user): (f.chips, f.hands, f.gifts) for f in flows} == {
        (B, A): (1, 1, 0),
        (C, A): (1, 1, 0),
    }
    assert [f.hand_id for f in folds_b] == [hand_id] and folds_c == []
    assert json.loads(folds_b[0].holding)["kind"] == "pair"
    await balanced(env.db)


async def test_a_pot_won_without_a_showdown_is_told_once(env: Env) -> None:
    """The log said "A takes 5 chips." then "A wins 5 chips without a showdown."."""
    m = env.manager
    table = await brag_table(env, brag_pack(["Ah Ad 2c", "Kh Kd 3c", "7s 8d 9c"]))
    await m.start(table)
    await m.act(table, A, "look")
    await m.act(table, A, "bet", 2)
    await m.act(table, B, "fold")
    before = len(env.presenter.said(table))
    await m.act(table, C, "fold")
    told = env.presenter.said(table)[before:]
    assert told.count("log-wins-uncontested") == 1 and "event-brag-pot" not in told, told
    m.shuffler_factory = lambda tid: StackedShuffler([], seed=tid)  # any cards
    bouillotte = await m.create_table(GUILD, CHANNEL + 1, "bouillotte", A, {"auto_deal": False})
    for user in (A, B, C):
        await m.join(bouillotte, user)
    await m.start(bouillotte)
    before = len(env.presenter.said(bouillotte))
    while (hand := (await m.status(bouillotte))["hand"]) is not None and hand["legal"]:
        verbs = [a["verb"] for a in hand["legal"]]  # the first to open does; the others pass
        verb = "open" if "open" in verbs else "decline" if "decline" in verbs else "pass"
        await m.act(bouillotte, int(str(hand["to_act"])), verb, 4 if verb == "open" else None)
    told = env.presenter.said(bouillotte)[before:]
    assert told.count("log-wins-uncontested") == 1 and "event-pot" not in told, told
    await balanced(env.db)


async def test_a_blind_winner_who_keeps_his_hand_blind_gets_nothing(env: Env) -> None:
    m = env.manager
    table = await brag_table(env, brag_pack(["Ah Kh Qh", "2c 7d 9s", "Jc Js 4d"]))
    await m.start(table)
    await m.act(table, A, "bet", 1)
    await m.act(table, B, "fold")
    await m.act(table, C, "fold")
    await m.act(table, A, "keep")  # kept blind for the next deal
    assert A not in [user for user, _ in delivered(env)]
    assert sorted(user for user, _ in delivered(env)) == [B, C]
    with pytest.raises(TableError, match="kept blind"):
        await m.my_cards(table, A)
    # nor in the next deal, where he plays it blind
    await m.start(table)
    with pytest.raises(TableError, match="blind"):
        await m.my_cards(table, A)
    assert not {"Ah", "Kh", "Qh"} & {c for _, cards in delivered(env) for c in cards}
    await balanced(env.db)


@pytest.mark.parametrize("game", ["brelan", "bouillotte"])
async def test_a_player_whose_dm_failed_gets_his_cards_by_my_cards_after_the_hand(
    env: Env, game: str
) -> None:
    m = env.manager
    blocked = USERS[1]
    env.presenter.blocked.add(blocked)
    table = await env.manager.create_table(GUILD, CHANNEL, game, USERS[0], {"auto_deal": False})
    for user in USERS[:3]:
        await m.join(table, user)
    first = await m.start(table)
    await play_until_hand_over(m, table)
    assert blocked not in [user for user, _ in delivered(env)]  # his DMs are closed
    stored = await env.db.query(Transaction.get_hand, first)
    dealt = stored.record["hands"][str(blocked)]
    mine = await m.my_cards(table, blocked)
    assert mine["cards"] == dealt and mine["retourne"] == stored.record["retourne"]
    assert mine["ended"] and mine["hand_id"] == first and mine["hand_no"] == 1
    with pytest.raises(TableError, match="not playing"):
        await m.my_cards(table, USERS[3])  # not dealt in
    # once the next hand is dealt, My cards is about it; the last one can still be asked for
    await m.start(table)
    again = await m.my_cards(table, blocked, hand_id=first)
    assert again["cards"] == dealt and again["ended"]
    await balanced(env.db)


async def test_no_hand_yet_is_still_refused(env: Env) -> None:
    m = env.manager
    table = await env.manager.create_table(GUILD, CHANNEL, "brelan", USERS[0], {})
    with pytest.raises(TableError, match="No hand"):
        await m.my_cards(table, USERS[0])


def test_strong_brelan_folds_are_recognised() -> None:
    """A folded brelan, or a point of 30 in one suit with the retourne, is a strong fold; a
    weak folded hand and the winner's hand are not."""
    record = HandRecord(
        "brelan",
        [Player("1", 50), Player("2", 50), Player("3", 50)],
        {
            "1": parse_cards(["Kh", "Kd", "Kc"]),
            "2": parse_cards(["Ah", "Qh", "8d"]),
            "3": parse_cards(["8s", "9c", "Ts"]),
        },
        retourne=parse_cards(["Jh"])[0],
        actions=[Action("1", "open", 3), Action("2", "pass"), Action("3", "pass")],
    )
    after = after_hand(record)
    assert after.strong == {"2": {"kind": "point", "value": 31, "suit": "h"}}
    record.actions = [Action("1", "pass"), Action("2", "open", 3), Action("3", "pass")]
    record.actions.append(Action("1", "pass"))
    assert after_hand(record).strong == {"1": {"kind": "brelan", "value": 13, "suit": None}}
    assert after_hand(record).cards["1"] == (["Kh", "Kd", "Kc"], "Jh")
