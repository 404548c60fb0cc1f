"""At a Discord table: /table close during a hand waits for its end, /admin table void and
close are for server managers, and a stranger's Start is refused privately."""

from __future__ import annotations

from typing import Any

import pytest
import simcord
from discord import app_commands
from simsupport import labels, pick_action, play_hand, table_message

from bot.i18n import render
from bot.storage import Transaction
from tests.discord.salon_helpers import add_manager, command, give_freely


async def seated_table(salon: Any, names: tuple[str, ...]) -> int:
    """A Bouillotte table opened by the first member, every member seated by command."""
    first = salon.member(names[0])
    await first.slash(salon.channel, "table create", game="bouillotte")
    for name in names:
        await salon.member(name).slash(salon.channel, "table join")
    table = await salon.bot.manager.table_in_channel(salon.channel.id)
    assert table is not None
    return int(table)


async def hand_in_play(salon: Any) -> tuple[int, int]:
    table = await seated_table(salon, ("alice", "bob", "carol"))
    started = await salon.member("alice").slash(salon.channel, "table start")
    assert started.ephemeral
    manager = salon.bot.manager
    hand = (await manager.status(table))["hand"]
    hand_id = int(hand["id"])
    while not any(p["stake"] > 1 for p in hand["players"]):  # until somebody opens
        action = pick_action(hand)
        await manager.act(table, int(hand["to_act"]), action["verb"], action.get("min"))
        hand = (await manager.status(table))["hand"]
        assert hand is not None and hand["id"] == hand_id
    return table, hand_id


async def test_close_during_a_hand_is_answered_privately_and_shown_on_the_table(
    salon: Any,
) -> None:
    table, hand_id = await hand_in_play(salon)
    alice = salon.member("alice")  # she opened the table

    result = await alice.slash(salon.channel, "table close")

    assert result.ephemeral
    assert result.response.content == "The table will close when this hand ends."
    assert table in salon.bot.manager.tables
    assert (await salon.bot.db.query(Transaction.get_hand, hand_id)).status == "in_progress"
    embed = (await table_message(salon, table)).embeds[0]
    assert any(
        f.name == "Closing" and "closes when this hand ends" in f.value for f in embed.fields
    )


async def test_admin_table_void_is_refused_to_a_member_and_works_for_a_manager(
    salon: Any,
) -> None:
    _table, hand_id = await hand_in_play(salon)
    bob, boss = salon.member("bob"), add_manager(salon, "boss")
    assert "admin table void" not in bob.available_commands(salon.channel)
    salon.guild.set_command_permissions(
        int(command(salon, "admin")["id"]),
        {bob: True},
    )
    refused = await bob.slash(salon.channel, "admin table void")
    assert refused.ephemeral
    assert refused.response.content == "You need the Manage Server permission for that."
    assert any(isinstance(e, app_commands.MissingPermissions) for e in salon.env.errors)
    assert (await salon.bot.db.query(Transaction.get_hand, hand_id)).status == "in_progress"

    done = await boss.slash(salon.channel, "admin table void")

    assert done.ephemeral and "is called off" in done.response.content
    hand = await salon.bot.db.query(Transaction.get_hand, hand_id)
    assert hand.status == "void" and hand.result["voided_by"] == boss.id
    assert (await salon.bot.db.query(Transaction.chip_census, salon.guild.id)).balanced


async def test_admin_table_close_closes_now_and_names_the_admin(salon: Any) -> None:
    table, _hand_id = await hand_in_play(salon)
    boss = add_manager(salon, "boss")

    done = await boss.slash(salon.channel, "admin table close")

    assert done.ephemeral and "The table is closed" in done.response.content
    assert table not in salon.bot.manager.tables
    entry = (
        await salon.bot.db.query(
            Transaction.ledger, salon.guild.id, salon.member("bob").id, limit=1
        )
    )[0]
    assert entry.kind == "cash_out" and entry.counterpart_id == boss.id


async def test_a_stranger_clicking_start_is_refused_privately(salon: Any) -> None:
    table = await seated_table(salon, ("alice", "bob"))
    dave = salon.member("dave")  # not seated, did not open the table

    clicked = await dave.click(await table_message(salon, table), label="Start")

    assert clicked.ephemeral
    assert "Only a seated player, the table's creator or a server manager" in (
        clicked.response.content
    )
    assert (await salon.bot.manager.status(table))["hand"] is None
    slash = await dave.slash(salon.channel, "table start")
    assert slash.ephemeral and "Only a seated player" in slash.response.content


async def test_admin_audit_shows_a_members_ledger_with_running_balance(salon: Any) -> None:
    await give_freely(salon)
    boss, bob = add_manager(salon, "boss"), salon.member("bob")
    await boss.slash(salon.channel, "admin grant", member=bob, amount=250, reason="prize")
    await bob.slash(salon.channel, "give", member=boss, amount=50)

    audit = await boss.slash(salon.channel, "admin audit", member=bob)

    assert audit.ephemeral
    lines = audit.response.content.splitlines()
    assert lines[0] == f"**Ledger of {bob.mention}** — balance 1,200 chips"
    assert "`-50 chips` → 1,200 chips" in lines[1]
    assert "`+250 chips` → 1,250 chips" in lines[2] and "prize" in lines[2]
    assert "`+1,000 chips` → 1,000 chips" in lines[3]
    assert "admin audit" not in bob.available_commands(salon.channel)


def start_button(message: Any) -> Any | None:
    """The table message's Start button, if it is drawn."""
    buttons = [child for row in message.components for child in row.children]
    return next((b for b in buttons if str(b.custom_id).endswith(":start")), None)


async def test_start_is_greyed_out_while_nobody_could_deal(salon: Any) -> None:
    """The table message asks the runtime what is possible (``can_start`` in its public
    state, the same for every reader): with one player seated Start is drawn disabled, and
    a click on it is impossible; with two it is enabled; during a hand it is not drawn; in
    the pause before the next deal it is disabled again. It costs no request of its own."""
    ann, ben = salon.member("ann"), salon.member("ben")
    await ann.slash(salon.channel, "table create", game="bouillotte")
    await ann.slash(salon.channel, "table join")
    alone = await table_message(salon)
    assert labels(alone).count("Start") == 1 and start_button(alone).disabled
    assert (await salon.bot.manager.status(1))["can_start"] is False
    with pytest.raises(simcord.SetupError, match="disabled"):
        await ann.click(alone, label="Start")
    typed = await ann.slash(salon.channel, "table start")  # the command still says why
    assert typed.ephemeral and typed.response.content == render("en", "refuse-two-seated")

    since = len(salon.env.http_requests)
    joined = await ben.click(alone, label="Join")
    assert [r.method for r in salon.env.http_requests[since:]] == ["POST"]  # its one answer
    assert not joined.ephemeral and not start_button(await table_message(salon)).disabled
    assert (await salon.bot.manager.status(1))["can_start"] is True

    await ben.click(await table_message(salon), label="Start")
    assert start_button(await table_message(salon)) is None  # a hand in play
    members = {m.id: m for m in (ann, ben)}
    await play_hand(salon, members)
    between = await salon.bot.manager.status(1)
    assert between["hand"] is None or between["hand"]["to_act"] is None
    assert between["next_hand_at"] is not None and not between["can_start"]  # the pause
    assert start_button(await table_message(salon)).disabled
