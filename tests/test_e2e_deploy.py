"""Issue 46's "Done when", end to end: the bot started as ``python -m bot`` starts it
(``tests/bot_against_fake.py``: only discord.py's two addresses differ), configured as the
deploy guide says (``DISCORD_TOKEN``, ``GUILD_ID`` for instant commands, the database path),
against the fake Discord as a strict server: ``@everyone`` grants nothing, the bot's role
only the invite's permissions (``tests.fakediscord.STRICT_PERMISSIONS``).

A member gets a table and plays it to a showdown, whose picture is posted (an attachment);
a tournament opens its table's thread. And with a permission withheld in the channel
(Attach Files, Create Public Threads), the bot does not crash, the chips add up, and the
member is told something."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.loadtest.fakediscord import ATTACH_FILES, CREATE_PUBLIC_THREADS
from bot.storage import Database, Transaction
from tests.discord_contract import discord_contract  # noqa: F401  (the fixture)
from tests.fakediscord import FakeDiscord, strict_fake
from tests.test_ops_process import ALICE, BOB, STEP, TOKEN, answer, bot_process, hand_row

# every request the bot makes and every answer of the fake, held to Discord's description
pytestmark = pytest.mark.usefixtures("discord_contract")

#: The invite's declaration (the perms piece): once there, the bot checks its permissions
#: at /table create and /tournament create and refuses before any chip moves.
CHECKS_PERMISSIONS = importlib.util.find_spec("bot.ui.permissions") is not None


@contextlib.asynccontextmanager
async def serving(fake: FakeDiscord) -> AsyncIterator[FakeDiscord]:
    await fake.start()
    try:
        yield fake
    finally:
        await fake.close()


def command(sub: str, **values: Any) -> list[dict[str, Any]]:
    """A subcommand's options (a string is type 3, an integer type 4)."""
    inner = [
        {"name": k, "type": 4 if isinstance(v, int) else 3, "value": v} for k, v in values.items()
    ]
    return [{"name": sub, "type": 1, "options": inner}]


def in_progress(database: Path) -> bool:
    try:
        hand_row(database)
    except TypeError:  # no hand in progress (fetchone() gave None)
        return False
    return True


async def play_to_the_end(fake: FakeDiscord, database: Path) -> None:
    """Both members play the first hand until it is over: the first to speak opens, the
    other sees (a showdown between two)."""
    async with asyncio.timeout(STEP):
        while not in_progress(database):
            await asyncio.sleep(0.05)
        first = hand_row(database)[0]
        while in_progress(database):
            hand, _, _, pending = hand_row(database)
            if hand != first:
                return
            legal = pending["legal"]
            move = next((m for verb in WILLING for m in legal if m["verb"] == verb), legal[0])
            options = [{"name": "verb", "type": 3, "value": move["verb"]}]
            amount = move.get("min", move.get("amount"))
            if amount is not None:
                options.append({"name": "amount", "type": 3, "value": str(amount)})
            await answer(fake, "act", options, int(pending["to_act"]))


#: The moves that keep both members in to a showdown, the first one legal played.
WILLING = ("hold", "see", "call", "check", "open", "stand", "pass")


async def balanced(database: Path, guild_id: int) -> bool:
    db = await Database.open(database)
    try:
        census = await db.query(Transaction.chip_census, guild_id)
    finally:
        await db.close()
    return census.balanced


async def open_table(fake: FakeDiscord) -> dict[str, Any]:
    """Alice creates a Brelan table, Bob joins, Alice starts it; the create's answer."""
    created = await answer(
        fake, "table", command("create", game="brelan", options="next_hand_delay=0"), ALICE
    )
    for user in (ALICE, BOB):
        await answer(fake, "table", command("join"), user)
    await answer(fake, "table", command("start"), ALICE)
    return created


async def open_tournament(fake: FakeDiscord) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Alice opens a two-seat sit-and-go with a house player; Bob registers by its button.
    The create's answer, and the tournament message (None if it was refused)."""
    sent = await fake.dispatch_interaction(
        "tournament",
        command("create", game="brelan", seats=2, buy_in=0, house=1),
        user=fake.user(ALICE),
    )
    await fake.wait_until(
        lambda: any(r.interaction_id == sent["id"] for r in fake.interaction_responses), STEP
    )
    reply = next(r for r in fake.interaction_responses if r.interaction_id == sent["id"])
    message = next(
        (
            m
            for m in fake.messages.values()
            if any(c.endswith(":register") for c in fake.custom_ids(m))
        ),
        None,
    )
    if message is not None:
        button = next(c for c in fake.custom_ids(message) if c.endswith(":register"))
        click = await fake.click(message, button, user=fake.user(BOB))
        await fake.wait_until(lambda: str(click["id"]) in fake._answered_ids, STEP)
    return reply.data, message


def showdowns(fake: FakeDiscord) -> list[dict[str, Any]]:
    return [
        m
        for m in fake.messages.values()
        if [a["filename"] for a in m.get("attachments") or []] == ["showdown.png"]
    ]


