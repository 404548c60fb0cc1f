"""``python -m bot.ui.card_art [FILE | --bench]``: the README's showdown picture, or the
time to draw one. The drawing itself is :mod:`bot.view.card_art` (no discord), whose names
this module gives on for the Discord layer."""

from __future__ import annotations

import sys
import time

from bot.games.cli import Parser
from bot.view.card_art import (
    BOLD_FONTS,
    CARD_H,
    CARD_W,
    EMOJI_SIZE,
    FONTS,
    ShowdownPicture,
    card_emoji_png,
    draw_card,
    sample,
    showdown_png,
)

__all__ = [
    "BOLD_FONTS",
    "CARD_H",
    "CARD_W",
    "EMOJI_SIZE",
    "FONTS",
    "ShowdownPicture",
    "card_emoji_png",
    "draw_card",
    "sample",
    "showdown_png",
]


PICTURE = "docs/showdown-fr.png"


def parser() -> Parser:
    parser = Parser(
        prog="python -m bot.ui.card_art",
        description="Draw the README's showdown picture, or time the drawing.",
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help=f"the PNG to write (default: {PICTURE})",
    )
    parser.add_argument(
        "--bench", action="store_true", help="time 50 drawings instead, writing nothing"
    )
    return parser


def main(argv: list[str]) -> int:
    options = parser()
    args = options.parse_args(argv)
    if args.bench:
        if args.file is not None:
            options.error("--bench writes no file: give FILE or --bench")
        picture = sample()
        runs = 50
        start = time.perf_counter()
        for k in range(runs):
            showdown_png.__wrapped__(ShowdownPicture(f"{picture.title} {k}", picture.rows))
        per = (time.perf_counter() - start) / runs * 1000
        print(f"showdown picture: {per:.1f} ms per drawing ({runs} drawings, no cache)")
        return 0
    target = args.file or PICTURE
    try:
        with open(target, "wb") as out:
            out.write(showdown_png(sample()))
    except OSError as exc:  # a folder that is not there, a file that may not be written
        print(f"cannot write {target} ({exc.strerror})", file=sys.stderr)
        return 2
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
