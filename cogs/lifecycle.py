"""Discord as it is: a table's channel or thread deleted, a member who leaves the server or
is banned, the bot removed from a server, a server that goes dark for a while; and a member's
new name or avatar, which the web pages show (docs/web.md).

Every listener here only translates a gateway event into one call of the runtime's
lifecycle API (``bot/runtime/lifecycle.py``); the runtime voids the hand, sends every stack
home and writes it down. What this cog adds is Discord's side: which events mean what, the
start-up sweep for what happened while the bot was down, and the creator's DM.

Choices (docs/discord.md, "A table's place gone"):

- **A thread archived** (by Discord after its inactivity delay, or by a moderator) is left
  as it is: the presenter unarchives it at the table's next update, so an idle table costs
  no request; a thread the bot cannot unarchive (locked by a moderator) reaches
  :meth:`Lifecycle.place_gone` through the presenter's hook as a lost access.
- **A server unavailable** (an outage on Discord's side: GUILD_DELETE with
  ``unavailable``) freezes its tables' timers; when it comes back (GUILD_CREATE, discord.py's
  ``on_guild_available``) each player to act gets a fresh turn. Only servers paused here are
  resumed: ``on_guild_available`` also fires for every server at each start.
- **The bot's own gateway drops** (a shard disconnects): no click can reach the bot, so the
  tables of that shard's servers wait as for an unavailable server, and go on with a fresh
  turn when the shard is back (RESUMED or a new READY).
- **The start-up sweep** runs at every READY (a fresh IDENTIFY too): a table whose server
  is gone, or whose channel is neither cached nor found by one REST fetch (an archived
  thread is not cached), closes; so does one whose channel lacks a permission a table needs
  (bot/ui/permissions.py), its creator told which and what for; a server that is only
  unavailable is paused.
"""

from __future__ import annotations

import inspect
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.i18n import Lang, render
from bot.storage import Transaction
from bot.storage.tournaments import Tournament
from bot.ui.economy_text import game_name
from bot.ui.interaction import guild_lang
from bot.ui.outbox import TABLE
from bot.ui.permissions import Need, Place, lacking, missing
from bot.ui.safe_text import plain

if TYPE_CHECKING:
    from bot.app import SalonBot
    from bot.runtime import TableGone

log = logging.getLogger(__name__)

#: Why a table closed on its own (the runtime's ``TableGone.reason``).
REASONS = ("channel", "access", "guild")


