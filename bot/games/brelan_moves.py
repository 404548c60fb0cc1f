"""Brelan and Bouillotte: what the player to act may do, and the check of a move.

:class:`BrelanMoves` is the part of :class:`~bot.games.brelan.BrelanHand` that lists the
legal actions and verifies a move (``verify_act``, asked by ``can_act``, applied by the state
machine's ``apply`` and ``act``); :class:`Phase` says where a deal stands. Both are
importable from :mod:`bot.games.brelan`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from types import MethodType
from typing import Any, NoReturn

from bot.games.base import Amount, Legal, Move, MoveCheck
from bot.games.errors import IllegalAction
from bot.games.options import BrelanOptions
from bot.games.verbs import Verb


class Phase(Enum):
    """Where a deal stands."""

    CARRE = "carre"  # the carre chain, before anyone sees his cards
    OPENING = "opening"  # nobody has opened yet: pass or open
    BETTING = "betting"  # rounds of speaking after the opening
    SANS_PLUS = "sans_plus"  # Bouillotte's extra round: stand or re-raise
    FINISHED = "finished"


# Building these tuples through tuple.__new__ (bound to the class) skips NamedTuple's
# Python-level __new__.
_legal: Callable[[tuple[str, int | None, int | None, int | None]], Legal] = MethodType(
    tuple.__new__, Legal
)
#: Building a verified move the same way.
_move: Callable[[tuple[str, Verb, Any]], Move] = MethodType(tuple.__new__, Move)
_PASS = Legal("pass")
_DECLINE = Legal("decline")
_STAND = Legal("stand")

# Enum members read through their class cost a lookup each time; the hot paths use these.
_CARRE = Phase.CARRE
_OPENING = Phase.OPENING
_BETTING = Phase.BETTING
_SANS_PLUS = Phase.SANS_PLUS
_FINISHED = Phase.FINISHED
#: Every Brelan and Bouillotte verb.
VERBS: tuple[Verb, ...] = (
    Verb.CARRE,
    Verb.DECLINE,
    Verb.PASS,
    Verb.OPEN,
    Verb.HOLD,
    Verb.RAISE,
    Verb.STAND,
)
_KNOWN_VERBS = frozenset(VERBS)
_VERB_OF: dict[str, Verb] = {verb.value: verb for verb in VERBS}

#: The most common legal-action lists, shared by every hand (creating the Legal tuples is
#: a good part of listing them). They are never changed: legal_actions() hands out copies.
_OPENING_LISTS: dict[tuple[int, int], list[Legal]] = {}  # (lowest opening, highest)
_BETTING_LISTS: dict[tuple[int, int, int], list[Legal]] = {}  # (hold, lowest raise, highest)
_HOLDING_LISTS: dict[int, list[Legal]] = {}  # hold, when no re-raise is possible
_SHARED_LISTS_MAX = 1024  # lists kept per table at most; past that, new ones are not kept


class BrelanMoves(MoveCheck):
    """Legal actions and the check of a move. The attributes are those of
    :class:`~bot.games.brelan.BrelanHand` (declared here, set there)."""

    options: BrelanOptions
    names: list[str]
    index: dict[str, int]
    stack: list[int]
    stake: list[int]
    folded: list[bool]
    all_in: list[bool]
    pool: int
    vade: int
    last_raise: int
    carrer: int | None
    carrer_may_speak: bool
    carre_steps: list[int]
    phase: Phase
    current: int | None
    _legal: list[Legal] | None

    @property
    def to_act(self) -> str | None:
        current = self.current
        return None if current is None else self.names[current]

    def _carre_target(self, player: int) -> int | None:
        """The stake the next carre step would set for ``player``, or None if unaffordable."""
        if not self.carre_steps:
            target = max(self.pool, 1)
            extra = 1 if self.options.flambeau else 0
        else:
            target = 2 * self.stake[self.carre_steps[-1]]
            extra = 0
        if self.stack[player] + self.stake[player] < target + extra:
            return None
        return target

    def _min_raise_total(self) -> int:
        step = self.last_raise if self.options.min_raise == "last_raise" else 1
        return self.vade + max(step, 1)

    def legal_actions(self) -> list[Legal]:
        """What the player to act may do; empty when the deal is over."""
        legal = self._legal  # computed once per state: act() clears it
        if legal is not None:
            return legal.copy()
        p = self.current
        phase = self.phase
        if p is None:
            legal = []
        elif phase is _CARRE:
            target = self._carre_target(p)
            assert target is not None
            carre = _legal(("carre", target, None, None))
            if self.options.carre == "forced" and not self.carre_steps:
                legal = [carre]
            else:
                legal = [carre, _DECLINE]
        else:
            stake = self.stake[p]
            total = stake + self.stack[p]
            if phase is _OPENING:
                if total > 0:
                    low = self.pool if self.pool > 1 else 1
                    if total < low:
                        low = total
                    opening = (low, total)
                    legal = _OPENING_LISTS.get(opening)
                    if legal is None:
                        legal = [_PASS, _legal(("open", None, low, total))]
                        if len(_OPENING_LISTS) < _SHARED_LISTS_MAX:
                            _OPENING_LISTS[opening] = legal
                else:
                    legal = [_PASS]
            else:
                vade = self.vade
                if self.options.min_raise == "last_raise" and self.last_raise > 1:
                    low = vade + self.last_raise
                else:
                    low = vade + 1
                can_raise = False  # a re-raise needs the chips and someone left to answer it
                if total >= low:
                    folded, all_in = self.folded, self.all_in
                    for j in range(len(folded)):
                        if j != p and not folded[j] and not all_in[j]:
                            can_raise = True
                            break
                if phase is _SANS_PLUS:
                    legal = [_STAND, _legal(("raise", None, low, total))] if can_raise else [_STAND]
                elif stake == vade and p == self.carrer and self.carrer_may_speak:
                    hold = _legal(("hold", vade, None, None))
                    legal = [hold, _legal(("raise", None, low, total))] if can_raise else [hold]
                else:
                    hold_to = vade if vade < total else total
                    if can_raise:
                        betting = (hold_to, low, total)
                        legal = _BETTING_LISTS.get(betting)
                        if legal is None:
                            legal = [
                                _PASS,
                                _legal(("hold", hold_to, None, None)),
                                _legal(("raise", None, low, total)),
                            ]
                            if len(_BETTING_LISTS) < _SHARED_LISTS_MAX:
                                _BETTING_LISTS[betting] = legal
                    else:
                        legal = _HOLDING_LISTS.get(hold_to)
                        if legal is None:
                            legal = [_PASS, _legal(("hold", hold_to, None, None))]
                            if len(_HOLDING_LISTS) < _SHARED_LISTS_MAX:
                                _HOLDING_LISTS[hold_to] = legal
        self._legal = legal
        return legal.copy()

    # ----------------------------------------------------------------- acting

    def verify_act(self, player: str, verb: Verb | str, amount: Amount = None) -> Move:
        """The move ``player`` makes by ``verb`` (and ``amount``), normalised: ``stand`` at
        the carrer's closing turn is ``hold``, a fixed amount is filled in. Raises
        :class:`IllegalAction`, with the precise reason, when it is not legal; changes nothing.

        >>> from bot.games.brelan import BrelanHand
        >>> from bot.games.cards import parse_cards, parse_card
        >>> from bot.games.options import parse_options
        >>> hand = BrelanHand(parse_options("brelan", {}), ["P1", "P2"], [20, 20],
        ...     [parse_cards(["Ah", "Jh", "8c"]), parse_cards(["Kd", "Qd", "8h"])],
        ...     parse_card("Th"))
        >>> hand.verify_act("P1", "open", 4)
        Move(player='P1', verb=<Verb.OPEN: 'open'>, amount=4)
        >>> hand.verify_act("P2", "pass")
        Traceback (most recent call last):
        bot.games.errors.IllegalAction: it is P1's turn, not P2's
        >>> hand.verify_act("P1", "open", 1)
        Traceback (most recent call last):
        bot.games.errors.IllegalAction: P1 must stake at least 2 in all to open; 1 is too little
        >>> _ = hand.act("P1", "open", 3)
        >>> hand.verify_act("P2", "hold")
        Move(player='P2', verb=<Verb.HOLD: 'hold'>, amount=3)
        """
        _, verb, chips = self._verify(player, verb, amount)
        return _move((player, _VERB_OF[verb], chips))

    def _verify(self, player: str, verb: Verb | str, amount: Amount) -> tuple[int, str, int | None]:
        """:meth:`verify_act`'s checks: the player's index, the verb and the amount played
        (a plain tuple: :meth:`act` applies it, on the hot path)."""
        p = self.index.get(player)
        if p is None or p != self.current:
            self._refuse_player(player)
        if amount is not None and amount.__class__ is not int:
            raise IllegalAction(f"{verb} takes a number of chips, not {amount!r}")
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for choice in legal:
            if choice[0] == verb:
                break
        else:
            choice = self._alias(p, verb, legal)
            verb = choice[0]
        fixed = choice[1]
        if fixed is not None:
            if amount is not None and amount != fixed:
                raise IllegalAction(f"{player} can only {verb} for {fixed} now, not {amount}")
            amount = fixed
        else:
            low = choice[2]
            if low is not None:
                high = choice[3]
                if amount is None:
                    raise IllegalAction(
                        f"say how much: {player} may {verb} to a total stake from {low} to {high}"
                    )
                assert isinstance(amount, int) and high is not None
                if amount < low or amount > high:
                    self._check_range(p, verb, amount, low, high)
            elif amount is not None:
                raise IllegalAction(f"{verb} takes no amount")
        return p, verb, amount

    def _refuse_player(self, player: str) -> NoReturn:
        if self.phase is _FINISHED:
            raise IllegalAction("the hand is over; nobody can act")
        if player not in self.index:
            raise IllegalAction(f"{player} is not playing in this hand")
        raise IllegalAction(f"it is {self.to_act}'s turn, not {player}'s")

    def _alias(self, p: int, verb: Verb | str, legal: list[Legal]) -> Legal:
        """``stand`` at the carrer's closing turn means hold; anything else is refused."""
        if (
            verb == "stand"
            and self.phase is _BETTING
            and p == self.carrer
            and self.stake[p] == self.vade
        ):
            return legal[0]
        raise IllegalAction(self._why_not(p, verb, legal))

    def _check_range(self, p: int, verb: str, amount: int, low: int, high: int) -> None:
        name = self.names[p]
        if amount < low:
            what = "open" if verb == "open" else "re-raise"
            raise IllegalAction(
                f"{name} must stake at least {low} in all to {what}; {amount} is too little"
            )
        if amount > high:
            raise IllegalAction(
                f"{name} cannot stake {amount}: {name} has {self.stack[p]} left, "
                f"so {high} in all at most"
            )

    def _why_not(self, p: int, verb: Verb | str, legal: list[Legal]) -> str:
        name = self.names[p]
        allowed = ", ".join(a.verb for a in legal)
        if verb not in _KNOWN_VERBS:
            return f"{verb!r} is not an action of this game; {name} may: {allowed}"
        reasons = {
            Phase.CARRE: "the carre comes first, before the cards are seen",
            Phase.OPENING: "nobody has opened yet",
            Phase.SANS_PLUS: "this is the sans-plus round: say sans plus (stand) or re-raise",
            Phase.BETTING: "the game is open",
        }
        if verb == "raise" and self.phase in (Phase.BETTING, Phase.SANS_PLUS):
            total = self.stake[p] + self.stack[p]
            if total < self._min_raise_total():
                return (
                    f"{name} cannot re-raise: it takes a total stake of "
                    f"{self._min_raise_total()} and {name} has {total} in all"
                )
            return f"{name} cannot re-raise: nobody left could answer it"
        return f"{name} cannot {verb} now ({reasons[self.phase]}); {name} may: {allowed}"
