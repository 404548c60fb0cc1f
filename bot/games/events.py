"""What happens in a hand, typed: every kind of event, and the shape of each kind's data.

An :class:`Event` is ``(kind, player, data)``: ``kind`` an :class:`EventKind` (a ``str``, so
its JSON and the catalogue keys built from it, ``event-<kind>``, are the words they always
were), ``player`` who did it (or None), ``data`` its facts as plain JSON.

Each kind's data has a ``TypedDict``; a :class:`Shape` ties a kind to it. The engines build
their events through a shape (``OPEN.event(name, {"stake": 4, "all_in": False})``: mypy checks
the dict against :class:`SpeechData`) and the readers read them through it
(``RETURN.of(event)["amount"]``), so a renamed field is a type error at both ends, not a
silent default. A key
only some events of a kind carry is ``NotRequired``; where the two engines word one kind
differently (an ante, a fold, a pot...) each has its own shape (``BRELAN_POT``, ``BRAG_POT``).

>>> e = OPEN.event("P1", {"stake": 4, "all_in": False})
>>> e.kind is EventKind.OPEN, e.to_json()
(True, {'kind': 'open', 'player': 'P1', 'stake': 4, 'all_in': False})
>>> OPEN.of(e)["stake"]
4
>>> RETURN.of(e)
Traceback (most recent call last):
ValueError: the event is open, not return
"""

# No ``from __future__ import annotations``: TypedDict must see ``NotRequired`` itself for
# ``__required_keys__`` to be right (tests check events against these shapes).

from collections.abc import Callable, Mapping
from enum import StrEnum
from types import MappingProxyType, MethodType
from typing import Any, Generic, NamedTuple, NotRequired, TypedDict, TypeVar, cast, final

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class EventKind(StrEnum):
    """Every kind of event the engines (Brelan and Bouillotte, Brag) and the table sessions
    emit, by the word its JSON and its catalogue line (``event-<kind>``) use."""

    # both engines
    CARRIED = "carried"
    ANTE = "ante"
    DEAL = "deal"
    FOLD = "fold"
    SHOWDOWN = "showdown"
    POT = "pot"
    END = "end"
    # Brelan, Bouillotte (bot.games.brelan, brelan_payout)
    PAYMENT = "payment"
    CARRE = "carre"
    DECLINE = "decline"
    PASS = "pass"
    OPEN = "open"
    HOLD = "hold"
    TAPIS = "tapis"
    RAISE = "raise"
    STAND = "stand"
    SANS_PLUS_ROUND = "sans_plus_round"
    REFAIT = "refait"
    RETURN = "return"
    # Brag (bot.games.brag)
    KEPT = "kept"
    REVEAL = "reveal"
    LOOK = "look"
    KEEP = "keep"
    THROW = "throw"
    DISCARD = "discard"
    BET = "bet"
    COVER = "cover"
    SEE = "see"
    REFUSE = "refuse"
    BLIND_WIN = "blind_win"
    # the sessions between hands (bot.games.session, bot.runtime.seating)
    CHARLEMAGNE = "charlemagne"
    NEXT_CAVE = "next_cave"
    RECAVE = "recave"
    DECAVE = "decave"
    SEATED = "seated"
    LEAVE = "leave"


class Event(NamedTuple):
    """Something that happened in a hand, for a UI to narrate (a tuple: cheap to build on
    the engines' hot paths). Build one through its kind's :class:`Shape`."""

    kind: EventKind
    player: str | None = None
    data: Mapping[str, Any] = _NO_DATA

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": str(self.kind)}
        if self.player is not None:
            out["player"] = self.player
        out.update(self.data)
        return out


# -- the data of each kind ------------------------------------------------------------------


class NoData(TypedDict):
    """An event that carries no facts (a pass, a refusal...)."""


class ChipsData(TypedDict):
    """An amount of chips: carried to the deal, given back, a reserve cave or a recave."""

    amount: int


class EndData(TypedDict):
    """The deal is over: every stack, and what stays on the table for the next one."""

    stacks: dict[str, int]
    carried: int


