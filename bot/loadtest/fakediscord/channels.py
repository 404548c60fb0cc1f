"""The fake's channels and threads (REST handlers): read a channel, modify it (a thread's
name, archiving and locking), open a thread, read a message, react. Each answer is shaped as
Discord's API description has it (``GuildChannelResponse``, ``ThreadResponse``), each change
is dispatched on the gateway (``THREAD_CREATE``, ``THREAD_UPDATE``, ``CHANNEL_UPDATE``) and
each request is held against the bot's permissions in the channel."""

from __future__ import annotations

from aiohttp import web

from bot.loadtest.fakediscord.common import JSON, UNKNOWN_ERRORS, _now, json_response
from bot.loadtest.fakediscord.gateway import GatewayMixin
from bot.loadtest.fakediscord.permissions import (
    ADD_REACTIONS,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    MANAGE_CHANNELS,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
)

#: Discord's thread archive durations (minutes).
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)

#: What a thread's owner may change without Manage Threads (Discord's threads FAQ: the
#: creator may rename and archive its thread; unarchiving needs only Send Messages).
OWNER_MAY = frozenset({"name", "archived", "auto_archive_duration"})


def unknown(kind: str) -> web.Response:
    status, code, text = UNKNOWN_ERRORS[kind]
    return json_response({"message": text, "code": code}, status)


def invalid_form(field: str, message: str) -> web.Response:
    """Discord's 400 for a body that does not fit (50035, the field named)."""
    return json_response(
        {
            "message": "Invalid Form Body",
            "code": 50035,
            "errors": {field: {"_errors": [{"code": "BASE_TYPE_INVALID", "message": message}]}},
        },
        400,
    )


