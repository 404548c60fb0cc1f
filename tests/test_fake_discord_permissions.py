"""The fake Discord as a strict server: the bot's permissions in a channel come from the
guild's roles and the channel's overwrites, discord.py reads the same ones
(``permissions_for(guild.me)``, ``interaction.app_permissions``), and a request lacking one
is refused as Discord refuses it (403, code 50013). Its threads, channel routes and
interaction callbacks answer as Discord's API description has them.

A plain discord.py client (not the bot) makes the requests, so each refusal is the fake's."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator

import discord
import discord.gateway
import discord.http
import pytest
import yarl

from bot.loadtest.fakediscord import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)
from tests.discord_contract import discord_contract  # noqa: F401  (the fixture)
from tests.fakediscord import STRICT_PERMISSIONS, FakeDiscord, strict_fake

# every request the bot makes and every answer of the fake, held to Discord's description
pytestmark = pytest.mark.usefixtures("discord_contract")

TOKEN = "fake-token"
STEP = 5.0


class Client(discord.Client):
    """Keeps the interactions it receives; answers none by itself."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self._connection.guild_ready_timeout = 0.05
        self.received: asyncio.Queue[discord.Interaction] = asyncio.Queue()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.received.put(interaction)


@contextlib.asynccontextmanager
async def connected(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[FakeDiscord, Client]]:
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    client = Client()
    task = asyncio.create_task(client.start(TOKEN))
    try:
        await asyncio.wait_for(client.wait_until_ready(), STEP)
        yield fake, client
    finally:
        await client.close()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(task, STEP)
        await fake.close()


def channel_of(fake: FakeDiscord, client: Client) -> discord.TextChannel:
    channel = client.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def refused(call: object) -> discord.HTTPException:
    with pytest.raises(discord.HTTPException) as caught:
        await call  # type: ignore[misc]
    return caught.value


def picture() -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG fake"), "showdown.png")


async def test_a_strict_server_refuses_what_the_bot_was_not_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = strict_fake(withheld=ATTACH_FILES | CREATE_PUBLIC_THREADS | EMBED_LINKS)
    async with connected(fake, monkeypatch) as (fake, client):
        channel = channel_of(fake, client)
        guild = channel.guild
        # discord.py reads the same permissions from the guild it was sent
        mine = channel.permissions_for(guild.me)
        assert mine.value == fake.bot_permissions_in(fake.channel_id)
        assert mine.send_messages and not mine.attach_files and not mine.create_public_threads

        posted = await channel.send("hello", embed=discord.Embed(title="table"))
        assert posted.content == "hello" and posted.embeds == []  # Discord drops them
        assert fake.dropped_embeds == [(fake.channel_id, 1)]
        error = await refused(channel.send(embed=discord.Embed(title="table")))
        assert (error.status, error.code) == (403, 50013)  # embeds alone: refused
        error = await refused(channel.send("the showdown", file=picture()))
        assert (error.status, error.code, error.text) == (403, 50013, "Missing Permissions")
        error = await refused(
            channel.create_thread(name="Table 1", type=discord.ChannelType.public_thread)
        )
        assert (error.status, error.code) == (403, 50013)
        # its own messages: edited and deleted with no further permission
        await posted.edit(content="edited")
        await posted.delete()
        assert int(posted.id) not in fake.messages


