"""House players give nothing away (issue 33): a bet's size says little of the hand, the best
hands are sometimes slow-played, bluffs come from every seat, the thinking pause is no tell;
and nothing they do, remember or say depends on a card nobody was shown."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.brag import BragHand, brag_deck
from bot.games.brelan import BrelanHand, deal_from, deck_for
from bot.games.cards import Card
from bot.games.events import EventKind
from bot.games.options import BragOptions, BrelanOptions, parse_options
from bot.house import arena, talk
from bot.house.memory import TableMemory
from bot.house.players import HousePlayer, Strategy, make_player
from bot.house.thought import Advice
from bot.house.timing import pace_limit, think_time
from bot.house.view import BragView, BrelanView, view_for
from tests.test_house import _brag_pair, _brelan_pair, step_both

GAMES = ("brelan", "bouillotte", "brag")


# ------------------------------------------------------------------------ tells


@pytest.fixture(scope="module")
def figures() -> dict[str, dict[str, Any]]:
    """The strong level's tells over arena hands against three normal players (about 4 s
    a game)."""
    hands = {"brelan": 900, "bouillotte": 1200, "brag": 4000}
    out = {}
    for game in GAMES:
        run = arena.run_arena(game, ["strong", "normal", "normal", "normal"], hands[game], 21)
        out[game] = run["seats"][0]["tells"]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_bets_size_says_little_of_the_hand(game: str, figures: dict[str, Any]) -> None:
    tells = figures[game]
    assert tells["bets"] > 100
    assert abs(tells["size_strength_corr"]) < 0.5


@pytest.mark.parametrize("game", GAMES)
def test_bluffs_come_from_every_seat(game: str, figures: dict[str, Any]) -> None:
    tells = figures[game]
    assert tells["bluff_seats"] == tells["seats"] == [0, 1, 2, 3]


@pytest.mark.parametrize("game", GAMES)
def test_the_thinking_pause_is_no_tell(game: str, figures: dict[str, Any]) -> None:
    tells = figures[game]
    assert abs(tells["pause_strength_corr"]) < 0.15
    assert 0 < tells["pause_longest_s"] <= pace_limit(60)


def _three_of_a_rank(
    cards: list[Card], rng: random.Random
) -> tuple[list[list[Card]], str, list[Card]]:
    """Four hands of three from ``cards``: three of a rank at a random seat, the others at
    random; the hands, that seat's name, and the cards left."""
    rank = rng.choice(sorted({c.rank for c in cards}))
    mine = rng.sample([c for c in cards if c.rank == rank], 3)
    rest = [c for c in cards if c not in mine]
    rng.shuffle(rest)
    me = rng.randrange(4)
    others = iter(rest[3 * k : 3 * k + 3] for k in range(3))
    hands = [mine if i == me else next(others) for i in range(4)]
    return hands, f"P{me + 1}", rest[9:]


NAMES = ["P1", "P2", "P3", "P4"]


def _brelan_with_a_brelan(rng: random.Random) -> tuple[BrelanHand, str]:
    opts = parse_options(rng.choice(("brelan", "bouillotte")), {"carre": "off"})
    assert isinstance(opts, BrelanOptions)
    hands, seat, rest = _three_of_a_rank(list(deck_for(opts, 4)), rng)
    return BrelanHand(opts, NAMES, [50] * 4, hands, rest[0]), seat


def _brag_with_a_prial(rng: random.Random) -> tuple[BragHand, str]:
    opts = parse_options("brag", {"blind_allowed": False})
    assert isinstance(opts, BragOptions)
    hands, seat, rest = _three_of_a_rank(list(brag_deck(opts)), rng)
    return BragHand(opts, NAMES, [50] * 4, hands, rest), seat


