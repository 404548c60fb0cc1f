"""The one definition of each table option (docs/options.md) and what is made from it."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from bot.games.options import GAMES, option_names
from bot.i18n import LANGS, has, render
from bot.runtime.errors import OptionRefused
from bot.runtime.option_schema import NAMED, RUNTIME_SPECS, check_typed, docs_table, spec, specs
from bot.ui.options_text import parse_table_options

ROOT = Path(__file__).resolve().parents[1]


def test_the_docs_table_is_the_schema() -> None:
    doc = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    assert docs_table() in doc, (
        "run: python -c 'from bot.runtime.option_schema import docs_table; print(docs_table())'"
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_option_of_the_engine_has_a_definition(game: str) -> None:
    assert set(option_names(game)) <= set(specs(game))
    for name, option in specs(game).items():
        assert has(f"option-help-{name}"), name
        for value in option.choices:
            assert has(f"option-value-{name}-{value}"), (name, value)


def test_the_named_parameters_take_the_options_bounds() -> None:
    from cogs.tables import Tables

    parameters = {p.name: p for p in Tables.create.parameters}
    for parameter, option in NAMED.items():
        declared = parameters[parameter]
        assert (declared.min_value, declared.max_value) == (spec(option).low, spec(option).high)


#: Options typed wrong, and words of the refusal in each language.
REFUSED: list[tuple[str, dict[str, str]]] = [
    (
        "turn_timeout=0.5",
        {
            "en": "whole number of seconds from 10 to 3,600",
            "fr": "nombre entier de secondes de 10 à 3\u202f600",
        },
    ),
    ("turn_timeout=9", {"en": "from 10 to 3,600", "fr": "de 10 à 3\u202f600"}),
    ("next_hand_delay=601", {"en": "seconds from 0 to 600", "fr": "secondes de 0 à 600"}),
    (
        "max_raise=0",
        {"en": "from 1 to 1,000,000, or `none`", "fr": "de 1 à 1\u202f000\u202f000, ou `none`"},
    ),
    ("notify=loud", {"en": "cannot be “loud”", "fr": "ne peut pas valoir «\u00a0loud\u00a0»"}),
    ("auto_deal=2", {"en": "must be `on` or `off`", "fr": "vaut `on` ou `off`"}),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("typed", "words"), REFUSED)
def test_the_options_text_is_refused_in_words(lang: str, typed: str, words: dict[str, str]) -> None:
    with pytest.raises(OptionRefused) as refused:
        parse_table_options(typed, "brag")
    assert words[lang] in render(lang, refused.value.message)


def test_whole_numbers_pass_and_keep_their_type() -> None:
    got: dict[str, Any] = parse_table_options("turn_timeout=10 cave=2,5", None)
    assert got == {"turn_timeout": 10, "cave": "2,5"}
    assert check_typed("brelan", {"turn_timeout": 3600, "max_hands": "none"}) == {
        "turn_timeout": 3600,
        "max_hands": None,
    }


def test_every_runtime_option_is_read_by_the_runtime() -> None:
    from bot.runtime.settings import RUNTIME_KEYS, Settings

    fields = set(inspect.signature(Settings).parameters)
    for option in RUNTIME_SPECS:
        assert option.name in RUNTIME_KEYS and option.name in fields, option.name
