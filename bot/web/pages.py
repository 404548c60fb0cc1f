"""The server's pages: its home (open tables, last hands, best players), its leaderboard and
a player's profile. Each handler asks :func:`~bot.web.site.reader_of` first, reads through
the site's reader database and draws a template with :func:`page`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, Final, cast
from urllib.parse import urlencode

import aiohttp_jinja2
from aiohttp import web
from markupsafe import Markup

from bot.i18n import Lang, render
from bot.storage import Transaction
from bot.storage.models import METRICS, Metric
from bot.storage.web import PlayerHand, RankedLine
from bot.view.document import Document
from bot.view.html import document_html, members_named
from bot.view.seasons import season_option
from bot.view.table import table_document
from bot.view.words import game_title, hand_winners
from bot.web import links
from bot.web.draw import chart_svg
from bot.web.site import (
    LANG_COOKIE,
    Person,
    Reader,
    id_of,
    language,
    people_of,
    reader_of,
    site_of,
)

routes = web.RouteTableDef()

GUILD: Final = r"/g/{guild:[0-9]{1,20}}"
PERIODS: Final = ("all", "week")
DEFAULT_METRIC: Final[Metric] = "net_chips"
#: Lines of a leaderboard page, of the home's best players, of the hand lists.
PAGE_SIZE: Final = 25
BEST_PLAYERS: Final = 5
LAST_HANDS: Final = 10
BEST_HANDS: Final = 5
#: Seasons the leaderboard's selector offers, the newest first.
SEASONS_OFFERED: Final = 100
#: Hands the profile's chart spans at most.
CHART_HANDS: Final = 500


def translator(lang: Lang) -> Any:
    """``t(key, **params)`` for the templates, in the reader's language."""

    def t(key: str, **params: Any) -> str:
        return render(lang, key, **params)

    return t


def chips(lang: Lang, n: int, *, signed: bool = False) -> str:
    """``12 chips``, ``+12 chips`` (``signed``)."""
    text = render(lang, "chips", n=n)
    return f"+{text}" if signed and n > 0 else text


def metric_text(lang: Lang, metric: str, value: int) -> str:
    """A statistic as the leaderboard writes it: chips for the chip metrics, else a count."""
    if metric == "net_chips":
        return chips(lang, value, signed=True)
    if metric == "biggest_pot":
        return chips(lang, value)
    return render(lang, "web-count", n=value)


def day(unix: float) -> str:
    """A moment as the pages write it (UTC, the same for every reader)."""
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(unix))


def switch_links(request: web.Request) -> dict[str, str]:
    """The language switch: this page in each language."""
    query = {k: v for k, v in request.query.items() if k not in ("lang", links.TOKEN_PARAM)}
    return {lang: str(request.rel_url.with_query({**query, "lang": lang})) for lang in ("en", "fr")}


async def page(
    request: web.Request, reader: Reader | None, template: str, status: int = 200, **context: Any
) -> web.Response:
    """A page drawn from ``template`` (which extends ``base.html``) with the reader's
    language (``t``), his server's name and links, and ``context``."""
    lang = reader.lang if reader is not None else language(request)
    base = {
        "t": translator(lang),
        "lang": lang,
        "reader": reader,
        "switch": switch_links(request),
        "home": reader.url() if reader is not None else None,
        "server": _server_name(reader),
    }
    drawn = aiohttp_jinja2.get_env(request.app).get_template(template)
    pace = site_of(request).pace
    await pace.breathe()  # the page's facts are ready: the drawing is another slice
    text = await pace.render(drawn, {**base, **context})
    response = web.Response(text=text, status=status, content_type="text/html", charset="utf-8")
    asked = request.query.get("lang")
    if asked in ("en", "fr"):
        response.set_cookie(LANG_COOKIE, asked, max_age=365 * 86_400, samesite="Lax", path="/")
    return response


def _server_name(reader: Reader | None) -> str:
    if reader is None:
        return ""
    return reader.settings.name or render(reader.lang, "web-server-n", n=str(reader.guild_id))


# -- the home ------------------------------------------------------------------------------------


@routes.get(GUILD + "/")
async def home(request: web.Request) -> web.Response:
    """The server's open tables as their message shows them, its last hands, its best
    players."""
    reader = await reader_of(request)
    site = site_of(request)
    lang = reader.lang
    docs: list[tuple[str, Document]] = []
    for shown in await site.tables.open_tables(reader.guild_id):
        log = [render(lang, said) for said in shown.log]
        docs.append((shown.state["game"], table_document(lang, shown.state, log=log)))
    async with site.db.read() as tx:
        hands = await tx.hand_history(reader.guild_id, limit=LAST_HANDS)
        best, _ = await tx.ranked(
            reader.guild_id,
            DEFAULT_METRIC,
            "all",
            min_hands=reader.settings.min_hands,
            limit=BEST_PLAYERS,
        )
    outcomes = [(h, hand_winners(h.result)) for h in hands]
    ids: set[int] = {line.user_id for line in best}
    for _, doc in docs:
        ids |= {int(m) for m in members_named(doc) if m.isdigit()}
    for _, (winners, _total, _carried) in outcomes:
        ids |= {int(w) for w in winners if w.isdigit()}
    names = await people_of(site, reader, ids)
    named = shown_names(names)
    now = site.clock()
    tables = [
        Markup(document_html(doc, lang, names=named, now=now, kind=f"game-{game}"))
        for game, doc in docs
    ]
    await site.pace.breathe()
    last = [
        {
            "id": h.id,
            "url": reader.url(f"hands/{h.id}"),
            "game": game_title(h.game),
            "when": day(h.updated_at),
            "winners": [_person(names, w) for w in winners],
            "pot": chips(lang, total),
            "carried": chips(lang, carried),
        }
        for h, (winners, total, carried) in outcomes
    ]
    players = [
        {
            "rank": line.rank,
            "who": names[line.user_id],
            "net": chips(lang, line.values["net_chips"], signed=True),
        }
        for line in best
    ]
    return await page(request, reader, "home.html", tables=tables, hands=last, players=players)