@final
class BrelanComboFacts(TypedDict):
    """A Brelan combination as data (``Combination.facts``): ``kind`` square, brelan or
    point; ``value`` the rank or the points; ``suit`` the point's suit (None for none)."""

    kind: str
    value: int
    suit: str | None


@final
class BragComboFacts(TypedDict):
    """A Brag hand as data (``brag_rank.facts``): its category, ranks and wild cards."""

    kind: str
    ranks: str
    wilds: int


ComboFacts = BrelanComboFacts | BragComboFacts


# Brelan and Bouillotte


class BrelanAnteData(TypedDict):
    """The antes: what each paid, and the pool they make."""

    paid: dict[str, int]
    pool: int


class DealData(TypedDict):
    """The cards are seen (the carre is over): the retourne."""

    retourne: str


class PaymentData(TypedDict):
    """A brelan's due or a flambeau chip: to a player or ``"flambeau"``; ``source`` is
    ``"pool"`` when the pool pays (the event has no player then)."""

    to: str
    amount: int
    source: NotRequired[str]


class CarreData(TypedDict):
    """A carre step (``carre``, ``contre-carre``, ``sur-carre``) and the stake it sets."""

    step: str
    stake: int


class StakeData(TypedDict):
    """A player's stake when he folds or stands (sans plus)."""

    stake: int


class SpeechData(TypedDict):
    """An opening, a hold or a tapis: the total stake, and whether it is all he has."""

    stake: int
    all_in: bool


class RaiseData(SpeechData):
    """A re-raise; ``sans_plus``: made in the sans-plus round."""

    sans_plus: bool


class RefaitData(TypedDict):
    """Nobody opened: the pool carried, and the refait's number in a row."""

    carried: int
    number: int


class BrelanPotData(TypedDict):
    """A stage of the pot: won uncontested (``shown`` false), or at the showdown ``by`` a
    combination (its English words, and its facts in ``combo``)."""

    amount: int
    stage: int
    shown: bool
    by: NotRequired[str]
    combo: NotRequired[BrelanComboFacts]


class SuitPoints(TypedDict):
    """A suit at the showdown: who owns it (None: nobody) and its points."""

    suit: str
    owner: str | None
    points: int


class ShowdownData(TypedDict):
    """The showdown: the retourne, every player's cards, who folded, each suit's owner and
    points, each contender's combination in English words and as facts."""

    retourne: str
    hands: dict[str, list[str]]
    folded: list[str]
    suits: list[SuitPoints]
    combinations: dict[str, str]
    combos: dict[str, BrelanComboFacts]


# the sessions


class CharlemagneData(TypedDict):
    """A player leaves with his winnings."""

    stack: int


class SeatedData(TypedDict):
    """A player from the line takes a seat with a cave."""

    seat: int
    cave: int


# Brag


class BragCarriedData(TypedDict):
    """A pot carried in from the last deal, or (``next_deal``) left for the next one."""

    amount: int
    next_deal: NotRequired[bool]


class BragDealData(TypedDict):
    """The deal: cards each, and how many players."""

    cards: int
    players: int


class KeptData(TypedDict):
    """A player plays a kept blind hand; ``hands``: how many he holds."""

    hands: int


class BragAnteData(TypedDict):
    """One player's ante, and the pot after it."""

    amount: int
    pot: int


class RevealData(TypedDict):
    """A hand turned face up: the three played, their words and facts; ``face_up`` for the
    kept hand dealt face up; the ``discards``, and ``hands`` when he held two."""

    cards: list[str]
    hand: str
    combo: BragComboFacts
    face_up: NotRequired[bool]
    discards: NotRequired[list[str]]
    hands: NotRequired[list[list[str]]]


class LookData(TypedDict):
    """A player looks: ``hand`` which of two (1 or 2), ``forced`` by a face-up hand."""

    forced: NotRequired[bool]
    hand: NotRequired[int]


class KeepData(TypedDict):
    """He keeps hand ``hand``; ``blind``: his blind hand, for the next deal."""

    hand: int
    blind: NotRequired[bool]


