"""The ``strong`` level at Brelan and Bouillotte: reads each opponent, weighs every move.

From the seat's view and the table's memory (:mod:`bot.house.memory`) only:

1. **Ranges.** Each rival still in has a class of play this deal (passed, held, opened,
   raised: :func:`~bot.house.memory.brelan_classes`); the memory says how strong the hands
   he showed in that class were. The unseen cards are dealt :data:`SAMPLES` times and each
   deal is weighted by how likely the rivals' hands are given their classes (importance
   weights), so a player who only raises with the best is read so, and a maniac's raise is
   not feared.
2. **Answers.** For a move to a stake, each rival who must answer folds, holds or re-raises,
   in the order they speak, as his **fitted answers** say (:meth:`~bot.house.memory.Profile.
   fitted`): how his moves followed his chance in the hands he showed, his chance there
   (against the players still in when he speaks, who are fewer after each fold) less the
   price he faces; a rival who only holds at the pot's odds is read exactly so. A re-raise
   is reckoned all in as often as his openings and re-raises went all in. The move's
   worth is what it wins on average over the weighted deals: the pot when all fold, else the
   showdown among those who called (folded hands count for the point, as at the showdown).
3. **Choice.** Fold, hold (or stand) and a few stakes (the least, shares of the pot, all
   in) are compared, each less a share of what it puts at risk; the best is played, with a
   little mixing so that it cannot be read: among stakes nearly as good one is drawn, a
   brelan is sometimes slow-played, and one of the weakest hands sometimes bluffs, from
   any seat (a later seat, which has fewer chances, more often), with the stake a strong
   hand would bet in the same spot. A brelan's payments count in what a showdown brings.
4. **The carre chain.** A carre (or contre-, sur-carre) is a blind opening: its worth is
   reckoned the same way over random cards for the carrer too, and taken when it pays.

:func:`advise` answers "what would you do here and why": the move with a reason (a catalogue
key and its parameters), from the view and the memory alone.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from bot.games.cards import ALL_CARDS, parse_card
from bot.games.events import EventKind
from bot.house.brelan_odds import chance_curve, curve_chance, percentile_of, stage_one_winner
from bot.house.memory import (
    BINS,
    Profile,
    TableMemory,
    brelan_classes,
    chance_bin,
    deck_of,
    margin_bin,
    strength_bin,
)
from bot.house.style import PLAIN, Style
from bot.house.tells import WEAK, strength
from bot.house.thought import Advice
from bot.house.view import BrelanView, Choice

Decision = tuple[str, int | None]

#: Deals of the unseen cards per decision.
SAMPLES = 200
#: Deals of every card for a carre step (nobody has seen a card yet).
CARRE_SAMPLES = 120
#: Stakes compared for an opening or a re-raise: the least, then the least plus these
#: shares of the pot, then all in.
SIZES = (0.5, 1.0, 2.0)
#: A re-raise (which opens the betting again, where the reckoning of one answer is least
#: sure) needs this chance of winning the showdown, and the seat makes at most so many.
RAISE_BAR = 0.45
#: With a sans-plus round (Bouillotte) a re-raise opens one more round: a little more still.
SANS_PLUS_BAR = 0.05
MOST_RAISES = 2
#: A carre step is taken when it wins this share of the pot on average: declining keeps the
#: hand's own worth (measured: about half the pool for the strong level), which a carre,
#: played blind, gives up.
CARRE_BAR = 0.5
#: What a stake put in puts at risk beyond the answer reckoned (the betting goes on, the
#: reckoning leans to hope): a share of it taken off a bet's worth (measured in the arena:
#: bets with little chance won about this much less than reckoned).
RISK = 0.05
#: The same for a hold: the betting may go on after it, and a hold that only just pays
#: rarely does (measured in the arena).
HOLD_RISK = 0.35
#: Nor is a bet held (a hold that costs chips) below this chance of winning the showdown:
#: such holds, which the reckoning of what comes after sometimes rates above a fold, lost
#: about 3 to 5 chips each against a fold (paired rollouts: docs/house.md).
HOLD_FLOOR = 0.15
#: A bluff bets what a hand among the best this share of hands would (:func:`_value_stake`);
#: it is made the less often the less they would all fold to it, below this share.
VALUE_TOP = 0.15
BLUFF_FOLDS = 0.3
#: How often a hand not worth a bet bluffs (times the character's taste for it) ...
BLUFF_RATE = 0.04
#: ... times this for each seat before it (a later seat has fewer chances to bluff: only
#: when every seat before it passed) ...
SEAT_BLUFF = 1.5
#: ... and only with a hand below this percentile (:func:`~bot.house.tells.strength`, as
#: the tells read a bluff): a bluff is a bet with one of the weakest hands, and one with a
#: middling hand, which costs as much when called, hides nothing.
#: (``None``: every hand not worth a bet may bluff, at the full rate from this chance of
#: winning the showdown, a third as often below it: the level before.)
BLUFF_WEAK: float | None = WEAK
BLUFF_FLOOR = 0.1
BELOW_FLOOR = 0.33
#: A value bet's stake is drawn among those worth at most this share of the pot less than
#: the best, so that the stake says less of the hand.
VALUE_SLACK = 0.04
#: Only a brelan is slow-played (the level before: any hand with a chance of 0.8 or more).
SLOW_BRELANS = True
#: A brelan's payments (Bouillotte: each other player pays it at any showdown it reaches,
#: won or not) are counted in a move's worth.
PAYMENTS = True
_UNIFORM = (1.0,) * BINS
#: Whether the rivals answer by their fitted answers (their chance in each deal against the
#: price), rather than with the best share of their range, as large as the memory's lines
#: of answers say at that price (the level before: ``python -m bot.house.compare --change
#: FITTED=false`` weighs one against the other).
FITTED = True
#: Whether a rival's re-raise is reckoned at his whole cave as often as his openings and
#: re-raises went all in (:meth:`~bot.house.memory.Profile.all_in_rate`), and what the seat
#: pays to hold it at what the deepest re-raise asks (the level before: every re-raise a
#: third of the pot above the stake).
RAISE_SIZES = True


@dataclass(slots=True)
class _Sim:
    """The weighted deals of one decision."""

    me: int
    mine: tuple[int, ...]
    retourne: int
    rivals: list[int]
    folded: list[int]
    weights: list[float]
    hands: list[list[tuple[int, ...]]]
    out: list[list[tuple[int, ...]]]
    pct: list[list[float]]
    total: float
    #: A hand's chance by its percentile against k others (:func:`chance_curve`, index k),
    #: and a random number per deal and rival that draws his answer.
    curves: list[tuple[float, ...]] = field(default_factory=list)
    draws: list[list[float]] = field(default_factory=list)
    _wins: dict[tuple[int, int], bool] = field(default_factory=dict)
    _sorted: dict[int, list[tuple[float, float]]] = field(default_factory=dict)

    def win(self, s: int, mask: int) -> bool:
        """Whether the seat wins deal ``s`` against the rivals in ``mask`` (the others fold)."""
        key = (s, mask)
        found = self._wins.get(key)
        if found is None:
            hands = self.hands[s]
            contenders: list[tuple[int, Sequence[int]]] = [(self.me, self.mine)]
            folded = list(self.out[s])
            for j, r in enumerate(self.rivals):
                if mask >> j & 1:
                    contenders.append((r, hands[j]))
                else:
                    folded.append(hands[j])
            found = stage_one_winner(contenders, folded, self.retourne) == self.me
            self._wins[key] = found
        return found

    def threshold(self, j: int, share: float) -> float:
        """The strength above which rival ``j``'s best ``share`` of his range lies."""
        rows = self._sorted.get(j)
        if rows is None:
            rows = sorted((self.pct[s][j], self.weights[s]) for s in range(len(self.weights)))
            self._sorted[j] = rows
        if share >= 1.0:
            return -1.0
        if share <= 0.0:
            return 2.0
        want = (1.0 - share) * self.total
        acc = 0.0
        for u, w in rows:
            acc += w
            if acc >= want:
                return u
        return 2.0


