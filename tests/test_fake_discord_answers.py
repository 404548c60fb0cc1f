"""The fake Discord's answers to interaction callbacks and command sync, as Discord's API
description has them (issue 47, points 1-5): ``with_response`` names the interaction's own
type, an update (7) returns the message, a deferral (5) none, a second callback is refused
(40060), and synced commands come back with their permissions as a string and their
integration types as an array."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest

from tests.discord_contract import discord_contract  # noqa: F401  (the fixture)
from tests.fakediscord import FakeDiscord
from tests.test_fake_discord_permissions import STEP, TOKEN, connected

# every request the bot makes and every answer of the fake, held to Discord's description
pytestmark = pytest.mark.usefixtures("discord_contract")

BUTTON = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}


async def callback(
    fake: FakeDiscord, interaction: dict[str, Any], body: dict[str, Any]
) -> tuple[int, Any]:
    url = f"{fake.api_base}/interactions/{interaction['id']}/{interaction['token']}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json=body, params={"with_response": "true"}) as answer,
    ):
        return answer.status, await answer.json()


def posted(fake: FakeDiscord) -> dict[str, Any]:
    message = fake.message(
        str(fake.channel_id), {"components": [{"type": 1, "components": [BUTTON]}]}
    )
    fake.messages[int(message["id"])] = message
    return message


async def test_callbacks_answer_as_discord_does(monkeypatch: pytest.MonkeyPatch) -> None:
    async with connected(FakeDiscord(token=TOKEN), monkeypatch) as (fake, client):
        message = posted(fake)
        click = await fake.click(message, "go")
        status, answer = await callback(fake, click, {"type": 7, "data": {"content": "moved"}})
        assert status == 200
        assert answer["interaction"]["type"] == 3  # a click, not a command
        assert answer["resource"]["type"] == 7
        assert answer["resource"]["message"]["id"] == message["id"]
        assert answer["resource"]["message"]["content"] == "moved"
        # a second answer to the same interaction, as Discord refuses it
        status, again = await callback(fake, click, {"type": 6})
        assert (status, again["code"]) == (400, 40060)
        assert again["message"] == "Interaction has already been acknowledged."

        command = await fake.dispatch_interaction("rules")
        status, answer = await callback(fake, command, {"type": 5, "data": {"flags": 64}})
        assert status == 200 and answer["interaction"]["type"] == 2
        assert "resource" not in answer  # a deferral creates no message yet
        assert answer["interaction"]["response_message_loading"] is True

        submit = await fake.submit_modal("why", {"reason": "because"}, message=message)
        status, answer = await callback(fake, submit, {"type": 4, "data": {"content": "ok"}})
        assert status == 200 and answer["interaction"]["type"] == 5  # a modal submit
        assert answer["resource"]["message"]["content"] == "ok"
        for _ in range(3):
            await asyncio.wait_for(client.received.get(), STEP)  # discord.py parsed all three


async def test_command_sync_echoes_discord_types() -> None:
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    try:
        url = f"{fake.api_base}/applications/{fake.app_id}/guilds/{fake.guild_id}/commands"
        commands = [
            {"name": "admin", "description": "d", "default_member_permissions": 32},
            {"name": "rules", "description": "d", "integration_types": None},
        ]
        async with (
            aiohttp.ClientSession(headers={"Authorization": f"Bot {TOKEN}"}) as session,
            session.put(url, json=commands) as answer,
        ):
            synced = await answer.json()
    finally:
        await fake.close()
    assert [c["default_member_permissions"] for c in synced] == ["32", None]
    assert [c["integration_types"] for c in synced] == [[0], [0]]
