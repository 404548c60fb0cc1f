"""``python -m bot.games.bench``: hands per second of seeded random-legal-action self-play.

Runs on one core. Each hand deals from a seeded shuffle of the table's deck, then picks a
random legal action (and a random amount in its range) until the deal is over.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bot.games.brelan import BrelanHand, deal_from, deck_for
from bot.games.cards import Card
from bot.games.cli import Parser, number
from bot.games.options import BrelanOptions, parse_options


def play_random_hand(
    options: BrelanOptions,
    names: list[str],
    stacks: list[int],
    rng: random.Random,
    deck: list[Card] | None = None,
) -> BrelanHand:
    """Deal one hand from a seeded shuffle and play random legal actions to its end.

    ``deck``, when given, is the table's deck as a list (any order) that is shuffled in place.
    """
    players = len(names)
    if deck is None:
        deck = list(deck_for(options, players))
    rand = rng.random
    size = len(deck)
    for i in range(3 * players + 1):  # shuffle the cards dealt (a partial Fisher-Yates)
        j = i + int(rand() * (size - i))
        deck[i], deck[j] = deck[j], deck[i]
    hands, retourne = deal_from(deck, players)
    hand = BrelanHand(options, names, stacks, hands, retourne, validate=False)
    legal_actions, act, seats = hand.legal_actions, hand.act, hand.names
    current = hand.current
    while current is not None:
        legal = legal_actions()
        verb, amount, low, high = legal[int(rand() * len(legal))]
        if low is not None and high is not None:
            span = high - low
            amount = low + int(rand() * ((span if span < 10 else 10) + 1))
        act(seats[current], verb, amount)
        current = hand.current
    return hand


def bench_brelan(game: str, players: int, seconds: float, seed: int = 1) -> float:
    """Hands per second for ``game`` with ``players`` players (carre free at Bouillotte)."""
    options = parse_options(game, {"carre": "free"} if game == "bouillotte" else {})
    assert isinstance(options, BrelanOptions)
    names = [f"P{i + 1}" for i in range(players)]
    deck = list(deck_for(options, players))
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            play_random_hand(options, names, [30] * players, rng, deck)
        count += 200
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(
        prog="python -m bot.games.bench",
        description="Hands a second of seeded random-legal-action self-play, on one core.",
    )
    parser.add_argument(
        "--seconds",
        type=number(0, above=True),
        default=3.0,
        help="time per benchmark (default: 3)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the shuffles' seed (default: 1)")
    args = parser.parse_args(argv)
    cases: list[tuple[str, Callable[[], float], str]] = [
        (
            "Brelan, 4 players",
            lambda: bench_brelan("brelan", 4, args.seconds, args.seed),
            "hands/s",
        ),
        (
            "Bouillotte, 4 players, carre free",
            lambda: bench_brelan("bouillotte", 4, args.seconds, args.seed),
            "hands/s",
        ),
        (
            "Bouillotte, 5 players, carre free",
            lambda: bench_brelan("bouillotte", 5, args.seconds, args.seed),
            "hands/s",
        ),
    ]
    try:
        from bot.games import brag_bench  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        pass
    else:
        cases.append(
            (
                "Three-card Brag, 6 players, blind play",
                lambda: float(
                    brag_bench.bench_brag(players=6, seconds=args.seconds, seed=args.seed)
                ),
                "hands/s",
            )
        )
        cases.append(
            (
                "Three-card evaluations through the table",
                lambda: float(brag_bench.bench_eval(seconds=args.seconds)),
                "evals/s",
            )
        )
    print(f"seeded random legal self-play, one core, {args.seconds:g} s per case")
    for label, run, unit in cases:
        print(f"{label:45s} {run():>12,.0f} {unit}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
