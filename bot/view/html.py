"""A :class:`~bot.view.document.Document` drawn as safe HTML: the one drawing of the web pages
(the home's open tables, the replayer's steps).

Every text is escaped; the document's inline marks are written for a page: a member
``<@id>`` by the name the page's ``names`` mapping gives (escaped; a house player by his
name; "a player" when it gives none, so no id is ever shown), a time ``<t:unix:R>`` as a
``<time>`` in UTC (or, given ``now``, as the time left: "in 12 s"), a channel as ``#…``,
``**bold**`` and ```code``` as in Discord, and a card as the process's card writer wrote it
(``K♥️``, or the bot's card emoji) in red or black. The cards the document draws (the
retourne, each row of ``hands``) are ``<img>`` of the card art
(:func:`bot.view.card_art.card_png`, served at the address ``card_src`` gives;
``/cards/Ah.png`` by default) with their text as ``alt``; anything that is not a card's code is
left out. No inline style or script: the page's content security policy forbids both.

>>> text_html("<@7> bets **4** <b>", "en", {"7": "Ana & Bo"})
'<span class="who">Ana &amp; Bo</span> bets <strong>4</strong> &lt;b&gt;'
>>> text_html("K♥\\ufe0f 10♠\\ufe0f <:salon_Qd:12>", "en", {})
'<span class="card red">K♥</span> <span class="card">10♠</span> <span class="card red">Q♦</span>'
>>> text_html("<t:100:R>", "en", {}, now=88)
'in 12 s'
>>> card_html("Th")
'<img class="card" src="/cards/Th.png" alt="10♥" width="60" height="84">'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from html import escape

from bot.i18n import Lang, people, plain_card, render
from bot.view.card_art import CARD_CODE, CARD_H, CARD_W
from bot.view.document import Document, HandRow, Section

#: Where a card's picture is served, from its code.
CardSrc = Callable[[str], str]

#: The marks of a document's text: a member, a time, a channel, bold, code, a card emoji,
#: a card as text (its suit's variation selector dropped).
_MARK = re.compile(
    r"<@!?(?P<member>[A-Za-z0-9_-]{1,32})>"
    r"|<t:(?P<when>-?\d{1,12}):(?P<style>[A-Za-z])>"
    r"|(?P<channel><#\d{1,20}>)"
    r"|\*\*(?P<bold>.+?)\*\*"
    r"|`(?P<code>[^`]+)`"
    r"|<a?:salon_(?P<emoji>[2-9TJQKA][shdc]):\d{1,20}>"
    r"|(?P<rank>10|[2-9JQKA])(?P<suit>[♠♥♦♣])\ufe0f?"
)
_MEMBER = re.compile(r"<@!?([A-Za-z0-9_-]{1,32})>")


def card_path(code: str) -> str:
    """The default address of a card's picture: ``/cards/<code>.png``."""
    return f"/cards/{code}.png"


def text_html(text: str, lang: Lang, names: Mapping[str, str], *, now: float | None = None) -> str:
    """One text of a document, escaped, its marks written for a page (module docstring);
    ``now``: the moment a time left is counted from (else times are written as such)."""
    text = people.name_mentions(text)
    out: list[str] = []
    at = 0
    for match in _MARK.finditer(text):
        out.append(escape(text[at : match.start()]))
        out.append(_mark_html(match, lang, names, now))
        at = match.end()
    out.append(escape(text[at:]))
    return "".join(out)


def _mark_html(
    match: re.Match[str], lang: Lang, names: Mapping[str, str], now: float | None
) -> str:
    mark = match.groupdict()
    if (member := mark["member"]) is not None:
        name = names.get(member) or render(lang, "html-someone")
        return f'<span class="who">{escape(name)}</span>'
    if (when := mark["when"]) is not None:
        if mark["style"] == "R" and now is not None:
            m, s = divmod(max(0, int(int(when) - now + 0.999)), 60)
            return escape(render(lang, "play-in-time", m=m, s=s))
        return _time_html(int(when))
    if mark["channel"] is not None:
        return "#…"
    if (bold := mark["bold"]) is not None:
        return f"<strong>{text_html(bold, lang, names, now=now)}</strong>"
    if (code := mark["code"]) is not None:
        return f"<code>{escape(code)}</code>"
    if (emoji := mark["emoji"]) is not None:
        return _card_text(plain_card(emoji))
    return _card_text(mark["rank"] + mark["suit"])