def _simulate(view: BrelanView, rng: random.Random, memory: TableMemory, samples: int) -> _Sim:
    assert view.cards is not None and view.retourne is not None
    me = view.position
    mine = tuple(parse_card(c).index for c in view.cards)
    retourne = parse_card(view.retourne).index
    n = len(view.names)
    rivals = [i for i in range(n) if i != me and not view.folded[i]]
    folded = [i for i in range(n) if i != me and view.folded[i]]
    classes = brelan_classes(view.events, view.names)
    dens = [
        _UNIFORM
        if classes[view.names[r]] == "none"
        else memory.profile(view.names[r]).density(classes[view.names[r]])
        for r in rivals
    ]
    deck = deck_of(view.options, n)
    pct = percentile_of(deck, retourne)
    known = {*mine, retourne}
    unseen = [c for c in deck if c not in known]
    size = len(unseen)
    draw = 3 * (len(rivals) + len(folded))
    rand = rng.random
    weights: list[float] = []
    hands: list[list[tuple[int, ...]]] = []
    outs: list[list[tuple[int, ...]]] = []
    pcts: list[list[float]] = []
    for _ in range(samples):
        for i in range(draw):  # partial Fisher-Yates
            j = i + int(rand() * (size - i))
            unseen[i], unseen[j] = unseen[j], unseen[i]
        w = 1.0
        row: list[tuple[int, ...]] = []
        us: list[float] = []
        for k in range(len(rivals)):
            h = (unseen[3 * k], unseen[3 * k + 1], unseen[3 * k + 2])
            u = pct(h)
            w *= dens[k][strength_bin(u)]
            row.append(h)
            us.append(u)
        at = 3 * len(rivals)
        outs.append([tuple(unseen[at + 3 * k : at + 3 * k + 3]) for k in range(len(folded))])
        weights.append(w)
        hands.append(row)
        pcts.append(us)
    curves = [(0.0,)] + [chance_curve(deck, n, k) for k in range(1, len(rivals) + 1)]
    draws = [[rand() for _ in rivals] for _ in range(samples)]
    return _Sim(
        me, mine, retourne, rivals, folded, weights, hands, outs, pcts, sum(weights), curves, draws
    )


