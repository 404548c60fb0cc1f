"""The fake's bot user, gateway discovery, application, application commands and application
emojis (REST handlers)."""

from __future__ import annotations

import re

from aiohttp import web

from bot.loadtest.fakediscord.common import (
    JSON,
    json_response,
)
from bot.loadtest.fakediscord.payloads import PayloadsMixin


class ApplicationsMixin(PayloadsMixin):
    """``/users/@me``, ``/gateway``, ``/applications/…`` (commands and emojis)."""

    commands: dict[int | None, list[dict[str, JSON]]]
    application_emojis: dict[str, dict[str, JSON]]

    async def _get_me(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        return json_response(self.bot_user())

    async def _get_gateway(self, request: web.Request, body: JSON) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        return json_response(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _get_application(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        return json_response(self.application())

    @staticmethod
    def _scope(request: web.Request) -> int | None:
        guild = request.match_info.get("guild_id")
        return int(guild) if guild else None

    async def _get_commands(self, request: web.Request, body: JSON) -> web.Response:
        return json_response(self.commands.get(self._scope(request), []))

    async def _put_commands(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        if request.match_info["app_id"] != str(self.app_id):
            return json_response({"message": "Unknown Application", "code": 10002}, 404)
        if not isinstance(body, list):
            return json_response({"message": "Invalid Form Body", "code": 50035}, 400)
        scope = self._scope(request)
        previous = {c["name"]: c["id"] for c in self.commands.get(scope, [])}
        stored: list[dict[str, JSON]] = []
        for command in body:
            name = command["name"]
            entry: dict[str, JSON] = {
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                **command,
                "id": previous.get(name) or str(self.snowflake()),
                "application_id": str(self.app_id),
                "version": str(self.snowflake()),
            }
            # Discord answers permissions as a decimal string and the install contexts as
            # an array (a guild install, 0, when none was asked)
            if entry["default_member_permissions"] is not None:
                entry["default_member_permissions"] = str(entry["default_member_permissions"])
            if not entry.get("integration_types"):
                entry["integration_types"] = [0]
            if scope is not None:
                entry["guild_id"] = str(scope)
            stored.append(entry)
        self.commands[scope] = stored
        await self._notify()
        return json_response(stored)

    async def _get_emojis(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        return json_response({"items": list(self.application_emojis.values())})

    async def _create_emoji(self, request: web.Request, body: JSON) -> web.Response:
        """Like Discord: a 2-32 character name, unique; a PNG, JPEG or GIF data URI."""
        if not self._authorized(request):
            return self._unauthorized()
        data = self._object(body)
        name, image = str(data.get("name", "")), str(data.get("image", ""))
        if not re.fullmatch(r"\w{2,32}", name) or name in self.application_emojis:
            return json_response({"code": 50035, "message": "Invalid Form Body"}, 400)
        if not re.match(r"data:image/(png|jpeg|gif);base64,", image):
            return json_response({"code": 50035, "message": "Invalid image"}, 400)
        emoji = {
            "id": str(self.snowflake()),
            "name": name,
            "roles": [],
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
            "user": self.user(self.bot_user_id),
        }
        self.application_emojis[name] = {**emoji, "image": image}
        await self._notify()
        return json_response(emoji, 201)
