"""The runtime's presenter on Discord: one table message, private cards by DM, showdowns.

API economy: the table message is edited through the interaction callback whenever a button
caused the change (:meth:`DiscordPresenter.responding` captures the update instead of
sending a REST edit); announcements become lines in the table message's log, never
messages of their own; a hand costs at most one DM per player and one showdown post.

Every other REST call goes through the :class:`~bot.ui.outbox.Outbox`: the runtime's calls
return at once (a slow or failing Discord never holds a table up), table edits merge while
they wait (the latest state wins), and everything is paced under Discord's global limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import logging
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import discord

from bot.i18n import Lang, Message, render
from bot.i18n.people import is_house_player
from bot.runtime.public import PublicState, ShowdownReport, quiet_state
from bot.storage import Transaction
from bot.storage.models import GameTable
from bot.ui.interaction import guild_lang
from bot.ui.outbox import NOTICE, PRIVATE, Fault, Outbox, Pacer, classify
from bot.ui.permissions import allows
from bot.ui.render import (
    CardsPlace,
    cards_message,
    jump_url,
    showdown_embed,
    showdown_picture,
    table_embed,
)
from bot.ui.services import PresenterHost
from bot.ui.views import WhyButton, table_view
from bot.ui.web_links import link_view
from bot.view.card_art import showdown_png

log = logging.getLogger(__name__)

LOG_LINES = 6
#: Messages of others under the table message after which it is posted again at the
#: bottom of the channel (at its next change).
REPOST_AFTER = 8
#: Once chatter has pushed it up, the table message also comes back to the bottom by itself
#: when the channel has been quiet this many seconds (no move needed)...
QUIET_BEFORE_REPOST = 15.0
#: ...at most once in this many seconds per table (a repost is two requests: post, delete).
REPOST_EVERY = 120.0
#: Seconds after a player's own move during which his next turn needs no notice: he is
#: looking at the table (a click there, or /act), and the turn shows on its message. It
#: spares the mention, its delete or the DM: most of the REST budget at busy tables. A turn
#: still his when the window ends is told then (he may have looked away).
LOOKING_FOR = 30.0
#: How long after a click on the table message its interaction may still edit that message
#: (Discord keeps an interaction's token 15 minutes; a minute is kept in hand).
CLICK_EDITS_FOR = 14 * 60.0


@dataclass
class Capture:
    """An interaction that will answer with the table message itself."""

    table_id: int
    open: bool = True
    dirty: bool = False
    #: The turn changed: the notice goes out once the interaction is answered.
    turn_pending: bool = False


_capture: contextvars.ContextVar[Capture | None] = contextvars.ContextVar(
    "salon_capture", default=None
)


class Closable(Protocol):
    open: bool


Captured = TypeVar("Captured", bound=Closable)


@contextlib.contextmanager
def capturing(
    var: contextvars.ContextVar[Captured | None], capture: Captured
) -> Iterator[Captured]:
    """``capture`` is ``var``'s within the block, and closed after it (timers and tasks
    created inside inherit the context, and must not find it open)."""
    token = var.set(capture)
    try:
        yield capture
    finally:
        capture.open = False
        var.reset(token)


@dataclass
class Counters:
    """REST calls the presenter made, for the API-economy tests and the README."""

    table_edits: int = 0
    dms: int = 0
    dm_channels: int = 0
    showdowns: int = 0
    turn_pings: int = 0
    turn_deletes: int = 0
    reposts: int = 0
    #: Table message edits made through a recent click's interaction (not bound to the
    #: global rate limit), and those its expired or refused token sent back to REST.
    click_edits: int = 0
    click_edits_refused: int = 0
    #: Turns not told at once because the player had just moved at the table
    #: (:data:`LOOKING_FOR`), and those of them told when the window ended.
    turns_unannounced: int = 0
    turns_told_late: int = 0
    #: Every REST call outside interactions (each try counts), the 429s met and the calls
    #: tried again.
    requests: int = 0
    rate_limited: int = 0
    retries: int = 0


@dataclass(frozen=True)
class ClickHandle:
    """A recent click on a table message: its interaction edits that message for a while
    (Discord's interaction endpoints are outside the bot's global rate limit)."""

    message_id: int
    interaction: discord.Interaction
    until: float


@dataclass
class TurnNotice:
    """The turn a table last told about: (hand id, player) and its channel message."""

    key: tuple[int, int] | None
    message_id: int | None = None


#: What the lifecycle listens to: (table id, "channel" or "access").
ChannelGone = Callable[[int, str], Awaitable[None]]


def gone_state(table_id: int) -> PublicState:
    """What a closed table's message is drawn from when no state of it is left."""
    return quiet_state(table_id)


