"""The command-line parser of every ``python -m`` tool of the project.

It is standard library alone and sits in the lowest layer, so that every tool may use it
(bot.fair and bot.house included). ``--help`` prints a line per option; a bad value is refused
in one line on standard error, with exit status 2.

>>> parser = Parser(prog="tool")
>>> _ = parser.add_argument("--hands", type=whole(1), default=1, help="hands to play")
>>> parser.parse_args(["--hands", "3"]).hands
3
>>> whole(1)("0")
Traceback (most recent call last):
argparse.ArgumentTypeError: 0 is not a whole number of 1 or more
>>> number(0, above=True)("nan")
Traceback (most recent call last):
argparse.ArgumentTypeError: 'nan' is not a number above 0
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import NoReturn

__all__ = ["Parser", "number", "whole"]

SHOWN = 24  # characters of a refused value that its refusal quotes


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusal is one line: what is wrong, and where the help is."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _shown(text: str) -> str:
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "…")


def whole(low: int = 0, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` (to ``high``)."""
    span = f"of {low} or more" if high is None else f"from {low} to {high}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # not digits, or more digits than Python reads
            raise argparse.ArgumentTypeError(
                f"{_shown(text)} is not a whole number {span}"
            ) from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is not a whole number {span}")
        return value

    return parse


def number(low: float = 0, *, above: bool = False) -> Callable[[str], float]:
    """An argparse ``type``: a finite number of ``low`` or more (``above``: more than it)."""
    span = f"above {low:g}" if above else f"of {low:g} or more"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or value < low or (above and value == low):
            raise argparse.ArgumentTypeError(f"{_shown(text)} is not a number {span}")
        return value

    return parse
