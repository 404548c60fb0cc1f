"""Brag tables in the runtime: looking and blind play, privacy, the pack carried from deal to
deal and kept blind hands across a restart, timers, statistics, seats."""

from __future__ import annotations

import contextlib
import json
import random
import re
from typing import Any

import pytest

from bot.games.brag import BragHand
from bot.games.brag_session import BragSession
from bot.games.replay import load_record, replay_record
from bot.runtime import TableError, replays_to_expect, scenario_of
from bot.runtime.presenter import RecordingPresenter
from bot.storage import Transaction
from tests.test_runtime_support import (
    CHANNEL,
    GUILD,
    Env,
    StackedShuffler,
    balanced,
    brag_pack,
)

A, B, C = 401, 402, 403
CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shdc]|X[12])(?![A-Za-z0-9])")


async def brag_table(
    env: Env,
    users: tuple[int, ...] = (A, B, C),
    tops: list[list[str] | None] | None = None,
    **options: Any,
) -> int:
    """A Brag table with ``users`` seated in that order (the last deals first)."""
    if tops is not None:
        env.manager.shuffler_factory = lambda tid: StackedShuffler(tops, seed=tid)
    table = await env.manager.create_table(GUILD, CHANNEL, "brag", users[0], dict(options))
    for user in users:
        await env.manager.join(table, user)
    return table


def cards_in(value: Any) -> set[str]:
    """Every card code written anywhere in a payload (keys, values, inside text)."""
    found: set[str] = set()
    text = json.dumps(value, default=str)
    found.update(CARD.findall(text))
    return found


def public_cards(presenter: RecordingPresenter, start: int = 0, end: int | None = None) -> set[str]:
    """Card codes in the public log (updates, announcements, showdowns) from ``start``."""
    out: set[str] = set()
    for kind, _table, payload in presenter.log[start:end]:
        if kind != "deliver":
            out |= cards_in(payload)
    return out


async def test_blind_player_sees_an_open_one_and_loses(env: Env) -> None:
    m = env.manager
    pack = brag_pack(["Ah Kh Qh", "2c 7d 9s", "Jc Js 4d"])
    table = await brag_table(env, tops=[pack], auto_deal=False)
    for user in (A, B, C):
        assert await env.db.write(Transaction.balance, GUILD, user) == 1000 - 100
    hand_id = await m.start(table)
    state = await m.status(table)
    hand = state["hand"]
    assert [p["name"] for p in hand["players"]] == ["401", "402", "403"]
    assert hand["to_act"] == "401" and hand["pot"] == 3
    assert all(p["blind"] and not p["looked"] and p["cards"] is None for p in hand["players"])
    assert {"verb": "look"} in hand["legal"]
    assert env.presenter.deliveries == []  # nothing is shown at the deal
    with pytest.raises(TableError, match="You are playing blind: look at your cards first"):
        await m.my_cards(table, A)
    # A looks: his cards come to him alone, through the action
    await m.act(table, A, "look")
    assert env.presenter.deliveries == [(table, A, ["Ah", "Kh", "Qh"], None)]
    assert (await m.my_cards(table, A))["cards"] == ["Ah", "Kh", "Qh"]
    await m.act(table, A, "bet", 2)
    with pytest.raises(TableError, match="blind"):
        await m.my_cards(table, B)
    await m.act(table, B, "bet", 1)  # blind: half the open amount
    await m.act(table, C, "fold")  # folds blind: never sees, never shown
    with pytest.raises(TableError, match="folded"):
        await m.my_cards(table, C)
    players = {p["name"]: p for p in (await m.status(table))["hand"]["players"]}
    assert players["401"]["looked"] and not players["401"]["blind"]
    assert players["402"]["blind"] and players["402"]["stake"] == 2
    assert players["403"]["folded"]
    await m.act(table, A, "bet", 2)
    legal = (await m.status(table))["hand"]["legal"]
    assert {"verb": "see", "amount": 2} in legal  # a blind player may see an open one
    await m.act(table, B, "see")
    # A, the seen player, shows and wins; B need not show. Once the hand is over, B (blind,
    # lost) and C (folded blind) get their own cards privately; A saw his: nothing twice
    assert env.presenter.deliveries[1:] == [
        (table, B, ["2c", "7d", "9s"], None),
        (table, C, ["Jc", "Js", "4d"], None),
    ]
    assert len(env.presenter.showdowns) == 1
    data = env.presenter.showdowns[0][1]
    assert data["game"] == "brag" and set(data["shown"]) == {"401"}
    assert data["shown"]["401"]["cards"] == ["Ah", "Kh", "Qh"]
    assert data["pots"] == [{"amount": 10, "winners": ["401"]}]
    seen = public_cards(env.presenter)
    assert seen == {"Ah", "Kh", "Qh"}
    stacks = {s.user_id: s.stack for s in await env.db.query(Transaction.seats, table)}
    assert stacks == {A: 105, B: 96, C: 99}
    stats = {u: await env.db.query(Transaction.player_stats, GUILD, u) for u in (A, B, C)}
    assert stats[A]["hands_won"] == 1 and stats[A]["biggest_pot"] == 10
    assert stats[A]["net_chips"] == 5 and stats[A]["hands_played"] == 1
    assert stats[B]["net_chips"] == -4 and stats[B]["hands_won"] == 0
    assert stats[C]["net_chips"] == -1 and stats[C]["prials"] == 0
    # the pack is still in play (the next deal comes from it): each player's file shows only
    # what he saw; once the table closes the whole record replays to the same result
    export = await m.export_hand(hand_id, B)
    assert export.partial
    partial = json.loads(export.text)
    assert partial["deck"] is None and partial["hands"]["401"] == ["Ah", "Kh", "Qh"]
    await m.close(table, A)
    export = await m.export_hand(hand_id, B)
    scenario = json.loads(export.text)
    assert not export.partial and scenario["game"] == "brag" and replays_to_expect(scenario)
    await balanced(env.db)


