"""House players: legal actions only, no peeking at hidden cards, and the arena command."""

from __future__ import annotations

import json
import random
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.brag import BragHand, brag_deck
from bot.games.brelan import BrelanHand, deal_from, deck_for
from bot.games.cards import Card
from bot.games.options import BragOptions, BrelanOptions, parse_options
from bot.house import arena, compare, legality
from bot.house.players import LEVELS, make_player
from bot.house.view import BragView, BrelanView, view_for

# --------------------------------------------------------------------- legality


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_house_players_only_take_legal_actions(seed: int) -> None:
    rng = random.Random(seed)
    game, options, levels, stacks = legality.random_table(rng)
    # play_deals raises IllegalHouseAction when the engine refuses a house player's choice;
    # it returns how many decisions the house players made (every deal has some)
    assert legality.play_deals(game, options, levels, stacks, rng) >= 1


def test_every_level_plays_every_game_and_variant_legally() -> None:
    variants: list[tuple[str, dict[str, Any]]] = [
        ("brelan", {}),
        ("brelan", {"carre": "forced", "carre_chain": "pagat", "min_raise": "last_raise"}),
        ("bouillotte", {}),
        ("bouillotte", {"deck": "16-pagat", "flambeau": True}),
        ("brag", {}),
        ("brag", {"cards": 4, "wild": "twos"}),
        ("brag", {"cards": 5, "wild": "two_jokers", "common_showdown": True}),
        ("brag", {"blind_keep": "face_up", "see_cost": "equal"}),
    ]
    rng = random.Random(5)
    decisions = 0
    for game, options in variants:
        for _ in range(4):
            decisions += legality.play_deals(game, options, list(LEVELS), [3, 12, 30, 60], rng, 4)
    assert decisions > 200


