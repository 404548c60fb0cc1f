"""The discord.py client: storage, the table runtime and the cogs are wired in ``setup_hook``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import eventloop, i18n
from bot.config import Settings
from bot.games.cards import Shuffler
from bot.i18n import lang_of
from bot.learn.desk import LessonDesk
from bot.ops import heartbeat_loop, invite_url, retention_loop, sync_commands
from bot.runtime import TableManager, collector
from bot.runtime.clock import RealClock
from bot.storage import Database, Transaction
from bot.storage.readonly import open_reader
from bot.ui import card_emojis
from bot.ui.abuse import ClickLimiter, StakeGuard
from bot.ui.i18n import SalonTranslator
from bot.ui.outbox import Pacer, discord_clock, pacing_trace
from bot.ui.presenter import DiscordPresenter
from bot.ui.replies import answer_failure
from bot.ui.services import Services
from bot.ui.tournament_presenter import DiscordTournamentPresenter
from bot.ui.web_links import WebLinks
from bot.web.app import serving
from bot.web.limits import RequestLimit
from bot.web.site import Site
from bot.web.tables import LiveTables

log = logging.getLogger(__name__)

#: The gateway events the bot needs: its guilds, their channels and threads (slash commands
#: and buttons come as interactions, which need no intent).
INTENTS = discord.Intents.none()
INTENTS.guilds = True
#: Message events (not their content): others' messages push a table message out of sight.
INTENTS.guild_messages = True
#: Bans (not privileged): a banned member leaves his tables (cogs/lifecycle.py).
INTENTS.moderation = True


def intents(*, members: bool) -> discord.Intents:
    """:data:`INTENTS`, plus the privileged members intent when ``members`` (MEMBER_EVENTS):
    a member leaving the server is then folded at his turn and cashed out at once."""
    return discord.Intents(**{**dict(INTENTS), "members": members})


#: Said once when Discord refuses the members intent under MEMBER_EVENTS=auto.
MEMBERS_REFUSED = (
    "Discord refused the Server Members Intent: the bot goes on without it, so a member who "
    "leaves the server is only noticed when their turn timer runs out. To turn it on: "
    "https://discord.com/developers/applications, this application, Bot tab, Privileged "
    "Gateway Intents, enable Server Members Intent, save, then restart the bot "
    "(MEMBER_EVENTS=off silences this warning)."
)
#: Seconds the shutdown waits for an action in progress at each table.
SHUTDOWN_GRACE = 3.0
# The bot has no voice: discord.py need not warn that voice libraries are missing.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

#: What a message of the bot may ping unless a call narrows it: the users it names, never
#: @everyone, @here or a role, and not the author of a message it replies to.
DEFAULT_MENTIONS = discord.AllowedMentions(
    everyone=False, roles=False, users=True, replied_user=False
)

#: Cogs loaded at start-up, one per concern.
EXTENSIONS: tuple[str, ...] = (
    "cogs.rules",
    "cogs.tables",
    "cogs.tournaments",
    "cogs.economy",
    "cogs.history",
    "cogs.admin",
    "cogs.turns",
    "cogs.fair",
    "cogs.lifecycle",
    "cogs.web",
    "cogs.learn",
)


#: Unix time as discord.py sees it (``discord.utils.utcnow``): tests run the bot under a
#: virtual clock that patches ``utcnow``, so turn deadlines, timers, daily cooldowns and the
#: presenter's pacer all read time through it (one function, in bot.ui.outbox).
discord_time = discord_clock


def lease_owner() -> str:
    """This process's name in the table leases: host, process and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


async def stop_task(task: asyncio.Task[Any]) -> None:
    """Cancel a background task and wait for it to end (at most :data:`SHUTDOWN_GRACE`)."""
    task.cancel()
    await asyncio.wait({task}, timeout=SHUTDOWN_GRACE)
    if task.done() and not task.cancelled() and (error := task.exception()) is not None:
        log.warning("%s had failed: %r", task.get_name(), error)


class DiscordClock(RealClock):
    """The runtime clock on discord.py's idea of now; timers sleep with asyncio until
    ``now()`` reaches their deadline."""

    def now(self) -> float:
        return discord_time()


