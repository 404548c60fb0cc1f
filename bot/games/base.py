"""Types shared by every game: actions, legal actions, moves, hand records and results
(events, typed by kind, are :mod:`bot.games.events`; :class:`Event` is importable from here).

A hand is event-sourced: a :class:`HandRecord` (game, options, players and stacks, cards,
actions) is all there is to store; the state is rebuilt by replaying the actions.

>>> rec = HandRecord.from_json({"game": "brelan", "players": [{"name": "A", "stack": 5},
...     {"name": "B", "stack": 5}], "hands": {"A": ["Ah", "Kh", "Qh"], "B": ["As", "Ks", "Qs"]},
...     "retourne": "Jh", "actions": [["A", "open", 2]]})
>>> rec.actions[0]
Action(player='A', verb='open', amount=2)
>>> HandRecord.from_json(rec.to_json()) == rec
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, TypedDict

from bot.games.cards import Card, parse_card, parse_cards
from bot.games.errors import IllegalAction, SetupError
from bot.games.events import Event as Event
from bot.games.verbs import Verb

Amount = int | tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class Action:
    """One player's action: ``verb`` and, for some verbs, an ``amount``.

    The amount is a number of chips, or for Brag's ``discard`` a tuple of card codes.
    """

    player: str
    verb: str
    amount: Amount = None

    def to_json(self) -> list[Any]:
        if self.amount is None:
            return [self.player, self.verb]
        if isinstance(self.amount, tuple):
            return [self.player, self.verb, list(self.amount)]
        return [self.player, self.verb, self.amount]

    @classmethod
    def from_json(cls, raw: Any) -> Action:
        if not isinstance(raw, list | tuple) or len(raw) not in (2, 3):
            raise SetupError(f"an action is [player, verb] or [player, verb, amount], not {raw!r}")
        player, verb = raw[0], raw[1]
        if not isinstance(player, str) or not isinstance(verb, str):
            raise SetupError(f"an action names a player and a verb as text, not {raw!r}")
        amount: Amount = None
        if len(raw) == 3:
            value = raw[2]
            if isinstance(value, list | tuple):
                if not all(isinstance(v, str) for v in value):
                    raise SetupError(f"the cards of {raw!r} must be written as text")
                amount = tuple(value)
            elif isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(f"the amount of {raw!r} must be a whole number of chips")
            else:
                amount = value
        return cls(player, verb, amount)


class Move(NamedTuple):
    """A move as an engine's ``verify_act`` accepted it, normalised: what ``act`` applies.

    ``verb`` is the move really played (Brelan's ``stand`` at the carrer's closing turn is
    ``hold``); ``amount`` is filled in when the verb costs exactly one amount (a ``hold``'s
    stake, Brag's ``see``), and a Brag discard's cards are read. A tuple, so immutable (and
    cheap to build on the engines' hot path).

    >>> Move("A", Verb.HOLD, 4)
    Move(player='A', verb=<Verb.HOLD: 'hold'>, amount=4)
    """

    player: str
    verb: Verb
    amount: int | tuple[Card, ...] | None = None


class MoveCheck:
    """What an engine's hands share around their one check of a move: ``can_act`` asks
    ``verify_act``, which each engine writes (:class:`HandState` says what both do)."""

    def verify_act(self, player: str, verb: Verb | str, amount: Amount = None) -> Move:
        """The move normalised, or :class:`~bot.games.errors.IllegalAction` saying why not."""
        raise NotImplementedError

    def can_act(self, player: str, verb: Verb | str, amount: Amount = None) -> bool:
        """Whether :meth:`verify_act` accepts the move.

        >>> class EvenBets(MoveCheck):
        ...     def verify_act(self, player, verb, amount=None):
        ...         if verb != "bet" or amount % 2:
        ...             raise IllegalAction(f"{player} bets an even number")
        ...         return Move(player, Verb.BET, amount)
        >>> hand = EvenBets()
        >>> hand.can_act("P1", "bet", 4), hand.can_act("P1", "bet", 3), hand.can_act("P1", "fold")
        (True, False, False)
        """
        try:
            self.verify_act(player, verb, amount)
        except IllegalAction:
            return False
        return True


class Legal(NamedTuple):
    """A legal action for the player to act.

    ``amount`` is set when the verb costs exactly one amount; ``min``/``max`` when the
    player chooses the amount in a range (both inclusive).
    """

    verb: str
    amount: int | None = None
    min: int | None = None
    max: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verb": self.verb}
        if self.amount is not None:
            out["amount"] = self.amount
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        return out


class PotJson(TypedDict):
    """A pot as the replay output and the showdown write it (:meth:`Pot.to_json`)."""

    amount: int
    winners: list[str]


#: A payment as the replay output and the showdown write it (:meth:`Payment.to_json`):
#: ``from`` a player or ``"pool"``, ``to`` a player or ``"flambeau"``.
PaymentJson = TypedDict("PaymentJson", {"from": str, "to": str, "amount": int})


class Pot(NamedTuple):
    """One stage of the payout: what was paid and to whom."""

    amount: int
    winners: tuple[str, ...]

    def to_json(self) -> PotJson:
        return {"amount": self.amount, "winners": list(self.winners)}


class Payment(NamedTuple):
    """A brelan payment or flambeau chip (``to == "flambeau"``)."""

    payer: str
    payee: str
    amount: int

    def to_json(self) -> PaymentJson:
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class Player:
    """A player of one hand: ``stack`` is what he holds before the ante."""

    name: str
    stack: int


@dataclass(slots=True)
class HandRecord:
    """Everything needed to rebuild a hand: the docs/scenarios.md file, plus game-specific keys.

    ``players`` are in order of play, dealer last. ``carried`` is what lies on the table from
    the previous deal (a refait's pool, a Brag pot won blind); ``refaits`` counts the refaits
    in a row before this deal (for the flambeau). ``extra`` holds keys a game adds (Brag).
    """

    game: str
    players: list[Player]
    hands: dict[str, list[Card]]
    options: dict[str, Any] = field(default_factory=dict)
    retourne: Card | None = None
    actions: list[Action] = field(default_factory=list)
    carried: int = 0
    refaits: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    KNOWN_KEYS = (
        "game",
        "options",
        "players",
        "hands",
        "retourne",
        "actions",
        "carried",
        "refaits",
        "expect",
    )

    @classmethod
    def from_json(cls, raw: Any, extra_keys: Sequence[str] = ()) -> HandRecord:
        """Read a scenario object; raises :class:`SetupError` with a plain message."""
        if not isinstance(raw, Mapping):
            raise SetupError("a scenario is a JSON object")
        game = raw.get("game")
        if not isinstance(game, str):
            raise SetupError('the scenario must name its "game": brelan, bouillotte or brag')
        options = raw.get("options", {}) or {}
        if not isinstance(options, Mapping):
            raise SetupError('"options" must be an object of option names and values')
        players_raw = raw.get("players")
        if not isinstance(players_raw, list) or not players_raw:
            raise SetupError('"players" must list the players in order, the dealer last')
        players: list[Player] = []
        for p in players_raw:
            if not isinstance(p, Mapping) or not isinstance(p.get("name"), str):
                raise SetupError('each player is {"name": ..., "stack": ...}')
            stack = p.get("stack")
            if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
                raise SetupError(f"{p['name']}'s stack must be a whole number of chips, 0 or more")
            players.append(Player(p["name"], stack))
        names = [p.name for p in players]
        if len(set(names)) != len(names):
            raise SetupError("two players have the same name")
        hands_raw = raw.get("hands", {}) or {}
        if not isinstance(hands_raw, Mapping):
            raise SetupError('"hands" must map each player to his cards')
        hands: dict[str, list[Card]] = {}
        for name, cards in hands_raw.items():
            if name not in names:
                raise SetupError(f"cards are given for {name}, who is not a player")
            if not isinstance(cards, list):
                raise SetupError(f'{name}\'s cards must be a list like ["Ah", "Kd", "9c"]')
            hands[name] = parse_cards(cards)
        retourne_raw = raw.get("retourne")
        retourne = parse_card(retourne_raw) if retourne_raw is not None else None
        actions_raw = raw.get("actions", []) or []
        if not isinstance(actions_raw, list):
            raise SetupError('"actions" must be a list of [player, verb] or [player, verb, amount]')
        actions = [Action.from_json(a) for a in actions_raw]
        carried = raw.get("carried", 0)
        refaits = raw.get("refaits", 0)
        for key, value in (("carried", carried), ("refaits", refaits)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SetupError(f'"{key}" must be a whole number, 0 or more')
        # "fair" (docs/fairness-spec.md) and "choice" (Brag's dealer's choice before the deal)
        # travel with a record; the rules never read them.
        extra_keys = (*extra_keys, "fair", "choice")
        extra = {k: raw[k] for k in extra_keys if k in raw}
        unknown = [k for k in raw if k not in cls.KNOWN_KEYS and k not in extra_keys]
        if unknown:
            raise SetupError(f"unknown key(s) in the scenario: {', '.join(map(str, unknown))}")
        return cls(
            game=game,
            players=players,
            hands=hands,
            options=dict(options),
            retourne=retourne,
            actions=actions,
            carried=carried,
            refaits=refaits,
            extra=extra,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "options": dict(self.options),
            "players": [{"name": p.name, "stack": p.stack} for p in self.players],
            "hands": {n: [c.code for c in cs] for n, cs in self.hands.items()},
        }
        if self.retourne is not None:
            out["retourne"] = self.retourne.code
        out["actions"] = [a.to_json() for a in self.actions]
        if self.carried:
            out["carried"] = self.carried
        if self.refaits:
            out["refaits"] = self.refaits
        out.update(self.extra)
        return out


def replay_summary(
    finished: bool,
    stacks: dict[str, int],
    pots: Sequence[Pot],
    payments: Sequence[Payment],
    carried: int,
    to_act: str | None,
    legal: Sequence[Legal],
) -> dict[str, Any]:
    """The output object of docs/scenarios.md for a finished or pending hand."""
    if finished:
        return {
            "finished": True,
            "stacks": stacks,
            "pots": [p.to_json() for p in pots],
            "payments": [p.to_json() for p in payments],
            "carried": carried,
        }
    return {
        "finished": False,
        "to_act": to_act,
        "legal": [a.to_json() for a in legal],
        "stacks": stacks,
    }


class HandState(Protocol):
    """What every game's hand offers to the runtime and the replay command.

    One check per move, as PokerKit's states do: ``verify_act`` checks a move and returns it
    normalised (a :class:`Move`) or raises a precise ``IllegalAction``, changing nothing;
    ``can_act`` asks it; ``apply`` plays a move that ``verify_act`` returned in the state
    the hand is in, without checking it again; ``act`` is ``apply(verify_act(...))`` (the
    replay, the tests). A verb may be given as a :class:`Verb` or as its word. An engine may
    leave ``verify_act``, ``can_act`` and ``apply`` out (the toy game of
    ``tests/test_game_registry.py``): the runtime then lets its ``act`` check each move.
    """

    @property
    def finished(self) -> bool: ...

    @property
    def to_act(self) -> str | None: ...

    def legal_actions(self) -> list[Legal]: ...

    def verify_act(self, player: str, verb: Verb | str, amount: Amount = None) -> Move: ...

    def can_act(self, player: str, verb: Verb | str, amount: Amount = None) -> bool: ...

    def apply(self, move: Move) -> list[Event]: ...

    def act(self, player: str, verb: Verb | str, amount: Amount = None) -> list[Event]: ...

    def stacks(self) -> dict[str, int]: ...

    def summary(self) -> dict[str, Any]: ...
