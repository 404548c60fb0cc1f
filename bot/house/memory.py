"""What a table showed of each player: the house players' memory of their opponents.

A :class:`TableMemory` is kept per table, across hands. It is fed each finished deal's
public events (:meth:`TableMemory.observe`), the narration every seat saw: the openings,
holds, raises and folds with their sizes, the carres, the Brag bets blind or open, the
looks and sees, and the cards shown face up at a showdown. It never reads a hidden card:
a view's own cards are not read at all, so two deals that differ only in cards nobody was
shown leave the same memory (tests/test_house_tells.py).

Per player it counts (a :class:`Profile`):

- Brelan and Bouillotte: how often he opens when he may, carres when offered, folds when
  he faces a bet (by the price, first bet or re-raise), how often his openings and
  re-raises put his whole stack in, and the strength of the hands he showed at a showdown
  by what he did with them (passed, held, opened, raised): every hand,
  folded ones included, is shown there. Once a hand is shown, each of his answers in that
  deal is fitted to the chance it had when he spoke (his cards against the players then
  still in, :func:`~bot.house.brelan_odds.chance_curve`): how often he stayed in by that
  chance less the price, and re-raised by that chance (:meth:`Profile.fitted`).
- Brag: how often he stays blind, sees, folds after k open bets of his own, and the
  strength of the hands he showed by how many open bets he had made.

Counts fade: when a line grows past :data:`KEEP`, it is halved, so an opponent who changes
his ways is read anew. The memory is plain JSON (:meth:`TableMemory.to_json`).

>>> memory = TableMemory()
>>> memory.profile("P1").call_rate("first", 0.3) == memory.profile("P2").call_rate("first", 0.3)
True
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from bot.games.brelan import deck_for
from bot.games.cards import parse_card, parse_cards
from bot.games.events import EventKind
from bot.games.options import BragOptions, BrelanOptions
from bot.house.brelan_odds import chance_curve, curve_chance, percentile_of

#: Strength is counted in bins of percentile, finer at the top where hands are told apart.
EDGES = (0.25, 0.5, 0.65, 0.75, 0.85, 0.92, 0.97)
BINS = len(EDGES) + 1
WIDTHS = tuple(b - a for a, b in zip((0.0, *EDGES), (*EDGES, 1.0), strict=True))
#: A line of counts is halved once its total passes this.
KEEP = 60.0
#: The most players a table's memory keeps (those seen last).
MOST_KEPT = 16
#: Price bins (what he must add over the pot he would win, ``cost / (pot + cost)``).
PRICES = (0.08, 0.16, 0.25, 0.33, 0.42)
#: Brelan classes of play, the most telling first: a big re-raise or opening (half the pot
#: or more above the least) tells more than a small one.
CLASSES = ("raise_big", "raise", "open_big", "open", "hold", "pass_hold", "pass")

#: What a player who shows nothing yet is taken to hold, by class: the chance of each bin
#: of strength for a hand that is the best of ``k`` random ones (``k`` below 1: weaker than
#: a random hand); the memory's observations are added to it as :data:`PRIOR_WEIGHT` more.
PRIOR_BEST_OF: Mapping[str, float] = {
    "raise_big": 5.0,
    "raise": 4.0,
    "open_big": 3.0,
    "open": 2.5,
    "hold": 1.6,
    "pass_hold": 1.2,
    "pass": 0.7,
    # Brag, by the open bets he made before showing
    "bets0": 1.0,
    "bets1": 2.0,
    "bets3": 4.0,
}


def _best_of(k: float) -> tuple[float, ...]:
    """The chance of each bin for the best of ``k`` random hands (``u ** k`` below ``u``)."""
    lows = (0.0, *EDGES)
    highs = (*EDGES, 1.0)
    return tuple(h**k - lo**k for lo, h in zip(lows, highs, strict=True))


PRIOR_SHOWN: Mapping[str, tuple[float, ...]] = {c: _best_of(k) for c, k in PRIOR_BEST_OF.items()}
PRIOR_CALL: Mapping[str, tuple[float, ...]] = {
    "first": (0.9, 0.7, 0.5, 0.35, 0.28, 0.2),
    "again": (0.98, 0.9, 0.8, 0.65, 0.55, 0.45),
}
#: The share of those answers that are re-raises.
PRIOR_RAISE: Mapping[str, tuple[float, ...]] = {
    "first": (0.12, 0.1, 0.1, 0.08, 0.06, 0.05),
    "again": (0.25, 0.22, 0.2, 0.15, 0.12, 0.1),
}
#: How often a player re-raises in the sans-plus round rather than stand.
PRIOR_SANS_PLUS = 0.15
#: How often a player's opening or re-raise puts his whole stack in.
PRIOR_ALL_IN = 0.1
#: Bins of a ``faced:`` line: bets faced, folded, re-raised, by price bin.
_NP = len(PRICES) + 1
_FACED = 3 * _NP
PRIOR_WEIGHT = 4.0
#: The most a bin of strength may weigh against a random hand's (so that the deals a
#: strategy weighs by a rival's range are not a handful of heavy ones).
DENSEST = 4.0
#: The fitted answers (Brelan and Bouillotte): how his move facing a bet followed his chance
#: once his hand was shown (:func:`~bot.house.brelan_odds.chance_curve`, against the players
#: still in). He stays in by his margin, his chance less the price he faced (bins of
#: :data:`MARGINS`), and re-raises by his chance (bins of :data:`CHANCES`).
MARGINS = (-0.3, -0.2, -0.12, -0.06, -0.02, 0.02, 0.06, 0.12, 0.2, 0.3)
CHANCES = (0.3, 0.45, 0.55, 0.62, 0.7, 0.8, 0.9)
#: Before anything is shown: a player on the pot's odds, who re-raises the best hands.
PRIOR_STAY_FIT = (0.03, 0.06, 0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 0.94, 0.97)
PRIOR_RAISE_FIT = (0.0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.6)
#: What the prior weighs in each bin, in observations; a fitted line is halved past this.
FIT_PRIOR = 2.0
FIT_KEEP = 240.0
#: Whether only the answers where he could re-raise count in how often he re-raises (a
#: hold that puts his whole stack in cannot be one); the level before counted every answer.
RAISE_CHANCES = True
#: Whether how often he opened his weakest hands (``fit:open``, :meth:`Profile.loose_openings`)
#: raises his re-raises' prior toward 1: a player seen opening weak hands is not read as a
#: careful re-raiser before he has shown how he re-raises (at Brelan a maniac opens all in
#: first and is rarely seen with a bet to face).
OPENINGS_LEND = True
_NM = len(MARGINS) + 1
_NC = len(CHANCES) + 1
#: Brag: chance he folds at his turn, by the price he faces (:data:`PRICES`), before his
#: first open bet, after one to three, after four or more.
PRIOR_HAZARD = (
    (0.15, 0.25, 0.35, 0.45, 0.5, 0.55),
    (0.03, 0.06, 0.12, 0.2, 0.25, 0.3),
    (0.05, 0.1, 0.18, 0.25, 0.3, 0.35),
)
_HAZARDS = 2 * len(PRIOR_HAZARD) * _NP


def _turn_bucket(bets: int) -> int:
    return 0 if bets == 0 else 1 if bets < 4 else 2


def price_bin(price: float) -> int:
    """The bin of a price (:data:`PRICES`).

    >>> [price_bin(p) for p in (0.05, 0.1, 0.25, 0.35, 0.5)]
    [0, 1, 3, 4, 5]
    """
    for i, edge in enumerate(PRICES):
        if price < edge:
            return i
    return len(PRICES)


def strength_bin(pct: float) -> int:
    """The bin of a strength (a percentile, :data:`EDGES`).

    >>> [strength_bin(p) for p in (0.0, 0.39, 0.99, 1.0)]
    [0, 1, 7, 7]
    """
    return bisect.bisect_right(EDGES, pct)


class Profile:
    """One player as the table saw him: lines of counts by name (plain JSON)."""

    __slots__ = ("lines",)

    def __init__(self, lines: dict[str, list[float]] | None = None) -> None:
        self.lines: dict[str, list[float]] = lines if lines is not None else {}

    def add(
        self, line: str, index: int, size: int, *, fade: bool = True, keep: float = KEEP
    ) -> None:
        """Count one observation in bin ``index`` of ``line`` (``size`` bins); ``fade``
        False for a second count of the same observation (a fold among the bets faced);
        the line is halved past ``keep``."""
        row = self.lines.get(line)
        if row is None:
            row = self.lines[line] = [0.0] * size
        row[index] += 1.0
        if fade and sum(row) > keep:
            self.lines[line] = [round(v / 2, 2) for v in row]

    def get(self, line: str, size: int) -> list[float]:
        return self.lines.get(line) or [0.0] * size

    def seen(self, line: str) -> float:
        """How many observations ``line`` holds (faded)."""
        return sum(self.lines.get(line) or ())

    def density(self, cls: str) -> tuple[float, ...]:
        """The strength of his hands in class ``cls``, per bin, relative to a random hand's
        (1.0 everywhere: no information): what he showed, with the prior."""
        prior = PRIOR_SHOWN[cls]
        shown = self.get("shown:" + cls, BINS)
        total = sum(shown) + PRIOR_WEIGHT
        share = [(s + PRIOR_WEIGHT * p) / total for s, p in zip(shown, prior, strict=True)]
        # A few hands shown make a jagged histogram: each bin lends a quarter of its share
        # to each neighbour, and no bin weighs more than DENSEST times a random hand's.
        smooth = [
            share[i] * 0.5
            + 0.25 * (share[i - 1] if i else share[i])
            + 0.25 * (share[i + 1] if i + 1 < BINS else share[i])
            for i in range(BINS)
        ]
        dens = [min(DENSEST, v / w) for v, w in zip(smooth, WIDTHS, strict=True)]
        scale = sum(d * w for d, w in zip(dens, WIDTHS, strict=True))
        return tuple(d / scale for d in dens)

    def call_rate(self, family: str, price: float) -> float:
        """How often he stays in (holds or re-raises) when he must add ``price`` of the
        pot: ``first`` facing a bet, ``again`` facing a re-raise of his own bet."""
        return self.answers(family, price)[0]

    def answers(self, family: str, price: float) -> tuple[float, float]:
        """How often he stays in at that price (:meth:`call_rate`), and how often he
        re-raises."""
        b = price_bin(price)
        row = self.get("faced:" + family, _FACED)
        faced, folded, raised = row[b], row[_NP + b], row[2 * _NP + b]
        stay = (faced - folded + PRIOR_WEIGHT * PRIOR_CALL[family][b]) / (faced + PRIOR_WEIGHT)
        up = (raised + PRIOR_WEIGHT * PRIOR_RAISE[family][b]) / (faced + PRIOR_WEIGHT)
        return stay, min(up, stay)

    def fitted(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """His fitted answers: how often he stays in facing a bet, by bin of his margin
        (:data:`MARGINS`), and how often he re-raises, by bin of his chance
        (:data:`CHANCES`); the prior's where little was shown."""
        raise_prior: Sequence[float] = PRIOR_RAISE_FIT
        if OPENINGS_LEND:
            loose = self.loose_openings()
            raise_prior = tuple(p + (1.0 - p) * loose for p in PRIOR_RAISE_FIT)
        return _fit(self.get("fit:stay", 2 * _NM), PRIOR_STAY_FIT), _fit(
            self.get("fit:raise", 2 * _NC), raise_prior
        )

    def loose_openings(self) -> float:
        """How often he opened his weakest hands (chance below :data:`CHANCES`' first
        bound) when they were shown; the prior's re-raise rate there before any."""
        row = self.get("fit:open", 2 * _NC)
        return (row[_NC] + FIT_PRIOR * PRIOR_RAISE_FIT[0]) / (row[0] + FIT_PRIOR)

    def rate(self, line: str, prior: float) -> float:
        """The share of ``line``'s second bin in its two (``[no, yes]``), with a prior."""
        no, yes = self.get(line, 2)
        return (yes + PRIOR_WEIGHT * prior) / (no + yes + PRIOR_WEIGHT)

    def sans_plus_raise(self) -> float:
        """How often he re-raises rather than says sans plus (Bouillotte's last round)."""
        return self.rate("sans_plus", PRIOR_SANS_PLUS)

    def all_in_rate(self) -> float:
        """How often his openings and re-raises put his whole stack in (a maniac's always
        do): a re-raise of his is reckoned at that size as often."""
        return self.rate("all_in", PRIOR_ALL_IN)

    def hazard(self, bets: int, price: float) -> float:
        """Brag: how often he folds at his turn after ``bets`` open bets of his own, when
        going on costs ``price`` of the pot."""
        cell = _turn_bucket(bets) * _NP + price_bin(price)
        row = self.get("turns", _HAZARDS)
        faced, folded = row[cell], row[_HAZARDS // 2 + cell]
        prior = PRIOR_HAZARD[_turn_bucket(bets)][price_bin(price)]
        return (folded + PRIOR_WEIGHT * prior) / (faced + PRIOR_WEIGHT)


def _fit(row: Sequence[float], prior: Sequence[float]) -> tuple[float, ...]:
    size = len(prior)
    return tuple((row[size + b] + FIT_PRIOR * prior[b]) / (row[b] + FIT_PRIOR) for b in range(size))


def margin_bin(margin: float) -> int:
    """The bin of a margin, a chance less a price (:data:`MARGINS`)."""
    return bisect.bisect_right(MARGINS, margin)


def chance_bin(chance: float) -> int:
    """The bin of a chance (:data:`CHANCES`)."""
    return bisect.bisect_right(CHANCES, chance)


class Seen(Protocol):
    """What :meth:`TableMemory.observe` reads of a view: public facts only."""

    @property
    def game(self) -> str: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def events(self) -> Sequence[Any]: ...


class TableMemory:
    """The house players' memory of a table: a :class:`Profile` per player."""

    def __init__(self, profiles: dict[str, Profile] | None = None) -> None:
        self.profiles: dict[str, Profile] = profiles if profiles is not None else {}
        self.deals = 0

    def profile(self, name: str) -> Profile:
        """The player ``name`` (an empty profile for someone never seen)."""
        found = self.profiles.get(name)
        if found is None:
            found = self.profiles[name] = Profile()
        return found

    def observe(self, seen: Seen, options: BrelanOptions | BragOptions) -> None:
        """Learn from a finished deal: its public events only. Only the :data:`MOST_KEPT`
        players last seen are kept."""
        self.deals += 1
        for name in seen.names:
            self.profile(name).lines["last"] = [float(self.deals)]
        if isinstance(options, BragOptions):
            _observe_brag(self, seen, options)
        else:
            _observe_brelan(self, seen, options)
        if len(self.profiles) > MOST_KEPT:
            by_age = sorted(self.profiles, key=lambda n: self.profiles[n].get("last", 1)[0])
            for name in by_age[: len(self.profiles) - MOST_KEPT]:
                del self.profiles[name]

    def to_json(self) -> dict[str, Any]:
        """The memory as JSON (it survives a restart in the table's options)."""
        return {
            "deals": self.deals,
            "players": {n: p.lines for n, p in self.profiles.items() if p.lines},
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> TableMemory:
        """The memory :meth:`to_json` wrote (an empty one for nothing or a broken value)."""
        memory = cls()
        if not isinstance(raw, Mapping):
            return memory
        players = raw.get("players")
        if isinstance(players, Mapping):
            for name, lines in players.items():
                if isinstance(lines, Mapping):
                    memory.profiles[str(name)] = Profile(
                        {
                            str(k): [float(x) for x in v]
                            for k, v in lines.items()
                            if isinstance(v, list)
                        }
                    )
        deals = raw.get("deals")
        memory.deals = deals if isinstance(deals, int) else 0
        return memory


# -- Brelan and Bouillotte --------------------------------------------------------------------


def brelan_classes(events: Sequence[Any], names: Sequence[str]) -> dict[str, str]:
    """Each player's class of play in a deal so far (:data:`CLASSES`, or ``none``): a raise
    after the cards were seen, an opening (big or not), a hold after passing (``pass_hold``)
    or not. A carre is made blind and says nothing of the cards."""
    out = dict.fromkeys(names, "none")
    rank = {c: i for i, c in enumerate(CLASSES)}
    rank["none"] = len(CLASSES)
    passed: set[str] = set()
    pool = vade = 0
    stakes = dict.fromkeys(names, 0)
    for e in events:
        who, kind = e.player, e.kind
        if kind == EventKind.ANTE:
            pool = e["pool"]
            continue
        if who is None or who not in out:
            continue
        cls = None
        if kind == EventKind.PASS:
            passed.add(who)
            cls = "pass"
        elif kind in (EventKind.OPEN, EventKind.RAISE):
            pot = pool + sum(stakes.values())
            big = e["stake"] - vade >= (pool + max(1, pool // 2) if vade == 0 else max(2, pot // 2))
            cls = ("open" if kind == EventKind.OPEN else "raise") + ("_big" if big else "")
        elif kind in (EventKind.HOLD, EventKind.TAPIS, EventKind.STAND):
            cls = "pass_hold" if who in passed else "hold"
        if kind in (
            EventKind.OPEN,
            EventKind.RAISE,
            EventKind.HOLD,
            EventKind.TAPIS,
            EventKind.CARRE,
        ):
            stakes[who] = e["stake"]
            vade = max(vade, stakes[who])
        if cls is not None and rank[cls] < rank[out[who]]:
            out[who] = cls
    return out


@functools.lru_cache(maxsize=64)
def deck_of(options: BrelanOptions, players: int) -> tuple[int, ...]:
    """The card indices of a Brelan or Bouillotte table's deck for ``players``."""
    return tuple(c.index for c in deck_for(options, players))


def _observe_brelan(memory: TableMemory, seen: Seen, options: BrelanOptions) -> None:
    names = seen.names
    pool = 0
    stakes = dict.fromkeys(names, 0)
    vade = 0
    bettors: set[str] = set()
    out: set[str] = set()
    # (who, price, players in but him, stayed, re-raised): fitted once his hand is shown
    answers: list[tuple[str, float, int, bool, bool | None]] = []
    openings: list[tuple[str, int, bool]] = []  # (who, players in but him, opened)
    showdown = None
    for e in seen.events:
        kind, who = e.kind, e.player
        if kind == EventKind.ANTE:
            pool = e["pool"]
            continue
        if kind == EventKind.SHOWDOWN:
            showdown = e
            continue
        if who is None or who not in stakes:
            continue
        me = memory.profile(who)
        rivals = len(names) - len(out) - 1  # players in but him
        if kind == EventKind.CARRE:
            me.add("carre", 1, 2)
            stakes[who] = e["stake"]
            vade = max(vade, stakes[who])
            continue
        if kind == EventKind.DECLINE:
            me.add("carre", 0, 2)
            continue
        if kind == EventKind.PASS:
            me.add("opening", 0, 2)
            openings.append((who, rivals, False))
            continue
        if kind == EventKind.OPEN:
            me.add("opening", 1, 2)
            openings.append((who, rivals, True))
        if kind in (EventKind.OPEN, EventKind.RAISE):
            me.add("all_in", int(bool(e["all_in"])), 2)
        cost = vade - stakes[who]
        if cost == 0 and (kind == EventKind.STAND or (kind == EventKind.RAISE and e["sans_plus"])):
            me.add("sans_plus", int(kind == EventKind.RAISE), 2)  # stood, or re-raised
            answers.append((who, 0.0, rivals, True, kind == EventKind.RAISE))
        if cost > 0 and kind in (
            EventKind.FOLD,
            EventKind.HOLD,
            EventKind.TAPIS,
            EventKind.RAISE,
        ):
            pot = pool + sum(stakes.values())
            price = cost / (pot + cost)
            _count_faced(me, "again" if who in bettors else "first", price_bin(price), kind)
            answers.append((who, price, rivals, kind != EventKind.FOLD, _reraised(e)))
        if kind == EventKind.FOLD:
            out.add(who)
        if kind in (EventKind.OPEN, EventKind.RAISE):
            bettors.add(who)
        if kind in (EventKind.OPEN, EventKind.RAISE, EventKind.HOLD, EventKind.TAPIS):
            stakes[who] = e["stake"]
            vade = max(vade, stakes[who])
    if showdown is not None:
        _learn_showdown(memory, seen, options, showdown, answers, openings)


def _learn_showdown(
    memory: TableMemory,
    seen: Seen,
    options: BrelanOptions,
    showdown: Any,
    answers: Sequence[tuple[str, float, int, bool, bool | None]],
    openings: Sequence[tuple[str, int, bool]],
) -> None:
    """Every hand is shown at the showdown: fit each player's answers and openings in the
    deal to the chance he had, and count his hand's strength by his class of play."""
    names = seen.names
    retourne = parse_card(showdown["retourne"]).index
    deck = deck_of(options, len(names))
    pct = percentile_of(deck, retourne)
    hands = dict(showdown["hands"]).items()
    shown = {who: pct([parse_card(c).index for c in cards]) for who, cards in hands}

    def curve_of(rivals: int) -> Sequence[float]:
        return chance_curve(deck, len(names), rivals)

    _fit_answers(memory, answers, shown, curve_of)
    _fit_openings(memory, openings, shown, curve_of)
    classes = brelan_classes(seen.events, names)
    for name in names:
        if name not in shown:
            continue
        b = strength_bin(shown[name])
        cls = classes[name]
        profile = memory.profile(name)
        if cls in CLASSES:
            profile.add("shown:" + cls, b, BINS)
        if cls == "pass_hold":
            profile.add("shown:pass", b, BINS)


def _reraised(e: Any) -> bool | None:
    """Whether an answer to a bet re-raised it; ``None`` (with :data:`RAISE_CHANCES`) for
    a hold that put his whole stack in, which left him no re-raise to make."""
    cornered = e.kind in (EventKind.HOLD, EventKind.TAPIS) and bool(e["all_in"])
    return None if cornered and RAISE_CHANCES else e.kind == EventKind.RAISE


def _count_faced(me: Profile, family: str, b: int, kind: EventKind) -> None:
    """One bet faced at price bin ``b`` (a ``first`` bet or one ``again``), and whether it
    was folded to or re-raised."""
    me.add("faced:" + family, b, _FACED)
    if kind == EventKind.FOLD:
        me.add("faced:" + family, _NP + b, _FACED, fade=False)
    elif kind == EventKind.RAISE:
        me.add("faced:" + family, 2 * _NP + b, _FACED, fade=False)


def _fit_answers(
    memory: TableMemory,
    answers: Sequence[tuple[str, float, int, bool, bool | None]],
    shown: Mapping[str, float],
    chance_curve_of: Callable[[int], Sequence[float]],
) -> None:
    """Count each answer (who, price, rivals still in, stayed, re-raised or ``None`` when he
    could not) of a player whose hand was shown (its percentile in ``shown``) in his fitted
    lines, by the chance it had against those rivals (``chance_curve_of(rivals)``)."""
    for who, price, rivals, stayed, raised in answers:
        if who not in shown or rivals == 0:
            continue
        chance = curve_chance(chance_curve_of(rivals), shown[who])
        profile = memory.profile(who)
        if price > 0:
            _count_fit(profile, "fit:stay", _NM, margin_bin(chance - price), stayed)
        if raised is not None:  # else he could not re-raise: it tells nothing of how often
            _count_fit(profile, "fit:raise", _NC, chance_bin(chance), raised)


def _fit_openings(
    memory: TableMemory,
    openings: Sequence[tuple[str, int, bool]],
    shown: Mapping[str, float],
    chance_curve_of: Callable[[int], Sequence[float]],
) -> None:
    """Count each opening or pass (who, rivals, opened) of a player whose hand was shown in
    his ``fit:open`` line, by the chance it had against those rivals."""
    for who, rivals, opened in openings:
        if who not in shown or rivals == 0:
            continue
        c = chance_bin(curve_chance(chance_curve_of(rivals), shown[who]))
        _count_fit(memory.profile(who), "fit:open", _NC, c, opened)


def _count_fit(profile: Profile, line: str, bins: int, b: int, yes: bool) -> None:
    """One move counted in bin ``b`` of a fitted ``line`` (``bins`` bins of moves, then as
    many of those that were a yes: stayed, re-raised, opened)."""
    profile.add(line, b, 2 * bins, keep=FIT_KEEP)
    if yes:
        profile.add(line, bins + b, 2 * bins, fade=False)


# -- Brag ---------------------------------------------------------------------------------


def brag_bucket(bets: int) -> str:
    """The class of a Brag hand by the open bets its player made: ``bets0``, ``bets1``
    (one or two) or ``bets3`` (three or more)."""
    return "bets0" if bets == 0 else "bets1" if bets < 3 else "bets3"


def _observe_brag(memory: TableMemory, seen: Seen, options: BragOptions) -> None:
    from bot.house.brag_play import percentile  # the table's ranking, with its wild cards

    open_bets: dict[str, int] = {}
    looked: set[str] = set()
    dealt = set(seen.names)
    out: set[str] = set()
    seer: str | None = None
    pot = level = 0
    for e in seen.events:
        kind, who = e.kind, e.player
        if kind in (EventKind.ANTE, EventKind.CARRIED):
            pot += e["amount"] if kind == EventKind.ANTE or not e.get("next_deal") else 0
            continue
        if who is None or who not in dealt:
            continue
        me = memory.profile(who)
        k = open_bets.get(who, 0)
        cost = max(level, options.min_bet)
        cell = _turn_bucket(k) * _NP + price_bin(cost / (pot + cost))
        if kind in (EventKind.BET, EventKind.SEE) and len(dealt - out) == 2 and level:
            me.add("sees", int(kind == EventKind.SEE), 2)  # heads-up: bet on, or see
        if kind in (EventKind.FOLD, EventKind.COVER):
            out.add(who)
        if kind == EventKind.BET and e.get("blind"):
            me.add("blind", 1, 2)
            if level:
                me.add("blind_folds", 0, 2)
        elif kind == EventKind.FOLD and who not in looked:
            me.add("blind_folds", 1, 2)
        elif kind == EventKind.LOOK:
            looked.add(who)
            me.add("blind", 0, 2)
        elif kind in (EventKind.BET, EventKind.SEE, EventKind.COVER):
            looked.add(who)
            me.add("turns", cell, _HAZARDS)
            if kind == EventKind.BET:
                open_bets[who] = k + 1
        elif kind == EventKind.FOLD and who in looked and not e.get("forced"):
            me.add("turns", cell, _HAZARDS)
            me.add("turns", _HAZARDS // 2 + cell, _HAZARDS, fade=False)
        elif kind == EventKind.REVEAL and who in looked and not e.get("face_up"):
            if seer == who:
                continue  # a seer shows only a winning hand: it would flatter his range
            strength = percentile(parse_cards(e["cards"]), options)
            me.add("shown:" + brag_bucket(k), strength_bin(strength), BINS)
        if kind == EventKind.SEE:
            seer = who
        if kind in (EventKind.BET, EventKind.SEE, EventKind.COVER):
            pot += e["amount"]
            if kind == EventKind.BET:
                level = max(level, e["counts"])