async def test_an_overwrite_takes_away_what_the_role_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = strict_fake()
    hidden = fake.snowflake()
    fake.add_guild(fake.guild_id + 10, [hidden], [fake.user_id])
    fake.withhold(fake.channel_id, SEND_MESSAGES)
    fake.withhold(hidden, VIEW_CHANNEL)
    async with connected(fake, monkeypatch) as (fake, client):
        channel = channel_of(fake, client)
        mine = channel.permissions_for(channel.guild.me)
        assert mine.value == fake.bot_permissions_in(fake.channel_id)
        assert not mine.send_messages and not mine.embed_links  # implicitly gone with it
        error = await refused(channel.send("hello"))
        assert (error.status, error.code) == (403, 50013)
        other = client.get_channel(hidden)
        assert isinstance(other, discord.TextChannel)
        assert other.permissions_for(other.guild.me).value == 0
        error = await refused(other.send("hello"))
        assert (error.status, error.code, error.text) == (403, 50001, "Missing Access")
        error = await refused(client.fetch_channel(hidden))
        assert error.code == 50001
        # the interaction tells the permissions the fake enforces in its channel
        await fake.dispatch_interaction("rules")
        interaction = await asyncio.wait_for(client.received.get(), STEP)
        assert interaction.app_permissions.value == fake.bot_permissions_in(fake.channel_id)
        assert not interaction.app_permissions.send_messages


async def test_a_thread_opens_is_written_in_archived_and_reopened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with connected(strict_fake(), monkeypatch) as (fake, client):
        channel = channel_of(fake, client)
        thread = await channel.create_thread(
            name="Tournament 1 · table 1",
            type=discord.ChannelType.public_thread,
            auto_archive_duration=1440,
        )
        assert thread.parent_id == fake.channel_id and thread.owner_id == client.user.id  # type: ignore[union-attr]
        # THREAD_CREATE put it in the client's cache, with the parent's permissions
        async with asyncio.timeout(STEP):
            while channel.guild.get_thread(thread.id) is None:
                await asyncio.sleep(0.01)
        cached = channel.guild.get_thread(thread.id)
        assert cached is not None
        assert cached.permissions_for(channel.guild.me).value == fake.bot_permissions_in(thread.id)
        message = await thread.send("the table", file=picture())
        assert [a.filename for a in message.attachments] == ["showdown.png"]
        assert str(await channel.guild.fetch_channel(thread.id)) == "Tournament 1 · table 1"

        # the bot may archive its own thread, not lock it without Manage Threads
        error = await refused(client.http.edit_channel(thread.id, archived=True, locked=True))
        assert (error.status, error.code) == (403, 50013)
        await client.http.edit_channel(thread.id, archived=True)
        async with asyncio.timeout(STEP):
            while channel.guild.get_thread(thread.id) is not None:
                await asyncio.sleep(0.01)  # THREAD_UPDATE: an archived thread leaves the cache
        error = await refused(thread.send("too late"))
        assert (error.status, error.code) == (400, 50083)
        await client.http.edit_channel(thread.id, archived=False)  # Send Messages is enough
        await thread.send("back")
        assert {r.route for r in fake.rest_requests if r.method == "PATCH"} == {
            f"/channels/{thread.id}"
        }


async def test_a_thread_needs_its_own_send_permission(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = strict_fake(withheld=SEND_MESSAGES_IN_THREADS)
    async with connected(fake, monkeypatch) as (fake, client):
        channel = channel_of(fake, client)
        await channel.send("the channel still takes messages")
        thread = await channel.create_thread(name="t", type=discord.ChannelType.public_thread)
        error = await refused(thread.send("hello"))
        assert (error.status, error.code) == (403, 50013)


async def test_by_default_the_bot_is_refused_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    async with connected(FakeDiscord(token=TOKEN), monkeypatch) as (fake, client):
        channel = channel_of(fake, client)
        assert channel.permissions_for(channel.guild.me).administrator
        await channel.send("hi", file=picture(), embed=discord.Embed(title="x"))
        thread = await channel.create_thread(name="t", type=discord.ChannelType.public_thread)
        await client.http.edit_channel(thread.id, archived=True, locked=True)
        assert fake.threads[thread.id]["thread_metadata"]["locked"] is True
        error = await refused(client.fetch_channel(fake.snowflake()))
        assert (error.status, error.code) == (404, 10003)
        dm = await client.create_dm(discord.Object(fake.user_id))
        fetched = await client.fetch_channel(dm.id)
        assert isinstance(fetched, discord.DMChannel) and fetched.id == dm.id
    assert STRICT_PERMISSIONS & MANAGE_THREADS == 0
