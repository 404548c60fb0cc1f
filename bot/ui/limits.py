"""Discord's size limits, and the few helpers that keep every message within them.

Discord refuses a whole message (HTTP 400) when one part is too long, so a table message
built from unbounded data (a long waiting line, many seats, long names, a long log) would
stop updating. Everything the bot builds goes through :func:`fit_embed` or :func:`fit_text`
and long lists end in "… and N more".

>>> listing("en", [f"line {i}" for i in range(200)], limit=40)
'line 0\\nline 1\\nline 2\\n… and 197 more'
>>> fit_text("x" * 3000, limit=10)
'xxxxxxxxx…'
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Lang
from bot.view.fitting import fit_text, listing, more

#: Re-exported for the Discord layer, which fits its texts with them.
__all__ = ["add_lines_field", "embed_size", "fit_embed", "fit_text", "listing", "more"]

TITLE = 256
DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FIELDS = 25
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
EMBEDS = 10
CONTENT = 2000
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25
OPTION_LABEL = 100
OPTION_VALUE = 100
SELECT_PLACEHOLDER = 150
MODAL_TITLE = 45
INPUT_LABEL = 45
ROWS = 5
ROW_ITEMS = 5


def add_lines_field(
    lang: Lang, embed: discord.Embed, name: str, lines: Sequence[str], *, most: int = 3
) -> None:
    """Add ``lines`` as one field, or as up to ``most`` fields ("Seats", "Seats (2)"…) when
    they pass 1,024 characters, so a long list stays whole while it can; past that the last
    field ends in "… and N more".

    >>> e = discord.Embed()
    >>> add_lines_field("en", e, "Seats", ["x" * 600] * 3)
    >>> [(f.name, len(f.value)) for f in e.fields]
    [('Seats', 600), ('Seats (2)', 600), ('Seats (3)', 600)]
    """
    chunks: list[list[str]] = [[]]
    size = 0  # characters of the last chunk joined by newlines
    for line in (fit_text(line, FIELD_VALUE) for line in lines):
        if chunks[-1] and size + 1 + len(line) > FIELD_VALUE:
            if len(chunks) == most:
                break
            chunks.append([])
        size = len(line) if not chunks[-1] else size + 1 + len(line)
        chunks[-1].append(line)
    kept = sum(len(c) for c in chunks)
    if kept < len(lines):  # the last field takes the rest, cut with "… and N more"
        chunks[-1] = list(lines[kept - len(chunks[-1]) :])
    for k, chunk in enumerate(chunks, 1):
        label = name if k == 1 else f"{name} ({k})"
        embed.add_field(name=fit_text(label, FIELD_NAME), value=listing(lang, chunk), inline=False)


def embed_size(embed: discord.Embed) -> int:
    """The characters Discord counts towards an embed's 6,000."""
    size = len(embed.title or "") + len(embed.description or "")
    size += len(embed.footer.text or "") + len(embed.author.name or "")
    return size + sum(len(f.name or "") + len(f.value or "") for f in embed.fields)


def fit_embed(lang: Lang, embed: discord.Embed) -> discord.Embed:
    """The embed within every limit: long fields cut by lines, then the longest ones cut
    further until the whole fits in 6,000 characters."""
    if embed.title:
        embed.title = fit_text(embed.title, TITLE)
    if embed.description:
        embed.description = listing(lang, embed.description.split("\n"), limit=DESCRIPTION)
    if embed.footer.text:
        embed.set_footer(text=fit_text(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
    fields = [(f.name or "", f.value or "", bool(f.inline)) for f in embed.fields][:FIELDS]
    fields = [
        (fit_text(n, FIELD_NAME), listing(lang, v.split("\n"), limit=FIELD_VALUE), i)
        for n, v, i in fields
    ]
    embed.clear_fields()
    for name, value, inline in fields:
        embed.add_field(name=name, value=value, inline=inline)
    for _ in range(4 * FIELDS):
        over = embed_size(embed) - EMBED_TOTAL
        if over <= 0 or not embed.fields:
            break
        index = max(range(len(embed.fields)), key=lambda k: len(embed.fields[k].value or ""))
        field = embed.fields[index]
        value = field.value or ""
        if len(value) <= 1:
            break
        shorter = listing(lang, value.split("\n"), limit=max(1, len(value) - over))
        if len(shorter) >= len(value):  # one long line: cut it
            shorter = fit_text(value, max(1, len(value) - over))
        embed.set_field_at(index, name=field.name, value=shorter, inline=bool(field.inline))
    over = embed_size(embed) - EMBED_TOTAL
    if over > 0 and embed.description:
        embed.description = fit_text(embed.description, max(1, len(embed.description) - over))
    return embed
