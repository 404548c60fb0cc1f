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
from dataclasses import dataclass, field, replace
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
#: The table's sections printed output shows in its first frame only (a terminal, cleared
#: at each frame, shows them in every frame).
ONCE = ("fair", "practice")
#: What quits.
QUIT = ("q", "quit", "quitter")
#: A number as typed: ASCII digits, a few of them (``²`` is a digit to ``str.isdigit``).
NUMBER = re.compile(r"[0-9]{1,9}")
#: Inline code in the catalogue's Markdown (```practice=on```): plain text in a terminal.
CODE = re.compile(r"`+")
#: Lines worded for Discord, and the terminal's own (None: the line says nothing offline,
#: as the cut, which has no command here).
TERMINAL_WORDS: dict[str, str | None] = {
    "ui-nobody-seated-yet-press-join": "play-nobody-seated",
    "ui-join-then-press-start-when": "play-not-started",
    "refuse-house-gives-seat": "play-house-gives-seat",
    "fair-cutter": None,
    "log-cut": None,
    "log-seed-revealed": "play-seed-revealed",
    "refuse-hint-real-table": "play-hint-real-table",
}
#: Those a document writes as lines (found by their text): no plural among their parameters.
DOCUMENT_LINES = (
    "ui-nobody-seated-yet-press-join", "ui-join-then-press-start-when", "fair-cutter",
)  # fmt: skip
#: Each wording's parameters (a sentinel stands for each when the line is recognised).
WORDING_PARAMS: dict[str, tuple[str, ...]] = {"fair-cutter": ("user",)}
_wordings: dict[str, list[tuple[re.Pattern[str], str | None]]] = {}


def plain(line: str) -> str:
    """A catalogue line as a terminal writes it: no Markdown code marks.

    >>> plain("Hints need `practice=on`.")
    'Hints need practice=on.'
    """
    return CODE.sub("", line)


def _wording(lang: Lang) -> list[tuple[re.Pattern[str], str | None]]:
    """The Discord lines of :data:`TERMINAL_WORDS` as patterns, with their replacement."""
    if lang not in _wordings:
        found = []
        for key in DOCUMENT_LINES:
            instead = TERMINAL_WORDS[key]
            names = WORDING_PARAMS.get(key, ())
            text = re.escape(render(lang, key, **{n: f"\x00{n}\x00" for n in names}))
            for n in names:
                text = text.replace(re.escape(f"\x00{n}\x00"), f"(?P<{n}>.+?)")
            found.append((re.compile(text), None if instead is None else render(lang, instead)))
        _wordings[lang] = found
    return _wordings[lang]


def terminal_lines(lang: Lang, lines: Sequence[str]) -> list[str]:
    """The lines as the terminal says them: Discord's wording replaced, or dropped."""
    out = []
    for line in lines:
        for pattern, instead in _wording(lang):
            if pattern.fullmatch(line):
                line = instead or ""
                break
        if line:
            out.append(line)
    return out


def worded(lang: Lang, said: Message) -> str | None:
    """A message (a move of the log, a refusal) in the terminal's words; None when it says
    nothing offline."""
    if said.key not in TERMINAL_WORDS:
        return render(lang, said)
    instead = TERMINAL_WORDS[said.key]
    return None if instead is None else render(lang, instead, **said.params)


