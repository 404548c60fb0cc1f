"""A :class:`~bot.view.document.Document` drawn as safe HTML, for the web pages.

Every text is escaped; the document's inline marks are written for a page: a member
``<@id>`` by the name the page's ``names`` mapping gives (escaped; "a player" when it gives
none, so no id is ever shown), a time ``<t:unix:R>`` as a ``<time>`` in UTC, ``**bold**`` and
```code``` as in Discord. The cards the document draws (the retourne, each row of ``hands``)
are ``<img>`` of the card art (:func:`bot.view.card_art.card_png`, served at the address
``card_src`` gives; ``/cards/Ah.png`` by default) with their text as ``alt``; anything that
is not a card's code is left out. No inline style or script: the page's content security
policy may forbid both.

>>> text_html("<@7> bets **4** <b>", "en", {"7": "Ana & Bo"})
'<span class="who">Ana &amp; Bo</span> bets <strong>4</strong> &lt;b&gt;'
>>> card_html("Th")
'<img class="card" src="/cards/Th.png" alt="10♥" width="60" height="84">'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from html import escape

from bot.i18n import Lang, plain_card, render
from bot.view.card_art import CARD_CODE, CARD_H, CARD_W
from bot.view.document import Document, HandRow, Section

#: Where a card's picture is served, from its code.
CardSrc = Callable[[str], str]

#: The marks of a document's text: a member, a time, bold, code.
_MARK = re.compile(r"<@!?([A-Za-z0-9_-]{1,32})>|<t:(-?\d{1,12}):[A-Za-z]>|\*\*(.+?)\*\*|`([^`]+)`")


def card_path(code: str) -> str:
    """The default address of a card's picture: ``/cards/<code>.png``."""
    return f"/cards/{code}.png"


def text_html(text: str, lang: Lang, names: Mapping[str, str]) -> str:
    """One text of a document, escaped, its marks written for a page (module docstring)."""
    out: list[str] = []
    at = 0
    for match in _MARK.finditer(text):
        out.append(escape(text[at : match.start()]))
        member, when, bold, code = match.groups()
        if member is not None:
            name = names.get(member) or render(lang, "html-someone")
            out.append(f'<span class="who">{escape(name)}</span>')
        elif when is not None:
            out.append(_time_html(int(when)))
        elif bold is not None:
            out.append(f"<strong>{text_html(bold, lang, names)}</strong>")
        else:
            out.append(f"<code>{escape(code)}</code>")
        at = match.end()
    out.append(escape(text[at:]))
    return "".join(out)


def _time_html(unix: int) -> str:
    try:
        moment = datetime.fromtimestamp(unix, UTC)
    except (OverflowError, OSError, ValueError):
        return ""
    return f'<time datetime="{moment.isoformat()}">{moment:%Y-%m-%d %H:%M} UTC</time>'


def card_html(code: str, card_src: CardSrc = card_path, *, folded: bool = False) -> str:
    """A card as an ``<img>`` of the card art (``""`` for anything but a card's code)."""
    if not CARD_CODE.fullmatch(code):
        return ""
    kind = "card folded" if folded else "card"
    return (
        f'<img class="{kind}" src="{escape(card_src(code))}" alt="{escape(plain_card(code))}" '
        f'width="{CARD_W}" height="{CARD_H}">'
    )


def _row_html(
    label: str, codes: Sequence[str], combo: str, card_src: CardSrc, *, folded: bool = False
) -> str:
    """A row of cards: whose (already HTML), the cards, their combination (already HTML)."""
    kind = "hand-row folded" if folded else "hand-row"
    imgs = "".join(card_html(c, card_src, folded=folded) for c in codes)
    tail = f'<span class="combo">{combo}</span>' if combo else ""
    return (
        f'<div class="{kind}"><span class="who">{label}</span>'
        f'<span class="cards">{imgs}</span>{tail}</div>'
    )


def _section_html(section: Section, lang: Lang, names: Mapping[str, str]) -> str:
    lines = [text_html(line, lang, names) for line in section.lines]
    if section.sep == "\n":
        body = "<ul>" + "".join(f"<li>{line}</li>" for line in lines) + "</ul>"
    else:
        body = f"<p>{escape(section.sep).join(lines)}</p>"
    return (
        f'<section class="doc-section" data-key="{escape(section.key)}">'
        f"<h3>{text_html(section.name, lang, names)}</h3>{body}</section>"
    )


def _cards_html(doc: Document, lang: Lang, names: Mapping[str, str], card_src: CardSrc) -> str:
    rows = []
    if doc.retourne:
        label = escape(render(lang, "ui-retourne-label"))
        rows.append(_row_html(label, (doc.retourne,), "", card_src))
    for row in doc.hands:
        rows.append(_hand_row_html(row, lang, names, card_src))
    return f'<div class="doc-cards">{"".join(rows)}</div>' if rows else ""


def _hand_row_html(row: HandRow, lang: Lang, names: Mapping[str, str], card_src: CardSrc) -> str:
    who = text_html(row.who, lang, names)
    combo = text_html(row.combo, lang, names)
    return _row_html(who, row.cards, combo, card_src, folded=row.folded)


def document_html(
    doc: Document, lang: Lang, *, names: Mapping[str, str], card_src: CardSrc = card_path
) -> str:
    """The whole document as one ``<article>``: its title, description, the cards it draws,
    its sections (a list each) and footer. ``names`` maps a member's id to the name the page
    shows."""
    parts = [f'<article class="doc" data-colour="#{doc.colour & 0xFFFFFF:06x}">']
    if doc.title:
        parts.append(f'<h2 class="doc-title">{text_html(doc.title, lang, names)}</h2>')
    if doc.description:
        lines = (text_html(line, lang, names) for line in doc.description.split("\n"))
        parts.append(f'<p class="doc-description">{"<br>".join(lines)}</p>')
    parts.append(_cards_html(doc, lang, names, card_src))
    parts += [_section_html(section, lang, names) for section in doc.sections]
    if doc.footer:
        parts.append(f'<footer class="doc-footer">{text_html(doc.footer, lang, names)}</footer>')
    parts.append("</article>")
    return "".join(parts)
