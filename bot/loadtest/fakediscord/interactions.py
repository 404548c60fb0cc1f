"""Interactions in the fake: dispatching slash commands and clicks, their callbacks, the
interaction webhooks (follow-ups, ``@original`` edits) and their deadlines."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence

from aiohttp import web

from bot.loadtest.fakediscord.common import (
    ALL_PERMISSIONS,
    JSON,
    MESSAGE_CALLBACKS,
    UNKNOWN_ERRORS,
    UPDATE_CALLBACKS,
    InteractionResponse,
    custom_ids,
    json_response,
)
from bot.loadtest.fakediscord.gateway import GatewayMixin
from bot.loadtest.fakediscord.messages import MessagesMixin


class InteractionsMixin(GatewayMixin, MessagesMixin):
    """Interactions and their webhooks."""

    commands: dict[int | None, list[dict[str, JSON]]]
    interaction_deadline: float | None
    interaction_responses: list[InteractionResponse]
    interactions: dict[str, tuple[str, str | None, float]]
    _tokens: dict[str, str]
    #: Interaction id -> its type (2 a command, 3 a component, 5 a modal submit).
    interaction_types: dict[str, int]
    _originals: dict[str, str]
    _answered_ids: set[str]
    callback_attempts: dict[str, float]
    late_interactions: list[str]
    token_lifetime: float

    def _interaction_channel(self, interaction_id: str) -> str:
        context = self.interactions.get(interaction_id)
        return context[0] if context is not None else str(self.channel_id)

    async def _callback(self, request: web.Request, body: JSON) -> web.Response:
        body = self._object(body)
        interaction_id = request.match_info["interaction_id"]
        self.callback_attempts.setdefault(interaction_id, time.monotonic())
        context = self.interactions.get(interaction_id)
        if (
            context is not None
            and self.interaction_deadline is not None
            and time.monotonic() - context[2] > self.interaction_deadline
        ):
            self.late_interactions.append(interaction_id)
            status, code, text = UNKNOWN_ERRORS["interaction"]
            return json_response({"message": text, "code": code}, status)
        if interaction_id in self._answered_ids:
            return json_response(
                {"message": "Interaction has already been acknowledged.", "code": 40060}, 400
            )
        response = InteractionResponse(
            interaction_id=interaction_id,
            token=request.match_info["token"],
            type=int(body.get("type", 0)),
            data=dict(body.get("data") or {}),
            at=time.monotonic(),
        )
        self.interaction_responses.append(response)
        self._answered_ids.add(interaction_id)
        channel_id = self._interaction_channel(interaction_id)
        kind = self.interaction_types.get(interaction_id, 2)
        interaction: dict[str, JSON] = {"id": interaction_id, "type": kind}
        result: dict[str, JSON] = {"interaction": interaction}
        if response.type in MESSAGE_CALLBACKS:
            message = self.message(channel_id, response.data, message_type=20)
            self.messages[int(message["id"])] = message
            self._originals[interaction_id] = str(message["id"])
            self._wrote("callback", message)
            flags = int(response.data.get("flags") or 0)
            interaction.update(
                response_message_id=message["id"],
                response_message_loading=response.type == 5,
                response_message_ephemeral=bool(flags & 64),
            )
            if response.type == 4:  # a deferral's resource has no message (and no schema)
                result["resource"] = {"type": response.type, "message": message}
        elif response.type in UPDATE_CALLBACKS and context is not None and context[1]:
            self._originals[interaction_id] = context[1]
            target = self.messages.get(int(context[1]))
            if target is not None and response.type == 7:
                self._apply_edit(target, response.data)
                self._wrote("update", target)
                result["resource"] = {"type": 7, "message": target}
        await self._notify()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(result)

    def _token_expired(self, token: str) -> web.Response | None:
        """Discord's answer to an interaction token past its lifetime (None: still valid)."""
        interaction = self.interactions.get(self._tokens.get(token, ""))
        if interaction is None or time.monotonic() - interaction[2] < self.token_lifetime:
            return None
        return json_response({"message": "Invalid Webhook Token", "code": 50027}, status=401)

    async def _followup(self, request: web.Request, body: JSON) -> web.Response:
        expired = self._token_expired(request.match_info["token"])
        if expired is not None:
            return expired
        interaction_id = self._tokens.get(request.match_info["token"], "")
        message = self.message(
            self._interaction_channel(interaction_id), self._object(body), message_type=20
        )
        self.messages[int(message["id"])] = message
        self._wrote("followup", message)
        await self._notify()
        return json_response(message)

    async def _edit_webhook(self, request: web.Request, body: JSON) -> web.Response:
        expired = self._token_expired(request.match_info["token"])
        if expired is not None:
            return expired
        target = request.match_info["message_id"]
        if target == "@original":
            interaction_id = self._tokens.get(request.match_info["token"], "")
            original = self._originals.get(interaction_id)
            if original is None:
                # the latest message created by an interaction response stands for it
                candidates = [m for m in self.messages.values() if m["type"] == 20]
                if not candidates:
                    return await self._unknown(request, body)
                original = str(candidates[-1]["id"])
            target = original
        return await self._update_message(int(target), self._object(body), "webhook-edit")

    def _interaction_base(
        self,
        kind: int,
        data: dict[str, JSON],
        *,
        user: dict[str, JSON] | None,
        guild_id: int | None,
        channel_id: int | None,
    ) -> dict[str, JSON]:
        guild = self.guild_id if guild_id is None else guild_id
        channel = self.threads.get(channel_id or 0) or self.text_channel(channel_id, guild)
        interaction_id = self.snowflake()
        app_permissions = str(self.bot_permissions_in(int(str(channel["id"]))))
        return {
            "id": str(interaction_id),
            "application_id": str(self.app_id),
            "type": kind,
            "token": f"interaction-token-{interaction_id}",
            "version": 1,
            "guild_id": str(guild),
            "channel_id": channel["id"],
            "channel": {**channel, "permissions": ALL_PERMISSIONS},
            "member": self.member(user or self.user(), permissions=True),
            "data": data,
            "app_permissions": app_permissions,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }

    async def _send_interaction(self, payload: dict[str, JSON], message_id: str | None) -> None:
        interaction_id = str(payload["id"])
        self.interactions[interaction_id] = (
            str(payload["channel_id"]),
            message_id,
            time.monotonic(),
        )
        self._tokens[str(payload["token"])] = interaction_id
        self.interaction_types[interaction_id] = int(payload["type"])
        await self.dispatch("INTERACTION_CREATE", payload)

    async def dispatch_interaction(
        self,
        name: str,
        options: Sequence[dict[str, JSON]] = (),
        *,
        user: dict[str, JSON] | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> dict[str, JSON]:
        """Send an INTERACTION_CREATE for the slash command ``name``; return its payload.

        ``options`` are Discord's option objects, e.g. ``{"name": "game", "type": 3,
        "value": "brelan"}``. The command id is the one given at the latest sync.
        """
        synced = self.commands.get(self.guild_id, []) + self.commands.get(None, [])
        command = next((c for c in synced if c["name"] == name), None)
        command_id = command["id"] if command else str(self.snowflake())
        data: dict[str, JSON] = {"id": command_id, "name": name, "type": 1}
        if options:
            data["options"] = list(options)
        if command is not None and "guild_id" in command and guild_id in (None, self.guild_id):
            data["guild_id"] = command["guild_id"]
        payload = self._interaction_base(
            2, data, user=user, guild_id=guild_id, channel_id=channel_id
        )
        await self._send_interaction(payload, None)
        return payload

    async def click(
        self,
        message: Mapping[str, JSON],
        custom_id: str,
        *,
        user: dict[str, JSON] | None = None,
        guild_id: int | None = None,
        values: Sequence[str] | None = None,
    ) -> dict[str, JSON]:
        """Send an INTERACTION_CREATE for a click on the component ``custom_id`` of
        ``message`` (a select menu when ``values`` are given); return its payload.

        ``message`` is the message as the member's client shows it (it may be behind the
        one the fake holds now: a stale button). Discord only sends clicks on components the
        message has (and discord.py ignores any other), so a custom id that is not on it is
        refused here with ``ValueError``."""
        if custom_id not in self.custom_ids(message):
            raise ValueError(f"{custom_id!r} is not a component of message {message.get('id')}")
        data: dict[str, JSON] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data.update(component_type=3, values=list(values))
        payload = self._interaction_base(
            3,
            data,
            user=user,
            guild_id=guild_id,
            channel_id=int(str(message["channel_id"])),
        )
        payload["message"] = json.loads(json.dumps(message))
        await self._send_interaction(payload, str(message["id"]))
        return payload

    async def submit_modal(
        self,
        custom_id: str,
        fields: Mapping[str, str],
        *,
        user: dict[str, JSON] | None = None,
        channel_id: int | None = None,
        message: Mapping[str, JSON] | None = None,
    ) -> dict[str, JSON]:
        """Send an INTERACTION_CREATE for a modal's submit (type 5): its text inputs'
        ``fields`` (custom id -> value); ``message``: the message whose button opened it."""
        rows: list[JSON] = [
            {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
            for k, v in fields.items()
        ]
        payload = self._interaction_base(
            5,
            {"custom_id": custom_id, "components": rows},
            user=user,
            guild_id=None,
            channel_id=channel_id,
        )
        if message is not None:
            payload["message"] = json.loads(json.dumps(message))
        await self._send_interaction(payload, str(message["id"]) if message else None)
        return payload

    def custom_ids(self, message: Mapping[str, JSON]) -> list[str]:
        """Every component custom id of a message, in order."""
        return custom_ids(message)
