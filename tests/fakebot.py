"""The real SalonBot against tests/fakediscord.py, in this process: helpers for the
security and operations tests (log scans, command sync, shutdown)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
import yarl

from bot.app import SalonBot
from bot.config import Settings
from tests.fakediscord import FakeDiscord, InteractionResponse

TOKEN = "fake-token"
STEP = 5.0


def point_discord_at(monkeypatch: pytest.MonkeyPatch, fake: FakeDiscord) -> None:
    """discord.py's REST base and gateway at the fake server (for this test only)."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeDiscord, database: Path, **settings: Any
) -> AsyncIterator[SalonBot]:
    """A SalonBot logged in to ``fake`` and ready; closed on exit."""
    options: dict[str, Any] = {
        "token": TOKEN,
        "database": database,
        "guild_id": fake.guild_id,
        "log_level": "INFO",
        **settings,
    }
    bot = SalonBot(Settings(**options))
    bot._connection.guild_ready_timeout = 0.05
    task = asyncio.create_task(bot.start(TOKEN))
    ready = asyncio.ensure_future(bot.wait_until_ready())
    try:
        done, _ = await asyncio.wait({ready, task}, timeout=STEP, return_when="FIRST_COMPLETED")
        if task in done:
            task.result()
        assert ready in done, "the bot did not get ready"
        yield bot
    finally:
        ready.cancel()
        if not bot.is_closed():
            await bot.close()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(task, STEP)


async def command(
    fake: FakeDiscord,
    name: str,
    options: list[dict[str, Any]] | None = None,
    *,
    user_id: int | None = None,
) -> InteractionResponse:
    """Run a slash command as ``user_id`` and wait for the bot's answer."""
    user = fake.user(user_id) if user_id is not None else None
    sent = await fake.dispatch_interaction(name, options or [], user=user)
    await fake.wait_until(
        lambda: any(r.interaction_id == sent["id"] for r in fake.interaction_responses), STEP
    )
    return next(r for r in fake.interaction_responses if r.interaction_id == sent["id"])


def sub(name: str, **values: Any) -> list[dict[str, Any]]:
    """The options of a subcommand ``name`` with string/integer options ``values``."""
    inner = [
        {"name": k, "type": 4 if isinstance(v, int) else 3, "value": v} for k, v in values.items()
    ]
    return [{"name": name, "type": 1, "options": inner}]