def number(word: str, low: int, high: int) -> int | None:
    """``word`` as a whole number from ``low`` to ``high``, else None.

    >>> number("2", 1, 3), number("²", 1, 3), number("9" * 5000, 1, 3), number("0", 1, 3)
    (2, None, None, None)
    """
    if not NUMBER.fullmatch(word):
        return None
    value = int(word)
    return value if low <= value <= high else None


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
    >>> parse_choice("en", "1 7", opts)
    '“1 7”: move 1 takes no amount; type 1 alone.'
    """
    words = text.split()
    if not words:
        return render(lang, "play-choose-number", n=len(options))
    picked = number(words[0], 1, len(options))
    if picked is None:
        return render(lang, "play-not-a-choice", text=text.strip()[:20], n=len(options))
    choice = options[picked - 1]
    if choice.low is None:
        if len(words) > 1:
            return render(lang, "play-no-amount", text=" ".join(words)[:20], number=picked)
        return choice, choice.amount
    assert choice.high is not None
    amount = number(words[1], choice.low, choice.high) if len(words) == 2 else None
    if amount is None:
        return render(lang, "play-need-amount", low=choice.low, high=choice.high, number=picked)
    return choice, amount


def parse_cards(lang: Lang, text: str, count: int) -> list[int] | str:
    """The cards picked by their numbers (1 to ``count``, each once), or what is wrong.

    >>> parse_cards("en", "3 1", 4)
    [3, 1]
    >>> parse_cards("en", "5", 4)
    'Type the numbers of the cards, from 1 to 4, separated by spaces.'
    """
    words = text.split()
    picked = [number(w, 1, count) for w in words]
    if not words or None in picked or len(set(picked)) < len(picked):
        return render(lang, "play-card-numbers", n=count)
    return [p for p in picked if p is not None]


def quits(typed: str | None) -> bool:
    """Whether the player ends the game: the end of input, or ``q``.

    >>> quits(None), quits(" Q "), quits("1")
    (True, True, False)
    """
    return typed is None or typed.strip().lower() in QUIT


@dataclass
class TerminalPresenter:
    """Prints what changes at the table: each move of the log as it is made, the stakes
    when they change, the showdown, the player's cards once dealt; and the whole table (a
    header, the seats, the hand, its last moves, the player's cards) at each new deal and
    at the player's turn, the screen cleared first on a terminal."""

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
    #: The deal whose whole table was printed last, the stakes then, the cards said.
    framed_hand: int | None = None
    stakes: tuple[str, ...] = ()
    cards_said: tuple[int | None, tuple[str, ...]] = (None, ())
    #: The wall clock (unix seconds) the time left is counted from; a test fixes it.
    now: Callable[[], float] = time.time

    def text(self, line: str) -> str:
        """Mentions as names (the player's own, the house players'), times as clock times,
        a countdown as the time left now ("fin du tour dans 59 s")."""
        line = people.name_mentions(plain(line))
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
        """A line in the terminal's words, its ``**bold**`` in bold and its red suits red."""
        for worded in terminal_lines(self.lang, [line]):
            text = Text(style=style or "")
            for k, part in enumerate(BOLD.split(self.text(worded))):
                text.append(part, style="bold" if k % 2 else "")
            for match in RED_SUITS.finditer(text.plain):
                text.stylize("bold red", match.start() - 2, match.end())
            self.console.print(text)

    def refused(self, said: Message) -> None:
        """A refusal, in the terminal's words."""
        line = worded(self.lang, said)
        if line is not None:
            self.say(line, "yellow")

    async def table_update(self, table_id: int, public_state: PublicState) -> None:
        self.latest[table_id] = public_state
        hand = public_state["hand"]
        if hand is None:
            return
        if hand["no"] != self.showdown_hand:
            self.last_showdown = []  # a new deal: the old showdown goes
        if hand["no"] != self.framed_hand:
            self.show_table(table_id)
            return
        stakes = self._stakes(public_state)
        for line in stakes:
            if line not in self.stakes:
                self.say(line, "dim")
        self.stakes = stakes

    def _stakes(self, state: PublicState) -> tuple[str, ...]:
        """The hand's public facts (the pool, the vade, the pot…), as the table shows them."""
        doc = table_document(self.lang, state)
        return tuple(line for s in doc.sections if s.key == "hand" for line in s.lines)

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
        if hand_no is not None and hand_no == self.framed_hand:
            self._say_cards()
        return True

    def _say_cards(self) -> None:
        """The player's cards, once each time they change."""
        said = (self.cards_hand, tuple(self.my_cards))
        if said != self.cards_said:
            self.cards_said = said
            self.say(render(self.lang, "play-your-cards", cards=cards(self.my_cards)), "bold")

    async def announce(self, table_id: int, said: Message, data: dict[str, Any]) -> None:
        line = worded(self.lang, said)
        if line is None:
            return
        self.log.append(line)
        self.say(line)

    async def showdown(self, table_id: int, data: ShowdownReport) -> None:
        self.last_showdown = document_lines(showdown_document(self.lang, self.game, data))
        self.showdown_hand = data["hand_no"]
        self.console.rule()
        for line in self.last_showdown:
            self.say(line)
        self.console.rule()

    def show_table(self, table_id: int) -> None:
        """The whole table, printed again."""
        state = self.latest.get(table_id)
        if state is None:
            return
        screen = self.console.is_terminal
        if screen:
            self.console.clear()  # the last moves are in the frame
        if self.header and (screen or self.framed_hand is None):
            self.say(self.header, "bold")
        self.console.rule()
        doc = table_document(self.lang, state, log=list(self.log) if screen else ())
        if self.framed_hand is not None and not screen:  # said once in a scrolling log
            doc = replace(doc, sections=tuple(s for s in doc.sections if s.key not in ONCE))
        for line in document_lines(doc):
            self.say(line)
        if self.last_showdown:
            self.console.rule()
            for line in self.last_showdown:
                self.say(line)
        hand = state["hand"]
        playing = hand["no"] if hand is not None else None
        self.framed_hand, self.stakes = playing, self._stakes(state)
        self.cards_said = (None, ())
        if self.my_cards and self.cards_hand == (playing or self.showdown_hand):
            self.console.rule()
            self._say_cards()
        self.console.rule()
