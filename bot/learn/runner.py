"""A lesson played through the real table runtime (:class:`LessonRun`).

Each lesson has a table of its own: a :class:`~bot.runtime.TableManager` on a throwaway
in-memory database, a practice table (the house bank pays the caves: no wallet anywhere),
house players seated as at any table, the lesson's packs dealt by :class:`LessonShuffler`,
and a clock that never moves by itself (:class:`~bot.runtime.clock.ManualClock`): no turn
runs out, and the house players play only the lesson's moves, which the runner plays for
them through the runtime's own checks. What the learner reads comes from the runtime as any
table's players get it (a :class:`~bot.runtime.RecordingPresenter` keeps it): the log, his
cards, the showdown.

The runner stops at each of the learner's moves (a decision :class:`Page`), after a
showdown when another deal follows (a page to go on from) and at the end. Every fact a line
names is read from the table then; a fact the lesson expects otherwise, a move the engine
refuses or a turn that is not the lesson's is written in :attr:`LessonRun.mismatches`
(the tests play every lesson and require none).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.base import Amount
from bot.games.cards import Card, Shuffler, parse_card
from bot.games.options import parse_options
from bot.i18n import Message
from bot.i18n.people import HOUSE_CHARACTERS
from bot.learn.facts import Snapshot, resolve
from bot.learn.script import YOU, Deal, Lesson, Line, Move
from bot.runtime import ManualClock, RecordingPresenter, TableError, TableManager
from bot.runtime.public import PublicState, ShowdownReport
from bot.storage import Database

log = logging.getLogger(__name__)

#: The lesson table's server and channel, in its own database.
GUILD = CHANNEL = 1
#: The house players' level (they play the lesson's moves: only their names show it).
LEVEL = "strong"


class LessonBroken(Exception):
    """The lesson and the engine disagree on a move: the lesson cannot go on."""


class LessonShuffler(Shuffler):
    """The lesson's packs: the seats' draw (a shuffle for no one) gives the highest cards in
    the order the players sat, so they play in that order; each deal puts the next pack's
    cards on top, the rest of the pack below in its usual order."""

    def __init__(self, packs: Sequence[Sequence[str]]) -> None:
        super().__init__(seed=0)
        self.packs = [list(p) for p in packs]

    def shuffled(self, cards: Sequence[Card], players: Sequence[str] = ()) -> list[Card]:
        rest = list(cards)
        if not players:  # the draw for the seats: one rank each, highest first
            top: list[Card] = []
            for card in sorted(rest, key=lambda c: (-c.rank, c.index)):
                if all(card.rank != t.rank for t in top):
                    top.append(card)
        else:
            top = [parse_card(c) for c in self.packs.pop(0)] if self.packs else []
        return top + [c for c in rest if c not in top]


@dataclass(frozen=True)
class Story:
    """A line of what happened: the table's log (``lesson`` False) or the lesson's."""

    said: Message
    lesson: bool = False


@dataclass(frozen=True)
class Page:
    """What the learner reads now: the table, his cards, what happened since his last
    move and why, the showdown of a deal just ended, and then his choice (``now``, the
    lines before it, and the lesson's move, ``suggested``), the next deal (``more``) or
    the end (``summary``). ``step`` counts the pages (a click on an older one is stale);
    ``note``: the lesson's answer to a move it does not play."""

    step: int
    deal: int
    state: PublicState
    cards: tuple[str, ...] | None
    story: tuple[Story, ...]
    showdown: ShowdownReport | None = None
    now: tuple[Message, ...] = ()
    suggested: tuple[str, Amount] | None = None
    more: bool = False
    summary: Message | None = None
    note: Message | None = None

    @property
    def done(self) -> bool:
        """The lesson is over."""
        return self.summary is not None


class LessonRun:
    """One learner's lesson on its own table. Open it with :meth:`open`, read
    :attr:`page`, answer it with :meth:`play` (a decision) or :meth:`next` (the next deal),
    :meth:`close` it at the end."""

    def __init__(
        self, lesson: Lesson, learner: int, db: Database, manager: TableManager, table: int
    ) -> None:
        self.lesson = lesson
        self.learner = learner
        self.db = db
        self.manager = manager
        self.table = table
        presenter = manager.presenter
        assert isinstance(presenter, RecordingPresenter)
        self.presenter = presenter
        self.rules = parse_options(lesson.game, dict(lesson.options)).to_dict()
        #: Where a fact, a move or a turn was not what the lesson says.
        self.mismatches: list[str] = []
        self.deal = 0
        self.move = 0
        self.step = 0
        self._read = len(presenter.announcements)  # the table's opening is not the lesson's
        self._shown = 0  # showdowns before this deal
        self._dealt = 0  # card deliveries before this deal
        self._story: list[Story] = []
        self.page: Page

    @classmethod
    async def open(cls, lesson: Lesson, learner: int) -> LessonRun:
        """Open the lesson's table, seat everyone, deal the first deal and play to the
        learner's first move."""
        db = await Database.open(":memory:")
        presenter = RecordingPresenter()
        packs = [deal.cards for deal in lesson.deals]
        manager = TableManager(
            db, presenter, clock=ManualClock(), shuffler_factory=lambda _t: LessonShuffler(packs)
        )
        try:
            # no table talk: a lesson's words are its own, the same at every reading
            options = {
                **lesson.options, "practice": True, "auto_deal": False, "turn_timeout": 3600,
                "talk": False,
            }  # fmt: skip
            table = await manager.create_table(GUILD, CHANNEL, lesson.game, learner, options)
            await manager.join(table, learner)
            for opponent in lesson.opponents:  # each lesson's own house players, in order
                name = HOUSE_CHARACTERS[int(opponent)][0]
                await manager.add_house(table, learner, LEVEL, character=name)
            seated = [str(s["user"]) for s in (await manager.status(table))["seats"]]
            if seated[1:] != list(lesson.opponents):
                raise LessonBroken(f"the house players are {seated[1:]}, not {lesson.opponents}")
            run = cls(lesson, learner, db, manager, table)
            await run._deal()
        except BaseException:
            await manager.aclose()
            await db.close()
            raise
        return run

    async def close(self) -> None:
        """Close the lesson's table and its database."""
        await self.manager.aclose()
        await self.db.close()

    # -- the learner's answers ---------------------------------------------------------------

    async def play(self, verb: str, amount: Amount = None) -> Page:
        """The learner's move: played if it is the lesson's (a fixed amount need not be
        given), else the same page with the lesson's answer (nothing is played)."""
        page = self.page
        if page.suggested is None:
            return page
        want_verb, want_amount = page.suggested
        if verb != want_verb or (want_amount is not None and amount != want_amount):
            self.page = replace(page, note=Message.of("learn-not-this-time"))
            return self.page
        move = self._moves()[self.move]
        await self._act(move)
        await self._advance()
        return self.page

    async def next(self) -> Page:
        """Deal the next deal of the lesson (after a showdown page)."""
        if self.page.more:
            self.deal += 1
            self.move = 0
            await self._deal()
        return self.page

    # -- playing ----------------------------------------------------------------------------

    def _moves(self) -> tuple[Move, ...]:
        return self.lesson.deals[self.deal].moves

    def _state(self) -> PublicState:
        """The table as the runtime last published it."""
        return self.presenter.updates[-1][1]

    def _cards(self) -> tuple[str, ...] | None:
        """The learner's cards of this deal, once he may see them."""
        mine = [
            c
            for _t, user, c, _r in self.presenter.deliveries[self._dealt :]
            if user == self.learner
        ]
        return tuple(mine[-1]) if mine else None

    def _snapshot(self) -> Snapshot:
        state = self._state()
        hand = state["hand"]
        mine = self._cards()
        showdown = None
        if hand is None and len(self.presenter.showdowns) > self._shown:
            showdown = self.presenter.showdowns[-1][1]
        return Snapshot(state, str(self.learner), mine, showdown, self.rules)

    def _tell(self, lines: Sequence[Line]) -> list[Message]:
        """The lesson's lines with their facts read now (a fact the engine says otherwise
        is a mismatch)."""
        out = []
        snap = self._snapshot()
        for item in lines:
            message, wrong = resolve(item, snap)
            self.mismatches.extend(wrong)
            out.append(message)
        return out

    def _log(self, lesson: Sequence[Message] = ()) -> None:
        """The table's new log lines into the story, then the lesson's ``lesson`` lines;
        when the move ended the hand, right after its own line (before the pots)."""
        new = [Story(m) for _t, m, _d in self.presenter.announcements[self._read :]]
        self._read += len(new)
        over = self._state()["hand"] is None
        cut = 1 if over else len(new)
        self._story += [*new[:cut], *(Story(m, True) for m in lesson), *new[cut:]]

    async def _deal(self) -> None:
        self._shown = len(self.presenter.showdowns)
        self._dealt = len(self.presenter.deliveries)
        await self.manager.start(self.table, self.learner)
        deal: Deal = self.lesson.deals[self.deal]
        self._log(self._tell(deal.intro))
        await self._advance()

    async def _act(self, move: Move) -> None:
        name = str(self.learner) if move.who == YOU else move.who
        try:
            await self.manager.act(self.table, int(name), move.verb, move.amount)
        except TableError as exc:
            self.mismatches.append(f"deal {self.deal + 1}, move {self.move + 1}: {exc}")
            raise LessonBroken(str(exc)) from exc
        self.move += 1
        self._log(self._tell(move.after))

    async def _advance(self) -> None:
        """Play the house players' moves up to the learner's next one or the deal's end,
        then make the page."""
        while True:
            hand = self._state()["hand"]
            if hand is None or hand["to_act"] is None:
                return self._deal_over()
            moves = self._moves()
            if self.move >= len(moves):
                self.mismatches.append(f"deal {self.deal + 1}: the hand goes on past the lesson")
                raise LessonBroken("the hand goes on past the lesson")
            move = moves[self.move]
            name = str(self.learner) if move.who == YOU else move.who
            if hand["to_act"] != name:
                where = f"deal {self.deal + 1}, move {self.move + 1}"
                self.mismatches.append(f"{where}: {hand['to_act']} is to act, not {name}")
                raise LessonBroken(f"{where}: not {name}'s turn")
            if move.who == YOU:
                return self._decision(move)
            await self._act(move)

    def _page(self, **what: Any) -> None:
        snap = self._snapshot()
        self.step += 1
        self.page = Page(
            step=self.step,
            deal=self.deal,
            state=snap.state,
            cards=snap.cards,
            story=tuple(self._story),
            **what,
        )
        self._story = []

    def _decision(self, move: Move) -> None:
        now = tuple(self._tell(move.before))
        self._page(now=now, suggested=(move.verb, move.amount))

    def _deal_over(self) -> None:
        if self.move < len(self._moves()):
            self.mismatches.append(f"deal {self.deal + 1}: the hand ended before the lesson")
        deal = self.lesson.deals[self.deal]
        showdown = self._snapshot().showdown
        self._story += [Story(m, True) for m in self._tell(deal.showdown)]
        if self.deal + 1 < len(self.lesson.deals):
            self._page(showdown=showdown, more=True)
        else:
            (summary,) = self._tell([self.lesson.summary])
            self._page(showdown=showdown, summary=summary)
