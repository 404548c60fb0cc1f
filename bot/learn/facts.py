"""The facts a lesson's line may name, read from what the learner sees of the table.

A :class:`Snapshot` is the table's public state, the learner's own cards and, once the hands
are shown, the showdown: never another player's hidden card. :data:`FACTS` reads one fact of
it; :func:`resolve` turns a :class:`~bot.learn.script.Line` into a catalogue message, each
fact read now, and says where the lesson's ``expect`` and the engine disagree.

>>> from bot.learn.script import Fact, line
>>> from bot.runtime.public import quiet_state
>>> hand = {"pool": 4, "vade": 0, "players": [], "legal": [], "phase": "opening"}
>>> snap = Snapshot({**quiet_state(1), "hand": hand}, "1000", None, None, {})
>>> resolve(line("k", pool=Fact("pool", expect=5)), snap)
(Message(key='k', params=mappingproxy({'pool': 4})), ['k: pool() is 4, the lesson says 5'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.brag_rank import WILD_CARDS, facts, strength
from bot.games.cards import parse_cards
from bot.i18n import Message
from bot.learn.script import YOU, Cards, Fact, Line, Who
from bot.runtime.games import combo_message
from bot.runtime.public import PlayerView, PublicState, ShowdownReport
from bot.view.explain import card_points
from bot.view.words import cards, mention


@dataclass(frozen=True)
class Snapshot:
    """What the learner sees now: the table's public state, his own cards (None before he
    may see them), the showdown of this deal once shown, the table's rules options."""

    state: PublicState
    learner: str
    cards: tuple[str, ...] | None
    showdown: ShowdownReport | None
    rules: Mapping[str, Any]

    def name(self, who: str) -> str:
        """The engine's name of a lesson's player (:data:`~bot.learn.script.YOU`: the
        learner)."""
        return self.learner if who == YOU else who

    def player(self, who: str) -> PlayerView:
        hand = self.state["hand"]
        assert hand is not None, "no hand in play"
        return next(p for p in hand["players"] if p["name"] == self.name(who))

    def hand(self) -> Mapping[str, Any]:
        hand = self.state["hand"]
        assert hand is not None, "no hand in play"
        return hand

    def report(self) -> ShowdownReport:
        assert self.showdown is not None, "the hands are not shown yet"
        return self.showdown


# -- the facts: (kind, reader) -------------------------------------------------------------------
# kinds: "n" a number, "who" a player (engine name), "card" a code, "cards" codes, "combo" facts


def _legal(snap: Snapshot, verb: str, key: str) -> int:
    legal = next(a for a in snap.hand()["legal"] if a["verb"] == verb)
    return int(legal.get(key, legal.get("amount", 0)))


def _suit(snap: Snapshot, suit: str) -> tuple[str | None, int]:
    reveal = snap.report().get("reveal")
    assert reveal is not None, "a Brelan showdown"
    found = next(s for s in reveal["suits"] if s["suit"] == suit)
    return found["owner"], found["points"]


def _without_retourne(snap: Snapshot, suit: str) -> int:
    reveal = snap.report().get("reveal")
    assert reveal is not None, "a Brelan showdown"
    retourne = reveal["retourne"]
    points = _suit(snap, suit)[1]
    return points - card_points(retourne) if retourne[1] == suit else points


def _retourne(snap: Snapshot) -> str:
    """The retourne: on the table, or at the showdown."""
    if snap.state["hand"] is not None:
        return str(snap.hand()["retourne"])
    reveal = snap.report().get("reveal")
    assert reveal is not None, "a Brelan showdown"
    return reveal["retourne"]


def _paid(snap: Snapshot, payer: str, to: str) -> int:
    a, b = snap.name(payer), snap.name(to)
    return sum(p["amount"] for p in snap.report()["payments"] if p["from"] == a and p["to"] == b)