class ThrowData(TypedDict):
    """He throws hand ``hand`` (``unseen``: without looking), or ``hands`` at the end."""

    hand: NotRequired[int]
    unseen: NotRequired[bool]
    hands: NotRequired[int]


class DiscardData(TypedDict):
    """How many cards he discarded (never which)."""

    count: int


class BragFoldData(TypedDict):
    """A fold; ``forced``: he could not beat the face-up hand."""

    forced: NotRequired[bool]


class BetData(TypedDict):
    """A bet: chips put in, what they count in open terms, and whether blind."""

    amount: int
    counts: int
    blind: bool


class CoverData(TypedDict):
    """He covers the pot (``after_bet``: his bet took all he had, ``amount`` 0)."""

    amount: int
    after_bet: NotRequired[bool]


class SeeData(TypedDict):
    """He pays ``amount`` to see ``seen``."""

    amount: int
    seen: str


class AnswerData(TypedDict):
    """A common showdown: proposed, or agreed to."""

    proposal: NotRequired[bool]
    agree: NotRequired[bool]


class BragPotData(TypedDict):
    """A pot paid: uncontested (``face_up``: nobody beat the face-up hand), or at a showdown
    to its ``winners`` (shared on a tie)."""

    amount: int
    shown: bool
    face_up: NotRequired[bool]
    winners: NotRequired[list[str]]


class BlindWinData(TypedDict):
    """The last player in is blind: the pot stays on the table."""

    pot: int


# -- shapes ---------------------------------------------------------------------------------

D = TypeVar("D", bound=Mapping[str, object])
# Building the tuple through tuple.__new__ (bound to the class) skips NamedTuple's
# Python-level __new__: events are built on the engines' hot paths.
_new_event: Callable[[tuple[EventKind, str | None, Mapping[str, Any]]], Event] = MethodType(
    tuple.__new__, Event
)


class Shape(Generic[D]):
    """A kind of event with the type of its data: builds its events and reads their data."""

    __slots__ = ("kind",)

    def __init__(self, kind: EventKind) -> None:
        self.kind = kind

    def event(self, player: str | None, data: D) -> Event:
        """The event of this kind by ``player`` (None: the table's) with ``data``. (A method,
        not ``__call__``: CPython calls a method of a Python class faster, and events are
        built on the engines' hot paths.)"""
        return _new_event((self.kind, player, data))

    def of(self, event: Event) -> D:
        """The data of ``event``, which is of this kind (else ``ValueError``)."""
        if event.kind != self.kind:
            raise ValueError(f"the event is {event.kind}, not {self.kind}")
        return cast(D, event.data)

    def __repr__(self) -> str:
        return f"Shape({self.kind.value!r})"


