"""Per-game adapters: what the table runtime must know about a game's hands.

The manager is written once for every game; a :class:`GameRules` says, for one game, how to
start and load its :mod:`~bot.runtime.seating`, what of a hand is public, which cards a
player may see now (and so receives privately), what a player who runs out of time does,
how a finished hand is reported and counted in the statistics.

The games are those of :mod:`bot.games.registry`; this module writes none of their names. A
game's entry names its adapter class (``runtime``, e.g. ``"bot.runtime.games:BragRules"``),
made for that game from its entry (Brelan and Bouillotte share :class:`BrelanRules`). A game
whose entry names none is run by :class:`PlainRules` and seated by
:class:`~bot.runtime.seating.PlainSeating`, from its registry entry alone (its hands follow
:class:`PlainHand`). :data:`GAME_RULES` maps every registered game's name to its adapter, made
on first use; :data:`GAMES` is the registry's names.

Public state of a Brag hand (``public_state()["hand"]``, besides ``id``, ``no``, ``legal``,
``deadline`` that every game has)::

    {"phase": "betting" | "proposal" | "keep" | "finished",
     "to_act": "<user id>" | None,
     "pot": 14,             # every chip on the table, carried pot included
     "pots": [9, 5],        # main pot first, then side pots after covers
     "carried_in": 0,       # what the previous deal left on the table
     "level": 4,            # the last bet, in open terms (0 before any bet)
     "face_up": None | ["Ah", "Kd", "2c"],   # blind_keep: face_up only
     "proposer": None | "<user id>",          # a common showdown is proposed
     "players": [{"name": "<user id>", "stack": 18, "stake": 2, "blind": True,
                  "looked": False, "folded": False, "covered": False, "hands": 1,
                  "cards": None | [...], "hand": None | "pair K-K-7"}]}

``cards``/``hand`` are set only for a hand the see/cover/showdown rules turned face up.
Brag showdown data (``presenter.showdown``, a :class:`~bot.runtime.public.ShowdownReport`)::

    {"hand_no": 3, "game": "brag", "view": <the public view above>,
     "combos": {"<user id>": Message("combo-brag-run", {"ranks": "A-2-3", ...})},
     "finished": True, "stacks": {...}, "pots": [{"amount", "winners"}], "payments": [],
     "carried": 0,
     "shown": {"<user id>": {"cards": [...], "hand": "run A-2-3", "combo": {...},
                             "discards"?: [...], "hands"?: [[...], [...]]}}}

Only the hands in ``shown`` were revealed: folded hands and losing seers' or covered hands
never appear.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, cast

from bot.games import events as ev
from bot.games import registry
from bot.games.base import Amount, Event, HandRecord, HandState, Legal, Pot
from bot.games.brag import BragHand
from bot.games.brag_rank import strength, strength_category
from bot.games.brelan import BrelanHand, Category
from bot.games.cards import Card, Shuffler, parse_cards
from bot.games.errors import GameError
from bot.games.events import ComboFacts, EventKind
from bot.games.registry import GameSpec
from bot.games.session import TableSession
from bot.games.verbs import Verb
from bot.i18n.message import Message
from bot.runtime.errors import TableError
from bot.runtime.public import HandView, PlayerView, ShowdownReport
from bot.runtime.seating import BragSeating, BrelanSeating, PlainSeating, Seating
from bot.runtime.settings import Settings
from bot.storage.models import HandStats

#: The automatic action of a Brelan/Bouillotte player who runs out of time, by preference.
AUTO_VERBS: tuple[Verb, ...] = (Verb.DECLINE, Verb.PASS, Verb.STAND, Verb.HOLD)
#: The same for Brag: fold; refuse a common showdown; keep the hand he looked at, or his
#: blind hand after winning blind (the cards stay in front of him); throw.
BRAG_AUTO_VERBS: tuple[Verb, ...] = (Verb.FOLD, Verb.REFUSE, Verb.KEEP, Verb.THROW)
#: The same for a game with no adapter of its own: fold, else pass (then his first move).
PLAIN_AUTO_VERBS: tuple[Verb, ...] = (Verb.FOLD, Verb.PASS)


class RuntimeHand(HandState, Protocol):
    """What the manager uses of any game's hand (BrelanHand, BragHand): a
    :class:`~bot.games.base.HandState` with its players (``names`` in order of play,
    ``index`` by name), its ``events`` so far, the ``pots`` paid and what it ``carried``."""

    names: list[str]
    index: dict[str, int]
    events: list[Event]
    pots: list[Pot]
    carried: int


def auto_verb(legal: list[Legal], preference: tuple[Verb, ...] = AUTO_VERBS) -> Verb:
    """Pass before the opening, fold after it, decline a carre, stand in the sans-plus
    round, hold at the carrer's closing turn.

    >>> auto_verb([Legal("hold", 4), Legal("raise", None, 5, 9)])
    <Verb.HOLD: 'hold'>
    """
    verbs = [a.verb for a in legal]
    for verb in preference:
        if verb in verbs:
            return verb
    return Verb(verbs[0])


def preferred_move(legal: list[Legal], preference: tuple[Verb, ...]) -> tuple[Verb, Amount]:
    """The first legal move whose verb comes first in ``preference`` (at its fixed amount),
    else the first legal move at its fixed amount or its lowest.

    >>> preferred_move([Legal("bet", min=2, max=9), Legal("fold")], BRAG_AUTO_VERBS)
    (<Verb.FOLD: 'fold'>, None)
    """
    for verb in preference:
        for choice in legal:
            if choice.verb == verb:
                return verb, choice.amount
    first = legal[0]
    return Verb(first.verb), first.amount if first.amount is not None else first.min


@dataclass
class EndReport:
    """How a finished hand is told: a showdown, or a line of narration."""

    showdown: ShowdownReport | None = None
    said: Message = field(default_factory=lambda: Message.of("log-hand-over"))
    data: dict[str, Any] = field(default_factory=dict)


#: What a key an event may leave out (``NotRequired`` in its kind's data,
#: :mod:`bot.games.events`) means to the catalogue's line for it: a flag left out is "no", a
#: payment without a ``source`` is a player's, Brag's look at his only hand is hand 0.
ABSENT: Mapping[EventKind, Mapping[str, Any]] = MappingProxyType(
    {
        EventKind.CARRIED: {"next_deal": "no"},
        EventKind.PAYMENT: {"source": "player"},
        EventKind.REVEAL: {"face_up": "no"},
        EventKind.LOOK: {"hand": 0},
        EventKind.KEEP: {"blind": "no"},
        EventKind.SHOWDOWN: {"proposal": "no"},
    }
)
#: Keys whose values are words the catalogue does not take as they are: a player's name
#: (a mention), a combination (a message of its own), English descriptions, a Brag hand's
#: number or a retourne (read by kind in :func:`_worded`).
_WORDED = frozenset({"to", "seen", "hand", "by", "step", "combo", "retourne", "winners"})


def event_message(event: Event, game: str = "") -> Message:
    """An engine event as a catalogue message, ``event-<kind>`` (``event-<prefix>-<kind>``
    for a game whose registry entry has a ``text_prefix``: ``event-brag-<kind>`` at Brag),
    with its facts as parameters: the player (``user``), numbers, flags as ``yes``/``no``
    (:data:`ABSENT` when the event leaves one out), players named as mentions, a
    combination as its own message. Never a card: the public log shows no card but the
    retourne (``card``)."""
    data = event.data
    params: dict[str, Any] = dict(ABSENT.get(event.kind, {}))
    params["user"] = event.player or ""
    params["who"] = f"<@{event.player}>" if event.player else ""
    for key, value in data.items():
        if isinstance(value, bool):
            params[key] = "yes" if value else "no"
        elif isinstance(value, int | str) and key not in _WORDED:
            params[key] = value
    params.update(_worded(event))
    entry = registry.find(game)
    prefix = f"event-{entry.text_prefix}-" if entry is not None and entry.text_prefix else "event-"
    return Message(prefix + event.kind.replace("_", "-"), MappingProxyType(params))


def _worded(event: Event) -> dict[str, Any]:
    """The parameters of :data:`_WORDED` keys, read through the shape of the event's kind."""
    kind, data = event.kind, event.data
    if kind == EventKind.CARRE:
        return {"step": ev.CARRE.of(event)["step"]}
    if kind == EventKind.PAYMENT:
        return {"to": ev.PAYMENT.of(event)["to"]}
    if kind == EventKind.SEE:
        return {"seen": ev.SEE.of(event)["seen"]}
    if kind == EventKind.DEAL and "retourne" in data:  # Brelan's (Brag's deal has none)
        return {"card": Message.of("card", code=ev.BRELAN_DEAL.of(event)["retourne"])}
    if kind == EventKind.REVEAL:
        return {"combo": combo_message(ev.REVEAL.of(event)["combo"])}
    if kind == EventKind.KEEP:
        return {"hand": ev.KEEP.of(event)["hand"]}
    if kind == EventKind.LOOK and "hand" in data:  # which of his two hands
        return {"hand": ev.LOOK.of(event)["hand"]}
    if kind == EventKind.THROW and "hand" in data:
        return {"hand": ev.THROW.of(event)["hand"]}
    if kind != EventKind.POT:
        return {}
    if "combo" in data:  # Brelan's pot won at the showdown
        return {"combo": combo_message(ev.BRELAN_POT.of(event)["combo"])}
    if "winners" not in data:  # won uncontested: by its player
        return {"count": 1}
    won = ev.BRAG_POT.of(event)["winners"]
    mentions = ", ".join(f"<@{w}>" for w in won)
    return {
        "winners": mentions,
        "count": len(won),
        "who": f"<@{event.player}>" if event.player else mentions,
    }


