"""Brelan and Bouillotte settlement (docs/rules.md §2-3): the refait, the uncontested pot, the
showdown, the stages of the pot and the brelans' dues.

:class:`BrelanPayout` is the part of :class:`~bot.games.brelan.BrelanHand` that settles the
chips once the speaking is over; the state machine calls one of its endings, then finishes
the deal.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MethodType

from bot.games import events as ev
from bot.games.base import Event, Payment, Pot
from bot.games.brelan_rank import (
    DESCRIPTIONS,
    NO_POINT,
    Category,
    Combination,
    best_of,
    combinations_of,
    describe,
    new_combination,
    rank_contenders,
    read_cards,
    suit_owners,
    suit_points,
)
from bot.games.cards import Card
from bot.games.options import BrelanOptions

#: The payee of a flambeau chip, and the payer when the pool pays it (a refait's).
FLAMBEAU = "flambeau"
POOL = "pool"
_FLAMBEAU_BY_REFAITS = {0: 1, 1: 0, 2: 2}

# Building these tuples through tuple.__new__ (bound to the class) skips NamedTuple's
# Python-level __new__.
new_pot: Callable[[tuple[int, tuple[str, ...]]], Pot] = MethodType(tuple.__new__, Pot)
new_payment: Callable[[tuple[str, str, int]], Payment] = MethodType(tuple.__new__, Payment)

_POINT = Category.POINT


def _take_stage(remaining: list[int], cap: int) -> int:
    """Take up to ``cap`` from every stake left in ``remaining``; return the chips taken."""
    amount = 0
    for j in range(len(remaining)):
        take = remaining[j]
        if take > cap:
            take = cap
        remaining[j] -= take
        amount += take
    return amount


class BrelanPayout:
    """The endings of a deal. The attributes are those of :class:`~bot.games.brelan.BrelanHand`
    (declared here, set there)."""

    options: BrelanOptions
    names: list[str]
    hands: list[tuple[Card, ...]]
    retourne: Card
    refaits: int
    stack: list[int]
    stake: list[int]
    folded: list[bool]
    pool: int
    current: int | None
    events: list[Event]
    pots: list[Pot]
    payments: list[Payment]
    carried: int
    flambeau: int
    combinations: dict[str, Combination]

    def _refait(self) -> None:
        """Everybody passed and nobody carred: the pool stays for the next deal."""
        flambeau = 0
        if self.options.flambeau:
            flambeau = min(_FLAMBEAU_BY_REFAITS.get(self.refaits, 0), self.pool)
        if flambeau:
            self.pool -= flambeau
            self.flambeau += flambeau
            self.payments.append(new_payment((POOL, FLAMBEAU, flambeau)))
            self.events.append(
                ev.PAYMENT.event(None, {"to": FLAMBEAU, "amount": flambeau, "source": POOL})
            )
        self.carried = self.pool
        self.pool = 0
        self.events.append(
            ev.REFAIT.event(None, {"carried": self.carried, "number": self.refaits + 1})
        )

    def _uncontested(self, w: int) -> None:
        amount = self.pool + sum(self.stake)
        self.stack[w] += amount
        name = self.names[w]
        self.pots.append(new_pot((amount, (name,))))
        self.events.append(
            ev.BRELAN_POT.event(name, {"amount": amount, "stage": 1, "shown": False})
        )
        self.pool = 0
        self.stake = [0] * len(self.names)

    # ------------------------------------------------------------- showdown

    def _showdown(self) -> None:
        """Show every hand, rank the contenders, pay the stages and the brelans' dues."""
        self.current = None
        names, hands = self.names, self.hands
        retourne = self.retourne
        totals, owner, shown, contenders, out = read_cards(names, hands, self.folded, retourne)
        points, suits = suit_points(names, owner, totals)
        combos, first, brelans = rank_contenders(contenders, hands, points, retourne.rank)
        combinations = self.combinations
        described: dict[str, str] = {}
        for i, combo in combos.items():
            name = names[i]
            combinations[name] = combo
            described[name] = DESCRIPTIONS.get(combo) or describe(combo)
        self.events.append(
            ev.BRELAN_SHOWDOWN.event(
                None,
                {
                    "retourne": retourne.code,
                    "hands": shown,
                    "folded": out,
                    "suits": suits,
                    "combinations": described,
                    "combos": {names[i]: combos[i].facts() for i in combos},
                },
            )
        )
        self._pay_stages(contenders, combos, first, totals)
        if brelans:
            self._brelan_payments(contenders, combos)

    def _pay_stages(
        self,
        contenders: list[int],
        combos: dict[int, Combination],
        first: int,
        totals: dict[str, int],
    ) -> None:
        """Pay the stages; ``first`` is the first stage's winner, the best of ``contenders``;
        ``totals`` are the points of each suit shown."""
        stake = self.stake
        n = len(self.names)
        if contenders and stake[first] >= max(stake):
            # The usual case: the first stage's winner covers every stake and takes it all.
            amount = self.pool + sum(stake)
            self.pool = 0
            self._pay_pot(first, combos[first], amount, 1)
            self.stake = [0] * n
            return
        remaining = self._pay_side_stages(contenders, combos, first, totals)
        self._return_leftovers(remaining)
        self.stake = [0] * n

    def _pay_side_stages(
        self,
        contenders: list[int],
        combos: dict[int, Combination],
        first: int,
        totals: dict[str, int],
    ) -> list[int]:
        """Stage by stage, the best contender still owed one takes as much as he staked from
        every stake left (the pool goes with the first stage); return what is left of each."""
        remaining = list(self.stake)
        if not contenders:
            return remaining
        combo = combos[first]
        # single_suit: the suit of the first stage, which decides the later ones
        fixed_suit: list[str | None] = [
            combo[2] if self.options.pot_rule == "single_suit" else None
        ]
        amount = self.pool + _take_stage(remaining, remaining[first])
        self.pool = 0
        self._pay_pot(first, combo, amount, 1)
        won = {first}
        stage = 1
        while any(remaining):
            stage += 1
            competitors = [i for i in contenders if i not in won and remaining[i] > 0]
            if not competitors:
                break
            w, combo = self._stage_winner(stage, competitors, combos, fixed_suit, totals)
            self._pay_pot(w, combo, _take_stage(remaining, remaining[w]), stage)
            won.add(w)
        return remaining

    def _pay_pot(self, w: int, combo: Combination, amount: int, stage: int) -> None:
        """``w`` takes ``amount``, the pot of ``stage``, with ``combo`` shown."""
        self.stack[w] += amount
        name = self.names[w]
        self.pots.append(new_pot((amount, (name,))))
        self.events.append(
            ev.BRELAN_POT.event(
                name,
                {
                    "amount": amount,
                    "stage": stage,
                    "shown": True,
                    "by": DESCRIPTIONS.get(combo) or describe(combo),
                    "combo": combo.facts(),
                },
            )
        )

    def _return_leftovers(self, remaining: list[int]) -> None:
        """Give back the chips no stage took."""
        stack, names, events = self.stack, self.names, self.events
        for j, back in enumerate(remaining):
            if back:
                stack[j] += back
                events.append(ev.RETURN.event(names[j], {"amount": back}))

    def _stage_winner(
        self,
        stage: int,
        competitors: list[int],
        all_combos: dict[int, Combination],
        fixed_suit: list[str | None],
        totals: dict[str, int],
    ) -> tuple[int, Combination]:
        brelans = [i for i in competitors if all_combos[i][0] is not _POINT]
        if brelans:
            w = best_of(brelans, all_combos)
            return w, all_combos[w]
        rule = self.options.pot_rule
        if stage == 1 or rule == "fixed":
            w = best_of(competitors, all_combos)
            combo = all_combos[w]
        elif rule == "single_suit" and fixed_suit[0] is not None:
            suit = fixed_suit[0]
            hands = self.hands
            top, w = -1, competitors[0]
            for i in competitors:
                for c in hands[i]:
                    if c.suit == suit and c.rank >= top:
                        top, w = c.rank, i
            if top >= 0:
                return w, new_combination((_POINT, totals[suit], suit))
            return competitors[0], NO_POINT
        else:  # recalculate, or single_suit before any suit is fixed
            ownership = suit_owners(self.hands, competitors, totals)
            combos = combinations_of(self.hands, self.retourne.rank, competitors, ownership)
            w = best_of(competitors, combos)
            combo = combos[w]
        if rule == "single_suit" and fixed_suit[0] is None and combo[2] is not None:
            fixed_suit[0] = combo[2]
        return w, combo

    def _brelan_payments(self, contenders: list[int], combos: dict[int, Combination]) -> None:
        payees = [i for i in contenders if combos[i][0] is not _POINT]
        if not payees:
            return
        rate = {Category.BRELAN: self.options.brelan_pay, Category.SQUARE: self.options.square_pay}
        earns = {i: rate.get(combos[i].category, 0) for i in contenders}
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
                self.events.append(
                    ev.PAYMENT.event(self.names[payer], {"to": self.names[payee], "amount": paid})
                )
        if self.options.flambeau:
            for i in payees:
                paid = min(2, self.stack[i])
                if paid:
                    self.stack[i] -= paid
                    self.flambeau += paid
                    self.payments.append(Payment(self.names[i], FLAMBEAU, paid))
                    self.events.append(
                        ev.PAYMENT.event(self.names[i], {"to": FLAMBEAU, "amount": paid})
                    )
