"""What a record may show, and when (docs/fairness-spec.md): no player learns a card still in play.

The property test plays whole Brag sessions at the runtime (blind play, keep and throw, four
and five cards, wild cards, pack continuity, kept hands, face-up kept hands), asks for every
finished hand's file as each player and as a stranger after every deal, and checks that no
file names a card its reader had not seen that is dealt again, to anyone, from the same pack.
"Same pack" is worked out here from the records and docs/rules.md's deck handling alone (a deal
continues the pack when it starts with the previous deal's undealt cards, followed by the
cards that were in play), not from the code under test.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.brag import BragHand
from bot.games.brag_session import BragSession
from bot.games.cards import Shuffler
from bot.games.replay import load_record, replay_record
from bot.runtime.disclosure import cards_known, record_for
from bot.storage import Transaction
from tests.test_runtime_brag import CARD, cards_in, public_cards
from tests.test_runtime_support import CHANNEL, GUILD, Env, balanced, make_env

VARIANTS: list[dict[str, Any]] = [
    {},
    {"cards": 4},
    {"cards": 5},
    {"wild": "twos"},
    {"wild": "joker"},
    {"wild": "two_jokers", "cards": 4},
    {"blind_keep": "face_up"},
    {"common_showdown": True},
    {"see_cost": "equal"},
    {"blind_allowed": False, "cards": 4},
    {"shuffle_every_hand": True},
]
USERS = (501, 502, 503, 504, 505)


# --------------------------------------------------------------- BragSession


def _play_out(hand: BragHand, rng: random.Random, prefer: tuple[str, ...] = ()) -> None:
    """Finish a deal with random legal actions (verbs in ``prefer`` first when legal)."""
    while not hand.finished:
        name = hand.to_act
        assert name is not None
        legal = hand.legal_actions()
        wanted = [a for verb in prefer for a in legal if a.verb == verb]
        choice = wanted[0] if wanted else rng.choice(legal)
        amount: Any = choice.amount
        if choice.verb == "discard":
            held = hand.held[hand.index[name]][0]
            amount = tuple(c.code for c in held[: hand.ncards - 3])
        elif amount is None and choice.min is not None:
            amount = choice.min
        hand.act(name, choice.verb, amount)


def test_a_continued_pack_is_in_play_until_the_next_shuffle() -> None:
    s = BragSession.start({"A": 50, "B": 50, "C": 50})
    assert s.live_from() is None  # nothing dealt yet
    rec = s.next_hand_record(Shuffler(seed=5))
    assert rec.extra["live_since"] == 1 and s.live_from(rec.extra) == 1
    hand = BragHand.from_record(rec)
    hand.act("A", "look")
    hand.act("A", "bet", 1)
    hand.act("B", "fold")
    hand.act("C", "fold")  # A won, looking: nothing is kept
    s2 = s.after_hand(hand)
    assert not s2.shuffles_next() and s2.live_from() == 1  # deal 2 comes from the same pack
    rec2 = s2.next_hand_record(Shuffler(seed=6))
    assert rec2.extra["live_since"] == 1 and rec2.extra["deal_no"] == 2
    # a prial shown makes the next deal shuffle: the old pack is retired
    shuffled = replace(s2, shuffle_next=True)
    assert shuffled.live_from() is None
    assert shuffled.next_hand_record(Shuffler(seed=7)).extra["live_since"] == 2


def test_every_hand_shuffled_retires_each_pack_at_the_end_of_its_deal() -> None:
    s = BragSession.start({"A": 50, "B": 50}, {"shuffle_every_hand": True})
    rec = s.next_hand_record(Shuffler(seed=5))
    hand = BragHand.from_record(rec)
    hand.act("A", "look")
    hand.act("A", "bet", 1)
    hand.act("B", "fold")
    assert s.after_hand(hand).live_from() is None


def test_a_kept_blind_hand_keeps_its_deal_in_play_across_a_shuffle() -> None:
    s = BragSession.start({"A": 50, "B": 50, "C": 50})
    rec = s.next_hand_record(Shuffler(seed=3))
    hand = BragHand.from_record(rec)
    # A bets blind, the others fold: A wins blind and keeps his hand for the next deal
    hand.act("A", "bet", 1)
    hand.act("B", "fold")
    hand.act("C", "fold")
    hand.act("A", "keep")
    s2 = s.after_hand(hand)
    assert s2.kept_since == {"A": 1}
    retired = replace(s2, shuffle_next=True)  # even with a fresh shuffle next
    assert retired.live_from() == 1
    # the player leaves: his kept hand goes under the pack, which stays in play from deal 1
    from bot.runtime.seating import BragSeating

    seating = BragSeating(retired, 8)
    seating.remove("A")
    assert seating.core.kept_since == {} and seating.core.live_since == 1


def test_a_session_saved_before_pack_tracking_counts_every_deal_as_in_play() -> None:
    s = BragSession.start({"A": 50, "B": 50})
    raw = s.to_json()
    raw.pop("live_since")
    raw.pop("kept_since")
    old = BragSession.from_json({**raw, "deck": ["Ah", "Kd"], "shuffle_next": False, "deals": 4})
    assert old.live_from() == 1


# --------------------------------------------------------------- record_for


def _four_card_deal() -> dict[str, Any]:
    s = BragSession.start({"A": 50, "B": 50, "C": 50}, {"cards": 4, "blind_allowed": False})
    rec = s.next_hand_record(Shuffler(seed=11))
    hand = BragHand.from_record(rec)
    actions = []
    while not hand.finished:
        name = hand.to_act
        assert name is not None
        verbs = {a.verb: a for a in hand.legal_actions()}
        if "discard" in verbs:
            amount: Any = (hand.held[hand.index[name]][0][0].code,)
            verb = "discard"
        elif name == "C" and "fold" in verbs:
            verb, amount = "fold", None
        elif "see" in verbs:
            verb, amount = "see", None
        else:
            verb, amount = "bet", verbs["bet"].min
        hand.act(name, verb, amount)
        actions.append(Action(name, verb, amount).to_json())
    return {**rec.to_json(), "actions": actions}


def test_a_partial_record_hides_the_pack_others_cards_and_their_discards() -> None:
    record = _four_card_deal()
    assert replay_record(load_record(record)).finished
    c_discard = next(a for a in record["actions"] if a[0] == "C" and a[1] == "discard")
    for reader in ("A", "B", "C", None):
        out = record_for(record, reader, in_play=True)
        known = cards_known(record, reader)
        assert out["partial"] is True and out["deck"] is None
        assert cards_in(out) <= known, reader
        for name, cards in record["hands"].items():
            if name == reader:
                assert out["hands"][name] == cards  # a player dealt in gets his own cards
            elif out["hands"][name] is not None:
                assert set(cards) <= known
    # C folded after discarding: his discard is his alone
    at = record["actions"].index(c_discard)
    assert record_for(record, "A", in_play=True)["actions"][at] == ["C", "discard", None]
    assert record_for(record, "C", in_play=True)["actions"][at] == c_discard
    assert record_for(record, "A", in_play=False) == record


def test_a_stranger_gets_only_what_was_face_up() -> None:
    record = _four_card_deal()
    shown = cards_known(record, None)
    out = record_for(record, None, in_play=True)
    assert cards_in(out) <= shown
    assert all(v is None or set(v) <= shown for v in out["hands"].values())


def test_a_record_that_does_not_replay_shows_no_card() -> None:
    record = {**_four_card_deal(), "actions": [["Z", "bet", 1]]}
    out = record_for(record, "A", in_play=True)
    assert out["deck"] is None and cards_in(out) <= cards_known(record, "A")


# ------------------------------------------------------ the property, at the table


@dataclass
class Deal:
    no: int
    cards: set[str]  # dealt new from the pack
    kept: set[str]  # a kept hand brought into the deal
    pack: int  # the pack the new cards came from
    kept_pack: int  # the pack the kept hand was dealt from

    def origin(self, card: str) -> int:
        return self.kept_pack if card in self.kept else self.pack


@dataclass
class Export:
    after_deal: int  # the deal in play (or the last dealt) when the file was given
    reader: int | None
    hand_no: int
    unseen: set[str] = field(default_factory=set)


def _pack_order(record: dict[str, Any]) -> list[str]:
    """The pack a Brag deal was dealt from, top first: one card at a time, then the rest."""
    names = [p["name"] for p in record["players"]]
    k = len(record["hands"][names[0]])
    dealt = [record["hands"][names[i]][j] for j in range(k) for i in range(len(names))]
    return dealt + list(record.get("deck") or [])


def _continues(previous: dict[str, Any], record: dict[str, Any]) -> bool:
    """Whether a deal was dealt from the previous deal's pack, by docs/rules.md's deck handling
    alone (no engine code): the next dealer deals from the top of what was left undealt, and
    every card played goes to the bottom. So the new order starts with the previous deal's
    undealt cards, in their order, and goes on with exactly the cards that were in play then
    (hands kept in front of a player excepted). A fresh shuffle matches that by chance only."""
    order = _pack_order(record)
    undealt = list(previous.get("deck") or [])
    played = {c for h in previous["hands"].values() for c in h}
    kept_now = {c for h in (record.get("kept") or {}).values() for c in h}
    kept_before = {c for h in (previous.get("kept") or {}).values() for c in h}
    return (
        order[: len(undealt)] == undealt
        and set(order[len(undealt) :]) == (played | kept_before) - kept_now
    )


def _packs(records: list[dict[str, Any]]) -> list[Deal]:
    """Each deal with the pack it came from: a new pack unless it continues the previous
    deal's pack (:func:`_continues`)."""
    deals: list[Deal] = []
    pack = 0
    for i, record in enumerate(records):
        if i == 0 or not _continues(records[i - 1], record):
            pack += 1
        kept = {c for h in (record.get("kept") or {}).values() for c in h}
        dealt = {c for h in record["hands"].values() for c in h}
        kept_pack = 0
        if kept:  # kept at the end of the previous deal: dealt there, or kept there already
            before = deals[-1]
            kept_pack = before.kept_pack if kept <= before.kept else before.pack
        deals.append(Deal(record["deal_no"], dealt, kept, pack, kept_pack))
    return deals