def combo_message(facts: ComboFacts) -> Message:
    """A combination's facts (``Combination.facts``, ``brag_rank.facts``) as a message.

    >>> combo_message({"kind": "point", "value": 60, "suit": "d"})
    Message(key='combo-point', params=mappingproxy({'value': 60, 'suit': 'd'}))
    """
    kind = facts["kind"]
    if "ranks" in facts:
        return Message.of(
            f"combo-brag-{kind.replace('_', '-')}", ranks=facts["ranks"], wilds=facts["wilds"]
        )
    if kind != "point":
        return Message.of(f"combo-{kind}", rank=facts["value"])
    if facts["suit"] is None:
        return Message.of("combo-no-point")
    return Message.of("combo-point", value=facts["value"], suit=facts["suit"])


def narrate(
    events: list[Event],
    skip: tuple[EventKind, ...],
    game: str = "",
    *,
    uncontested_at_end: bool = False,
) -> list[tuple[Message, dict[str, Any]]]:
    """Each event not of a kind in ``skip`` as a line of the log, with its JSON. With
    ``uncontested_at_end`` (the game's :class:`EndReport` says "wins 11 chips without a
    showdown"), a pot won without a showdown is left to that line, which the log would
    otherwise follow with the same chips."""
    if uncontested_at_end:
        kinds = {e.kind for e in events}
        if EventKind.END in kinds and EventKind.POT in kinds and not kinds & _SHOWN:
            skip = (*skip, EventKind.POT)
    return [(event_message(e, game), e.to_json()) for e in events if e.kind not in skip]


