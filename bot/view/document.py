"""The neutral document a surface draws: a title, sections of lines, cards, moves.

The text of a document is in the reader's language and carries three inline marks that each
surface writes its own way: a person as ``<@id>`` (a member; house players are written by
:mod:`bot.i18n.people`), a time as ``<t:unix:R>`` (time left) or ``<t:unix:T>`` (a clock
time), and cards as the process's card writer writes them (:func:`bot.i18n.set_card_writer`).
The cards that matter to a picture (the retourne, each shown hand) are also given as codes
(``"Ah"``), so a surface may draw them rather than read them back out of the text.

>>> doc = Document("Brelan — table #2", sections=(Section("seats", "Seats", ("<@1> — 10",)),))
>>> document_lines(doc)
['== Brelan — table #2 ==', '[Seats]', '<@1> — 10']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

#: Which lines a section keeps when a surface has too little room for all of them: the
#: first ones (a list, cut "… and N more") or the last ones (a log, newest kept).
Keep = Literal["first", "last"]


@dataclass(frozen=True)
class Section:
    """A named block of lines (the seats, the hand, whose turn it is, the last moves…).

    ``key`` names it for code (``"seats"``, ``"log"``); ``name`` is its heading for players.
    The rest are hints for a surface with size limits (Discord): ``parts``, how many blocks
    the section may spread over before it is cut; ``sep``, how its lines join when they run
    on (``" "``: one line of names); ``keep``, which lines stay when it is cut; ``gives_way``,
    the order in which sections shrink when the whole is too long (0: never, 1 first)."""

    key: str
    name: str
    lines: tuple[str, ...]
    parts: int = 1
    sep: str = "\n"
    keep: Keep = "first"
    gives_way: int = 0

    @property
    def text(self) -> str:
        """The lines, joined."""
        return self.sep.join(self.lines)


@dataclass(frozen=True)
class HandRow:
    """A hand shown at the showdown: who (a mention), the cards' codes, its combination in
    words, and whether he had folded."""

    who: str
    cards: tuple[str, ...]
    combo: str = ""
    folded: bool = False


@dataclass(frozen=True)
class ActionView:
    """A move open to the player to act: its verb, its label in the reader's language, and
    its amount (``amount``) or range (``low`` to ``high``)."""

    verb: str
    label: str
    amount: int | None = None
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Document:
    """A message for players: what the table message, a showdown, a page shows."""

    title: str
    colour: int = 0x444444
    description: str = ""
    sections: tuple[Section, ...] = ()
    footer: str = ""
    #: The turned card (Brelan, Bouillotte), as a code.
    retourne: str | None = None
    #: The hands shown, one row each (the showdown).
    hands: tuple[HandRow, ...] = ()
    #: The moves open to the player to act (the table during a hand).
    actions: tuple[ActionView, ...] = field(default=())

    def section(self, key: str) -> Section | None:
        """The section named ``key``, if the document has one."""
        return next((s for s in self.sections if s.key == key), None)

    def lines(self) -> Iterator[str]:
        """Every line of the document's sections, in order."""
        for section in self.sections:
            yield from section.lines


def lines_of(text: str | None) -> tuple[str, ...]:
    """A text's lines (none for an empty text).

    >>> lines_of("a\\nb"), lines_of("")
    (('a', 'b'), ())
    """
    return tuple(text.split("\n")) if text else ()


def document_lines(doc: Document) -> list[str]:
    """A document as plain lines: the title, the description, each section's heading in
    brackets then its lines, the footer (what the terminal prints)."""
    lines = [f"== {doc.title} ==" if doc.title else ""]
    lines += lines_of(doc.description)
    for section in doc.sections:
        lines.append(f"[{section.name}]")
        lines.extend(section.text.split("\n"))
    lines.append(doc.footer)
    return [line for line in lines if line]