def _my_combo(snap: Snapshot) -> Any:
    assert snap.cards is not None, "the learner has seen his cards"
    wild = WILD_CARDS[str(snap.rules.get("wild", "none"))]
    return facts(strength(parse_cards(list(snap.cards)), wild))


def _combo_of(snap: Snapshot, who: str) -> Any:
    report = snap.report()
    name = snap.name(who)
    shown = report.get("shown")
    if shown is not None:
        return shown[name]["combo"]
    reveal = report.get("reveal")
    assert reveal is not None
    return reveal["combos"][name]


Reader = Callable[..., Any]
FACTS: dict[str, tuple[str, Reader]] = {
    "pool": ("n", lambda s: s.hand()["pool"]),
    "pot": ("n", lambda s: s.hand()["pot"]),
    "vade": ("n", lambda s: s.hand()["vade"]),
    "level": ("n", lambda s: s.hand()["level"]),
    "stake": ("n", lambda s, who: s.player(who)["stake"]),
    "stack": ("n", lambda s, who: s.player(who)["stack"]),
    "cost": ("n", lambda s: s.hand()["vade"] - s.player(YOU)["stake"]),
    "amount": ("n", lambda s, verb: _legal(s, verb, "amount")),
    "least": ("n", lambda s, verb: _legal(s, verb, "min")),
    "most": ("n", lambda s, verb: _legal(s, verb, "max")),
    "option": ("n", lambda s, name: s.rules[name]),
    "retourne": ("card", _retourne),
    "my_cards": ("cards", lambda s: s.cards),
    "my_combo": ("combo", _my_combo),
    "owner": ("who", lambda s, suit: _suit(s, suit)[0]),
    "points": ("n", lambda s, suit: _suit(s, suit)[1]),
    "points_without_retourne": ("n", _without_retourne),
    "winner": ("who", lambda s, stage="1": s.report()["pots"][int(stage) - 1]["winners"][0]),
    "won": ("n", lambda s, stage="1": s.report()["pots"][int(stage) - 1]["amount"]),
    "paid": ("n", _paid),
    "combo": ("combo", _combo_of),
}


def _value(kind: str, raw: Any) -> int | str | Message:
    """A fact's value as a message parameter."""
    if kind == "who":
        return mention(raw)
    if kind == "card":
        return Message.of("card", code=raw)
    if kind == "cards":
        return cards(raw)
    if kind == "combo":
        return combo_message(raw)
    return int(raw)


def read(fact: Fact, snap: Snapshot) -> tuple[int | str | Message, str | None]:
    """A fact's value now, and what is wrong when the lesson expected another."""
    kind, reader = FACTS[fact.name]
    raw = reader(snap, *fact.args)
    if fact.expect is None:
        return _value(kind, raw), None
    expected = snap.name(str(fact.expect)) if kind == "who" else fact.expect
    found = raw
    if kind == "combo":
        found = raw["kind"]
    if found == expected:
        return _value(kind, raw), None
    args = ", ".join(fact.args)
    return _value(kind, raw), f"{fact.name}({args}) is {found}, the lesson says {fact.expect}"


def resolve(item: Line, snap: Snapshot) -> tuple[Message, list[str]]:
    """The line as a catalogue message with every fact read now, and the facts that are
    not what the lesson says (each as ``"key: what"``)."""
    params: dict[str, Any] = {}
    wrong: list[str] = []
    for key, value in item.params.items():
        if isinstance(value, Fact):
            params[key], error = read(value, snap)
            if error is not None:
                wrong.append(f"{item.key}: {error}")
        elif isinstance(value, Who):
            params[key] = mention(snap.name(value.name))
        elif isinstance(value, Cards):
            params[key] = cards(value.codes)
        else:
            params[key] = value
    for fact in item.checks:
        error = read(fact, snap)[1]
        if error is not None:
            wrong.append(f"{item.key}: {error}")
    return Message.of(item.key, **params), wrong