async def test_blind_seer_wins_with_a_prial(env: Env) -> None:
    m = env.manager
    pack = brag_pack(["Ah Kh Qh", "3c 3d 3s", "Jc Js 4d"])
    table = await brag_table(env, tops=[pack], auto_deal=False)
    await m.start(table)
    await m.act(table, A, "look")
    await m.act(table, A, "bet", 2)
    await m.act(table, B, "bet", 1)
    await m.act(table, C, "fold")
    await m.act(table, A, "bet", 2)
    await m.act(table, B, "see")
    assert env.presenter.cards_of(table, B) is None  # he won without ever looking
    data = env.presenter.showdowns[0][1]
    assert set(data["shown"]) == {"401", "402"}
    assert data["combos"]["402"].key == "combo-brag-prial"
    assert str(data["combos"]["402"]).startswith("prial")
    assert data["pots"] == [{"amount": 10, "winners": ["402"]}]
    assert not {"Jc", "Js", "4d"} & public_cards(env.presenter)
    stats = await env.db.query(Transaction.player_stats, GUILD, B)
    assert stats["prials"] == 1 and stats["hands_won"] == 1
    # a prial shown face up: the next deal starts with a shuffle
    options = (await env.db.query(Transaction.get_table, table)).options
    assert options["runtime"]["session"]["shuffle_next"] is True
    await balanced(env.db)


async def test_resume_mid_hand(env: Env) -> None:
    m = env.manager
    table = await brag_table(env, turn_timeout=30)
    await m.start(table)
    state = await m.status(table)
    first = int(state["hand"]["to_act"])
    await m.act(table, first, "look")
    await m.act(table, first, "bet", 2)
    second = int((await m.status(table))["hand"]["to_act"])
    await m.act(table, second, "bet", 1)
    mine = await m.my_cards(table, first)
    before = await m.status(table)
    await env.clock.advance(10)
    env2 = await env.reopen()
    try:
        m2 = env2.manager
        assert await m2.status(table) == before
        stored = await env2.db.query(Transaction.current_hand, table)
        assert stored is not None and len(stored.record["actions"]) == 3
        replayed = replay_record(load_record(stored.record))
        assert replayed.summary() == m2.tables[table].hand.summary()  # type: ignore[union-attr]
        assert await m2.my_cards(table, first) == mine
        with pytest.raises(TableError, match="blind"):
            await m2.my_cards(table, second)
        assert env2.clock.pending() == [before["hand"]["deadline"]]
        # the third player times out (20 s left): he folds
        third = int(before["hand"]["to_act"])
        await env2.clock.advance(20)
        stored = await env2.db.query(Transaction.current_hand, table)
        assert stored is not None and stored.record["actions"][-1] == [str(third), "fold"]
        # play on: nobody is re-sent cards he already had
        assert env2.presenter.deliveries == []
        await play_brag_hand(m2, table, random.Random(3))
        await balanced(env2.db)
    finally:
        env.db = env2.db


