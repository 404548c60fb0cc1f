"""Brelan and Bouillotte: one engine driven by table options (docs/rules.md §2-3).

A :class:`BrelanHand` is one deal. It is built from the players (in order of play, dealer
last), their stacks before the ante, the cards and the retourne. :meth:`~BrelanHand.verify_act`
checks a move and returns it normalised (or raises ``IllegalAction``, changing nothing),
:meth:`BrelanHand.apply` plays the move it returned, and :meth:`BrelanHand.act` does both;
:meth:`~BrelanHand.legal_actions` lists what the player to act may do.

This module is the state machine. The legal actions and the check of a move are in
:mod:`bot.games.brelan_moves`, the ranking of hands (combinations, the deck, the deal) in
:mod:`bot.games.brelan_rank` and the settlement (refait, showdown, stages, the brelans' dues)
in :mod:`bot.games.brelan_payout`; their public names are importable from here too.

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
from typing import Any, ClassVar

from bot.games import events as ev
from bot.games.base import Amount, Event, HandRecord, Legal, Move, Payment, Pot, replay_summary
from bot.games.brelan_moves import (
    _BETTING,
    _CARRE,
    _FINISHED,
    _OPENING,
    _SANS_PLUS,
    VERBS,
    BrelanMoves,
    Phase,
)
from bot.games.brelan_payout import FLAMBEAU, BrelanPayout, new_payment
from bot.games.brelan_rank import Category, Combination, deal_from, deck_for
from bot.games.cards import Card
from bot.games.errors import SetupError
from bot.games.events import EventKind
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
_CARRE_LEVELS = ("carre", "contre-carre", "sur-carre")


class BrelanHand(BrelanMoves, BrelanPayout):
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
            self.events.append(ev.CARRIED.event(None, {"amount": pool}))
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
        self.events.append(ev.BRELAN_ANTE.event(None, {"paid": paid, "pool": pool}))

    def _start_carre_or_opening(self) -> None:
        if self.options.carre != "off" and self._carre_target(0) is not None:
            self.phase = _CARRE
            self.current = 0
            return
        self._deal_cards()

    def _deal_cards(self) -> None:
        """The carre phase is over: the cards are looked at and the opening begins."""
        self.events.append(ev.BRELAN_DEAL.event(None, {"retourne": self.retourne.code}))
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
    def winner_order(self) -> list[str]:
        """The winners of the pots, stage by stage."""
        return [pot.winners[0] for pot in self.pots]

    @property
    def returned(self) -> dict[str, int]:
        """The chips given back to each player after the last stage, when any are left over."""
        return {
            e.player: ev.RETURN.of(e)["amount"]
            for e in self.events
            if e.kind == EventKind.RETURN and e.player is not None
        }

    def stacks(self) -> dict[str, int]:
        return dict(zip(self.names, self.stack, strict=True))

    def table_chips(self) -> int:
        """Chips on the table: the pool and every stake."""
        return self.pool + sum(self.stake)

    # ----------------------------------------------------------------- acting

    def apply(self, move: Move) -> list[Event]:
        """Play ``move``, which :meth:`verify_act` returned in the state the hand is in now
        (it is not checked again); the events it brings.

        >>> from bot.games.cards import parse_cards, parse_card
        >>> from bot.games.options import parse_options
        >>> hand = BrelanHand(parse_options("brelan", {}), ["P1", "P2"], [20, 20],
        ...     [parse_cards(["Ah", "Jh", "8c"]), parse_cards(["Kd", "Qd", "8h"])],
        ...     parse_card("Th"))
        >>> [e.kind for e in hand.apply(hand.verify_act("P1", "open", 4))]
        [<EventKind.OPEN: 'open'>]
        """
        amount = move.amount
        assert not isinstance(amount, tuple), "a Brelan move is played for chips"
        events = self.events
        start = len(events)
        self._legal = None
        self._handlers[move.verb](self, self.index[move.player], amount)
        return events[start:]

    def act(self, player: str, verb: Verb | str, amount: Amount = None) -> list[Event]:
        """``apply(verify_act(player, verb, amount))``: play one action, or raise
        :class:`~bot.games.errors.IllegalAction` (changing nothing) if it is not legal. (The
        hot path of the replay and the bench: :meth:`_verify` and the handler, no Move.)"""
        p, word, chips = self._verify(player, verb, amount)
        events = self.events
        start = len(events)
        self._legal = None
        self._handlers[word](self, p, chips)
        return events[start:]

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
            self.events.append(ev.PAYMENT.event(self.names[p], {"to": FLAMBEAU, "amount": 1}))
        previous = self.vade
        self._put(p, amount)
        self.all_in[p] = False  # the carrer still speaks; all-in is decided when betting
        self.vade = amount
        self.last_raise = amount - previous
        carre_steps.append(p)
        steps = len(carre_steps)
        name = _CARRE_LEVELS[steps - 1] if steps <= 3 else "carre"
        self.events.append(ev.CARRE.event(self.names[p], {"step": name, "stake": amount}))
        back = self.carre_offer_back
        self.carre_offer_back = False
        self._offer_next_carre(p, bought_back=back)

    def _do_decline(self, p: int, amount: int | None) -> None:
        self.events.append(ev.DECLINE.event(self.names[p], {}))
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
            self.events.append(ev.PASS.event(self.names[p], {}))
            nxt = p + 1
            if nxt >= len(self.names):
                self._refait()
                self._finish()
            else:
                self.current = nxt
            return
        folded = self.folded
        folded[p] = True
        self.events.append(ev.BRELAN_FOLD.event(self.names[p], {"stake": self.stake[p]}))
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
        self.events.append(ev.OPEN.event(self.names[p], {"stake": amount, "all_in": all_in[p]}))
        self._next_speaker(p)

    def _do_hold(self, p: int, amount: int | None) -> None:
        stake = self.stake
        vade = self.vade
        if stake[p] == vade and p == self.carrer and self.carrer_may_speak:
            self.carrer_may_speak = False
            self.events.append(ev.HOLD.event(self.names[p], {"stake": vade, "all_in": False}))
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
        said = ev.TAPIS if total == 0 else ev.HOLD
        self.events.append(said.event(self.names[p], {"stake": total, "all_in": all_in}))
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
            ev.RAISE.event(
                self.names[p], {"stake": amount, "all_in": all_in[p], "sans_plus": was_sans_plus}
            )
        )
        self._next_speaker(p)

    def _do_stand(self, p: int, amount: int | None) -> None:
        self.events.append(ev.STAND.event(self.names[p], {"stake": self.stake[p]}))
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
                self.events.append(ev.SANS_PLUS_ROUND.event(None, {}))
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
        stacks = dict(zip(self.names, self.stack, strict=True))
        self.events.append(ev.END.event(None, {"stacks": stacks, "carried": self.carried}))

    # --------------------------------------------------------------- output

    def summary(self) -> dict[str, Any]:
        """The replay output of docs/scenarios.md."""
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
