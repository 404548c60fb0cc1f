"""A lesson in the terminal (``python -m bot.play --learn GAME``): the same lesson as
``/learn`` (:mod:`bot.learn`), its pages printed as the terminal prints a table, its moves
typed by number."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from rich.console import Console

from bot.i18n import Lang, render
from bot.learn.lessons import LESSONS
from bot.learn.pages import NEXT, lesson_document
from bot.learn.runner import LessonRun
from bot.play.terminal import TerminalPresenter, choice_line, quits
from bot.view.document import document_lines

#: What the player types: one line, None at the end of input.
Ask = Callable[[str], Awaitable[str | None]]


async def learn(game: str, lang: Lang, name: str, me: int, console: Console, ask: Ask) -> int:
    """Play ``game``'s lesson to its end (or until the player quits); the pages read."""
    lesson = LESSONS[game]
    screen = TerminalPresenter(console, lang, me, name, game)
    run = await LessonRun.open(lesson, me)
    pages = 0
    try:
        while True:
            page = run.page
            doc = lesson_document(lang, lesson, page, "terminal")
            if console.is_terminal:
                console.clear()
            console.rule()
            for line in document_lines(doc):
                screen.say(line)
            pages += 1
            if page.done:
                break
            console.rule()
            if page.more:
                if quits(await ask(render(lang, "learn-terminal-next"))):
                    break
                await run.next()
                continue
            actions = [a for a in doc.actions if a.verb != NEXT]
            for number, action in enumerate(actions, 1):
                screen.say(choice_line(lang, number, action))
            typed = await ask(render(lang, "learn-terminal-choose"))
            if quits(typed):
                break
            parsed = screen.choice(typed or "", actions)
            if parsed is not None:
                await run.play(parsed[0].verb, parsed[1])
    finally:
        await run.close()
    return pages
