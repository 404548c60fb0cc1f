"""Brag across deals: the pack carried from deal to deal, the dealer, the carried pot, kept
blind hands, and the dealer's choice of variant (docs/rules.md §4).

A :class:`BragSession` is an immutable value. :meth:`BragSession.next_hand_record` deals the
next hand as a :class:`~bot.games.base.HandRecord` (its ``deck`` key holds the pack left after
the deal), and :meth:`BragSession.after_hand` returns the session after the finished hand.
Everything a later deal depends on is in the records, so a session replays exactly.

>>> from bot.games.brag import start_hand
>>> from bot.games.cards import Shuffler
>>> s = BragSession.start({"A": 20, "B": 20, "C": 20})
>>> rec = s.next_hand_record(Shuffler(seed=1))
>>> [p.name for p in rec.players], len(rec.extra["deck"])
(['A', 'B', 'C'], 43)
>>> hand = start_hand(rec)
>>> for who in ("A", "B"):
...     _ = hand.act(who, "fold")
>>> hand.summary()["finished"], hand.to_act, [a.verb for a in hand.legal_actions()]
(False, 'C', ['keep', 'throw'])
>>> _ = hand.act("C", "keep")
>>> s2 = s.after_hand(hand)
>>> s2.carried, list(s2.kept), s2.order()
(3, ['C'], ['B', 'C', 'A'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.games.base import HandRecord, Player
from bot.games.brag import BragHand, brag_deck
from bot.games.cards import Card, Shuffler, parse_card
from bot.games.errors import IllegalAction, OptionError, SetupError
from bot.games.options import BragOptions, parse_options

#: Options the dealer may change alone after a full round of deals (the variant).
VARIANT_OPTIONS: tuple[str, ...] = ("wild", "blind_allowed", "cards")
#: Seats at a Brag table by default (docs/rules.md §4: 2-8).
DEFAULT_MAX_SEATS = 8


@dataclass(frozen=True, slots=True)
class BragSession:
    """A Brag table between deals.

    ``seats`` in clockwise order (play passes to the next seat); ``stacks`` aligned with them;
    ``dealer`` the seat that deals next; ``deck`` the pack, top first, without the kept hands;
    ``shuffle_next`` whether the next deal starts with a shuffle (first deal, or a prial shown).

    ``live_since`` is the first deal whose record may name a card of ``deck`` (the deal that
    shuffled the pack, or an earlier one whose kept hand went into it); ``kept_since`` the
    same for each kept blind hand. While those cards can still be dealt, the records of those
    deals must not be shown in full (docs/fairness-spec.md, "What a record may show, and when"):
    :meth:`live_from` tells from which deal on.
    """

    options: BragOptions
    seats: tuple[str, ...]
    stacks: tuple[int, ...]
    dealer: int
    deck: tuple[Card, ...] = ()
    carried: int = 0
    kept: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    deals: int = 0
    round_deals: int = 0
    shuffle_next: bool = True
    live_since: int = 1
    kept_since: dict[str, int] = field(default_factory=dict)

    @classmethod
    def start(
        cls,
        players: Mapping[str, int] | Sequence[tuple[str, int]],
        options: Mapping[str, Any] | BragOptions | None = None,
        dealer: int | None = None,
        max_seats: int = DEFAULT_MAX_SEATS,
    ) -> BragSession:
        """A new table; the first deal is by ``dealer`` (default the last seat)."""
        pairs = list(players.items()) if isinstance(players, Mapping) else list(players)
        if isinstance(options, BragOptions):
            opts = options
        else:
            parsed = parse_options("brag", options or {})
            assert isinstance(parsed, BragOptions)
            opts = parsed
        if not 2 <= len(pairs) <= max_seats:
            raise SetupError(f"this Brag table seats 2 to {max_seats} players, not {len(pairs)}")
        names = tuple(n for n, _ in pairs)
        if len(set(names)) != len(names):
            raise SetupError("two players have the same name")
        if any(s < 0 for _, s in pairs):
            raise SetupError("stacks cannot be negative")
        first = len(pairs) - 1 if dealer is None else dealer
        if not 0 <= first < len(pairs):
            raise SetupError(f"the dealer must be a seat from 0 to {len(pairs) - 1}")
        return cls(opts, names, tuple(s for _, s in pairs), first)

    # ------------------------------------------------------------------ seats

    def stack_of(self, name: str) -> int:
        return self.stacks[self.seats.index(name)]

    def can_play(self, seat: int) -> bool:
        """A seat is dealt in when it has chips or a kept blind hand."""
        return self.stacks[seat] > 0 or self.seats[seat] in self.kept

    def next_dealer(self) -> int:
        """The seat that deals next: ``dealer``, or the next seat able to play."""
        n = len(self.seats)
        for step in range(n):
            seat = (self.dealer + step) % n
            if self.can_play(seat):
                return seat
        return self.dealer

    def order(self) -> list[str]:
        """Players of the next deal in order of play: left of the dealer first, dealer last."""
        n = len(self.seats)
        d = self.next_dealer()
        seats = [(d + 1 + k) % n for k in range(n)]
        return [self.seats[s] for s in seats if self.can_play(s)]

    @property
    def over(self) -> bool:
        """Fewer than two players can be dealt in."""
        return len(self.order()) < 2

    # ------------------------------------------------------------------ deals

    def shuffles_next(self) -> bool:
        """Whether the next deal starts from a fresh shuffle (the pack in hand is retired)."""
        return self.shuffle_next or self.options.shuffle_every_hand or not self.deck

    def live_from(self, in_play: Mapping[str, Any] | None = None) -> int | None:
        """The first deal whose record may name a card that can still be dealt or is held in
        a kept blind hand; None when no past deal's record can.

        ``in_play`` is the ``extra`` of the record of the deal being played, if any.

        >>> s = BragSession.start({"A": 9, "B": 9})
        >>> s.live_from() is None  # the first deal will shuffle
        True
        >>> rec = s.next_hand_record(Shuffler(seed=2))
        >>> rec.extra["live_since"], s.live_from(rec.extra)
        (1, 1)
        """
        froms = [self.kept_since.get(name, 1) for name in self.kept]
        if in_play is not None:
            since = in_play.get("live_since")
            froms.append(since if isinstance(since, int) else 1)
        elif not self.shuffles_next():
            froms.append(self.live_since)
        return min(froms) if froms else None

    def next_hand_record(self, shuffler: Shuffler | None = None) -> HandRecord:
        """Deal the next hand, one card at a time from the top, first player first.

        The pack is shuffled (by ``shuffler``, else a secure source) at the first deal, after a
        deal that ended with a prial shown, or before every deal with ``shuffle_every_hand``.
        """
        names = self.order()
        if len(names) < 2:
            raise SetupError("fewer than two players have chips: the session is over")
        kept_cards = {c for h in self.kept.values() for c in h}
        shuffled = self.shuffles_next()
        if shuffled:
            # The whole pack is shuffled; a kept blind hand's cards are passed over.
            whole = (shuffler or Shuffler()).shuffled(brag_deck(self.options), names)
            pack = [c for c in whole if c not in kept_cards]
        else:
            pack = list(self.deck)
        k, n = self.options.cards, len(names)
        if n * k > len(pack):
            raise SetupError(f"the pack has {len(pack)} cards: not enough for {n} hands")
        hands = {name: [pack[i + j * n] for j in range(k)] for i, name in enumerate(names)}
        extra: dict[str, Any] = {
            "deck": [c.code for c in pack[n * k :]],
            "deal_no": self.deals + 1,
            "live_since": self.deals + 1 if shuffled else self.live_since,
        }
        if self.kept:
            extra["kept"] = {name: [c.code for c in h] for name, h in self.kept.items()}
        return HandRecord(
            game="brag",
            players=[Player(name, self.stack_of(name)) for name in names],
            hands=hands,
            options=self.options.to_dict(),
            carried=self.carried,
            extra=extra,
        )

    def after_hand(self, hand: BragHand) -> BragSession:
        """The session once ``hand`` (dealt from :meth:`next_hand_record`) is finished."""
        if not hand.finished:
            raise IllegalAction("the hand is not over yet")
        after = hand.stacks()
        stacks = tuple(after.get(name, s) for name, s in zip(self.seats, self.stacks, strict=True))
        dealt_by = self.seats.index(hand.names[-1])
        round_deals = self.round_deals + 1
        if round_deals >= len(hand.names):
            round_deals = 0
        pack_since = self.deals + 1 if self.shuffles_next() else self.live_since
        kept_since = {
            name: self.kept_since.get(name, 1) if self.kept.get(name) == cards else pack_since
            for name, cards in hand.kept_after.items()
        }
        # kept hands played in this deal went to the bottom of the pack with the rest
        live_since = min([pack_since, *(self.kept_since.get(n, 1) for n in self.kept)])
        return replace(
            self,
            stacks=stacks,
            dealer=(dealt_by + 1) % len(self.seats),
            deck=tuple(hand.pack_after()),
            carried=hand.carried,
            kept=dict(hand.kept_after),
            deals=self.deals + 1,
            round_deals=round_deals,
            shuffle_next=hand.prial_shown,
            live_since=live_since,
            kept_since=kept_since,
        )

    # -------------------------------------------------------------- storage

    def to_json(self) -> dict[str, Any]:
        """Plain JSON for storage; :meth:`from_json` reads it back."""
        return {
            "options": self.options.to_dict(),
            "seats": [
                {"name": n, "stack": s} for n, s in zip(self.seats, self.stacks, strict=True)
            ],
            "dealer": self.dealer,
            "deck": [c.code for c in self.deck],
            "carried": self.carried,
            "kept": {n: [c.code for c in h] for n, h in self.kept.items()},
            "deals": self.deals,
            "round_deals": self.round_deals,
            "shuffle_next": self.shuffle_next,
            "live_since": self.live_since,
            "kept_since": dict(self.kept_since),
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> BragSession:
        parsed = parse_options("brag", raw.get("options", {}))
        assert isinstance(parsed, BragOptions)
        seats = raw["seats"]
        return cls(
            options=parsed,
            seats=tuple(s["name"] for s in seats),
            stacks=tuple(int(s["stack"]) for s in seats),
            dealer=int(raw["dealer"]),
            deck=tuple(parse_card(c) for c in raw.get("deck", [])),
            carried=int(raw.get("carried", 0)),
            kept={n: tuple(parse_card(c) for c in h) for n, h in raw.get("kept", {}).items()},
            deals=int(raw.get("deals", 0)),
            round_deals=int(raw.get("round_deals", 0)),
            shuffle_next=bool(raw.get("shuffle_next", True)),
            # a session stored before these keys: every deal counts as still in play
            live_since=int(raw.get("live_since", 1)),
            kept_since={n: int(v) for n, v in raw.get("kept_since", {}).items()},
        )


# ------------------------------------------------------------ dealer's choice


def can_choose_variant(session: BragSession) -> bool:
    """True when a full round of deals has just ended and no blind hand is kept.

    >>> s = BragSession.start({"A": 9, "B": 9})
    >>> can_choose_variant(s), can_choose_variant(replace(s, deals=2, round_deals=0))
    (False, True)
    """
    return session.deals > 0 and session.round_deals == 0 and not session.kept


def majority(session: BragSession, votes: Mapping[str, bool] | None) -> bool:
    """More than half of the seated players voted yes."""
    yes = sum(1 for name in session.seats if (votes or {}).get(name) is True)
    return yes * 2 > len(session.seats)


def change_game_approved(session: BragSession, votes: Mapping[str, bool] | None) -> bool:
    """A change to another game (or of the stakes) needs a majority of the seated players."""
    return can_choose_variant(session) and majority(session, votes)


def choose_variant(
    session: BragSession,
    chooser: str,
    changes: Mapping[str, Any],
    votes: Mapping[str, bool] | None = None,
) -> BragSession:
    """The dealer's choice: ``chooser`` (the next dealer) changes the options after a full
    round of deals. Wild cards, blind play and the number of cards (:data:`VARIANT_OPTIONS`)
    are his alone; any other option changes the game and needs ``votes`` from a majority.

    >>> s = replace(BragSession.start({"A": 9, "B": 9, "C": 9}), deals=3)
    >>> choose_variant(s, "C", {"wild": "twos"}).options.wild
    'twos'
    >>> choose_variant(s, "C", {"ante": 2})
    Traceback (most recent call last):
    ...
    bot.games.errors.IllegalAction: changing ante changes the game: it needs a majority of \
the 3 seated players
    """
    dealer = session.seats[session.next_dealer()]
    if chooser != dealer:
        raise IllegalAction(f"only the dealer, {dealer}, may choose the game")
    if not can_choose_variant(session):
        if session.kept:
            raise IllegalAction("the game cannot change while a blind hand is kept on the table")
        raise IllegalAction("the game may change only after a full round of deals")
    other = [k for k in changes if k not in VARIANT_OPTIONS]
    if other and not majority(session, votes):
        raise IllegalAction(
            f"changing {', '.join(other)} changes the game: it needs a majority of the "
            f"{len(session.seats)} seated players"
        )
    raw = session.options.to_dict()
    raw.update(changes)
    try:
        parsed = parse_options("brag", raw)
    except OptionError as exc:
        raise IllegalAction(str(exc)) from None
    assert isinstance(parsed, BragOptions)
    if parsed.wild != session.options.wild:
        # A new set of jokers changes the pack: it is gathered and shuffled.
        return replace(session, options=parsed, deck=(), shuffle_next=True)
    return replace(session, options=parsed)
