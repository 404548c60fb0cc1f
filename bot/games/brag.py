"""Three-, four- and five-card Brag (docs/rules.md §4): one deal as a state machine.

A :class:`BragHand` is built from a :class:`~bot.games.base.HandRecord` by :func:`start_hand`:
the players in order of play (the dealer last), their stacks before the ante, their cards, and
the Brag keys of :data:`EXTRA_KEYS` (the pack left after the deal, kept blind hands, the deal's
number in its session). :meth:`~BragHand.verify_act` checks a move and returns it normalised
(or raises :class:`~bot.games.errors.IllegalAction`, changing nothing), :meth:`BragHand.apply`
plays the move it returned and :meth:`BragHand.act` does both; :meth:`~BragHand.legal_actions`
lists what the player to act may do (the legal actions and the checks are in
:mod:`bot.games.brag_moves`). Sessions of many deals, with the pack carried from deal to deal,
are in :mod:`bot.games.brag_session`.

>>> from bot.games.base import HandRecord
>>> rec = HandRecord.from_json({"game": "brag", "players": [{"name": "A", "stack": 20},
...     {"name": "B", "stack": 20}], "hands": {"A": ["Ah", "Kh", "Qh"], "B": ["2c", "2d", "9s"]},
...     "actions": []}, extra_keys=EXTRA_KEYS)
>>> hand = start_hand(rec)
>>> hand.to_act, [a.to_json() for a in hand.legal_actions()]
('A', [{'verb': 'look'}, {'verb': 'fold'}, {'verb': 'bet', 'min': 1, 'max': 5}])
>>> for who, verb, amount in [("A", "look", None), ("A", "bet", 4), ("B", "look", None),
...                           ("B", "see", 8)]:
...     _ = hand.act(who, verb, amount)
>>> hand.summary()
{'finished': True, 'stacks': {'A': 29, 'B': 11}, 'pots': [{'amount': 14, 'winners': ['A']}], \
'payments': [], 'carried': 0}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.games import events as ev
from bot.games.base import Amount, Event, HandRecord, Move, Pot, replay_summary
from bot.games.brag_moves import BETTING, FINISHED, KEEP, PROPOSAL, VERBS, BragMoves
from bot.games.brag_rank import (
    JOKERS_ADDED,
    WILD_CARDS,
    HandKey,
    best_three,
    describe,
    facts,
    key_of,
    strength_category,
)
from bot.games.cards import Card, deck_preset, parse_card
from bot.games.errors import CardError, SetupError
from bot.games.options import BragOptions, parse_options
from bot.games.verbs import Verb

__all__ = [
    "BETTING",
    "EXTRA_KEYS",
    "FINISHED",
    "KEEP",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PROPOSAL",
    "VERBS",
    "BragHand",
    "brag_deck",
    "start_hand",
]

#: Scenario keys Brag adds to docs/scenarios.md (see docs/brag.md): ``deck`` the pack left after
#: the deal, top card first; ``kept`` a kept blind hand per player; ``deal_no`` the deal's
#: number in its session and ``live_since`` the first deal whose record may name a card of
#: this deal's pack (both information only: they say when a record may be shown in full).
EXTRA_KEYS: tuple[str, ...] = ("deck", "kept", "deal_no", "live_since")
MIN_PLAYERS = 2
#: Most players a deal can seat: 17 for three-card brag, 10 for four and five cards.
MAX_PLAYERS: dict[int, int] = {3: 17, 4: 10, 5: 10}


def brag_deck(options: BragOptions) -> tuple[Card, ...]:
    """The table's pack: 52 cards plus the jokers its wild cards add.

    >>> len(brag_deck(parse_options("brag", {"wild": "two_jokers"})))  # type: ignore[arg-type]
    54
    """
    return _PACKS[JOKERS_ADDED[options.wild]][0]


#: The pack with 0, 1 or 2 jokers, and its cards as a set (made once: a deal checks them).
_PACKS: dict[int, tuple[tuple[Card, ...], frozenset[Card]]] = {
    jokers: (pack, frozenset(pack))
    for jokers in sorted(set(JOKERS_ADDED.values()))
    for pack in [deck_preset("52", jokers=jokers)]
}


class BragHand(BragMoves):
    """One deal of Brag. Build it with :func:`start_hand` or :meth:`from_record`.

    ``names`` are in order of play, dealer last; ``stacks`` what each holds before the ante;
    ``hands`` the cards dealt; ``rest`` the pack left after the deal, top first; ``kept`` kept
    blind hands; ``carried`` the pot left on the table by the previous deal.
    """

    def __init__(
        self,
        options: BragOptions,
        names: Sequence[str],
        stacks: Sequence[int],
        hands: Sequence[Sequence[Card]],
        rest: Sequence[Card] | None = None,
        kept: dict[str, Sequence[Card]] | None = None,
        carried: int = 0,
        validate: bool = True,
    ) -> None:
        n = len(names)
        kept = dict(kept or {})
        self._legal_now = None
        self.options = options
        self.names: list[str] = list(names)
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.wild: frozenset[int] = WILD_CARDS[options.wild]
        self.ncards = options.cards
        if validate:
            rest = self._validate(stacks, hands, rest, kept, carried)
        elif rest is None:
            rest = []
        self.rest: list[Card] = list(rest)
        self.bottom: list[Card] = []  # cards gone to the bottom of the pack, in order
        self.stack: list[int] = list(stacks)
        self.folded: list[bool] = [False] * n
        self.covered: list[bool] = [False] * n
        self.betting = n  # players neither folded nor covering: len(self.active())
        self.blind: list[bool] = [options.blind_allowed] * n
        # A player's hands: one, or [kept, new] while he holds a kept blind hand.
        self.held: list[list[tuple[Card, ...]]] = [[tuple(h)] for h in hands]
        self.played: list[tuple[Card, ...] | None] = [None] * n
        self.discards: list[tuple[Card, ...]] = [()] * n
        self.must_discard: list[bool] = [False] * n
        self.choosing: int | None = None  # which of two hands the player to act looked at
        self.refused = False  # the player to act's proposal was refused this turn
        self.proposer: int | None = None
        self.answers: list[int] = []
        self.carried_in = carried
        self.layers: list[int] = [carried]  # pots, main first; each cover closes one
        self.layer_cover: list[int | None] = [None]
        self.level = 0  # the last bet, in open terms
        self.phase = BETTING
        self.current: int | None = None
        self.events: list[Event] = []
        self.pots: list[Pot] = []
        self.carried = 0
        self.prial_shown = False
        self.kept_after: dict[str, tuple[Card, ...]] = {}
        self.face_up: tuple[Card, ...] | None = None
        self.face_up_player: int | None = None
        self.shown: dict[str, ev.RevealData] = {}
        if carried:
            self.events.append(ev.BRAG_CARRIED.event(None, {"amount": carried}))
        self._antes()
        self.events.append(ev.BRAG_DEAL.event(None, {"cards": self.ncards, "players": n}))
        face_up_kept = options.blind_keep == "face_up"
        for name, cards in kept.items():
            i = self.index[name]
            if face_up_kept:
                self.face_up = self.held[i][0]
                self.face_up_player = i
                self.held[i] = [tuple(cards)]
            else:
                self.held[i] = [tuple(cards), self.held[i][0]]
            self.events.append(ev.KEPT.event(self.names[i], {"hands": len(self.held[i])}))
        if not options.blind_allowed and self.ncards > 3:
            self.must_discard = [True] * n
        if self.face_up is not None:
            self._face_up_start()
        else:
            self._first_turn()

    # ----------------------------------------------------------------- set-up

    @classmethod
    def from_record(cls, record: HandRecord) -> BragHand:
        """The deal of a scenario record, before its actions."""
        if record.game != "brag":
            raise SetupError(f"this is the Brag engine; the scenario's game is {record.game}")
        options = parse_options("brag", record.options)
        assert isinstance(options, BragOptions)
        names = [p.name for p in record.players]
        missing = [n for n in names if n not in record.hands]
        if missing:
            raise SetupError(f"no cards are given for {', '.join(missing)}")
        if record.retourne is not None:
            raise SetupError("Brag has no retourne")
        rest = _cards_key(record.extra, "deck")
        kept_raw = record.extra.get("kept", {}) or {}
        if not isinstance(kept_raw, dict):
            raise SetupError('"kept" maps a player to his kept blind hand, like {"P2": [...]}')
        kept: dict[str, Sequence[Card]] = {}
        for name, cards in kept_raw.items():
            if name not in names:
                raise SetupError(f"a kept hand is given for {name}, who is not a player")
            kept[name] = _card_list(cards, f"{name}'s kept hand")
        deal_no = record.extra.get("deal_no", 1)
        if isinstance(deal_no, bool) or not isinstance(deal_no, int) or deal_no < 1:
            raise SetupError('"deal_no" must be a whole number, 1 or more')
        live_since = record.extra.get("live_since", deal_no)
        if isinstance(live_since, bool) or not isinstance(live_since, int) or live_since < 1:
            raise SetupError('"live_since" must be a whole number, 1 or more')
        return cls(
            options,
            names,
            [p.stack for p in record.players],
            [record.hands[n] for n in names],
            rest=rest,
            kept=kept,
            carried=record.carried,
        )

    def _validate(
        self,
        stacks: Sequence[int],
        hands: Sequence[Sequence[Card]],
        rest: Sequence[Card] | None,
        kept: dict[str, Sequence[Card]],
        carried: int,
    ) -> list[Card]:
        n = len(self.names)
        k = self.ncards
        top = MAX_PLAYERS[k]
        if not MIN_PLAYERS <= n <= top:
            raise SetupError(f"{k}-card brag is played by 2 to {top} players, not {n}")
        if len(set(self.names)) != n:
            raise SetupError("two players have the same name")
        if len(stacks) != n or len(hands) != n:
            raise SetupError("every player needs a stack and a hand")
        if any(s < 0 for s in stacks) or carried < 0:
            raise SetupError("stacks and the carried pot cannot be negative")
        deck, in_deck = _PACKS[JOKERS_ADDED[self.options.wild]]
        fine = self._fine_deal(hands, rest, kept, deck, in_deck)
        if fine is not None:
            return fine
        seen: set[Card] = set()

        def check(cards: Sequence[Card]) -> None:
            for card in cards:
                if card not in in_deck:
                    why = "jokers are only used as wild cards" if card.is_joker else ""
                    raise SetupError(
                        f"{card} is not in this table's pack" + (f" ({why})" if why else "")
                    )
                if card in seen:
                    raise SetupError(f"{card} is dealt twice")
                seen.add(card)

        for name, hand in zip(self.names, hands, strict=True):
            if len(hand) != k:
                raise SetupError(f"{name} must have {k} cards, not {len(hand)}")
            check(hand)
        for name, hand in kept.items():
            if name not in self.index:
                raise SetupError(f"a kept hand is given for {name}, who is not a player")
            if len(hand) != k:
                raise SetupError(f"{name}'s kept hand must have {k} cards, not {len(hand)}")
            if not self.options.blind_allowed:
                raise SetupError("a kept blind hand needs blind play (blind_allowed)")
            check(hand)
        if len(kept) > 1:
            raise SetupError("only one player can hold a kept blind hand")
        if rest is None:
            return [c for c in deck if c not in seen]
        check(rest)
        if len(seen) != len(deck):
            missing = [c.code for c in deck if c not in seen]
            raise SetupError(f"the pack is missing {' '.join(missing)}")
        return list(rest)

    def _fine_deal(
        self,
        hands: Sequence[Sequence[Card]],
        rest: Sequence[Card] | None,
        kept: dict[str, Sequence[Card]],
        deck: tuple[Card, ...],
        in_deck: frozenset[Card],
    ) -> list[Card] | None:
        """The pack left after a deal that passes every check of :meth:`_validate` (its
        common case, checked with sets), or None: the checks then run one by one to say
        what is wrong."""
        k = self.ncards
        if any(len(h) != k for h in hands) or len(kept) > 1:
            return None
        for name, hand in kept.items():
            if name not in self.index or len(hand) != k or not self.options.blind_allowed:
                return None
        dealt = [c for h in hands for c in h]
        for hand in kept.values():
            dealt.extend(hand)
        seen = set(dealt)
        if len(seen) != len(dealt) or not in_deck.issuperset(seen):
            return None
        if rest is None:
            return [c for c in deck if c not in seen]
        whole = seen.union(rest)
        if len(whole) != len(deck) or len(dealt) + len(rest) != len(deck):
            return None
        if not in_deck.issuperset(whole):
            return None
        return list(rest)

    def _antes(self) -> None:
        ante = self.options.ante
        if ante == 0:
            return
        n = len(self.names)
        payers = range(n) if self.options.ante_by == "all" else [n - 1]
        for i in payers:
            paid = min(ante, self.stack[i])
            self.stack[i] -= paid
            self.layers[0] += paid
            self.events.append(
                ev.BRAG_ANTE.event(self.names[i], {"amount": paid, "pot": self.layers[0]})
            )

    def _face_up_start(self) -> None:
        """``blind_keep: face_up``: whoever cannot beat the face-up hand folds at once."""
        k = self.face_up_player
        face = self.face_up
        assert k is not None and face is not None
        face_key = best_three(face, self.wild)[0]
        self.events.append(
            ev.REVEAL.event(
                self.names[k],
                {
                    "cards": [c.code for c in face],
                    "face_up": True,
                    "hand": describe(face_key[0]),
                    "combo": facts(face_key[0]),
                },
            )
        )
        n = len(self.names)
        for i in range(n):
            if i == k:
                continue
            self.blind[i] = False
            self.events.append(ev.LOOK.event(self.names[i], {"forced": True}))
            if self.ncards > 3:
                self.must_discard[i] = True
            if best_three(self.held[i][0], self.wild)[0] <= face_key:
                self._fold(i, forced=True)
        self.bottom.extend(face)
        if self.folded.count(False) == 1:
            # Nobody could beat it: the antes go to him; the carried pot and his hand stay.
            antes = self.layers[0] - self.carried_in
            self.stack[k] += antes
            if antes:
                self.pots.append(Pot(antes, (self.names[k],)))
            self.events.append(
                ev.BRAG_POT.event(self.names[k], {"amount": antes, "shown": False, "face_up": True})
            )
            self.layers = [self.carried_in]
            self.kept_after[self.names[k]] = self.held[k][0]
            self.held[k] = []
            self._finish(carry=True)
            return
        self._first_turn()

    # ------------------------------------------------------------ properties

    @property
    def finished(self) -> bool:
        """True once the deal is over."""
        return self.phase == FINISHED

    def stacks(self) -> dict[str, int]:
        """Every player's chips now."""
        return dict(zip(self.names, self.stack, strict=True))

    def table_chips(self) -> int:
        """Chips on the table: every pot, the carried pot included until it is paid."""
        return sum(self.layers)

    # ----------------------------------------------------------------- acting

    def apply(self, move: Move) -> list[Event]:
        """Play ``move``, which :meth:`verify_act` returned in the state the hand is in now
        (it is not checked again); the events it brings."""
        p = self.index[move.player]
        amount = move.amount
        start = len(self.events)
        self._legal_now = None  # the state moves on
        if isinstance(amount, tuple):  # a discard's cards
            self._do_discard(p, amount)
        else:
            _DO[move.verb](self, p, amount)
        return self.events[start:]

    def act(self, player: str, verb: Verb | str, amount: Amount = None) -> list[Event]:
        """``apply(verify_act(player, verb, amount))``: play one action, or raise
        :class:`~bot.games.errors.IllegalAction` (changing nothing) if it is not legal."""
        return self.apply(self.verify_act(player, verb, amount))

    # actions -----------------------------------------------------------------

    def _do_look(self, p: int, amount: int | None) -> None:
        if len(self.held[p]) == 2:
            assert amount in (1, 2)
            self.choosing = amount - 1
            self.events.append(ev.LOOK.event(self.names[p], {"hand": amount}))
            return
        self.blind[p] = False
        self.events.append(ev.LOOK.event(self.names[p], {}))
        if self.ncards > 3:
            self.must_discard[p] = True

    def _do_keep(self, p: int, amount: int | None) -> None:
        if self.phase == KEEP:
            self._keep_blind(p, amount)
            return
        assert self.choosing is not None
        looked = self.held[p][self.choosing]
        other = self.held[p][1 - self.choosing]
        self.events.append(ev.KEEP.event(self.names[p], {"hand": self.choosing + 1}))
        self.events.append(
            ev.THROW.event(self.names[p], {"hand": 2 - self.choosing, "unseen": True})
        )
        self.bottom.extend(other)
        self.held[p] = [looked]
        self.choosing = None
        self.blind[p] = False
        if self.ncards > 3:
            self.must_discard[p] = True

    def _do_throw(self, p: int, amount: int | None) -> None:
        if self.phase == KEEP:
            self.events.append(ev.THROW.event(self.names[p], {"hands": len(self.held[p])}))
            self._finish(carry=True)
            return
        assert self.choosing is not None
        looked = self.held[p][self.choosing]
        other = self.held[p][1 - self.choosing]
        self.events.append(ev.THROW.event(self.names[p], {"hand": self.choosing + 1}))
        self.bottom.extend(looked)
        self.held[p] = [other]
        self.choosing = None

    def _do_discard(self, p: int, cards: tuple[Card, ...]) -> None:
        hand = self.held[p][0]
        played = tuple(c for c in hand if c not in cards)
        self.played[p] = played
        self.discards[p] = cards
        self.held[p] = [played]
        self.bottom.extend(cards)
        self.must_discard[p] = False
        self.events.append(ev.DISCARD.event(self.names[p], {"count": len(cards)}))

    def _do_fold(self, p: int, amount: int | None) -> None:
        self._fold(p)
        self._end_turn(p)

    def _fold(self, p: int, forced: bool = False) -> None:
        self.folded[p] = True
        self.betting -= 1
        for h in self.held[p]:
            self.bottom.extend(h)
        self.held[p] = []
        if forced:
            self.events.append(ev.BRAG_FOLD.event(self.names[p], {"forced": True}))
        else:
            self.events.append(ev.BRAG_FOLD.event(self.names[p], {}))

    def _do_bet(self, p: int, amount: int | None) -> None:
        assert amount is not None
        self.stack[p] -= amount
        self.layers[-1] += amount
        counts = 2 * amount if self.blind[p] else amount
        self.level = counts
        self.events.append(
            ev.BET.event(
                self.names[p], {"amount": amount, "counts": counts, "blind": self.blind[p]}
            )
        )
        if self.stack[p] == 0:
            self._cover(p, auto=True)
        self._end_turn(p)

    def _do_cover(self, p: int, amount: int | None) -> None:
        assert amount is not None
        self.stack[p] -= amount
        self.layers[-1] += amount
        self.events.append(ev.COVER.event(self.names[p], {"amount": amount}))
        self._cover(p)
        self._end_turn(p)

    def _cover(self, p: int, auto: bool = False) -> None:
        """``p`` has nothing left: he covers the pot as it stands; the rest is a side pot."""
        self.covered[p] = True
        self.betting -= 1
        self.layer_cover[-1] = p
        if auto:
            self.events.append(ev.COVER.event(self.names[p], {"amount": 0, "after_bet": True}))
        self.layers.append(0)
        self.layer_cover.append(None)

    def _do_see(self, p: int, amount: int | None) -> None:
        assert amount is not None
        act = self.active()
        seen = act[0] if act[1] == p else act[1]
        self.stack[p] -= amount
        self.layers[-1] += amount
        self.events.append(
            ev.SEE.event(self.names[p], {"amount": amount, "seen": self.names[seen]})
        )
        self.current = None
        seen_key = self._reveal(seen)
        seer_key = self._key(p)[0]
        seer_wins = seer_key > seen_key or (self.ncards > 3 and seer_key == seen_key)
        if seer_wins:
            self._reveal(p)
        self._resolve([p] if seer_wins else [seen], seer_key if seer_wins else seen_key)

    def _do_showdown(self, p: int, amount: int | None) -> None:
        if self.phase == BETTING:
            self.proposer = p
            act = self.active()
            at = act.index(p)
            self.answers = act[at + 1 :] + act[:at]
            self.phase = PROPOSAL
            self.events.append(ev.BRAG_SHOWDOWN.event(self.names[p], {"proposal": True}))
            self.current = self.answers[0]
            return
        self.events.append(ev.BRAG_SHOWDOWN.event(self.names[p], {"agree": True}))
        self.answers.pop(0)
        if self.answers:
            self.current = self.answers[0]
            return
        self.current = None
        act = self.active()
        keys = {i: self._reveal(i) for i in act}
        best = max(keys.values())
        self._resolve([i for i in act if keys[i] == best], best)

    def _do_refuse(self, p: int, amount: int | None) -> None:
        self.events.append(ev.REFUSE.event(self.names[p], {}))
        assert self.proposer is not None
        self.current = self.proposer
        self.proposer = None
        self.answers = []
        self.phase = BETTING
        self.refused = True

    # flow --------------------------------------------------------------------

    def _first_turn(self) -> None:
        act = self.active()
        if len(act) <= 1:
            self._betting_over()
        else:
            self.current = act[0]

    def _end_turn(self, p: int) -> None:
        self.refused = False
        if self.betting <= 1:
            self._betting_over()
            return
        folded, covered = self.folded, self.covered
        n = len(folded)
        i = (p + 1) % n
        while folded[i] or covered[i]:
            i = (i + 1) % n
        self.current = i

    def _betting_over(self) -> None:
        self.current = None
        act = self.active()
        if not any(self.covered):
            last = act[0]
            if self.blind[last]:
                self._blind_uncontested(last)
                return
            amount = sum(self.layers)
            self.stack[last] += amount
            if amount:
                self.pots.append(Pot(amount, (self.names[last],)))
            self.events.append(
                ev.BRAG_POT.event(self.names[last], {"amount": amount, "shown": False})
            )
            self.layers = [0]
            self._finish()
            return
        if not act:  # cannot happen: the last player betting never acts alone
            raise AssertionError("no player is left betting")
        key = self._reveal(act[0])
        self._resolve([act[0]], key)

    def _blind_uncontested(self, last: int) -> None:
        """The last player in is blind: the pot stays on the table; he may keep his hand."""
        self.events.append(ev.BLIND_WIN.event(self.names[last], {"pot": sum(self.layers)}))
        self.phase = KEEP
        self.current = last

    def _keep_blind(self, p: int, amount: int | None) -> None:
        which = 0 if amount is None else amount - 1
        hand = self.held[p][which]
        self.events.append(ev.KEEP.event(self.names[p], {"hand": which + 1, "blind": True}))
        if len(self.held[p]) == 2:
            self.events.append(ev.THROW.event(self.names[p], {"hand": 2 - which, "unseen": True}))
            self.bottom.extend(self.held[p][1 - which])
        self.held[p] = []
        self.kept_after[self.names[p]] = hand
        self._finish(carry=True)

    def _resolve(self, winners: list[int], key: HandKey) -> None:
        """Pay the pots from the innermost out: each covered hand is compared with the winner
        of the pots after it; the better takes its pot, the later winner on a tie."""
        payouts: list[tuple[int, list[int]]] = []
        for layer in range(len(self.layers) - 1, -1, -1):
            cover = self.layer_cover[layer]
            if cover is not None:
                ckey = self._key(cover)[0]
                if ckey > key:
                    self._reveal(cover)
                    winners, key = [cover], ckey
            payouts.append((layer, list(winners)))
        for layer, who in sorted(payouts):
            amount = self.layers[layer]
            if not amount:
                continue
            share, odd = divmod(amount, len(who))
            for j, i in enumerate(who):
                self.stack[i] += share + (1 if j < odd else 0)
            self.pots.append(Pot(amount, tuple(self.names[i] for i in who)))
            won = [self.names[i] for i in who]
            self.events.append(
                ev.BRAG_POT.event(None, {"amount": amount, "winners": won, "shown": True})
            )
        self.layers = [0]
        self._finish()

    def _key(self, i: int) -> tuple[HandKey, tuple[Card, ...], tuple[Card, ...]]:
        """Best key of ``i``'s cards: his played three, else the best of what he holds."""
        played = self.played[i]
        if played is not None:
            return key_of(played, self.discards[i], self.wild), played, self.discards[i]
        return max((best_three(h, self.wild) for h in self.held[i]), key=lambda t: t[0])

    def _reveal(self, i: int) -> HandKey:
        name = self.names[i]
        key, played, discards = self._key(i)
        if name not in self.shown:
            data: ev.RevealData = {
                "cards": [c.code for c in played],
                "hand": describe(key[0]),
                "combo": facts(key[0]),
            }
            if discards:
                data["discards"] = [c.code for c in discards]
            if len(self.held[i]) == 2:
                data["hands"] = [[c.code for c in h] for h in self.held[i]]
            self.shown[name] = data
            self.events.append(ev.REVEAL.event(self.names[i], data.copy()))
            if strength_category(key[0]) == "prial":
                self.prial_shown = True
        return key

    def _finish(self, carry: bool = False) -> None:
        if carry:
            self.carried = sum(self.layers)
            self.layers = [0]
            if self.carried:
                self.events.append(
                    ev.BRAG_CARRIED.event(None, {"amount": self.carried, "next_deal": True})
                )
        for i in range(len(self.names)):
            for h in self.held[i]:
                self.bottom.extend(h)
            self.held[i] = []
        self.phase = FINISHED
        self.current = None
        self.events.append(ev.END.event(None, {"stacks": self.stacks(), "carried": self.carried}))

    # --------------------------------------------------------------- output

    def pack_after(self) -> list[Card]:
        """The pack for the next deal, top first (kept hands are not in it)."""
        return self.rest + self.bottom

    def summary(self) -> dict[str, Any]:
        """The replay output of docs/scenarios.md."""
        return replay_summary(
            self.finished,
            self.stacks(),
            self.pots,
            (),
            self.carried,
            self.to_act,
            self.legal_actions() if not self.finished else [],
        )


#: What each verb does (``apply``'s dispatch).
_DO: dict[str, Callable[[BragHand, int, Any], None]] = {
    verb.value: getattr(BragHand, f"_do_{verb.value}") for verb in VERBS if verb != Verb.DISCARD
}


def _card_list(raw: Any, what: str) -> list[Card]:
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise SetupError(f'{what} must be a list of cards like ["Ah", "Kd", "9c"]')
    try:
        return [parse_card(c) for c in raw]
    except CardError as exc:
        raise SetupError(f"in {what}: {exc}") from None


def _cards_key(extra: dict[str, Any], key: str) -> list[Card] | None:
    raw = extra.get(key)
    if raw is None:
        return None
    return _card_list(raw, f'"{key}"')


def start_hand(record: HandRecord) -> BragHand:
    """The deal described by ``record``, before its actions (the replay applies them)."""
    return BragHand.from_record(record)
