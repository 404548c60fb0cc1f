"""The message catalogue: every key in both languages, with the same parameters, rendering
cleanly, in French typography."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGS, Message, keys, render, variables

SAMPLE = {"n": 3, "chips": 3, "amount": 3, "player": "@Berthe", "table": 2, "hand": 5}


def test_every_key_exists_in_every_language() -> None:
    missing = {lang: sorted(keys("en") ^ keys(lang)) for lang in LANGS}
    assert all(not m for m in missing.values()), missing


def test_every_language_uses_the_same_parameters() -> None:
    en = variables("en")
    for lang in LANGS:
        for key, names in variables(lang).items():
            assert names == en[key], (lang, key)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_renders_without_a_placeholder_left(lang: str) -> None:
    for key, names in variables(lang).items():
        text = render(lang, key, **{n: SAMPLE.get(n, 1) for n in names})
        assert text and "{" not in text and "$" not in text and text != "…", (lang, key)


def test_french_punctuation_has_its_space() -> None:
    """« : ; ? ! » take a (no-break) space before them in French (not in a URL or a code)."""
    tight = re.compile(r"[A-Za-zÀ-ÿ0-9»)][:;?!]")
    for key, names in variables("fr").items():
        text = render("fr", key, **{n: SAMPLE.get(n, 1) for n in names})
        text = re.sub(r"`[^`]*`|https?://\S+|<[^>]*>", "", text)
        assert not tight.search(text), (key, text)


def test_plural_forms_follow_each_language() -> None:
    assert [render("fr", "chips", n=n) for n in (0, 1, 2)] == ["0 jeton", "1 jeton", "2 jetons"]
    assert [render("en", "chips", n=n) for n in (0, 1, 2)] == ["0 chips", "1 chip", "2 chips"]


def test_an_unknown_key_is_never_shown_raw() -> None:
    assert render("fr", Message.of("no-such-key", n=1)) == "…"
