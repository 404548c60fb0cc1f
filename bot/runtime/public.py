"""The shape of a table's public state, as the runtime hands it to every reader.

:meth:`~bot.runtime.publishing.Publishing.public_state` builds a :class:`PublicState`;
:meth:`~bot.runtime.publishing.Publishing.full_state` (what the presenter is sent, and
``TableManager.status``) is the same, with the seats taken before the first deal as
:class:`SeatView` entries holding only ``seat``, ``user`` and ``stack``. These are plain JSON
dicts (``TypedDict``): the types only name their keys, so that a reader reading a key the
runtime does not write is a type error; ``NotRequired`` marks the keys that are sometimes
absent. ``tests/test_public_state.py`` checks real states of every game against them.

The hand (:class:`PublicHand`) is the runtime's header (``id``, ``no``, ``legal``,
``actions``, ``deadline``) over the game's public view: ``phase``, ``to_act`` and
``players`` in every game, then the keys of Brelan and Bouillotte
(:meth:`bot.games.brelan.BrelanHand.public_view`: :data:`BRELAN_HAND_KEYS`) or of Brag
(:func:`bot.runtime.games.brag_public_view`: :data:`BRAG_HAND_KEYS`), which are
``NotRequired`` because each game writes only its own. A game run by
:class:`~bot.runtime.games.PlainRules` says itself what its view holds.

A hand that ends in a showdown is reported as a :class:`ShowdownReport`
(``Presenter.showdown``; :func:`bot.view.table.showdown_document` words it): the game's
public view then, each revealed hand's combination as a message, the replay summary (pots
and payments as :class:`~bot.games.base.PotJson` and ``PaymentJson``), and Brelan's
``reveal`` (the engine's showdown event) or Brag's ``shown`` hands. Real showdowns of the
three games are checked against it too.

(No ``from __future__ import annotations`` here: TypedDict must see ``NotRequired`` itself
for ``__required_keys__`` to be right.)
"""

from typing import Any, NotRequired, TypedDict, cast

from bot.games.base import Legal, PaymentJson, PotJson
from bot.games.events import RevealData, ShowdownData
from bot.i18n.message import Message


class SeatView(TypedDict):
    """One seat. Before the first deal only ``seat``, ``user`` and ``stack`` are known."""

    seat: int
    user: int
    stack: int
    sitting_out: NotRequired[bool]
    leaving: NotRequired[bool]
    dealer: NotRequired[bool]
    reserve: NotRequired[int]


class LegalAction(TypedDict):
    """A legal action of the player to act (:meth:`bot.games.base.Legal.to_json`): one
    ``amount`` when the verb costs exactly that, ``min``/``max`` when he chooses in a range."""

    verb: str
    amount: NotRequired[int]
    min: NotRequired[int]
    max: NotRequired[int]


class PlayerView(TypedDict):
    """One player of the hand as everyone sees him. ``cards``: his cards once shown (else
    None). Brelan/Bouillotte add ``all_in``; Brag adds the rest."""

    name: str
    stack: int
    stake: int
    folded: bool
    cards: list[str] | None
    # Brelan, Bouillotte
    all_in: NotRequired[bool]
    # Brag
    blind: NotRequired[bool]
    looked: NotRequired[bool]
    covered: NotRequired[bool]
    hands: NotRequired[int]
    hand: NotRequired[str | None]


class HandView(TypedDict):
    """What everyone may see of a hand, as the game's adapter says it
    (:meth:`bot.runtime.games.GameRules.public_hand`)."""

    phase: str
    to_act: str | None
    players: list[PlayerView]
    # Brelan, Bouillotte
    pool: NotRequired[int]
    vade: NotRequired[int]
    retourne: NotRequired[str | None]
    # Brag
    pot: NotRequired[int]
    pots: NotRequired[list[int]]
    carried_in: NotRequired[int]
    level: NotRequired[int]
    face_up: NotRequired[list[str] | None]
    proposer: NotRequired[str | None]


class PublicHand(HandView):
    """The hand in progress (or just finished): the runtime's header over the game's view."""

    id: int
    no: int
    legal: list[LegalAction]
    actions: int
    deadline: float | None


#: The keys of the game's view every game writes.
COMMON_HAND_KEYS = frozenset({"phase", "to_act", "players"})
#: The runtime's keys around the game's view.
HEADER_KEYS = frozenset({"id", "no", "legal", "actions", "deadline"})
#: The hand's keys at a Brelan or Bouillotte table, and each player's.
BRELAN_HAND_KEYS = HEADER_KEYS | COMMON_HAND_KEYS | {"pool", "vade", "retourne"}
BRELAN_PLAYER_KEYS = frozenset({"name", "stack", "stake", "folded", "cards", "all_in"})
#: The hand's keys at a Brag table, and each player's.
BRAG_HAND_KEYS = (
    HEADER_KEYS
    | COMMON_HAND_KEYS
    | {
        "pot",
        "pots",
        "carried_in",
        "level",
        "face_up",
        "proposer",
    }
)
BRAG_PLAYER_KEYS = frozenset(
    {"name", "stack", "stake", "folded", "cards", "blind", "looked", "covered", "hands", "hand"}
)


