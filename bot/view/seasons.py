"""A season's name as players read it, for Discord (:mod:`bot.ui.season_text`) and the web
pages (the leaderboard's season selector).

The name is the admins' text: each surface passes its own ``escape`` (Discord's Markdown and
mentions; the web's templates escape HTML themselves).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import Lang, render
from bot.storage.models import Season


def _kept(text: str) -> str:
    return text


def season_name(lang: Lang, season: Season, escape: Callable[[str], str] = _kept) -> str:
    """``Season 3 “Winter”`` (``Season 3`` without a name).

    >>> s = Season(1, 3, "Hiver", 0.0, 9)
    >>> season_name("en", s), season_name("fr", s)
    ('Season 3 “Hiver”', 'Saison 3 «\\xa0Hiver\\xa0»')
    """
    if not season.name:
        return render(lang, "season-name", n=season.number)
    return render(lang, "season-named", n=season.number, name=escape(season.name))


def season_option(lang: Lang, season: Season, escape: Callable[[str], str] = _kept) -> str:
    """A season as a list of seasons offers it (the open one says so).

    >>> season_option("fr", Season(1, 2, "", 0.0, 9))
    'Saison 2 (en cours)'
    """
    name = season_name(lang, season, escape)
    return render(lang, "season-open", season=name) if season.open else name
