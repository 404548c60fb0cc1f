"""What the pages draw themselves: a document's text as HTML (the table message as Discord
and the terminal show it), and a player's chips over his hands as a small SVG.

Every text is escaped before the marks of a document (:mod:`bot.view.document`) are turned
into HTML: a person (``<@id>``, as the reader sees him), a time (``<t:unix:R>``), a card (in
red or black), Discord's ``**bold**`` and ```code```.

>>> from bot.web.site import Person
>>> str(text_html("en", "**<@7>** opens <b>", {7: Person(7, "A<b>")}, now=0))
'<strong><span class="who">A&lt;b&gt;</span></strong> opens &lt;b&gt;'
>>> str(text_html("en", "K♥\\ufe0f 10♠\\ufe0f", {}, now=0))
'<span class="card red">K♥</span> <span class="card">10♠</span>'
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from bot.i18n import Lang, people, plain_card, render
from bot.view.document import Document
from bot.web.site import Person

MENTION = re.compile(r"&lt;@(\d+)&gt;")
TIMESTAMP = re.compile(r"&lt;t:(\d+):(\w)&gt;")
CHANNEL = re.compile(r"&lt;#\d+&gt;")
#: A card emoji of the bot (``<:salon_Ah:123>``), once escaped.
CARD_EMOJI = re.compile(r"&lt;a?:salon_([2-9TJQKA][shdc]):\d+&gt;")
CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])\ufe0f?")
BOLD = re.compile(r"\*\*(.+?)\*\*")
CODE = re.compile(r"`([^`]+)`")


def text_html(lang: Lang, text: str, names: Mapping[int, Person], *, now: float) -> Markup:
    """A document's line as HTML: escaped, then its marks drawn."""
    html = str(escape(people.name_mentions(text)))
    html = CARD_EMOJI.sub(lambda m: plain_card(m[1]), html)
    html = MENTION.sub(lambda m: _who(names, int(m[1]), lang), html)
    html = TIMESTAMP.sub(lambda m: _time(lang, int(m[1]), m[2], now), html)
    html = CHANNEL.sub("#…", html)
    html = CARD.sub(_card, html)
    html = BOLD.sub(r"<strong>\1</strong>", html)
    html = CODE.sub(r"<code>\1</code>", html)
    return Markup(html)


def _who(names: Mapping[int, Person], user_id: int, lang: Lang) -> str:
    person = names.get(user_id)
    name = person.name if person is not None else render(lang, "ui-player-n", n=str(user_id)[-4:])
    return f'<span class="who">{escape(name)}</span>'


def _time(lang: Lang, unix: int, style: str, now: float) -> str:
    if style == "R":
        m, s = divmod(max(0, int(unix - now + 0.999)), 60)
        return str(escape(render(lang, "play-in-time", m=m, s=s)))
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(unix))
    return (
        f'<time datetime="{time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(unix))}">{stamp}</time>'
    )


def _card(match: re.Match[str]) -> str:
    colour = " red" if match[2] in "♥♦" else ""
    return f'<span class="card{colour}">{match[1]}{match[2]}</span>'


def mentioned(doc: Document) -> set[int]:
    """Every member a document names (to look their names up in one query)."""
    found: set[int] = set()
    for text in (doc.title, doc.description, doc.footer, *doc.lines()):
        found.update(int(m) for m in re.findall(r"<@(\d+)>", text))
    return found


@dataclass(frozen=True)
class Drawn:
    """A document ready for a template: its title, description, sections and footer."""

    title: Markup
    description: Markup
    sections: tuple[tuple[str, str, tuple[Markup, ...]], ...]
    footer: Markup


def document_html(lang: Lang, doc: Document, names: Mapping[int, Person], *, now: float) -> Drawn:
    """A document with every text drawn (:func:`text_html`)."""

    def draw(text: str) -> Markup:
        return text_html(lang, text, names, now=now)

    return Drawn(
        title=draw(doc.title),
        description=draw(doc.description),
        sections=tuple(
            (s.key, s.name, tuple(draw(line) for line in s.lines)) for s in doc.sections
        ),
        footer=draw(doc.footer),
    )


# -- the chart ---------------------------------------------------------------------------------

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 120, 6
#: The most points a chart draws (a longer series is thinned evenly, its last point kept).
CHART_POINTS = 160


def chart_svg(series: Sequence[int], *, label: str) -> Markup:
    """A player's chips won or lost, added up hand after hand, as a small SVG line with
    the zero line; ``label`` is its accessible name. Presentation attributes only (no
    ``style``): the pages' Content-Security-Policy allows no inline style.

    >>> print(chart_svg([], label="x"))
    <svg ...><title>x</title>...</svg>
    >>> 'points="6.0,' in chart_svg([0, 5, -5], label="x")
    True
    """
    w, h, pad = CHART_WIDTH, CHART_HEIGHT, CHART_PAD
    values = [0, *series]
    if len(values) > CHART_POINTS:
        step = (len(values) - 1) / (CHART_POINTS - 1)
        values = [values[round(i * step)] for i in range(CHART_POINTS)]
    low, high = min(values), max(values)
    span = (high - low) or 1

    def y(v: int) -> float:
        return round(pad + (high - v) * (h - 2 * pad) / span, 1)

    dx = (w - 2 * pad) / max(1, len(values) - 1)
    points = " ".join(f"{round(pad + i * dx, 1)},{y(v)}" for i, v in enumerate(values))
    last = values[-1]
    colour = "#2e7d32" if last >= 0 else "#c62828"
    parts = [
        f'<svg class="chart" viewBox="0 0 {w} {h}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(label)}</title>',
        f'<line x1="{pad}" y1="{y(0)}" x2="{w - pad}" y2="{y(0)}" stroke="#999" '
        'stroke-dasharray="4 3" stroke-width="1"/>',
    ]
    if len(values) > 1:
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2" '
            'stroke-linejoin="round"/>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