class DiscordPresenter:
    """Implements :class:`bot.runtime.Presenter` with discord.py."""

    def __init__(self, bot: PresenterHost, *, pacer: Pacer | None = None) -> None:
        self.bot = bot
        self.latest: dict[int, PublicState] = {}
        self.logs: defaultdict[int, deque[tuple[Message, dict[str, Any]]]] = defaultdict(
            lambda: deque(maxlen=LOG_LINES)
        )
        self.undelivered: defaultdict[int, set[int]] = defaultdict(set)
        self.dm_channels: dict[int, int] = {}
        #: Each member's language, as his latest interaction showed it (for DMs).
        self.user_langs: dict[int, Lang] = {}
        self.turns: dict[int, TurnNotice] = {}
        #: A turn notice held while its player is looking at the table, per table.
        self.held: dict[int, asyncio.TimerHandle] = {}
        #: When each player last moved at each table: (table, user) -> unix time.
        self.moved_at: dict[tuple[int, int], float] = {}
        #: The quiet a pushed-up table message waits for, per channel; its last repost.
        self.quiet_timers: dict[int, asyncio.TimerHandle] = {}
        self.reposted_at: dict[int, float] = {}
        #: Members' display names, as their interactions showed them (for the picture).
        self.names: dict[int, str] = {}
        #: Messages others posted in a table's channel since the table message was posted.
        self.chatter: defaultdict[int, int] = defaultdict(int)
        #: Each table's channel, as last seen.
        self.channels: dict[int, int] = {}
        self.counters = Counters()
        #: The latest click answered by an edit of each table's message (see
        #: :meth:`remember_click`).
        self.click_handles: dict[int, ClickHandle] = {}
        #: Seconds a click may edit the table message (None: :data:`CLICK_EDITS_FOR`).
        self.click_edits_for: float | None = None
        #: The last look of a closed table's message, until it is shown; what waits for it.
        self.final: dict[int, dict[str, Any]] = {}
        self.after_closed: dict[int, Callable[[], Awaitable[None]]] = {}
        #: Called once per table whose channel answers Unknown Channel ("channel") or
        #: Missing Access ("access"), or whose archived thread cannot be reopened.
        self.on_channel_gone: ChannelGone | None = None
        #: A finished hand's web page (guild, hand → its address, or None), linked under
        #: its showdown (bot.ui.web_links; None: no web pages).
        self.hand_link: Callable[[int, int], Awaitable[str | None]] | None = None
        self.outbox = Outbox(self, pacer)

    # -- capture ------------------------------------------------------------------------

    def responding(self, table_id: int) -> AbstractContextManager[Capture]:
        """Within this block, table updates wait for the interaction's own answer."""
        return capturing(_capture, Capture(table_id))

    # -- what the table message shows -----------------------------------------------------

    async def lang(self, table_id: int) -> Lang:
        """The language of a table's public messages: its guild's locale."""
        try:
            table = await self.bot.db.query(Transaction.get_table, table_id)
            return await guild_lang(self.bot.db, table.guild_id)
        except Exception:
            return "en"

    async def state(self, table_id: int) -> PublicState | None:
        """The freshest public state of a table (the runtime's, or the last one seen)."""
        table = self.bot.manager.tables.get(table_id)
        if table is None or table.closed:
            return self.latest.get(table_id)
        return await self.bot.manager.full_state(table)

    async def message_kwargs(
        self, table_id: int, *, closed: bool = False, published: bool = False
    ) -> dict[str, Any]:
        """``embed`` and ``view`` of the table message as it should look now.

        ``published``: from the last state the runtime published (a change in progress is
        not shown before it is stored)."""
        lang = await self.lang(table_id)
        state = self.latest.get(table_id) if published else None
        if state is None:
            state = await self.state(table_id)
        if state is None:
            state = gone_state(table_id)
            closed = True
        log_lines = [render(lang, said) for said, _ in self.logs[table_id]]
        embed = table_embed(
            lang, state, log=log_lines, undelivered=self.undelivered[table_id], closed=closed
        )
        view = None if closed else table_view(lang, state)
        return {"embed": embed, "view": view}

    def refresh(self, table_id: int, *, closed: bool = False, repost: bool = False) -> None:
        """Have the table message show the table as it is now, by REST, in the background
        (:class:`~bot.ui.outbox.Outbox`). ``repost``: post it again at the bottom of the
        channel and remove the old one (as a message that was deleted is)."""
        self.outbox.request(table_id, repost=repost, closed=closed)

    def refresh_all(self) -> None:
        """Bring every live table's message up to date (after a gateway RESUME or a new
        IDENTIFY: changes may have been missed)."""
        manager = getattr(self.bot, "manager", None)
        for table_id, table in list(manager.tables.items()) if manager is not None else []:
            if not table.closed:
                self.outbox.request(table_id)

    async def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued REST call is sent (or ``timeout``); whether all were."""
        return await self.outbox.flush(timeout)

    def idle(self) -> bool:
        """Whether no REST call is waiting or in flight."""
        return self.outbox.idle()

    async def aclose(self, grace: float = 2.0) -> None:
        """At shutdown: send what can be sent within ``grace`` seconds, drop the rest."""
        for table_id in list(self.held):
            self._release(table_id)
        await self.outbox.aclose(grace)

    def staleness(self, q: float) -> float | None:
        """The ``q`` quantile (0.5, 0.99) of the seconds table message edits lagged."""
        return self.outbox.staleness.quantile(q)

    # -- the outbox's view of a table message ------------------------------------------------

    def remember_click(
        self, table_id: int, interaction: discord.Interaction, received: float
    ) -> None:
        """A click on the table message, received at unix time ``received``, was answered by
        an edit of it: until its token expires, the outbox edits that message through the
        interaction instead of REST."""
        message = interaction.message
        if message is None:
            return
        lifetime = CLICK_EDITS_FOR if self.click_edits_for is None else self.click_edits_for
        until = received + lifetime
        self.click_handles[table_id] = ClickHandle(message.id, interaction, until)

    def click_handle(self, table_id: int) -> ClickHandle | None:
        """The table's latest click whose token may still edit its message, if any."""
        handle = self.click_handles.get(table_id)
        if handle is not None and discord.utils.utcnow().timestamp() >= handle.until:
            del self.click_handles[table_id]
            return None
        return handle

    def forget_click(self, table_id: int, handle: ClickHandle) -> None:
        """The click's token can no longer edit the message (expired, refused, moved)."""
        if self.click_handles.get(table_id) is handle:
            del self.click_handles[table_id]

    async def table_place(self, table_id: int) -> tuple[int, int | None] | None:
        """(channel, message id) of a table message; None before it has one. A tournament's
        table, which nobody opens by a command, is posted in its channel (no id yet)."""
        table = await self.bot.db.query(Transaction.get_table, table_id)
        message_id = table.message_ids.get("table")
        self.channels[table_id] = table.channel_id
        if not message_id:
            return (table.channel_id, None) if "tournament" in table.options else None
        return table.channel_id, int(message_id)

    async def render_table(self, table_id: int, *, closed: bool = False) -> dict[str, Any]:
        final = self.final.get(table_id)
        if final is not None:
            return final
        return await self.message_kwargs(table_id, closed=closed, published=True)

    async def table_moved(self, table_id: int, channel_id: int, message_id: int) -> None:
        """The table message was posted again: remember its new id."""
        self.chatter[channel_id] = 0
        self.reposted_at[table_id] = discord.utils.utcnow().timestamp()
        table = await self.bot.db.query(Transaction.get_table, table_id)
        await self.bot.db.write(
            Transaction.update_table,
            table_id,
            message_ids={**table.message_ids, "table": message_id},
        )

    def closed_shown(self, table_id: int) -> None:
        """A closed table's message shows it closed: nothing more to send for it (but what
        waited for it: :meth:`when_closed_shown`)."""
        self.final.pop(table_id, None)
        then = self.after_closed.pop(table_id, None)
        if then is not None:
            self.outbox.background(then(), f"table-{table_id}-after-closed")

    def when_closed_shown(self, table_id: int, then: Callable[[], Awaitable[None]]) -> None:
        """Run ``then`` once the table's message shows it closed (at once if it does, or
        will never: its channel is gone). A tournament's thread is archived so, after its
        table's last edit (an edit would reopen it)."""
        if table_id in self.final and table_id not in self.outbox.gone:
            self.after_closed[table_id] = then
        else:
            self.outbox.background(then(), f"table-{table_id}-after-closed")

    # -- Presenter ------------------------------------------------------------------------

    async def table_update(self, table_id: int, public_state: PublicState) -> None:
        """Returns at once: the table message is edited in the background (or by the
        interaction being answered)."""
        self.latest[table_id] = public_state
        self._moved_on(table_id)
        self.outbox.changed(table_id)
        capture = _capture.get()
        if capture is not None and capture.open and capture.table_id == table_id:
            capture.dirty = True
            capture.turn_pending = True
            return
        self.refresh(table_id, repost=self.pushed_up(table_id))
        self.notify_turn(table_id)

    def _moved_on(self, table_id: int) -> None:
        """A table whose channel was reported gone that plays on in another (a tournament's
        table, moved to a new thread) is shown again there."""
        live = self.bot.manager.tables.get(table_id)
        seen = self.channels.get(table_id)
        if table_id in self.outbox.gone and live is not None and live.channel_id != seen:
            self.outbox.gone.discard(table_id)
            self.turns.pop(table_id, None)
            self.click_handles.pop(table_id, None)

    # -- the turn notice ------------------------------------------------------------------

    def notify_turn(self, table_id: int) -> None:
        """Tell the player to act that it is his turn, in the background (after the calls
        already queued for the table's channel): see :meth:`turn_notice`."""
        if table_id not in self.outbox.gone:
            self.outbox.run(("table", table_id), lambda: self.turn_notice(table_id))

    async def turn_notice(self, table_id: int) -> None:
        """Tell the player to act that it is his turn, once per turn: a short message in
        the channel mentioning him (deleted when the turn moves on), a DM, or nothing, as
        his preference (/notify) or else the table's ``notify`` option says.

        REST: at most one delete (the last notice) and one post (the new one) per turn.
        """
        state = self.latest.get(table_id)
        hand = state["hand"] if state is not None else None
        to_act = hand["to_act"] if hand is not None else None
        key = (hand["id"], int(to_act)) if hand is not None and to_act is not None else None
        old = self.turns.get(table_id)
        if old is not None and old.key == key:
            return
        self._release(table_id)
        notice = self.turns[table_id] = TurnNotice(key)
        try:
            table = await self.bot.db.query(Transaction.get_table, table_id)
        except Exception:
            return
        channel = self.bot.get_partial_messageable(table.channel_id)
        if old is not None and old.message_id is not None:
            self.counters.turn_deletes += 1
            stale = channel.get_partial_message(old.message_id)
            try:
                await self.outbox.call(NOTICE, stale.delete, attempts=1)
            except discord.HTTPException as exc:
                if self._channel_gone(table_id, exc):
                    return
        if key is None or is_house_player(key[1]):
            return  # nobody to tell: a house player plays on its own
        if self.looking(table_id, key[1]):
            self.counters.turns_unannounced += 1
            self._hold(table_id, notice)
            return
        await self._tell_turn(table_id, table, notice)

    async def _tell_turn(self, table_id: int, table: GameTable, notice: TurnNotice) -> None:
        """Send the notice of a turn, still the table's, as the player's preference says."""
        state = self.latest.get(table_id)
        hand = state["hand"] if state is not None else None
        to_act = hand["to_act"] if hand is not None else None
        if state is None or hand is None or to_act is None or notice.key is None:
            return
        if notice.key != (hand["id"], int(to_act)):
            return  # the turn moved on: its own notice follows
        key, user = notice.key, notice.key[1]
        channel = self.bot.get_partial_messageable(table.channel_id)
        mode = await self.bot.db.notify_preference(user)
        if mode == "table":
            mode = state["notify"]
        link = jump_url(table.guild_id, table.channel_id, table.message_ids.get("table"))
        if mode == "dm":
            lang = self.user_langs.get(user) or await self.lang(table_id)
            text = render(lang, "turn-dm", hand=hand["no"], link=link)
            await self._send_dm(user, text, NOTICE)
            return
        if mode != "mention":
            return
        lang = await self.lang(table_id)
        text = render(lang, "turn-ping", user=user, hand=hand["no"], link=link)
        mention = discord.AllowedMentions(users=[discord.Object(user)])
        try:
            self.counters.turn_pings += 1
            sent = await self.outbox.call(
                NOTICE, lambda: channel.send(text, allowed_mentions=mention)
            )
        except Exception as exc:
            if not self._channel_gone(table_id, exc):
                log.warning("could not tell table %s's player it is his turn", table_id)
            return
        if self.turns.get(table_id) == TurnNotice(key):
            self.turns[table_id] = TurnNotice(key, sent.id)
        else:  # the turn moved on while it was sent: it goes at once
            self.outbox.run(("table", table_id), lambda: self._delete_notice(channel, sent.id))
        self.chatter[table.channel_id] = max(0, self.chatter[table.channel_id] - 1)

    def _hold(self, table_id: int, notice: TurnNotice) -> None:
        """Hold a turn's notice until its player's look at the table ends (his move plus
        :data:`LOOKING_FOR`), or half his time to act is gone if that comes first (a short
        turn timer): then it is sent if the turn is still his."""
        assert notice.key is not None
        now = discord.utils.utcnow().timestamp()
        moved = self.moved_at.get((table_id, notice.key[1]), now)
        wait = max(0.0, LOOKING_FOR - (now - moved))
        state = self.latest.get(table_id)
        deadline = state["hand"]["deadline"] if state is not None and state["hand"] else None
        if deadline is not None:
            wait = min(wait, max(0.0, (deadline - now) / 2))
        loop = asyncio.get_running_loop()
        self.held[table_id] = loop.call_later(wait, self._held_over, table_id, notice, moved)

    def _release(self, table_id: int) -> None:
        """The held notice of a table is not sent (the turn moved on, the table is gone)."""
        handle = self.held.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def _held_over(self, table_id: int, notice: TurnNotice, moved: float) -> None:
        self.held.pop(table_id, None)
        if self.turns.get(table_id) is not notice or table_id in self.outbox.gone:
            return
        assert notice.key is not None
        if self.moved_at.get((table_id, notice.key[1]), moved) > moved:  # he moved again
            self._hold(table_id, notice)
            return
        self.outbox.run(("table", table_id), lambda: self._tell_held(table_id, notice))

    async def _tell_held(self, table_id: int, notice: TurnNotice) -> None:
        if self.turns.get(table_id) is not notice:
            return
        try:
            table = await self.bot.db.query(Transaction.get_table, table_id)
        except Exception:
            return
        if self.turns.get(table_id) is notice:
            self.counters.turns_told_late += 1
            await self._tell_turn(table_id, table, notice)

    def player_moved(self, table_id: int, user_id: int) -> None:
        """A player just made a move at a table himself (a click or /act)."""
        self.moved_at[(table_id, user_id)] = discord.utils.utcnow().timestamp()

    def looking(self, table_id: int, user_id: int) -> bool:
        """Whether the player moved at this table within :data:`LOOKING_FOR` seconds."""
        moved = self.moved_at.get((table_id, user_id))
        return moved is not None and discord.utils.utcnow().timestamp() - moved < LOOKING_FOR

    async def _delete_notice(self, channel: discord.PartialMessageable, message_id: int) -> None:
        self.counters.turn_deletes += 1
        with contextlib.suppress(discord.HTTPException):
            await self.outbox.call(NOTICE, channel.get_partial_message(message_id).delete)

    def _channel_gone(self, table_id: int, exc: BaseException) -> bool:
        """A call on the table's channel met Unknown Channel or Missing Access: report it
        (once) and say so."""
        fault = classify(exc)
        if fault in (Fault.CHANNEL_GONE, Fault.NO_ACCESS):
            self.outbox.report_gone(table_id, fault.value)
            return True
        return False

    # -- a table message that stays in sight ------------------------------------------------

    def pushed_up(self, table_id: int) -> bool:
        """Whether others wrote enough under the table message to push it out of sight."""
        channel_id = self.channels.get(table_id)
        return channel_id is not None and self.chatter[channel_id] >= REPOST_AFTER

    def seen_message(self, channel_id: int) -> None:
        """Someone else posted in a channel: the table message there moves up one; pushed
        out of sight, it comes back once the channel is quiet (:data:`QUIET_BEFORE_REPOST`)."""
        self.chatter[channel_id] += 1
        if self.chatter[channel_id] >= REPOST_AFTER:
            self._wait_for_quiet(channel_id, QUIET_BEFORE_REPOST)

    def _wait_for_quiet(self, channel_id: int, seconds: float) -> None:
        handle = self.quiet_timers.pop(channel_id, None)
        if handle is not None:
            handle.cancel()
        loop = asyncio.get_running_loop()
        self.quiet_timers[channel_id] = loop.call_later(seconds, self._quiet, channel_id)

    def _quiet(self, channel_id: int) -> None:
        """The channel has been quiet: each table message there that chatter pushed up is
        posted again at the bottom, unless it was reposted less than REPOST_EVERY ago."""
        self.quiet_timers.pop(channel_id, None)
        now = discord.utils.utcnow().timestamp()
        for table_id, channel in list(self.channels.items()):
            if (
                channel != channel_id
                or not self.pushed_up(table_id)
                or table_id in self.outbox.gone
            ):
                continue
            last = self.reposted_at.get(table_id)
            if last is not None and now - last < REPOST_EVERY:
                self._wait_for_quiet(channel_id, REPOST_EVERY - (now - last))
                continue
            self.refresh(table_id, repost=True)

    async def deliver_cards(
        self,
        table_id: int,
        user_id: int,
        cards: list[str],
        retourne: str | None,
        hand_no: int | None = None,
    ) -> bool:
        """Sends the cards in the background and returns at once (True: not refused yet).
        A DM that fails marks the player on the table message (and in the runtime's table)."""
        try:
            table = await self.bot.db.query(Transaction.get_table, table_id)
        except Exception:
            return False
        lang = self.user_langs.get(user_id) or await self.lang(table_id)
        guild = self.bot.get_guild(table.guild_id)
        message_id = table.message_ids.get("table")
        text = cards_message(
            lang,
            table.game,
            CardsPlace(
                table_id,
                hand_no,
                table.channel_id,
                guild.name if guild is not None else "",
                jump_url(table.guild_id, table.channel_id, message_id),
            ),
            cards,
            retourne,
        )
        live = self.bot.manager.tables.get(table_id)
        if hand_no is not None and (live is None or not live.playing() or live.hand_no != hand_no):
            # the hand is over: the cards he had not seen (a blind loser), said so
            text = render(lang, "dm-cards-ended", hand=hand_no) + "\n" + text

        async def send() -> None:
            delivered = await self._send_dm(user_id, text, PRIVATE)
            live = self.bot.manager.tables.get(table_id)
            if live is not None:  # the runtime learns it late (it gives his cards at the end)
                (live.undelivered.discard if delivered else live.undelivered.add)(user_id)
            if delivered:
                self.undelivered[table_id].discard(user_id)
            elif user_id not in self.undelivered[table_id]:
                self.undelivered[table_id].add(user_id)
                if table_id in self.latest:
                    self.refresh(table_id)  # the table message points him to My cards

        self.outbox.run(("dm", user_id), send)
        return True

    async def send_dm(self, user_id: int, text: str) -> bool:
        """A private message through the pacer, awaited; False if refused."""
        return await self._send_dm(user_id, text)

    async def _send_dm(self, user_id: int, text: str, priority: int = PRIVATE) -> bool:
        """A private message (its DM channel opened once and remembered); False if refused."""
        try:
            channel_id = self.dm_channels.get(user_id)
            if channel_id is None:
                data = await self.outbox.call(
                    priority, lambda: self.bot.http.start_private_message(user_id)
                )
                self.counters.dm_channels += 1
                channel_id = int(data["id"])
                self.dm_channels[user_id] = channel_id
            channel = self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            self.counters.dms += 1
            await self.outbox.call(
                priority,
                lambda: channel.send(text, allowed_mentions=discord.AllowedMentions.none()),
            )
        except discord.HTTPException:
            return False
        except Exception:
            log.warning("could not send a private message to %s", user_id, exc_info=True)
            return False
        return True

    async def announce(self, table_id: int, said: Message, data: dict[str, Any]) -> None:
        self.logs[table_id].append((said, dict(data)))
        if data.get("gone"):  # closed because its channel is gone: nothing to show there
            self.forget(table_id)
            return
        if data.get("cash_outs") is not None:  # the table closed
            self.final[table_id] = await self.message_kwargs(table_id, closed=True)
            self.outbox.changed(table_id)
            self.refresh(table_id, closed=True)
            self.latest.pop(table_id, None)
            self.logs.pop(table_id, None)
            self.undelivered.pop(table_id, None)

    def forget(self, table_id: int) -> None:
        """Drop everything about a table and send nothing more for it."""
        self.outbox.drop(table_id)
        self.outbox.gone.add(table_id)
        kept_per_table: tuple[dict[int, Any], ...] = (
            self.latest,
            self.logs,
            self.undelivered,
            self.turns,
            self.final,
            self.click_handles,
        )
        for kept in kept_per_table:
            kept.pop(table_id, None)
        self._release(table_id)
        for moved in [k for k in self.moved_at if k[0] == table_id]:
            del self.moved_at[moved]

    async def showdown(self, table_id: int, data: ShowdownReport) -> None:
        """Posted in the background, after the calls already queued for the channel."""
        if table_id in self.outbox.gone:
            return
        self.outbox.run(("table", table_id), lambda: self._post_showdown(table_id, data))

    async def _post_showdown(self, table_id: int, data: ShowdownReport) -> None:
        try:
            table = await self.bot.db.query(Transaction.get_table, table_id)
        except Exception:
            return
        lang = await self.lang(table_id)
        embed = showdown_embed(lang, table.game, data)
        channel = self.bot.get_partial_messageable(table.channel_id)
        png: bytes | None = None
        # a channel where Attach Files was taken away since the table opened: the words only
        files = allows(self.bot.get_guild(table.guild_id), table.channel_id, "attach_files")
        try:  # the picture is drawn off the event loop; a failure leaves the embed alone
            if files:
                picture = showdown_picture(lang, table.game, data, self.names)
                png = await asyncio.to_thread(showdown_png, picture)
                embed.set_image(url="attachment://showdown.png")
        except Exception:
            log.warning("could not draw the showdown of table %s", table_id, exc_info=True)

        view = link_view(render(lang, "web-replay-hand"), await self._hand_link(table, data))
        if isinstance(hand_id := data.get("hand_id"), int):  # "Why?": the count, privately
            view = view or discord.ui.View(timeout=None)
            view.add_item(WhyButton(table_id, hand_id, label="❓ " + render(lang, "why-button")))

        async def post() -> Any:
            files = [] if png is None else [discord.File(io.BytesIO(png), "showdown.png")]
            return await channel.send(
                embed=embed,
                files=files,
                allowed_mentions=discord.AllowedMentions.none(),
                view=view or discord.utils.MISSING,
            )

        try:
            self.counters.showdowns += 1
            await self.outbox.call(PRIVATE, post)
        except Exception as exc:
            if not self._channel_gone(table_id, exc):
                log.warning("could not post the showdown of table %s", table_id, exc_info=True)

    async def _hand_link(self, table: GameTable, data: Mapping[str, Any]) -> str | None:
        """The showdown's hand page, when the server's pages may be linked (no REST)."""
        hand_id = data.get("hand_id")
        if self.hand_link is None or not isinstance(hand_id, int):
            return None
        try:
            return await self.hand_link(table.guild_id, hand_id)
        except Exception:
            log.warning("could not read table %s's web settings", table.id, exc_info=True)
            return None

    def cards_seen(self, table_id: int, user_id: int) -> None:
        """The player saw his cards another way: the table stops pointing at him."""
        self.undelivered[table_id].discard(user_id)
