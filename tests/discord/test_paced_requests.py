"""Every REST call the bot makes with its token waits for its pacer (issue 47), over a
session on simcord: the start (commands sync), a table against house players to its
showdowns (card DMs, turn notices, table edits, showdown posts), a restart that finds a
table's channel deleted (the channel asked for, the creator told by DM). Interaction
callbacks and follow-ups are outside Discord's global limit, and apart here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from simsupport import button_for, pick_action, state, table_message

from bot.house.timing import MOST_THINK
from tests.discord.test_lifecycle import bot_down, hand_in_play, open_table
from tests.paced_requests import Watch, watching


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Set up before the bot starts (listed before ``salon``)."""
    with watching(monkeypatch) as seen:
        yield seen


async def test_a_table_with_house_players_sends_nothing_outside_the_pacer(
    watch: Watch, salon: Any
) -> None:
    ann = salon.member("ann")
    await ann.slash(salon.channel, "table create", game="bouillotte", house=2)
    await ann.click(await table_message(salon), label="Join")
    await ann.click(await table_message(salon), label="Start")
    for _ in range(200):
        hand = state(salon)["hand"]
        if hand is None:
            await salon.env.advance_time(10)
            continue
        if hand["no"] > 2:
            break
        if int(hand["to_act"]) == ann.id:
            message = await table_message(salon)
            action = pick_action(hand)
            await ann.click(message, custom_id=button_for(message, 1, hand["id"], action))
        else:
            await salon.env.advance_time(MOST_THINK + 0.5)
    await salon.env.settle()
    assert state(salon)["hand"]["no"] > 2, "two hands were played"
    kinds = {(method, path) for method, path in watch.paced}
    assert ("PUT", "/applications/{application_id}/commands") in kinds  # the sync
    assert ("POST", "/users/@me/channels") in kinds  # a card DM
    assert ("POST", "/channels/{channel_id}/messages") in kinds  # a showdown, a notice
    watch.assert_all_paced()


async def test_a_restart_that_finds_a_channel_gone_asks_for_it_through_the_pacer(
    watch: Watch, salon: Any
) -> None:
    table = await open_table(salon, "brag")
    await hand_in_play(salon, table)
    await salon.env.settle()
    with bot_down(salon):
        salon.env.backend.delete_channel(salon.channel.id)
    await salon.restart()
    await salon.env.settle()
    assert table not in salon.bot.manager.tables
    assert ("GET", "/channels/{channel_id}") in watch.paced
    watch.assert_all_paced()
