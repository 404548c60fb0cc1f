"""The runtime's :class:`~bot.runtime.tournament_events.TournamentPresenter` on Discord.

- **The tournament's message** (posted by ``/tournament create``: the registration with its
  buttons, then the standings, then the results; :func:`bot.view.tournament.tournament_document`)
  is edited in place through an :class:`~bot.ui.outbox.Outbox` of its own, which shares the
  table messages' pacer: changes merge while an edit waits (the latest wins), 429 and 5xx
  are waited out, a deleted message is posted again, a channel gone is reported once
  (:meth:`DiscordTournamentPresenter.channel_gone`: the tournament is called off). A click
  on its buttons answers with the edited message itself (:meth:`~DiscordTournamentPresenter.
  responding`), so a registration costs one request.
- **One thread per table** (:meth:`~DiscordTournamentPresenter.table_channel`), opened in the
  tournament's channel, found again by its name after a start that failed halfway; the
  table message is posted there by the table presenter. A thread that cannot be opened for
  good (no permission, the channel gone) raises :class:`~bot.runtime.tournament_events.
  NoChannel` (the runtime calls the tournament off); a 429 or 5xx is tried again. A table
  broken, or the end, archives and locks its thread once its table message shows it closed.
- **The announcements** (:func:`bot.view.tournament.event_lines`): the events the runtime
  tells at once become one message in the tournament's channel (in several when over
  2,000 characters), pinging only who must act (:func:`bot.view.tournament.pinged`); the
  results carry the results document.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import logging
from collections import defaultdict
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Final, Protocol

import discord

from bot.i18n import Lang, render
from bot.runtime.tournament_events import (
    Cancelled,
    NoChannel,
    Results,
    TableBroken,
    TournamentEvent,
    TournamentView,
)
from bot.storage import Transaction
from bot.ui.interaction import guild_lang
from bot.ui.limits import CONTENT
from bot.ui.outbox import NOTICE, PRIVATE, TABLE, Fault, Outbox, Pacer, classify
from bot.ui.presenter import Counters, DiscordPresenter, capturing
from bot.ui.render import embed_of
from bot.ui.services import PresenterHost
from bot.ui.tournament_view import registration_view
from bot.view.fitting import fit_text
from bot.view.tournament import event_lines, pinged, results_document, tournament_document

log = logging.getLogger(__name__)

#: Minutes of quiet after which Discord archives a table's thread (a day; the table
#: presenter reopens it at the next update).
THREAD_ARCHIVE: Final = 1440
#: How many times a thread's opening is tried after a 429 or a 5xx (about 15 s in all)
#: before the runtime is told it failed (it tries again later).
THREAD_ATTEMPTS = 5
#: Discord's public thread.
PUBLIC_THREAD: Final = 11


class TournamentBot(PresenterHost, Protocol):
    """What the tournament presenter reaches on the bot: the table presenter's and the
    cached channels (a thread found again by its name)."""

    def get_channel(self, id: int, /) -> Any: ...


@dataclass
class TournamentCapture:
    """A command or a click about to answer with a tournament's message (``None``: any
    tournament, one being created)."""

    tournament_id: int | None
    open: bool = True
    dirty: bool = False

    def covers(self, tournament_id: int) -> bool:
        return self.open and self.tournament_id in (None, tournament_id)


_capture: contextvars.ContextVar[TournamentCapture | None] = contextvars.ContextVar(
    "salon_tournament_capture", default=None
)


def message_chunks(lines: Sequence[str], limit: int = CONTENT) -> list[str]:
    r"""Lines joined into messages of at most ``limit`` characters (a line too long is cut
    between words).

    >>> message_chunks(["a b c", "d"], limit=3)
    ['a b', 'c\nd']
    """
    words: list[str] = []
    for line in lines:
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit + 1)
            cut = cut if cut > 0 else limit
            words.append(line[:cut])
            line = line[cut:].lstrip()
        words.append(line)
    out: list[str] = []
    for line in words:
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


class DiscordTournamentPresenter:
    """Implements :class:`bot.runtime.tournament_events.TournamentPresenter` with discord.py
    (see the module's text). ``tables`` is the table presenter, whose pacer it shares."""

    def __init__(self, bot: TournamentBot, tables: DiscordPresenter, pacer: Pacer) -> None:
        self.bot = bot
        self.tables = tables
        #: Each tournament's status as the runtime last told it.
        self.latest: dict[int, TournamentView] = {}
        #: Events told and not announced yet, per tournament.
        self.news: defaultdict[int, list[TournamentEvent]] = defaultdict(list)
        #: The threads this process opened: (tournament, table no.) -> thread id.
        self.threads: dict[tuple[int, int], int] = {}
        self.archived: set[int] = set()
        self.counters = Counters()
        self.outbox = Outbox(self, pacer)

    # -- what a click or a command answers with ----------------------------------------------

    def responding(self, tournament_id: int | None) -> AbstractContextManager[TournamentCapture]:
        """Within this block the tournament's updates wait for the interaction's own answer
        (``None``: any tournament's, for ``/tournament create``)."""
        return capturing(_capture, TournamentCapture(tournament_id))

    async def view(self, tournament_id: int) -> TournamentView:
        """The tournament as last told, else as storage has it."""
        known = self.latest.get(tournament_id)
        if known is not None:
            return known
        return await self.bot.manager.tournaments.status(tournament_id)

    async def lang(self, view: TournamentView) -> Lang:
        """The language of the tournament's public messages: its server's."""
        try:
            return await guild_lang(self.bot.db, view["guild_id"])
        except Exception:
            return "en"

    async def message_kwargs(self, tournament_id: int) -> dict[str, Any]:
        """``embed`` and ``view`` of the tournament's message as it should look now (the
        Register / Unregister buttons while registration is open)."""
        view = await self.view(tournament_id)
        lang = await self.lang(view)
        buttons = registration_view(lang, view) if view["status"] == "registering" else None
        return {"embed": embed_of(lang, tournament_document(lang, view)), "view": buttons}

    def refresh(self, tournament_id: int) -> None:
        """Edit the tournament's message by REST, in the background."""
        self.outbox.request(tournament_id)

    # -- the outbox's view of the tournament's message (bot.ui.services.TableMessages) -------

    @property
    def on_channel_gone(self) -> Any:
        return self.channel_gone

    async def table_place(self, tournament_id: int) -> tuple[int, int | None] | None:
        """(channel, message id) of the tournament's message (no id: it is posted)."""
        tournament = await self.bot.db.query(Transaction.get_tournament, tournament_id)
        message_id = tournament.message_ids.get("message")
        return tournament.channel_id, int(message_id) if message_id else None

    async def render_table(self, tournament_id: int, *, closed: bool = False) -> dict[str, Any]:
        return await self.message_kwargs(tournament_id)

    async def table_moved(self, tournament_id: int, channel_id: int, message_id: int) -> None:
        """The tournament's message was posted again: keep its new id."""
        tournament = await self.bot.db.query(Transaction.get_tournament, tournament_id)
        ids = {**tournament.message_ids, "message": message_id}
        await self.bot.manager.tournaments.set_message_ids(tournament_id, ids)

    def closed_shown(self, tournament_id: int) -> None:
        return None

    def click_handle(self, tournament_id: int) -> None:
        return None

    def forget_click(self, tournament_id: int, handle: Any) -> None:
        return None

    async def channel_gone(self, tournament_id: int, reason: str) -> None:
        """The tournament's channel is gone or out of reach: it is called off."""
        log.warning("tournament %s: its channel is unreachable (%s)", tournament_id, reason)
        await self.bot.manager.tournaments.channel_gone(tournament_id)

    # -- TournamentPresenter ---------------------------------------------------------------

    async def tournament_update(self, tournament_id: int, view: TournamentView) -> None:
        """Returns at once: the message is edited in the background, or by the interaction
        being answered."""
        self.latest[tournament_id] = view
        self.outbox.changed(tournament_id)
        capture = _capture.get()
        if capture is not None and capture.covers(tournament_id):
            capture.dirty = True
            return
        self.outbox.request(tournament_id)

    async def tournament_event(self, tournament_id: int, event: TournamentEvent) -> None:
        """Returns at once: the events told together are announced in one message."""
        waiting = self.news[tournament_id]
        waiting.append(event)
        if len(waiting) == 1:
            self.outbox.run(("tournament", tournament_id), lambda: self._announce(tournament_id))
        if isinstance(event, TableBroken):
            self._archive_after(event.table_id, event.channel_id)
        elif isinstance(event, (Results, Cancelled)):
            self.outbox.run(("tournament", tournament_id), lambda: self._archive_all(tournament_id))

    async def table_channel(self, tournament_id: int, channel_id: int, no: int) -> int:
        """A thread of the tournament's channel for table ``no``: the one opened already
        (still there), else a new one. :class:`NoChannel` when the bot may not open it
        there, or the channel is gone; a 429 or 5xx is tried again, then raised."""
        name = await self._thread_name(tournament_id, no)
        found = self._thread_named(channel_id, name, self.threads.get((tournament_id, no)))
        if found is not None:
            return found
        http = self.bot.http
        try:
            data = await self.outbox.call(
                PRIVATE,
                lambda: http.start_thread_without_message(
                    channel_id,
                    name=name,
                    auto_archive_duration=THREAD_ARCHIVE,
                    type=PUBLIC_THREAD,
                ),
                attempts=THREAD_ATTEMPTS,
            )
        except discord.HTTPException as exc:
            fault = classify(exc)
            if fault in (Fault.RETRY, Fault.RATE_LIMITED):
                raise
            raise NoChannel("gone" if fault is Fault.CHANNEL_GONE else "threads") from exc
        thread = int(data["id"])
        self.threads[(tournament_id, no)] = thread
        return thread

    async def _thread_name(self, tournament_id: int, no: int) -> str:
        view = await self.view(tournament_id)
        return render(
            await self.lang(view), "tournament-thread-name", tournament=tournament_id, table=no
        )

    def _thread_named(self, channel_id: int, name: str, known: int | None) -> int | None:
        """A thread still there and open: the one this process opened, or one of the
        channel's of that name (a start killed halfway opened it). The cache holds no
        archived thread, and a locked one is left (the bot could not reopen it)."""
        parent = self.bot.get_channel(channel_id)
        threads = getattr(parent, "threads", None) or []
        if known is not None:
            threads = [self.bot.get_channel(known), *threads]
        for thread in threads:
            if thread is not None and thread.name == name and not getattr(thread, "locked", False):
                return int(thread.id)
        return None

    # -- the announcements -------------------------------------------------------------------

    async def _announce(self, tournament_id: int) -> None:
        """Post the events told since the last announcement, as one message (or a few)."""
        events = self.news.pop(tournament_id, [])
        if not events:
            return
        try:
            view = await self.bot.manager.tournaments.status(tournament_id)
        except Exception:
            log.warning("tournament %s: no status to announce with", tournament_id, exc_info=True)
            return
        lang = await self.lang(view)
        channels = {t["table_id"]: t["channel_id"] for t in view["tables"]}
        lines = [line for e in events for line in event_lines(lang, e, channels)]
        users = {u for e in events for u in pinged(e)}
        embed = None
        if any(isinstance(e, Results) for e in events):
            embed = embed_of(lang, results_document(lang, view))
        if not lines and embed is None:
            return
        chunks = message_chunks(lines) or [""]
        channel = self.bot.get_partial_messageable(view["channel_id"])
        for number, text in enumerate(chunks, 1):
            mentioned = [discord.Object(u) for u in users if f"<@{u}>" in text]
            kwargs: dict[str, Any] = {
                "content": fit_text(text, CONTENT),
                "allowed_mentions": discord.AllowedMentions(users=mentioned),
            }
            if embed is not None and number == len(chunks):
                kwargs["embed"] = embed
            try:
                await self.outbox.call(NOTICE, functools.partial(channel.send, **kwargs))
            except Exception as exc:
                fault = classify(exc)
                if fault in (Fault.CHANNEL_GONE, Fault.NO_ACCESS):
                    self.outbox.report_gone(tournament_id, fault.value)
                    return
                log.warning("tournament %s: an announcement failed", tournament_id, exc_info=True)

    # -- the threads at the end ----------------------------------------------------------------

    def _archive_after(self, table_id: int, thread_id: int) -> None:
        """Archive and lock a table's thread once its message shows the table closed."""
        if thread_id <= 0 or thread_id in self.archived:
            return
        self.archived.add(thread_id)
        self.tables.when_closed_shown(table_id, lambda: self._archive(thread_id))

    async def _archive_all(self, tournament_id: int) -> None:
        """The tournament is over or called off: every thread of its tables, and those opened
        for a start that did not happen."""
        try:
            async with self.bot.db.read() as tx:
                tournament = await tx.get_tournament(tournament_id)
                seats = await tx.tournament_tables(tournament_id)
                places = {s.table_id: (await tx.get_table(s.table_id)).channel_id for s in seats}
        except Exception:
            log.warning("tournament %s: its threads are not known", tournament_id, exc_info=True)
            return
        for table_id, channel_id in places.items():
            if channel_id != tournament.channel_id:
                self._archive_after(table_id, channel_id)
        for (tid, _no), thread_id in list(self.threads.items()):
            if tid == tournament_id and thread_id not in places.values():
                self._archive_after(-1, thread_id)

    async def _archive(self, thread_id: int) -> None:
        """Archive and lock a thread (only archive it if the bot may not lock it)."""
        http = self.bot.http
        try:
            await self.outbox.call(
                TABLE, lambda: http.edit_channel(thread_id, archived=True, locked=True)
            )
        except discord.Forbidden:
            with contextlib.suppress(discord.HTTPException):
                await self.outbox.call(TABLE, lambda: http.edit_channel(thread_id, archived=True))
        except discord.HTTPException:
            log.info("could not archive the thread %s", thread_id, exc_info=True)

    # -- shutting down -----------------------------------------------------------------------

    async def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued REST call is sent (or ``timeout``)."""
        return await self.outbox.flush(timeout)

    async def aclose(self, grace: float = 2.0) -> None:
        """At shutdown: send what can be sent within ``grace`` seconds, drop the rest."""
        await self.outbox.aclose(grace)