class VariantChoice(TypedDict):
    """A variant change the dealer may choose: ``cap``, the most players a number of
    cards seats (None for the other options)."""

    option: str
    value: Any
    cap: int | None


class ChoiceView(TypedDict):
    """Brag's dealer's choice in progress (:mod:`bot.runtime.dealers_choice`)."""

    dealer: int
    deadline: float
    proposal: dict[str, Any] | None
    votes: dict[int, bool]
    seated: int
    variants: list[VariantChoice]


class FairView(TypedDict):
    """Fair dealing's public part (:func:`bot.runtime.fairness.fair_state`)."""

    commitment: str
    deals: int
    reseed_every: int
    reseed_asked: bool
    cutter: int | None


class StakesView(TypedDict):
    """A tournament level's stakes: the ante, and the bet limits where the game has them."""

    ante: int
    min_bet: NotRequired[int]
    max_bet: NotRequired[int]


class TournamentTableView(TypedDict):
    """A tournament table's tournament (docs/tournaments.md): its number, the level it plays
    (from 1) and its stakes, the hands (by hands) or the time (by minutes, unix s) to the
    next level (None at the last), whether it is the final table, the players still in."""

    id: int
    no: int
    level: int
    stakes: StakesView
    hands_left: int | None
    next_level_at: float | None
    final: bool
    left: int


class PublicState(TypedDict):
    """Everything anyone at the table may see: no card before the rules reveal it.
    ``tournament`` only at a tournament's table, ``practice`` (true) only at a practice
    table (its chips the house bank's, hints offered: docs/learn.md)."""

    table_id: int
    game: str
    started: bool
    seats: list[SeatView]
    queue: list[int]
    carried: int
    next_hand_at: float | None
    game_over: bool
    #: Whether someone allowed to could deal now (``TableManager.can_start``): the Start
    #: button is drawn enabled or not from it, the same for every reader.
    can_start: bool
    closing: bool
    needs_attention: bool
    paused: bool
    notify: str
    fair: FairView | None
    choice: ChoiceView | None
    hand: PublicHand | None
    tournament: NotRequired[TournamentTableView]
    practice: NotRequired[bool]


def stakes_view(stakes: dict[str, int]) -> StakesView:
    """A level's stakes (:meth:`bot.games.levels.Level.options`) as the states write them."""
    return cast(StakesView, dict(stakes))


class ShowdownReport(TypedDict):
    """A hand ended by a showdown, as the presenter is told it (Brelan and Bouillotte: every
    hand not folded, and the folded ones face up too; Brag: only the hands in ``shown``).

    ``combos``: each revealed hand's combination as a message; ``finished`` .. ``carried``:
    the replay summary of the finished hand (docs/scenarios.md); ``reveal`` (Brelan, Bouillotte):
    the engine's showdown event, with the retourne, every hand and each suit's owner and
    points; ``shown`` (Brag): the hands the rules turned face up; ``next_hand_at``: when the
    next deal comes, if the surface shows it; ``hand_id``: the stored hand (its web page)."""

    hand_no: int
    game: str
    view: HandView
    combos: dict[str, Message]
    finished: bool
    stacks: dict[str, int]
    pots: list[PotJson]
    payments: list[PaymentJson]
    carried: int
    reveal: NotRequired[ShowdownData]
    shown: NotRequired[dict[str, RevealData]]
    next_hand_at: NotRequired[float | None]
    hand_id: NotRequired[int]


def legal_json(legal: Legal) -> LegalAction:
    """A legal action as the public state writes it (:meth:`Legal.to_json`)."""
    return cast(LegalAction, legal.to_json())


def quiet_state(table_id: int, game: str = "brelan") -> PublicState:
    """A table with nobody seated and nothing going on (a closed table's message when no
    state of it is left; the base of test states)."""
    return {
        "table_id": table_id,
        "game": game,
        "started": False,
        "seats": [],
        "queue": [],
        "carried": 0,
        "next_hand_at": None,
        "game_over": False,
        "can_start": False,
        "closing": False,
        "needs_attention": False,
        "paused": False,
        "notify": "mention",
        "fair": None,
        "choice": None,
        "hand": None,
    }
