"""``/tournament …``'s arguments, read before the command runs (discord.py transformers), each
with its autocomplete of examples in the reader's language:

- :class:`ScheduleArg`: the levels, for the game chosen beside it
  (:func:`bot.games.levels.parse_schedule`: ``"10 hands: 1 2 3 5 8"``);
- :class:`PayoutsArg`: the split of the prize pool (``"60/30/10"``);
- :class:`StartArg`: a scheduled start (a delay, a UTC time of day, a Discord timestamp);
- :class:`TournamentArg`: which tournament (autocomplete: the server's under way).

A value that cannot be read raises a refusal (``TableError``), answered privately in the
member's language by the command tree, and no tournament is touched.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
from discord import app_commands

from bot.games.errors import GameError
from bot.games.levels import (
    Schedule,
    always_ends,
    default_schedule,
    has_limits,
    parse_schedule,
)
from bot.games.prizes import parse_payouts
from bot.i18n import Lang, lang_of, render
from bot.runtime import TableError
from bot.runtime.errors import player_error
from bot.runtime.tournament_spec import MOST_AHEAD
from bot.ui.interaction import guild_id_of
from bot.ui.limits import OPTION_LABEL, SELECT_OPTIONS, fit_text
from bot.ui.outbox import discord_clock
from bot.ui.services import services_of
from bot.ui.transformers import chosen_game
from bot.view.tournament import tournament_list_lines

Choices = list[app_commands.Choice[int | float | str]]

#: A Discord timestamp (``<t:1767312000>``, ``<t:1767312000:F>``) or its bare number.
_STAMP = re.compile(r"^(?:<t:(\d+)(?::\w)?>|(\d{9,12}))$")
#: A time of day, UTC (``21:00``).
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$")
#: A delay: ``2h``, ``45m``, ``1h30``, ``90 min``, ``2 hours`` (a bare number is minutes).
_DELAY = re.compile(
    r"^(?:in\s+|dans\s+)?(?:(\d+)\s*(?:h|hours?|heures?)\s*)?"
    r"(?:(\d+)\s*(?:m|mn|min|mins|minutes?)?)?$",
    re.IGNORECASE,
)
#: The delays /tournament create's ``start`` offers.
START_EXAMPLES = ("30m", "1h", "2h", "3h")


def parse_start(text: str, now: float) -> float:
    """The unix time a typed start names, from ``now``; ``TableError`` if it names none.

    >>> parse_start("1h30", 0.0), parse_start("45", 0.0), parse_start("<t:1767312000:F>", 0.0)
    (5400.0, 2700.0, 1767312000.0)
    >>> parse_start("01:00", 7200.0)  # 02:00 UTC now: tomorrow at 01:00
    90000.0
    """
    at = read_start(text, now)
    if at is None:
        raise TableError("refuse-tournament-start-format", text=fit_text(text.strip(), 40))
    return at


def read_start(text: str, now: float) -> float | None:
    """:func:`parse_start`, None for a text that names no start."""
    typed = text.strip()
    stamp = _STAMP.match(typed)
    if stamp is not None:
        return float(stamp[1] or stamp[2])
    clock = _CLOCK.match(typed)
    if clock is not None and int(clock[1]) < 24 and int(clock[2]) < 60:
        today = datetime.fromtimestamp(now, UTC).replace(second=0, microsecond=0)
        at = today.replace(hour=int(clock[1]), minute=int(clock[2]))
        if at.timestamp() <= now:
            at += timedelta(days=1)
        return at.timestamp()
    delay = _DELAY.match(typed)
    if typed and delay is not None and (delay[1] or delay[2]):
        return now + 3600.0 * int(delay[1] or 0) + 60.0 * int(delay[2] or 0)
    return None


def start_label(lang: Lang, typed: str, at: float, now: float) -> str:
    """A start as the autocomplete names it: what was typed, in how long, and when (UTC).

    >>> start_label("en", "1h", 3600.0, 0.0)
    '1h: in 60 minutes (01:00 UTC)'
    """
    clock = datetime.fromtimestamp(at, UTC).strftime("%H:%M")
    minutes = max(0, round((at - now) / 60))
    when = render(lang, "tournament-start-in", minutes=minutes, clock=clock)
    return fit_text(render(lang, "tournament-start-choice", text=typed, when=when), OPTION_LABEL)


class StartArg(app_commands.Transformer):
    """``start``: a scheduled start as a unix time (the runtime refuses one in the past)."""

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> float:
        return parse_start(str(value), discord_clock())

    async def autocomplete(
        self, interaction: discord.Interaction, value: int | float | str, /
    ) -> Choices:
        lang, now, typed = lang_of(interaction.locale), discord_clock(), str(value).strip()
        out: Choices = []
        for text in ([typed] if typed else []) + [e for e in START_EXAMPLES if e != typed]:
            at = read_start(text, now)
            if at is not None and now < at <= now + MOST_AHEAD:
                out.append(app_commands.Choice(name=start_label(lang, text, at, now), value=text))
        return out[:SELECT_OPTIONS]


#: How the examples write "hands" in each language (the parser reads both).
HANDS_WORD = {"en": "hands", "fr": "donnes"}


def schedule_examples(lang: Lang, game: str) -> list[str]:
    """Schedules to offer for a game: a pace alone (the default levels), then levels.

    >>> schedule_examples("en", "brag")[-1]
    '10 hands: 1/1/10 2/2/20 3/3/30 5/5/50 8/8/80'
    >>> schedule_examples("fr", "brelan")[0]
    '10 donnes'
    """
    levels = default_schedule(game).levels[:5]
    if has_limits(game):
        written = " ".join(f"{v.ante}/{v.min_bet}/{v.max_bet}" for v in levels)
    else:
        written = " ".join(str(v.ante) for v in levels)
    hands = HANDS_WORD[lang]
    return [f"10 {hands}", f"5 {hands}", f"20 {hands}", "15 minutes", f"10 {hands}: {written}"]


#: How the autocomplete says how long a level lasts.
EVERY = {
    "hands": "tournament-schedule-every-hands",
    "minutes": "tournament-schedule-every-minutes",
}


def schedule_label(lang: Lang, text: str, schedule: Schedule, game: str) -> str:
    """>>> from bot.games.levels import parse_schedule
    >>> schedule_label("fr", "6 donnes", parse_schedule("brelan", "6 donnes"), "brelan")
    '6 donnes — un palier toutes les 6 donnes, les paliers par défaut du jeu'
    """
    what = render(lang, EVERY[schedule.unit], n=schedule.every)
    if schedule.levels == default_schedule(game).levels:
        what += ", " + render(lang, "tournament-schedule-default")
    label = render(lang, "tournament-schedule-choice", text=text, what=what)
    return fit_text(label, OPTION_LABEL)


class ScheduleArg(app_commands.Transformer):
    """``schedule``: the levels of the game chosen beside it."""

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> Schedule:
        try:
            return always_ends(parse_schedule(chosen_game(interaction), str(value)))
        except GameError as exc:
            raise player_error(exc) from exc

    async def autocomplete(
        self, interaction: discord.Interaction, value: int | float | str, /
    ) -> Choices:
        lang, game, typed = lang_of(interaction.locale), chosen_game(interaction), str(value)
        out: Choices = []
        for text in ([typed.strip()] if typed.strip() else []) + schedule_examples(lang, game):
            try:
                schedule = always_ends(parse_schedule(game, text))
            except GameError:
                continue
            if len(text) <= 100 and all(c.value != text for c in out):
                label = schedule_label(lang, text, schedule, game)
                out.append(app_commands.Choice(name=label, value=text))
        return out[:SELECT_OPTIONS]


#: The splits /tournament create's ``payouts`` offers.
PAYOUT_EXAMPLES = ("50/30/20", "60/30/10", "100", "65/35", "40/30/20/10")


class PayoutsArg(app_commands.Transformer):
    """``payouts``: the shares of the places paid, from the winner down."""

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> tuple[int, ...]:
        try:
            return parse_payouts(str(value))
        except GameError as exc:
            raise player_error(exc) from exc

    async def autocomplete(
        self, interaction: discord.Interaction, value: int | float | str, /
    ) -> Choices:
        lang, typed = lang_of(interaction.locale), str(value).strip()
        out: Choices = []
        for text in ([typed] if typed else []) + list(PAYOUT_EXAMPLES):
            try:
                places = len(parse_payouts(text))
            except GameError:
                continue
            if len(text) <= 100 and all(c.value != text for c in out):
                label = render(lang, "tournament-payouts-choice", text=text, places=places)
                out.append(app_commands.Choice(name=fit_text(label, OPTION_LABEL), value=text))
        return out[:SELECT_OPTIONS]


class TournamentArg(app_commands.Transformer):
    """``tournament``: a tournament of this server, by number; the autocomplete lists those
    under way."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    @property
    def min_value(self) -> int:
        return 1

    @property
    def max_value(self) -> int:
        return 2**53 - 1  # Discord's integers: 53 bits

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> int:
        return int(value)

    async def autocomplete(
        self, interaction: discord.Interaction, value: int | float | str, /
    ) -> Choices:
        lang, typed = lang_of(interaction.locale), str(value).strip()
        director = services_of(interaction).manager.tournaments
        views = await director.tournaments(guild_id_of(interaction))
        out: Choices = [
            app_commands.Choice(name=fit_text(line, OPTION_LABEL), value=view["id"])
            for view, line in zip(views, tournament_list_lines(lang, views), strict=True)
            if str(view["id"]).startswith(typed)
        ]
        return out[:SELECT_OPTIONS]
