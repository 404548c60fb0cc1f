"""/history and /replay, driven through simcord on hands played by the table runtime."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.games.replay import main as replay_main
from bot.games.replay import replay_json
from bot.runtime import replays_to_expect
from bot.storage import Transaction
from tests.discord.salon_helpers import (
    add_manager,
    open_table,
    play_hand,
    speak_french,
)


async def played_hands(salon: Any, count: int = 1) -> tuple[int, list[int]]:
    """Alice, Bob and Carol play ``count`` hands at one table; (table id, hand ids)."""
    players = [salon.member(n).id for n in ("alice", "bob", "carol")]
    manager = salon.bot.manager
    table = await open_table(manager, salon.guild.id, salon.channel.id, players)
    return table, [await play_hand(manager, table) for _ in range(count)]


async def test_history_empty(salon: Any) -> None:
    result = await salon.member("alice").slash(salon.channel, "history")

    assert result.ephemeral
    assert "No hand has been finished in this server yet." in result.response.content


async def test_history_lists_the_latest_finished_hands(salon: Any) -> None:
    _table, (first, second) = await played_hands(salon, 2)
    dave = salon.member("dave")  # anyone may read the history: it shows no card

    result = await dave.slash(salon.channel, "history")

    assert result.ephemeral
    lines = result.response.content.splitlines()
    assert lines[0] == "**Latest hands**"
    assert lines[1].startswith(f"`#{second}` Bouillotte · {salon.channel.mention} · <t:")
    assert lines[2].startswith(f"`#{first}` Bouillotte")
    for line, hand_id in ((lines[1], second), (lines[2], first)):
        hand = await salon.bot.db.query(Transaction.get_hand, hand_id)
        (pot,) = hand.result["pots"]
        assert line.endswith(f"won by <@{pot['winners'][0]}>, pot {pot['amount']} chips")
        assert f"<t:{int(hand.updated_at)}:R>" in line
    assert "/replay" in lines[-1]

    latest = await dave.slash(salon.channel, "history", count=1)
    assert f"`#{second}`" in latest.response.content
    assert f"`#{first}`" not in latest.response.content


async def test_history_leaves_out_the_hand_being_played(salon: Any) -> None:
    table, (hand_id,) = await played_hands(salon)
    manager = salon.bot.manager
    unfinished = await manager.start(table)
    text = (await salon.member("alice").slash(salon.channel, "history")).response.content
    assert f"`#{hand_id}`" in text
    assert f"`#{unfinished}`" not in text


async def test_history_count_is_bounded(salon: Any) -> None:
    option = salon.env.backend.find_command("history", None)["options"][0]
    assert (option["min_value"], option["max_value"]) == (1, 20)
    with pytest.raises(simcord.OptionError):
        await salon.member("alice").slash(salon.channel, "history", count=21)


async def test_replay_sends_the_file_privately_to_a_player(salon: Any, tmp_path: Path) -> None:
    _table, (hand_id,) = await played_hands(salon)
    alice = salon.member("alice")

    result = await alice.slash(salon.channel, "replay", hand=hand_id)

    assert result.ephemeral
    assert f"python -m bot.games.replay hand-{hand_id}.json" in result.response.content
    (attachment,) = result.response.attachments
    assert attachment.filename == f"hand-{hand_id}.json"
    data = await attachment.read()
    assert data.decode() == (await salon.bot.manager.export_hand(hand_id, alice.id)).text
    scenario = json.loads(data)
    assert str(alice.id) in scenario["hands"]  # every card is in it: hence private
    assert replays_to_expect(scenario)
    assert replay_json({k: v for k, v in scenario.items() if k != "expect"}) == scenario["expect"]
    # and the command the answer names replays the saved file to the same result
    path = tmp_path / attachment.filename
    path.write_bytes(data)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = replay_main([str(path)])
    assert status == 0
    assert json.loads(out.getvalue()) == scenario["expect"]
    # nothing about the hand's cards was posted in the channel
    assert all(not m.attachments for m in salon.channel.history())


async def test_replay_refused_to_a_member_who_did_not_play(salon: Any) -> None:
    _table, (hand_id,) = await played_hands(salon)
    dave = salon.member("dave")

    result = await dave.slash(salon.channel, "replay", hand=hand_id)

    assert result.ephemeral
    assert "Only the players of hand" in result.response.content
    assert "Manage Server" in result.response.content
    assert result.response.attachments == []


async def test_replay_allowed_to_a_manager_who_did_not_play(salon: Any) -> None:
    _table, (hand_id,) = await played_hands(salon)
    boss = add_manager(salon, "boss")

    result = await boss.slash(salon.channel, "replay", hand=hand_id)

    assert result.ephemeral
    (attachment,) = result.response.attachments
    assert attachment.filename == f"hand-{hand_id}.json"


async def test_replay_of_unknown_unfinished_or_foreign_hands(salon: Any) -> None:
    table, (hand_id,) = await played_hands(salon)
    alice = salon.member("alice")

    unknown = await alice.slash(salon.channel, "replay", hand=hand_id + 1000)
    assert unknown.ephemeral
    assert unknown.response.content == f"There is no hand {hand_id + 1000} in this server."

    pending = await salon.bot.manager.start(table)
    unfinished = await alice.slash(salon.channel, "replay", hand=pending)
    assert unfinished.ephemeral
    assert unfinished.response.content == "That hand is not over yet."
    assert unfinished.response.attachments == []

    # a hand of another server is unknown here, even to someone who played it
    other = salon.env.create_guild("Other")
    elsewhere = other.create_text_channel("cards")
    manager = salon.bot.manager
    foreign_table = await open_table(manager, other.id, elsewhere.id, [alice.id, 424242])
    foreign = await play_hand(manager, foreign_table)
    refused = await alice.slash(salon.channel, "replay", hand=foreign)
    assert refused.response.content == f"There is no hand {foreign} in this server."
    assert salon.env.errors == []


async def test_replay_and_history_in_french(salon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _table, (hand_id,) = await played_hands(salon)
    speak_french(monkeypatch)

    history = await salon.member("alice").slash(salon.channel, "history")
    assert history.response.content.startswith("**Dernières donnes**")
    assert "gagnée par <@" in history.response.content

    refused = await salon.member("dave").slash(salon.channel, "replay", hand=hand_id)
    assert refused.response.content.startswith("Seuls les joueurs de la donne")

    sent = await salon.member("bob").slash(salon.channel, "replay", hand=hand_id)
    assert f"Rejouez-la avec `python -m bot.games.replay hand-{hand_id}.json`" in (
        sent.response.content
    )