class Lifecycle(commands.Cog):
    """Channels, members and servers that go away, and the bot's own outages."""

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot
        #: Servers whose tables this cog paused (unavailable); resumed when they come back.
        self.paused: set[int] = set()
        #: READY events seen by this process (the first one sweeps without refreshing).
        self.readies = 0
        #: Servers whose tables wait while the bot's own gateway connection is down.
        self.offline: set[int] = set()

    async def cog_load(self) -> None:
        self.bot.presenter.on_channel_gone = self.place_gone

    async def cog_unload(self) -> None:
        if self.bot.presenter.on_channel_gone == self.place_gone:
            self.bot.presenter.on_channel_gone = None

    # -- closing a table whose place is gone ----------------------------------------------

    def tables_in(self, channel_id: int) -> list[int]:
        """The live tables of this process in a channel or thread."""
        return [t.id for t in self.bot.manager.tables.values() if t.channel_id == channel_id]

    def guild_has_tables(self, guild_id: int) -> bool:
        return any(t.guild_id == guild_id for t in self.bot.manager.tables.values())

    async def close_gone(
        self,
        table_id: int,
        reason: str,
        server: str | None = None,
        lacks: tuple[str, Need] | None = None,
    ) -> None:
        """Close a table whose place is gone (idempotent: a table already closed is left);
        ``lacks``: the permission missing there, and what for, told to its creator."""
        try:
            gone = await self.bot.manager.table_gone(table_id, reason)
        except Exception:
            log.exception("could not close table %s (%s gone)", table_id, reason)
            return
        if gone is not None:
            log.info("table %s closed: its %s is gone", table_id, reason)
            await self.tell_creator(gone, server, lacks)

    async def place_gone(self, ident: int, reason: str) -> None:
        """The presenter's hook: REST on a table's channel answered Unknown Channel or
        Missing Access (or its thread could not be unarchived). ``ident`` is the table's id,
        or its channel's (every live table there closes). A channel unreachable because the
        bot left its server says so ("guild"); before READY the server list is not known, so
        the answer waits for it."""
        await self.bot.wait_until_ready()
        tables = [ident] if ident in self.bot.manager.tables else self.tables_in(ident)
        for table_id in tables:
            table = self.bot.manager.tables.get(table_id)
            if table is not None and self.bot.get_guild(table.guild_id) is None:
                await self.close_gone(table_id, "guild")
            else:
                await self.close_gone(table_id, reason if reason in REASONS else "access")

    async def tell_creator(
        self, gone: TableGone, server: str | None = None, lacks: tuple[str, Need] | None = None
    ) -> None:
        """One private line to the table's creator: which table closed, why (the permission
        missing, and what for, if that is why), and that every chip went home. A refused DM
        is only logged."""
        presenter: Any = self.bot.presenter
        lang: Lang | None = presenter.user_langs.get(gone.creator_id)
        if lang is None:
            lang = await self.public_lang(gone.guild_id)
        if server is None:
            guild = self.bot.get_guild(gone.guild_id)
            server = guild.name if guild is not None else None
        text = render(
            lang,
            "lifecycle-table-gone",
            game=game_name(gone.game),
            table=gone.table_id,
            reason=gone.reason if gone.reason in REASONS else "access",
            named="yes" if server else "no",
            server=plain(server or ""),
            voided="no" if gone.voided_hand_no is None else "yes",
            hand=gone.voided_hand_no or 0,
        )
        if lacks is not None:
            text += " " + render(lang, "lifecycle-table-lacks", **lacking(*lacks))
        send = getattr(presenter, "send_dm", None) or presenter._send_dm
        try:
            sent = await send(gone.creator_id, text)
        except Exception:
            log.warning("could not tell the creator of table %s", gone.table_id, exc_info=True)
            return
        if not sent:
            log.info("the creator of table %s keeps DMs closed: not told", gone.table_id)

    async def public_lang(self, guild_id: int) -> Lang:
        """The guild's language (:func:`~bot.ui.interaction.guild_lang`), English if it
        cannot be read (the guild may be gone)."""
        try:
            return await guild_lang(self.bot.db, guild_id)
        except Exception:
            return "en"

    # -- channels and threads ---------------------------------------------------------------

    async def live_tournaments(self, guild_id: int | None = None) -> list[Tournament]:
        """The tournaments under way (of one server), as storage has them."""
        try:
            return await self.bot.db.query(Transaction.tournaments, guild_id)
        except Exception:
            log.exception("could not read the tournaments under way")
            return []

    async def tournament_gone(self, tournament_id: int) -> None:
        """A tournament's channel is gone: it is called off, every buy-in refunded."""
        try:
            await self.bot.manager.tournaments.channel_gone(tournament_id)
        except Exception:
            log.exception("could not call tournament %s off", tournament_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        for tournament in await self.live_tournaments(channel.guild.id):
            if tournament.channel_id == channel.id:  # its tables' threads go with it
                await self.tournament_gone(tournament.id)
        for table_id in self.tables_in(channel.id):
            await self.close_gone(table_id, "channel", channel.guild.name)
        # Threads of the deleted channel that were archived were not in the cache, so no
        # thread event names them: look at this server's tables in uncached channels.
        if isinstance(channel, (discord.TextChannel, discord.ForumChannel)):
            await self.sweep_guild(channel.guild)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        guild = self.bot.get_guild(payload.guild_id)
        for table_id in self.tables_in(payload.thread_id):
            await self.close_gone(table_id, "channel", guild.name if guild else None)

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        """An archived thread holding a table is left to the presenter, which unarchives it
        at the table's next update (an idle table costs no request meanwhile)."""
        if after.archived and not before.archived and self.tables_in(after.id):
            log.info("the thread of table(s) %s was archived", self.tables_in(after.id))

    # -- members ----------------------------------------------------------------------------

    async def member_gone(self, guild_id: int, user_id: int) -> None:
        """A member left, was kicked or banned: his web links open nothing from now on
        (docs/security.md), and he is never waited for at a table."""
        if user_id == getattr(self.bot.user, "id", None):
            return
        if self.bot.settings.web:
            at = discord.utils.utcnow().timestamp()  # the clock /web signs links with
            try:
                await self.bot.db.write(Transaction.member_departed, guild_id, user_id, at)
            except Exception:
                log.exception("could not close the web links of %s in %s", user_id, guild_id)
        if not self.guild_has_tables(guild_id):
            return
        try:
            tables = await self.bot.manager.member_left(guild_id, user_id)
        except Exception:
            log.exception("could not take member %s off the tables of %s", user_id, guild_id)
            return
        if tables:
            log.info("member %s left server %s: tables %s", user_id, guild_id, tables)

    # -- names and avatars on the web pages ------------------------------------------------

    @commands.Cog.listener()
    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        """A member's name or avatar in his server changed (nickname, server avatar): the
        web pages show the new one, if they show him at all (members intent only)."""
        old = (before.display_name, before.display_avatar.url)
        new = (after.display_name, after.display_avatar.url)
        if not self.bot.settings.web or old == new:
            return
        await self.bot.db.write(Transaction.refresh_member, after.guild.id, after.id, *new)

    @commands.Cog.listener()
    async def on_user_update(self, before: discord.User, after: discord.User) -> None:
        """A user's own name or avatar changed: every server that showed it (no nickname
        or server avatar of its own) shows the new one."""
        old = (before.display_name, before.display_avatar.url)
        new = (after.display_name, after.display_avatar.url)
        if not self.bot.settings.web or old == new:
            return
        await self.bot.db.write(Transaction.rename_member, after.id, old, new)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Left or kicked (needs the members intent, MEMBER_EVENTS)."""
        await self.member_gone(payload.guild_id, payload.user.id)

    @commands.Cog.listener()
    async def on_member_ban(
        self, guild: discord.Guild, user: discord.User | discord.Member
    ) -> None:
        """Banned (the moderation intent, not privileged: works without MEMBER_EVENTS)."""
        await self.member_gone(guild.id, user.id)

    # -- servers ------------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from the server (kicked, banned, the server deleted)."""
        self.paused.discard(guild.id)
        await self.close_guild(guild.id, guild.name)

    async def close_guild(self, guild_id: int, server: str | None) -> None:
        if not self.guild_has_tables(guild_id) and not await self.live_tournaments(guild_id):
            return
        try:
            closed = await self.bot.manager.guild_gone(guild_id, "guild")
        except Exception:
            log.exception("could not close the tables of server %s", guild_id)
            return
        for gone in closed:
            log.info("table %s closed: the bot left server %s", gone.table_id, guild_id)
            await self.tell_creator(gone, server)

    @commands.Cog.listener()
    async def on_guild_unavailable(self, guild: discord.Guild) -> None:
        await self.pause(guild.id)

    async def pause(self, guild_id: int) -> None:
        if guild_id in self.paused or not self.guild_has_tables(guild_id):
            return
        self.paused.add(guild_id)
        try:
            tables = await self.bot.manager.pause_guild(guild_id)
        except Exception:
            log.exception("could not pause the tables of server %s", guild_id)
            return
        log.warning("server %s is unavailable: tables %s wait for it", guild_id, tables)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        if guild.id not in self.paused:
            return
        self.paused.discard(guild.id)
        try:
            tables = await self.bot.manager.resume_guild(guild.id)
        except Exception:
            log.exception("could not resume the tables of server %s", guild.id)
            return
        log.info("server %s is back: tables %s go on with fresh turns", guild.id, tables)

    # -- the bot's own gateway ------------------------------------------------------------------

    def shard_guilds(self, shard_id: int) -> set[int]:
        """The servers with a table here that a shard carries (Discord's sharding formula)."""
        count = self.bot.shard_count or 1
        return {
            t.guild_id
            for t in self.bot.manager.tables.values()
            if (t.guild_id >> 22) % count == shard_id
        }

    @commands.Cog.listener()
    async def on_shard_disconnect(self, shard_id: int) -> None:
        """The bot's gateway dropped: no click reaches it until it is back, so its tables
        wait (no player timed out while he could not play); house players wait too."""
        if self.bot.stopping:
            return
        for guild_id in self.shard_guilds(shard_id) - self.paused:
            self.offline.add(guild_id)
            try:
                await self.bot.manager.pause_guild(guild_id)
            except Exception:
                log.exception("could not pause the tables of server %s", guild_id)

    @commands.Cog.listener()
    async def on_shard_resumed(self, shard_id: int) -> None:
        await self.back_online(shard_id)

    @commands.Cog.listener()
    async def on_shard_ready(self, shard_id: int) -> None:
        await self.back_online(shard_id)

    async def back_online(self, shard_id: int) -> None:
        """The gateway is back: the tables the drop paused go on, the player to act with a
        fresh turn (a server still unavailable stays paused until it is back)."""
        for guild_id in self.shard_guilds(shard_id) & self.offline:
            self.offline.discard(guild_id)
            if guild_id in self.paused:
                continue
            try:
                await self.bot.manager.resume_guild(guild_id, back="connection")
            except Exception:
                log.exception("could not resume the tables of server %s", guild_id)

    # -- connection -----------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Each READY: close what went away while the bot was not listening; after a fresh
        IDENTIFY (not the first READY) bring every table message up to date."""
        self.readies += 1
        await self.sweep()
        if self.readies > 1:
            await self.refresh_all()

    @commands.Cog.listener()
    async def on_resumed(self) -> None:
        """A resumed gateway session replays what was missed; the table messages may still
        be behind (an edit that failed meanwhile)."""
        await self.refresh_all()

    async def refresh_all(self) -> None:
        refresh = getattr(self.bot.presenter, "refresh_all", None)
        if refresh is None:
            return
        try:
            queued = refresh()  # queues an update of every table message
            if inspect.isawaitable(queued):
                await queued
        except Exception:
            log.exception("could not refresh the table messages")

    async def sweep(self) -> None:
        """Every live table of this process: its server gone -> closed; unavailable ->
        paused; its channel gone -> closed."""
        by_guild: dict[int, list[int]] = {}
        for table in list(self.bot.manager.tables.values()):
            by_guild.setdefault(table.guild_id, []).append(table.id)
        for tournament in await self.live_tournaments():
            if self.bot.manager.shards.owns(tournament.guild_id):
                by_guild.setdefault(tournament.guild_id, [])
        for guild_id in by_guild:
            guild = self.bot.get_guild(guild_id)
            if guild is None:
                await self.close_guild(guild_id, None)
            elif guild.unavailable:
                await self.pause(guild_id)
            else:
                await self.sweep_guild(guild)

    async def sweep_guild(self, guild: discord.Guild) -> None:
        """Close this server's tables whose channel or thread no longer exists: a channel
        not in the cache (an archived thread never is) costs one REST fetch; NotFound and
        Forbidden close the table, any other error leaves it; a tournament whose channel is
        gone is called off."""
        for tournament in await self.live_tournaments(guild.id):
            if guild.get_channel(tournament.channel_id) is None:
                try:
                    await self.fetch_channel(tournament.channel_id)
                except (discord.NotFound, discord.Forbidden):
                    await self.tournament_gone(tournament.id)
                except discord.HTTPException:
                    log.warning("could not check tournament %s's channel", tournament.id)
        for table in list(self.bot.manager.tables.values()):
            if table.guild_id != guild.id:
                continue
            place = guild.get_channel_or_thread(table.channel_id)
            if place is not None:
                await self.check_permissions(guild, table.id, place)
                continue
            try:
                await self.fetch_channel(table.channel_id)
            except discord.NotFound:
                await self.close_gone(table.id, "channel", guild.name)
            except discord.Forbidden:
                await self.close_gone(table.id, "access", guild.name)
            except discord.HTTPException:
                log.warning("could not check the channel of table %s", table.id, exc_info=True)

    async def fetch_channel(self, channel_id: int) -> None:
        """Ask Discord for a channel (one request, after a token of the bot's pacer)."""
        await self.bot.pacer.acquire(TABLE)
        await self.bot.fetch_channel(channel_id)

    async def check_permissions(
        self, guild: discord.Guild, table_id: int, place: discord.abc.GuildChannel | discord.Thread
    ) -> None:
        """A table whose channel is there but where the bot now lacks a permission a table
        needs (:data:`~bot.ui.permissions.NEEDS`: taken away while it was down) closes as
        out of reach, every chip home; its creator is told which permission and what for."""
        me = guild.me
        if me is None:
            return
        lacks = missing(Place.TABLE, place.permissions_for(me), isinstance(place, discord.Thread))
        if lacks:
            log.warning("table %s: the bot lacks %s in its channel", table_id, lacks[0][0])
            await self.close_gone(table_id, "access", guild.name, lacks[0])


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(Lifecycle(bot))
