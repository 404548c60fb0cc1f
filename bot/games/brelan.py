"""Brelan and Bouillotte: one engine driven by table options (RULES.md §2-3).

A :class:`BrelanHand` is one deal. It is built from the players (in order of play, dealer
last), their stacks before the ante, the cards and the retourne; actions are applied with
:meth:`BrelanHand.act`, which validates them and leaves the hand untouched when they are not
legal. :meth:`BrelanHand.legal_actions` lists what the player to act may do.

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

import functools
from collections.abc import Callable, Sequence
from enum import Enum, IntEnum
from typing import Any, ClassVar, NamedTuple, NoReturn

from bot.games.base import Amount, Event, HandRecord, Legal, Payment, Pot, replay_summary
from bot.games.cards import SUIT_NAMES, SUITS, Card, deck_preset
from bot.games.errors import IllegalAction, SetupError
from bot.games.options import BrelanOptions, parse_options

MIN_PLAYERS = 2
MAX_PLAYERS = {"brelan": 5, "bouillotte": 5}
FLAMBEAU = "flambeau"


class Phase(Enum):
    """Where a deal stands."""

    CARRE = "carre"  # the carre chain, before anyone sees his cards
    OPENING = "opening"  # nobody has opened yet: pass or open
    BETTING = "betting"  # rounds of speaking after the opening
    SANS_PLUS = "sans_plus"  # Bouillotte's extra round: stand or re-raise
    FINISHED = "finished"


class Category(IntEnum):
    """Combination classes, compared as numbers."""

    POINT = 1
    BRELAN = 2
    SQUARE = 3


class Combination(NamedTuple):
    """A player's combination: ``value`` is the brelan's rank or the point."""

    category: Category
    value: int
    suit: str | None = None  # the suit of the point, when it is a point

    def describe(self) -> str:
        if self.category is Category.SQUARE:
            return f"square brelan (brelan carré) of {_rank_word(self.value)}"
        if self.category is Category.BRELAN:
            return f"brelan of {_rank_word(self.value)}"
        if self.suit is None:
            return "point 0 (owns no suit)"
        return f"point {self.value} in {SUIT_NAMES[self.suit]}"


def _rank_word(rank: int) -> str:
    return {14: "aces", 13: "kings", 12: "queens", 11: "jacks"}.get(rank, f"{rank}s")


def deck_for(options: BrelanOptions, players: int) -> tuple[Card, ...]:
    """The table's deck: the preset, or Bouillotte's ``auto`` (28 cards for 5 players, else 24)."""
    name = options.deck
    if name == "auto":
        name = "28" if players == 5 else "24"
    return deck_preset(name)


def deal_from(order: Sequence[Card], players: int) -> tuple[list[list[Card]], Card]:
    """Deal three cards one at a time from the top, first player first, then the retourne.

    >>> from bot.games.cards import deck_preset
    >>> hands, ret = deal_from(deck_preset("20"), 2)
    >>> [" ".join(map(str, h)) for h in hands], str(ret)
    (['As Ad Ks', 'Ah Ac Kh'], 'Kd')
    """
    if len(order) < 3 * players + 1:
        raise SetupError(f"the deck has {len(order)} cards, too few for {players} players")
    hands = [[order[i + k * players] for k in range(3)] for i in range(players)]
    return hands, order[3 * players]


# Building these tuples through tuple.__new__ skips NamedTuple's Python-level __new__.
_event: Callable[[tuple[str, str | None, dict[str, Any]]], Event] = functools.partial(
    tuple.__new__, Event
)
_legal: Callable[[tuple[str, int | None, int | None, int | None]], Legal] = functools.partial(
    tuple.__new__, Legal
)
_PASS = Legal("pass")
_DECLINE = Legal("decline")
_STAND = Legal("stand")


class BrelanHand:
    """One deal of Brelan or Bouillotte, as a state machine.

    ``stacks`` are the chips each player holds before the ante; ``carried`` is the pool left
    on the table by earlier refaits; ``refaits`` counts them (for the flambeau).
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
        self.hands: list[tuple[Card, ...]] = [tuple(h) for h in hands]
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
        self.phase = Phase.OPENING
        self.current: int | None = None
        self.events: list[Event] = []
        self.pots: list[Pot] = []
        self.payments: list[Payment] = []
        self.carried = 0
        self.flambeau = 0
        self.returned: dict[str, int] = {}
        self.combinations: dict[str, Combination] = {}
        self.winner_order: list[str] = []
        self._legal: list[Legal] = []
        self._suit_totals: dict[str, int] | None = None
        self._version = 0  # bumped by every applied action; keys the legal-action cache
        self._legal_version = -1
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

    def _emit(self, kind: str, player: int | None = None, **data: Any) -> None:
        self.events.append(_event((kind, None if player is None else self.names[player], data)))

    def _post_antes(self) -> None:
        ante = self.options.ante
        if self.pool:
            self._emit("carried", amount=self.pool)
        if ante == 0:
            return
        stack = self.stack
        payers = range(len(stack)) if self.options.ante_by == "all" else [len(stack) - 1]
        paid: dict[str, int] = {}
        for i in payers:
            amount = ante if ante < stack[i] else stack[i]
            stack[i] -= amount
            paid[self.names[i]] = amount
        self.pool += sum(paid.values())
        self.events.append(Event("ante", None, {"paid": paid, "pool": self.pool}))

    def _start_carre_or_opening(self) -> None:
        if self.options.carre != "off" and self._carre_target(0) is not None:
            self.phase = Phase.CARRE
            self.current = 0
            return
        self._deal_cards()

    def _deal_cards(self) -> None:
        """The carre phase is over: the cards are looked at and the opening begins."""
        self._emit("deal", retourne=self.retourne.code)
        if self.carre_steps:
            carrer = self.carre_steps[-1]
            self.carrer = carrer
            self.carrer_may_speak = True
            self.aggressor = carrer
            self.phase = Phase.BETTING
            self._next_speaker(carrer)
        else:
            self.phase = Phase.OPENING
            self.current = 0

    # ------------------------------------------------------------ properties

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    @property
    def to_act(self) -> str | None:
        return None if self.current is None else self.names[self.current]

    def stacks(self) -> dict[str, int]:
        return dict(zip(self.names, self.stack, strict=True))

    def players_in(self) -> list[str]:
        """Players who have not folded."""
        return [n for n, f in zip(self.names, self.folded, strict=True) if not f]

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

    def _others_can_answer(self, player: int) -> bool:
        folded, all_in = self.folded, self.all_in
        for j in range(len(folded)):  # noqa: SIM110 - a plain loop is faster here
            if j != player and not folded[j] and not all_in[j]:
                return True
        return False

    def legal_actions(self) -> list[Legal]:
        """What the player to act may do; empty when the deal is over."""
        if self._legal_version != self._version:
            self._legal = self._compute_legal()
            self._legal_version = self._version
        return list(self._legal)

    def _compute_legal(self) -> list[Legal]:
        p = self.current
        if p is None:
            return []
        phase = self.phase
        if phase is Phase.CARRE:
            target = self._carre_target(p)
            assert target is not None
            if self.options.carre == "forced" and not self.carre_steps:
                return [Legal("carre", target)]
            return [Legal("carre", target), _DECLINE]
        total = self.stake[p] + self.stack[p]
        if phase is Phase.OPENING:
            if total > 0:
                low = self.pool if self.pool > 1 else 1
                return [_PASS, _legal(("open", None, low if low < total else total, total))]
            return [_PASS]
        low = self._min_raise_total()
        can_raise = total >= low and self._others_can_answer(p)
        if phase is Phase.SANS_PLUS:
            return [_STAND, _legal(("raise", None, low, total))] if can_raise else [_STAND]
        vade = self.vade
        if p == self.carrer and self.carrer_may_speak and self.stake[p] == vade:
            hold = Legal("hold", vade)
            return [hold, _legal(("raise", None, low, total))] if can_raise else [hold]
        hold = _legal(("hold", vade if vade < total else total, None, None))
        if can_raise:
            return [_PASS, hold, _legal(("raise", None, low, total))]
        return [_PASS, hold]

    # ----------------------------------------------------------------- acting

    def act(self, player: str, verb: str, amount: Amount = None) -> list[Event]:
        """Apply one action; raise :class:`IllegalAction` (changing nothing) if it is not legal."""
        p = self.index.get(player)
        if p is None or p != self.current:
            self._refuse_player(player)
        if amount is not None and amount.__class__ is not int:
            raise IllegalAction(f"{verb} takes a number of chips, not {amount!r}")
        legal = self._legal if self._legal_version == self._version else self.legal_actions()
        for choice in legal:
            if choice.verb == verb:
                break
        else:
            choice = self._alias(p, verb, legal)
            verb = choice.verb
        fixed = choice.amount
        if fixed is not None:
            if amount is not None and amount != fixed:
                raise IllegalAction(f"{player} can only {verb} for {fixed} now, not {amount}")
            amount = fixed
        elif choice.min is not None:
            if amount is None:
                raise IllegalAction(
                    f"say how much: {player} may {verb} to a total stake from "
                    f"{choice.min} to {choice.max}"
                )
            assert isinstance(amount, int) and choice.max is not None
            if amount < choice.min or amount > choice.max:
                self._check_range(p, verb, amount, choice.min, choice.max)
        elif amount is not None:
            raise IllegalAction(f"{verb} takes no amount")
        start = len(self.events)
        self._version += 1
        self._handlers[verb](self, p, amount)
        return self.events[start:]

    def _refuse_player(self, player: str) -> NoReturn:
        if self.phase is Phase.FINISHED:
            raise IllegalAction("the hand is over; nobody can act")
        if player not in self.index:
            raise IllegalAction(f"{player} is not playing in this hand")
        raise IllegalAction(f"it is {self.to_act}'s turn, not {player}'s")

    def _alias(self, p: int, verb: str, legal: list[Legal]) -> Legal:
        """``stand`` at the carrer's closing turn means hold; anything else is refused."""
        if (
            verb == "stand"
            and self.phase is Phase.BETTING
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
        known = {"carre", "decline", "pass", "open", "hold", "raise", "stand"}
        if verb not in known:
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
        add = total - self.stake[p]
        self.stack[p] -= add
        self.stake[p] = total
        if self.stack[p] == 0:
            self.all_in[p] = True

    # carre chain --------------------------------------------------------------

    def _do_carre(self, p: int, amount: int | None) -> None:
        assert amount is not None
        first = not self.carre_steps
        if first and self.options.flambeau:
            self.stack[p] -= 1
            self.flambeau += 1
            self.payments.append(Payment(self.names[p], FLAMBEAU, 1))
            self._emit("payment", p, to=FLAMBEAU, amount=1)
        previous = self.vade
        self._put(p, amount)
        self.all_in[p] = False  # the carrer still speaks; all-in is decided when betting
        self.vade = amount
        self.last_raise = amount - previous
        self.carre_steps.append(p)
        level = ("carre", "contre-carre", "sur-carre")
        name = level[len(self.carre_steps) - 1] if len(self.carre_steps) <= 3 else "carre"
        self._emit("carre", p, step=name, stake=amount)
        back = self.carre_offer_back
        self.carre_offer_back = False
        self._offer_next_carre(p, bought_back=back)

    def _do_decline(self, p: int, amount: int | None) -> None:
        self._emit("decline", p)
        if self.options.carre_chain == "pagat" and self.carre_offer_back:
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
        for i in self.carre_steps:
            if self.stack[i] == 0:
                self.all_in[i] = True
        self._deal_cards()

    # opening and betting ------------------------------------------------------

    def _do_pass(self, p: int, amount: int | None) -> None:
        if self.phase is Phase.OPENING:
            self._emit("pass", p)
            nxt = p + 1
            if nxt >= len(self.names):
                self._refait()
            else:
                self.current = nxt
            return
        self.folded[p] = True
        self._emit("fold", p, stake=self.stake[p])
        if self._one_left():
            return
        self._next_speaker(p)

    def _do_open(self, p: int, amount: int | None) -> None:
        assert amount is not None
        self._put(p, amount)
        self.vade = amount
        self.last_raise = amount
        self.aggressor = p
        self.phase = Phase.BETTING
        self._emit("open", p, stake=amount, all_in=self.all_in[p])
        self._next_speaker(p)

    def _do_hold(self, p: int, amount: int | None) -> None:
        if p == self.carrer and self.carrer_may_speak and self.stake[p] == self.vade:
            self.carrer_may_speak = False
            self._emit("hold", p, stake=self.stake[p], all_in=False)
            self._round_over()
            return
        total = min(self.vade, self.stake[p] + self.stack[p])
        self._put(p, total)
        self.all_in[p] = self.stack[p] == 0
        kind = "tapis" if total == 0 else "hold"
        self._emit(kind, p, stake=total, all_in=self.all_in[p])
        self._next_speaker(p)

    def _do_raise(self, p: int, amount: int | None) -> None:
        assert amount is not None
        self.carrer_may_speak = False  # a re-raise voids the carrer's closing turn
        self.last_raise = amount - self.vade
        self._put(p, amount)
        self.vade = amount
        self.aggressor = p
        self.sans_plus_done = False
        was_sans_plus = self.phase is Phase.SANS_PLUS
        self.phase = Phase.BETTING
        self._emit("raise", p, stake=amount, all_in=self.all_in[p], sans_plus=was_sans_plus)
        self._next_speaker(p)

    def _do_stand(self, p: int, amount: int | None) -> None:
        self._emit("stand", p, stake=self.stake[p])
        self._next_sans_plus(p)

    def _one_left(self) -> bool:
        if self.folded.count(False) == 1:
            self._uncontested(self.folded.index(False))
            return True
        return False

    def _next_speaker(self, after: int) -> None:
        """Find who speaks next in the normal rounds; end the round at the last aggressor."""
        n = len(self.names)
        aggressor = self.aggressor
        assert aggressor is not None
        i = (after + 1) % n
        while i != aggressor:
            if not self.folded[i] and not self.all_in[i] and self.stake[i] < self.vade:
                self.current = i
                return
            i = (i + 1) % n
        if (
            self.carrer == aggressor
            and self.carrer_may_speak
            and not self.all_in[aggressor]
            and self.stake[aggressor] == self.vade
        ):
            self.current = aggressor
            return
        self._round_over()

    def _round_over(self) -> None:
        """The turn came back to the last aggressor with nobody re-raising."""
        able = [i for i in range(len(self.names)) if not self.folded[i] and not self.all_in[i]]
        if self.options.sans_plus and len(able) > 2 and not self.sans_plus_done:
            self.phase = Phase.SANS_PLUS
            self._emit("sans_plus_round")
            assert self.aggressor is not None
            self._next_sans_plus(self.aggressor)
            return
        self._showdown()

    def _next_sans_plus(self, after: int) -> None:
        n = len(self.names)
        aggressor = self.aggressor
        assert aggressor is not None
        i = (after + 1) % n
        while i != aggressor:
            if not self.folded[i] and not self.all_in[i]:
                self.current = i
                return
            i = (i + 1) % n
        self.sans_plus_done = True
        self._showdown()

    # --------------------------------------------------------------- endings

    def _finish(self) -> None:
        self.phase = Phase.FINISHED
        self.current = None
        self._emit("end", stacks=self.stacks(), carried=self.carried)

    def _refait(self) -> None:
        """Everybody passed and nobody carred: the pool stays for the next deal."""
        flambeau = 0
        if self.options.flambeau:
            flambeau = min({0: 1, 1: 0, 2: 2}.get(self.refaits, 0), self.pool)
        if flambeau:
            self.pool -= flambeau
            self.flambeau += flambeau
            self.payments.append(Payment("pool", FLAMBEAU, flambeau))
            self._emit("payment", to=FLAMBEAU, amount=flambeau, source="pool")
        self.carried = self.pool
        self.pool = 0
        self._emit("refait", carried=self.carried, number=self.refaits + 1)
        self._finish()

    def _uncontested(self, w: int) -> None:
        amount = self.pool + sum(self.stake)
        self.stack[w] += amount
        self.pots.append(Pot(amount, (self.names[w],)))
        self._emit("pot", w, amount=amount, stage=1, shown=False)
        self.winner_order = [self.names[w]]
        self.pool = 0
        self.stake = [0] * len(self.names)
        self._finish()

    def _showdown(self) -> None:
        self.current = None
        n = len(self.names)
        contenders = [i for i in range(n) if not self.folded[i]]
        ownership = self._ownership(contenders)
        combos = self._combinations(contenders, ownership)
        for i in contenders:
            self.combinations[self.names[i]] = combos[i]
        names = self.names
        self._emit(
            "showdown",
            retourne=self.retourne.code,
            hands={names[i]: [c.code for c in self.hands[i]] for i in range(n)},
            folded=[names[i] for i in range(n) if self.folded[i]],
            suits=[
                {"suit": suit, "owner": names[ownership[suit][0]], "points": ownership[suit][1]}
                if suit in ownership
                else {"suit": suit, "owner": None, "points": 0}
                for suit in SUITS
            ],
            combinations={names[i]: combos[i].describe() for i in contenders},
        )
        self._pay_stages(contenders, combos)
        self._brelan_payments(contenders, combos)
        self._finish()

    # points ----------------------------------------------------------------

    def _totals(self) -> dict[str, int]:
        """Per suit, the points of every card shown: all hands and the retourne (computed once)."""
        totals = self._suit_totals
        if totals is None:
            totals = {s: 0 for s in SUITS}
            totals[self.retourne.suit] += self.retourne.points
            for hand in self.hands:
                for c in hand:
                    totals[c.suit] += c.points
            self._suit_totals = totals
        return totals

    def _ownership(self, competitors: Sequence[int]) -> dict[str, tuple[int, int]]:
        """For each suit held by a competitor: (owner, points of every card of the suit shown)."""
        best: dict[str, tuple[int, int]] = {}  # suit -> (rank, player)
        for i in competitors:
            for c in self.hands[i]:
                held = best.get(c.suit)
                if held is None or c.rank > held[0]:
                    best[c.suit] = (c.rank, i)
        totals = self._totals()
        return {suit: (player, totals[suit]) for suit, (_, player) in best.items()}

    def _brelan_of(self, i: int) -> Combination | None:
        a, b, c = self.hands[i]
        if a.rank == b.rank == c.rank:
            if self.retourne.rank == a.rank:
                return Combination(Category.SQUARE, a.rank)
            return Combination(Category.BRELAN, a.rank)
        return None

    def _combinations(
        self, competitors: Sequence[int], ownership: dict[str, tuple[int, int]]
    ) -> dict[int, Combination]:
        combos: dict[int, Combination] = {}
        for i in competitors:
            brelan = self._brelan_of(i)
            if brelan is not None:
                combos[i] = brelan
                continue
            best_points, best_suit = 0, None
            for suit in SUITS:
                owned = ownership.get(suit)
                if owned is not None and owned[0] == i and owned[1] > best_points:
                    best_points, best_suit = owned[1], suit
            combos[i] = Combination(Category.POINT, best_points, best_suit)
        return combos

    @staticmethod
    def _key(combo: Combination, i: int) -> tuple[int, int, int]:
        return (combo.category, combo.value, -i)

    def _best(self, competitors: Sequence[int], combos: dict[int, Combination]) -> int:
        return max(competitors, key=lambda i: self._key(combos[i], i))

    def _stage_winner(
        self,
        stage: int,
        competitors: list[int],
        all_combos: dict[int, Combination],
        fixed_suit: list[str | None],
    ) -> tuple[int, Combination]:
        brelans = [i for i in competitors if all_combos[i].category is not Category.POINT]
        if brelans:
            w = self._best(brelans, all_combos)
            return w, all_combos[w]
        rule = self.options.pot_rule
        if stage == 1 or rule == "fixed":
            w = self._best(competitors, all_combos)
            combo = all_combos[w]
        elif rule == "single_suit" and fixed_suit[0] is not None:
            suit = fixed_suit[0]
            holders = [
                (max(c.rank for c in self.hands[i] if c.suit == suit), i)
                for i in competitors
                if any(c.suit == suit for c in self.hands[i])
            ]
            if holders:
                w = max(holders)[1]
                return w, Combination(Category.POINT, self._totals()[suit], suit)
            return competitors[0], Combination(Category.POINT, 0, None)
        else:  # recalculate, or single_suit before any suit is fixed
            ownership = self._ownership(competitors)
            combos = self._combinations(competitors, ownership)
            w = self._best(competitors, combos)
            combo = combos[w]
        if rule == "single_suit" and fixed_suit[0] is None and combo.suit is not None:
            fixed_suit[0] = combo.suit
        return w, combo

    def _pay_stages(self, contenders: list[int], combos: dict[int, Combination]) -> None:
        n = len(self.names)
        remaining = list(self.stake)
        fixed_suit: list[str | None] = [None]
        won: set[int] = set()
        stage = 1
        while True:
            if stage == 1:
                competitors = contenders
            else:
                competitors = [i for i in contenders if i not in won and remaining[i] > 0]
            if not competitors:
                break
            w, combo = self._stage_winner(stage, competitors, combos, fixed_suit)
            cap = remaining[w]
            amount = self.pool if stage == 1 else 0
            for j in range(n):
                take = remaining[j]
                if take > cap:
                    take = cap
                remaining[j] -= take
                amount += take
            self.pool = 0
            self.stack[w] += amount
            won.add(w)
            self.winner_order.append(self.names[w])
            self.pots.append(Pot(amount, (self.names[w],)))
            self._emit("pot", w, amount=amount, stage=stage, shown=True, by=combo.describe())
            if not any(remaining):
                break
            stage += 1
        for j in range(n):
            if remaining[j]:
                self.stack[j] += remaining[j]
                self.returned[self.names[j]] = remaining[j]
                self._emit("return", j, amount=remaining[j])
        self.stake = [0] * n

    def _brelan_payments(self, contenders: list[int], combos: dict[int, Combination]) -> None:
        rate = {Category.BRELAN: self.options.brelan_pay, Category.SQUARE: self.options.square_pay}
        earns = {i: rate.get(combos[i].category, 0) for i in contenders}
        payees = [i for i in contenders if combos[i].category is not Category.POINT]
        for payer in range(len(self.names)):
            for payee in payees:
                if payee == payer:
                    continue
                owed = earns[payee] - earns.get(payer, 0) if payer in payees else earns[payee]
                paid = min(owed, self.stack[payer])
                if paid <= 0:
                    continue
                self.stack[payer] -= paid
                self.stack[payee] += paid
                self.payments.append(Payment(self.names[payer], self.names[payee], paid))
                self._emit("payment", payer, to=self.names[payee], amount=paid)
        if self.options.flambeau:
            for i in payees:
                paid = min(2, self.stack[i])
                if paid:
                    self.stack[i] -= paid
                    self.flambeau += paid
                    self.payments.append(Payment(self.names[i], FLAMBEAU, paid))
                    self._emit("payment", i, to=FLAMBEAU, amount=paid)

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