class SalonTree(app_commands.CommandTree):
    """The one place a slash command's failure is answered: a refusal (``TableError``,
    ``StorageError``: any :class:`~bot.i18n.message.Refusal`, also one a transformer or a
    check raised) privately, in the player's language; anything else logged and answered
    with "something went wrong" (:func:`~bot.ui.replies.answer_failure`, which answers clicks
    too)."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        command = interaction.command
        what = f"/{command.qualified_name}" if command is not None else "a command"
        await answer_failure(
            interaction, error, unexpected="app-something-went-wrong-on-our", what=what
        )


class SalonBot(commands.AutoShardedBot):
    """The bot: slash commands and buttons only, no message content needed.

    Sharded (``SHARD_COUNT``/``SHARD_IDS``): this process connects the shards it holds and
    runs the tables of their guilds only; with neither set it holds every shard Discord
    recommends (docs/scaling.md).

    ``clock`` and ``shuffler_factory`` exist for tests (a virtual clock, seeded decks).
    ``database``: an open database to run on (its opener closes it), instead of the one
    ``settings`` names, which the bot opens and closes itself.

    What ``setup_hook`` opens goes on an exit stack as it is opened, and :meth:`close`
    closes it in the reverse order, once, even when the setup failed halfway: the background
    tasks, the table manager, the presenter's last sends, the Discord connection, the
    database.
    """

    db: Database
    manager: TableManager
    presenter: DiscordPresenter
    #: The one pace of every REST call made with the bot's token (bot.ui.outbox).
    pacer: Pacer
    tournament_messages: DiscordTournamentPresenter

    def __init__(
        self,
        settings: Settings,
        *,
        shuffler_factory: Callable[[int], Shuffler] | None = None,
        extensions: tuple[str, ...] = EXTENSIONS,
        sync_only: bool = False,
        sync_guild: int | None = None,
        members: bool | None = None,
        database: Database | None = None,
    ) -> None:
        shards = settings.shards
        #: Whether it asks for the members intent (default: unless MEMBER_EVENTS=off).
        self.member_events = settings.member_events != "off" if members is None else members
        sharding: dict[str, Any] = {}
        if shards.count > 1:
            sharding = {"shard_count": shards.count, "shard_ids": list(shards.ids)}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(members=self.member_events),
            # With the members intent, still no member list at start (start-up time and
            # memory as without it): the bot needs members only as interactions bring them.
            chunk_guilds_at_startup=False,
            member_cache_flags=discord.MemberCacheFlags.none(),
            tree_cls=SalonTree,
            allowed_mentions=DEFAULT_MENTIONS,
            # discord.py's own retries (after a 429 or a 5xx) wait for the pacer too
            http_trace=pacing_trace(lambda: getattr(self, "pacer", None)),
            **sharding,
        )
        self.settings = settings
        self.shuffler_factory = shuffler_factory
        self.extensions_to_load = extensions
        self.started_at = time.time()
        #: ``python -m bot sync``: log in, sync the commands (to ``sync_guild``), stop.
        self.sync_only = sync_only
        self.sync_guild = sync_guild
        #: Set when shutting down: new interactions are ignored from then on.
        self.stopping = False
        #: Per-member click rate on the table buttons (bot.ui.abuse).
        self.clicks = ClickLimiter()
        #: The lessons running (/learn: bot.learn.desk), closed with the bot.
        self.lessons = LessonDesk()
        #: Write the health heartbeat once ready (``serve`` turns it on).
        self.heartbeat = False
        self._heartbeat: asyncio.Task[None] | None = None
        #: Finding or uploading the card emojis (bot.ui.card_emojis), in the background.
        self.card_emojis_task: asyncio.Task[Any] | None = None
        #: The daily archiving of old hands (``serve`` turns it on with the heartbeat).
        self._retention: asyncio.Task[None] | None = None
        self._database = database
        #: The links to the web pages (bot.ui.web_links), when the bot has web pages.
        self.web_links: WebLinks | None = None
        #: Each member's name and avatar as last stored for the web pages, per server.
        self._web_members: dict[tuple[int, int], tuple[str, str]] = {}
        #: What is open, closed by :meth:`close` in the reverse order.
        self._exit_stack = contextlib.AsyncExitStack()
        self._closing = asyncio.Lock()

    async def setup_hook(self) -> None:
        stack = self._exit_stack
        card_emojis.use(None)  # coloured text until this bot's emojis are confirmed
        # the card writer is process-wide: leave it as found, last
        stack.callback(card_emojis.use, None)
        if self._database is None:
            self.db = await Database.open(self.settings.database_target, clock=discord_time)
            stack.push_async_callback(self._close_database, self.db)
        else:
            self.db = self._database
        # the gateway and the HTTP session close after the presenter's last sends, before
        # the database
        stack.push_async_callback(self._close_client)
        # one pace for every REST call made with the bot's token (commands sync, emojis,
        # channel checks, and all the presenter sends)
        pacer = self.pacer = Pacer()
        self.presenter = DiscordPresenter(self, pacer=pacer)
        stack.push_async_callback(self._close_presenter, self.presenter)
        self.tournament_messages = DiscordTournamentPresenter(self, self.presenter, pacer)
        stack.push_async_callback(self._close_presenter, self.tournament_messages)
        self.manager = TableManager(
            self.db,
            self.presenter,
            clock=DiscordClock(),
            shuffler_factory=self.shuffler_factory,
            # a house player thinks as long as each decision needs (bot/house/timing.py)
            house_pause=None,
            shards=self.settings.shards,
            # An SQLite file is held by one process (its lock): leases are for PostgreSQL.
            lease_owner=lease_owner() if self.settings.postgres else None,
            tournament_presenter=self.tournament_messages,
        )
        self.manager.stake_check = StakeGuard(self, self.db)
        stack.push_async_callback(self.manager.aclose, SHUTDOWN_GRACE)
        stack.push_async_callback(self.lessons.aclose)
        await self.tree.set_translator(SalonTranslator())
        for name in self.extensions_to_load:
            await self.load_extension(name)
        if self.sync_only:
            await sync_commands(self, guild_id=self.sync_guild, force=True, pacer=pacer)
            return
        self._ignore_interactions_when_stopping()
        resumed = await self.manager.resume(fresh_turns=True)
        if resumed:
            log.info("resumed %d open table(s)", len(resumed))
        self.manager.keep_leases()
        if self.settings.web:
            self.web_links = WebLinks(self.db, self.settings.web_public_url, clock=discord_time)
            if self.settings.web_public_url is not None:
                self.presenter.hand_link = self.web_links.hand
        if self.settings.web_port is not None:
            await stack.enter_async_context(self._web_pages(self.settings.web_port))
        i18n.warm()  # read now, not at the first text while the tables play
        collector.settle()
        await sync_commands(self, guild_id=self.settings.guild_id, pacer=pacer)
        if self.settings.card_emojis:
            self.card_emojis_task = asyncio.create_task(
                card_emojis.install_and_use(self, pacer), name="card-emojis"
            )
            stack.push_async_callback(stop_task, self.card_emojis_task)

    @contextlib.asynccontextmanager
    async def _web_pages(self, port: int) -> AsyncIterator[None]:
        """The web pages, served from this process while it runs (docs/web.md): they read a
        read-only connection of their own, and the live tables from memory."""
        target = self.db.path
        if target == ":memory:":
            log.warning("the web pages need a database file: not served (in-memory database)")
            yield
            return
        reader = await open_reader(target)
        try:
            site = Site(
                reader,
                LiveTables(self.manager, self.presenter.latest, self.presenter.logs),
                public_url=self.settings.web_public_url,
                limit=RequestLimit(self.settings.web_rate_limit)
                if self.settings.web_rate_limit
                else None,
                trusted_proxies=self.settings.web_trusted_proxies,
            )
            async with serving(site, self.settings.web_host, port):
                yield
        finally:
            await reader.close()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember each member's language: the DMs he gets (his cards) are written in it;
        and, with web pages, his name and avatar as his server shows them."""
        presenter = getattr(self, "presenter", None)
        if presenter is not None:
            presenter.user_langs[interaction.user.id] = lang_of(interaction.locale)
            presenter.names[interaction.user.id] = interaction.user.display_name
        user = interaction.user
        if self.settings.web and isinstance(user, discord.Member) and not user.bot:
            await self.remember_member(user.guild.id, user)

    async def remember_member(self, guild_id: int, member: discord.abc.User) -> None:
        """Store a member's name and avatar for the web pages, when they changed since the
        last time this process stored them (no REST: the interaction brought them)."""
        seen = (member.display_name, member.display_avatar.url)
        if self._web_members.get((guild_id, member.id)) == seen:
            return
        try:
            await self.db.write(Transaction.remember_member, guild_id, member.id, *seen)
        except Exception:
            log.warning("could not store a member's name for the web pages", exc_info=True)
            return
        self._web_members[(guild_id, member.id)] = seen

    def _ignore_interactions_when_stopping(self) -> None:
        parsers = self._connection.parsers
        original = parsers["INTERACTION_CREATE"]

        def parse_interaction_create(data: Any) -> None:
            if not self.stopping:
                original(data)

        parsers["INTERACTION_CREATE"] = parse_interaction_create

    async def close(self) -> None:
        """Shut down cleanly: take no new interaction, then close what ``setup_hook`` (and
        ``on_ready``) opened, in the reverse order, once: the background tasks stop; the
        table manager lets an action in progress commit (each table's lock is taken, then
        kept), cancels its timers and gives its leases up; the presenter sends the table
        updates still waiting (a few seconds at most); the gateway and the HTTP session
        close; the database is checkpointed and closed."""
        self.stopping = True
        async with self._closing:  # a second close waits for the first, then finds it done
            await self._exit_stack.aclose()
        await super().close()  # already done unless the setup stopped before it was pushed

    async def _close_client(self) -> None:
        await super().close()

    @staticmethod
    async def _close_presenter(presenter: DiscordPresenter | DiscordTournamentPresenter) -> None:
        try:  # the last table messages go out while the HTTP session and the database are open
            await presenter.aclose(SHUTDOWN_GRACE)
        except Exception:
            log.warning("could not send the last table updates", exc_info=True)

    @staticmethod
    async def _close_database(db: Database) -> None:
        try:
            await db.checkpoint()
        except Exception:
            log.warning("could not checkpoint the database", exc_info=True)
        await db.close()

    async def on_ready(self) -> None:
        log.info("logged in as %s", self.user)
        if self.application_id is not None:
            log.info("invite the bot with: %s", invite_url(self.application_id))
        if self.heartbeat and self._heartbeat is None and not self.stopping:
            self._heartbeat = asyncio.create_task(heartbeat_loop(self), name="heartbeat")
            self._exit_stack.push_async_callback(stop_task, self._heartbeat)
        if self.heartbeat and self._retention is None and not self.stopping:
            self._retention = asyncio.create_task(retention_loop(self), name="retention")
            self._exit_stack.push_async_callback(stop_task, self._retention)


