"""Brelan and Bouillotte: one engine driven by table options (RULES.md §2-3).

A :class:`BrelanHand` is one deal. It is built from the players (in order of play, dealer
last), their stacks before the ante, the cards and the retourne; actions are applied with
:meth:`BrelanHand.act`, which validates them and leaves the hand untouched when they are not
legal. :meth:`BrelanHand.legal_actions` lists what the player to act may do.

This module is the state machine. The ranking of hands (combinations, the deck, the deal) is
in :mod:`bot.games.brelan_rank` and the settlement (refait, showdown, stages, the brelans'
dues) in :mod:`bot.games.brelan_payout`; their public names are importable from here too.

>>> from bot.games.cards import parse_cards, parse_card
>>> from bot.games.options import parse_options
>>> hand = BrelanHand(parse_options("brelan", {}), ["P1", "P2", "P3", "P4"], [50] * 4,
...     [parse_cards(h.split()) for h in ("Ah Jh 8c", "Kd Qd 8h", "Ts 9s Jc", "Jd 9d 9c")],
...     parse_card("Th"))
>>> hand.to_act, [a.to_json() for a in hand.legal_actions()]
('P1', [{'verb': 'pass'}, {'verb': 'open', 'min': 4, 'max': 49}])
>>> for who, verb, amount in [("P1", "open", 4), ("P2", "hold", None), ("P3", "pass", None),
...                           ("P4", "hold", None)]:
...     _ = hand.act(who, verb, amount)
>>> hand.finished, hand.stacks(), [p.to_json() for p in hand.pots]
(True, {'P1': 61, 'P2': 45, 'P3': 49, 'P4': 45}, [{'amount': 16, 'winners': ['P1']}])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from types import MethodType
from typing import Any, ClassVar, NoReturn

from bot.games.base import (
    Amount,
    Event,
    HandRecord,
    Legal,
    Move,
    Payment,
    Pot,
    replay_summary,
)
from bot.games.brelan_payout import FLAMBEAU, BrelanPayout, new_event, new_payment
from bot.games.brelan_rank import Category, Combination, deal_from, deck_for
from bot.games.cards import Card
from bot.games.errors import IllegalAction, SetupError
from bot.games.options import BrelanOptions, parse_options
from bot.games.verbs import Verb

__all__ = [
    "FLAMBEAU",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "VERBS",
    "BrelanHand",
    "Category",
    "Combination",
    "Phase",
    "deal_from",
    "deck_for",
    "start_hand",
]

MIN_PLAYERS = 2
MAX_PLAYERS = {"brelan": 5, "bouillotte": 5}


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
_CARRE_LEVELS = ("carre", "contre-carre", "sur-carre")
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


class BrelanHand(BrelanPayout):
    """One deal of Brelan or Bouillotte, as a state machine (its endings settle the chips
    through :class:`~bot.games.brelan_payout.BrelanPayout`).

    ``stacks`` are the chips each player holds before the ante; ``carried`` is the pool left
    on the table by earlier refaits; ``refaits`` counts them (for the flambeau).

    Speed: keep the instance attributes under 30. CPython 3.11 stores up to 29 of them
    in a compact, shared-key layout; one more turns every hand's ``__dict__`` into a plain
    dict, which makes creating a hand about twice as slow and every attribute access slower
    (``python -m bot.games.bench`` shows it). ``winner_order`` and ``returned`` are derived
    properties for that reason.
    """

    _handlers: ClassVar[dict[str, Callable[[BrelanHand, int, int | None], None]]]

    def __init__(
        self,
        options: BrelanOptions,
        names: Sequence[str],
        stacks: Sequence[int],
        hands: Sequence[Sequence[Card]],
        retourne: Card,
        carried: int = 0,
        refaits: int = 0,
        validate: bool = True,
    ) -> None:
        n = len(names)
        self.options = options
        self.names: list[str] = list(names)
        self.index: dict[str, int] = {name: i for i, name in enumerate(names)}
        self.hands: list[tuple[Card, ...]] = list(map(tuple, hands))
        self.retourne = retourne
        self.refaits = refaits
        if validate:
            self._validate(stacks, carried)
        self.stack: list[int] = list(stacks)
        self.stake: list[int] = [0] * n
        self.folded: list[bool] = [False] * n
        self.all_in: list[bool] = [False] * n  # no longer speaks (all-in or tapis)
        self.pool = carried
        self.vade = 0
        self.last_raise = 0
        self.aggressor: int | None = None
        self.carrer: int | None = None  # the last player who carred
        self.carrer_may_speak = False  # his closing turn, owed once
        self.carre_steps: list[int] = []  # players in the order they carred
        self.carre_offer_back = False  # pagat: the current offer is a buy-back
        self.sans_plus_done = False  # the sans-plus round for the current aggressor is over
        self.phase = _OPENING
        self.current: int | None = None
        self.events: list[Event] = []
        self.pots: list[Pot] = []
        self.payments: list[Payment] = []
        self.carried = 0
        self.flambeau = 0
        self.combinations: dict[str, Combination] = {}
        self._legal: list[Legal] | None = None  # legal actions now; None once an action applies
        self._post_antes()
        self._start_carre_or_opening()

    # ----------------------------------------------------------------- set-up

    @classmethod
    def from_record(cls, record: HandRecord) -> BrelanHand:
        """Build the deal of a scenario record (actions are not applied)."""
        options = parse_options(record.game, record.options)
        if not isinstance(options, BrelanOptions):
            raise SetupError(f"{record.game} is not played with this engine")
        names = [p.name for p in record.players]
        missing = [n for n in names if n not in record.hands]
        if missing:
            raise SetupError(f"no cards are given for {', '.join(missing)}")
        if record.retourne is None:
            raise SetupError('the scenario must give the "retourne", the turned card')
        return cls(
            options,
            names,
            [p.stack for p in record.players],
            [record.hands[n] for n in names],
            record.retourne,
            carried=record.carried,
            refaits=record.refaits,
        )

    def _validate(self, stacks: Sequence[int], carried: int) -> None:
        n = len(self.names)
        game = self.options.game
        if not MIN_PLAYERS <= n <= MAX_PLAYERS[game]:
            raise SetupError(f"{game} is played by 2 to {MAX_PLAYERS[game]} players, not {n}")
        if len(set(self.names)) != n:
            raise SetupError("two players have the same name")
        if len(stacks) != n or len(self.hands) != n:
            raise SetupError("every player needs a stack and a hand")
        if any(s < 0 for s in stacks) or carried < 0:
            raise SetupError("stacks and the carried pool cannot be negative")
        deck = set(deck_for(self.options, n))
        seen: set[Card] = set()
        for name, hand in zip(self.names, self.hands, strict=True):
            if len(hand) != 3:
                raise SetupError(f"{name} must have 3 cards, not {len(hand)}")
            for card in hand:
                if card not in deck:
                    raise SetupError(f"{card} is not in this table's deck ({self.deck_name()})")
                if card in seen:
                    raise SetupError(f"{card} is dealt twice")
                seen.add(card)
        if self.retourne not in deck:
            raise SetupError(f"the retourne {self.retourne} is not in this table's deck")
        if self.retourne in seen:
            raise SetupError(f"the retourne {self.retourne} is also in a player's hand")

    def deck_name(self) -> str:
        if self.options.deck == "auto":
            return "28" if len(self.names) == 5 else "24"
        return self.options.deck

    def _post_antes(self) -> None:
        options = self.options
        ante = options.ante
        pool = self.pool
        if pool:
            self.events.append(new_event(("carried", None, {"amount": pool})))
        if ante == 0:
            return
        stack = self.stack
        names = self.names
        paid: dict[str, int] = {}
        if options.ante_by == "all":
            for i in range(len(stack)):
                left = stack[i]
                if ante < left:
                    stack[i] = left - ante
                    paid[names[i]] = ante
                else:  # all he has
                    stack[i] = 0
                    paid[names[i]] = left
        else:
            i = len(stack) - 1
            amount = ante if ante < stack[i] else stack[i]
            stack[i] -= amount
            paid[names[i]] = amount
        pool += sum(paid.values())
        self.pool = pool
        self.events.append(new_event(("ante", None, {"paid": paid, "pool": pool})))

    def _start_carre_or_opening(self) -> None:
        if self.options.carre != "off" and self._carre_target(0) is not None:
            self.phase = _CARRE
            self.current = 0
            return
        self._deal_cards()

    def _deal_cards(self) -> None:
        """The carre phase is over: the cards are looked at and the opening begins."""
        self.events.append(new_event(("deal", None, {"retourne": self.retourne.code})))
        if self.carre_steps:
            carrer = self.carre_steps[-1]
            self.carrer = carrer
            self.carrer_may_speak = True
            self.aggressor = carrer
            self.phase = _BETTING
            self._next_speaker(carrer)
        else:
            self.phase = _OPENING
            self.current = 0

    # ------------------------------------------------------------ properties

    @property
    def finished(self) -> bool:
        return self.phase is _FINISHED

    @property
    def to_act(self) -> str | None:
        current = self.current
        return None if current is None else self.names[current]

    @property
    def winner_order(self) -> list[str]:
        """The winners of the pots, stage by stage."""
        return [pot.winners[0] for pot in self.pots]

    @property
    def returned(self) -> dict[str, int]:
        """The chips given back to each player after the last stage, when any are left over."""
        return {
            e.player: e.data["amount"]
            for e in self.events
            if e.kind == "return" and e.player is not None
        }

    def stacks(self) -> dict[str, int]:
        return dict(zip(self.names, self.stack, strict=True))

    def table_chips(self) -> int:
        """Chips on the table: the pool and every stake."""
        return self.pool + sum(self.stake)

    # --------------------------------------------------------------- legality

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

    def verify_act(self, player: str, verb: str, amount: Amount = None) -> Move:
        """The move ``player`` makes by ``verb`` (and ``amount``), normalised: ``stand`` at
        the carrer's closing turn is ``hold``, a fixed amount is filled in. Raises
        :class:`IllegalAction`, with the precise reason, when it is not legal; changes nothing.

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

    def _verify(self, player: str, verb: str, amount: Amount) -> tuple[int, str, int | None]:
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

    def can_act(self, player: str, verb: str, amount: Amount = None) -> bool:
        """Whether :meth:`verify_act` accepts the move.

        >>> from bot.games.cards import parse_cards, parse_card
        >>> from bot.games.options import parse_options
        >>> hand = BrelanHand(parse_options("brelan", {}), ["P1", "P2"], [20, 20],
        ...     [parse_cards(["Ah", "Jh", "8c"]), parse_cards(["Kd", "Qd", "8h"])],
        ...     parse_card("Th"))
        >>> hand.can_act("P1", "open", 4), hand.can_act("P1", "hold"), hand.can_act("P2", "pass")
        (True, False, False)
        """
        try:
            self.verify_act(player, verb, amount)
        except IllegalAction:
            return False
        return True

    def act(self, player: str, verb: str, amount: Amount = None) -> list[Event]:
        """Apply one action; raise :class:`IllegalAction` (changing nothing) if it is not legal
        (:meth:`verify_act`'s checks say, and normalise the move applied)."""
        p, verb, chips = self._verify(player, verb, amount)
        events = self.events
        start = len(events)
        self._legal = None
        self._handlers[verb](self, p, chips)
        return events[start:]

    def _refuse_player(self, player: str) -> NoReturn:
        if self.phase is _FINISHED:
            raise IllegalAction("the hand is over; nobody can act")
        if player not in self.index:
            raise IllegalAction(f"{player} is not playing in this hand")
        raise IllegalAction(f"it is {self.to_act}'s turn, not {player}'s")

    def _alias(self, p: int, verb: str, legal: list[Legal]) -> Legal:
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

    def _why_not(self, p: int, verb: str, legal: list[Legal]) -> str:
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

    def _put(self, p: int, total: int) -> None:
        """Bring ``p``'s stake to ``total``."""
        stack = self.stack
        left = stack[p] - (total - self.stake[p])
        stack[p] = left
        self.stake[p] = total
        if left == 0:
            self.all_in[p] = True

    # carre chain --------------------------------------------------------------

    def _do_carre(self, p: int, amount: int | None) -> None:
        assert amount is not None
        carre_steps = self.carre_steps
        if not carre_steps and self.options.flambeau:
            self.stack[p] -= 1
            self.flambeau += 1
            self.payments.append(new_payment((self.names[p], FLAMBEAU, 1)))
            self.events.append(new_event(("payment", self.names[p], {"to": FLAMBEAU, "amount": 1})))
        previous = self.vade
        self._put(p, amount)
        self.all_in[p] = False  # the carrer still speaks; all-in is decided when betting
        self.vade = amount
        self.last_raise = amount - previous
        carre_steps.append(p)
        steps = len(carre_steps)
        name = _CARRE_LEVELS[steps - 1] if steps <= 3 else "carre"
        self.events.append(new_event(("carre", self.names[p], {"step": name, "stake": amount})))
        back = self.carre_offer_back
        self.carre_offer_back = False
        self._offer_next_carre(p, bought_back=back)

    def _do_decline(self, p: int, amount: int | None) -> None:
        self.events.append(new_event(("decline", self.names[p], {})))
        if self.carre_offer_back and self.options.carre_chain == "pagat":
            # the buy-back was declined: the next player may carry the chain forward
            self.carre_offer_back = False
            self._offer(self.carre_steps[-1] + 1, back=False)
            return
        self._close_carre()

    def _offer_next_carre(self, p: int, bought_back: bool) -> None:
        chain = self.options.carre_chain
        steps = len(self.carre_steps)
        if chain == "carre":
            self._close_carre()
        elif chain == "academie":
            if steps >= 3:
                self._close_carre()
            else:
                self._offer(1 if steps == 1 else 0, back=False)
        elif bought_back:  # pagat: a buy-back closes the chain
            self._close_carre()
        elif p == 0:
            self._offer(1, back=False)
        else:
            self._offer(p - 1, back=True)

    def _offer(self, player: int, back: bool) -> None:
        if player >= len(self.names) or self._carre_target(player) is None:
            if back and self.options.carre_chain == "pagat":
                # cannot buy back: the offer passes forward
                self._offer(self.carre_steps[-1] + 1, back=False)
                return
            self._close_carre()
            return
        self.carre_offer_back = back
        self.current = player

    def _close_carre(self) -> None:
        stack, all_in = self.stack, self.all_in
        for i in self.carre_steps:
            if stack[i] == 0:
                all_in[i] = True
        self._deal_cards()

    # opening and betting ------------------------------------------------------

    def _do_pass(self, p: int, amount: int | None) -> None:
        if self.phase is _OPENING:
            self.events.append(new_event(("pass", self.names[p], {})))
            nxt = p + 1
            if nxt >= len(self.names):
                self._refait()
                self._finish()
            else:
                self.current = nxt
            return
        folded = self.folded
        folded[p] = True
        self.events.append(new_event(("fold", self.names[p], {"stake": self.stake[p]})))
        if folded.count(False) == 1:
            self._uncontested(folded.index(False))
            self._finish()
            return
        self._next_speaker(p)

    def _do_open(self, p: int, amount: int | None) -> None:
        assert amount is not None
        stack = self.stack
        left = stack[p] - (amount - self.stake[p])
        stack[p] = left
        self.stake[p] = amount
        all_in = self.all_in
        if left == 0:
            all_in[p] = True
        self.vade = amount
        self.last_raise = amount
        self.aggressor = p
        self.phase = _BETTING
        self.events.append(
            new_event(("open", self.names[p], {"stake": amount, "all_in": all_in[p]}))
        )
        self._next_speaker(p)

    def _do_hold(self, p: int, amount: int | None) -> None:
        stake = self.stake
        vade = self.vade
        if stake[p] == vade and p == self.carrer and self.carrer_may_speak:
            self.carrer_may_speak = False
            self.events.append(new_event(("hold", self.names[p], {"stake": vade, "all_in": False})))
            self._round_over()
            return
        stack = self.stack
        total = stake[p] + stack[p]
        if vade < total:
            total = vade
        left = stack[p] - (total - stake[p])
        stack[p] = left
        stake[p] = total
        all_in = left == 0
        self.all_in[p] = all_in
        self.events.append(
            new_event(
                (
                    "tapis" if total == 0 else "hold",
                    self.names[p],
                    {"stake": total, "all_in": all_in},
                )
            )
        )
        self._next_speaker(p)

    def _do_raise(self, p: int, amount: int | None) -> None:
        assert amount is not None
        self.carrer_may_speak = False  # a re-raise voids the carrer's closing turn
        self.last_raise = amount - self.vade
        stack = self.stack
        left = stack[p] - (amount - self.stake[p])
        stack[p] = left
        self.stake[p] = amount
        all_in = self.all_in
        if left == 0:
            all_in[p] = True
        self.vade = amount
        self.aggressor = p
        self.sans_plus_done = False
        was_sans_plus = self.phase is _SANS_PLUS
        self.phase = _BETTING
        self.events.append(
            new_event(
                (
                    "raise",
                    self.names[p],
                    {"stake": amount, "all_in": all_in[p], "sans_plus": was_sans_plus},
                )
            )
        )
        self._next_speaker(p)

    def _do_stand(self, p: int, amount: int | None) -> None:
        self.events.append(new_event(("stand", self.names[p], {"stake": self.stake[p]})))
        self._next_sans_plus(p)

    def _next_speaker(self, after: int) -> None:
        """Find who speaks next in the normal rounds; end the round at the last aggressor."""
        aggressor = self.aggressor
        assert aggressor is not None
        n = len(self.names)
        folded, all_in, stake, vade = self.folded, self.all_in, self.stake, self.vade
        i = after + 1
        if i >= n:
            i = 0
        while i != aggressor:
            if stake[i] < vade and not folded[i] and not all_in[i]:
                self.current = i
                return
            i += 1
            if i >= n:
                i = 0
        if (
            self.carrer == aggressor
            and self.carrer_may_speak
            and not all_in[aggressor]
            and stake[aggressor] == vade
        ):
            self.current = aggressor
            return
        self._round_over()

    def _round_over(self) -> None:
        """The turn came back to the last aggressor with nobody re-raising."""
        if self.options.sans_plus and not self.sans_plus_done:
            folded, all_in = self.folded, self.all_in
            able = 0
            for i in range(len(folded)):
                if not folded[i] and not all_in[i]:
                    able += 1
            if able > 2:
                self.phase = _SANS_PLUS
                self.events.append(new_event(("sans_plus_round", None, {})))
                assert self.aggressor is not None
                self._next_sans_plus(self.aggressor)
                return
        self._showdown()
        self._finish()

    def _next_sans_plus(self, after: int) -> None:
        aggressor = self.aggressor
        assert aggressor is not None
        n = len(self.names)
        folded, all_in = self.folded, self.all_in
        i = after + 1
        if i >= n:
            i = 0
        while i != aggressor:
            if not folded[i] and not all_in[i]:
                self.current = i
                return
            i += 1
            if i >= n:
                i = 0
        self.sans_plus_done = True
        self._showdown()
        self._finish()

    # --------------------------------------------------------------- endings

    def _finish(self) -> None:
        """The deal is over (its chips settled by one of :class:`BrelanPayout`'s endings)."""
        self.phase = _FINISHED
        self.current = None
        self.events.append(
            new_event(
                (
                    "end",
                    None,
                    {
                        "stacks": dict(zip(self.names, self.stack, strict=True)),
                        "carried": self.carried,
                    },
                )
            )
        )

    # --------------------------------------------------------------- output

    def summary(self) -> dict[str, Any]:
        """The replay output of SCENARIOS.md."""
        return replay_summary(
            self.finished,
            self.stacks(),
            self.pots,
            self.payments,
            self.carried,
            self.to_act,
            self.legal_actions() if not self.finished else [],
        )

    def public_view(self) -> dict[str, Any]:
        """What everyone at the table may see now (no hidden card before the showdown)."""
        shown = self.finished and bool(self.combinations)
        return {
            "phase": self.phase.value,
            "to_act": self.to_act,
            "pool": self.pool,
            "vade": self.vade,
            "retourne": self.retourne.code if self.phase is not Phase.CARRE else None,
            "players": [
                {
                    "name": name,
                    "stack": self.stack[i],
                    "stake": self.stake[i],
                    "folded": self.folded[i],
                    "all_in": self.all_in[i],
                    "cards": [c.code for c in self.hands[i]] if shown else None,
                }
                for i, name in enumerate(self.names)
            ],
        }


BrelanHand._handlers = {
    "carre": BrelanHand._do_carre,
    "decline": BrelanHand._do_decline,
    "pass": BrelanHand._do_pass,
    "open": BrelanHand._do_open,
    "hold": BrelanHand._do_hold,
    "raise": BrelanHand._do_raise,
    "stand": BrelanHand._do_stand,
}


def start_hand(record: HandRecord) -> BrelanHand:
    """The deal described by ``record``, before its actions (the replay applies them)."""
    return BrelanHand.from_record(record)
