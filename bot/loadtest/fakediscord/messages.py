"""The fake's channel messages and DM channels (REST handlers)."""

from __future__ import annotations

from collections.abc import Mapping

from aiohttp import web

from bot.loadtest.fakediscord.common import (
    JSON,
    UNKNOWN_ERRORS,
    _now,
    json_response,
)
from bot.loadtest.fakediscord.payloads import PayloadsMixin


class MessagesMixin(PayloadsMixin):
    """Create, edit and delete channel messages; open DM channels."""

    dm_channels: dict[str, int]

    async def _create_dm(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        recipient = str(self._object(body).get("recipient_id"))
        channel_id = self.dm_channels.setdefault(recipient, self.snowflake())
        return json_response(
            {
                "id": str(channel_id),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.user(int(recipient))],
            }
        )

    async def _create_message(self, request: web.Request, body: JSON) -> web.Response:
        message = self.message(request.match_info["channel_id"], self._object(body))
        self.messages[int(message["id"])] = message
        self._wrote("post", message)
        await self._notify()
        return json_response(message)

    async def _edit_message(self, request: web.Request, body: JSON) -> web.Response:
        return await self._update_message(
            int(request.match_info["message_id"]), self._object(body), "edit"
        )

    async def _delete_message(self, request: web.Request, body: JSON) -> web.Response:
        message = self.messages.pop(int(request.match_info["message_id"]), None)
        if message is None:
            status, code, text = UNKNOWN_ERRORS["message"]
            return json_response({"message": text, "code": code}, status)
        self._wrote("delete", message)
        await self._notify()
        return web.Response(status=204)

    @staticmethod
    def _apply_edit(message: dict[str, JSON], body: Mapping[str, JSON]) -> None:
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                message[key] = body[key]
        message["edited_timestamp"] = _now()

    async def _update_message(
        self, message_id: int, body: dict[str, JSON], kind: str = "edit"
    ) -> web.Response:
        message = self.messages.get(message_id)
        if message is None:
            status, code, text = UNKNOWN_ERRORS["message"]
            return json_response({"message": text, "code": code}, status)
        self._apply_edit(message, body)
        self._wrote(kind, message)
        await self._notify()
        return json_response(message)