async def play_brag_hand(m: Any, table: int, rng: random.Random, limit: int = 300) -> int:
    """Play the current Brag hand with random legal actions; returns its id."""
    state = await m.status(table)
    hand_id = state["hand"]["id"]
    for _ in range(limit):
        hand = (await m.status(table))["hand"]
        if hand is None or hand["id"] != hand_id:
            return int(hand_id)
        verb, amount = random_brag_action(m, table, hand, rng)
        await m.act(table, int(hand["to_act"]), verb, amount, hand_id=hand_id)
    raise AssertionError("the hand did not end")


def random_brag_action(
    m: Any, table: int, hand: dict[str, Any], rng: random.Random
) -> tuple[str, Any]:
    legal = hand["legal"]
    weights = {"fold": 1, "look": 3, "bet": 4, "see": 2, "cover": 3, "showdown": 2}
    choice = rng.choices(legal, [weights.get(a["verb"], 2) for a in legal])[0]
    verb = choice["verb"]
    if verb == "discard":
        engine = m.tables[table].hand
        assert isinstance(engine, BragHand)
        held = engine.held[engine.index[hand["to_act"]]][0]
        return verb, tuple(c.code for c in held[: choice["amount"]])
    if "min" in choice:
        return verb, rng.randint(choice["min"], min(choice["max"], choice["min"] + 3))
    return verb, choice.get("amount")


async def test_pack_and_kept_hand_survive_a_restart(env: Env) -> None:
    m = env.manager
    pack = brag_pack(["Ah Kh Qh", "2c 7d 9s", "Jc Js 4d"])
    table = await brag_table(env, tops=[pack], auto_deal=False)
    await m.start(table)
    # A bets blind, the others fold: he wins blind and keeps his hand, unseen
    await m.act(table, A, "bet", 1)
    await m.act(table, B, "fold")
    await m.act(table, C, "fold")
    state = await m.status(table)
    assert state["hand"]["phase"] == "keep" and state["hand"]["to_act"] == "401"
    await m.act(table, A, "keep")
    # B and C folded blind: their own cards come to them at the end; A's kept hand to nobody
    assert env.presenter.deliveries == [
        (table, B, ["2c", "7d", "9s"], None),
        (table, C, ["Jc", "Js", "4d"], None),
    ]
    with pytest.raises(TableError, match="kept blind"):
        await m.my_cards(table, A)
    assert not public_cards(env.presenter)  # nothing was ever shown
    gt = await env.db.query(Transaction.get_table, table)
    assert gt.pot == 4 and (await m.status(table))["carried"] == 4
    saved = BragSession.from_json(gt.options["runtime"]["session"])
    assert [c.code for c in saved.kept["401"]] == ["Ah", "Kh", "Qh"]
    assert saved.shuffle_next is False
    expected = saved.next_hand_record()  # no shuffle: the pack goes on as it lies
    await balanced(env.db)
    env2 = await env.reopen()
    try:
        m2 = env2.manager
        hand_id = await m2.start(table)
        stored = await env2.db.query(Transaction.get_hand, hand_id)
        assert stored.record["hands"] == {
            n: [c.code for c in cs] for n, cs in expected.hands.items()
        }
        assert stored.record["kept"] == {"401": ["Ah", "Kh", "Qh"]}
        assert stored.record["carried"] == 4
        players = {p["name"]: p for p in (await m2.status(table))["hand"]["players"]}
        assert players["401"]["hands"] == 2 and players["401"]["blind"]
        # the deal passed left: B, C, then A (the dealer)
        await m2.act(table, B, "bet", 1)
        await m2.act(table, C, "fold")
        legal = (await m2.status(table))["hand"]["legal"]
        assert {"verb": "look", "amount": 1} in legal and {"verb": "look", "amount": 2} in legal
        await m2.act(table, A, "look", 1)  # looks at the kept hand only
        assert env2.presenter.deliveries == [(table, A, ["Ah", "Kh", "Qh"], None)]
        await m2.act(table, A, "keep")  # the new hand is thrown unseen
        assert (await m2.my_cards(table, A))["cards"] == ["Ah", "Kh", "Qh"]
        new_hand = expected.hands["401"]
        assert not {c.code for c in new_hand} & public_cards(env2.presenter)
        await play_brag_hand(m2, table, random.Random(5))
        await balanced(env2.db)
    finally:
        env.db = env2.db


