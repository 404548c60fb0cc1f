"""Abuse limits: /give cooldown, daily cap and minimum ages; the click rate on the table
buttons; /table create where the bot cannot post."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.storage import Transaction
from tests.discord.salon_helpers import add_manager, give_freely
from tests.discord.simsupport import table_message


async def test_give_has_a_cooldown(salon: Any) -> None:
    await give_freely(salon)
    alice, bob = salon.member("alice"), salon.member("bob")

    first = await alice.slash(salon.channel, "give", member=bob, amount=5)
    again = await alice.slash(salon.channel, "give", member=bob, amount=5)
    await salon.env.advance_time(61)
    later = await alice.slash(salon.channel, "give", member=bob, amount=5)

    assert not first.ephemeral and not later.ephemeral
    assert again.ephemeral
    assert again.response.content.startswith("You gave chips a moment ago: try again in ")
    assert await salon.bot.db.write(Transaction.balance, salon.guild.id, bob.id) == 1010


async def test_give_has_a_daily_cap_set_by_the_server(salon: Any) -> None:
    await give_freely(salon)
    boss, alice, bob = add_manager(salon, "boss"), salon.member("alice"), salon.member("bob")
    shown = await boss.slash(salon.channel, "admin limits", daily_cap=100, cooldown_seconds=0)
    assert "Daily cap: 100" in shown.response.content and shown.ephemeral

    ok = await alice.slash(salon.channel, "give", member=bob, amount=60)
    capped = await alice.slash(salon.channel, "give", member=bob, amount=50)
    rest = await alice.slash(salon.channel, "give", member=bob, amount=40)
    await salon.env.advance_time(86_401)
    next_day = await alice.slash(salon.channel, "give", member=bob, amount=100)

    assert not ok.ephemeral and not rest.ephemeral and not next_day.ephemeral
    assert capped.ephemeral and capped.response.content == (
        "You may give at most 100 chips in 24 hours here; 40 are left for now."
    )


async def test_new_members_cannot_give(salon: Any) -> None:
    await give_freely(salon)
    boss, alice, bob = add_manager(salon, "boss"), salon.member("alice"), salon.member("bob")
    await boss.slash(salon.channel, "admin limits", member_days=2)

    refused = await alice.slash(salon.channel, "give", member=bob, amount=5)
    await salon.env.advance_time(2 * 86_400 + 1)
    allowed = await alice.slash(salon.channel, "give", member=bob, amount=5)

    assert refused.ephemeral and "joined this server too recently" in refused.response.content
    assert not allowed.ephemeral


async def test_new_accounts_cannot_give(salon: Any) -> None:
    await give_freely(salon)
    boss, alice, bob = add_manager(salon, "boss"), salon.member("alice"), salon.member("bob")
    await boss.slash(salon.channel, "admin limits", account_days=3650)

    refused = await alice.slash(salon.channel, "give", member=bob, amount=5)

    assert refused.ephemeral
    assert refused.response.content.startswith("Your Discord account is too new to give chips")
    assert await salon.bot.db.write(Transaction.balance, salon.guild.id, bob.id) == 1000


async def test_spam_clicks_get_a_polite_private_answer(salon: Any) -> None:
    alice = salon.member("alice")
    await alice.slash(salon.channel, "table create", game="brelan")
    message = await table_message(salon)

    answers = [await alice.click(message, label="My cards") for _ in range(5)]

    assert all(a.ephemeral for a in answers)
    assert "clicking very fast" not in answers[3].response.content
    assert answers[4].response.content == (
        "You are clicking very fast: wait a few seconds, then try again."
    )


async def test_table_create_names_the_missing_permission(salon: Any) -> None:
    alice = salon.member("alice")
    me = salon.guild.me
    assert me is not None
    bare = salon.guild.create_text_channel(
        "no-embeds", overwrites={me: discord.PermissionOverwrite(embed_links=False)}
    )

    refused = await alice.slash(bare, "table create", game="brelan")

    assert refused.ephemeral
    assert refused.response.content.startswith(
        "I cannot run a table here: I need the Embed Links permission in this channel"
    )
    assert await salon.bot.manager.table_in_channel(bare.id) is None
    # a check of the command (``bot_may_run_a_table``), which the tree reports as failed
    assert [type(e) for e in salon.env.errors] == [app_commands.BotMissingPermissions]
