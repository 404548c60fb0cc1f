"""Channel permissions in the fake, computed as Discord computes them (docs.discord.com,
"Permissions"): the guild's ``@everyone`` role and the bot's role(s), then the channel's
overwrites for ``@everyone``, the roles and the member; a thread takes its parent's.

By default the bot's role has every permission (Administrator: nothing is refused, as
before); a test configures a strict server with ``everyone_permissions=0`` and the invite's
permissions on the bot's role, and overwrites per channel (:meth:`PermissionsMixin.overwrite`).
A request lacking a permission answers 403 ``{"code": 50013, "message": "Missing
Permissions"}`` (``50001 Missing Access`` when the channel cannot even be seen).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from aiohttp import web

from bot.loadtest.fakediscord.common import JSON, json_response
from bot.loadtest.fakediscord.state import FakeState

# Discord's permission bits (docs.discord.com, "Permissions", "Bitwise Permission Flags").
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
MANAGE_ROLES = 1 << 28
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

#: Every permission (as an integer; Discord sends them as a decimal string).
EVERY_PERMISSION = (1 << 53) - 1

#: What a text channel's message needs besides sending: without SEND_MESSAGES Discord
#: takes these away too (docs: "implicit permissions").
_NEEDS_SEND = EMBED_LINKS | ATTACH_FILES | MENTION_EVERYONE

#: Discord's answers to a refused request: (status, code, message).
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")
MISSING_ACCESS = (403, 50001, "Missing Access")

#: Channel types: guild text, public thread, private thread.
TEXT_CHANNEL = 0
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12


def overwrite_entry(target: int, allow: int = 0, deny: int = 0, *, member: bool = False) -> JSON:
    """A channel overwrite as Discord sends it (type 0: a role, 1: a member)."""
    return {"id": str(target), "type": 1 if member else 0, "allow": str(allow), "deny": str(deny)}


def channel_permissions(
    base: int,
    overwrites: Iterable[Mapping[str, JSON]],
    *,
    everyone_id: int,
    role_ids: Iterable[int],
    member_id: int,
    thread: bool = False,
) -> int:
    """A member's permissions in a channel: its roles' ``base``, then the channel's
    overwrites (``@everyone``, then the roles together, then the member)."""
    if base & ADMINISTRATOR:
        return EVERY_PERMISSION
    kept = list(overwrites)

    def bits(target: int, kind: int) -> tuple[int, int]:
        for entry in kept:
            if int(str(entry["id"])) == target and int(entry.get("type", 0)) == kind:
                return int(str(entry.get("allow", 0))), int(str(entry.get("deny", 0)))
        return 0, 0

    allow, deny = bits(everyone_id, 0)
    perms = (base & ~deny) | allow
    role_allow = role_deny = 0
    for role in role_ids:
        a, d = bits(role, 0)
        role_allow, role_deny = role_allow | a, role_deny | d
    perms = (perms & ~role_deny) | role_allow
    allow, deny = bits(member_id, 1)
    perms = (perms & ~deny) | allow
    if not perms & VIEW_CHANNEL:
        return 0
    if not perms & SEND_MESSAGES:  # in a thread too (discord.py reckons so)
        perms &= ~_NEEDS_SEND
    if thread and not perms & SEND_MESSAGES_IN_THREADS:
        perms &= ~_NEEDS_SEND
    return perms


def refused(answer: tuple[int, int, str] = MISSING_PERMISSIONS) -> web.Response:
    status, code, message = answer
    return json_response({"message": message, "code": code}, status)


class PermissionsMixin(FakeState):
    """The guild's roles, the channels' overwrites and the threads, and the bot's
    permissions in a channel."""

    everyone_permissions: int
    bot_permissions: int
    #: Channel id -> its overwrites, as Discord sends them.
    overwrites: dict[int, list[JSON]]
    #: Thread id -> the thread (a channel object of type 11 or 12).
    threads: dict[int, dict[str, JSON]]
    dm_channels: dict[str, int]
    extra_guilds: dict[int, tuple[list[int], list[int]]]
    #: The extra guilds' channels: channel id -> guild id.
    channel_guilds: dict[int, int]

    def bot_role_id(self, guild_id: int | None = None) -> int:
        """The bot's own (managed) role in a guild."""
        return (self.guild_id if guild_id is None else guild_id) + 1

    def overwrite(
        self, channel_id: int, target: int, *, allow: int = 0, deny: int = 0, member: bool = False
    ) -> None:
        """Set a channel's overwrite for a role (the guild id: ``@everyone``) or a member.
        Set before the bot connects (the guild it receives carries it), or follow with
        :meth:`announce_channel`."""
        entries = [
            e
            for e in self.overwrites.get(channel_id, [])
            if not (int(e["id"]) == target and int(e["type"]) == (1 if member else 0))
        ]
        entries.append(overwrite_entry(target, allow, deny, member=member))
        self.overwrites[channel_id] = entries

    def withhold(self, channel_id: int, permissions: int) -> None:
        """Deny the bot's role ``permissions`` in a channel (an admin's overwrite)."""
        self.overwrite(channel_id, self.bot_role_id(self.guild_of(channel_id)), deny=permissions)

    def guild_of(self, channel_id: int) -> int:
        """The guild a channel or thread is in (the default guild for a channel it does not
        know: the load command's tables post in channels it makes up)."""
        thread = self.threads.get(channel_id)
        if thread is not None:
            return int(thread["guild_id"])
        return self.channel_guilds.get(channel_id, self.guild_id)

    def is_dm(self, channel_id: int) -> bool:
        return channel_id in self.dm_channels.values()

    def bot_permissions_in(self, channel_id: int) -> int:
        """The bot's permissions in a guild channel or thread."""
        thread = self.threads.get(channel_id)
        parent = int(thread["parent_id"]) if thread is not None else channel_id
        guild_id = self.guild_of(channel_id)
        return channel_permissions(
            self.everyone_permissions | self.bot_permissions,
            self.overwrites.get(parent, []),
            everyone_id=guild_id,
            role_ids=[self.bot_role_id(guild_id)],
            member_id=self.bot_user_id,
            thread=thread is not None,
        )

    def lacks(self, channel_id: int, *needed: int) -> web.Response | None:
        """Discord's refusal when the bot lacks one of ``needed`` in a channel (None: it has
        them all, or the channel is a DM)."""
        if self.is_dm(channel_id):
            return None
        perms = self.bot_permissions_in(channel_id)
        if not perms & VIEW_CHANNEL:
            return refused(MISSING_ACCESS)
        if any(perms & p != p for p in needed):
            return refused()
        return None

    def send_permission(self, channel_id: int) -> int:
        """What posting a message needs in this channel (a thread has its own)."""
        return SEND_MESSAGES_IN_THREADS if channel_id in self.threads else SEND_MESSAGES

    def archived_thread(self, channel_id: int) -> web.Response | None:
        """Discord's 400 for a message written in an archived thread (50083)."""
        thread = self.threads.get(channel_id)
        if thread is None or not thread["thread_metadata"]["archived"]:
            return None
        return json_response({"message": "Thread is archived", "code": 50083}, 400)

    def roles(self, guild_id: int) -> list[JSON]:
        """The guild's ``@everyone`` and the bot's managed role."""
        common = {"color": 0, "hoist": False, "mentionable": False, "flags": 0, "icon": None}
        return [
            {
                **common,
                "id": str(guild_id),
                "name": "@everyone",
                "permissions": str(self.everyone_permissions),
                "position": 0,
                "managed": False,
            },
            {
                **common,
                "id": str(self.bot_role_id(guild_id)),
                "name": "SalonBot",
                "permissions": str(self.bot_permissions),
                "position": 1,
                "managed": True,
                "tags": {"bot_id": str(self.bot_user_id)},
            },
        ]