#: The events of a hand ended by showing cards (its pots are told with the showdown).
_SHOWN = frozenset({EventKind.SHOWDOWN, EventKind.REVEAL})


def _summary_report(hand_no: int, game: str, summary: dict[str, Any]) -> dict[str, Any]:
    """The data of a hand's end told in a line: its number, its game, its replay summary."""
    return {"hand_no": hand_no, "game": game, **summary}


def _showdown_report(
    hand_no: int,
    game: str,
    view: HandView,
    combos: dict[str, Message],
    summary: dict[str, Any],
    reveal: ev.ShowdownData | None = None,
    shown: dict[str, ev.RevealData] | None = None,
) -> ShowdownReport:
    """A showdown as the presenter is told it (the summary is a finished hand's)."""
    report: ShowdownReport = {
        "hand_no": hand_no,
        "game": game,
        "view": view,
        "combos": combos,
        "finished": summary["finished"],
        "stacks": summary["stacks"],
        "pots": summary["pots"],
        "payments": summary["payments"],
        "carried": summary["carried"],
    }
    if reveal is not None:
        report["reveal"] = reveal
    if shown is not None:
        report["shown"] = shown
    return report


class GameRules(ABC):
    """One game's adapter, made from its registry entry (``spec``). ``has_queue``: the table
    has a waiting line when full."""

    game: str
    has_queue: bool = False
    leave_later_log = "log-leaves-later"
    leave_later_done = "done-leaves-later"

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.game = spec.name
        self.has_queue = spec.queue

    # ---------------------------------------------------------------- seating

    @abstractmethod
    def start_seating(
        self,
        settings: Settings,
        players: list[tuple[str, int]],
        queue: list[str],
        shuffler: Shuffler,
    ) -> Seating:
        """The session at the table's start (players in seat order, with their stacks)."""

    @abstractmethod
    def load_seating(self, raw: dict[str, Any], settings: Settings) -> Seating:
        """The seating from the table options' ``runtime`` JSON."""

    # ------------------------------------------------------------------ hands

    @abstractmethod
    def public_hand(self, hand: RuntimeHand) -> HandView:
        """What everyone may see of the hand now."""

    @abstractmethod
    def visible(self, hand: RuntimeHand, name: str) -> tuple[list[str], str | None] | None:
        """The cards ``name`` may look at now (and the retourne), or None."""

    @abstractmethod
    def public_cards(self, hand: RuntimeHand) -> set[str]:
        """Every card face up to the whole table now (retourne, hands shown)."""

    @abstractmethod
    def my_cards(self, hand: RuntimeHand, name: str) -> dict[str, Any]:
        """A player's own cards for him alone; TableError when he may not see them."""

    @abstractmethod
    def auto_action(self, hand: RuntimeHand) -> tuple[Verb, Amount]:
        """The action of the player to act when his time runs out."""

    @abstractmethod
    def stats(self, hand: RuntimeHand, record: HandRecord) -> list[HandStats]: ...

    @abstractmethod
    def end_report(self, hand: RuntimeHand, hand_no: int) -> EndReport: ...

    @abstractmethod
    def narrate(self, events: list[Event]) -> list[tuple[Message, dict[str, Any]]]:
        """Lines for the events of an action (the end of a hand is reported apart)."""

    def opening_notes(self, hand: RuntimeHand) -> list[tuple[Message, dict[str, Any]]]:
        """Lines for what happened at the deal itself."""
        return []

    def flambeau(self, hand: RuntimeHand) -> int:
        return 0


