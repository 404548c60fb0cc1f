"""A hint or a lesson's move ends with one stop: a button's "…" (a move that opens a
choice) never runs into the sentence's full stop ("jouerait : Écarter…." is gone)."""

from __future__ import annotations

import re

import pytest

from bot.house.advice import REASONS
from bot.house.thought import Advice
from bot.i18n import LANGS, render, variables
from bot.runtime.errors import VERBS
from bot.view.explain import hint_text
from bot.view.words import said_label

#: Two stops in a row, whatever markup stands between them ("…**.", "..").
DOUBLE_STOP = re.compile(r"[.…!?][*_`]*\.")


@pytest.mark.parametrize("lang", LANGS)
def test_no_hint_ends_with_two_stops(lang: str) -> None:
    amounts: tuple[object, ...] = (None, 4, ("As", "Kd"))
    for verb in VERBS:
        for amount in amounts:
            for reason in REASONS:
                params = {name: 3 for name in variables(lang)[reason]}
                advice = Advice(verb, amount, reason, params)  # type: ignore[arg-type]
                text = hint_text(lang, advice)
                assert not DOUBLE_STOP.search(text), (verb, amount, reason, text)


@pytest.mark.parametrize("lang", LANGS)
def test_a_lessons_move_ends_with_one_stop(lang: str) -> None:
    for verb in VERBS:
        for amount in (None, 4):
            text = render(lang, "learn-suggest", move=said_label(lang, verb, amount))
            assert not DOUBLE_STOP.search(text), (verb, text)


def test_a_move_that_opens_a_choice_is_said_without_its_dots() -> None:
    assert said_label("fr", "discard") == "Écarter"
    hint = hint_text("fr", Advice("discard", None, "advice-plain"))
    assert "**Écarter**." in hint