def _card_text(text: str) -> str:
    """A card written as text, in red or black."""
    colour = " red" if text[-1] in "♥♦" else ""
    return f'<span class="card{colour}">{text}</span>'


def _time_html(unix: int) -> str:
    try:
        moment = datetime.fromtimestamp(unix, UTC)
    except (OverflowError, OSError, ValueError):
        return ""
    return f'<time datetime="{moment.isoformat()}">{moment:%Y-%m-%d %H:%M} UTC</time>'


def members_named(doc: Document) -> set[str]:
    """Every member a document names (``<@id>``), to look their names up in one query."""
    texts = (doc.title, doc.description, doc.footer, *doc.lines())
    rows = (text for row in doc.hands for text in (row.who, row.combo))
    sections = (s.name for s in doc.sections)
    return {m for text in (*texts, *rows, *sections) for m in _MEMBER.findall(text)}


def card_html(code: str, card_src: CardSrc = card_path, *, folded: bool = False) -> str:
    """A card as an ``<img>`` of the card art (``""`` for anything but a card's code)."""
    if not CARD_CODE.fullmatch(code):
        return ""
    kind = "card folded" if folded else "card"
    return (
        f'<img class="{kind}" src="{escape(card_src(code))}" alt="{escape(plain_card(code))}" '
        f'width="{CARD_W}" height="{CARD_H}">'
    )


class _Drawer:
    """The texts and cards of one document, for one page."""

    def __init__(
        self, lang: Lang, names: Mapping[str, str], card_src: CardSrc, now: float | None
    ) -> None:
        self.lang = lang
        self.names = names
        self.card_src = card_src
        self.now = now

    def text(self, text: str) -> str:
        return text_html(text, self.lang, self.names, now=self.now)

    def row(self, label: str, codes: Sequence[str], combo: str, *, folded: bool = False) -> str:
        """A row of cards: whose (already HTML), the cards, their combination (already HTML)."""
        kind = "hand-row folded" if folded else "hand-row"
        imgs = "".join(card_html(c, self.card_src, folded=folded) for c in codes)
        tail = f'<span class="combo">{combo}</span>' if combo else ""
        return (
            f'<div class="{kind}"><span class="owner">{label}</span>'
            f'<span class="cards">{imgs}</span>{tail}</div>'
        )

    def hand(self, row: HandRow) -> str:
        return self.row(self.text(row.who), row.cards, self.text(row.combo), folded=row.folded)

    def cards(self, doc: Document) -> str:
        rows = []
        if doc.retourne:
            label = escape(render(self.lang, "ui-retourne-label"))
            rows.append(self.row(label, (doc.retourne,), ""))
        rows += [self.hand(row) for row in doc.hands]
        return f'<div class="doc-cards">{"".join(rows)}</div>' if rows else ""

    def section(self, section: Section) -> str:
        lines = [self.text(line) for line in section.lines]
        if section.sep == "\n":
            body = "<ul>" + "".join(f"<li>{line}</li>" for line in lines) + "</ul>"
        else:
            body = f"<p>{escape(section.sep).join(lines)}</p>"
        return (
            f'<section class="doc-section" data-key="{escape(section.key)}">'
            f"<h3>{self.text(section.name)}</h3>{body}</section>"
        )


def document_html(
    doc: Document,
    lang: Lang,
    *,
    names: Mapping[str, str],
    card_src: CardSrc = card_path,
    now: float | None = None,
    kind: str = "",
) -> str:
    """The whole document as one ``<article class="doc …">`` (``kind``: more classes): its
    title, description, the cards it draws, its sections (a list each) and footer.
    ``names`` maps a member's id to the name the page shows; ``now``: see :func:`text_html`."""
    draw = _Drawer(lang, names, card_src, now)
    classes = f"doc {escape(kind)}".strip()
    parts = [f'<article class="{classes}" data-colour="#{doc.colour & 0xFFFFFF:06x}">']
    if doc.title:
        parts.append(f'<h2 class="doc-title">{draw.text(doc.title)}</h2>')
    if doc.description:
        lines = (draw.text(line) for line in doc.description.split("\n"))
        parts.append(f'<p class="doc-description">{"<br>".join(lines)}</p>')
    parts.append(draw.cards(doc))
    parts += [draw.section(section) for section in doc.sections]
    if doc.footer:
        parts.append(f'<footer class="doc-footer">{draw.text(doc.footer)}</footer>')
    parts.append("</article>")
    return "".join(parts)
