"""The table in a terminal: a presenter that prints what the Discord table message shows.

The runtime talks to :class:`TerminalPresenter` as it talks to the Discord presenter; the
texts are the same catalogue and the same documents (:mod:`bot.view`), written as plain
lines: mentions become names, cards keep their red and black suits (rich colours them).
"""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from bot.i18n import Lang, Message, people, render
from bot.runtime.public import PublicState, ShowdownReport
from bot.view.document import ActionView, document_lines
from bot.view.table import showdown_document, table_document
from bot.view.words import cards, verb_help, verb_label

RED_SUITS = re.compile(r"[♥♦]\ufe0f?")
#: Bold text in the catalogue's Markdown (``**Hold 8**``), written bold.
BOLD = re.compile(r"\*\*")
MENTION = re.compile(r"<@(\d+)>")
#: A Discord timestamp (``<t:1795575748:T>``): a clock time in the terminal; a relative one
#: (``:R``, "in 59 seconds" on Discord) the time left, counted when the line is printed.
TIMESTAMP = re.compile(r"<t:(\d+):(\w)>")
#: The last moves a frame shows.
LOG_LINES = 8
#: What quits.
QUIT = ("q", "quit", "quitter")


def choice_line(lang: Lang, number: int, choice: ActionView) -> str:
    """A numbered move and what it means (its verb's help, less the verb it repeats); a
    range says how to type its amount.

    >>> choice_line("en", 2, ActionView("raise", "Raise to …", low=4, high=30))
    '2) Raise to … — re-raise: your total stake (4 to 30: type 2 then the amount)'
    >>> hold, fold = ActionView("hold", "Tenir 8", amount=8), ActionView("fold", "Fold")
    >>> choice_line("fr", 1, hold), choice_line("en", 3, fold)
    ('1) Tenir 8 — égaler la vade', '3) Fold')
    """
    label = choice.label
    meaning = verb_help(lang, choice.verb)
    said, colon, rest = meaning.partition(":")
    if colon and label.lower().startswith(said.strip().lower()):
        meaning = rest.strip()  # "hold: match the vade" after "Hold 8"
    first = label.split(" ", 1)[0].rstrip("…").lower()
    # a hold all in or for the pool only does not match the vade: its label says it all
    short = choice.verb == "hold" and (
        choice.amount == 0 or choice.label != verb_label(lang, "hold", choice.amount)
    )
    if meaning.split(" ", 1)[0].lower() != first and not short:
        label = f"{label} — {meaning}"
    if choice.low is not None:
        return f"{number}) " + render(
            lang, "play-choice-range", label=label, low=choice.low, high=choice.high,
            number=number,
        )  # fmt: skip
    return f"{number}) {label}"


def parse_choice(
    lang: Lang, text: str, options: Sequence[ActionView]
) -> tuple[ActionView, int | None] | str:
    """A typed move: the choice and its amount, or the sentence saying what is wrong.

    >>> opts = [ActionView("fold", "Fold"), ActionView("raise", "Raise to …", low=4, high=30)]
    >>> parse_choice("en", "2 10", opts)[1]
    10
    >>> parse_choice("en", "7", opts)
    '“7” is not one of the moves: type a number from 1 to 2.'
    """
    words = text.split()
    if not words or not words[0].isdigit() or not 1 <= int(words[0]) <= len(options):
        return render(lang, "play-not-a-choice", text=text.strip()[:20], n=len(options))
    number = int(words[0])
    choice = options[number - 1]
    if choice.low is None:
        return choice, choice.amount
    assert choice.high is not None
    if len(words) < 2 or not words[1].isdigit() or not choice.low <= int(words[1]) <= choice.high:
        return render(lang, "play-need-amount", low=choice.low, high=choice.high, number=number)
    return choice, int(words[1])


def quits(typed: str | None) -> bool:
    """Whether the player ends the game: the end of input, or ``q``.

    >>> quits(None), quits(" Q "), quits("1")
    (True, True, False)
    """
    return typed is None or typed.strip().lower() in QUIT


