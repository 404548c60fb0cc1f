"""A lesson's page as a document (:mod:`bot.view.document`), the same for every surface.

Its sections: the table (seats, stakes, the retourne, the pool), the learner's cards, what
happened since his last move (the table's log, the lesson's lines after the moves they
explain, marked ``↳``), at a showdown the full count (:func:`bot.view.explain.showdown_why`),
then what comes: his move (the lesson's lines, what each choice means, the lesson's move),
the next deal, or the summary and an invitation to a practice table. Its ``actions`` are
the moves offered, each at one amount (the lesson's for its move, the least for the others),
or "next deal"; none at the end.
"""

from __future__ import annotations

from typing import Literal

from bot.games.base import Amount
from bot.i18n import Lang, render
from bot.learn.runner import Page
from bot.learn.script import Lesson
from bot.runtime.public import LegalAction, PublicHand
from bot.view.document import ActionView, Document, Section
from bot.view.explain import showdown_why
from bot.view.table import hand_lines, seat_line
from bot.view.words import cards, game_colour, game_title, in_sentence, verb_help, verb_label

#: Where the lesson is read: its invitation names the way to a practice table there.
Surface = Literal["discord", "terminal"]
#: The action that deals the lesson's next deal.
NEXT = "next"
#: How the lesson's own lines are marked among the table's log.
LESSON_MARK = "↳ "
#: The invitation to a practice table, by surface.
INVITES: dict[str, str] = {
    "discord": "learn-invite-discord",
    "terminal": "learn-invite-terminal",
}
#: What a move means (:func:`meaning`), by verb; passing before the opening and a blind
#: bet have their own.
MEANINGS: dict[str, str] = {
    "carre": "learn-choice-carre",
    "decline": "learn-choice-decline",
    "pass-opening": "learn-choice-pass-opening",
    "pass": "learn-choice-pass",
    "open": "learn-choice-open",
    "hold": "learn-choice-hold",
    "raise": "learn-choice-raise",
    "stand": "learn-choice-stand",
    "look": "learn-choice-look",
    "bet-blind": "learn-choice-bet-blind",
    "bet": "learn-choice-bet",
    "fold": "learn-choice-fold",
    "see": "learn-choice-see",
}


def lesson_document(lang: Lang, lesson: Lesson, page: Page, surface: Surface) -> Document:
    """The page the learner reads now."""
    title = render(
        lang, "learn-title", game=game_title(lesson.game), step=page.step, steps=lesson.pages()
    )
    sections = [_table(lang, page)]
    if page.cards:
        sections.append(Section("cards", render(lang, "learn-cards"), (cards(page.cards),)))
    story = tuple(
        (LESSON_MARK if s.lesson else "") + render(lang, s.said) for s in page.story
    )  # fmt: skip
    if story:
        sections.append(Section("story", render(lang, "learn-story"), story, parts=3))
    if page.showdown is not None:
        why = showdown_why(lang, lesson.game, page.showdown)
        sections += [s for s in why.sections if s.key != "players"]
    actions = choices(lang, page)
    hand = page.state["hand"]
    if page.suggested is not None and hand is not None:
        sections.append(_now(lang, page, hand, actions))
    elif page.more:
        sections.append(Section("next", render(lang, "learn-next"), (render(lang, "learn-go-on"),)))
    elif page.summary is not None:
        invite = render(lang, INVITES[surface], game=lesson.game, lang=lang)
        lines = (render(lang, page.summary), invite)
        sections.append(Section("end", render(lang, "learn-end"), lines))
    note = ""
    if page.note is not None and page.suggested is not None:
        note = render(lang, page.note, move=_label(lang, actions, page.suggested))
    return Document(
        title, game_colour(lesson.game), description=note, sections=tuple(sections),
        actions=actions,
    )  # fmt: skip


def _table(lang: Lang, page: Page) -> Section:
    """The seats (stacks, stakes, folded…) and the hand's public facts."""
    state = page.state
    hand = state["hand"]
    players = {} if hand is None else {p["name"]: p for p in hand["players"]}
    game = state["game"]
    lines = [seat_line(lang, s, players.get(str(s["user"])), game) for s in state["seats"]]
    if hand is not None:
        lines += hand_lines(lang, hand)
    return Section("table", render(lang, "learn-table"), tuple(lines), parts=2)


def moves(page: Page) -> list[tuple[str, int | None]]:
    """The moves a page offers, in order (what a button or a number plays): at a decision
    each legal move at one amount (the lesson's for its move, the least for another ranged
    one); after a deal, the next deal; none at the end."""
    hand = page.state["hand"]
    if page.suggested is not None and hand is not None:
        return [(legal["verb"], _amount(legal, page.suggested)) for legal in hand["legal"]]
    return [(NEXT, None)] if page.more else []


def choices(lang: Lang, page: Page) -> tuple[ActionView, ...]:
    """The page's moves, labelled."""
    return tuple(
        ActionView(verb, _move_label(lang, verb, amount), amount) for verb, amount in moves(page)
    )


def _move_label(lang: Lang, verb: str, amount: int | None) -> str:
    return render(lang, "learn-next-deal") if verb == NEXT else verb_label(lang, verb, amount)


def _amount(legal: LegalAction, suggested: tuple[str, Amount]) -> int | None:
    verb, amount = suggested
    if legal["verb"] == verb and isinstance(amount, int):
        return amount
    return legal.get("amount", legal.get("min"))


def meaning(lang: Lang, hand: PublicHand, legal: LegalAction) -> str:
    """What a move means now (``learn-choice-<verb>``: passing before the opening, a blind
    bet; else the move's help)."""
    verb = legal["verb"]
    me = next((p for p in hand["players"] if p["name"] == hand["to_act"]), None)
    variant = verb
    if verb == "pass" and hand["phase"] == "opening":
        variant = "pass-opening"
    elif verb == "bet" and me is not None and me.get("blind"):
        variant = "bet-blind"
    key = MEANINGS.get(variant)
    if key is None:
        return verb_help(lang, verb)
    low, high = legal.get("min", 0), legal.get("max", 0)
    return render(lang, key, n=legal.get("amount", 0), low=low, high=high)


def _now(lang: Lang, page: Page, hand: PublicHand, actions: tuple[ActionView, ...]) -> Section:
    """The learner's move: the lesson's lines, each choice and what it means, the lesson's
    move."""
    lines = [render(lang, m) for m in page.now]
    for legal, action in zip(hand["legal"], actions, strict=True):
        lines.append(
            render(lang, "learn-choice", label=action.label, meaning=meaning(lang, hand, legal))
        )
    assert page.suggested is not None
    lines.append(render(lang, "learn-suggest", move=_label(lang, actions, page.suggested)))
    return Section("now", render(lang, "learn-your-move"), tuple(lines), parts=2)


def _label(lang: Lang, actions: tuple[ActionView, ...], suggested: tuple[str, Amount]) -> str:
    """The lesson's move as its button says it."""
    verb, amount = suggested
    fixed = amount if isinstance(amount, int) else None
    label = next((a.label for a in actions if a.verb == verb), verb_label(lang, verb, fixed))
    return in_sentence(label)
