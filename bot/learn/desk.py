"""The lessons running in one bot process (:class:`LessonDesk`): ``/learn`` opens one, each
click on its private message answers it.

A lesson is kept in memory only (a restart ends it: its buttons then answer that it is
over), at most :data:`MOST_LESSONS` at once, each closed after :data:`IDLE_FOR` seconds
without a click or when it ends. Only the member who opened a lesson may answer it; a click
on an older page of it shows the page it is at.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.games.base import Amount
from bot.i18n.message import Refusal
from bot.learn.lessons import LESSONS
from bot.learn.pages import NEXT, moves
from bot.learn.runner import LessonRun, Page
from bot.learn.script import Lesson

#: Lessons running at once in one process.
MOST_LESSONS = 50
#: Seconds a lesson waits for its learner (a Discord interaction's token lasts 15 minutes).
IDLE_FOR = 15 * 60.0
#: A lesson that is over, expired, or someone else's.
EXPIRED = "learn-expired"
#: Too many lessons at once.
BUSY = "learn-busy"


class LessonRefused(Refusal):
    """A lesson request refused (over, someone else's, too many at once)."""


@dataclass
class Seat:
    """One running lesson: its run, its learner, when he last answered."""

    run: LessonRun
    owner: int
    last: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class LessonDesk:
    """The running lessons, by id (a random number: an old button never reaches a new
    lesson)."""

    def __init__(
        self,
        most: int = MOST_LESSONS,
        idle_for: float = IDLE_FOR,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.most = most
        self.idle_for = idle_for
        self.clock = clock
        self.seats: dict[int, Seat] = {}

    async def open(self, game: str, owner: int) -> tuple[int, Seat]:
        """Start ``owner``'s lesson of ``game``; refused when too many are running."""
        await self.sweep()
        if len(self.seats) >= self.most:
            raise LessonRefused(BUSY)
        run = await LessonRun.open(LESSONS[game], owner)
        lesson_id = secrets.randbelow(2**31 - 1) + 1
        while lesson_id in self.seats:
            lesson_id = secrets.randbelow(2**31 - 1) + 1
        seat = self.seats[lesson_id] = Seat(run, owner, self.clock())
        return lesson_id, seat

    async def answer(
        self, lesson_id: int, owner: int, step: int, choice: int
    ) -> tuple[Lesson, Page]:
        """The learner's ``choice`` (an index into the page's moves) on page ``step``: the
        page that follows (the same page for an older step). A lesson that ends is closed."""
        seat = self.seats.get(lesson_id)
        if seat is None or seat.owner != owner:
            raise LessonRefused(EXPIRED)
        async with seat.lock:
            seat.last = self.clock()
            page = seat.run.page
            offered = moves(page)
            if page.step == step and 0 <= choice < len(offered):
                verb, amount = offered[choice]
                page = await self._play(seat.run, verb, amount)
            if page.done:
                await self._close(lesson_id)
            return seat.run.lesson, page

    @staticmethod
    async def _play(run: LessonRun, verb: str, amount: Amount) -> Page:
        return await (run.next() if verb == NEXT else run.play(verb, amount))

    async def sweep(self) -> None:
        """Close the lessons nobody answered for :attr:`idle_for` seconds."""
        now = self.clock()
        for lesson_id, seat in list(self.seats.items()):
            if now - seat.last > self.idle_for and not seat.lock.locked():
                await self._close(lesson_id)

    async def _close(self, lesson_id: int) -> None:
        seat = self.seats.pop(lesson_id, None)
        if seat is not None:
            await seat.run.close()

    async def aclose(self) -> None:
        """Close every lesson (the bot stops)."""
        for lesson_id in list(self.seats):
            await self._close(lesson_id)
