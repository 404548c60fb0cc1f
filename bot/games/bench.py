"""``python -m bot.games.bench``: hands per second of seeded random-legal-action self-play.

Runs on one core. Each hand deals from a seeded shuffle of the table's deck, then picks a
random legal action (and a random amount in its range) until the deal is over.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bot.games.brelan import BrelanHand, deal_from, deck_for
from bot.games.options import BrelanOptions, parse_options


def play_random_hand(
    options: BrelanOptions, names: list[str], stacks: list[int], rng: random.Random
) -> BrelanHand:
    """Deal one hand from a seeded shuffle and play random legal actions to its end."""
    deck = rng.sample(deck_for(options, len(names)), 3 * len(names) + 1)
    hands, retourne = deal_from(deck, len(names))
    hand = BrelanHand(options, names, stacks, hands, retourne, validate=False)
    while hand.current is not None:
        legal = hand.legal_actions()
        choice = legal[int(rng.random() * len(legal))]
        amount = choice.amount
        if choice.min is not None and choice.max is not None:
            span = min(choice.max - choice.min, 10) + 1
            amount = choice.min + int(rng.random() * span)
        hand.act(hand.names[hand.current], choice.verb, amount)
    return hand


def bench_brelan(game: str, players: int, seconds: float, seed: int = 1) -> float:
    """Hands per second for ``game`` with ``players`` players (carre free at Bouillotte)."""
    options = parse_options(game, {"carre": "free"} if game == "bouillotte" else {})
    assert isinstance(options, BrelanOptions)
    names = [f"P{i + 1}" for i in range(players)]
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            play_random_hand(options, names, [30] * players, rng)
        count += 200
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per benchmark")
    parser.add_argument("--seed", type=int, default=1)
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
