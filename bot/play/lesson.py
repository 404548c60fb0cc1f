"""A lesson in the terminal (``python -m bot.play --learn GAME``): the same lesson as
``/learn`` (:mod:`bot.learn`), its pages printed as the terminal prints a table, its moves
typed by number. A move the lesson does not play, a key that is no move, and ``h`` (or
``?``, the lesson's hint) are answered under the prompt, the page left in sight."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from rich.console import Console

from bot.i18n import Lang, render
from bot.learn.lessons import LESSONS
from bot.learn.pages import NEXT, lesson_document
from bot.learn.runner import LessonRun, Page
from bot.play.terminal import TerminalPresenter, choice_line, quits
from bot.view.document import ActionView, document_lines

#: What the player types: one line, None at the end of input.
Ask = Callable[[str], Awaitable[str | None]]
#: What asks for the lesson's hint.
HINT = ("h", "?")
#: The runner's answer to a move the lesson does not play.
NOT_THIS_TIME = "learn-not-this-time"


def suggestion(lang: Lang, key: str, page: Page, actions: Sequence[ActionView]) -> str:
    """``key`` said of the move the lesson plays on this page and the number that plays it."""
    verb, amount = page.suggested or ("", None)
    for number, action in enumerate(actions, 1):
        if action.verb == verb and (amount is None or action.amount == amount):
            return render(lang, key, move=action.label, number=number)
    return render(lang, "learn-terminal-choose")


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
            if not await _answer(run, screen, actions, ask):
                break
    finally:
        await run.close()
    return pages


async def _answer(
    run: LessonRun, screen: TerminalPresenter, actions: Sequence[ActionView], ask: Ask
) -> bool:
    """Ask the page's move until the lesson plays it; False when the player quits."""
    lang, page = screen.lang, run.page
    while True:
        typed = await ask(render(lang, "learn-terminal-choose"))
        if quits(typed):
            return False
        assert typed is not None
        if typed.strip().lower() in HINT:
            screen.say(suggestion(lang, "learn-terminal-hint", page, actions), "cyan")
            continue
        parsed = screen.choice(typed, actions)
        if parsed is None:
            continue
        after = await run.play(parsed[0].verb, parsed[1])
        if after.note is None or after.note.key != NOT_THIS_TIME:
            return True
        run.page = page  # the page stays as it was read: the answer goes under the prompt
        screen.say(suggestion(lang, "learn-terminal-not-this-time", page, actions), "yellow")