@dataclass
class TerminalPresenter:
    """Draws the whole table again at each change (the screen is cleared in a terminal; piped
    output gets each frame in turn): a header, the table with its last moves, the last
    showdown until the next deal, and the player's cards."""

    console: Console
    lang: Lang
    me: int
    name: str
    game: str = "bouillotte"
    header: str = ""
    latest: dict[int, PublicState] = field(default_factory=dict)
    my_cards: list[str] = field(default_factory=list)
    cards_hand: int | None = None
    log: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    last_showdown: list[str] = field(default_factory=list)
    showdown_hand: int | None = None
    #: The wall clock (unix seconds) the time left is counted from; a test fixes it.
    now: Callable[[], float] = time.time

    def text(self, line: str) -> str:
        """Mentions as names (the player's own, the house players'), times as clock times,
        a countdown as the time left now ("fin du tour dans 59 s")."""
        line = people.name_mentions(line)
        line = TIMESTAMP.sub(self._timestamp, line)
        return MENTION.sub(lambda m: self.name if int(m[1]) == self.me else m[0], line)

    def _timestamp(self, match: re.Match[str]) -> str:
        when = int(match[1])
        if match[2] == "R":
            m, s = divmod(self.seconds_left(when), 60)
            return render(self.lang, "play-in-time", m=m, s=s)
        return time.strftime("%H:%M:%S", time.localtime(when))

    def seconds_left(self, deadline: float) -> int:
        """Whole seconds until ``deadline``, never below zero."""
        return max(0, int(deadline - self.now() + 0.999))

    def time_left(self, deadline: float) -> str:
        """The status line under the moves: "⏱ temps restant : 59 s"."""
        m, s = divmod(self.seconds_left(deadline), 60)
        return render(self.lang, "play-time-left", m=m, s=s)

    def choice(
        self, typed: str, options: Sequence[ActionView]
    ) -> tuple[ActionView, int | None] | None:
        """The move typed (:func:`parse_choice`), or None once what is wrong is said."""
        parsed = parse_choice(self.lang, typed, options)
        if isinstance(parsed, str):
            self.say(parsed, "yellow")
            return None
        return parsed

    def say(self, line: str, style: str | None = None) -> None:
        """A line, its ``**bold**`` in bold and its red suits in red."""
        text = Text(style=style or "")
        for k, part in enumerate(BOLD.split(self.text(line))):
            text.append(part, style="bold" if k % 2 else "")
        for match in RED_SUITS.finditer(text.plain):
            text.stylize("bold red", match.start() - 2, match.end())
        self.console.print(text)

    async def table_update(self, table_id: int, public_state: PublicState) -> None:
        self.latest[table_id] = public_state
        hand = public_state["hand"]
        if hand is not None and hand["no"] != self.showdown_hand:
            self.last_showdown = []  # a new deal: the old showdown goes
        self.show_table(table_id)

    async def deliver_cards(
        self,
        table_id: int,
        user_id: int,
        cards_: list[str],
        retourne: str | None,
        hand_no: int | None = None,
    ) -> bool:
        if user_id != self.me:
            return False
        self.my_cards, self.cards_hand = list(cards_), hand_no
        return True

    async def announce(self, table_id: int, said: Message, data: dict[str, Any]) -> None:
        self.log.append(render(self.lang, said))

    async def showdown(self, table_id: int, data: ShowdownReport) -> None:
        self.last_showdown = document_lines(showdown_document(self.lang, self.game, data))
        self.showdown_hand = data["hand_no"]

    def show_table(self, table_id: int) -> None:
        """The whole frame, drawn again."""
        state = self.latest.get(table_id)
        if state is None:
            return
        if self.console.is_terminal:
            self.console.clear()
        if self.header:
            self.say(self.header, "bold")
        self.console.rule()
        for line in document_lines(table_document(self.lang, state, log=list(self.log))):
            self.say(line)
        if self.last_showdown:
            self.console.rule()
            for line in self.last_showdown:
                self.say(line)
        hand = state["hand"]
        playing = hand["no"] if hand is not None else None
        if self.my_cards and self.cards_hand == (playing or self.showdown_hand):
            self.console.rule()
            self.say(render(self.lang, "play-your-cards", cards=cards(self.my_cards)), "bold")
        self.console.rule()
