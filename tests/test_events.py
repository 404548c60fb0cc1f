"""Typed events (bot.games.events): every event of real seeded hands of the three games and
of their sessions has exactly the data of its kind's shape, every kind is some engine's, and
every event's catalogue line finds each variable it uses (no Fluent error, in either
language)."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from bot.games import events as ev
from bot.games.base import Event
from bot.games.brag_bench import random_hand
from bot.games.cards import Shuffler
from bot.games.events import SHAPES, EventKind
from bot.games.options import BragOptions, parse_options
from bot.games.session import TableSession
from bot.i18n import LANGS, render
from bot.runtime.games import ABSENT, GAME_RULES
from tests.test_public_state import check
from tests.test_verify_act import brelan_hand


def _random_move(hand: Any, rng: random.Random) -> tuple[str, Any]:
    a = rng.choice(hand.legal_actions())
    if a.verb == "discard":
        cards = hand.held[hand.index[hand.to_act]][0]
        return a.verb, tuple(c.code for c in rng.sample(list(cards), a.amount))
    if a.min is not None and a.max is not None:
        return a.verb, rng.randint(a.min, a.max)
    return a.verb, a.amount


def brelan_events(rng: random.Random, hands: int) -> list[tuple[str, Event]]:
    """The events of seeded Brelan and Bouillotte hands, their sessions' included."""
    out: list[tuple[str, Event]] = []
    for _ in range(hands):
        hand = brelan_hand(rng)
        while hand.to_act is not None:
            hand.act(hand.to_act, *_random_move(hand, rng))
        out += [(hand.options.game, e) for e in hand.events]
    session = TableSession.start("bouillotte", list("ABCDE"), Shuffler(seed=3), seats=4)
    session.charlemagne("A")
    session.add_reserve_cave("B", 9)
    stacks = {"A": 30, "B": 0, "C": 0, "D": 40}
    out += [("bouillotte", e) for e in session.end_of_hand(stacks, recaves={"C": 5})]
    return out


def brag_events(rng: random.Random, hands: int) -> list[tuple[str, Event]]:
    out: list[tuple[str, Event]] = []
    variants: list[dict[str, Any]] = [
        {},
        {"cards": 4},
        {"cards": 5, "blind_allowed": False},
        {"common_showdown": True},
        {"blind_keep": "face_up"},
    ]
    for i in range(hands):
        options = parse_options("brag", variants[i % len(variants)])
        assert isinstance(options, BragOptions)
        hand = random_hand(rng, rng.randint(2, 6), rng.randint(5, 60), options)
        while hand.to_act is not None:
            hand.act(hand.to_act, *_random_move(hand, rng))
        out += [("brag", e) for e in hand.events]
    return out


@pytest.fixture(scope="module")
def events() -> list[tuple[str, Event]]:
    rng = random.Random(31)
    return brelan_events(rng, 400) + brag_events(rng, 400)


def engine(game: str) -> str:
    return "brag" if game == "brag" else "brelan"


def test_every_event_has_the_data_of_its_kinds_shape(events: list[tuple[str, Event]]) -> None:
    seen: dict[str, set[EventKind]] = {"brelan": set(), "brag": set()}
    for game, event in events:
        assert isinstance(event.kind, EventKind), event
        shape = SHAPES[engine(game)][event.kind]
        check(dict(event.data), shape, f"{game} {event.kind}")
        seen[engine(game)].add(event.kind)
    # the seeded hands meet every kind but the rarest (a flambeau's, a sans-plus round's...)
    assert len(seen["brelan"]) >= 18 and len(seen["brag"]) >= 15, seen


def test_every_kind_is_some_engines_and_every_shape_a_kinds() -> None:
    assert {k for shapes in SHAPES.values() for k in shapes} == set(EventKind)
    shapes = [v for v in vars(ev).values() if isinstance(v, ev.Shape)]
    for shape in shapes:
        assert any(shape.kind in by_kind for by_kind in SHAPES.values()), shape
    assert {s.kind for s in shapes} == set(EventKind)


def test_a_shape_reads_only_its_own_kind() -> None:
    e = ev.RETURN.event("P1", {"amount": 3})
    assert ev.RETURN.of(e)["amount"] == 3 and e.to_json() == {
        "kind": "return",
        "player": "P1",
        "amount": 3,
    }
    with pytest.raises(ValueError, match="the event is return, not pot"):
        ev.BRELAN_POT.of(e)


def test_what_an_absent_key_means_is_said_only_of_keys_that_may_be_absent() -> None:
    for kind, meanings in ABSENT.items():
        optional = {
            key for shapes in SHAPES.values() if kind in shapes
            for key in shapes[kind].__optional_keys__
        }  # fmt: skip
        assert set(meanings) <= optional, (kind, meanings)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_line_finds_every_variable_it_uses(
    lang: str, events: list[tuple[str, Event]], caplog: pytest.LogCaptureFixture
) -> None:
    lines = 0
    for game, event in events[::3]:
        for said, _data in GAME_RULES[game].narrate([event]):
            assert render(lang, said) != "…", said
            lines += 1
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors[:5]
    assert lines > 1000
