"""Brag: what the player to act may do, and the check of a move (docs/rules.md §4).

:class:`BragMoves` is the part of :class:`~bot.games.brag.BragHand` that lists the legal
actions and verifies a move (``verify_act``, asked by ``can_act``, applied by the state
machine's ``apply`` and ``act``), with the bet limits and the cost of seeing. The phases and
:data:`VERBS` are importable from :mod:`bot.games.brag` too.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MethodType
from typing import Any

from bot.games.base import Amount, Legal, Move, MoveCheck
from bot.games.cards import Card, parse_card
from bot.games.errors import CardError, IllegalAction
from bot.games.options import BragOptions
from bot.games.verbs import Verb

#: Every Brag verb: those of docs/scenarios.md and this engine's own (docs/brag.md).
VERBS: tuple[Verb, ...] = (
    Verb.LOOK,
    Verb.BET,
    Verb.FOLD,
    Verb.SEE,
    Verb.COVER,
    Verb.DISCARD,
    Verb.KEEP,
    Verb.THROW,
    Verb.SHOWDOWN,
    Verb.REFUSE,
)
_VERB_OF: dict[str, Verb] = {verb.value: verb for verb in VERBS}
# Building a Move through tuple.__new__ (bound to the class) skips NamedTuple's Python-level
# __new__: a move is verified on every action.
_move: Callable[[tuple[str, Verb, Any]], Move] = MethodType(tuple.__new__, Move)
# Likewise for the legal actions, listed at every turn: the fixed ones are made once.
_legal: Callable[[tuple[str, int | None, int | None, int | None]], Legal] = MethodType(
    tuple.__new__, Legal
)
_LOOK = (_legal(("look", None, None, None)),)
_LOOK_ONE_OR_TWO = (_legal(("look", 1, None, None)), _legal(("look", 2, None, None)))
_FOLD = _legal(("fold", None, None, None))
_KEEP_OR_THROW = [_legal(("keep", None, None, None)), _legal(("throw", None, None, None))]
_KEEP_ONE_OR_TWO = [
    _legal(("keep", 1, None, None)),
    _legal(("keep", 2, None, None)),
    _legal(("throw", None, None, None)),
]
_SHOWDOWN_OR_REFUSE = [_legal(("showdown", None, None, None)), _legal(("refuse", None, None, None))]
_SHOWDOWN = _legal(("showdown", None, None, None))

#: Where a deal stands: betting, a common showdown proposed, the last blind player keeping his
#: hand or not, over.
BETTING = "betting"
PROPOSAL = "proposal"
KEEP = "keep"
FINISHED = "finished"


def _half_up(n: int) -> int:
    return (n + 1) // 2


class BragMoves(MoveCheck):
    """Legal actions and the check of a move. The attributes are those of
    :class:`~bot.games.brag.BragHand` (declared here, set there)."""

    options: BragOptions
    names: list[str]
    index: dict[str, int]
    ncards: int
    stack: list[int]
    folded: list[bool]
    covered: list[bool]
    betting: int
    blind: list[bool]
    held: list[list[tuple[Card, ...]]]
    must_discard: list[bool]
    choosing: int | None
    refused: bool
    proposer: int | None
    level: int
    phase: str
    current: int | None
    #: The legal actions of the state the hand is in, once listed (``apply`` forgets them).
    _legal_now: list[Legal] | None

    @property
    def to_act(self) -> str | None:
        """The player who must act now, or None when the deal is over."""
        return None if self.current is None else self.names[self.current]

    def active(self) -> list[int]:
        """Players still betting (neither folded nor covering), in order of play."""
        folded, covered = self.folded, self.covered
        return [i for i in range(len(folded)) if not folded[i] and not covered[i]]

    def _bet_limits(self, p: int) -> tuple[int, int]:
        """The least and most ``p`` may put in with a bet now (chips, his own terms)."""
        o = self.options
        level = self.level
        top = o.max_bet
        need = max(o.min_bet, level if level < top else top)
        if o.max_raise is not None and level:
            top = min(top, level + o.max_raise)
        if self.blind[p]:
            low = _half_up(need)
            return low, max(low, top // 2)
        return need, top

    def _see_cost(self, p: int) -> int | None:
        """What seeing costs ``p`` now, or None if he may not see."""
        if self.level == 0 or self.betting != 2:
            return None
        act = self.active()
        other = act[0] if act[1] == p else act[1]
        if not self.blind[p] and self.blind[other]:
            return None  # an open player cannot see a blind one
        low = self._bet_limits(p)[0]
        return 2 * low if self.options.see_cost == "double" else low

    def legal_actions(self) -> list[Legal]:
        """What the player to act may do; empty when the deal is over."""
        listed = self._legal_now
        if listed is None:
            listed = self._legal_now = self._list_legal()
        return list(listed)

    def _list_legal(self) -> list[Legal]:
        p = self.current
        if p is None:
            return []
        if self.phase == KEEP:
            if len(self.held[p]) == 2:
                return list(_KEEP_ONE_OR_TWO)
            return list(_KEEP_OR_THROW)
        if self.phase == PROPOSAL:
            return list(_SHOWDOWN_OR_REFUSE)
        if self.choosing is not None:
            return list(_KEEP_OR_THROW)
        if self.must_discard[p]:
            return [_legal(("discard", self.ncards - 3, None, None)), _FOLD]
        blind = self.blind
        out: list[Legal] = []
        if blind[p]:
            out += _LOOK_ONE_OR_TWO if len(self.held[p]) == 2 else _LOOK
        out.append(_FOLD)
        low, high = self._bet_limits(p)
        stack = self.stack[p]
        if stack >= low:
            out.append(_legal(("bet", None, low, high if high < stack else stack)))
        else:
            out.append(_legal(("cover", stack, None, None)))
        betting = self.betting
        if betting == 2 and self.level:  # seeing: as _see_cost says, its low known here
            act = self.active()
            other = act[0] if act[1] == p else act[1]
            if blind[p] or not blind[other]:
                cost = 2 * low if self.options.see_cost == "double" else low
                if cost <= stack:
                    out.append(_legal(("see", cost, None, None)))
        elif betting >= 3 and self.options.common_showdown and not self.refused:
            out.append(_SHOWDOWN)
        return out

    # ----------------------------------------------------------------- acting

    def verify_act(self, player: str, verb: Verb | str, amount: Amount = None) -> Move:
        """The move ``player`` makes by ``verb`` (and ``amount``), normalised: a fixed amount
        is filled in, a discard's cards are read. Raises :class:`IllegalAction`, with the
        precise reason, when it is not legal; changes nothing.

        >>> from bot.games.base import HandRecord
        >>> from bot.games.brag import EXTRA_KEYS, start_hand
        >>> rec = HandRecord.from_json({"game": "brag", "players": [{"name": "A", "stack": 20},
        ...     {"name": "B", "stack": 20}], "hands": {"A": ["Ah", "Kh", "Qh"],
        ...     "B": ["2c", "2d", "9s"]}, "actions": []}, extra_keys=EXTRA_KEYS)
        >>> hand = start_hand(rec)
        >>> hand.verify_act("A", "bet", 2)
        Move(player='A', verb=<Verb.BET: 'bet'>, amount=2)
        >>> hand.verify_act("A", "see")
        Traceback (most recent call last):
        bot.games.errors.IllegalAction: A can see only after a bet
        >>> hand.verify_act("A", "bet", 9)
        Traceback (most recent call last):
        bot.games.errors.IllegalAction: A may bet at most 5 now (blind: half the open limit), not 9
        """
        if self.phase == FINISHED:
            raise IllegalAction("the hand is over; nobody can act")
        p = self.index.get(player)
        if p is None:
            raise IllegalAction(f"{player} is not playing in this hand")
        if p != self.current:
            raise IllegalAction(f"it is {self.to_act}'s turn, not {player}'s")
        legal = self._legal_now  # listed by legal_actions() (a check alone changes nothing)
        if legal is None:
            legal = self._list_legal()
        choices = [a for a in legal if a.verb == verb]
        if not choices:
            allowed = ", ".join(dict.fromkeys(a.verb for a in legal))
            if verb not in VERBS:
                raise IllegalAction(f"{verb!r} is not a Brag action; {player} may: {allowed}")
            raise IllegalAction(self._why_not(p, verb, allowed))
        if verb == "discard":
            return _move((player, Verb.DISCARD, self._discard_cards(p, amount)))
        if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
            raise IllegalAction(f"{verb} takes a whole number, not {amount!r}")
        choice = choices[0]
        if choice.min is not None and choice.max is not None:
            if amount is None:
                raise IllegalAction(
                    f"say how much: {player} may {verb} from {choice.min} to {choice.max} chips"
                )
            self._check_bet(p, amount, choice.min, choice.max)
        elif len(choices) > 1:
            numbers = [a.amount for a in choices]
            if amount not in numbers:
                what = "look at" if verb == "look" else "keep"
                raise IllegalAction(
                    f"{player} holds two hands: say which to {what}, 1 (the kept hand) "
                    "or 2 (the new one)"
                )
        elif amount is not None and amount != choice.amount:
            if choice.amount is None:
                raise IllegalAction(f"{verb} takes no amount")
            if verb == "cover":
                raise IllegalAction(
                    f"{player} covers with everything he has left: {choice.amount}, not {amount}"
                )
            raise IllegalAction(f"{player} can only {verb} for {choice.amount} now, not {amount}")
        else:
            amount = choice.amount
        return _move((player, _VERB_OF[verb], amount))

    def _check_bet(self, p: int, amount: int, low: int, high: int) -> None:
        name = self.names[p]
        if amount < low:
            blind = " (blind)" if self.blind[p] else ""
            raise IllegalAction(f"{name} must bet at least {low}{blind}, not {amount}")
        if amount > high:
            if high == self.stack[p] and high < self._bet_limits(p)[1]:
                raise IllegalAction(f"{name} cannot bet {amount}; {name} has {high} left")
            blind = " (blind: half the open limit)" if self.blind[p] else ""
            raise IllegalAction(f"{name} may bet at most {high} now{blind}, not {amount}")

    def _why_not(self, p: int, verb: Verb | str, allowed: str) -> str:
        name = self.names[p]
        if self.phase == KEEP:
            return f"the hand is over; {name} decides whether to keep his blind hand: {allowed}"
        if self.phase == PROPOSAL:
            assert self.proposer is not None
            return (
                f"{self.names[self.proposer]} asked for a common showdown; {name} must agree "
                f"(showdown) or refuse"
            )
        if self.choosing is not None:
            return f"{name} looked at one of his two hands and must keep it or throw it"
        if self.must_discard[p]:
            return f"{name} must first discard {self.ncards - 3} (or fold); {name} may: {allowed}"
        if verb == "bet":
            low = self._bet_limits(p)[0]
            return (
                f"{name} must bet at least {low}; {name} has {self.stack[p]} left "
                f"(he may cover the pot or fold)"
            )
        if verb == "cover":
            return f"{name} can bet enough, so he cannot cover the pot; {name} may: {allowed}"
        if verb == "look":
            return f"{name} has already looked at his cards"
        if verb == "see":
            return self._why_not_see(p)
        if verb == "showdown":
            if not self.options.common_showdown:
                return "this table does not play the common showdown"
            if self.refused:
                return f"the common showdown was refused; {name} must now bet, cover or fold"
            return "a common showdown needs three or more players still betting"
        if verb == "discard":
            if self.ncards == 3:
                return "there is no discard in three-card brag"
            return f"{name} discards only once, right after looking"
        return f"{name} cannot {verb} now; {name} may: {allowed}"

    def _why_not_see(self, p: int) -> str:
        name = self.names[p]
        act = self.active()
        if len(act) != 2:
            return f"{name} can see only when exactly two players remain, not {len(act)}"
        if self.level == 0:
            return f"{name} can see only after a bet"
        other = act[0] if act[1] == p else act[1]
        if not self.blind[p] and self.blind[other]:
            return f"{name} cannot see {self.names[other]}: an open player cannot see a blind one"
        cost = self._see_cost(p)
        return f"{name} must pay {cost} to see; {name} has {self.stack[p]} left"

    def _discard_cards(self, p: int, amount: Amount) -> tuple[Card, ...]:
        name = self.names[p]
        want = self.ncards - 3
        if not isinstance(amount, tuple):
            raise IllegalAction(f'say which {want} card(s) {name} discards, like ["2c"]')
        try:
            cards = tuple(parse_card(c) for c in amount)
        except CardError as exc:
            raise IllegalAction(str(exc)) from None
        if len(cards) != want or len(set(cards)) != want:
            raise IllegalAction(f"{name} must discard exactly {want} card(s), not {len(cards)}")
        hand = self.held[p][0]
        for c in cards:
            if c not in hand:
                raise IllegalAction(f"{name} does not hold {c}")
        return cards