async def stopped(bot: Any) -> str:
    """Stop the bot as an admin would (SIGTERM); its log, which must hold no traceback."""
    bot.proc.terminate()
    async with asyncio.timeout(STEP):
        await bot.proc.wait()
        await bot.reader
    log = str(bot.log)
    assert "Traceback" not in log and " ERROR " not in log, log
    return log


async def test_a_strict_server_gets_a_table_a_showdown_picture_and_a_tournament_thread(
    tmp_path: Path,
) -> None:
    database = tmp_path / "salon.sqlite3"
    fake = strict_fake(token=TOKEN)
    async with serving(fake), bot_process(fake, database) as bot:
        await bot.wait_for_line("invite the bot with: https://discord.com/oauth2/authorize")
        await open_table(fake)
        await play_to_the_end(fake, database)
        await fake.wait_until(lambda: bool(showdowns(fake)), STEP)
        (showdown,) = showdowns(fake)
        assert showdown["channel_id"] == str(fake.channel_id)
        assert showdown["embeds"][0]["image"]["url"] == "attachment://showdown.png"

        _, message = await open_tournament(fake)
        assert message is not None
        await fake.wait_until(lambda: bool(fake.threads), STEP)
        (thread,) = fake.threads.values()
        assert thread["parent_id"] == str(fake.channel_id) and thread["type"] == 11
        # the tournament's table message is posted in its thread
        await fake.wait_until(
            lambda: any(m["channel_id"] == thread["id"] for m in fake.messages.values()), STEP
        )
        await stopped(bot)
    refused = [r for r in fake.rest_requests if r.route.startswith("/channels/")]
    assert refused, "the bot wrote nothing in the channel"
    assert fake.invalid_requests == 0  # not one 403 on a strict server
    assert await balanced(database, fake.guild_id)


async def test_without_attach_files_the_table_is_refused_in_words(tmp_path: Path) -> None:
    """The bot checks at /table create that it may post the showdown's picture (the perms
    piece: skipped until its declaration is there)."""
    if not CHECKS_PERMISSIONS:
        pytest.skip("/table create does not check Attach Files yet (bot/ui/permissions.py)")
    database = tmp_path / "salon.sqlite3"
    fake = strict_fake(token=TOKEN)
    fake.withhold(fake.channel_id, ATTACH_FILES)
    async with serving(fake), bot_process(fake, database) as bot:
        await bot.wait_for_line("invite the bot with: https://discord.com/oauth2/authorize")
        created = await answer(fake, "table", command("create", game="brelan"), ALICE)
        assert "Attach Files" in created["content"], created
        await stopped(bot)
    assert showdowns(fake) == [] and fake.invalid_requests == 0
    assert await balanced(database, fake.guild_id)


async def test_attach_files_taken_away_mid_table_still_shows_the_showdown(
    tmp_path: Path,
) -> None:
    """An admin takes Attach Files away while a table plays: the showdown is still told (its
    embed, without the picture: the bot reads its permissions before it posts), nothing
    crashes, no request is refused, the chips add up."""
    database = tmp_path / "salon.sqlite3"
    fake = strict_fake(token=TOKEN)
    async with serving(fake), bot_process(fake, database) as bot:
        await bot.wait_for_line("invite the bot with: https://discord.com/oauth2/authorize")
        await open_table(fake)
        fake.withhold(fake.channel_id, ATTACH_FILES)
        await fake.announce_channel(fake.channel_id)
        await play_to_the_end(fake, database)
        await fake.wait_until(lambda: bool(told(fake)), STEP)
        await stopped(bot)
    assert showdowns(fake) == []  # no picture
    assert not any(r.files for r in fake.rest_requests)
    assert fake.invalid_requests == 0
    assert await balanced(database, fake.guild_id)


def told(fake: FakeDiscord) -> list[dict[str, Any]]:
    """The showdown messages, with or without their picture."""
    return [
        m
        for m in fake.messages.values()
        if any(
            f.get("name") == "Hands" for e in m.get("embeds") or [] for f in e.get("fields") or []
        )
    ]


async def test_without_create_public_threads_the_tournament_is_refused_in_words(
    tmp_path: Path,
) -> None:
    """The bot reads its permissions in the interaction (``app_permissions``, as the fake
    enforces them): no tournament opens where it could not open its tables' threads."""
    database = tmp_path / "salon.sqlite3"
    fake = strict_fake(token=TOKEN)
    fake.withhold(fake.channel_id, CREATE_PUBLIC_THREADS)
    async with serving(fake), bot_process(fake, database) as bot:
        await bot.wait_for_line("invite the bot with: https://discord.com/oauth2/authorize")
        created, message = await open_tournament(fake)
        assert message is None, message
        assert "Create Public Threads" in created["content"], created
        assert created["flags"] & 64  # told to the member alone
        await stopped(bot)
    assert fake.threads == {} and fake.invalid_requests == 0
    assert await balanced(database, fake.guild_id)
