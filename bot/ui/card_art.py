"""``python -m bot.ui.card_art [FILE | --bench]``: the README's showdown picture, or the
time to draw one. The drawing itself is :mod:`bot.view.card_art` (no discord), whose names
this module gives on for the Discord layer."""

from __future__ import annotations

import sys
import time

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


def main(argv: list[str]) -> int:
    if argv[:1] == ["--bench"]:
        picture = sample()
        runs = 50
        start = time.perf_counter()
        for k in range(runs):
            showdown_png.__wrapped__(ShowdownPicture(f"{picture.title} {k}", picture.rows))
        per = (time.perf_counter() - start) / runs * 1000
        print(f"showdown picture: {per:.1f} ms per drawing ({runs} drawings, no cache)")
        return 0
    target = argv[0] if argv else "docs/showdown-fr.png"
    with open(target, "wb") as out:
        out.write(showdown_png(sample()))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
