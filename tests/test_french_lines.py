"""French lines the code puts together keep French typography: a space before the colon
("🤖 Delphine : V♥"), written by the catalogue, never by an f-string."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import Message
from bot.view.table import showdown_document
from tests.public_states import showdown_report

ROOT = Path(__file__).resolve().parents[1]
#: A colon right after a word, a mention or a card (not in a URL nor a custom emoji).
TIGHT = re.compile(r"[\w>)\ufe0f♠♥♦♣]:(?!//|\w)")


def test_the_showdown_hands_in_french_have_a_space_before_the_colon() -> None:
    data = showdown_report(
        game="bouillotte",
        view={
            "players": [
                {"name": "1", "cards": ["Ah", "Ad", "As"]},
                {"name": "2", "cards": ["Kc", "Qc", "Jc"], "folded": True},
            ]
        },
        combos={"1": Message.of("combo-brelan", rank="A")},
        pots=[{"amount": 16, "winners": ["1"]}],
    )
    hands = showdown_document("fr", "bouillotte", data).section("hands")
    assert hands is not None and hands.lines
    for line in hands.lines:
        assert "\u00a0:" in line and not TIGHT.search(line), line
    english = showdown_document("en", "bouillotte", data).section("hands")
    assert english is not None and english.lines[0].startswith("<@1>: ")


def test_no_player_line_puts_a_colon_together_in_code() -> None:
    """The view and the Discord surface write "x: y" through the catalogue (``ui-labelled``),
    so that French gets its space: no f-string there glues a colon to a value."""
    glued = re.compile(r"""f["'][^"'\n]*\}: """)
    allowed = {"tournament_args.py"}  # the schedule's syntax a member types ("10 hands: 1,2")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("bot/view", "bot/ui", "cogs")
        for path in sorted((ROOT / folder).glob("*.py"))
        if path.name not in allowed
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if glued.search(line) and "log." not in line
    ]
    assert found == []


def test_the_carre_is_spelt_as_the_rules_spell_it() -> None:
    """The blind stake is the *carre* (RULES.md), its chain *contre-carre* and *sur-carre*;
    *carré* is only the square brelan ("brelan carré"), in the catalogue and in docs/."""
    square = re.compile(r"brelans? carrés?", re.IGNORECASE)
    found = []
    for path in [*ROOT.glob("bot/i18n/locales/*/*.ftl"), *ROOT.glob("docs/*.md")]:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            rest = square.sub("", line)
            if re.search(r"carré|surcarr", rest, re.IGNORECASE):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:60]}")
    assert found == []
