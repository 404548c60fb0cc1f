"""Random tables played with random legal choices: invariants that hold at every step."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.games.base import Action, HandRecord, Legal, Player
from bot.games.brelan import BrelanHand, Phase, deal_from, deck_for
from bot.games.cards import PIQUET_PRESETS, Card, Shuffler
from bot.games.errors import IllegalAction
from bot.games.replay import replay_record
from tests.conftest import brelan_options

VERBS = ("carre", "decline", "pass", "open", "hold", "raise", "stand")
MAX_STEPS = 200  # far more than any deal can take with stacks of at most 60

OPTION_SPACE: dict[str, st.SearchStrategy[Any]] = {
    "deck": st.sampled_from([*PIQUET_PRESETS, "auto"]),
    "ante": st.integers(0, 3),
    "ante_by": st.sampled_from(["all", "dealer"]),
    "min_raise": st.sampled_from(["1", "last_raise"]),
    "refait_dealer": st.sampled_from(["next", "same"]),
    "carre": st.sampled_from(["off", "free", "forced"]),
    "carre_chain": st.sampled_from(["carre", "academie", "pagat"]),
    "sans_plus": st.booleans(),
    "pot_rule": st.sampled_from(["recalculate", "single_suit", "fixed"]),
    "brelan_pay": st.integers(0, 4),
    "square_pay": st.integers(0, 6),
    "flambeau": st.booleans(),
}


@st.composite
def tables(draw: st.DrawFn) -> HandRecord:
    """A random deal: game, 2-5 players, stacks, options, a seeded shuffle, carried pool."""
    game = draw(st.sampled_from(["brelan", "bouillotte"]))
    n = draw(st.integers(2, 5))
    names = [f"P{i + 1}" for i in range(n)]
    options = {
        name: draw(strategy)
        for name, strategy in OPTION_SPACE.items()
        if draw(st.booleans())  # leave some options out: they take the game's default
    }
    parsed = brelan_options(game, **options)
    order = Shuffler(seed=draw(st.integers(0, 2**32))).shuffled(deck_for(parsed, n))
    hands, retourne = deal_from(order, n)
    stacks = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    carried = draw(st.integers(0, 10))
    return HandRecord(
        game=game,
        players=[Player(name, stack) for name, stack in zip(names, stacks, strict=True)],
        hands={name: list(h) for name, h in zip(names, hands, strict=True)},
        options=options,
        retourne=retourne,
        carried=carried,
        refaits=draw(st.integers(0, 4)) if carried else 0,
    )


def chips(hand: BrelanHand) -> int:
    return sum(hand.stack) + hand.table_chips() + hand.carried + hand.flambeau


def pick_amount(data: st.DataObject, legal: Legal) -> int | None:
    if legal.amount is not None:
        return legal.amount
    if legal.min is None or legal.max is None:
        return None
    low, high = legal.min, legal.max
    return data.draw(st.sampled_from([low, high, data.draw(st.integers(low, high))]))


def illegal_attempts(hand: BrelanHand) -> list[tuple[str, str, int | None]]:
    """Actions that must be refused at this point."""
    player = hand.to_act
    assert player is not None
    legal = hand.legal_actions()
    offered = {a.verb: a for a in legal}
    others = [n for n in hand.names if n != player]
    attempts: list[tuple[str, str, int | None]] = [
        (others[0], legal[0].verb, pick_fixed(legal[0])),
        ("nobody", legal[0].verb, pick_fixed(legal[0])),
        (player, "fold-ish", None),
    ]
    p = hand.index[player]
    closing_turn = hand.phase is Phase.BETTING and hand.stake[p] == hand.vade
    for verb in VERBS:
        if verb in offered or (verb == "stand" and closing_turn):
            continue
        attempts.append((player, verb, None))
        attempts.append((player, verb, 1))
    for a in legal:
        if a.min is not None and a.max is not None:
            attempts += [(player, a.verb, a.min - 1), (player, a.verb, a.max + 1)]
            attempts.append((player, a.verb, None))
        elif a.amount is not None:
            attempts.append((player, a.verb, a.amount + 1))
        else:
            attempts.append((player, a.verb, 3))
    return attempts


def pick_fixed(legal: Legal) -> int | None:
    return legal.amount if legal.amount is not None else legal.min


def snapshot(hand: BrelanHand) -> tuple[Any, ...]:
    return (
        json.dumps(hand.summary(), sort_keys=True),
        list(hand.events),
        list(hand.stack),
        list(hand.stake),
        hand.pool,
        hand.phase,
        hand.to_act,
    )


# ------------------------------------------------------------ a showdown oracle
# An independent, straightforward reading of docs/rules.md §2 (points, precedence, the three pot
# rules, brelan payments, the flambeau), checked against the engine after every showdown.
# The bets are read back from the events: each open/hold/raise/carre/tapis gives a total stake.


def _brelan(cards: list[Card], retourne: Card) -> tuple[int, int] | None:
    """(category, rank): 3 for a square brelan, 2 for a brelan; None for a point hand."""
    if cards[0].rank == cards[1].rank == cards[2].rank:
        return (3 if retourne.rank == cards[0].rank else 2, cards[0].rank)
    return None


def _points(
    hands: list[list[Card]], retourne: Card, competitors: list[int]
) -> dict[int, tuple[int, str | None]]:
    """Each competitor's point and its suit: the best total among the suits he owns."""
    shown = [c for h in hands for c in h] + [retourne]
    best: dict[int, tuple[int, str | None]] = {i: (0, None) for i in competitors}
    for suit in "shdc":
        holders = [(c.rank, i) for i in competitors for c in hands[i] if c.suit == suit]
        if not holders:
            continue  # owned by nobody
        owner = max(holders)[1]
        total = sum(c.points for c in shown if c.suit == suit)
        if total > best[owner][0]:
            best[owner] = (total, suit)
    return best