class ChannelsMixin(GatewayMixin):
    """``/channels/{id}`` (GET, PATCH), ``/channels/{id}/threads``,
    ``/channels/{id}/messages/{mid}/threads``, ``GET /channels/{id}/messages/{mid}`` and
    the bot's own reactions."""

    def known_channel(self, channel_id: int) -> dict[str, JSON] | None:
        """A guild text channel or thread as Discord would answer it (None: unknown)."""
        if channel_id in self.threads:
            return self.threads[channel_id]
        if channel_id == self.channel_id or channel_id in self.channel_guilds:
            return self.text_channel(channel_id, self.guild_of(channel_id))
        recipient = next((u for u, c in self.dm_channels.items() if c == channel_id), None)
        if recipient is not None:
            return self.dm_channel(channel_id, int(recipient))
        return None

    def thread_object(
        self, parent_id: int, name: str, *, kind: int, auto_archive: int, message_id: int | None
    ) -> dict[str, JSON]:
        thread_id = message_id if message_id is not None else self.snowflake()
        now = _now()
        return {
            "id": str(thread_id),
            "type": kind,
            "guild_id": str(self.guild_of(parent_id)),
            "parent_id": str(parent_id),
            "owner_id": str(self.bot_user_id),
            "name": name,
            "last_message_id": None,
            "last_pin_timestamp": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "thread_metadata": {
                "archived": False,
                "archive_timestamp": now,
                "auto_archive_duration": auto_archive,
                "locked": False,
                "create_timestamp": now,
                **({"invitable": True} if kind == PRIVATE_THREAD else {}),
            },
            "member": {
                "id": str(thread_id),
                "user_id": str(self.bot_user_id),
                "join_timestamp": now,
                "flags": 1,
            },
        }

    async def announce_channel(self, channel_id: int) -> None:
        """Tell the client a channel changed (its overwrites: after :meth:`overwrite` or
        :meth:`withhold` once connected), as Discord does with ``CHANNEL_UPDATE``."""
        channel = self.known_channel(channel_id)
        assert channel is not None, f"no channel {channel_id}"
        await self.dispatch(
            "THREAD_UPDATE" if channel_id in self.threads else "CHANNEL_UPDATE", channel
        )

    async def _get_channel(self, request: web.Request, body: JSON) -> web.Response:
        channel_id = int(request.match_info["channel_id"])
        channel = self.known_channel(channel_id)
        if channel is None:
            return unknown("channel")
        refusal = self.lacks(channel_id)
        if refusal is not None:
            return refusal
        return json_response(channel)

    async def _start_thread(self, request: web.Request, body: JSON) -> web.Response:
        """``POST /channels/{id}/threads`` and ``…/messages/{mid}/threads``."""
        parent_id = int(request.match_info["channel_id"])
        if parent_id in self.threads or self.known_channel(parent_id) is None:
            return unknown("channel")
        data = self._object(body)
        message = request.match_info.get("message_id")
        kind = int(data.get("type") or PUBLIC_THREAD) if message is None else PUBLIC_THREAD
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            return invalid_form("type", "Value must be one of {11, 12}.")
        name = str(data.get("name") or "")
        if not 1 <= len(name) <= 100:
            return invalid_form("name", "Must be between 1 and 100 in length.")
        auto_archive = int(data.get("auto_archive_duration") or 4320)
        if auto_archive not in ARCHIVE_DURATIONS:
            return invalid_form(
                "auto_archive_duration", f"Value must be one of {ARCHIVE_DURATIONS}."
            )
        needed = CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        refusal = self.lacks(parent_id, needed)
        if refusal is not None:
            return refusal
        if message is not None and int(message) not in self.messages:
            return unknown("message")
        thread = self.thread_object(
            parent_id,
            name,
            kind=kind,
            auto_archive=auto_archive,
            message_id=int(message) if message is not None else None,
        )
        self.threads[int(thread["id"])] = thread
        if self.current_session is not None or self.identified is not None:
            await self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        await self._notify()
        return json_response(thread, 201)

    async def _edit_channel(self, request: web.Request, body: JSON) -> web.Response:
        """``PATCH /channels/{id}``: a thread's name, archiving, locking (a text channel's
        settings need Manage Channels; only its name and topic are kept here)."""
        channel_id = int(request.match_info["channel_id"])
        data = self._object(body)
        thread = self.threads.get(channel_id)
        if thread is None:
            if self.known_channel(channel_id) is None:
                return unknown("channel")
            refusal = self.lacks(channel_id, MANAGE_CHANNELS)
            if refusal is not None:
                return refusal
            channel = self.text_channel(channel_id, self.guild_of(channel_id))
            channel.update({k: data[k] for k in ("name", "topic") if k in data})
            await self.dispatch("CHANNEL_UPDATE", channel)
            return json_response(channel)
        refusal = self.lacks(channel_id, *self._thread_edit_needs(thread, data))
        if refusal is not None:
            return refusal
        meta = thread["thread_metadata"]
        if "name" in data:
            thread["name"] = str(data["name"])
        for key in ("archived", "locked", "auto_archive_duration"):
            if key in data:
                meta[key] = data[key]
        if "archived" in data:
            meta["archive_timestamp"] = _now()
        await self.dispatch("THREAD_UPDATE", thread)
        await self._notify()
        return json_response(thread)

    def _thread_edit_needs(self, thread: dict[str, JSON], data: dict[str, JSON]) -> list[int]:
        """What modifying a thread needs (docs, "Modify Channel", thread): unarchiving an
        unlocked thread needs only to send there; its owner may rename and archive it;
        anything else (locking, unlocking, reopening a locked thread) Manage Threads."""
        meta = thread["thread_metadata"]
        locked = bool(data.get("locked", meta["locked"]))
        if set(data) <= {"archived", "locked"} and data.get("archived") is False and not locked:
            return [self.send_permission(int(thread["id"]))]
        owner = str(thread["owner_id"]) == str(self.bot_user_id)
        if owner and set(data) <= OWNER_MAY and not (meta["locked"] and "archived" in data):
            return []
        return [MANAGE_THREADS]

    async def _get_message(self, request: web.Request, body: JSON) -> web.Response:
        channel_id = int(request.match_info["channel_id"])
        refusal = self.lacks(channel_id, READ_MESSAGE_HISTORY)
        if refusal is not None:
            return refusal
        message = self.messages.get(int(request.match_info["message_id"]))
        if message is None or str(message["channel_id"]) != str(channel_id):
            return unknown("message")
        return json_response(message)

    async def _add_reaction(self, request: web.Request, body: JSON) -> web.Response:
        channel_id = int(request.match_info["channel_id"])
        refusal = self.lacks(channel_id, READ_MESSAGE_HISTORY, ADD_REACTIONS)
        if refusal is not None:
            return refusal
        message = self.messages.get(int(request.match_info["message_id"]))
        if message is None:
            return unknown("message")
        emoji = request.match_info["emoji"]
        reactions = message.setdefault("reactions", [])
        if not any(r.get("emoji", {}).get("name") == emoji for r in reactions):
            reactions.append({"count": 1, "me": True, "emoji": {"id": None, "name": emoji}})
        await self._notify()
        return web.Response(status=204)
