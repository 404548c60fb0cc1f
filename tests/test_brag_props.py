"""Properties of the Brag engine over random tables and random legal play (hypothesis)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.base import Action, HandRecord, Player
from bot.games.brag import EXTRA_KEYS, VERBS, BragHand, brag_deck, start_hand
from bot.games.brag_bench import random_action
from bot.games.errors import IllegalAction
from bot.games.options import BragOptions, parse_options

options_st = st.fixed_dictionaries(
    {
        "cards": st.sampled_from([3, 3, 4, 5]),
        "wild": st.sampled_from(
            ["none", "twos", "black_twos", "one_eyed_jacks", "suicide_king", "joker", "two_jokers"]
        ),
        "blind_allowed": st.booleans(),
        "see_cost": st.sampled_from(["double", "equal"]),
        "blind_keep": st.sampled_from(["keep", "face_up"]),
        "common_showdown": st.booleans(),
        "ante": st.integers(0, 3),
        "ante_by": st.sampled_from(["all", "dealer"]),
        "min_bet": st.integers(1, 3),
        "spread": st.integers(0, 12),
        "max_raise": st.sampled_from([None, 1, 2, 5]),
    }
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[HandRecord, int]:
    raw_options = draw(options_st)
    raw_options["max_bet"] = raw_options["min_bet"] + raw_options.pop("spread")
    opts = parse_options("brag", raw_options)
    assert isinstance(opts, BragOptions)
    n = draw(st.integers(2, 8))
    stacks = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    pack = list(brag_deck(opts))
    rng.shuffle(pack)
    k = opts.cards
    names = [f"P{i + 1}" for i in range(n)]
    hands = {name: [pack[i + j * n] for j in range(k)] for i, name in enumerate(names)}
    rest = pack[n * k :]
    extra: dict[str, Any] = {}
    if opts.blind_allowed and draw(st.booleans()):
        extra["kept"] = {draw(st.sampled_from(names)): [c.code for c in rest[:k]]}
        rest = rest[k:]
    extra["deck"] = [c.code for c in rest]
    record = HandRecord(
        game="brag",
        players=[Player(name, s) for name, s in zip(names, stacks, strict=True)],
        hands=hands,
        options=opts.to_dict(),
        carried=draw(st.integers(0, 10)),
        extra=extra,
    )
    return record, seed


def illegal_candidates(hand: BragHand) -> list[tuple[str, str, Any]]:
    """Actions that legal_actions() does not offer."""
    player = hand.to_act
    assert player is not None
    legal = hand.legal_actions()
    verbs = {a.verb for a in legal}
    out: list[tuple[str, str, Any]] = [(player, v, None) for v in VERBS if v not in verbs]
    out.append((player, "raise", 3))
    others = [n for n in hand.names if n != player]
    out.append((others[0], legal[0].verb, legal[0].amount))
    for a in legal:
        if a.min is not None and a.max is not None:
            out += [(player, a.verb, a.min - 1), (player, a.verb, a.max + 1)]
        elif a.amount is not None and a.verb not in ("discard", "look", "keep"):
            out.append((player, a.verb, a.amount + 1))
    return out


# Half the tables are played with fewer folds, to reach covers, sees and side pots.
WEIGHTS = {"fold": 0.2, "showdown": 0.5}
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(tables())
def test_random_play_conserves_chips_terminates_and_accepts_only_legal_actions(
    table: tuple[HandRecord, int],
) -> None:
    record, seed = table
    rng = random.Random(seed)
    hand = start_hand(record)
    total = sum(p.stack for p in record.players) + record.carried
    steps = 0
    while not hand.finished:
        assert sum(hand.stack) + hand.table_chips() + hand.carried == total
        assert hand.to_act is not None and hand.legal_actions()
        if steps % 3 == 0:
            before = copy.deepcopy(hand.__dict__)
            for player, verb, amount in illegal_candidates(hand):
                try:
                    hand.act(player, verb, amount)
                except IllegalAction:
                    assert hand.__dict__ == before
                else:  # pragma: no cover - a failure
                    raise AssertionError(f"accepted {player} {verb} {amount}")
        player, verb, amount = random_action(hand, rng, WEIGHTS if seed % 2 else None)
        hand.act(player, verb, amount)
        record.actions.append(Action(player, verb, amount))
        steps += 1
        assert steps < 3000
    assert sum(hand.stack) + hand.table_chips() + hand.carried == total
    assert hand.table_chips() == 0 and hand.legal_actions() == [] and hand.to_act is None
    assert all(s >= 0 for s in hand.stack)
    summary = hand.summary()
    assert sum(p["amount"] for p in summary["pots"]) + hand.carried <= total
    # every card is in the next pack or in a kept hand, once
    kept = [c for h in hand.kept_after.values() for c in h]
    cards = hand.pack_after() + kept
    assert sorted(c.index for c in cards) == sorted(c.index for c in brag_deck(hand.options))
    # the serialised record replays to the same hand
    raw = json.loads(json.dumps(record.to_json()))
    again = start_hand(HandRecord.from_json(raw, extra_keys=EXTRA_KEYS))
    for action in HandRecord.from_json(raw, extra_keys=EXTRA_KEYS).actions:
        again.act(action.player, action.verb, action.amount)
    assert again.summary() == summary
    assert again.events == hand.events
    assert again.pack_after() == hand.pack_after()


@SETTINGS
@given(tables(), st.integers(0, 40))
def test_a_pending_hand_reports_its_state(table: tuple[HandRecord, int], cut: int) -> None:
    record, seed = table
    rng = random.Random(seed)
    hand = start_hand(record)
    for _ in range(cut):
        if hand.finished:
            break
        hand.act(*random_action(hand, rng))
    summary = hand.summary()
    if hand.finished:
        assert set(summary) == {"finished", "stacks", "pots", "payments", "carried"}
    else:
        assert summary["to_act"] == hand.to_act and summary["legal"]
        assert set(summary) == {"finished", "to_act", "legal", "stacks"}
