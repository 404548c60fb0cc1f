"""How many table requests are under way, for the work that shares the tables' event loop and
may wait (the web pages, docs/web.md "Beside the tables").

Every table request goes through :meth:`~bot.runtime.manager.TableManager._locked`, which
counts itself here while it waits for the table's lock and holds it. A page drawn on the same
loop waits for a moment with none under way (:meth:`Activity.lull`) before each slice of its
work, so that a request already begun is never stretched by a page's slices between two of
its steps.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Final

#: The longest a page waits for the tables at one time (then it works a slice anyway).
LONGEST_LULL: Final = 0.01


class Activity:
    """The table requests under way.

    >>> activity = Activity()
    >>> with activity.working():
    ...     activity.busy
    True
    >>> activity.busy
    False
    """

    def __init__(self) -> None:
        self._under_way = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def busy(self) -> bool:
        """Whether a table request is under way."""
        return self._under_way > 0

    @contextlib.contextmanager
    def working(self) -> Iterator[None]:
        """``with activity.working():`` a table request is under way meanwhile."""
        self._under_way += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._under_way -= 1
            if self._under_way == 0:
                self._idle.set()

    async def lull(self, longest: float = LONGEST_LULL) -> None:
        """Return once no table request is under way, or after ``longest`` seconds."""
        if self._under_way == 0:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), longest)
