"""``python -m bot.play``'s command line: every value held to what the table accepts, so a
wrong one is refused in one line (exit 2) before any table opens, never by a traceback."""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import unicodedata
from typing import Any, NoReturn

from bot.games.errors import GameError
from bot.games.registry import GAMES
from bot.i18n import render
from bot.play.terminal import plain
from bot.runtime import TableError
from bot.runtime.errors import player_error
from bot.runtime.house_seats import HOUSE_LEVELS, MOST_HOUSE
from bot.runtime.settings import Settings
from bot.ui.options_text import parse_table_options
from bot.view.words import game_title

#: A whole number as typed: ASCII digits only (``²`` and ``٣`` are digits to Python).
WHOLE = re.compile(r"[0-9]{1,12}")
#: The longest name at the table, and the most hands or seconds of pause one may ask.
LONGEST_NAME = 32
MOST_HANDS = 100_000
LONGEST_PAUSE = 60.0
LARGEST_SEED = 2**63 - 1
#: The table options offline play always sets (the player may change them).
OFFLINE_OPTIONS: dict[str, Any] = {"turn_timeout": 3600, "practice": True}
#: What only a table played (``--game``), not a lesson (``--learn``), takes.
PLAY_ONLY = ("game", "players", "level", "options", "hands", "pause", "seed")
EXAMPLES = """examples:
  python -m bot.play --game bouillotte --players 3 --lang fr
  python -m bot.play --game brelan --options 'carre=forced'
  python -m bot.play --game brag --players strong,easy --options 'cards=4'
  python -m bot.play --learn brag

Table options (--options) are those of /table create (docs/options.md): carre=forced
at Bouillotte and Brelan, cards=4 at Brag, seats=5 for a fifth seat at Bouillotte.

At a prompt: the number of a move (then an amount if asked), h or ? for a hint, q to
quit; Ctrl-C quits at once. Keys typed before a prompt is shown are ignored."""


class OneLineParser(argparse.ArgumentParser):
    """A parser whose refusals are one line on stderr (the usage is in ``--help``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def whole(most: int) -> Any:
    """An argparse type: a whole number from 0 to ``most``, typed in ASCII digits."""

    def parse(text: str) -> int:
        if not WHOLE.fullmatch(text.strip()) or int(text) > most:
            said = f"“{text[:20]}” is not a whole number from 0 to {most}"
            raise argparse.ArgumentTypeError(said)
        return int(text)

    return parse


def pause(text: str) -> float:
    """Seconds a house player thinks: a number from 0 to a minute."""
    try:
        value = float(text) if len(text) <= 20 else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= LONGEST_PAUSE:  # NaN too
        raise argparse.ArgumentTypeError(
            f"“{text[:20]}” is not a number of seconds from 0 to {LONGEST_PAUSE:g}"
        )
    return value


def name(text: str) -> str:
    """The player's name: 1 to 32 printable characters."""
    said = text.strip()
    if not said or len(said) > LONGEST_NAME:
        raise argparse.ArgumentTypeError(f"a name has 1 to {LONGEST_NAME} characters")
    if any(unicodedata.category(c).startswith("C") for c in said):
        raise argparse.ArgumentTypeError("a name holds no control characters")
    return said


def parser() -> OneLineParser:
    out = OneLineParser(
        prog="python -m bot.play",
        description="Play Brelan, Bouillotte or Brag against house players in the terminal, "
        "or take a game's lesson. No Discord, no token.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add = out.add_argument
    add("--game", choices=GAMES, help="the game (default: bouillotte)")
    add("--learn", choices=GAMES, help="play this game's lesson, a guided hand (alone)")
    add(
        "--players",
        help=f"house players: how many (1 to {MOST_HOUSE}, and fewer than the table's seats) "
        "or their levels, as 'strong,easy' (default: 2)",
    )
    add("--level", choices=HOUSE_LEVELS, help="their level, with a number (default: normal)")
    add("--seed", type=whole(LARGEST_SEED), help="the same game from the same seed")
    default_lang = "fr" if os.environ.get("LANG", "").startswith("fr") else "en"
    add("--lang", choices=("en", "fr"), default=default_lang, help="language")
    add("--name", type=name, default="Alex", help="your name at the table (1 to 32 characters)")
    add("--options", help="table options as key=value, as in 'carre=forced' (see below)")
    add("--hands", type=whole(MOST_HANDS), help="stop after this many hands (default: no limit)")
    add("--pause", type=pause, help="seconds a house player thinks, 0 to 60 (default 1)")
    return out


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, checked; ``levels`` and ``table_options`` worked out."""
    command = parser()
    args = command.parse_args(sys.argv[1:] if argv is None else argv)
    if args.learn is not None:
        given = [f"--{o}" for o in PLAY_ONLY if getattr(args, o) is not None]
        if given:
            command.error(
                f"--learn plays {args.learn}'s lesson alone: {', '.join(given)} "
                "would change nothing (leave them out, or play with --game)"
            )
    args.game = args.game or "bouillotte"
    args.players = args.players or "2"
    args.level = args.level or "normal"
    args.options = args.options or ""
    args.hands = args.hands or 0
    args.pause = 1.0 if args.pause is None else args.pause
    args.table_options = table_options(command, args.lang, args.game, args.options, args.pause)
    args.levels = levels(command, args.players, args.level)
    seats = Settings.from_options(args.game, args.table_options).seats
    if len(args.levels) >= seats:
        command.error(
            f"--players: a {game_title(args.game)} table of {seats} seats takes 1 to "
            f"{seats - 1} house players besides you (more seats with --options seats=N)"
        )
    return args


def table_options(
    command: OneLineParser, lang: str, game: str, text: str, pause: float
) -> dict[str, Any]:
    """The table's options: offline play's own, then those typed, held to their definitions
    and to the table's checks as at ``/table create``."""
    options = {**OFFLINE_OPTIONS, "next_hand_delay": max(pause, 0.5)}
    try:
        options.update(parse_table_options(text, game))
        Settings.from_options(game, dict(options))
    except (TableError, GameError, ValueError, TypeError) as exc:
        said = exc if isinstance(exc, TableError) else player_error(exc)
        command.error(f"--options: {plain(render(lang, said.message))}")
    return options


def levels(command: OneLineParser, players: str, level: str) -> list[str]:
    """The house players' levels: ``level`` a number of times, or those listed."""
    if WHOLE.fullmatch(players.strip()):
        count = int(players)
        if not 1 <= count <= MOST_HOUSE:
            command.error(f"--players: from 1 to {MOST_HOUSE} house players")
        return [level] * count
    named = [w.strip() for w in players.split(",") if w.strip()]
    wrong = [w for w in named if w not in HOUSE_LEVELS]
    if wrong or not 1 <= len(named) <= MOST_HOUSE:
        command.error(f"--players: 1 to {MOST_HOUSE} levels among {', '.join(HOUSE_LEVELS)}")
    return named
