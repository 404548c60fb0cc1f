"""Free text typed by members or admins, made safe to show to others.

Anything a person typed (a grant reason, a table option, a name) is shown either escaped
(:func:`plain`: Markdown and mentions neutralised, one line) or in a code span
(:func:`code_span`). See docs/security.md, "Text posted for others".
"""

from __future__ import annotations

import discord


def plain(text: str) -> str:
    """``text`` as literal characters: no Markdown (links, headings, quotes), no mentions,
    no line breaks.

    >>> plain("[prize](https://evil.example) @everyone")
    '\\\\[prize](https://evil.example) @\\u200beveryone'
    >>> plain("# Big\\nnews")
    '\\\\# Big news'
    """
    one_line = " ".join(text.split())
    return discord.utils.escape_mentions(discord.utils.escape_markdown(one_line))


def code_span(text: object) -> str:
    """``text`` in a code span; backticks inside are replaced so the span cannot be closed.

    >>> code_span("a`b"), code_span(3)
    ("`a'b`", '`3`')
    """
    inner = " ".join(str(text).split()).replace("`", "'")
    return f"`{inner or ' '}`"
