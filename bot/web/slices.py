"""Pages drawn in short slices of work, so that the tables playing on the same event loop
wait for a page at most a slice (docs/web.md, "Beside the tables").

A page costs about a millisecond of CPU (its template, its texts): drawn in one go, an
action that arrives meanwhile waits for all of it, and at 100 pages a second the tables'
slowest actions are the ones that waited. Drawn in slices of :data:`SLICE`, with the loop
given back between two, the wait is one slice. Between two slices the page also waits for a
lull of the tables (``lull``: :meth:`bot.web.site.TableSource.lull`), so that a table's
request already begun runs its steps without a page's slices between them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Generator, Mapping
from typing import Any, Final, TypeVar

import jinja2

#: The longest a page works before it lets the loop run what is waiting (seconds).
SLICE: Final = 0.00015

T = TypeVar("T")


Lull = Callable[[], Awaitable[None]]


async def no_lull() -> None:
    """No table plays on this loop: nothing to wait for."""


async def breathe(lull: Lull = no_lull) -> None:
    """Let the loop run what is waiting (the tables' actions), then wait for ``lull``,
    before the page goes on."""
    await asyncio.sleep(0)
    await lull()


async def render_in_slices(
    template: jinja2.Template, context: Mapping[str, Any], lull: Lull = no_lull
) -> str:
    """``template`` drawn with ``context``, the loop given back after each slice of work."""
    parts: list[str] = []
    mark = time.perf_counter()
    for part in template.generate(context):
        parts.append(part)
        if time.perf_counter() - mark >= SLICE:
            await breathe(lull)
            mark = time.perf_counter()
    return "".join(parts)


async def finish_in_slices(work: Generator[None, None, T], lull: Lull = no_lull) -> T:
    """What a stepwise piece of work gives (it pauses where it may be cut, as
    :func:`bot.view.replay.replay_stepwise` does), the loop given back after each slice."""
    mark = time.perf_counter()
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        if time.perf_counter() - mark >= SLICE:
            await breathe(lull)
            mark = time.perf_counter()