def _won_lines(hand: RuntimeHand, record: HandRecord, **per_player: dict[str, int]) -> list[Any]:
    winners = {w for pot in hand.pots for w in pot.winners}
    before = {p.name: p.stack for p in record.players}
    after = hand.stacks()
    return [
        HandStats(
            user_id=int(n),
            won=n in winners,
            net=after[n] - before[n],
            pot=sum(p.amount for p in hand.pots if n in p.winners),
            **{k: v.get(n, 0) for k, v in per_player.items()},
        )
        for n in hand.names
    ]


# --------------------------------------------------------------------------- Brelan


def _brelan(hand: RuntimeHand) -> BrelanHand:
    assert isinstance(hand, BrelanHand)
    return hand


class BrelanRules(GameRules):
    """Brelan and Bouillotte: :class:`~bot.games.brelan.BrelanHand`."""

    leave_later_log = "log-charlemagne"
    leave_later_done = "done-charlemagne"

    def start_seating(
        self,
        settings: Settings,
        players: list[tuple[str, int]],
        queue: list[str],
        shuffler: Shuffler,
    ) -> Seating:
        core = TableSession.start(
            self.game,
            [n for n, _ in players],
            shuffler,
            options=settings.rules,
            cave=settings.cave,
            seats=settings.seats,
            max_hands=settings.max_hands,
            stacks=dict(players),
        )
        core.replenish = settings.replenish
        for name in queue:
            core.join_queue(name)
        return BrelanSeating(core)

    def load_seating(self, raw: dict[str, Any], settings: Settings) -> Seating:
        return BrelanSeating.from_json(raw)

    def public_hand(self, hand: RuntimeHand) -> HandView:
        return cast(HandView, _brelan(hand).public_view())

    def visible(self, hand: RuntimeHand, name: str) -> tuple[list[str], str | None] | None:
        h = _brelan(hand)
        if not any(e.kind == EventKind.DEAL for e in h.events):
            return None  # the carre is played blind
        return [c.code for c in h.hands[h.index[name]]], h.retourne.code

    def public_cards(self, hand: RuntimeHand) -> set[str]:
        view = _brelan(hand).public_view()
        out = {view["retourne"]} if view["retourne"] else set()
        for player in view["players"]:
            out.update(player["cards"] or ())
        return out

    def my_cards(self, hand: RuntimeHand, name: str) -> dict[str, Any]:
        seen = self.visible(hand, name)
        if seen is None:
            raise TableError("refuse-carre-blind")
        return {"cards": seen[0], "retourne": seen[1]}

    def auto_action(self, hand: RuntimeHand) -> tuple[Verb, Amount]:
        return auto_verb(hand.legal_actions()), None

    def stats(self, hand: RuntimeHand, record: HandRecord) -> list[HandStats]:
        h = _brelan(hand)
        combos = h.combinations
        brelans = {n: int(c.category is Category.BRELAN) for n, c in combos.items()}
        squares = {n: int(c.category is Category.SQUARE) for n, c in combos.items()}
        return _won_lines(h, record, brelans=brelans, square_brelans=squares)

    def end_report(self, hand: RuntimeHand, hand_no: int) -> EndReport:
        h = _brelan(hand)
        summary = h.summary()
        if h.combinations:
            # the engine's showdown event: retourne, hands, suits owned and points
            showdown = next(e for e in h.events if e.kind == EventKind.SHOWDOWN)
            return EndReport(
                showdown=_showdown_report(
                    hand_no,
                    self.game,
                    cast(HandView, h.public_view()),
                    {n: combo_message(c.facts()) for n, c in h.combinations.items()},
                    summary,
                    reveal=ev.BRELAN_SHOWDOWN.of(showdown),
                )
            )
        if h.pots:
            winner = h.pots[0].winners[0]
            return EndReport(
                said=Message.of("log-wins-uncontested", user=winner, n=h.pots[0].amount),
                data={"hand_no": hand_no, **summary},
            )
        return EndReport(
            said=Message.of("log-refait", n=h.carried),
            data={"hand_no": hand_no, **summary},
        )

    def narrate(self, events: list[Event]) -> list[tuple[Message, dict[str, Any]]]:
        return narrate(
            events,
            skip=(EventKind.SHOWDOWN, EventKind.END),
            game=self.game,
            uncontested_at_end=True,
        )

    def flambeau(self, hand: RuntimeHand) -> int:
        return _brelan(hand).flambeau