def shown_names(names: Mapping[int, Person]) -> dict[str, str]:
    """The names a document's ``<@id>`` are drawn with (:func:`bot.view.html.document_html`)."""
    return {str(user): person.name for user, person in names.items()}


def _person(names: Mapping[int, Person], who: str) -> Person:
    return names[int(who)] if who.isdigit() and int(who) in names else Person(0, who, profile=False)


# -- the leaderboard -----------------------------------------------------------------------------


def _choice(value: str | None, allowed: tuple[str, ...], default: str) -> str:
    return value if value in allowed else default


@routes.get(GUILD + "/leaderboard")
async def leaderboard(request: web.Request) -> web.Response:
    """Every metric and period of ``/leaderboard``, a page at a time, sorted by any column,
    and the server's seasons (``period=season-3``); players with fewer hands than the server
    asks are not ranked."""
    reader = await reader_of(request)
    site = site_of(request)
    lang = reader.lang
    metric = cast(Metric, _choice(request.query.get("metric"), METRICS, DEFAULT_METRIC))
    seasons = await site.db.query(Transaction.seasons, reader.guild_id, limit=SEASONS_OFFERED)
    period = _choice(request.query.get("period"), (*PERIODS, *(s.period for s in seasons)), "all")
    ascending = request.query.get("order") == "asc"
    try:
        number = max(1, min(10_000, int(request.query.get("page", "1"))))
    except ValueError:
        number = 1
    lines, total = await site.db.query(
        Transaction.ranked,
        reader.guild_id,
        metric,
        period,
        min_hands=reader.settings.min_hands,
        offset=(number - 1) * PAGE_SIZE,
        limit=PAGE_SIZE,
        ascending=ascending,
    )
    names = await people_of(site, reader, [line.user_id for line in lines])
    pages = max(1, -(-total // PAGE_SIZE))

    def at(**changes: Any) -> str:
        query = {"metric": metric, "period": period, "order": "asc" if ascending else "desc"}
        query.update({k: str(v) for k, v in changes.items()})
        query["page"] = query.get("page", "1")
        return f"{reader.url('leaderboard')}?{urlencode(query)}"

    columns = [
        {
            "metric": m,
            "name": render(lang, f"metric-{m}"),
            "sorted": m == metric,
            "url": at(metric=m, order="asc" if m == metric and not ascending else "desc"),
        }
        for m in METRICS
    ]
    rows = [_row(lang, line, names[line.user_id]) for line in lines]
    return await page(
        request,
        reader,
        "leaderboard.html",
        columns=columns,
        rows=rows,
        metric=metric,
        ascending=ascending,
        periods=[
            {"name": render(lang, f"period-{p}"), "url": at(period=p), "on": p == period}
            for p in PERIODS
        ],
        seasons=[
            {"name": season_option(lang, s), "period": s.period, "on": s.period == period}
            for s in seasons
        ],
        number=number,
        pages=pages,
        total=total,
        previous=at(page=number - 1) if number > 1 else None,
        following=at(page=number + 1) if number < pages else None,
    )


def _row(lang: Lang, line: RankedLine, who: Person) -> dict[str, Any]:
    return {
        "rank": line.rank,
        "who": who,
        "cells": [metric_text(lang, m, line.values[m]) for m in METRICS],
    }


# -- a player ------------------------------------------------------------------------------------


@routes.get(GUILD + r"/players/{user:[0-9]{1,20}}")
async def player(request: web.Request) -> web.Response:
    """A player's record on this server: hands, wins, net chips over his hands as a chart,
    his best and his last hands. A player the server does not know, or who hid his name
    from a public reader, has no page."""
    reader = await reader_of(request)
    site = site_of(request)
    lang = reader.lang
    user_id = id_of(request, "user")
    async with site.db.read() as tx:
        stats = {p: await tx.player_stats(reader.guild_id, user_id, p) for p in PERIODS}
        last = await tx.player_hands(reader.guild_id, user_id, limit=LAST_HANDS)
        best = await tx.player_hands(reader.guild_id, user_id, limit=BEST_HANDS, best=True)
        series = await tx.net_series(reader.guild_id, user_id, limit=CHART_HANDS)
    who = (await people_of(site, reader, [user_id]))[user_id]
    if not who.profile or (stats["all"]["hands_played"] == 0 and not last):
        raise web.HTTPNotFound()
    figures = [
        {
            "name": render(lang, f"metric-{m}"),
            "values": [metric_text(lang, m, stats[p][m]) for p in PERIODS],
        }
        for m in METRICS
    ]
    chart: Markup = chart_svg(series, label=render(lang, "web-chart-label", n=len(series)))
    return await page(
        request,
        reader,
        "player.html",
        who=who,
        figures=figures,
        periods=[render(lang, f"period-{p}") for p in PERIODS],
        chart=chart,
        chart_hands=len(series),
        total=chips(lang, series[-1] if series else 0, signed=True),
        last=[_hand(reader, h) for h in last],
        best=[_hand(reader, h) for h in best],
    )


def _hand(reader: Reader, hand: PlayerHand) -> dict[str, Any]:
    return {
        "id": hand.hand_id,
        "url": reader.url(f"hands/{hand.hand_id}"),
        "game": game_title(hand.game),
        "when": day(hand.at),
        "won": hand.won,
        "net": chips(reader.lang, hand.net, signed=True),
        "up": hand.net > 0,
    }