async def test_timeouts_fold_and_keep(env: Env) -> None:
    m = env.manager
    table = await brag_table(env, turn_timeout=10, auto_deal=False)
    hand_id = await m.start(table)
    await m.act(table, A, "bet", 1)
    await env.clock.advance(10)
    await env.clock.advance(10)
    state = await m.status(table)
    assert state["hand"]["phase"] == "keep"
    await env.clock.advance(10)  # the blind winner keeps his hand
    stored = await env.db.query(Transaction.get_hand, hand_id)
    assert stored.record["actions"] == [
        ["401", "bet", 1],
        ["402", "fold"],
        ["403", "fold"],
        ["401", "keep"],
    ]
    assert stored.status == "finished" and stored.result["carried"] == 4
    timeouts = [d for (_, _, d) in env.presenter.announcements if d.get("timeout")]
    assert [d["verb"] for d in timeouts] == ["fold", "fold", "keep"]
    await balanced(env.db)
    # closing shares the pot carried on the table among the seats
    await m.close(table, A)
    assert sum([await env.db.write(Transaction.balance, GUILD, u) for u in (A, B, C)]) == 3000
    await balanced(env.db)


async def test_leaving_and_cleaned_out_players(env: Env) -> None:
    m = env.manager
    pack = brag_pack(["Ah Kh Qh", "2c 7d 9s", "Jc Js 4d"])
    table = await brag_table(env, tops=[pack], cave=3, auto_deal=False)
    await m.start(table)
    msg = await m.leave(table, C)
    assert "when this hand ends" in str(msg)
    assert {s["user"]: s["leaving"] for s in (await m.status(table))["seats"]}[C]
    await m.act(table, A, "look")
    await m.act(table, A, "bet", 1)
    await m.act(table, B, "bet", 2)  # everything he has left (blind): he covers the pot
    await m.act(table, C, "fold")
    # only A is still betting: he shows and beats the covered hand, which stays hidden
    data = env.presenter.showdowns[0][1]
    assert set(data["shown"]) == {"401"} and data["stacks"] == {"401": 7, "402": 0, "403": 2}
    assert not {"2c", "7d", "9s", "Jc", "Js", "4d"} & public_cards(env.presenter)
    seats = {s.user_id: s.stack for s in await env.db.query(Transaction.seats, table)}
    assert seats == {A: 7}  # C left with his chips, B was cleaned out
    assert await env.db.write(Transaction.balance, GUILD, C) == 1000 - 1
    assert await env.db.write(Transaction.balance, GUILD, B) == 1000 - 3
    said = [(t.key, t.params.get("user")) for (_, t, _) in env.presenter.announcements]
    assert ("event-brag-decave", str(B)) in said and ("event-brag-leave", str(C)) in said
    with pytest.raises(TableError, match="no recave"):
        await m.recave(table, B)
    assert "sit down" in str(await m.join(table, B))  # he may buy a new stake
    await m.start(table)
    state = await m.status(table)
    assert [p["name"] for p in state["hand"]["players"]] == ["402", "401"]
    await balanced(env.db)


