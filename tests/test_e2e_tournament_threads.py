"""A tournament sit-and-go end to end with the real client (SalonBot) against the fake
Discord as a strict server (only the invite's permissions): its table's thread opens, the
member plays there by ``/act`` (until one player has every chip, or a manager calls it off
after three moves), and the thread is archived, not locked (the invite does not ask for
Manage Threads: the lock is refused, the archive alone goes through). Every answer of the
fake fits Discord's API description, every chip is accounted for, nothing is logged as an
error."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
import yarl

from bot.app import SalonBot
from bot.config import Settings
from tests.discord_contract import discord_contract  # noqa: F401  (the fixture)
from tests.fakediscord import FakeDiscord, strict_fake
from tests.test_e2e_deploy import WILLING, command
from tests.test_ops_process import BOB, TOKEN, hand_row

# every request the bot makes and every answer of the fake, held to Discord's description
pytestmark = pytest.mark.usefixtures("discord_contract")

STEP = 10.0


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    server = strict_fake(token=TOKEN)
    await server.start()
    monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
    )
    # hands follow a second apart (0 would not do: the spec then leaves the table's 5 s)
    monkeypatch.setattr("cogs.tournaments.CREATE_NEXT_HAND_DELAY", 1)
    try:
        yield server
    finally:
        await server.close()


async def until(fake: FakeDiscord, predicate: object, what: str, timeout: float = STEP) -> None:
    try:
        await fake.wait_until(predicate, timeout)  # type: ignore[arg-type]
    except TimeoutError:
        pytest.fail(f"timed out waiting for {what}")


def archived(fake: FakeDiscord, thread_id: int) -> bool:
    return bool(fake.threads[thread_id]["thread_metadata"]["archived"])


def answered(fake: FakeDiscord, interaction: dict[str, Any]) -> Callable[[], bool]:
    """Whether the fake has the first answer to this interaction."""
    return lambda: str(interaction["id"]) in fake._answered_ids


async def bob_plays(fake: FakeDiscord, database: Path, thread_id: int) -> bool:
    """If it is Bob's turn, he plays in the thread (all in when he may open): True."""
    try:
        _, _, _, pending = hand_row(database)
    except TypeError:
        return False  # between two hands
    if int(pending.get("to_act") or 0) != BOB:
        return False
    legal = pending["legal"]
    move = next(m for v in ("open", *WILLING) for m in legal if m["verb"] == v)
    options = [{"name": "verb", "type": 3, "value": move["verb"]}]
    amount = move.get("max", move.get("amount"))
    if amount is not None:
        options.append({"name": "amount", "type": 3, "value": str(amount)})
    played = await fake.dispatch_interaction(
        "act", options, user=fake.user(BOB), channel_id=thread_id
    )
    await until(fake, answered(fake, played), "Bob's move")
    return True


async def test_a_sit_and_go_plays_in_its_thread_to_the_results(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    database = tmp_path / "salon.sqlite3"
    bot = SalonBot(
        Settings(token=TOKEN, database=database, guild_id=fake.guild_id, log_level="INFO")
    )
    bot._connection.guild_ready_timeout = 0.05
    caplog.set_level(logging.WARNING)
    task = asyncio.create_task(bot.start(TOKEN))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), STEP)
        bot.manager.house_pause = 0.05
        bob = fake.user(BOB)
        sent = await fake.dispatch_interaction(
            "tournament",
            command("create", game="brelan", seats=2, buy_in=0, house=1, chips=4),
            user=fake.user(BOB + 1),
        )
        await until(fake, lambda: sent["id"] in fake._answered_ids, "the tournament message")
        message = next(
            m
            for m in fake.messages.values()
            if any(c.endswith(":register") for c in fake.custom_ids(m))
        )
        button = next(c for c in fake.custom_ids(message) if c.endswith(":register"))
        await fake.click(message, button, user=bob)
        await until(fake, lambda: bool(fake.threads), "the table's thread")
        (thread_id,) = fake.threads

        # Bob plays in the thread until the tournament is over (his thread archived)
        moves = 0
        try:
            async with asyncio.timeout(20):
                while moves < 3 and not archived(fake, thread_id):
                    await asyncio.sleep(0.05)
                    if await bob_plays(fake, database, thread_id):
                        moves += 1
                if not archived(fake, thread_id):  # not over yet: a manager calls it off
                    await fake.dispatch_interaction("tournament", command("cancel"), user=bob)
                while not archived(fake, thread_id):
                    await asyncio.sleep(0.05)
        except TimeoutError:
            async with bot.db.read() as tx:
                status = (await tx.get_tournament(1)).status
            pytest.fail(f"the tournament is {status} after {moves} moves of Bob's")
        thread = fake.threads[thread_id]
        assert thread["parent_id"] == str(fake.channel_id)
        assert thread["thread_metadata"]["archived"] and not thread["thread_metadata"]["locked"]
        assert any(m["channel_id"] == str(thread_id) for m in fake.messages.values())
        async with bot.db.read() as tx:
            census = await tx.chip_census(fake.guild_id)
            tournament = await tx.get_tournament(1)
        assert census.balanced
        assert tournament.status in ("finished", "cancelled")
    finally:
        await bot.close()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(task, STEP)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []
    # the lock was refused (no Manage Threads), the archive alone went through
    patches = [
        r for r in fake.rest_requests if r.method == "PATCH" and r.route.endswith(str(thread_id))
    ]
    assert [r.json for r in patches] == [{"archived": True, "locked": True}, {"archived": True}]
