"""One check per move (issue 27): ``can_act``, ``verify_act`` and ``act`` agree, in every
engine, and the turn check lives only in the runtime's ``verify_turn``."""

from __future__ import annotations

import ast
import inspect
import random
from typing import Any

from bot.games.base import Amount, Legal, Move
from bot.games.brag import BragHand
from bot.games.brag_bench import random_hand
from bot.games.brelan import BrelanHand, deal_from, deck_for
from bot.games.errors import IllegalAction
from bot.games.options import BragOptions, BrelanOptions, parse_options
from bot.games.verbs import Verb
from bot.runtime.acting import Acting
from bot.ui import views

Hand = BrelanHand | BragHand


def brelan_hand(rng: random.Random) -> BrelanHand:
    game = rng.choice(["brelan", "bouillotte"])
    raw: dict[str, Any] = {}
    if game == "bouillotte":
        raw["carre"] = rng.choice(["off", "free", "forced"])
    if rng.random() < 0.5:
        raw["min_raise"] = "last_raise"
    options = parse_options(game, raw)
    assert isinstance(options, BrelanOptions)
    n = rng.randint(2, 5)
    order = list(deck_for(options, n))
    rng.shuffle(order)
    hands, retourne = deal_from(order, n)
    stacks = [rng.randint(0, 40) for _ in range(n)]
    return BrelanHand(
        options, [f"P{i + 1}" for i in range(n)], stacks, [list(h) for h in hands], retourne,
        carried=rng.randint(0, 6),
    )  # fmt: skip


def in_legal(legal: list[Legal], verb: str, amount: Amount) -> bool:
    """Whether the move is one of ``legal`` as listed (no alias)."""
    choices = [a for a in legal if a.verb == verb]
    if not choices:
        return False
    if len(choices) > 1:  # Brag's two hands: say which
        return amount in [a.amount for a in choices]
    a = choices[0]
    if a.min is not None and a.max is not None:
        return type(amount) is int and a.min <= amount <= a.max
    if a.amount is not None:
        return amount is None or (type(amount) is int and amount == a.amount)
    return amount is None


def candidates(hand: Hand, rng: random.Random) -> list[tuple[str, str, Amount]]:
    player = hand.to_act
    assert player is not None
    names = list(hand.index)
    other = rng.choice(names)
    out: list[tuple[str, str, Amount]] = []
    for a in hand.legal_actions():
        if a.verb == "discard":
            continue  # its amount is cards: covered by the Brag tests
        amounts: list[Amount] = [None, a.amount, -1, 0, 10_000, ("x",)]
        if a.min is not None and a.max is not None:
            amounts += [a.min, a.max, a.min - 1, a.max + 1, rng.randint(a.min, a.max)]
        for amount in amounts:
            out.append((player, a.verb, amount))
            out.append((other, a.verb, amount))
    for verb in [*Verb, "poke"]:
        if verb != "discard":
            out.append((player, verb, None))
            out.append((player, verb, rng.randint(1, 12)))
    out.append(("nobody", "pass", None))
    return out


def check_state(hand: Hand, rng: random.Random) -> None:
    legal = hand.legal_actions()
    for player, verb, amount in candidates(hand, rng):
        ok = hand.can_act(player, verb, amount)
        try:
            move = hand.verify_act(player, verb, amount)
        except IllegalAction:
            assert not ok
            before = hand.summary(), hand.legal_actions(), hand.to_act
            try:
                hand.act(player, verb, amount)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"act accepted {verb} {amount!r} that verify refused")
            assert (hand.summary(), hand.legal_actions(), hand.to_act) == before
            if player == hand.to_act and isinstance(hand, BrelanHand) and verb == "stand":
                continue
            assert not in_legal(legal, verb, amount) or player != hand.to_act
            continue
        assert ok and isinstance(move, Move) and move.player == player
        assert player == hand.to_act
        alias = isinstance(hand, BrelanHand) and verb == "stand" and move.verb == "hold"
        assert in_legal(legal, verb, amount) or alias, (verb, amount, legal)
        assert in_legal(legal, move.verb, move.amount)  # the normalised move is listed as is


def play_out(hand: Hand, rng: random.Random) -> int:
    states = 0
    while hand.to_act is not None:
        check_state(hand, rng)
        states += 1
        legal = hand.legal_actions()
        a = rng.choice(legal)
        player = hand.to_act
        if a.verb == "discard":
            want = hand.ncards - 3  # type: ignore[union-attr]
            amount: Amount = tuple(c.code for c in hand.held[hand.index[player]][0][:want])  # type: ignore[union-attr]
        elif a.min is not None and a.max is not None:
            amount = rng.randint(a.min, a.max)
        else:
            amount = a.amount
        assert hand.can_act(player, a.verb, amount)
        hand.act(player, a.verb, amount)
    assert not hand.can_act("P1", "pass") and not hand.can_act("P1", "fold")
    return states


def test_brelan_can_act_agrees_with_legal_actions_and_act() -> None:
    rng = random.Random(27)
    states = sum(play_out(brelan_hand(rng), rng) for _ in range(300))
    assert states > 1000