VARIANTS: list[dict[str, Any]] = [
    {},
    {"common_showdown": True},
    {"cards": 4},
    {"blind_keep": "face_up"},
    {"wild": "two_jokers", "cards": 5},
    {"blind_allowed": False, "see_cost": "equal"},
]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
async def test_no_hidden_card_is_ever_public(env: Env, variant: int) -> None:
    """Many random hands: nothing public shows a card the rules did not reveal, and a
    player is sent cards only once he may see them."""
    m = env.manager
    users = (A, B, C, 404)
    table = await brag_table(env, users, cave=12, turn_timeout=5, **VARIANTS[variant])
    rng = random.Random(100 + variant)
    m.shuffler_factory = lambda tid: StackedShuffler([], seed=variant)
    log = env.presenter.log
    deliver = env.presenter.deliver_cards

    async def logged_delivery(
        table_id: int, user: int, cards: list[str], ret: Any, hand_no: int | None = None
    ) -> bool:
        live = m.tables[table_id]
        ended = live.hand_no != hand_no or not live.playing()  # the end of a hand
        ok = await deliver(table_id, user, cards, ret, hand_no)
        log.append(
            ("deliver", table_id, {"user": user, "cards": list(cards), "ret": ret, "end": ended})
        )
        return ok

    env.presenter.deliver_cards = logged_delivery  # type: ignore[method-assign]
    checked = 0
    await m.start(table)
    for _ in range(40):
        state = await m.status(table)
        if state["hand"] is None:
            seated = {s["user"]: s["sitting_out"] for s in state["seats"]}
            for user in users:  # cleaned-out players buy a new stake, sleepers come back
                if seated.get(user, True):
                    with contextlib.suppress(TableError):
                        await m.join(table, user)
            if (await m.status(table))["hand"] is None:
                await m.start(table)
            continue
        hand_id = state["hand"]["id"]
        # the window of this hand: from its "dealt" line to the next hand's
        start_log = max(
            i
            for i, (kind, _, p) in enumerate(log)
            if kind == "announce" and p.get("hand_id") == hand_id
        )
        while True:
            hand = (await m.status(table))["hand"]
            if hand is None or hand["id"] != hand_id:
                break
            if rng.random() < 0.05:
                await env.clock.advance(5)  # time runs out now and then
                continue
            verb, amount = random_brag_action(m, table, hand, rng)
            await m.act(table, int(hand["to_act"]), verb, amount)
        end_log = next(
            (
                i
                for i, (kind, _, p) in enumerate(log)
                if i > start_log and kind == "announce" and "hand_id" in p
            ),
            len(log),
        )
        window = log[start_log:end_log]
        check_hand(
            await env.db.query(Transaction.get_hand, hand_id),
            public_cards(env.presenter, start_log, end_log),
            [(p["user"], p["cards"], p["ret"], p["end"]) for (k, _, p) in window if k == "deliver"],
        )
        checked += 1
    assert checked >= 15
    await balanced(env.db)


def check_hand(stored: Any, public: set[str], deliveries: list[Any]) -> None:
    record = load_record(stored.record)
    hand = replay_record(record)
    assert isinstance(hand, BragHand)
    folded = {a.player for a in record.actions if a.verb == "fold"}
    assert not folded & set(hand.shown), "a folded hand was shown"
    revealed: set[str] = set()
    for data in hand.shown.values():
        revealed.update(data["cards"])
        revealed.update(data.get("discards", []))
        for cards in data.get("hands", []):
            revealed.update(cards)
    for event in hand.events:
        if event.kind == "reveal" and event.data.get("face_up"):
            revealed.update(event.data["cards"])
    assert public <= revealed, f"hidden cards made public: {sorted(public - revealed)}"
    # cards go only to a player who looked (or was made to look), and only his own
    dealt = {n: {c.code for c in cs} for n, cs in record.hands.items()}
    for name, cards in record.extra.get("kept", {}).items():
        dealt[name] |= set(cards)
    lookers = {a.player for a in record.actions if a.verb == "look"}
    lookers |= {e.player for e in hand.events if e.kind == "look" and e.data.get("forced")}
    if not hand.options.blind_allowed:
        lookers |= set(hand.names)
    # during the hand, cards go only to a player who looked (or was made to look); at its end
    # to anyone dealt in, his own only, but never a blind hand kept for the next deal
    for user, cards, retourne, end in deliveries:
        assert retourne is None and (end or str(user) in lookers), (user, lookers)
        assert set(cards) <= dealt[str(user)]
        if end:
            assert str(user) not in hand.kept_after, "a kept blind hand was shown"