K = EventKind
CARRIED: Shape[ChipsData] = Shape(K.CARRIED)
BRELAN_ANTE: Shape[BrelanAnteData] = Shape(K.ANTE)
BRELAN_DEAL: Shape[DealData] = Shape(K.DEAL)
PAYMENT: Shape[PaymentData] = Shape(K.PAYMENT)
CARRE: Shape[CarreData] = Shape(K.CARRE)
DECLINE: Shape[NoData] = Shape(K.DECLINE)
PASS: Shape[NoData] = Shape(K.PASS)
BRELAN_FOLD: Shape[StakeData] = Shape(K.FOLD)
OPEN: Shape[SpeechData] = Shape(K.OPEN)
HOLD: Shape[SpeechData] = Shape(K.HOLD)
TAPIS: Shape[SpeechData] = Shape(K.TAPIS)
RAISE: Shape[RaiseData] = Shape(K.RAISE)
STAND: Shape[StakeData] = Shape(K.STAND)
SANS_PLUS_ROUND: Shape[NoData] = Shape(K.SANS_PLUS_ROUND)
REFAIT: Shape[RefaitData] = Shape(K.REFAIT)
BRELAN_SHOWDOWN: Shape[ShowdownData] = Shape(K.SHOWDOWN)
BRELAN_POT: Shape[BrelanPotData] = Shape(K.POT)
RETURN: Shape[ChipsData] = Shape(K.RETURN)
END: Shape[EndData] = Shape(K.END)
CHARLEMAGNE: Shape[CharlemagneData] = Shape(K.CHARLEMAGNE)
NEXT_CAVE: Shape[ChipsData] = Shape(K.NEXT_CAVE)
RECAVE: Shape[ChipsData] = Shape(K.RECAVE)
DECAVE: Shape[NoData] = Shape(K.DECAVE)
SEATED: Shape[SeatedData] = Shape(K.SEATED)
LEAVE: Shape[NoData] = Shape(K.LEAVE)
BRAG_CARRIED: Shape[BragCarriedData] = Shape(K.CARRIED)
BRAG_DEAL: Shape[BragDealData] = Shape(K.DEAL)
KEPT: Shape[KeptData] = Shape(K.KEPT)
BRAG_ANTE: Shape[BragAnteData] = Shape(K.ANTE)
REVEAL: Shape[RevealData] = Shape(K.REVEAL)
LOOK: Shape[LookData] = Shape(K.LOOK)
KEEP: Shape[KeepData] = Shape(K.KEEP)
THROW: Shape[ThrowData] = Shape(K.THROW)
DISCARD: Shape[DiscardData] = Shape(K.DISCARD)
BRAG_FOLD: Shape[BragFoldData] = Shape(K.FOLD)
BET: Shape[BetData] = Shape(K.BET)
COVER: Shape[CoverData] = Shape(K.COVER)
SEE: Shape[SeeData] = Shape(K.SEE)
BRAG_SHOWDOWN: Shape[AnswerData] = Shape(K.SHOWDOWN)
REFUSE: Shape[NoData] = Shape(K.REFUSE)
BRAG_POT: Shape[BragPotData] = Shape(K.POT)
BLIND_WIN: Shape[BlindWinData] = Shape(K.BLIND_WIN)

#: The data type of each kind, per engine (``"brelan"`` for Brelan and Bouillotte and their
#: session, ``"brag"``): what ``tests/test_events.py`` checks real events against.
SHAPES: Mapping[str, Mapping[EventKind, type]] = MappingProxyType(
    {
        "brelan": {
            K.CARRIED: ChipsData,
            K.ANTE: BrelanAnteData,
            K.DEAL: DealData,
            K.PAYMENT: PaymentData,
            K.CARRE: CarreData,
            K.DECLINE: NoData,
            K.PASS: NoData,
            K.FOLD: StakeData,
            K.OPEN: SpeechData,
            K.HOLD: SpeechData,
            K.TAPIS: SpeechData,
            K.RAISE: RaiseData,
            K.STAND: StakeData,
            K.SANS_PLUS_ROUND: NoData,
            K.REFAIT: RefaitData,
            K.SHOWDOWN: ShowdownData,
            K.POT: BrelanPotData,
            K.RETURN: ChipsData,
            K.END: EndData,
            K.CHARLEMAGNE: CharlemagneData,
            K.NEXT_CAVE: ChipsData,
            K.RECAVE: ChipsData,
            K.DECAVE: NoData,
            K.SEATED: SeatedData,
        },
        "brag": {
            K.CARRIED: BragCarriedData,
            K.ANTE: BragAnteData,
            K.DEAL: BragDealData,
            K.KEPT: KeptData,
            K.REVEAL: RevealData,
            K.LOOK: LookData,
            K.KEEP: KeepData,
            K.THROW: ThrowData,
            K.DISCARD: DiscardData,
            K.FOLD: BragFoldData,
            K.BET: BetData,
            K.COVER: CoverData,
            K.SEE: SeeData,
            K.SHOWDOWN: AnswerData,
            K.REFUSE: NoData,
            K.POT: BragPotData,
            K.BLIND_WIN: BlindWinData,
            K.END: EndData,
            K.DECAVE: NoData,
            K.LEAVE: NoData,
        },
    }
)
