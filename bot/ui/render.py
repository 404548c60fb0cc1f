"""The Discord renderer: documents (:mod:`bot.view`) drawn as embeds, and the card DM.

Every word comes from the view model (:func:`bot.view.table.table_document`,
:func:`bot.view.table.showdown_document`); this module only fits a document into Discord's
embed and its limits (:mod:`bot.ui.limits`). Mentions inside embeds do not ping.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

import discord

from bot.i18n import Lang, people, render
from bot.runtime.public import PublicState, ShowdownReport
from bot.ui.limits import EMBED_TOTAL, FIELD_VALUE, add_lines_field, embed_size, fit_embed
from bot.view.card_art import ShowdownPicture
from bot.view.document import Document, Section
from bot.view.fitting import latest, listing
from bot.view.table import showdown_document, table_document
from bot.view.words import cards, game_title


def embed_of(lang: Lang, doc: Document) -> discord.Embed:
    """A document as an embed within Discord's limits: a field a section (a long one over
    up to ``parts`` fields), then the sections that give way cut until the whole fits."""
    embed = discord.Embed(title=doc.title, colour=doc.colour)
    if doc.description:
        embed.description = doc.description
    for section in doc.sections:
        _add_section(lang, embed, section)
    if doc.footer:
        embed.set_footer(text=doc.footer)
    _shrink_to_fit(lang, embed, doc.sections)
    return fit_embed(lang, embed)


def _section_value(lang: Lang, section: Section, limit: int = FIELD_VALUE) -> str:
    """A section's lines as a field's value of at most ``limit`` characters: the first
    ones then "… and N more", or the newest ones of a log."""
    if section.keep == "last":
        return latest(section.lines, limit=limit)
    return listing(lang, section.lines, section.sep, limit)


def _add_section(lang: Lang, embed: discord.Embed, section: Section) -> None:
    if section.parts > 1:
        add_lines_field(lang, embed, section.name, section.lines, most=section.parts)
    else:
        embed.add_field(name=section.name, value=_section_value(lang, section), inline=False)


def _shrink_to_fit(lang: Lang, embed: discord.Embed, sections: Sequence[Section]) -> None:
    """Past 6,000 characters the sections that give way shrink, in their order (the table's
    log first, its newest lines staying, then the waiting line), so the seats stay whole."""
    for section in sorted((s for s in sections if s.gives_way), key=lambda s: s.gives_way):
        over = embed_size(embed) - EMBED_TOTAL
        index = next((k for k, f in enumerate(embed.fields) if f.name == section.name), None)
        if over <= 0 or index is None:
            continue
        room = max(60, len(embed.fields[index].value or "") - over)
        value = _section_value(lang, section, room) or "…"
        embed.set_field_at(index, name=section.name, value=value, inline=False)


def table_embed(
    lang: Lang,
    state: PublicState,
    *,
    log: Sequence[str] = (),
    undelivered: Iterable[int] = (),
    closed: bool = False,
) -> discord.Embed:
    """The public table message (:func:`bot.view.table.table_document`)."""
    doc = table_document(lang, state, log=log, undelivered=undelivered, closed=closed)
    return embed_of(lang, doc)


def showdown_embed(lang: Lang, game: str, data: ShowdownReport) -> discord.Embed:
    """The showdown post (:func:`bot.view.table.showdown_document`)."""
    return embed_of(lang, showdown_document(lang, game, data))


def showdown_picture(
    lang: Lang, game: str, data: ShowdownReport, names: Mapping[int, str]
) -> ShowdownPicture:
    """The showdown's picture (drawn by :mod:`bot.view.card_art`): the same hands, retourne
    and lines as the showdown post, players by name rather than mention."""

    def named(text: str) -> str:
        return re.sub(
            r"<@(\d+)>",
            lambda m: names.get(int(m[1])) or render(lang, "ui-player-n", n=m[1][-4:]),
            people.name_mentions(text),
        ).replace("🤖 ", "")  # a house player by its name: the picture's font has no robot

    doc = showdown_document(lang, game, data)
    embed = embed_of(lang, doc)
    rows = tuple(replace(r, who=named(r.who)) for r in doc.hands)
    hands_field = render(lang, "ui-hands")
    lines = tuple(
        named(line)
        for field in embed.fields
        if not str(field.name).startswith(hands_field)
        for line in str(field.value).split("\n")
    )
    return ShowdownPicture(
        title=str(embed.title),
        rows=rows,
        retourne=doc.retourne,
        retourne_label=render(lang, "ui-retourne-label"),
        lines=lines,
    )


@dataclass(frozen=True)
class CardsPlace:
    """Where a card DM's hand is played: table, hand, channel, server, a link to the table."""

    table: int
    hand: int | None = None
    channel: int | None = None
    server: str = ""
    link: str = ""


def jump_url(guild_id: int, channel_id: int, message_id: int | str | None) -> str:
    """A link to a message (or to the channel when there is none).

    >>> jump_url(1, 2, 3), jump_url(1, 2, None)
    ('https://discord.com/channels/1/2/3', 'https://discord.com/channels/1/2')
    """
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}{tail}"


def cards_message(
    lang: Lang,
    game: str,
    place: CardsPlace,
    hand_cards: Sequence[str],
    retourne: str | None,
) -> str:
    """The private message with a player's cards: the game, hand, table, channel and server
    it belongs to, the cards, the retourne, and a link back to the table.

    >>> print(cards_message("en", "brelan", CardsPlace(2, 7, 5, "Salon"), ["Ah"], "9c"))
    **Brelan** — hand 7, table #2 in <#5> (Salon)
    Your cards: A♥️
    Retourne (face up): 9♣️
    """
    lines = [
        render(
            lang,
            "dm-cards-where",
            game=game_title(game),
            hand=place.hand or 0,
            table=place.table,
            channel=place.channel or 0,
            server=place.server or "-",
        ),
        render(lang, "dm-cards-yours", cards=cards(hand_cards)),
    ]
    if retourne:
        lines.append(render(lang, "dm-cards-retourne", card=cards([retourne])))
    if place.link:
        lines.append(render(lang, "dm-cards-link", link=place.link))
    return "\n".join(lines)
