"""``python -m bot.ui.showcase [dir]``: a French table message, showdown picture and lesson
page for the README.

Prints the table message as a French server sees it during a hand (the real table document,
:func:`bot.view.table.table_document`; the README shows it), then the first page of the
Bouillotte lesson as ``/learn`` shows it (the real lesson, :mod:`bot.learn`), and writes
``docs/showdown-fr.png``.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

from bot.games.cli import Parser
from bot.i18n import Message
from bot.learn.lessons import LESSONS
from bot.learn.pages import lesson_document
from bot.learn.runner import LessonRun
from bot.runtime.public import PublicState, quiet_state
from bot.view.card_art import sample, showdown_png
from bot.view.document import Document
from bot.view.table import table_document
from bot.view.words import narrate

NAMES = {1: "Berthe", 2: "Anatole", 3: "Clotilde", 4: "Désiré", 7: "Alex"}
#: The member who takes the README's lesson.
LEARNER = 7

STATE: PublicState = {
    **quiet_state(2, "bouillotte"),
    "started": True,
    "seats": [
        {"seat": 1, "user": 1, "stack": 30, "dealer": False},
        {"seat": 2, "user": 2, "stack": 30},
        {"seat": 3, "user": 3, "stack": 30},
        {"seat": 4, "user": 4, "stack": 30, "dealer": True},
    ],
    "hand": {
        "id": 9,
        "no": 7,
        "phase": "betting",
        "to_act": "3",
        "retourne": "9d",
        "pool": 4,
        "vade": 0,
        "players": [
            {"name": "1", "stack": 22, "stake": 8, "folded": False, "cards": None},
            {"name": "2", "stack": 30, "stake": 0, "folded": True, "cards": None},
            {"name": "3", "stack": 29, "stake": 1, "folded": False, "cards": None},
            {"name": "4", "stack": 29, "stake": 1, "folded": False, "cards": None},
        ],
        "legal": [
            {"verb": "pass"},
            {"verb": "hold", "amount": 8},
            {"verb": "raise", "min": 9, "max": 30},
        ],
        "actions": 5,
        "deadline": None,
    },
}

LOG = [
    Message.of("log-dealt", hand=7),
    Message.of("event-decline", who="<@1>"),
    Message.of("event-deal", card=Message.of("card", code="9d")),
    Message.of("event-open", who="<@1>", stake=8, all_in="no"),
    Message.of("event-pass", who="<@2>"),
]


def document_markdown(doc: Document) -> str:
    """A document as the README quotes it: its title, description and sections, each line
    quoted, members by name (:data:`NAMES`)."""
    lines = [f"> **{doc.title}**"]
    lines += [f"> {line}" for line in doc.description.split("\n") if line]
    for section in doc.sections:
        lines.append(f"> **{section.name}**")
        lines += [f"> {line}" for line in section.text.split("\n")]
    if doc.footer:
        lines.append(f"> _{doc.footer}_")
    text = "\n".join(lines)
    return re.sub(r"<@(\d+)>", lambda m: "@" + NAMES[int(m[1])], text) + "\n"


def table_markdown() -> str:
    """The table message of hand 7, in French."""
    return document_markdown(table_document("fr", STATE, log=[narrate("fr", m) for m in LOG]))


async def lesson_markdown(game: str = "bouillotte") -> str:
    """The first page of a lesson, in French, as ``/learn`` shows it to @Alex."""
    run = await LessonRun.open(LESSONS[game], LEARNER)
    try:
        return document_markdown(lesson_document("fr", LESSONS[game], run.page, "discord"))
    finally:
        await run.close()


def parser() -> Parser:
    parser = Parser(
        prog="python -m bot.ui.showcase",
        description="Print the README's French table message and lesson page, and write its "
        "showdown picture.",
    )
    parser.add_argument(
        "folder",
        metavar="DIR",
        nargs="?",
        type=Path,
        default=Path("docs"),
        help="the folder the showdown-fr.png goes to (default: docs)",
    )
    return parser


def main(argv: list[str]) -> int:
    options = parser()
    out: Path = options.parse_args(argv).folder
    if not out.is_dir():
        options.error(f"there is no folder {out}")
    (out / "showdown-fr.png").write_bytes(showdown_png(sample()))
    print(table_markdown())
    print(asyncio.run(lesson_markdown()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
