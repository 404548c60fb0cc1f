"""``python -m bot.house.arena``: house players against each other on the engine.

Plays ``--hands`` seeded hands of ``--game`` between the players of ``--players`` (one level
or exploit style per seat, like ``strong,random,random,random``: :data:`LEVELS` and the probes
of :mod:`bot.house.probes`), rotating the seats every hand so each player sits everywhere in
turn. The players share the table's memory (:mod:`bot.house.memory`), fed every finished
deal. Stacks are reset to the cave before every hand, so the game never ends; a hand runs
through its refaits (Brelan, Bouillotte) or carried pots and kept blind hands (Brag) until a
pot is won. Prints one JSON object: chips won per hand by each seat of ``--players`` with a
95% confidence interval (normal approximation over hands), each house level's tells
(:mod:`bot.house.tells`), decisions per second and the 99th percentile of a decision's time
(building the view included). ``--suite`` plays the issue's pairings (:data:`SUITE`) instead.

>>> import json
>>> out = run_arena("brag", ["strong", "random"], hands=20, seed=1)
>>> [s["player"] for s in out["seats"]], out["hands"]
(['strong', 'random'], 20)
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bot.games import registry
from bot.games.brag import BragHand, brag_deck
from bot.games.brelan import BrelanHand, deal_from, deck_for
from bot.games.cards import Card, Shuffler
from bot.games.cli import Parser, whole
from bot.games.options import BragOptions, BrelanOptions, parse_options
from bot.house.memory import TableMemory
from bot.house.players import LEVELS, HousePlayer, Strategy, make_player
from bot.house.probes import PROBES, make_probe
from bot.house.tells import Tells
from bot.house.thought import Advice
from bot.house.timing import pace_limit, think_time
from bot.house.view import View, house_games, view_for

#: Stack every player starts each arena hand with: the game's standard cave (its registry
#: entry's), but for the games named here.
ARENA_STACK = {"brag": 50}
#: Deals after which a pot nobody wins is given back in equal shares.
MAX_DEALS = 40

Timer = Callable[[], float]
#: A look at a house player's decision before it is played: the hand, the strategy index of
#: each name, the player's view and his advice.
Watch = Callable[[BrelanHand | BragHand, dict[str, int], View, Advice], None]


class Table:
    """The players of one arena and the timing of their decisions."""

    def __init__(
        self,
        strategies: Sequence[Strategy],
        memory: TableMemory | None = None,
        watch: Watch | None = None,
    ) -> None:
        self.strategies = list(strategies)
        #: Called at each house player's decision, before it is played (bot.house.compare).
        self.watch = watch
        self.times: list[float] = []
        self.clock: Timer = time.perf_counter
        self.memory = memory if memory is not None else TableMemory()
        #: What each house player's play gives away (bot.house.tells), and its pauses.
        self.tells = [Tells() for _ in self.strategies]
        self.pace = random.Random(0)
        self.deals = 0

    def play(self, hand: BrelanHand | BragHand, seat_of: dict[str, int]) -> None:
        """Let the house players act until the deal is over."""
        clock = self.clock
        times = self.times
        self.deals += 1
        while hand.to_act is not None:
            name = hand.to_act
            k = seat_of[name]
            strategy = self.strategies[k]
            start = clock()
            view = view_for(hand, name)
            if isinstance(strategy, HousePlayer):
                advice = strategy.think(view)
                verb, amount = advice.decision
                times.append(clock() - start)
                if self.watch is not None:
                    self.watch(hand, seat_of, view, advice)
                pause = think_time(advice, len(view.legal), self.pace, pace_limit(60))
                self.tells[k].note(view, advice, self.deals, pause)
            else:
                verb, amount = strategy.decide(view)
                times.append(clock() - start)
            hand.act(name, verb, amount)
        self.memory.observe(view_for(hand, hand.names[0]), hand.options)  # type: ignore[arg-type]


def _share(amount: int, n: int) -> list[int]:
    base, odd = divmod(amount, n)
    return [base + (1 if i < odd else 0) for i in range(n)]


def _seating(
    order: list[int], stack: int | Sequence[int]
) -> tuple[list[str], dict[str, int], list[int]]:
    """The names, strategy index by name and stacks of the seats in ``order`` (``stack``:
    one for all, or each strategy index's)."""
    names = [f"S{k}" for k in order]
    stacks = [stack if isinstance(stack, int) else stack[k] for k in order]
    return names, dict(zip(names, order, strict=True)), stacks


def play_brelan_hand(
    table: Table,
    options: BrelanOptions,
    order: list[int],
    stack: int | Sequence[int],
    rng: random.Random,
) -> dict[int, int]:
    """One arena hand (a deal and its refaits): chips won by each strategy index."""
    n = len(order)
    names, seat_of, stacks = _seating(order, stack)
    begun = dict(zip(names, stacks, strict=True))
    deck = list(deck_for(options, n))
    carried = 0
    for refaits in range(MAX_DEALS):
        rng.shuffle(deck)
        hands, retourne = deal_from(deck, n)
        hand = BrelanHand(options, names, stacks, hands, retourne, carried, refaits, False)
        table.play(hand, seat_of)
        stacks = list(hand.stack)
        carried = hand.carried
        if not carried:
            break
        if options.refait_dealer == "next":
            names = names[1:] + names[:1]
            stacks = stacks[1:] + stacks[:1]
    else:
        stacks = [s + x for s, x in zip(stacks, _share(carried, n), strict=True)]
    return {seat_of[name]: s - begun[name] for name, s in zip(names, stacks, strict=True)}


def play_brag_hand(
    table: Table,
    options: BragOptions,
    order: list[int],
    stack: int | Sequence[int],
    rng: random.Random,
) -> dict[int, int]:
    """One arena hand (deals until a pot is won): chips won by each strategy index."""
    n = len(order)
    names, seat_of, stacks = _seating(order, stack)
    begun = dict(zip(names, stacks, strict=True))
    k = options.cards
    carried = 0
    kept: dict[str, tuple[Card, ...]] = {}
    for _ in range(MAX_DEALS):
        held = {c for h in kept.values() for c in h}
        pack = [c for c in brag_deck(options) if c not in held]
        rng.shuffle(pack)
        hands = [pack[i * k : (i + 1) * k] for i in range(n)]
        hand = BragHand(options, names, stacks, hands, pack[n * k :], dict(kept), carried, False)
        table.play(hand, seat_of)
        stacks = list(hand.stack)
        carried = hand.carried
        kept = dict(hand.kept_after)
        if not carried and not kept:
            break
    else:
        stacks = [s + x for s, x in zip(stacks, _share(carried, n), strict=True)]
    return {seat_of[name]: s - begun[name] for name, s in zip(names, stacks, strict=True)}


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def default_stack(game: str) -> int:
    """The stack each player starts an arena hand with, unless ``--stack`` says.

    >>> [default_stack(g) for g in ("brelan", "bouillotte", "brag")]
    [50, 30, 50]
    """
    return ARENA_STACK.get(game, registry.spec(game).cave)


def run_arena(
    game: str,
    players: Sequence[str],
    hands: int,
    seed: int,
    options: dict[str, Any] | None = None,
    stack: int | None = None,
    watch: Watch | None = None,
    memory: TableMemory | None = None,
    session: bool = False,
) -> dict[str, Any]:
    """Play the arena and return its figures (the JSON object the command prints);
    ``watch`` looks at each house player's decision (:class:`Table`), ``memory`` is the
    table's (a new one by default). With ``session`` the stacks carry over from hand to
    hand, as at a table: a player cleaned out takes a new standard cave at once, as the same
    player (Bouillotte's recave with nobody in the queue, docs/rules.md §2; where the rules have
    no recave, Brelan without replenishing and Brag, he leaves and sits down again)."""
    return _arena(game, players, hands, seed, options, stack, watch, memory, session)[0]


def _arena(
    game: str,
    players: Sequence[str],
    hands: int,
    seed: int,
    options: dict[str, Any] | None,
    stack: int | None,
    watch: Watch | None,
    memory: TableMemory | None,
    session: bool,
) -> tuple[dict[str, Any], list[list[int]]]:
    """:func:`run_arena`'s figures, and each seat's chips won hand by hand."""
    opts = parse_options(game, options or {})
    for level in players:
        if level not in LEVELS and level not in PROBES:
            every = ", ".join((*LEVELS, *PROBES))
            raise ValueError(f"unknown player {level!r}; choose from: {every}")
    n = len(players)
    memory = memory if memory is not None else TableMemory()
    strategies = [
        make_probe(level)
        if level in PROBES
        else make_player(level, random.Random(f"{seed}:{k}"), memory)
        for k, level in enumerate(players)
    ]
    table = Table(strategies, memory, watch)
    rng = Shuffler(seed=seed).rng
    start_stack = stack if stack is not None else default_stack(game)
    won: list[list[int]] = [[] for _ in range(n)]
    held = [start_stack] * n
    recaves = 0
    started = time.perf_counter()
    for h in range(hands):
        order = [(j + h) % n for j in range(n)]
        if session:
            for k in range(n):
                if held[k] < max(1, opts.ante):
                    recaves += 1
                    held[k] = start_stack
        stacks: int | list[int] = held if session else start_stack
        if isinstance(opts, BragOptions):
            result = play_brag_hand(table, opts, order, stacks, rng)
        else:
            result = play_brelan_hand(table, opts, order, stacks, rng)
        for k, delta in result.items():
            won[k].append(delta)
            held[k] += delta
    elapsed = time.perf_counter() - started
    times = sorted(table.times)
    seats = []
    for k, level in enumerate(players):
        mean, low, high = interval(won[k])
        seat: dict[str, Any] = {
            "player": level,
            "chips_per_hand": round(mean, 3),
            "ci95": [round(low, 3), round(high, 3)],
        }
        if isinstance(strategies[k], HousePlayer):
            seat["tells"] = table.tells[k].figures()
        seats.append(seat)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    session_figures = {"session": True, "recaves": recaves} if session else {}
    figures = {
        "game": game,
        "hands": hands,
        **session_figures,
        "seats": seats,
        "decisions": len(times),
        "decisions_per_second": round(len(times) / sum(times)) if times and sum(times) else 0,
        "p99_decision_ms": round(1000 * p99, 3),
        "seconds": round(elapsed, 1),
    }
    return figures, won


#: The issue's figures (issue 33), one player against three of another: the strong level
#: against the normal one, each exploit style against the normal and the strong level (the
#: strong one must win more), and every level against random players (none may lose).
SUITE: tuple[tuple[str, str], ...] = (
    ("strong", "normal"),
    ("strong", "maniac"),
    ("normal", "maniac"),
    ("strong", "station"),
    ("normal", "station"),
    ("strong", "blind"),
    ("normal", "blind"),
    ("strong", "random"),
    ("normal", "random"),
    ("easy", "random"),
)


def run_suite(
    game: str,
    hands: int,
    seed: int,
    options: dict[str, Any] | None = None,
    stack: int | None = None,
    session: bool = False,
    against: Sequence[str] = (),
) -> dict[str, Any]:
    """Every pairing of :data:`SUITE` (only those against a player of ``against``, if
    given): the first seat's chips per hand with its interval
    and, for a house level, its tells (the JSON object ``--suite`` prints); then, against
    each style both levels met, what the strong level wins a hand more than the normal one,
    hand by hand on the same seed (the same deals while no refait or carried pot tells
    them apart), with its interval."""
    out = []
    first_seat: dict[tuple[str, str], list[int]] = {}
    pairings = [(a, b) for a, b in SUITE if not against or b in against]
    for first, others in pairings:
        players = [first, others, others, others]
        run, won = _arena(game, players, hands, seed, options, stack, None, None, session)
        first_seat[first, others] = won[0]
        seat = run["seats"][0]
        out.append({"players": f"{first} vs 3 {others}", **seat, "seconds": run["seconds"]})
    paired = []
    for first, others in pairings:
        if first == "strong" and ("normal", others) in first_seat:
            strong, normal = first_seat[first, others], first_seat["normal", others]
            mean, low, high = interval([a - b for a, b in zip(strong, normal, strict=True)])
            paired.append(
                {
                    "against": others,
                    "chips_per_hand": round(mean, 3),
                    "ci95": [round(low, 3), round(high, 3)],
                }
            )
    return {
        "game": game,
        "hands": hands,
        "seed": seed,
        "matches": out,
        "strong_over_normal": paired,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(
        prog="python -m bot.house.arena",
        description="House players against each other; prints one JSON object.",
    )
    parser.add_argument("--game", choices=house_games(), required=True, help="the game to play")
    parser.add_argument("--players", help="levels by seat, e.g. strong,random")
    parser.add_argument(
        "--suite", action="store_true", help="the issue's pairings, one against three each"
    )
    parser.add_argument(
        "--against",
        default="",
        help="with --suite, only the pairings against these players, e.g. maniac,station",
    )
    parser.add_argument(
        "--hands", type=whole(1), default=1000, help="hands to play (default: 1000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed (default: 1)")
    parser.add_argument("--options", default="{}", help='table options as JSON, e.g. {"cards": 4}')
    parser.add_argument(
        "--stack", type=whole(1), default=None, help="chips each seat starts a hand with"
    )
    parser.add_argument(
        "--session",
        action="store_true",
        help="stacks carry over from hand to hand; a player cleaned out takes a new "
        "standard cave (Bouillotte's recave; elsewhere he sits down again)",
    )
    args = parser.parse_args(argv)
    if not args.suite and not args.players:
        parser.error("give --players, or --suite")
    try:
        options = json.loads(args.options)
        if args.suite:
            against = [p.strip() for p in args.against.split(",") if p.strip()]
            out = run_suite(
                args.game, args.hands, args.seed, options, args.stack, args.session, against
            )
        else:
            players = [p.strip() for p in args.players.split(",") if p.strip()]
            out = run_arena(
                args.game,
                players,
                args.hands,
                args.seed,
                options,
                args.stack,
                session=args.session,
            )
    except (ValueError, json.JSONDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
