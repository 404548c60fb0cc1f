"""The lessons running in one bot process (:class:`LessonDesk`): ``/learn`` opens one, each
click on its private message answers it.

A lesson is kept in memory only (a restart ends it: its buttons then answer that it is
over), at most :data:`MOST_LESSONS` at once and :data:`MOST_PER_SERVER` in one server, one
per member (his new ``/learn`` ends the one he had), each closed after :data:`IDLE_FOR`
seconds without a click or when it ends: one member cannot keep ``/learn`` from the others.
Only the member who opened a lesson may answer it; a click on an older page of it shows the
page it is at.
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

#: Lessons running at once in one process (each has a table and a database of its own).
MOST_LESSONS = 50
#: Lessons running at once in one server (direct messages: only the process's limit).
MOST_PER_SERVER = 10
#: Seconds a lesson waits for its learner's next click.
IDLE_FOR = 5 * 60.0
#: A lesson that is over, expired, or someone else's.
EXPIRED = "learn-expired"
#: Too many lessons at once.
BUSY = "learn-busy"
#: Too many lessons at once in this server.
BUSY_HERE = "learn-busy-server"
#: The member's lesson is still opening (a second /learn at the same moment).
OPENING = "learn-opening"


class LessonRefused(Refusal):
    """A lesson request refused (over, someone else's, too many at once)."""


@dataclass
class Seat:
    """One running lesson: its run, its learner, when he last answered."""

    run: LessonRun
    owner: int
    last: float
    #: The server it was opened in (None: direct messages).
    guild: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class LessonDesk:
    """The running lessons, by id (a random number: an old button never reaches a new
    lesson)."""

    def __init__(
        self,
        most: int = MOST_LESSONS,
        idle_for: float = IDLE_FOR,
        clock: Callable[[], float] = time.monotonic,
        most_here: int = MOST_PER_SERVER,
    ) -> None:
        self.most = most
        self.most_here = most_here
        self.idle_for = idle_for
        self.clock = clock
        self.seats: dict[int, Seat] = {}
        #: The lessons being opened, by member: the server each is for.
        self._opening: dict[int, int | None] = {}

    async def open(self, game: str, owner: int, guild: int | None = None) -> tuple[int, Seat]:
        """Start ``owner``'s lesson of ``game`` in ``guild``, ending the one he had; refused
        when too many are running, in all or in that server."""
        await self.sweep()
        if owner in self._opening:
            raise LessonRefused(OPENING)
        self._opening[owner] = guild
        try:
            for lesson_id in [i for i, s in self.seats.items() if s.owner == owner]:
                await self._end(lesson_id)
            others = len(self._opening) - 1  # the lessons others are opening meanwhile
            if len(self.seats) + others >= self.most:
                raise LessonRefused(BUSY)
            here = sum(s.guild == guild for s in self.seats.values())
            here += sum(g == guild for g in self._opening.values()) - 1
            if guild is not None and here >= self.most_here:
                raise LessonRefused(BUSY_HERE, n=self.most_here)
            run = await LessonRun.open(LESSONS[game], owner)
        finally:
            del self._opening[owner]
        lesson_id = secrets.randbelow(2**31 - 1) + 1
        while lesson_id in self.seats:
            lesson_id = secrets.randbelow(2**31 - 1) + 1
        seat = self.seats[lesson_id] = Seat(run, owner, self.clock(), guild)
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

    async def _end(self, lesson_id: int) -> None:
        """Close a lesson once the click it may be answering is done (its buttons then say
        it is over)."""
        seat = self.seats.pop(lesson_id, None)
        if seat is not None:
            async with seat.lock:
                await seat.run.close()

    async def _close(self, lesson_id: int) -> None:
        seat = self.seats.pop(lesson_id, None)
        if seat is not None:
            await seat.run.close()

    async def aclose(self) -> None:
        """Close every lesson (the bot stops)."""
        for lesson_id in list(self.seats):
            await self._close(lesson_id)
