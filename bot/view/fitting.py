"""Long lists and long lines cut to a size, ending in "… and N more".

Every surface has a limit somewhere (Discord's field of 1,024 characters, a phone's screen),
and a list built from unbounded data (a waiting line, a log) must stay readable within it.

>>> listing("en", [f"line {i}" for i in range(200)], limit=40)
'line 0\\nline 1\\nline 2\\n… and 197 more'
>>> fit_text("x" * 3000, limit=10)
'xxxxxxxxx…'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.i18n import Lang, render


def more(lang: Lang, n: int) -> str:
    """The tail of a cut list."""
    return render(lang, "ui-more", n=n)


#: A custom emoji (``<:salon_Ah:12``), a mention (``<@12``, ``<@&12``, ``<#12``) or a
#: timestamp (``<t:17``) left open at the end of a cut text.
_OPEN_TOKEN = re.compile(r"<(?:a?(?::\w*(?::\d*)?)?|@[!&]?\d*|#\d*|t(?::\d*(?::\w?)?)?)$")


def _joined(text: str, cut: int) -> bool:
    """Whether cutting ``text`` before index ``cut`` splits an emoji from its parts (a
    variation selector, a skin tone, a joiner, a keycap, the second letter of a flag)."""
    after, before = ord(text[cut]), ord(text[cut - 1])
    if after in (0xFE0F, 0xFE0E, 0x200D, 0x20E3) or 0x1F3FB <= after <= 0x1F3FF:
        return True
    if before == 0x200D:
        return True
    flags = 0
    while cut - flags > 0 and 0x1F1E6 <= ord(text[cut - flags - 1]) <= 0x1F1FF:
        flags += 1
    return flags % 2 == 1 and 0x1F1E6 <= after <= 0x1F1FF


def fit_text(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut; a custom emoji
    (a card), a mention or an emoji's parts are kept whole or left out, never cut in two.

    >>> fit_text("A <:salon_Ah:123456>", 12), fit_text("to <@123456789>", 8)
    ('A …', 'to …')
    >>> fit_text("A\u2665\ufe0f K", 3) == "A…"
    True
    """
    if len(text) <= limit:
        return text
    cut = max(0, limit - 1)
    while cut > 0 and _joined(text, cut):
        cut -= 1
    return _OPEN_TOKEN.sub("", text[:cut]) + "…"


def listing(lang: Lang, items: Sequence[str], sep: str = "\n", limit: int = 1024) -> str:
    """As many ``items`` as fit in ``limit`` characters, then "… and N more"."""
    text = sep.join(items)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for i, item in enumerate(items):
        tail = more(lang, len(items) - i)
        candidate = sep.join([*kept, fit_text(item, limit)])
        if len(candidate) + len(sep) + len(tail) > limit:
            break
        kept.append(fit_text(item, limit))
    tail = more(lang, len(items) - len(kept))
    return fit_text(sep.join([*kept, tail]), limit)


def latest(lines: Sequence[str], limit: int = 1024) -> str:
    """The newest lines of a log that fit in ``limit`` characters, oldest first.

    >>> latest(["first", "second", "third"], limit=12).split()
    ['second', 'third']
    """
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = fit_text(line, limit)
        if size + len(line) + (1 if kept else 0) > limit:
            break
        kept.append(line)
        size += len(line) + (1 if len(kept) > 1 else 0)
    return "\n".join(reversed(kept))