def oracle(record: HandRecord, hand: BrelanHand) -> dict[str, Any]:
    """The summary docs/rules.md gives for a deal that ended at a showdown."""
    options = brelan_options(record.game, **record.options)
    names = [p.name for p in record.players]
    n = len(names)
    hands = [list(record.hands[name]) for name in names]
    retourne = record.retourne
    assert retourne is not None
    index = {name: i for i, name in enumerate(names)}
    stake, stack = [0] * n, [p.stack for p in record.players]
    folded: set[int] = set()
    pool = record.carried
    payments: list[dict[str, Any]] = []
    for e in hand.events:
        if e.kind == "showdown":
            break
        if e.kind == "ante":
            for name, paid in e.data["paid"].items():
                stack[index[name]] -= paid
                pool += paid
        elif e.kind in ("open", "hold", "raise", "carre", "tapis"):
            assert e.player is not None
            i = index[e.player]
            stack[i] -= e.data["stake"] - stake[i]
            stake[i] = e.data["stake"]
        elif e.kind == "fold":
            assert e.player is not None
            folded.add(index[e.player])
        elif e.kind == "payment" and e.data["to"] == "flambeau":
            assert e.player is not None
            stack[index[e.player]] -= e.data["amount"]
            payments.append({"from": e.player, "to": "flambeau", "amount": e.data["amount"]})
    contenders = [i for i in range(n) if i not in folded]
    brelans = {i: b for i in contenders if (b := _brelan(hands[i], retourne)) is not None}
    everyone = _points(hands, retourne, contenders)
    remaining = list(stake)
    won: list[int] = []
    fixed_suit: str | None = None
    pots: list[dict[str, Any]] = []
    while True:
        competitors = [i for i in contenders if i not in won and (not won or remaining[i] > 0)]
        if not competitors:
            break
        with_brelan = [i for i in competitors if i in brelans]
        if with_brelan:
            w = max(with_brelan, key=lambda i: (brelans[i], -i))
        elif options.pot_rule == "single_suit" and fixed_suit is not None:
            holders = [(c.rank, i) for i in competitors for c in hands[i] if c.suit == fixed_suit]
            w = max(holders)[1] if holders else competitors[0]
        else:
            fixed = options.pot_rule == "fixed" or not won
            points = everyone if fixed else _points(hands, retourne, competitors)
            w = max(competitors, key=lambda i: (points[i][0], -i))
            if options.pot_rule == "single_suit":
                fixed_suit = points[w][1]
        cap = remaining[w]
        amount = 0 if won else pool
        for j in range(n):
            take = min(remaining[j], cap)
            remaining[j] -= take
            amount += take
        stack[w] += amount
        won.append(w)
        pots.append({"amount": amount, "winners": [names[w]]})
        if not any(remaining):
            break
    for j in range(n):
        stack[j] += remaining[j]  # a stake nobody can win returns to its owner
    rate = {2: options.brelan_pay, 3: options.square_pay}
    earns = {i: rate[b[0]] for i, b in brelans.items()}
    for payer in range(n):
        for payee in sorted(earns):
            if payee == payer:
                continue
            paid = min(earns[payee] - earns.get(payer, 0), stack[payer])
            if paid > 0:
                stack[payer] -= paid
                stack[payee] += paid
                payments.append({"from": names[payer], "to": names[payee], "amount": paid})
    if options.flambeau:
        for i in sorted(brelans):
            paid = min(2, stack[i])
            if paid:
                stack[i] -= paid
                payments.append({"from": names[i], "to": "flambeau", "amount": paid})
    return {
        "finished": True,
        "stacks": dict(zip(names, stack, strict=True)),
        "pots": pots,
        "payments": payments,
        "carried": 0,
    }


