"""Pages drawn in short slices of work, so that the tables playing on the same event loop
wait for a page at most a slice (docs/web.md, "Beside 200 tables").

A page costs most of a millisecond of CPU (its template, its texts): drawn in one go, an
action that arrives meanwhile waits for all of it, and at 100 pages a second the tables'
slowest actions are the ones that waited. So a page keeps a :class:`Pace`:

- it works in slices of :data:`SLICE` and gives the loop back between two, so that what
  arrived meanwhile (a table's action) runs before its next slice;
- one page is drawn at a time (the others wait for their turn), so an action never waits
  behind the slices of several pages;
- before each slice it waits for a lull of the tables (``lull``:
  :meth:`bot.web.site.TableSource.lull`), so that a table's request already begun runs its
  steps without a page's slices between them.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Mapping
from typing import Any, Final, TypeVar

import jinja2

#: The longest a page works before it lets the loop run what is waiting (seconds).
SLICE: Final = 0.00015

T = TypeVar("T")

Lull = Callable[[], Awaitable[None]]


async def no_lull() -> None:
    """No table plays on this loop: nothing to wait for."""


class Pace:
    """How the pages of one site share the event loop with the tables (see the module)."""

    def __init__(self, lull: Lull = no_lull) -> None:
        self.lull = lull
        self._turn = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def page(self) -> AsyncIterator[None]:
        """``async with pace.page():`` a page is drawn meanwhile, once the pages before it
        are (a page's own reads are short: taking turns costs the pages little, and spares
        the tables the slices of several pages in a row)."""
        async with self._turn:
            await self.lull()
            yield

    async def breathe(self) -> None:
        """Between two slices: the loop runs what arrived meanwhile and the tables'
        requests under way their steps; then the page goes on."""
        # twice: what the loop polls next runs before this page's next slice, not after it
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        await self.lull()

    async def render(self, template: jinja2.Template, context: Mapping[str, Any]) -> str:
        """``template`` drawn with ``context``, a slice at a time."""
        parts: list[str] = []
        mark = time.perf_counter()
        for part in template.generate(context):
            parts.append(part)
            if time.perf_counter() - mark >= SLICE:
                await self.breathe()
                mark = time.perf_counter()
        return "".join(parts)

    async def finish(self, work: Generator[None, None, T]) -> T:
        """What a stepwise piece of work gives (it pauses where it may be cut, as
        :func:`bot.view.replay.replay_stepwise` does), a slice at a time."""
        mark = time.perf_counter()
        while True:
            try:
                next(work)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]
            if time.perf_counter() - mark >= SLICE:
                await self.breathe()
                mark = time.perf_counter()