if TYPE_CHECKING:  # mypy checks here that the bot is what the buttons type against

    def _services(bot: SalonBot) -> Services:
        return bot


async def serve(settings: Settings) -> None:
    """Run the bot until it stops or the process gets SIGTERM or SIGINT (then close
    cleanly). Start-up errors propagate (``bot.__main__`` explains them)."""
    token = settings.token
    assert token is not None
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)

    async def run(bot: SalonBot) -> None:
        bot.heartbeat = True
        await run_until_stopped(bot, token, stop)

    await start_with_fallback(settings, run)


async def run_until_stopped(bot: SalonBot, token: str, stop: asyncio.Event) -> None:
    """Connect ``bot`` and run it until it stops or ``stop`` is set (then close cleanly)."""
    async with bot:
        running = asyncio.create_task(bot.start(token), name="salon-bot")
        stopped = asyncio.create_task(stop.wait(), name="signals")
        await asyncio.wait({running, stopped}, return_when=asyncio.FIRST_COMPLETED)
        if stopped.done():
            log.info("stopping: closing the bot cleanly")
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError):
                await running
            log.info("stopped")
        else:
            stopped.cancel()
            running.result()


async def start_with_fallback(
    settings: Settings,
    run: Callable[[SalonBot], Awaitable[None]],
    *,
    make_bot: Callable[..., SalonBot] | None = None,
) -> SalonBot:
    """``run`` a new bot; with MEMBER_EVENTS=auto, if Discord refuses the members intent
    (close code 4014, ``PrivilegedIntentsRequired``), warn once and ``run`` a fresh bot
    without it (the refused one is closed: discord.py closes it before raising). Under
    MEMBER_EVENTS=on the refusal propagates (a start-up error). Returns the last bot run."""
    build = SalonBot if make_bot is None else make_bot
    members = settings.member_events != "off"
    while True:
        bot = build(settings, members=members)
        try:
            await run(bot)
            return bot
        except discord.PrivilegedIntentsRequired:
            if not members or settings.member_events != "auto":
                raise
            log.warning(MEMBERS_REFUSED)
            with contextlib.suppress(Exception):
                await bot.close()
            members = False


async def sync_only(settings: Settings, guild_id: int | None) -> None:
    """``python -m bot sync [--guild ID]``: log in, sync the slash commands, stop."""
    assert settings.token is not None
    bot = SalonBot(settings, sync_only=True, sync_guild=guild_id)
    async with bot:
        await bot.login(settings.token)


def run(settings: Settings) -> None:
    """Start the bot, on the event loop EVENT_LOOP chose, and block until it stops."""
    eventloop.run(serve(settings), settings.event_loop)
