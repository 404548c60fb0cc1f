"""Words of the seasons (``/admin season``, ``/leaderboard season:``), in English and French.

Pure functions over storage records, like :mod:`bot.ui.economy_text`: a season's name
(:mod:`bot.view.seasons`, the admins' text written plain), the start's announcement and a
:class:`~bot.view.document.Document` of the end's champions that
:func:`~bot.ui.render.embed_of` draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.i18n import Lang, render
from bot.storage.models import Champions, Season
from bot.ui.economy_text import (
    COUNTED_FROM_ONE,
    METRICS,
    metric_name,
    metric_value,
    period_name,
    when,
)
from bot.ui.safe_text import plain
from bot.view import seasons
from bot.view.document import Document, Section
from bot.view.fitting import more

#: The colour of a season's end (Discord's gold).
SEASON_COLOUR: Final = 0xF1C40F


def season_name(lang: Lang, season: Season) -> str:
    """``Season 3 “Winter”``, the name written plain (no Markdown, no mention)."""
    return seasons.season_name(lang, season, plain)


def season_option(lang: Lang, season: Season) -> str:
    """A season as ``/leaderboard``'s list offers it (the open one says so)."""
    return seasons.season_option(lang, season, plain)


def _named(season: Season) -> dict[str, object]:
    """The parameters of a sentence naming a season: its number, its name, whether it has one."""
    return {"n": season.number, "name": plain(season.name), "named": "yes" if season.name else "no"}


def span_name(lang: Lang, period: str, season: Season | None, *, in_sentence: bool = False) -> str:
    """What a leaderboard counts: its season if it has one, else its period (in lower case
    inside a sentence).

    >>> span_name("en", "week", None, in_sentence=True)
    'this week'
    >>> span_name("en", "season-2", Season(1, 2, "", 0, 9))
    'Season 2'
    """
    if season is not None:
        return season_name(lang, season)
    name = period_name(lang, period)
    return name.lower() if in_sentence else name


def season_started(lang: Lang, season: Season) -> str:
    """The public words of a season's start.

    >>> season_started("fr", Season(1, 2, "", 0.0, 9)).split("**")[1]
    'La saison 2 commence.'
    """
    return render(lang, "season-started", **_named(season))


def champion_line(lang: Lang, champions: Champions) -> str:
    """``**Net chips** · <@1> · +20 chips``; several first places share the line, cut after
    the first few (``… and 3 more``).

    >>> champion_line("en", Champions("hands_won", 4, (1, 2), 7))
    '**Hands won** · <@1>, <@2> … and 5 more · 4'
    """
    who = ", ".join(f"<@{u}>" for u in champions.user_ids)
    if champions.count > len(champions.user_ids):
        who += " " + more(lang, champions.count - len(champions.user_ids))
    value = metric_value(lang, champions.metric, champions.value)
    return f"**{metric_name(lang, champions.metric)}** · {who} · {value}"


def season_end_document(
    lang: Lang, season: Season, players: int, champions: Sequence[Champions]
) -> Document:
    """The public announcement of a season's end: who took part, and the first of every
    metric of ``/leaderboard`` in its order (a metric nobody scored in is left out, as the
    leaderboard leaves it empty)."""
    firsts = {c.metric: c for c in champions}
    lines = tuple(
        champion_line(lang, firsts[m])
        for m in METRICS
        if m in firsts and (firsts[m].value > 0 or m not in COUNTED_FROM_ONE)
    )
    ended = season.ended_at if season.ended_at is not None else season.started_at
    told = render(
        lang,
        "season-ended-players",
        players=players,
        start=when(season.started_at, "D"),
        end=when(ended, "D"),
    )
    sections = (Section("champions", render(lang, "season-champions"), lines),) if lines else ()
    standings = render(lang, "season-standings", n=season.number)
    return Document(
        render(lang, "season-ended-title", **_named(season)),
        SEASON_COLOUR,
        description=f"{told}\n{standings}",
        sections=sections,
    )