def _worth(
    view: BrelanView, sim: _Sim, memory: TableMemory, classes: dict[str, str], target: int
) -> float:
    """Average chips won, counted from now (stakes already in are gone), by bringing the
    seat's stake to ``target`` and letting the rivals who must answer fold, hold or re-raise
    (a re-raise is then held or left, whichever is worth more over those deals). Against a
    shorter rival the seat wins and loses only what his stake matches."""
    me, stakes, stacks = view.position, view.stakes, view.stacks
    my_total = stakes[me] + stacks[me]
    my_add = target - stakes[me]
    pot = view.pool + sum(stakes)
    won = view.winnable_pot(target)
    # each rival's stake at the showdown if he stays: a shorter one matches only so much
    tops = [stakes[r] for r in sim.rivals]
    fixed = 0
    extra = min(my_total, target + max(1, (pot + my_add) // 3)) - target
    answer: list[tuple[int, int, int, list[int]]] = []  # (rival, add, raise add, by deal)
    fits: list[_Fit] = []
    speak_again = view.options.sans_plus and view.phase != "opening"
    for j, r in enumerate(sim.rivals):
        if view.all_in[r] or (stakes[r] >= target and not speak_again):
            fixed |= 1 << j
            continue
        room = stakes[r] + stacks[r]
        add = max(0, min(target, room) - stakes[r])
        tops[j] += add
        price = add / (pot + my_add + add)
        profile = memory.profile(view.names[r])
        again = _reraise(profile, room, target + max(1, (pot + my_add) // 3)) - stakes[r]
        if FITTED:
            # the chips on the table beyond his cave: not his to win, so not in his price
            over = sum(max(0, (target if i == me else x) - room) for i, x in enumerate(stakes))
            fits.append((j, add, again, room > target and extra > 0, profile.fitted(), over))
            continue
        family = "again" if classes[view.names[r]].startswith(("open", "raise")) else "first"
        stay, up = profile.answers(family, price)
        if add == 0:  # he may only stand or re-raise
            stay, up = 1.0, profile.sans_plus_raise()
        if room <= target or extra <= 0:
            up = 0.0
        t_call, t_raise = sim.threshold(j, stay), sim.threshold(j, up)
        moves = [2 if us[j] >= t_raise else 1 if us[j] >= t_call else 0 for us in sim.pct]
        answer.append((j, add, again, moves))
    if fits:
        answer = _fitted_moves(view, sim, pot + my_add, fits)
    total = 0.0
    held = left = 0.0  # the deals with a re-raise: held to the showdown, or left
    paid = _payment(view) if PAYMENTS else 0  # a brelan shown is paid, won or not
    weights = sim.weights
    caps = tops if min(tops, default=target) < target else None
    for s, w in enumerate(weights):
        mask, raisers, gain, raised_to = fixed, 0, 0, target
        for j, add, again, moves in answer:
            move = moves[s]
            if move == 2:
                raisers |= 1 << j
                gain += again
                raised_to = max(raised_to, stakes[sim.rivals[j]] + again)
            elif move == 1:
                mask |= 1 << j
                gain += add
        if raisers:
            left -= w * my_add
            if sim.win(s, fixed | raisers):
                held += w * (won + gain + paid)
            else:
                asked = min(my_total, raised_to) - target if RAISE_SIZES else extra
                held -= w * (my_add + asked - paid)
        elif mask == 0:
            total += w * won
        elif sim.win(s, mask):
            total += w * (won + gain + paid)
        elif caps is None:
            total -= w * (my_add - paid)
        else:
            total -= w * (_matched(caps, mask, target) - stakes[me] - paid)
    total += max(held, left)
    return total / sim.total if sim.total else 0.0


def _reraise(profile: Profile, room: int, third: int) -> int:
    """The stake a rival's re-raise brings his own to: a third of the pot above the stake and,
    as often as his openings and re-raises went all in (:data:`RAISE_SIZES`), his cave."""
    least = min(room, third)
    return least + round(profile.all_in_rate() * (room - least)) if RAISE_SIZES else least


def _matched(tops: list[int], mask: int, target: int) -> int:
    """How far a stake of ``target`` is matched by the deepest of the rivals in ``mask``,
    each of whom stakes at most ``tops[j]`` (a shorter caller matches only his cave)."""
    return min(target, max(t for j, t in enumerate(tops) if mask >> j & 1))


Fitted = tuple[tuple[float, ...], tuple[float, ...]]
#: A rival who must answer: his index, his add, his re-raise's add, whether he may re-raise,
#: his fitted answers, and the chips on the table beyond his cave.
_Fit = tuple[int, int, int, bool, Fitted, int]


def _brelan(view: BrelanView) -> int | None:
    """The rank of the seat's brelan (three cards of a rank), if it holds one."""
    assert view.cards is not None
    ranks = {parse_card(c).rank for c in view.cards}
    return ranks.pop() if len(ranks) == 1 else None


def _payment(view: BrelanView) -> int:
    """What the seat's brelan earns at a showdown (each other player pays it, docs/rules.md §2;
    a square brelan, of the retourne's rank, more), 0 for any other hand."""
    assert view.retourne is not None
    rank = _brelan(view)
    if rank is None:
        return 0
    square = parse_card(view.retourne).rank == rank
    rate = view.options.square_pay if square else view.options.brelan_pay
    return rate * (len(view.names) - 1)


def _fitted_moves(
    view: BrelanView, sim: _Sim, pot: int, fits: list[_Fit]
) -> list[tuple[int, int, int, list[int]]]:
    """The answers of the rivals in ``fits`` (:data:`_Fit`) in each deal, in the order they
    speak: each folds, holds (1) or re-raises (2) as often as his fitted answers say at his
    chance there against the players still in when he speaks, and the price he then faces
    (of the pot, only what his cave can win)."""
    n = len(view.names)
    me = view.position
    fits = sorted(fits, key=lambda f: (sim.rivals[f[0]] - me) % n)
    moves: list[list[int]] = [[] for _ in fits]
    curves = sim.curves
    others = len(sim.rivals)
    for us, draws in zip(sim.pct, sim.draws, strict=True):
        out = 0
        grown = pot
        for i, (j, add, again, may_raise, (stay, up), over) in enumerate(fits):
            curve = curves[others - out]
            c = curve_chance(curve, us[j])
            p_stay = 1.0 if add == 0 else stay[margin_bin(c - add / (grown - over + add))]
            p_up = min(p_stay, up[chance_bin(c)]) if may_raise else 0.0
            d = draws[j]
            move = 2 if d < p_up else 1 if d < p_stay else 0
            moves[i].append(move)
            out += move == 0
            grown += again if move == 2 else add if move == 1 else 0
    return [(f[0], f[1], f[2], m) for f, m in zip(fits, moves, strict=True)]


def _stakes(low: int, high: int, base: int, pot: int, rng: random.Random) -> list[int]:
    """The stakes compared for a move from ``low`` to ``high``: the least, ``base`` plus
    shares of the pot (a little jitter so that amounts do not repeat), all in."""
    out = {low, high}
    for share in SIZES:
        jitter = 0.85 + 0.3 * rng.random()
        out.add(max(low, min(high, base + round(pot * share * jitter))))
    return sorted(out)


def _take(c: Choice, amount: int | None = None) -> Decision:
    if c.low is not None and c.high is not None:
        assert amount is not None
        return c.verb, max(c.low, min(c.high, amount))
    return c.verb, c.amount


Move = tuple[float, str, int | None]


def advise(
    view: BrelanView,
    rng: random.Random,
    memory: TableMemory | None = None,
    style: Style = PLAIN,
) -> Advice:
    """What the strong level plays here, and why (from the view and the memory only)."""
    memory = memory if memory is not None else TableMemory()
    if len(view.legal) == 1:
        only = view.legal[0]
        verb, amount = _take(only, only.low)
        return Advice(verb, amount, "advice-only-move", margin=0.0, forced=True)
    if view.phase == "carre":
        return _carre(view, rng, memory, style)
    moves, chance = _moves(view, rng, memory, style)
    return _choose(view, rng, memory, moves, chance, style)


def _moves(
    view: BrelanView, rng: random.Random, memory: TableMemory, style: Style
) -> tuple[list[Move], float]:
    """Each move weighed (its worth in chips from now), and the chance to win the showdown."""
    sim = _simulate(view, rng, memory, SAMPLES)
    classes = brelan_classes(view.events, view.names)
    me = view.position
    pot = view.pool + sum(view.stakes)
    moves: list[Move] = []
    quiet = next((view.choice(v) for v in ("stand", "pass", "decline") if view.choice(v)), None)
    hold = view.choice("hold")
    if view.phase == "sans_plus" or (hold is not None and (hold.amount or 0) <= view.stakes[me]):
        still = view.choice("stand") or hold
        assert still is not None
        moves.append((_worth(view, sim, memory, classes, view.stakes[me]), still.verb, None))
    elif quiet is not None:
        moves.append((0.0, quiet.verb, None))
    chance = _chance(sim)
    if quiet is not None and chance < HOLD_FLOOR:
        hold = None  # too weak to pay for staying in
    if hold is not None and (hold.amount or 0) > view.stakes[me]:
        cost = (hold.amount or 0) - view.stakes[me]
        # the betting goes on after a hold, unless it puts him or the bettor all in
        last = cost >= view.stacks[me] or any(
            view.all_in[i] and view.stakes[i] == view.vade for i in range(len(view.names))
        )
        worth = _worth(view, sim, memory, classes, hold.amount or 0) - HOLD_RISK * cost * (not last)
        moves.append((worth, "hold", hold.amount))
    bet = view.choice("open") or view.choice("raise")
    if bet is not None and bet.verb == "raise":
        mine = sum(1 for e in view.events if e.kind == EventKind.RAISE and e.player == view.seat)
        bar = RAISE_BAR + (SANS_PLUS_BAR if view.options.sans_plus else 0.0)
        if chance < bar or mine >= MOST_RAISES:
            bet = None  # a re-raise opens the betting again: only with the better hands
    risk = RISK + 0.04 * style.tight
    if bet is not None and bet.low is not None and bet.high is not None:
        base = bet.low if bet.verb == "open" else view.vade
        # all in is the deepest rival's cave: what lies beyond it nobody can match
        deepest = max((view.stakes[r] + view.stacks[r] for r in sim.rivals), default=bet.high)
        for stake in _stakes(bet.low, max(bet.low, min(bet.high, deepest)), base, pot, rng):
            worth = _worth(view, sim, memory, classes, stake) - risk * (stake - view.stakes[me])
            moves.append((worth, bet.verb, stake))
    return moves, chance


def _chance(sim: _Sim) -> float:
    every = (1 << len(sim.rivals)) - 1
    won = sum(w for s, w in enumerate(sim.weights) if sim.win(s, every))
    return won / sim.total if sim.total else 0.0


def _choose(
    view: BrelanView,
    rng: random.Random,
    memory: TableMemory,
    moves: list[Move],
    chance: float,
    style: Style,
) -> Advice:
    pot = view.pool + sum(view.stakes)
    ranked = sorted(moves, key=lambda m: m[0], reverse=True)
    best = ranked[0]
    margin = (best[0] - ranked[1][0]) / max(pot, 1) if len(ranked) > 1 else 1.0
    params: dict[str, int | str] = {"chance": round(100 * chance)}
    bets = [m for m in moves if m[1] in ("open", "raise")]
    if (
        bets
        and best[1] in ("open", "raise")
        and _slow(view, chance)
        and rng.random() < 0.25 * style.slow
    ):
        # Slow play: a brelan sometimes only holds, or passes when someone after it may
        # still open.
        if view.phase == "opening":
            last = view.position == len(view.names) - 1
            calm = [] if last else [m for m in moves if m[1] == "pass"]
        else:
            calm = [m for m in moves if m[1] in ("hold", "stand")]
        if calm:
            m = calm[0]
            return Advice(m[1], m[2], "advice-slow-play", params, chance, margin)
    rate = _bluff_rate(view, chance, style)
    if best[1] == "pass" and bets and rng.random() < rate:
        stake = _value_stake(view, rng, memory, style)
        # the more often they would all fold to that stake, the more often it is made
        if stake is not None and rng.random() < _all_fold(view, memory, stake) / BLUFF_FOLDS:
            return Advice(bets[0][1], stake, "advice-bluff", params, chance, margin)
    if best[1] in ("open", "raise"):
        value = [m for m in bets if m[0] >= best[0] - VALUE_SLACK * pot]
        m = rng.choice(value)
        reason = "advice-value" if chance >= 0.5 else "advice-pressure"
        return Advice(m[1], m[2], reason, params, chance, margin)
    if best[1] == "hold":
        return Advice(best[1], best[2], "advice-pot-odds", params, chance, margin)
    return Advice(best[1], best[2], "advice-too-weak", params, chance, margin)


def _slow(view: BrelanView, chance: float) -> bool:
    """Whether the hand is one the seat sometimes slow-plays: a brelan (:data:`SLOW_BRELANS`)
    or any hand with a chance of 0.8."""
    return _brelan(view) is not None if SLOW_BRELANS else chance >= 0.8


def _all_fold(view: BrelanView, memory: TableMemory, target: int) -> float:
    """How often every rival who must answer a stake of ``target`` folds, by the memory."""
    classes = brelan_classes(view.events, view.names)
    pot = view.pool + sum(view.stakes)
    my_add = target - view.stakes[view.position]
    folds = 1.0
    for r, name in enumerate(view.names):
        if r == view.position or view.folded[r] or view.all_in[r] or view.stakes[r] >= target:
            continue
        add = min(target, view.stakes[r] + view.stacks[r]) - view.stakes[r]
        family = "again" if classes[name].startswith(("open", "raise")) else "first"
        folds *= 1.0 - memory.profile(name).call_rate(family, add / (pot + my_add + add))
    return folds


def _value_stake(
    view: BrelanView, rng: random.Random, memory: TableMemory, style: Style
) -> int | None:
    """The stake a strong hand would put in here: a bluff bets it, so that its stakes are
    drawn as the value bets' are. The strong hand is drawn among those a player may hold
    with this retourne (the best :data:`VALUE_TOP` of them), not from the seat's cards."""
    assert view.retourne is not None
    n = len(view.names)
    deck = deck_of(view.options, n)
    retourne = parse_card(view.retourne).index
    pct = percentile_of(deck, retourne)
    rest = [c for c in deck if c != retourne]
    for _ in range(200):
        hand = rng.sample(rest, 3)
        if pct(hand) >= 1.0 - VALUE_TOP:
            codes = tuple(c.code for c in ALL_CARDS if c.index in hand)
            moves, _ = _moves(replace(view, cards=codes), rng, memory, style)
            bets = [m for m in moves if m[1] in ("open", "raise")]
            return max(bets)[2] if bets else None
    return None


def _bluff_rate(view: BrelanView, chance: float, style: Style) -> float:
    """How often a hand not worth a bet bets anyway, from any seat: rarely, so that a bet
    is never a sure sign of strength."""
    rate = BLUFF_RATE * style.bluff * SEAT_BLUFF**view.position
    if BLUFF_WEAK is not None:
        return rate if (strength(view) or 0.0) < BLUFF_WEAK else 0.0
    return rate * (1.0 if chance >= BLUFF_FLOOR else BELOW_FLOOR)


# -- the carre chain -------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _percentiles(deck: tuple[int, ...]) -> dict[int, Callable[[Sequence[int]], float]]:
    return {r: percentile_of(deck, r) for r in deck}


def _carre(view: BrelanView, rng: random.Random, memory: TableMemory, style: Style) -> Advice:
    """A carre step when it pays: a blind opening, reckoned over random cards for all."""
    carre, decline = view.choice("carre"), view.choice("decline")
    if carre is None or decline is None:
        verb, amount = _take(view.legal[0])
        return Advice(verb, amount, "advice-only-move", margin=0.0, forced=True)
    target = carre.amount or 0
    me = view.position
    n = len(view.names)
    deck = list(deck_of(view.options, n))
    pcts = _percentiles(tuple(deck))
    pot = view.pool + sum(view.stakes)
    my_add = target - view.stakes[me]
    others = [i for i in range(n) if i != me]
    calls = []
    for r in others:
        add = min(target, view.stakes[r] + view.stacks[r]) - view.stakes[r]
        family = "again" if view.stakes[r] > 0 else "first"
        price = add / (pot + my_add + add) if add > 0 else 0.0
        calls.append((r, add, memory.profile(view.names[r]).call_rate(family, price)))
    total = 0.0
    for _ in range(CARRE_SAMPLES):
        rng.shuffle(deck)
        retourne = deck[-1]
        pct = pcts[retourne]
        hands = {i: tuple(deck[3 * i : 3 * i + 3]) for i in range(n)}
        contenders: list[tuple[int, Sequence[int]]] = [(me, hands[me])]
        folded: list[Sequence[int]] = []
        gain = 0
        for r, add, call in calls:
            if add > 0 and pct(hands[r]) >= 1.0 - call:
                contenders.append((r, hands[r]))
                gain += add
            else:
                folded.append(hands[r])
        if len(contenders) == 1:
            total += pot
        elif stage_one_winner(contenders, folded, retourne) == me:
            total += pot + gain
        else:
            total -= my_add
    worth = total / CARRE_SAMPLES
    params: dict[str, int | str] = {"chance": 0}
    bar = CARRE_BAR * pot / style.carre
    if worth > bar:
        return Advice("carre", carre.amount, "advice-carre-pays", params, 0.0, worth / max(pot, 1))
    return Advice("decline", None, "advice-carre-costs", params, 0.0, (bar - worth) / max(pot, 1))