def test_brag_can_act_agrees_with_legal_actions_and_act() -> None:
    rng = random.Random(2027)
    states = 0
    for i in range(200):
        raw: dict[str, Any] = {"cards": rng.choice([3, 4, 5])} if i % 2 else {}
        options = parse_options("brag", raw)
        assert isinstance(options, BragOptions)
        hand = random_hand(rng, rng.randint(2, 6), rng.randint(5, 60), options)
        states += play_out(hand, rng)
    assert states > 1000


def test_brelan_stand_is_hold_at_the_carrers_closing_turn() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        hand = brelan_hand(rng)
        while hand.to_act is not None:
            legal = hand.legal_actions()
            if any(a.verb == "hold" for a in legal) and hand.can_act(hand.to_act, "stand"):
                move = hand.verify_act(hand.to_act, "stand")
                assert move.verb is Verb.HOLD and move.amount == legal[0].amount
                return
            a = rng.choice(legal)
            amount = rng.randint(a.min, a.max) if a.min is not None and a.max else a.amount
            hand.act(hand.to_act, a.verb, amount)
    raise AssertionError("no carrer's closing turn met")


def _names_in(func: Any) -> set[str]:
    tree = ast.parse(inspect.getsource(func).strip())
    return {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} | {
        n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
    }


def test_the_turn_check_lives_only_in_the_runtime() -> None:
    ui = _names_in(views.check_turn)
    assert "verify_turn" in ui
    assert not {"to_act", "NOT_YOUR_TURN", "index", "seated"} & ui
    runtime = _names_in(Acting.verify_turn)
    assert {"to_act", "NOT_YOUR_TURN"} <= runtime
    act = _names_in(Acting.act)
    assert "verify_act" in act and "to_act" not in act and "NOT_YOUR_TURN" not in act


def _random_move(hand: Hand, rng: random.Random) -> tuple[str, Amount]:
    a = rng.choice(hand.legal_actions())
    if a.verb == "discard":
        held = hand.held[hand.index[hand.to_act or ""]][0]  # type: ignore[union-attr]
        return a.verb, tuple(c.code for c in rng.sample(list(held), a.amount or 0))
    if a.min is not None and a.max is not None:
        return a.verb, rng.randint(a.min, a.max)
    return a.verb, None if rng.random() < 0.5 else a.amount


def test_apply_plays_what_verify_act_returned_as_act_plays_the_move() -> None:
    """``act`` is ``apply(verify_act(...))``: two hands dealt alike, one played by ``act``,
    the other by ``apply`` of the verified move, go through the same events to the same end
    (a ``stand`` that is a hold included, verbs given as words or as Verbs)."""
    rng = random.Random(99)
    for i in range(400):
        seed = rng.randrange(1 << 30)
        if i % 2:
            a: Hand = brelan_hand(random.Random(seed))
            b: Hand = brelan_hand(random.Random(seed))
        else:
            a = random_hand(random.Random(seed), 4, 30, parse_options("brag", {"cards": 4}))  # type: ignore[arg-type]
            b = random_hand(random.Random(seed), 4, 30, parse_options("brag", {"cards": 4}))  # type: ignore[arg-type]
        moves = random.Random(seed)
        while a.to_act is not None:
            player = a.to_act
            verb, amount = _random_move(a, moves)
            move = b.verify_act(player, Verb(verb) if i % 3 else verb, amount)
            assert a.act(player, verb, amount) == b.apply(move)
        assert b.to_act is None and a.summary() == b.summary()


async def test_the_runtime_checks_a_move_once_and_stores_it_as_given(
    env: Any, monkeypatch: Any
) -> None:
    """A move through the table runtime is verified once (the engine's ``verify_act`` under
    the runtime's turn check) and applied without a second check; the record keeps the move
    as the player gave it (a hold without its amount), not the normalised one."""
    from bot.games.base import Action
    from tests.test_runtime_support import CHANNEL, GUILD

    calls: list[str] = []
    verify, apply = BrelanHand.verify_act, BrelanHand.apply

    def counted_verify(self: BrelanHand, *args: Any) -> Move:
        calls.append("verify")
        return verify(self, *args)

    def counted_apply(self: BrelanHand, move: Move) -> Any:
        calls.append("apply")
        return apply(self, move)

    def no_act(self: BrelanHand, *args: Any) -> Any:
        raise AssertionError("act checks the move again")

    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "brelan", 101, {"auto_deal": False})
    for user in (101, 102, 103):
        await m.join(table, user)
    await m.start(table, 101)
    monkeypatch.setattr(BrelanHand, "verify_act", counted_verify)
    monkeypatch.setattr(BrelanHand, "apply", counted_apply)
    monkeypatch.setattr(BrelanHand, "act", no_act)
    hand = (await m.status(table))["hand"]
    opening = next(a for a in hand["legal"] if a["verb"] == "open")
    await m.act(table, int(hand["to_act"]), "open", opening["min"])
    assert calls == ["verify", "apply"]
    hand = (await m.status(table))["hand"]
    holder = hand["to_act"]
    await m.act(table, int(holder), "hold")
    assert calls == ["verify", "apply"] * 2
    record = m.tables[table].record
    assert record.actions[-1] == Action(holder, "hold")  # as given: no amount filled in
    assert record.actions[-1].to_json() == [holder, "hold"]
