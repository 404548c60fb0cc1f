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
from bot.loadtest.fakediscord.payloads import PayloadsMixin, numbered
from bot.loadtest.fakediscord.permissions import ATTACH_FILES, EMBED_LINKS


class MessagesMixin(PayloadsMixin):
    """Create, edit and delete channel messages; open DM channels."""

    dm_channels: dict[str, int]
    #: Embeds Discord would have dropped for want of Embed Links: (channel id, how many).
    dropped_embeds: list[tuple[int, int]]

    async def _create_dm(self, request: web.Request, body: JSON) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        recipient = str(self._object(body).get("recipient_id"))
        channel_id = self.dm_channels.setdefault(recipient, self.snowflake())
        return json_response(self.dm_channel(channel_id, int(recipient)))

    def _write_refused(
        self, channel_id: int, body: dict[str, JSON], files: list[JSON], *, post: bool
    ) -> web.Response | None:
        """Discord's refusal of a message write in a channel (None: it may go): posting
        needs to send there, a file Attach Files, a message of embeds alone Embed Links
        (Discord answers it 403; beside content or files, the embeds are dropped); an
        archived thread takes nothing."""
        needed = [self.send_permission(channel_id)] if post else []
        if files:
            needed.append(ATTACH_FILES)
        if post and body.get("embeds") and not (body.get("content") or files):
            needed.append(EMBED_LINKS)  # nothing left to post without its embeds
        refusal = self.lacks(channel_id, *needed)
        if refusal is not None:
            return refusal
        return self.archived_thread(channel_id)

    def _drop_embeds(self, channel_id: int, body: dict[str, JSON]) -> dict[str, JSON]:
        """Without Embed Links, Discord drops a bot's embeds and keeps the rest."""
        if "embeds" not in body or self.is_dm(channel_id):
            return body
        if self.bot_permissions_in(channel_id) & EMBED_LINKS:
            return body
        self.dropped_embeds.append((channel_id, len(body.get("embeds") or [])))
        return {**body, "embeds": []}

    async def _create_message(self, request: web.Request, body: JSON) -> web.Response:
        channel_id = int(request.match_info["channel_id"])
        data, files = self._object(body), self.attachments(request)
        refusal = self._write_refused(channel_id, data, files, post=True)
        if refusal is not None:
            return refusal
        message = self.message(str(channel_id), self._drop_embeds(channel_id, data))
        message["attachments"] = files
        self.messages[int(message["id"])] = message
        self._wrote("post", message)
        await self._notify()
        return json_response(message)

    async def _edit_message(self, request: web.Request, body: JSON) -> web.Response:
        channel_id = int(request.match_info["channel_id"])
        data, files = self._object(body), self.attachments(request)
        refusal = self._write_refused(channel_id, data, files, post=False)
        if refusal is not None:
            return refusal
        data = self._drop_embeds(channel_id, data)
        kept = data.get("attachments")
        if files or isinstance(kept, list):
            old = self.messages.get(int(request.match_info["message_id"]), {}).get("attachments")
            named = {str(a.get("id")) for a in kept or [] if isinstance(a, dict)}
            data = {
                **data,
                "attachments": [a for a in old or [] if str(a["id"]) in named] + files,
            }
        return await self._update_message(int(request.match_info["message_id"]), data, "edit")

    async def _delete_message(self, request: web.Request, body: JSON) -> web.Response:
        refusal = self.lacks(int(request.match_info["channel_id"]))
        if refusal is not None:
            return refusal
        message = self.messages.pop(int(request.match_info["message_id"]), None)
        if message is None:
            status, code, text = UNKNOWN_ERRORS["message"]
            return json_response({"message": text, "code": code}, status)
        self._wrote("delete", message)
        await self._notify()
        return web.Response(status=204)

    @staticmethod
    def _apply_edit(message: dict[str, JSON], body: Mapping[str, JSON]) -> None:
        for key in ("content", "embeds", "components", "flags", "attachments"):
            if key in body:
                message[key] = body[key]
        if "components" in body:
            message["components"] = numbered(body["components"])
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
