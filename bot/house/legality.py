"""``python -m bot.house.legality --positions 100000``: house players never act illegally.

Deals random hands of every game the house has strategies for (:func:`bot.house.view.house_games`,
in the registry's order) with random table options, random stacks (short ones included, for
all-in, tapis and covering) and a random level in every seat, and has the house players act
in every position until the count is reached. Any action the engine refuses stops the run
with the position that caused it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from bot.games.brag import BragHand, brag_deck
from bot.games.brelan import BrelanHand, deal_from, deck_for
from bot.games.cards import PIQUET_PRESETS, Card
from bot.games.cli import Parser, whole
from bot.games.errors import IllegalAction
from bot.games.options import BragOptions, BrelanOptions, parse_options
from bot.house.players import LEVELS, Strategy, make_player
from bot.house.view import house_games, view_for

WILDS = ("none", "twos", "black_twos", "one_eyed_jacks", "suicide_king", "joker", "two_jokers")


class IllegalHouseAction(AssertionError):
    """A house player chose an action the engine refused."""


def random_options(game: str, rng: random.Random) -> dict[str, Any]:
    """Table options drawn from every value docs/rules.md names (the deck: a preset, or the
    game's own default when it is none, Bouillotte's ``auto``)."""
    defaults = parse_options(game)
    if isinstance(defaults, BragOptions):
        low = rng.randint(1, 3)
        return {
            "cards": rng.choice((3, 4, 5)),
            "ante": rng.randint(0, 2),
            "ante_by": rng.choice(("all", "dealer")),
            "min_bet": low,
            "max_bet": rng.choice((low, low + 1, 10, 20)),
            "max_raise": rng.choice((None, 1, 5)),
            "blind_allowed": rng.random() < 0.8,
            "see_cost": rng.choice(("double", "equal")),
            "wild": rng.choice(WILDS),
            "blind_keep": rng.choice(("keep", "face_up")),
            "common_showdown": rng.random() < 0.3,
        }
    decks = PIQUET_PRESETS if defaults.deck in PIQUET_PRESETS else (*PIQUET_PRESETS, defaults.deck)
    return {
        "deck": rng.choice(decks),
        "ante": rng.randint(0, 2),
        "ante_by": rng.choice(("all", "dealer")),
        "min_raise": rng.choice(("1", "last_raise")),
        "carre": rng.choice(("off", "free", "forced")),
        "carre_chain": rng.choice(("carre", "academie", "pagat")),
        "sans_plus": rng.random() < 0.5,
        "pot_rule": rng.choice(("recalculate", "single_suit", "fixed")),
        "brelan_pay": rng.choice((0, 2)),
        "square_pay": rng.choice((0, 4)),
        "flambeau": rng.random() < 0.3,
    }


def _act(hand: BrelanHand | BragHand, players: dict[str, Strategy]) -> None:
    name = hand.to_act
    assert name is not None
    view = view_for(hand, name)
    verb, amount = players[name].decide(view)
    try:
        hand.act(name, verb, amount)
    except IllegalAction as exc:
        raise IllegalHouseAction(
            f"{players[name].name} chose {verb} {amount!r} in {view!r}: {exc}"
        ) from exc


def play_deals(
    game: str,
    options: dict[str, Any],
    levels: Sequence[str],
    stacks: Sequence[int],
    rng: random.Random,
    deals: int = 3,
) -> int:
    """Play up to ``deals`` deals with house players; the number of decisions made."""
    opts = parse_options(game, options)
    n = len(levels)
    names = [f"P{i + 1}" for i in range(n)]
    players = {
        name: make_player(level, random.Random(rng.random()))
        for name, level in zip(names, levels, strict=True)
    }
    stack = list(stacks)
    decisions = 0
    carried = refaits = 0
    kept: dict[str, tuple[Card, ...]] = {}
    for _ in range(deals):
        if sum(1 for s in stack if s > 0) < 2 and not kept:
            break
        hand: BrelanHand | BragHand
        if isinstance(opts, BragOptions):
            held = {c for h in kept.values() for c in h}
            pack = [c for c in brag_deck(opts) if c not in held]
            rng.shuffle(pack)
            k = opts.cards
            hands = [pack[i * k : (i + 1) * k] for i in range(n)]
            hand = BragHand(opts, names, stack, hands, pack[n * k :], dict(kept), carried)
        else:
            assert isinstance(opts, BrelanOptions)
            deck = list(deck_for(opts, n))
            rng.shuffle(deck)
            cards, retourne = deal_from(deck, n)
            hand = BrelanHand(opts, names, stack, cards, retourne, carried, refaits)
        while hand.to_act is not None:
            _act(hand, players)
            decisions += 1
        stack = list(hand.stack)
        carried = hand.carried
        refaits = refaits + 1 if carried else 0
        if isinstance(hand, BragHand):
            kept = dict(hand.kept_after)
    return decisions


def random_table(rng: random.Random) -> tuple[str, dict[str, Any], list[str], list[int]]:
    """A random game, options, seats' levels and stacks."""
    game = rng.choice(house_games())
    options = random_options(game, rng)
    parsed = parse_options(game, options)
    if isinstance(parsed, BragOptions):
        n = rng.randint(2, 6)
    else:
        size = len(deck_for(parsed, 5))
        n = rng.randint(2, min(5, (size - 1) // 3))
    levels = [rng.choice(LEVELS) for _ in range(n)]
    stacks = [rng.choice((0, 1, 2, 3, 5, 8, 15, 30, 60)) for _ in range(n)]
    if sum(1 for s in stacks if s > 0) < 2:
        stacks[0] = stacks[1] = 10
    return game, options, levels, stacks


def check(positions: int, seed: int = 1) -> tuple[int, int]:
    """Play until ``positions`` decisions were checked: (positions, deals' tables)."""
    rng = random.Random(seed)
    done = tables = 0
    while done < positions:
        game, options, levels, stacks = random_table(rng)
        done += play_deals(game, options, levels, stacks, rng)
        tables += 1
    return done, tables


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(
        prog="python -m bot.house.legality",
        description="House players of every level at random tables: every action they choose "
        "must be legal.",
    )
    parser.add_argument(
        "--positions",
        type=whole(1),
        default=100_000,
        help="decisions to check (default: 100000)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the tables' seed (default: 1)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    done, tables = check(args.positions, args.seed)
    print(
        f"{done} positions over {tables} random tables, no illegal action "
        f"({time.perf_counter() - start:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