@pytest.mark.parametrize("game", ["brelan", "brag"])
def test_the_best_hands_are_sometimes_slow_played(game: str) -> None:
    """A brelan (Brelan, Bouillotte) or a prial (Brag) at its first move: sometimes it only
    passes, holds or bets the least, never always."""
    rng = random.Random(4)
    pushed = slow = 0
    for seed in range(150):
        hand, seat = _brelan_with_a_brelan(rng) if game == "brelan" else _brag_with_a_prial(rng)
        others = make_player("normal", random.Random(seed))
        while hand.to_act is not None and hand.to_act != seat:
            name = hand.to_act
            hand.act(name, *others.decide(view_for(hand, name)))
        if hand.to_act != seat:
            continue
        view = view_for(hand, seat)
        verb, amount = make_player("strong", random.Random(seed)).decide(view)
        if isinstance(view, BrelanView):
            push = verb in ("open", "raise")
        else:
            bet = view.choice("bet")
            push = verb == "bet" and bet is not None and amount != bet.low
        pushed += push
        slow += not push
    assert pushed + slow > 100
    assert 0.08 < slow / (pushed + slow) < 0.8


# ------------------------------------------------------------------ no peeking


Move = tuple[str, str, Any]


def _play_out(hand: BrelanHand | BragHand, players: dict[str, Strategy]) -> list[Move]:
    """Play a deal to its end; the moves played."""
    moves = []
    while hand.to_act is not None:
        name = hand.to_act
        verb, amount = players[name].decide(view_for(hand, name))
        moves.append((name, verb, amount))
        hand.act(name, verb, amount)
    return moves


def _remember(
    memories: tuple[TableMemory, TableMemory],
    hands: tuple[BrelanHand | BragHand, BrelanHand | BragHand],
    moves: list[Move],
) -> None:
    """The second deal gets the first's moves; each memory learns from its deal."""
    for name, verb, amount in moves:
        hands[1].act(name, verb, amount)
    for memory, hand in zip(memories, hands, strict=True):
        view = view_for(hand, hand.names[0])
        assert isinstance(view, BrelanView | BragView)
        memory.observe(view, view.options)


def _brelan_history(seed: int, deals: int) -> tuple[TableMemory, TableMemory]:
    """Two memories of the same deals: in the second, every card nobody was shown (a deal
    without a showdown) is dealt otherwise, and the same moves are played."""
    rng = random.Random(seed)
    game = rng.choice(("brelan", "bouillotte"))
    opts = parse_options(game, {"carre": rng.choice(("off", "free"))})
    assert isinstance(opts, BrelanOptions)
    names = ["P1", "P2", "P3", "P4"]
    players = {n: make_player(rng.choice(("random", "easy", "normal")), rng) for n in names}
    one, two = TableMemory(), TableMemory()
    deck = list(deck_for(opts, len(names)))
    for _ in range(deals):
        rng.shuffle(deck)
        hands, retourne = deal_from(deck, len(names))
        stacks = [rng.choice((8, 30, 50)) for _ in names]
        a = BrelanHand(opts, names, stacks, hands, retourne)
        moves = _play_out(a, players)
        other = hands
        if not any(e.kind == EventKind.SHOWDOWN for e in a.events):
            rest = [c for c in deck if c != retourne]
            rng.shuffle(rest)
            other = [rest[3 * i : 3 * i + 3] for i in range(len(names))]
        _remember((one, two), (a, BrelanHand(opts, names, stacks, other, retourne)), moves)
    return one, two


def _brag_history(seed: int, deals: int) -> tuple[TableMemory, TableMemory]:
    rng = random.Random(seed)
    opts = parse_options("brag", {"cards": 3})
    assert isinstance(opts, BragOptions)
    names = ["P1", "P2", "P3", "P4"]
    players = {n: make_player(rng.choice(("random", "easy", "normal")), rng) for n in names}
    one, two = TableMemory(), TableMemory()
    for _ in range(deals):
        pack = list(brag_deck(opts))
        rng.shuffle(pack)
        hands = [pack[3 * i : 3 * i + 3] for i in range(4)]
        a = BragHand(opts, names, [30] * 4, hands, pack[12:])
        moves = _play_out(a, players)
        shown = {e.player for e in a.events if e.kind == EventKind.REVEAL}
        unseen = [
            c for c in pack if not any(c in hands[i] for i, n in enumerate(names) if n in shown)
        ]
        rng.shuffle(unseen)
        other, at = [], 0
        for i, name in enumerate(names):
            if name in shown:
                other.append(hands[i])
            else:
                other.append(unseen[at : at + 3])
                at += 3
        _remember((one, two), (a, BragHand(opts, names, [30] * 4, other, unseen[at:])), moves)
    return one, two


