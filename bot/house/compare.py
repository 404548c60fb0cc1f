"""``python -m bot.house.compare``: where the strong level and the normal one part ways.

Plays ``--hands`` arena hands (:mod:`bot.house.arena`) of Brelan or Bouillotte, the strong
level against three normal players. At each decision of the strong level that is not
forced, the normal level is asked what it would play in the same view; where the two
differ, each of the two moves is played on to the end of the deal ``--rollouts`` times
(the same cards, every player then deciding as his level does, the pool of a refait
counted as shared equally), and the difference of the strong seat's chips (strong's move
less normal's) is counted by spot:

- ``carre``: the carre chain; ``opening``: nobody has opened yet;
- ``first``: facing a bet before having bet; ``again``: facing a re-raise of its own bet;
- ``sans_plus``: Bouillotte's last round;

and by the strong level's chance of winning the showdown, in tenths. Prints one JSON
object: the strong seat's chips per hand, then per spot and per pair of moves (a verb may
come twice: the same move at another stake) the spots counted, the mean difference and its
sum per hand with a 95% interval, the pairs that cost the strong level most first. The
rollouts play on the dealt cards, which no player reads: this measures the choices, it is
not a player.

``--change NAME=JSON`` (repeatable) weighs a change instead: at each such decision the
strong level with that constant of :mod:`bot.house.brelan_strong` set otherwise is paired
with the unchanged one (the same view, memory and random numbers), and where they differ
both moves are played on as above; ``strong`` is then the changed level's move, ``normal``
the unchanged one's.

>>> out = compare("bouillotte", hands=4, seed=1, rollouts=1)
>>> sorted(out), out["hands"]
(['by_spot', 'changes', 'game', 'hands', 'pairs', 'rollouts', 'seed', 'strong_chips_per_hand'], 4)
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
import sys
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from bot.games.base import Amount
from bot.games.brag import BragHand
from bot.games.brelan import BrelanHand
from bot.games.cli import Parser, whole
from bot.games.events import EventKind
from bot.house import brelan_strong
from bot.house.arena import Watch, interval, run_arena
from bot.house.brelan_play import decide_brelan
from bot.house.memory import TableMemory
from bot.house.players import HousePlayer
from bot.house.thought import Advice
from bot.house.view import BrelanView, View, view_for

#: The table compared: the strong level in the first seat, three normal players.
PLAYERS = ("strong", "normal", "normal", "normal")
#: The spots, in the order of a deal.
SPOTS = ("carre", "opening", "first", "again", "sans_plus")


def spot_of(view: BrelanView) -> str:
    """The spot of a decision (:data:`SPOTS`)."""
    if view.phase in ("carre", "opening", "sans_plus"):
        return view.phase
    bet = (EventKind.CARRE, EventKind.OPEN, EventKind.RAISE)
    mine = any(e.kind in bet and e.player == view.seat for e in view.events)
    return "again" if mine else "first"


def _play_on(
    hand: BrelanHand,
    move: tuple[str, Amount],
    seat_of: dict[str, int],
    players: list[HousePlayer],
) -> float:
    """The chips the player to act ends the deal with after ``move``, every player then
    deciding as his level does (a refait's pool counted as shared equally)."""
    name = hand.to_act
    assert name is not None
    hand.act(name, *move)
    while hand.to_act is not None:
        who = hand.to_act
        hand.act(who, *players[seat_of[who]].decide(view_for(hand, who)))
    return hand.stack[hand.names.index(name)] + hand.carried / len(hand.names)


@contextlib.contextmanager
def changed(changes: Mapping[str, Any]) -> Iterator[None]:
    """The strong level with some of its constants (:mod:`bot.house.brelan_strong`) set
    otherwise, for the time of a ``with`` block."""
    before = {name: getattr(brelan_strong, name) for name in changes}
    try:
        for name, value in changes.items():
            setattr(brelan_strong, name, value)
        yield
    finally:
        for name, value in before.items():
            setattr(brelan_strong, name, value)


class _Counter:
    """The differences counted so far, by group and by arena hand."""

    def __init__(
        self, rollouts: int, memory: TableMemory, changes: Mapping[str, Any] | None = None
    ) -> None:
        self.rollouts = rollouts
        self.memory = memory
        self.changes = changes or {}
        self.decisions = 0
        self.hand = -1  # the arena hand watched, counted from 0
        self.last: BrelanHand | None = None
        self.groups: dict[tuple[str, str, str, int], dict[int, float]] = defaultdict(dict)
        self.counts: dict[tuple[str, str, str, int], int] = defaultdict(int)

    def watch(
        self, hand: BrelanHand | BragHand, seat_of: dict[str, int], view: View, advice: Advice
    ) -> None:
        """Weigh the strong seat's decision against the normal level's, if they differ."""
        if not isinstance(hand, BrelanHand) or not isinstance(view, BrelanView):
            return
        if hand is not self.last:
            self.last = hand
            self.hand += hand.refaits == 0
        if advice.forced or seat_of[view.seat] != 0:
            return
        self.decisions += 1
        if self.changes:  # the changed strong level against the unchanged one, same numbers
            normal = brelan_strong.advise(view, random.Random(self.decisions), self.memory)
            with changed(self.changes):
                found = brelan_strong.advise(view, random.Random(self.decisions), self.memory)
            strong, normal_move = found.decision, normal.decision
            chance = found.chance
        else:
            normal_move = decide_brelan(view, random.Random(self.decisions), "normal")
            strong, chance = advice.decision, advice.chance
        if normal_move == strong:
            return
        worth = []
        for move in (strong, normal_move):
            total = 0.0
            for r in range(self.rollouts):
                players = [
                    HousePlayer(level, random.Random(f"{self.decisions}:{r}:{k}"), self.memory)
                    for k, level in enumerate(PLAYERS)
                ]
                total += _play_on(copy.deepcopy(hand), move, seat_of, players)
            worth.append(total / self.rollouts)
        key = (spot_of(view), strong[0], normal_move[0], min(9, int(10 * chance)))
        by_hand = self.groups[key]
        by_hand[self.hand] = by_hand.get(self.hand, 0.0) + worth[0] - worth[1]
        self.counts[key] += 1


def compare(
    game: str,
    hands: int,
    seed: int,
    rollouts: int = 3,
    changes: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play the comparison and return its figures (the JSON object the command prints);
    with ``changes``, the strong level so changed against the unchanged one
    (:func:`changed`) rather than the normal level."""
    memory = TableMemory()
    counter = _Counter(rollouts, memory, changes)
    watch: Watch = counter.watch
    run = run_arena(game, list(PLAYERS), hands, seed, watch=watch, memory=memory)
    pairs: list[dict[str, Any]] = []
    spots: dict[str, list[float]] = {s: [0.0] * hands for s in SPOTS}
    for (spot, strong, normal, tenth), by_hand in counter.groups.items():
        per_hand = [0.0] * hands
        for h, diff in by_hand.items():
            per_hand[h] = diff
            spots[spot][h] += diff
        count = counter.counts[spot, strong, normal, tenth]
        mean, low, high = interval(per_hand)
        pairs.append(
            {
                "spot": spot,
                "strong": strong,
                "normal": normal,
                "chance": tenth / 10,
                "count": count,
                "mean": round(sum(per_hand) / count, 2),
                "per_hand": round(mean, 3),
                "ci95": [round(low, 3), round(high, 3)],
            }
        )
    pairs.sort(key=lambda p: p["per_hand"])
    by_spot: dict[str, dict[str, Any]] = {}
    for spot, per_hand in spots.items():
        mean, low, high = interval(per_hand)
        by_spot[spot] = {"per_hand": round(mean, 3), "ci95": [round(low, 3), round(high, 3)]}
    return {
        "game": game,
        "hands": hands,
        "seed": seed,
        "rollouts": rollouts,
        "changes": dict(changes or {}),
        "strong_chips_per_hand": run["seats"][0]["chips_per_hand"],
        "by_spot": by_spot,
        "pairs": pairs,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(
        prog="python -m bot.house.compare",
        description="Where the strong level and the normal differ: the strong level against "
        "three normal players, each differing move played on; prints one JSON object.",
    )
    parser.add_argument(
        "--game", choices=("brelan", "bouillotte"), required=True, help="the game to play"
    )
    parser.add_argument(
        "--hands", type=whole(2), default=1000, help="arena hands to play (default: 1000)"
    )
    parser.add_argument("--seed", type=int, default=7, help="the deals' seed (default: 7)")
    parser.add_argument(
        "--rollouts",
        type=whole(1),
        default=3,
        help="times each of the two moves is played on to the end of the deal (default: 3)",
    )
    parser.add_argument(
        "--change",
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="weigh the strong level with this constant of bot.house.brelan_strong set "
        "otherwise against the unchanged one (e.g. FITTED=false), rather than the normal level",
    )
    args = parser.parse_args(argv)
    changes: dict[str, Any] = {}
    for item in args.change:
        name, _, value = item.partition("=")
        if not hasattr(brelan_strong, name) or not name.isupper():
            print(f"error: bot.house.brelan_strong has no constant {name!r}", file=sys.stderr)
            return 2
        try:
            changes[name] = json.loads(value)
        except json.JSONDecodeError:
            print(f"error: {value!r} is not JSON", file=sys.stderr)
            return 2
    print(json.dumps(compare(args.game, args.hands, args.seed, args.rollouts, changes)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
