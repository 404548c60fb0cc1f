"""Time for turn timers: the real clock, and a manual one that tests move by hand.

>>> import asyncio
>>> clock = ManualClock(start=100.0)
>>> fired = []
>>> async def ring() -> None:
...     fired.append(clock.now())
>>> timer = clock.call_at(105.0, ring)
>>> asyncio.run(clock.advance(4)); fired
[]
>>> asyncio.run(clock.advance(1)); fired
[105.0]
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

log = logging.getLogger(__name__)

Callback = Callable[[], Awaitable[None]]


class Timer(Protocol):
    """A scheduled callback; ``cancel`` does nothing once it has started to run."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """Unix time and callbacks at a given unix time (overdue ones run at once)."""

    def now(self) -> float: ...

    def call_at(self, when: float, callback: Callback) -> Timer: ...


class _LoopTimer:
    """An event-loop timer that starts the callback's task when it fires."""

    __slots__ = ("fired", "handle")

    def __init__(self) -> None:
        self.handle: asyncio.TimerHandle | None = None
        self.fired = False

    def cancel(self) -> None:
        if not self.fired and self.handle is not None:
            self.handle.cancel()


#: Callbacks running now (the loop keeps only weak references to its tasks).
_running: set[asyncio.Task[None]] = set()


class RealClock:
    """``time.time()``; each timer is an event-loop timer (``call_later``), and its callback
    runs in a task of its own once it fires. Re-arming a turn timer, which every action does,
    makes no task: only a timer that fires does."""

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callback) -> Timer:
        timer = _LoopTimer()
        loop = asyncio.get_running_loop()

        async def run() -> None:
            try:
                await callback()
            except Exception:  # a timer must never kill the loop
                log.exception("turn timer failed")

        def start() -> None:
            timer.fired = True
            task = loop.create_task(run())
            _running.add(task)
            task.add_done_callback(_running.discard)

        timer.handle = loop.call_later(max(0.0, when - self.now()), start)
        return timer


class _ManualTimer:
    def __init__(self, when: float, callback: Callback) -> None:
        self.when = when
        self.callback = callback
        self.cancelled = False
        self.fired = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock for tests: time moves only with :meth:`advance`, which runs the due timers
    (in deadline order, each to completion) before returning."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._timers: list[_ManualTimer] = []

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: Callback) -> Timer:
        timer = _ManualTimer(when, callback)
        self._timers.append(timer)
        return timer

    def pending(self) -> list[float]:
        """Deadlines of the timers still armed."""
        return sorted(t.when for t in self._timers if not t.cancelled and not t.fired)

    async def advance(self, seconds: float = 0.0) -> None:
        """Let time pass: each timer due fires at its own time, in order (as a loop that
        keeps up would fire it)."""
        target = self._now + seconds
        while True:
            due = [t for t in self._timers if not t.cancelled and not t.fired]
            due = [t for t in due if t.when <= target]
            if not due:
                break
            timer = min(due, key=lambda t: t.when)
            self._now = max(self._now, timer.when)
            timer.fired = True
            with contextlib.suppress(Exception):
                await timer.callback()
        self._now = target
        self._timers = [t for t in self._timers if not t.cancelled and not t.fired]

    def stall(self, seconds: float) -> None:
        """Time passes while nothing runs (a blocked loop): timers due meanwhile fire late,
        at the next :meth:`advance`."""
        self._now += seconds