@pytest.mark.parametrize("seed", range(6))
def test_the_memory_and_the_decisions_ignore_every_hidden_card(seed: int) -> None:
    """Deals played again with every card nobody was shown dealt otherwise leave the same
    memory; and in a deal whose hidden cards differ, the strong level (which reads that
    memory) decides the same at every turn of the seat, for every arrangement tried."""
    for history, pair in ((_brelan_history, _brelan_pair), (_brag_history, _brag_pair)):
        one, two = history(seed, 40)
        assert one.to_json() == two.to_json()
        assert one.profiles  # it did learn something
        for k in range(4):
            a, b, seat = pair(seed * 10 + k)
            rng = random.Random(seed)
            steps = 0
            while a.to_act is not None and steps < 30:
                if a.to_act == seat:
                    pick_a = HousePlayer("strong", random.Random(seed), one).think(
                        view_for(a, seat)
                    )
                    pick_b = HousePlayer("strong", random.Random(seed), two).think(
                        view_for(b, seat)
                    )
                    assert pick_a == pick_b
                if not step_both(a, b, rng):
                    break
                steps += 1


def test_table_talk_reads_only_what_the_table_saw() -> None:
    """Two deals that differ only in hidden cards, the same moves: at every move the moment
    and the line drawn are the same; the sigh too, for a deal ended without a showdown."""
    for seed in range(40):
        a, b, _ = _brelan_pair(seed) if seed % 2 else _brag_pair(seed)
        rng = random.Random(seed)
        while a.to_act is not None:
            name = a.to_act
            before = len(a.events)
            if not step_both(a, b, rng):
                break
            mine_a = [e for e in a.events[before:] if e.player == name]
            mine_b = [e for e in b.events[before:] if e.player == name]
            moments = [talk.moment_of(e) for e in mine_a]
            assert moments == [talk.moment_of(e) for e in mine_b]
            for m in moments:
                if m is not None:
                    assert talk.line(m, random.Random(seed)) == talk.line(m, random.Random(seed))
        shown = any(e.kind in (EventKind.SHOWDOWN, EventKind.REVEAL) for e in a.events)
        if not shown:
            assert talk.sighs(a.events) == talk.sighs(b.events)


def test_a_forced_move_is_quick_and_a_close_call_longer() -> None:
    rng = random.Random(1)
    forced = [think_time(Advice("pass", None, "x", forced=True), 1, rng, 7) for _ in range(300)]
    close = [think_time(Advice("hold", 4, "x", margin=0.0), 3, rng, 7) for _ in range(3000)]
    clear = [think_time(Advice("hold", 4, "x", margin=1.0), 3, rng, 7) for _ in range(3000)]
    assert max(forced) < 1.0 < sum(clear) / len(clear) < sum(close) / len(close)
    # but not so much longer that a pause tells a close call: the two spreads overlap
    assert sum(p > 2.5 for p in clear) / len(clear) > 0.15
    assert (
        max(think_time(Advice("hold", 4, "x", margin=0.0), 5, rng, 2.0) for _ in range(500)) <= 2.0
    )


def test_the_memory_keeps_the_players_seen_last() -> None:
    memory = TableMemory()
    opts = parse_options("brag", {})
    assert isinstance(opts, BragOptions)
    pack = list(brag_deck(opts))
    for k in range(20):  # a new pair of players at each deal
        names = [f"A{k}", f"B{k}"]
        hand = BragHand(opts, names, [20, 20], [pack[0:3], pack[3:6]], pack[6:])
        _play_out(hand, {n: make_player("easy", random.Random(k)) for n in names})
        view = view_for(hand, names[0])
        assert isinstance(view, BragView)
        memory.observe(view, opts)
    assert len(memory.profiles) == 16 and "A19" in memory.profiles and "A0" not in memory.profiles
    assert TableMemory.from_json(memory.to_json()).to_json() == memory.to_json()
