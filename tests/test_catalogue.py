"""The message catalogue: every key in both languages, with the same parameters, rendering
cleanly, in French typography."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.house.advice import REASONS
from bot.house.talk import LINES
from bot.i18n import LANGS, Message, has, keys, render, variables
from bot.i18n.people import HOUSE_LEVELS, HOUSE_TRAITS

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


def test_a_text_asked_again_is_the_same_and_a_fault_is_logged_each_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The catalogue keeps what it wrote: the same words again, a parameter's type still
    counts (True is no 1), and a text that logged an error logs it again."""
    assert render("en", "chips", n=1) == render("en", "chips", n=1) == "1 chip"
    assert render("en", "web-count", n=1) != render("en", "web-count", n=True)
    for _ in range(2):
        caplog.clear()
        with caplog.at_level("ERROR", logger="bot.i18n"):
            assert render("en", "no-such-key-at-all", n=1) == "…"
        assert "no-such-key-at-all" in caplog.text


def test_french_punctuation_space_does_not_break() -> None:
    """The space before « : » is a no-break space, before « ; ! ? » a narrow one: a line
    never starts with a lone colon."""
    for key, names in variables("fr").items():
        text = render("fr", key, **{n: SAMPLE.get(n, 1) for n in names})
        text = re.sub(r"`[^`]*`|https?://\S+|<[^>]*>", "", text)
        assert not re.search(r" [:;!?]", text), (key, text)


ROOT = Path(__file__).resolve().parents[1]
#: Keys written in the code as a literal string: render(…, "key"), TableError("key"), …
LITERAL_KEY = re.compile(r"""["']((?:[a-z0-9]+-)+[a-z0-9_]+|chips)["']""")
#: Keys the code builds from a prefix (f"event-{kind}", f"label-{verb}", …).
BUILT = (
    "event-", "combo-", "verb-", "label-", "help-", "metric-", "period-", "rules-",
    "log-", "done-", "option-", "refuse-", "notify-choice-", "house-level-", "verify-problem-",
    "choice-", "web-visibility-", "house-trait-", "talk-", "advice-",
)  # fmt: skip


def code_keys() -> set[str]:
    """Every key the code and the web pages' templates name."""
    found = set()
    sources = [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/*.py"), *ROOT.glob("bot/web/**/*.html")]
    for path in sources:
        found.update(LITERAL_KEY.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_key_the_code_names_is_in_the_catalogue() -> None:
    every = keys("en")
    prefixes = ("refuse-", "done-", "log-", "ui-", "dm-", "wallet-", "admin-", "history-", "web-")
    named = {k for k in code_keys() if k.startswith(prefixes)}
    assert named - every == set()


def test_no_message_is_left_unused() -> None:
    """A key no code names (nor builds from a known prefix) is dead text to translate."""
    used = code_keys()
    dead = sorted(k for k in keys("en") if k not in used and not k.startswith(BUILT))
    assert dead == []


def test_english_says_their_not_his() -> None:
    """A player may be anyone: the English texts never assume he is a man."""
    for key, names in variables("en").items():
        text = render("en", key, **{n: SAMPLE.get(n, 1) for n in names})
        assert not re.search(r"\b(?:he|him|his|himself)\b", text), (key, text)


def test_every_house_level_has_its_word() -> None:
    assert all(has(f"house-level-{level}") for level in HOUSE_LEVELS)


def test_every_house_word_is_in_both_languages_and_none_is_dead() -> None:
    """Traits, table talk and the strong level's reasons are built keys: each one the code
    builds has its English and French, and the catalogue holds no other."""
    built = {f"house-trait-{t}" for t in (*HOUSE_TRAITS, "plain")}
    built |= {key for _, lines in LINES.values() for key in lines}
    built |= set(REASONS)
    for lang in LANGS:
        assert all(key in keys(lang) for key in built), lang
        found = {k for k in keys(lang) if k.startswith(("house-trait-", "talk-", "advice-"))}
        assert found == built, lang


def test_every_verb_has_its_words() -> None:
    from bot.runtime.errors import VERBS

    for verb in VERBS:
        assert all(has(f"{kind}-{verb}") for kind in ("verb", "label", "help")), verb


#: One refusal, one wording (issue 27): the key kept for each refusal the runtime and the
#: table's buttons both gave, and the key gone from both catalogues.
MERGED = {
    "ui-it-not-your-turn-speak": "refuse-not-your-turn",  # the kept one names who is to act
    "refuse-not-in-hand": "ui-you-are-not-playing-in",
    "refuse-not-seated": "ui-you-are-not-seated-at",
    "refuse-stale-button": "ui-that-button-belongs-hand-that",
}


@pytest.mark.parametrize("lang", LANGS)
def test_each_merged_refusal_has_one_key_the_code_uses(lang: str) -> None:
    used = code_keys()
    for kept, gone in MERGED.items():
        assert gone not in keys(lang) and gone not in used, (lang, gone)
        assert kept in keys(lang), (lang, kept)
    for key in ("refuse-not-in-hand", "refuse-not-seated"):
        assert key in used
    # the kept wordings lose nothing: who is to act, what to press instead
    assert "<@7>" in render(lang, "ui-it-not-your-turn-speak", w=7)
    assert render(lang, "refuse-stale-button").count(";") == 1


def test_the_not_your_turn_refusal_is_the_runtimes_and_the_buttons() -> None:
    """One refusal, raised once: the runtime's turn check, which the buttons ask."""
    from bot.runtime.manager import NOT_YOUR_TURN

    assert NOT_YOUR_TURN == "ui-it-not-your-turn-speak"
    clicks = (ROOT / "bot/ui/clicks.py").read_text(encoding="utf-8")
    acting = (ROOT / "bot/runtime/acting.py").read_text(encoding="utf-8")
    assert "TableError(NOT_YOUR_TURN, w=" in acting
    assert "verify_turn(" in clicks and "NOT_YOUR_TURN" not in clicks


def test_each_family_of_table_refusals_names_keys_of_the_catalogue() -> None:
    """The families of :class:`~bot.runtime.errors.TableError` (a class per kind of refusal a
    caller tells apart) hold catalogue keys, each in one family; ``TableError(key)`` is an
    instance of the key's family, so a raise site never has to name it."""
    from bot.runtime import errors

    families = [
        c
        for c in vars(errors).values()
        if isinstance(c, type) and issubclass(c, errors.TableError) and c.keys
    ]
    assert {f.__name__ for f in families} >= {"NotYourTurn", "StaleButton", "OptionRefused"}
    for family in families:
        for key in family.keys:
            assert all(key in keys(lang) for lang in LANGS), (family.__name__, key)
            refusal = errors.TableError(key)
            assert type(refusal) is family and refusal.message.key == key
    assert type(errors.TableError("refuse-chips")) is errors.TableError
