"""Discord's objects as the fake sends them: users, members, channels, guilds, the
application and messages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from aiohttp import web

from bot.loadtest.fakediscord.common import (
    ALL_PERMISSIONS,
    FILES_KEY,
    JSON,
    _now,
)
from bot.loadtest.fakediscord.permissions import PermissionsMixin


def numbered(components: JSON) -> list[JSON]:
    """A message's components as Discord answers them: each one given an ``id`` (1, 2, …
    in order) when the request left it out."""
    taken = set()
    count = 0

    def walk(items: JSON, number: bool) -> list[JSON]:
        nonlocal count
        out: list[JSON] = []
        for item in items or []:
            if not isinstance(item, dict):
                out.append(item)
                continue
            item = dict(item)
            if number and "id" not in item:
                count += 1
                while count in taken:
                    count += 1
                item["id"] = count
            elif not number and isinstance(item.get("id"), int):
                taken.add(item["id"])
            if "components" in item:
                item["components"] = walk(item["components"], number)
            out.append(item)
        return out

    walk(components, False)
    return walk(components, True)


class PayloadsMixin(PermissionsMixin):
    """The JSON objects of the fake's users, members, channels, guilds and messages."""

    extra_guilds: dict[int, tuple[list[int], list[int]]]
    #: The extra guilds' channels: channel id -> guild id.
    channel_guilds: dict[int, int]

    def bot_user(self) -> dict[str, JSON]:
        return {
            "id": str(self.bot_user_id),
            "username": "SalonBot",
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": True,
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
            "flags": 0,
            "public_flags": 0,
            "primary_guild": None,
        }

    def user(self, user_id: int | None = None, name: str = "player") -> dict[str, JSON]:
        uid = self.user_id if user_id is None else user_id
        return {
            "id": str(uid),
            "username": f"{name}{uid % 1000}",
            "discriminator": "0",
            "global_name": name.capitalize(),
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }

    def member(
        self, user: dict[str, JSON], *, permissions: bool = False, roles: list[str] | None = None
    ) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "user": user,
            "roles": roles or [],
            "joined_at": _now(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
        }
        if permissions:
            data["permissions"] = ALL_PERMISSIONS
        return data

    def text_channel(
        self, channel_id: int | None = None, guild_id: int | None = None
    ) -> dict[str, JSON]:
        channel = self.channel_id if channel_id is None else channel_id
        return {
            "id": str(channel),
            "type": 0,
            "guild_id": str(self.guild_id if guild_id is None else guild_id),
            "name": "salon",
            "position": 0,
            "permission_overwrites": list(self.overwrites.get(channel, [])),
            "flags": 0,
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def dm_channel(self, channel_id: int, recipient: int) -> dict[str, JSON]:
        """The bot's DM channel with a member."""
        return {
            "id": str(channel_id),
            "type": 1,
            "flags": 0,
            "last_message_id": None,
            "recipients": [self.user(recipient)],
        }

    def add_guild(
        self, guild_id: int, channel_ids: Sequence[int], member_ids: Sequence[int] = ()
    ) -> None:
        """Another guild the bot is in (sent at each IDENTIFY): its text channels and members."""
        self.extra_guilds[guild_id] = (list(channel_ids), list(member_ids))
        self.channel_guilds.update(dict.fromkeys(channel_ids, guild_id))

    def guild_ids(self) -> list[int]:
        return [self.guild_id, *self.extra_guilds]

    def guild(self, guild_id: int | None = None) -> dict[str, JSON]:
        if guild_id is None or guild_id == self.guild_id:
            guild_id, channels, members = self.guild_id, [self.channel_id], [self.user_id]
        else:
            channels, members = self.extra_guilds[guild_id]
        return {
            "id": str(guild_id),
            "name": "Fake salon",
            "icon": None,
            "owner_id": str(members[0] if members else self.user_id),
            "unavailable": False,
            "large": False,
            "member_count": 1 + len(members),
            "joined_at": _now(),
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": self.roles(guild_id),
            "channels": [self.text_channel(c, guild_id) for c in channels],
            "threads": [
                t
                for t in self.threads.values()
                if t["guild_id"] == str(guild_id) and not t["thread_metadata"]["archived"]
            ],
            "members": [self.member(self.bot_user(), roles=[str(self.bot_role_id(guild_id))])]
            + [self.member(self.user(u)) for u in members],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "preferred_locale": "en-US",
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
        }

    def application(self) -> dict[str, JSON]:
        return {
            "id": str(self.app_id),
            "name": "SalonBot",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.user(),
            "verify_key": "0" * 64,
            "type": None,
            "flags": 0,
            "flags_new": "0",
            "redirect_uris": [],
            "role_connections_verification_url": None,
            "approximate_guild_count": len(self.guild_ids()),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
            "team": None,
            "interactions_endpoint_url": None,
            "bot": self.bot_user(),
        }

    def attachments(self, request: web.Request) -> list[JSON]:
        """The files of a multipart request as Discord's attachment objects."""
        found: list[JSON] = []
        for filename, content_type, size in request.get(FILES_KEY, ()):
            attachment_id = self.snowflake()
            url = f"{self.base_url}/attachments/{attachment_id}/{filename}"
            found.append(
                {
                    "id": str(attachment_id),
                    "filename": filename,
                    "size": size,
                    "url": url,
                    "proxy_url": url,
                    "content_type": content_type,
                }
            )
        return found

    def message(
        self,
        channel_id: str,
        body: Mapping[str, JSON],
        *,
        message_type: int = 0,
        author: dict[str, JSON] | None = None,
    ) -> dict[str, JSON]:
        return {
            "id": str(self.snowflake()),
            "channel_id": channel_id,
            "author": author or self.bot_user(),
            "content": body.get("content") or "",
            "timestamp": _now(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": list(body.get("embeds") or []),
            "components": numbered(body.get("components")),
            "pinned": False,
            "type": message_type,
            "flags": int(body.get("flags") or 0),
        }