# ----------------------------------------------------------------------------- Brag


def _brag(hand: RuntimeHand) -> BragHand:
    assert isinstance(hand, BragHand)
    return hand


def _staked(event: Event) -> int:
    """The chips a Brag event puts in the pot for its player: an ante, a bet, a cover, a
    see's price; nothing for the others."""
    kind = event.kind
    if kind == EventKind.ANTE:
        return ev.BRAG_ANTE.of(event)["amount"]
    if kind == EventKind.BET:
        return ev.BET.of(event)["amount"]
    if kind == EventKind.COVER:
        return ev.COVER.of(event)["amount"]
    if kind == EventKind.SEE:
        return ev.SEE.of(event)["amount"]
    return 0


def brag_public_view(hand: BragHand) -> HandView:
    """Everything anyone may see of a Brag deal now (shape in the module docstring)."""
    stakes = dict.fromkeys(hand.names, 0)
    for e in hand.events:
        if e.player is not None:
            stakes[e.player] += _staked(e)
    players: list[PlayerView] = []
    for i, name in enumerate(hand.names):
        shown = hand.shown.get(name)
        choosing = hand.current == i and hand.choosing is not None
        players.append(
            {
                "name": name,
                "stack": hand.stack[i],
                "stake": stakes[name],
                "blind": hand.blind[i],
                "looked": not hand.blind[i] or choosing,
                "folded": hand.folded[i],
                "covered": hand.covered[i],
                "hands": len(hand.held[i]),
                "cards": list(shown["cards"]) if shown else None,
                "hand": shown["hand"] if shown else None,
            }
        )
    return {
        "phase": hand.phase,
        "to_act": hand.to_act,
        "pot": hand.table_chips(),
        "pots": list(hand.layers),
        "carried_in": hand.carried_in,
        "level": hand.level,
        "face_up": [c.code for c in hand.face_up] if hand.face_up is not None else None,
        "proposer": None if hand.proposer is None else hand.names[hand.proposer],
        "players": players,
    }