async def _random_action(env: Env, table: int, rng: random.Random) -> bool:
    """One random legal action by the player to act; False when no hand is in play."""
    state = await env.manager.status(table)
    hand = state["hand"]
    if hand is None or hand.get("to_act") is None:
        return False
    user = int(hand["to_act"])
    legal = hand["legal"]
    weights = {"look": 4, "fold": 1, "bet": 3, "see": 3, "cover": 1}
    choice = rng.choices(legal, [weights.get(a["verb"], 2) for a in legal])[0]
    amount: Any = choice.get("amount")
    if choice["verb"] == "discard":
        engine = env.manager.tables[table].hand
        assert isinstance(engine, BragHand)
        held = engine.held[engine.index[str(user)]][0]
        amount = tuple(c.code for c in rng.sample(list(held), engine.ncards - 3))
    elif amount is None and "min" in choice:
        amount = rng.randint(choice["min"], min(choice["max"], choice["min"] + 3))
    await env.manager.act(table, user, choice["verb"], amount)
    return True


async def _session(seed: int, options: dict[str, Any], players: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        env = await make_env(Path(tmp) / "bot.db")
        env.manager.shuffler_factory = lambda tid: Shuffler(seed=seed)
        users = USERS[:players]
        table = await env.manager.create_table(GUILD, CHANNEL, "brag", users[0], options)
        for user in users:
            await env.manager.join(table, user)
        await env.manager.start(table)
        exports: list[Export] = []
        finished_seen: set[int] = set()
        for _ in range(400):
            if not await _random_action(env, table, rng):
                break
            finished = await env.db.query(
                Transaction.hand_history, GUILD, table_id=table, limit=100
            )
            if {h.id for h in finished} == finished_seen:
                continue
            finished_seen = {h.id for h in finished}
            state = await env.manager.status(table)
            if state["hand"] is None and len(finished_seen) >= 10:
                break
            in_play = env.manager.tables[table].record
            now = (
                in_play.extra["deal_no"]
                if in_play is not None
                else max(h.record["deal_no"] for h in finished) + 1
            )
            for reader in (*users, None):
                seen = public_cards(env.presenter) | {
                    c for (_, u, cards, _) in env.presenter.deliveries if u == reader for c in cards
                }
                for stored in finished:
                    given = (await env.manager.export_hand(stored.id, reader)).text
                    named = set(CARD.findall(given))
                    exports.append(Export(now, reader, stored.record["deal_no"], named - seen))
            if len(finished_seen) >= 10:
                break
        done = await env.db.query(Transaction.hand_history, GUILD, table_id=table, limit=1000)
        current = await env.db.query(Transaction.current_hand, table)
        hands = sorted([*done, *([current] if current else [])], key=lambda h: h.hand_no)
        records = [h.record for h in hands]
        deals = _packs(records)
        by_no = {d.no: d for d in deals}
        for export in exports:
            source = by_no[export.hand_no]
            for later in deals:
                if later.no < export.after_deal:
                    continue
                leaked = {
                    c
                    for c in export.unseen & (later.cards | later.kept)
                    if later.origin(c) == source.origin(c)
                }
                assert not leaked, (
                    f"reader {export.reader} was given {sorted(leaked)} from deal "
                    f"{export.hand_no}, in play again from the same pack in deal {later.no}"
                )
        await balanced(env.db)
        await env.db.close()


#: A Brag session to play: its shuffles' seed, its variant, how many players.
SESSIONS = {
    "seed": st.integers(0, 2**32 - 1),
    "options": st.sampled_from(VARIANTS),
    "players": st.integers(2, 5),
}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**SESSIONS)
def test_no_file_names_an_unseen_card_that_is_dealt_again_from_its_pack(
    seed: int, options: dict[str, Any], players: int
) -> None:
    asyncio.run(_session(seed, options, players))


