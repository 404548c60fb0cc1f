"""The ``strong`` level at Brag: reads each opponent, plans the betting ahead.

From the seat's view and the table's memory (:mod:`bot.house.memory`) only:

- **Ranges.** A blind rival holds any hand. An open rival who has made ``k`` open bets holds
  the hands the memory saw him show after as many bets (with a prior that tightens with
  ``k``); the chance to beat him is that range's share below the seat's hand.
- **Answers.** The memory also says how often he folds at his turn after ``k`` bets of his
  own. Heads-up, the seat plans a few rounds ahead (:func:`_plan`): at each turn it may
  fold, see (when the rules allow) or bet again, and a bet wins the pot at once when he
  folds, else the betting goes on with his range stronger for having bet once more. With
  more players in, it goes on when its chance pays a few rounds of the price, or when the
  others fold often enough for a bet to be worth it alone.
- **Few tells.** A bet's stake is drawn from a spread of sizes: the best hands lean to the
  most (a player who pays on the pot's odds pays more), and a bluff's stake is drawn from
  the very same spread; a prial sometimes bets the least; bluffs come from any seat.
- **Blind play.** It stays blind while blind bets are cheap and nobody has bet open (its
  chips count double), longer against players who stay blind themselves.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.brag_rank import WILD_CARDS, best_three
from bot.games.cards import parse_card
from bot.games.events import EventKind
from bot.house.brag_play import open_bets, percentile
from bot.house.memory import EDGES, Profile, TableMemory, brag_bucket
from bot.house.style import PLAIN, Style
from bot.house.thought import Advice
from bot.house.view import BragView, Choice

Decision = tuple[str, int | tuple[str, ...] | None]

#: Rounds of betting planned ahead heads-up.
DEPTH = 6
#: Bluffs are the rarer the less they would all fold to a bet, below this share.
BLUFF_FOLDS = 0.2
#: The best hands (this percentile and above: a prial) bet the least this share of the time.
SLOW_TOP, SLOW_SHARE = 0.98, 0.3
#: How a bet's stake is drawn: the chances of the least, halfway and the most, by the chance
#: to win (the first bar it reaches). The better hands bet bigger (a player who pays on the
#: pot's odds pays more); a bluff's stake is drawn as the value bets' stakes fall overall
#: (measured in the arena), so that a big bet is no proof.
SPREADS: dict[str, Any] = {
    "value": ((0.85, (0.0, 0.1, 0.9)), (0.65, (0.1, 0.8, 0.1)), (0.0, (0.9, 0.08, 0.02))),
    "bluff": (0.3, 0.3, 0.4),
}


def cdf(profile: Profile, cls: str, pct: float) -> float:
    """The share of the hands ``profile`` plays in ``cls`` that a hand of percentile
    ``pct`` beats."""
    dens = profile.density(cls)
    lows = (0.0, *EDGES)
    highs = (*EDGES, 1.0)
    below = 0.0
    for d, lo, hi in zip(dens, lows, highs, strict=True):
        if pct >= hi:
            below += d * (hi - lo)
        elif pct > lo:
            below += d * (pct - lo)
    return max(0.0, min(1.0, below))


def _take(c: Choice, amount: int | None = None) -> Decision:
    if c.low is not None and c.high is not None:
        assert amount is not None
        return c.verb, max(c.low, min(c.high, amount))
    return c.verb, c.amount


def _stake(bet: Choice, rng: random.Random, chance: float, bluff: bool = False) -> int:
    """A bet's stake: the least, halfway or the most, drawn from a spread that leans to the
    most with the best hands, and with the bluffs too (:data:`SPREADS`)."""
    assert bet.low is not None and bet.high is not None
    spread = SPREADS["bluff"] if bluff else next(s for bar, s in SPREADS["value"] if chance >= bar)
    roll = rng.random()
    for share, where in zip(spread, (0.0, 0.5, 1.0), strict=True):
        if roll < share:
            return bet.low + round(where * (bet.high - bet.low))
        roll -= share
    return bet.high


def advise(
    view: BragView, rng: random.Random, memory: TableMemory | None = None, style: Style = PLAIN
) -> Advice:
    """What the strong level plays here, and why (from the view and the memory only)."""
    memory = memory if memory is not None else TableMemory()
    verbs = [c.verb for c in view.legal]
    if len(view.legal) == 1:
        only = view.legal[0]
        verb, amount = _take(only, only.low)
        return Advice(verb, amount, "advice-only-move", margin=0.0, forced=True)
    if view.phase == "keep":
        return Advice("keep", view.choice("keep").amount, "advice-keep-blind")  # type: ignore[union-attr]
    if "discard" in verbs:
        cards = [parse_card(c) for c in view.hands[0]]
        _, _, rest = best_three(cards, WILD_CARDS[view.options.wild])
        return Advice("discard", None, "advice-discard", {"n": len(rest)}, margin=0.0)
    if "throw" in verbs and "keep" in verbs and view.hands:
        pct = percentile([parse_card(c) for c in view.hands[0]], view.options)
        verb = "keep" if pct >= 0.5 else "throw"
        return Advice(verb, None, "advice-" + verb + "-hand", {"chance": round(100 * pct)})
    me = view.position
    if view.blind[me] and "look" in verbs:
        why_look = _why_look(view, style)
        if why_look is None:
            bet = view.choice("bet")
            see = view.choice("see")
            if see is not None and _blind_sees(view):
                return Advice("see", see.amount, "advice-blind-see")
            if bet is not None:
                return Advice("bet", bet.low, "advice-blind")
        look = [c for c in view.legal if c.verb == "look"]
        verb, amount = _take(look[-1])
        return Advice(verb, amount, why_look or "advice-look")
    pct = percentile([parse_card(c) for c in view.hands[0]], view.options) if view.hands else 0.5
    chance = _chance(view, memory, pct)
    params: dict[str, int | str] = {"chance": round(100 * chance)}
    if view.phase == "proposal":
        active = sum(1 for i, f in enumerate(view.folded) if not f and not view.covered[i])
        if chance >= 1.0 / max(active, 1):
            return Advice("showdown", None, "advice-agree", params, chance)
        return Advice("refuse", None, "advice-refuse", params, chance)
    return _open_play(view, rng, memory, style, pct, chance, params)


def _chance(view: BragView, memory: TableMemory, pct: float) -> float:
    """Chance that a hand of percentile ``pct`` beats every rival still in."""
    bets = open_bets(view)
    chance = 1.0
    for i, name in enumerate(view.names):
        if i == view.position or view.folded[i]:
            continue
        if view.blind[i]:
            chance *= pct
        else:
            chance *= cdf(memory.profile(name), brag_bucket(bets.get(name, 0)), pct)
    return chance


def _why_look(view: BragView, style: Style) -> str | None:
    """Why a blind player looks at his cards now (a catalogue key), or None: he stays blind
    while blind bets are cheap, nobody bets open and no blind rival could see him as cheaply
    (a few times, by his style)."""
    me = view.position
    bet = view.choice("bet")
    if bet is None or bet.low is None:
        return "advice-look"
    if bet.low * 4 > view.stacks[me]:
        return "advice-look-short"
    if any(n != view.seat and k for n, k in open_bets(view).items()):
        return "advice-look-bet-open"
    active = [i for i, f in enumerate(view.folded) if not f and not view.covered[i] and i != me]
    if len(active) > 3:
        return "advice-look-crowd"
    if any(view.blind[i] for i in active):
        return "advice-look-blind-rival"  # he may see a blind hand as cheaply as it bets
    mine = sum(1 for e in view.events if e.kind == EventKind.BET and e.player == view.seat)
    return None if mine < 2.0 * style.blind else "advice-look"


def _blind_sees(view: BragView) -> bool:
    """Two blind players left: see once the pot is worth it (both hands are random)."""
    return view.pot >= 6 * (view.choice("see").amount or 1)  # type: ignore[union-attr]


def _open_play(
    view: BragView,
    rng: random.Random,
    memory: TableMemory,
    style: Style,
    pct: float,
    chance: float,
    params: dict[str, int | str],
) -> Advice:
    me = view.position
    bet, see, cover = view.choice("bet"), view.choice("see"), view.choice("cover")
    active = [i for i in range(len(view.names)) if not view.folded[i] and not view.covered[i]]
    rivals = [i for i in active if i != me]
    pot = view.pot
    bets = open_bets(view)
    mine = bets.get(view.seat, 0)
    chance = max(0.0, min(1.0, chance - style.tight * 0.1))
    if cover is not None:
        cost = cover.amount or 0
        if chance * (pot + cost) >= cost:
            return Advice("cover", cover.amount, "advice-pot-odds", params, chance)
        return Advice("fold", None, "advice-too-weak", params, chance)
    if bet is None and see is None:
        return Advice("fold", None, "advice-too-weak", params, chance)
    stake = _stake(bet, rng, chance) if bet is not None else 0
    slow = bet is not None and pct >= SLOW_TOP and rng.random() < SLOW_SHARE * style.slow
    if slow:  # a slow play: the best hands sometimes bet the least, to hide their strength
        stake = bet.low or 0  # type: ignore[union-attr]
    low = bet.low if bet is not None and bet.low is not None else (see.amount or 0) // 2  # type: ignore[union-attr]
    # How often they would all fold to a bet now (a blind player hardly folds).
    price = low / (pot + low) if pot + low else 0.0
    folds = 1.0
    for i in rivals:
        profile = memory.profile(view.names[i])
        k = bets.get(view.names[i], 0)
        folds *= profile.rate("blind_folds", 0.1) if view.blind[i] else profile.hazard(k, price)
    # A bluff now and then, from any seat: the more often they fold, the more often.
    often = 0.06 * style.bluff * min(1.0, 0.1 + folds / BLUFF_FOLDS)
    bluff = mine == 0 and rng.random() < often
    good = "advice-slow-play" if slow else "advice-value" if chance >= 0.5 else "advice-pot-odds"
    margin = 1.0
    if len(rivals) == 1:
        r = rivals[0]
        profile = memory.profile(view.names[r])
        k = bets.get(view.names[r], 0)
        worth_bet, worth_see = _plan(view, profile, pct, k, pot, low, see)
        top, nxt = sorted((worth_bet, worth_see, 0.0), reverse=True)[:2]
        margin = (top - nxt) / max(pot, 1)  # how close the call (the thinking pause reads it)
        if see is not None and worth_see >= max(worth_bet, 0.0) and worth_see > 0 and not slow:
            return Advice("see", see.amount, "advice-see", params, chance, margin)
        if bet is not None and (worth_bet > 0 or slow):
            reason = good if slow or chance >= 0.5 else "advice-pressure"
            return Advice("bet", stake, reason, params, chance, margin)
    else:
        # Three or more: go on when the chance pays a few rounds, or when they fold enough.
        assert bet is not None
        rounds = 2.0 + 0.5 * (len(active) - 2)
        gain = chance * (pot + low * rounds * len(active)) - low * rounds
        margin = abs(gain) / max(pot, 1)
        if gain >= 0:
            return Advice("bet", stake, good, params, chance, margin)
        if folds * pot > (1.0 - folds) * low * 2 and mine < 3:
            return Advice("bet", stake, "advice-pressure", params, chance)
    if bet is not None and bluff:
        return Advice("bet", _stake(bet, rng, chance, True), "advice-bluff", params, chance, margin)
    return Advice("fold", None, "advice-too-weak", params, chance, margin)


def _plan(
    view: BragView, rival: Profile, pct: float, k: int, pot: int, low: int, see: Choice | None
) -> tuple[float, float]:
    """Heads-up, the worth of betting on and of seeing now (chips from now), planning
    :data:`DEPTH` rounds: at his turn he folds, sees or bets on as often as the memory says
    (folding the more often the dearer it is), and a rival who bets once more holds a range
    the stronger for it. A blind rival holds any hand and pays half."""
    other = next(
        i
        for i in range(len(view.names))
        if i != view.position and not view.folded[i] and not view.covered[i]
    )
    blind = view.blind[other]
    double = view.options.see_cost == "double"
    stack = view.stacks[view.position]
    sees = rival.rate("sees", 0.4)

    def beat(bets: int) -> float:
        return pct if blind else cdf(rival, brag_bucket(bets), pct)

    def bet_worth(bets: int, pot_now: int, depth: int, spent: int) -> float:
        """I bet ``low`` now; he answers."""
        his = (low + 1) // 2 if blind else low
        fold = (
            rival.rate("blind_folds", 0.1)
            if blind
            else rival.hazard(bets, his / (pot_now + low + his))
        )
        seen = (1.0 - fold) * sees
        goes_on = 1.0 - fold - seen
        chance = beat(bets + (0 if blind else 1))
        his_see = 2 * his if double else his
        showdown = chance * (pot_now + his_see) - (1.0 - chance) * 0  # my bet is already in
        on = turn(bets + (0 if blind else 1), pot_now + low + his, depth - 1, spent + low)
        return -low + fold * (pot_now + low) + seen * (showdown + chance * low) + goes_on * on

    def turn(bets: int, pot_now: int, depth: int, spent: int) -> float:
        """My turn: fold (0), see, or bet on."""
        best = 0.0
        cost = 2 * low if double else low
        if not blind and spent + cost <= stack:
            chance = beat(bets)
            best = chance * pot_now - (1.0 - chance) * cost
        if depth > 0 and spent + low <= stack:
            best = max(best, bet_worth(bets, pot_now, depth, spent))
        return best

    see_now = float("-inf")
    if see is not None:
        chance = beat(k)
        see_now = chance * pot - (1.0 - chance) * (see.amount or 0)
    return bet_worth(k, pot, DEPTH, 0), see_now