class BragRules(GameRules):
    """Three-, four- and five-card Brag: :class:`~bot.games.brag.BragHand`.

    Cards are delivered to a player only once he may see them: when he looks (a ``look``
    action), or at the deal when blind play is off or the face-up variant makes him look.
    """

    def start_seating(
        self,
        settings: Settings,
        players: list[tuple[str, int]],
        queue: list[str],
        shuffler: Shuffler,
    ) -> Seating:
        return BragSeating.start(players, settings.rules, settings.seats)

    def load_seating(self, raw: dict[str, Any], settings: Settings) -> Seating:
        return BragSeating.from_json(raw, settings.seats)

    def public_hand(self, hand: RuntimeHand) -> HandView:
        return brag_public_view(_brag(hand))

    def visible(self, hand: RuntimeHand, name: str) -> tuple[list[str], str | None] | None:
        h = _brag(hand)
        i = h.index[name]
        if h.finished or h.folded[i] or not h.held[i]:
            return None
        if h.current == i and h.choosing is not None:
            cards = h.held[i][h.choosing]  # he looked at one of his two hands
        elif not h.blind[i]:
            cards = h.held[i][0]
        else:
            return None
        return [c.code for c in cards], None

    def public_cards(self, hand: RuntimeHand) -> set[str]:
        h = _brag(hand)
        out = {c.code for c in h.face_up} if h.face_up is not None else set()
        for shown in h.shown.values():
            out.update(shown["cards"])
            out.update(shown.get("discards", ()))
            for cards in shown.get("hands", ()):
                out.update(cards)
        return out

    def my_cards(self, hand: RuntimeHand, name: str) -> dict[str, Any]:
        h = _brag(hand)
        if h.folded[h.index[name]]:
            raise TableError("refuse-folded")
        seen = self.visible(hand, name)
        if seen is None:
            raise TableError("refuse-blind")
        return {"cards": seen[0], "retourne": None}

    def auto_action(self, hand: RuntimeHand) -> tuple[Verb, Amount]:
        return preferred_move(hand.legal_actions(), BRAG_AUTO_VERBS)

    def stats(self, hand: RuntimeHand, record: HandRecord) -> list[HandStats]:
        h = _brag(hand)
        prials = {}
        for name, shown in h.shown.items():
            try:
                value = strength(parse_cards(shown["cards"]), h.wild)
            except GameError:
                continue
            prials[name] = int(strength_category(value) == "prial")
        return _won_lines(h, record, prials=prials)

    def end_report(self, hand: RuntimeHand, hand_no: int) -> EndReport:
        h = _brag(hand)
        summary = h.summary()
        base = _summary_report(hand_no, self.game, summary)
        if h.shown:
            shown = {n: d.copy() for n, d in h.shown.items()}
            return EndReport(
                showdown=_showdown_report(
                    hand_no,
                    self.game,
                    brag_public_view(h),
                    {n: combo_message(d["combo"]) for n, d in shown.items()},
                    summary,
                    shown=shown,
                )
            )
        if h.pots:
            pot = h.pots[0]
            said = Message.of("log-wins-uncontested", user=pot.winners[0], n=pot.amount)
            return EndReport(said=said, data=base)
        blind = next((e.player for e in h.events if e.kind == EventKind.BLIND_WIN), None)
        if blind is not None:
            key = "log-blind-win-keeps" if blind in h.kept_after else "log-blind-win"
            return EndReport(
                said=Message.of(key, user=blind, n=h.carried),
                data={**base, "blind_winner": blind, "kept": blind in h.kept_after},
            )
        return EndReport(said=Message.of("log-carried", n=h.carried), data=base)

    def narrate(self, events: list[Event]) -> list[tuple[Message, dict[str, Any]]]:
        return narrate(
            events, skip=(EventKind.END, EventKind.ANTE), game=self.game, uncontested_at_end=True
        )

    def opening_notes(self, hand: RuntimeHand) -> list[tuple[Message, dict[str, Any]]]:
        notable = (EventKind.CARRIED, EventKind.KEPT, EventKind.REVEAL, EventKind.FOLD)
        events = [e for e in _brag(hand).events if e.kind in notable]
        return narrate(events, skip=(), game=self.game)


# ------------------------------------------------------------------- any other game


