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


#: A custom emoji left open at the end of a cut text (``<:salon_Ah:12``).
_OPEN_EMOJI = re.compile(r"<a?(?::\w*(?::\d*)?)?$")


def fit_text(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut; a custom emoji
    (a card) is kept whole or left out, never cut in two.

    >>> fit_text("A <:salon_Ah:123456>", 12)
    'A …'
    """
    if len(text) <= limit:
        return text
    return _OPEN_EMOJI.sub("", text[: limit - 1]) + "…"


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
