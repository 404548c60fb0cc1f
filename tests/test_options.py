"""Table options: the defaults of the docs/scenarios.md table, every valid value, bad values."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import OptionError
from bot.games.options import (
    BragOptions,
    BrelanOptions,
    option_fields,
    option_names,
    parse_options,
)

#: The options table of docs/scenarios.md, Brelan and Bouillotte columns.
BRELAN_DEFAULTS: dict[str, Any] = {
    "deck": "28",
    "ante": 1,
    "ante_by": "all",
    "min_raise": "1",
    "refait_dealer": "next",
    "carre": "off",
    "carre_chain": "academie",
    "sans_plus": False,
    "pot_rule": "recalculate",
    "brelan_pay": 0,
    "square_pay": 0,
    "flambeau": False,
}
BOUILLOTTE_DEFAULTS: dict[str, Any] = {
    **BRELAN_DEFAULTS,
    "deck": "auto",
    "refait_dealer": "same",
    "carre": "free",
    "sans_plus": True,
    "pot_rule": "single_suit",
    "brelan_pay": 2,
    "square_pay": 4,
}
#: The Brag column (plus shuffle_every_hand of docs/rules.md §4).
BRAG_DEFAULTS: dict[str, Any] = {
    "deck": "52",
    "ante": 1,
    "ante_by": "all",
    "cards": 3,
    "min_bet": 1,
    "max_bet": 10,
    "max_raise": None,
    "blind_allowed": True,
    "see_cost": "double",
    "wild": "none",
    "blind_keep": "keep",
    "common_showdown": False,
    "shuffle_every_hand": False,
}

#: Every listed value of the Brelan/Bouillotte options.
BRELAN_VALUES: dict[str, list[Any]] = {
    "deck": ["36", "32", "28", "24", "20", "20-pagat", "24-pagat", "16-pagat", "auto"],
    "ante": [0, 1, 2, 10],
    "ante_by": ["all", "dealer"],
    "min_raise": ["1", "last_raise"],
    "refait_dealer": ["next", "same"],
    "carre": ["off", "free", "forced"],
    "carre_chain": ["carre", "academie", "pagat"],
    "sans_plus": [True, False],
    "pot_rule": ["recalculate", "single_suit", "fixed"],
    "brelan_pay": [0, 1, 2, 5],
    "square_pay": [0, 4, 7],
    "flambeau": [True, False],
}

BRELAN_BAD_VALUES: list[tuple[str, Any]] = [
    ("deck", "52"),
    ("deck", "40"),
    ("deck", 28.5),
    ("ante", -1),
    ("ante", "1"),
    ("ante", 1.5),
    ("ante", True),
    ("ante", None),
    ("ante_by", "first"),
    ("min_raise", "2"),
    ("min_raise", "double"),
    ("refait_dealer", "previous"),
    ("carre", "on"),
    ("carre", True),
    ("carre_chain", "open"),
    ("sans_plus", "yes"),
    ("sans_plus", 1),
    ("sans_plus", None),
    ("pot_rule", "split"),
    ("brelan_pay", -2),
    ("brelan_pay", "2"),
    ("square_pay", False),
    ("flambeau", "false"),
    ("flambeau", 0),
]


@pytest.mark.parametrize(
    ("game", "defaults"),
    [("brelan", BRELAN_DEFAULTS), ("bouillotte", BOUILLOTTE_DEFAULTS), ("brag", BRAG_DEFAULTS)],
)
def test_defaults_match_the_scenarios_table(game: str, defaults: dict[str, Any]) -> None:
    options = parse_options(game, {})
    assert options.game == game
    assert options.to_dict() == defaults
    assert parse_options(game, None) == options
    assert set(option_names(game)) == set(defaults)
    assert set(option_fields(options)) == set(defaults)


def test_option_types() -> None:
    assert isinstance(parse_options("brelan"), BrelanOptions)
    assert isinstance(parse_options("bouillotte"), BrelanOptions)
    assert isinstance(parse_options("brag"), BragOptions)


@pytest.mark.parametrize("game", ["brelan", "bouillotte"])
@pytest.mark.parametrize(
    ("name", "value"), [(n, v) for n, values in BRELAN_VALUES.items() for v in values]
)
def test_every_listed_value_is_accepted(game: str, name: str, value: Any) -> None:
    options = parse_options(game, {name: value})
    assert getattr(options, name) == value
    # the other options keep their defaults
    defaults = BRELAN_DEFAULTS if game == "brelan" else BOUILLOTTE_DEFAULTS
    assert {k: v for k, v in options.to_dict().items() if k != name} == {
        k: v for k, v in defaults.items() if k != name
    }


def test_min_raise_written_as_a_number() -> None:
    # JSON writers vary: 1 and "1" are the same choice
    options = parse_options("brelan", {"min_raise": 1})
    assert options.min_raise == "1"  # type: ignore[union-attr]


def test_several_options_at_once() -> None:
    options = parse_options(
        "brelan", {"carre": "forced", "carre_chain": "pagat", "brelan_pay": 3, "flambeau": True}
    )
    assert isinstance(options, BrelanOptions)
    assert (options.carre, options.carre_chain, options.brelan_pay, options.flambeau) == (
        "forced",
        "pagat",
        3,
        True,
    )
    assert options.sans_plus is False


@pytest.mark.parametrize("game", ["brelan", "bouillotte"])
@pytest.mark.parametrize(("name", "value"), BRELAN_BAD_VALUES)
def test_bad_values_are_rejected(game: str, name: str, value: Any) -> None:
    with pytest.raises(OptionError, match=f"option {name}"):
        parse_options(game, {name: value})


@pytest.mark.parametrize("game", ["brelan", "bouillotte"])
@pytest.mark.parametrize("name", ["cards", "min_bet", "wild", "blind", "Deck", ""])
def test_unknown_option_names(game: str, name: str) -> None:
    with pytest.raises(OptionError, match="has no option"):
        parse_options(game, {name: 3})


def test_brag_options_are_not_brelan_options() -> None:
    with pytest.raises(OptionError, match="has no option 'pot_rule'"):
        parse_options("brag", {"pot_rule": "fixed"})


def test_unknown_game() -> None:
    with pytest.raises(OptionError, match="unknown game"):
        parse_options("poker", {})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("cards", 4),
        ("cards", 5),
        ("min_bet", 2),
        ("max_bet", 20),
        ("max_raise", 5),
        ("max_raise", "none"),
        ("blind_allowed", False),
        ("see_cost", "equal"),
        ("wild", "two_jokers"),
        ("wild", "suicide_king"),
        ("blind_keep", "face_up"),
        ("common_showdown", True),
        ("shuffle_every_hand", True),
    ],
)
def test_brag_values_accepted(name: str, value: Any) -> None:
    options = parse_options("brag", {name: value})
    expected = None if value == "none" else value
    assert getattr(options, name) == expected


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"cards": 6}, "cards"),
        ({"min_bet": 0}, "min_bet"),
        ({"min_bet": 5, "max_bet": 4}, "max_bet"),
        ({"max_raise": 0}, "max_raise"),
        ({"wild": "threes"}, "wild"),
        ({"see_cost": "triple"}, "see_cost"),
        ({"deck": "28"}, "deck"),
        ({"blind_allowed": "no"}, "blind_allowed"),
    ],
)
def test_brag_bad_values(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_options("brag", raw)


def test_option_error_names_the_choices() -> None:
    with pytest.raises(OptionError, match="recalculate, single_suit, fixed"):
        parse_options("brelan", {"pot_rule": "best"})
    with pytest.raises(OptionError, match="its options are: deck, ante"):
        parse_options("bouillotte", {"jokers": 2})