@settings(
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(record=tables(), data=st.data())
def test_random_hands_keep_the_invariants(record: HandRecord, data: st.DataObject) -> None:
    hand = BrelanHand.from_record(record)
    total = sum(p.stack for p in record.players) + record.carried
    assert chips(hand) == total
    actions: list[Action] = []
    for _ in range(MAX_STEPS):
        if hand.finished:
            break
        legal = hand.legal_actions()
        assert legal, "a pending hand must offer an action"
        player = hand.to_act
        assert player is not None
        # every illegal action is refused and changes nothing
        before = snapshot(hand)
        for who, verb, amount in illegal_attempts(hand):
            try:
                hand.act(who, verb, amount)
            except IllegalAction:
                pass
            else:  # pragma: no cover - reported by the assertion
                raise AssertionError(f"{who} {verb} {amount} was accepted; legal: {legal}")
            assert snapshot(hand) == before
        choice = data.draw(st.sampled_from(legal))
        amount = pick_amount(data, choice)
        hand.act(player, choice.verb, amount)
        actions.append(Action(player, choice.verb, amount))
        assert chips(hand) == total
        assert all(s >= 0 for s in hand.stack) and all(s >= 0 for s in hand.stake)
    assert hand.finished, f"no end after {MAX_STEPS} actions"
    event(f"{len(hand.pots)} pot stage(s)")
    event("showdown" if hand.combinations else ("refait" if hand.carried else "uncontested"))
    assert hand.legal_actions() == [] and hand.to_act is None
    assert hand.table_chips() == 0
    summary = hand.summary()
    assert sum(summary["stacks"].values()) + summary["carried"] + hand.flambeau == total
    if summary["carried"]:
        assert not hand.pots  # only a refait leaves chips on the table
    if hand.combinations:
        assert summary == oracle(record, hand)
    # the record, serialized and read back, replays to the same result
    record.actions = actions
    again = HandRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    assert replay_record(again).summary() == summary


@settings(max_examples=100, deadline=None)
@given(record=tables())
def test_everybody_passing_is_a_refait_or_ends_the_carre(record: HandRecord) -> None:
    """Declining every carre and passing everything never loses a chip."""
    hand = BrelanHand.from_record(record)
    total = sum(p.stack for p in record.players) + record.carried
    for _ in range(MAX_STEPS):
        if hand.finished:
            break
        verbs = [a.verb for a in hand.legal_actions()]
        verb = next((v for v in ("decline", "pass", "carre") if v in verbs), verbs[0])
        assert hand.to_act is not None
        hand.act(hand.to_act, verb)
    assert hand.finished
    assert chips(hand) == total
    if not any(e.kind == "carre" for e in hand.events):
        # a refait: the pool (less the flambeau) is carried and nobody won anything
        assert hand.pots == []
        assert hand.carried + hand.flambeau == record.carried + sum(
            p.stack - s for p, s in zip(record.players, hand.stack, strict=True)
        )