async def test_brag_options_are_checked(env: Env) -> None:
    m = env.manager
    with pytest.raises(TableError, match="2 to 16 seats"):
        await m.create_table(GUILD, CHANNEL, "brag", A, {"seats": 17})
    with pytest.raises(TableError, match="2 to 9 seats"):
        await m.create_table(GUILD, CHANNEL, "brag", A, {"seats": 10, "cards": 5})
    with pytest.raises(TableError, match="Only Brelan"):
        await m.create_table(GUILD, CHANNEL, "brag", A, {"max_hands": 3})
    with pytest.raises(TableError, match="Brag has no option"):
        await m.create_table(GUILD, CHANNEL, "brag", A, {"carre": "free"})
    table = await m.create_table(GUILD, CHANNEL, "brag", A, {"seats": 2})
    await m.join(table, A)
    await m.join(table, B)
    with pytest.raises(TableError, match="full"):
        await m.join(table, C)
    assert (await m.status(table))["queue"] == []


async def test_a_deal_that_ends_at_once_is_settled_and_play_goes_on(env: Env) -> None:
    """``blind_keep: face_up``: nobody can beat the kept-hand holder's face-up prial, so the
    deal ends as it is dealt; the runtime settles it and deals the next one."""
    m = env.manager
    pack = (
        brag_pack(["2c 5d 9h", "Jc Js 4d", "7s 8s Kd"])  # deal 1: A, B, C
        + brag_pack(["Ac Ad 6h", "Kc Qd Jh", "3c 3d 3s"])  # deal 2: B, C, A (face up)
        + brag_pack(["Th Tc 5s", "2d 4h 7c", "6d 6s 9c"])  # deal 3: C, A (face up), B
    )
    table = await brag_table(env, tops=[pack], blind_keep="face_up")
    first = await m.start(table)
    await m.act(table, A, "bet", 1)
    await m.act(table, B, "fold")
    await m.act(table, C, "fold")
    await m.act(table, A, "keep")
    state = await m.status(table)
    assert state["hand"]["no"] == 3 and state["hand"]["face_up"] == ["2d", "4h", "7c"]
    second = await env.db.query(Transaction.get_hand, first + 1)
    assert second.status == "finished" and second.record["actions"] == []
    assert second.result["pots"] == [{"amount": 3, "winners": ["401"]}]
    assert second.result["carried"] == 4
    export = await m.export_hand(second.id, None)  # deal 3 is dealt from the same pack
    assert export.partial and json.loads(export.text)["deck"] is None
    assert replays_to_expect(scenario_of(second, None, in_play=False))
    texts = [str(t) for (_, t, _) in env.presenter.announcements]
    at = texts.index("Hand 2 is dealt.")
    assert texts[at + 1 : at + 6] == [
        "4 chips carried from the last deal.",
        "<@401> plays a kept blind hand.",
        "<@401>'s hand is turned face up: prial 3-3-3.",
        "<@402> folds.",
        "<@403> folds.",
    ]
    assert "<@401> wins 3 chips uncontested." in texts[at:]
    assert texts.index("Hand 3 is dealt.") > at
    # deal 3: the others look at once and get their cards; A plays his kept hand blind. Before
    # it, B and C got at the end of deals 1 and 2 their own cards they had not seen
    assert env.presenter.deliveries[:4] == [
        (table, B, ["Jc", "Js", "4d"], None),
        (table, C, ["7s", "8s", "Kd"], None),
        (table, B, ["Ac", "Ad", "6h"], None),
        (table, C, ["Kc", "Qd", "Jh"], None),
    ]
    assert sorted(u for (_, u, _, _) in env.presenter.deliveries[4:]) == [B, C]
    assert env.presenter.cards_of(table, C) == ["Th", "Tc", "5s"]
    with pytest.raises(TableError, match="blind"):
        await m.my_cards(table, A)
    assert not {"2c", "5d", "9h"} & public_cards(env.presenter)  # the kept hand
    assert (await env.db.query(Transaction.get_table, table)).pot == 4
    await balanced(env.db)
