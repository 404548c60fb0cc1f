"""Brag benchmarks and seeded random play (also used by the tests).

``python -m bot.games.brag_bench`` prints both figures.

>>> import random
>>> hand = random_hand(random.Random(3), players=4)
>>> steps = play_randomly(hand, random.Random(4))
>>> hand.finished and steps > 0
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.base import Amount
from bot.games.brag import BragHand, brag_deck
from bot.games.brag_rank import rank3
from bot.games.cards import FULL_PACK, Card
from bot.games.cli import Parser, number
from bot.games.options import BragOptions, parse_options


def random_action(
    hand: BragHand, rng: random.Random, weights: Mapping[str, float] | None = None
) -> tuple[str, str, Amount]:
    """A legal action of the player to act, chosen at random: (player, verb, amount).

    ``weights`` (verb -> weight, default 1) makes some verbs likelier than others.
    """
    player = hand.to_act
    assert player is not None
    legal = hand.legal_actions()
    if weights:
        choice = rng.choices(legal, [weights.get(a.verb, 1.0) for a in legal])[0]
    else:
        choice = rng.choice(legal)
    amount: Amount
    if choice.verb == "discard":
        assert choice.amount is not None
        cards = hand.held[hand.index[player]][0]
        amount = tuple(c.code for c in rng.sample(list(cards), choice.amount))
    elif choice.min is not None and choice.max is not None:
        amount = rng.randint(choice.min, choice.max)
    else:
        amount = choice.amount
    return player, choice.verb, amount


def play_randomly(hand: BragHand, rng: random.Random, limit: int = 100_000) -> int:
    """Play random legal actions until the deal is over; the number of actions."""
    steps = 0
    while not hand.finished:
        if steps >= limit:
            raise RuntimeError("the hand did not finish")
        hand.act(*random_action(hand, rng))
        steps += 1
    return steps


def random_hand(
    rng: random.Random,
    players: int = 6,
    stack: int = 100,
    options: BragOptions | None = None,
) -> BragHand:
    """A fresh deal from a shuffled pack."""
    opts = options or _options({})
    pack = list(brag_deck(opts))
    rng.shuffle(pack)
    k = opts.cards
    hands = [[pack[i + j * players] for j in range(k)] for i in range(players)]
    names = [f"P{i + 1}" for i in range(players)]
    return BragHand(opts, names, [stack] * players, hands, rest=pack[players * k :])


def _options(raw: dict[str, Any]) -> BragOptions:
    parsed = parse_options("brag", raw)
    assert isinstance(parsed, BragOptions)
    return parsed


def bench_brag(players: int = 6, seconds: float = 1.0, seed: int = 1) -> float:
    """Deals per second: three-card brag with blind play, seeded random legal actions.

    Each deal is a seeded shuffle of the cards dealt (a partial Fisher-Yates, the rest of the
    pack after them), checked by the engine, then played to its end by uniform random choices
    among the legal actions (a bet's amount uniform in its range), every one through
    ``act``: checked, applied and told in events. The choices read ``random()`` directly,
    as the Brelan bench does, so the harness costs little beside the engine."""
    rng = random.Random(seed)
    rand = rng.random
    opts = _options({"blind_allowed": True})
    pack = list(brag_deck(opts))
    size, k = len(pack), opts.cards
    dealt = players * k
    names = [f"P{i + 1}" for i in range(players)]
    stacks = [100] * players
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            for i in range(dealt):
                j = i + int(rand() * (size - i))
                pack[i], pack[j] = pack[j], pack[i]
            hands = [pack[i:dealt:players] for i in range(players)]
            hand = BragHand(opts, names, stacks, hands, rest=pack[dealt:])
            _play(hand, rand)
        done += 50
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def _play(hand: BragHand, rand: Callable[[], float]) -> None:
    """Play uniform random legal actions to the end of the deal (the bench's loop)."""
    legal_actions, act, held, index = hand.legal_actions, hand.act, hand.held, hand.index
    while not hand.finished:
        legal = legal_actions()
        verb, amount, low, high = legal[int(rand() * len(legal))]
        player = hand.to_act
        assert player is not None
        if verb == "discard":
            cards = list(held[index[player]][0])
            assert amount is not None
            for i in range(amount):  # the first ``amount`` of a partial shuffle
                j = i + int(rand() * (len(cards) - i))
                cards[i], cards[j] = cards[j], cards[i]
            act(player, verb, tuple(c.code for c in cards[:amount]))
        elif low is not None and high is not None:
            act(player, verb, low + int(rand() * (high - low + 1)))
        else:
            act(player, verb, amount)


def bench_eval(seconds: float = 1.0, seed: int = 1) -> float:
    """Three-card evaluations per second through the precomputed table (:func:`rank3`)."""
    rng = random.Random(seed)
    pack: Sequence[Card] = FULL_PACK
    trios = [tuple(rng.sample(pack, 3)) for _ in range(10_000)]
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for a, b, c in trios:
            rank3(a, b, c)
        done += len(trios)
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(
        prog="python -m bot.games.brag_bench",
        description="Brag's speed: deals a second and three-card evaluations a second.",
    )
    parser.add_argument(
        "seconds",
        metavar="SECONDS",
        nargs="?",
        type=number(0, above=True),
        default=2.0,
        help="time per benchmark (default: 2)",
    )
    seconds: float = parser.parse_args(argv).seconds
    print(f"brag deals/s (6 players, blind play): {bench_brag(seconds=seconds):,.0f}")
    print(f"brag three-card evaluations/s: {bench_eval(seconds=seconds):,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
