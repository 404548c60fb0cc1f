"""Lessons through the real runtime (no Discord): every lesson plays to its end, each of its
explanations matches what the engine then does (a lesson that says otherwise fails), it
shows no card before its time, reads in both languages, and docs/learn.md shows its first page.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from bot.games.cards import deck_preset
from bot.i18n import LANGS
from bot.learn.lessons import ANSELME, BERTHE, BRELAN, LESSONS
from bot.learn.pages import lesson_document, moves
from bot.learn.runner import LessonBroken, LessonRun, Page
from bot.learn.script import YOU, Fact, Lesson, Move, line
from bot.view.document import document_lines
from bot.view.words import cards

LEARNER = 1000
ROOT = Path(__file__).resolve().parents[1]
#: Every card as a page writes it (in red and black), by code.
WRITTEN = {c.code: cards([c.code]) for c in deck_preset("52")}


async def play(lesson: Lesson) -> tuple[list[Page], list[str]]:
    """Every page of the lesson, its moves played as it asks; and its mismatches."""
    run = await LessonRun.open(lesson, LEARNER)
    pages = [run.page]
    try:
        while not run.page.done:
            page = run.page
            if page.more:
                await run.next()
            else:
                assert page.suggested is not None
                await run.play(*page.suggested)
            assert run.page.step == page.step + 1
            pages.append(run.page)
    finally:
        await run.close()
    return pages, run.mismatches


@pytest.mark.parametrize("game", list(LESSONS))
async def test_every_lesson_plays_to_its_end_as_it_says(game: str) -> None:
    lesson = LESSONS[game]
    pages, mismatches = await play(lesson)
    assert mismatches == []
    assert len(pages) == lesson.pages()
    assert pages[-1].done and pages[-1].summary is not None
    assert sum(1 for p in pages if p.showdown is not None) == len(lesson.deals)
    for page in pages:
        for lang in LANGS:
            text = "\n".join(document_lines(lesson_document(lang, lesson, page, "terminal")))
            assert "…" not in text and "{" not in text and "$" not in text, text


@pytest.mark.parametrize("game", list(LESSONS))
async def test_a_lesson_shows_no_card_before_its_time(game: str) -> None:
    """Before a deal's showdown a page names only the learner's own cards (once he may see
    them) and the retourne (once turned)."""
    pages, _ = await play(LESSONS[game])
    for page in pages:
        if page.showdown is not None:
            continue
        hand = page.state["hand"]
        seen = set(page.cards or ())
        if hand is not None and hand.get("retourne"):
            seen.add(str(hand["retourne"]))
        text = "\n".join(document_lines(lesson_document("en", LESSONS[game], page, "discord")))
        shown = {code for code, written in WRITTEN.items() if written in text}
        assert shown <= seen, (page.step, shown - seen)


def wrong(lesson: Lesson, deal: int, key: str, **params: object) -> Lesson:
    """The lesson with one showdown line saying something else."""
    d = lesson.deals[deal]
    showdown = tuple(
        dataclasses.replace(item, params={**item.params, **params}) if item.key == key else item
        for item in d.showdown
    )
    deals = list(lesson.deals)
    deals[deal] = dataclasses.replace(d, showdown=showdown)
    return dataclasses.replace(lesson, deals=tuple(deals))


async def test_a_lesson_that_says_otherwise_fails() -> None:
    """“The retourne gives Anselme hearts”: the engine gives them to the learner."""
    told = wrong(
        BRELAN,
        0,
        "learn-brelan-folded-counts",
        owner=Fact("owner", ("h",), expect=ANSELME),
    )
    _, mismatches = await play(told)
    assert mismatches == [
        f"learn-brelan-folded-counts: owner(h) is {LEARNER}, the lesson says {ANSELME}"
    ]


async def test_a_lesson_whose_moves_are_not_the_engines_stops() -> None:
    deal = BRELAN.deals[0]
    swapped = (deal.moves[0], Move(BERTHE, "raise", 8), *deal.moves[2:])
    lesson = dataclasses.replace(BRELAN, deals=(dataclasses.replace(deal, moves=swapped),))
    run = await LessonRun.open(lesson, LEARNER)
    try:
        with pytest.raises(LessonBroken):
            await run.play("open", 4)
        assert run.mismatches == ["deal 1, move 2: 31 is to act, not 32"]
    finally:
        await run.close()


async def test_a_move_the_lesson_does_not_play_is_answered_not_played() -> None:
    run = await LessonRun.open(LESSONS["bouillotte"], LEARNER)
    try:
        page = run.page
        assert moves(page) == [("carre", 4), ("decline", None)]
        answer = await run.play("decline")
        assert answer.step == page.step and answer.note is not None
        assert run.manager.tables[run.table].record.actions == []  # type: ignore[union-attr]
        text = "\n".join(document_lines(lesson_document("en", run.lesson, answer, "discord")))
        assert "Not this time: this lesson plays **Carre** here" in text
        assert (await run.play("carre", 4)).step == page.step + 1
    finally:
        await run.close()


def test_every_lesson_line_names_a_fact_the_lesson_can_read() -> None:
    from bot.learn.facts import FACTS

    for lesson in LESSONS.values():
        for deal in lesson.deals:
            items = [*deal.intro, *deal.showdown]
            items += [i for m in deal.moves for i in (*m.before, *m.after)]
            for item in items:
                facts = [v for v in item.params.values() if isinstance(v, Fact)]
                for fact in [*facts, *item.checks]:
                    assert fact.name in FACTS, (item.key, fact.name)
        assert lesson.players()[0] == YOU


async def test_the_docs_show_the_first_lines_of_a_lesson_in_french() -> None:
    from bot.ui.showcase import lesson_markdown

    sample = await lesson_markdown()
    page = (ROOT / "docs/learn.md").read_text(encoding="utf-8")
    assert sample in page  # regenerate with python -m bot.ui.showcase
    assert re.search(r"Leçon\u00a0: Bouillotte \(1/6\)", sample)


def test_a_line_helper_keeps_its_checks() -> None:
    item = line("learn-you-win", checks=(Fact("winner", expect=YOU),), n=3)
    assert item.params == {"n": 3} and item.checks[0].name == "winner"
