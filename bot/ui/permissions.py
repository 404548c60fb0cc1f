"""What the bot needs of Discord, feature by feature: the one declaration read by the
invite's permissions (:func:`bot.ops.invite_url`), the checks of ``/table create`` and
``/tournament create`` (a refusal names the permission and what it is for, before any chip
moves), the start-up sweep of cogs/lifecycle.py, and the route test
(tests/discord/test_permissions_routes.py, which maps every REST call the bot makes to the
permission Discord requires for it).

What the bot does NOT need, and why (Discord's docs, discord/discord-api-docs):

- **Read Message History**: the bot never fetches a message nor replies to one; it edits and
  deletes its own messages by id, which Discord grants their author.
- **Use External Emojis**: the card emojis are the application's own, which "do not require"
  it (Emoji resource, "Application-Owned Emoji").
- **Manage Threads**: a tournament's finished thread is archived by its creator, the bot;
  locking it too is tried, and skipped when refused.
- **Manage Messages**: the bot deletes only its own turn notices.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import discord

from bot.i18n import Message

#: Stands for Send Messages in a channel and Send Messages in Threads in a thread (Discord:
#: Send Messages has no effect in threads).
POST = "post"


class Place(Enum):
    """Where the bot works: a table's channel (or thread), a tournament's channel (whose
    tables play in threads of it), and any channel a command is answered in."""

    TABLE = "table"
    TOURNAMENT = "tournament"
    ANSWERS = "answers"


@dataclass(frozen=True)
class Need:
    """A feature: what it is for (``why``, the catalogue key a member reads: "to post the
    picture of the hands shown after each hand"), the permissions it needs, and where."""

    why: str
    flags: tuple[str, ...]
    places: frozenset[Place]


def _need(why: str, flags: tuple[str, ...], *places: Place) -> Need:
    return Need(why, flags, frozenset(places))


#: Every feature, in the order a refusal names what is missing (the first one lacking).
NEEDS: tuple[Need, ...] = (
    # see the channel: its commands' answers, its table message, anything at all
    _need("permission-for-see", ("view_channel",), Place.TABLE, Place.TOURNAMENT),
    # the table message (posted again if deleted), its seats and cards in an embed
    _need("permission-for-table", (POST, "embed_links"), Place.TABLE),
    # "your turn" notices, posted and deleted in the table's channel
    _need("permission-for-turns", (POST,), Place.TABLE),
    # the showdown: an embed with the picture of every hand shown, after each hand
    _need("permission-for-showdown", (POST, "embed_links", "attach_files"), Place.TABLE),
    # the registration message, the announcements (busts, prizes) in the tournament's channel
    _need("permission-for-tournament", ("send_messages", "embed_links"), Place.TOURNAMENT),
    # one public thread per tournament table, opened by the bot
    _need("permission-for-threads", ("create_public_threads",), Place.TOURNAMENT),
    # the tables of a tournament play in those threads: their messages and showdown pictures
    _need(
        "permission-for-thread-tables",
        ("send_messages_in_threads", "embed_links", "attach_files"),
        Place.TOURNAMENT,
    ),
    # commands' answers: pages (embeds), /rules' ranking picture, /replay's file; Discord
    # checks a follow-up (a slow answer is one) against the bot's own permissions
    _need("permission-for-answers", ("embed_links", "attach_files"), Place.ANSWERS),
)


def flags_of(need: Need, in_thread: bool) -> tuple[str, ...]:
    """The real permission names of a need where it is used (``POST`` resolved)."""
    post = "send_messages_in_threads" if in_thread else "send_messages"
    return tuple(post if f == POST else f for f in need.flags)


def needed(place: Place, in_thread: bool = False) -> list[tuple[str, Need]]:
    """Each permission the bot needs at ``place``, once, with the first feature needing it."""
    seen: dict[str, Need] = {}
    for need in NEEDS:
        if place in need.places:
            for flag in flags_of(need, in_thread):
                seen.setdefault(flag, need)
    return list(seen.items())


def missing(
    place: Place, permissions: discord.Permissions, in_thread: bool = False
) -> list[tuple[str, Need]]:
    """What the bot lacks at ``place`` with ``permissions``, in :data:`NEEDS`' order."""
    return [(f, n) for f, n in needed(place, in_thread) if not getattr(permissions, f)]


def why_of(flag: str, place: Place, in_thread: bool = False) -> Need:
    """The first feature at ``place`` needing ``flag`` (any place's if none there)."""
    for found, need in needed(place, in_thread):
        if found == flag:
            return need
    return next(n for n in NEEDS for f in (*flags_of(n, False), *flags_of(n, True)) if f == flag)


def every_flag() -> frozenset[str]:
    """Every permission a feature needs somewhere (``POST`` as both)."""
    return frozenset(f for n in NEEDS for t in (False, True) for f in flags_of(n, t))


def invite_permissions() -> discord.Permissions:
    """The invite's permissions: every feature's, and nothing more."""
    return discord.Permissions(**dict.fromkeys(every_flag(), True))


def lacking(flag: str, need: Need) -> dict[str, Message]:
    """The catalogue arguments naming a missing permission: ``p`` its name, ``why`` what
    the bot needs it for."""
    return {"p": Message.of("permission-name", flag=flag), "why": Message.of(need.why)}


def allows(guild: discord.Guild | None, channel_id: int, flag: str) -> bool:
    """Whether the bot's permissions in a channel or thread, as the cache has them, include
    ``flag`` (True when the cache cannot tell: the request itself then answers)."""
    place = guild.get_channel_or_thread(channel_id) if guild is not None else None
    me = guild.me if guild is not None else None
    if place is None or me is None:
        return True
    return bool(getattr(place.permissions_for(me), flag))