def test_the_property_would_catch_a_whole_record() -> None:
    """The checker is not vacuous: a whole record of a deal whose pack goes on names the
    cards of the next deal."""
    s = BragSession.start({"A": 50, "B": 50, "C": 50})
    rec = s.next_hand_record(Shuffler(seed=9))
    hand = BragHand.from_record(rec)
    _play_out(hand, random.Random(3), prefer=("look", "fold"))
    full = {**rec.to_json(), "actions": []}
    nxt = s.after_hand(hand).next_hand_record(Shuffler(seed=10))
    upcoming = {c.code for h in nxt.hands.values() for c in h}
    assert upcoming & set(CARD.findall(json.dumps(full)))
    assert not upcoming & set(CARD.findall(json.dumps(record_for(full, "A", in_play=True))))


def test_the_pack_rule_tells_a_continued_pack_from_a_fresh_shuffle() -> None:
    """:func:`_continues` (the rules' deck handling) finds the deal dealt from the same pack,
    and not a deal shuffled anew from the same cards."""
    s = BragSession.start({"A": 50, "B": 50, "C": 50})
    rec = s.next_hand_record(Shuffler(seed=9))
    hand = BragHand.from_record(rec)
    _play_out(hand, random.Random(3), prefer=("look", "fold"))
    first = rec.to_json()
    continued = s.after_hand(hand).next_hand_record(Shuffler(seed=10)).to_json()
    shuffled = BragSession.start({"A": 50, "B": 50, "C": 50}).next_hand_record(Shuffler(seed=11))
    assert _continues(first, continued)
    assert not _continues(first, shuffled.to_json())