def test_house_players_never_act_illegally_over_100000_positions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 10's property at its full size: every level, game and option, 100,000 random
    positions (about 16 s); the engine refuses any illegal choice."""
    assert legality.main(["--positions", "100000", "--seed", "10"]) == 0
    out = capsys.readouterr().out
    assert "no illegal action" in out and int(out.split()[0]) >= 100_000


def test_the_full_check_command_counts_positions(capsys: pytest.CaptureFixture[str]) -> None:
    assert legality.main(["--positions", "300", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "no illegal action" in out and int(out.split()[0]) >= 300


# ------------------------------------------------------------------ no peeking


def _brelan_pair(seed: int) -> tuple[BrelanHand, BrelanHand, str]:
    """Two deals equal for one seat (its cards, the retourne) but not for the others."""
    rng = random.Random(seed)
    game = rng.choice(("brelan", "bouillotte"))
    opts = parse_options(game, {"carre": rng.choice(("off", "free"))})
    assert isinstance(opts, BrelanOptions)
    n = rng.randint(2, 4)
    names = [f"P{i + 1}" for i in range(n)]
    stacks = [rng.choice((4, 20, 50)) for _ in range(n)]
    deck = list(deck_for(opts, n))
    rng.shuffle(deck)
    hands, retourne = deal_from(deck, n)
    me = rng.randrange(n)
    others = [c for c in deck if c not in hands[me] and c is not retourne]
    while True:
        rng.shuffle(others)
        fresh = [others[3 * j : 3 * j + 3] for j in range(n - 1)]
        if fresh != [h for i, h in enumerate(hands) if i != me]:
            break
    it = iter(fresh)
    hands_b = [h if i == me else next(it) for i, h in enumerate(hands)]
    a = BrelanHand(opts, names, stacks, hands, retourne)
    b = BrelanHand(opts, names, stacks, hands_b, retourne)
    return a, b, names[me]


def _brag_pair(seed: int) -> tuple[BragHand, BragHand, str]:
    rng = random.Random(seed)
    opts = parse_options(
        "brag", {"cards": rng.choice((3, 4, 5)), "wild": rng.choice(("none", "twos", "joker"))}
    )
    assert isinstance(opts, BragOptions)
    n = rng.randint(2, 5)
    k = opts.cards
    names = [f"P{i + 1}" for i in range(n)]
    pack = list(brag_deck(opts))
    rng.shuffle(pack)
    hands = [pack[i * k : (i + 1) * k] for i in range(n)]
    me = rng.randrange(n)
    rest: list[Card] = [c for c in pack if c not in hands[me]]
    rng.shuffle(rest)
    hands_b = []
    at = 0
    for i in range(n):
        if i == me:
            hands_b.append(hands[me])
        else:
            hands_b.append(rest[at : at + k])
            at += k
    stacks = [rng.choice((5, 30, 100)) for _ in range(n)]
    a = BragHand(opts, names, stacks, hands, pack[n * k :])
    b = BragHand(opts, names, stacks, hands_b, rest[at:])
    return a, b, names[me]


def step_both(a: BrelanHand | BragHand, b: BrelanHand | BragHand, rng: random.Random) -> bool:
    """Play the same random move in two deals that differ only in hidden cards; False once
    the first is over (the second then is not played)."""
    name = a.to_act
    assert name is not None
    verb, amount = make_player("random", rng).decide(view_for(a, name))
    a.act(name, verb, amount)
    if a.finished:
        return False
    if isinstance(a, BragHand) and verb == "discard":
        # a discard names the player's own cards, which may differ in b
        assert isinstance(b, BragHand)
        mine = b.held[b.index[name]][0]
        if {c.code for c in mine} != {c.code for c in a.held[a.index[name]][0]} | set(amount or ()):
            amount = tuple(c.code for c in mine[: len(amount or ())])
    b.act(name, verb, amount)
    return True


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, tuple | list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    if isinstance(value, BrelanView | BragView):
        return set().union(*(_strings(getattr(value, f.name)) for f in fields(value)))
    if hasattr(value, "__dataclass_fields__") and not isinstance(
        value, BrelanOptions | BragOptions
    ):
        return set().union(*(_strings(getattr(value, f)) for f in value.__dataclass_fields__))
    return set()


def _hidden(hand: BrelanHand | BragHand, seat: str) -> set[str]:
    """Codes of the cards ``seat`` may not see: the other players' and the pack's."""
    if isinstance(hand, BragHand):
        mine = {c.code for h in hand.held[hand.index[seat]] for c in h}
        every = {c.code for c in brag_deck(hand.options)}
    else:
        mine = {c.code for c in hand.hands[hand.index[seat]]} | {hand.retourne.code}
        every = {c.code for c in deck_for(hand.options, len(hand.names))}
    return every - mine


@pytest.mark.parametrize("game", ["brelan", "brag"])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_views_hold_no_hidden_card_and_decisions_ignore_them(game: str, seed: int) -> None:
    a, b, seat = _brelan_pair(seed) if game == "brelan" else _brag_pair(seed)
    rng = random.Random(seed + 1)
    steps = 0
    while a.to_act is not None and steps < 40:
        view_a, view_b = view_for(a, seat), view_for(b, seat)
        # Same public facts and own cards: the two views are the same view.
        assert view_a == view_b
        assert not (_strings(view_a) & _hidden(a, seat))
        if a.to_act == seat:
            for level in LEVELS:
                pick_a = make_player(level, random.Random(seed)).decide(view_a)
                pick_b = make_player(level, random.Random(seed)).decide(view_b)
                assert pick_a == pick_b
        # Move on with an action everyone may take (a random house player's).
        if not step_both(a, b, rng):
            break
        steps += 1


def test_a_blind_brag_player_sees_no_card_of_its_own() -> None:
    opts = parse_options("brag", {})
    assert isinstance(opts, BragOptions)
    pack = list(brag_deck(opts))
    hand = BragHand(opts, ["A", "B"], [20, 20], [pack[0:3], pack[3:6]], pack[6:])
    view = view_for(hand, "A")
    assert isinstance(view, BragView)
    assert view.hands == () and view.held == 1
    hand.act("A", "look")
    assert view_for(hand, "A").hands == (tuple(c.code for c in pack[0:3]),)  # type: ignore[union-attr]


def test_no_card_is_seen_before_the_carre_chain_is_over() -> None:
    opts = parse_options("bouillotte", {})
    assert isinstance(opts, BrelanOptions)
    deck = list(deck_for(opts, 3))
    hands, retourne = deal_from(deck, 3)
    hand = BrelanHand(opts, ["A", "B", "C"], [30, 30, 30], hands, retourne)
    view = view_for(hand, "A")
    assert isinstance(view, BrelanView)
    assert view.phase == "carre" and view.cards is None and view.retourne is None


# ------------------------------------------------------------------------ arena


@pytest.mark.parametrize("game", ["brelan", "bouillotte", "brag"])
def test_arena_prints_one_json_object(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(
        ["--game", game, "--players", "strong,random,easy", "--hands", "12", "--seed", "3"]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == game and out["hands"] == 12
    assert [s["player"] for s in out["seats"]] == ["strong", "random", "easy"]
    for seat in out["seats"]:
        low, high = seat["ci95"]
        assert low <= seat["chips_per_hand"] <= high
    # No chip is created: what the seats win, the others lose (up to a flambeau, off here).
    assert abs(sum(s["chips_per_hand"] for s in out["seats"])) < 0.01
    assert out["decisions_per_second"] > 0 and out["p99_decision_ms"] > 0


def test_arena_is_reproducible_by_seed() -> None:
    one = arena.run_arena("bouillotte", ["normal", "random"], hands=15, seed=9)
    two = arena.run_arena("bouillotte", ["normal", "random"], hands=15, seed=9)
    assert one["seats"] == two["seats"]


def test_arena_refuses_an_unknown_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "brag", "--players", "genius,random", "--hands", "1"]) == 2
    assert "genius" in capsys.readouterr().err


def test_the_arena_suite_plays_the_issues_pairings(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "brag", "--suite", "--hands", "6", "--seed", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [m["players"] for m in out["matches"]] == [f"{a} vs 3 {b}" for a, b in arena.SUITE]
    assert all("tells" in m for m in out["matches"])  # the first seat is a house level
    # what the strong level wins more than the normal one, hand by hand, against each style
    paired = {p["against"]: p for p in out["strong_over_normal"]}
    assert sorted(paired) == ["blind", "maniac", "random", "station"]
    by = {m["players"]: m["chips_per_hand"] for m in out["matches"]}
    for style, p in paired.items():
        gap = by[f"strong vs 3 {style}"] - by[f"normal vs 3 {style}"]
        assert p["chips_per_hand"] == pytest.approx(gap, abs=0.002)  # the means' difference
        assert p["ci95"][0] <= p["chips_per_hand"] <= p["ci95"][1]


def test_the_suite_plays_only_the_pairings_against_the_players_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--game", "bouillotte", "--suite", "--against", "maniac", "--hands", "6", "--seed", "2"]
    assert arena.main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert [m["players"] for m in out["matches"]] == ["strong vs 3 maniac", "normal vs 3 maniac"]
    assert [p["against"] for p in out["strong_over_normal"]] == ["maniac"]


@pytest.mark.parametrize("game", ["brelan", "bouillotte"])
def test_the_comparison_weighs_where_strong_and_normal_differ(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert compare.main(["--game", game, "--hands", "12", "--seed", "3", "--rollouts", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out["by_spot"]) == list(compare.SPOTS)
    assert out["pairs"]  # a pair may name one verb twice: the same move at another stake
    assert all(p["spot"] in compare.SPOTS and p["count"] > 0 for p in out["pairs"])
    # the rollouts play on copies: the arena itself goes as it would without them
    plain = arena.run_arena(game, list(compare.PLAYERS), hands=12, seed=3)
    assert out["strong_chips_per_hand"] == plain["seats"][0]["chips_per_hand"]
    assert compare.compare(game, hands=12, seed=3, rollouts=1) == out
