"""The terminal's lessons (``python -m bot.play --learn GAME``) and its hints: a lesson typed
to its end, a move the lesson does not play answered, ``h`` answered with the strong house
player's move at a practice table and refused at a real one."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console

from bot.i18n import Lang
from bot.play.lesson import learn
from tests.test_play_terminal import run_typed


def test_a_lesson_is_typed_to_its_end() -> None:
    # Brag: fold (2) is not the lesson's move; then bet blind (3), look (1), see (3)
    done = run_typed(["--learn", "brag", "--lang", "en"], "2\n3\n1\n3\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Lesson: Brag (1/4)" in out and "Lesson: Brag (4/4)" in out
    assert "Not this time: this lesson plays Bet 1 here" in out
    assert "In short: blind, your bets count double" in out
    assert "python -m bot.play --game brag" in out.replace("\n", "")  # wrapped at 100
    assert "<@" not in out and "**" not in out  # names and bold, no Discord markup


def test_a_lesson_in_french_goes_on_to_its_next_deal() -> None:
    done = run_typed(["--learn", "bouillotte", "--lang", "fr"], "1\n2\n1\n\n3\n")
    assert done.returncode == 0, done.stderr
    assert "Donne suivante" not in done.stdout  # typed Enter, not a button
    assert "Appuyez sur Entrée pour la donne suivante." in done.stdout
    assert "Leçon\u00a0: Bouillotte (6/6)" in done.stdout


def test_h_asks_for_a_hint_at_a_practice_table_only() -> None:
    typed = "\n".join(["h", *["1"] * 30])
    practice = run_typed(["--game", "brelan", "--hands", "1", "--lang", "en"], typed)
    assert practice.returncode == 0, practice.stderr
    assert "Type h for a hint" in practice.stdout
    assert "The strong house player would play" in practice.stdout
    real = run_typed(
        ["--game", "brelan", "--hands", "1", "--lang", "en", "--options", "practice=off"], typed
    )
    assert real.returncode == 0, real.stderr
    assert "Hints are for practice tables only" in real.stdout
    assert "Type h for a hint" not in real.stdout


def lesson(game: str, lang: Lang, typed: list[str]) -> tuple[str, list[str]]:
    """The lesson's screen, typed in the test's process, and the prompts it asked."""
    keys, asked = list(typed), []

    async def ask(prompt: str) -> str | None:
        asked.append(prompt)
        return keys.pop(0) if keys else None

    out = io.StringIO()
    asyncio.run(learn(game, lang, "Alex", 1000, Console(file=out, width=200), ask))
    return out.getvalue(), asked


def test_a_wrong_key_in_a_lesson_is_answered_under_the_prompt() -> None:
    # Brag's first page: ², fold (2), h, then bet blind (3)
    out, asked = lesson("brag", "en", ["²", "2", "h", "?", "3"])
    first = out.split("Lesson: Brag (2/4)")[0]
    assert first.count("Lesson: Brag (1/4)") == 1, first  # the page is not printed again
    assert "“²” is not one of the moves: type a number from 1 to 3." in first
    assert "Not this time: this lesson plays Bet 1 here" in first and "type 3." in first
    assert first.count("In this lesson, play Bet 1: type 3.") == 2, first  # h and ?
    assert asked[:5] == ["Type the number of your move:"] * 5
    assert "press it" not in out and "Read why below" not in out


def test_the_lesson_s_closing_hint_keeps_the_language() -> None:
    out, _ = lesson("brag", "fr", ["3", "1", "3"])
    assert "python -m bot.play --game brag --lang fr" in out, out[-800:]