class PlainHand(RuntimeHand, Protocol):
    """What :class:`PlainRules` needs of a hand, besides :class:`RuntimeHand`: ``hands``, each
    player's cards in the order of ``names`` (he sees his own from the deal on), and
    ``public_view()``, what everyone may see now (the runtime's public state shows it; the
    cards of ``retourne`` and of each ``players[i]["cards"]`` in it are face up)."""

    hands: Sequence[Sequence[Card]]

    def public_view(self) -> dict[str, Any]: ...


def _plain(hand: RuntimeHand) -> PlainHand:
    assert hasattr(hand, "hands") and hasattr(hand, "public_view"), "not a PlainHand"
    return hand  # type: ignore[return-value]


class PlainRules(GameRules):
    """A game whose engine has no adapter of its own, run from its registry entry: seated by
    :class:`~bot.runtime.seating.PlainSeating`, each player sees his own cards from the deal
    on, its hands say what is public (:class:`PlainHand`), a player out of time folds (else
    passes, else makes his first move at its lowest), and a finished hand is told by its
    events (the pot) and "the hand is over"."""

    def start_seating(
        self,
        settings: Settings,
        players: list[tuple[str, int]],
        queue: list[str],
        shuffler: Shuffler,
    ) -> Seating:
        return PlainSeating.start(self.game, settings.rules, players, settings.seats)

    def load_seating(self, raw: dict[str, Any], settings: Settings) -> Seating:
        return PlainSeating.from_json(raw, settings.seats)

    def public_hand(self, hand: RuntimeHand) -> HandView:
        return cast(HandView, _plain(hand).public_view())

    def visible(self, hand: RuntimeHand, name: str) -> tuple[list[str], str | None] | None:
        h = _plain(hand)
        return [c.code for c in h.hands[h.index[name]]], None

    def public_cards(self, hand: RuntimeHand) -> set[str]:
        view = _plain(hand).public_view()
        out = {str(view["retourne"])} if view.get("retourne") else set()
        for player in view.get("players", ()):
            out.update(player.get("cards") or ())
        return out

    def my_cards(self, hand: RuntimeHand, name: str) -> dict[str, Any]:
        seen = self.visible(hand, name)
        assert seen is not None
        return {"cards": seen[0], "retourne": None}

    def auto_action(self, hand: RuntimeHand) -> tuple[Verb, Amount]:
        return preferred_move(hand.legal_actions(), PLAIN_AUTO_VERBS)

    def stats(self, hand: RuntimeHand, record: HandRecord) -> list[HandStats]:
        return _won_lines(hand, record)

    def end_report(self, hand: RuntimeHand, hand_no: int) -> EndReport:
        return EndReport(data=_summary_report(hand_no, self.game, hand.summary()))

    def narrate(self, events: list[Event]) -> list[tuple[Message, dict[str, Any]]]:
        return narrate(events, skip=(EventKind.END,), game=self.game)


# --------------------------------------------------------------------- the registry hook


def adapter_class(entry: GameSpec) -> type[GameRules]:
    """The adapter class of a registered game: its entry's ``runtime``, else
    :class:`PlainRules`."""
    if not entry.runtime:
        return PlainRules
    found = registry.load(entry.runtime)
    if not (isinstance(found, type) and issubclass(found, GameRules)):
        raise TypeError(f"{entry.name}: {entry.runtime} is not a runtime adapter (GameRules)")
    return found


class _Adapters(Mapping[str, GameRules]):
    """Every registered game's adapter, by name, made from its entry on first use (and made
    again if the entry changed)."""

    def __init__(self) -> None:
        self._made: dict[str, GameRules] = {}

    def __getitem__(self, game: str) -> GameRules:
        entry = registry.find(game)
        if entry is None:
            raise KeyError(game)
        made = self._made.get(game)
        if made is None or made.spec is not entry:
            made = self._made[game] = adapter_class(entry)(entry)
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(registry.names())

    def __len__(self) -> int:
        return len(registry.names())

    def __contains__(self, game: object) -> bool:
        return game in registry.GAMES


GAME_RULES: Mapping[str, GameRules] = _Adapters()
#: The games (:data:`bot.games.registry.GAMES`, read at each use).
GAMES: Sequence[str] = registry.GAMES
