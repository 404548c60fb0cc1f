"""The doors issue 48 found open on the Discord side, through simcord: a tournament in a
wallet's history, a forged hint click, the flambeau at a practice table, /learn taken by one
member, a departed member's web link (docs/security.md, "Doors closed")."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from salon_helpers import speak_french
from simsupport import table_message
from tournament_helpers import channel, create, started, steady, tournament_message

HINT1 = "salon:t:1:hint"


async def test_the_wallet_names_a_tournament_buy_in_its_refund_and_its_prize(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    await create(salon, "brelan", seats=4, buy_in=40)
    ann = salon.member("ann")
    for action in ("register", "unregister", "register"):
        message = await tournament_message(salon)
        await ann.click(message, custom_id=f"salon:r:1:{action}")
    text = (await ann.slash(salon.channel, "wallet")).response.content
    assert "None" not in text and "cave at table" not in text
    assert text.count("buy-in of tournament no. 1") == 3
    assert "buy-in of tournament no. 1 refunded" in text


async def forged_hint(salon: Any, channel_id: int, table_id: int) -> Any:
    """A message carrying a Hint button for ``table_id`` (the table itself shows none)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="hint", custom_id=f"salon:t:{table_id}:hint"))
    sent = await salon.bot.get_partial_messageable(channel_id).send("x", view=view)
    view.stop()
    return next(m for m in channel(salon, channel_id).history() if m.id == sent.id)


async def test_a_forged_hint_is_refused_in_words_at_cash_and_tournament_tables(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, bob, cid = salon.member("ann"), salon.member("bob"), salon.member("cid")
    await ann.slash(salon.channel, "table create", game="brelan")
    waiting = await cid.click(await forged_hint(salon, salon.channel.id, 1), custom_id=HINT1)
    assert waiting.ephemeral and "for practice tables only" in waiting.response.content
    for member in (ann, bob):
        await member.click(await table_message(salon), label="Join")
    await ann.click(await table_message(salon), label="Start")
    for who in (ann, bob, cid):  # the player to act, the other one, a stranger
        refused = await who.click(await forged_hint(salon, salon.channel.id, 1), custom_id=HINT1)
        assert refused.ephemeral and "for practice tables only" in refused.response.content
    table = await started(salon, monkeypatch, "bouillotte")
    hint = f"salon:t:{table.id}:hint"
    for name in ("ann", "ben", "zed"):
        message = await forged_hint(salon, table.channel_id, table.id)
        refused = await salon.member(name).click(message, custom_id=hint)
        assert refused.ephemeral and "for practice tables only" in refused.response.content


@pytest.mark.parametrize("game", ["brelan", "bouillotte"])
async def test_the_flambeau_is_refused_at_a_practice_table_in_words(
    salon: Any, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = salon.member("ann")
    refused = await ann.slash(
        salon.channel, "table create", game=game, options="practice=on flambeau=on"
    )
    assert refused.ephemeral
    assert "A practice table cannot have the flambeau" in refused.response.content
    assert salon.bot.manager.tables == {}
    with monkeypatch.context() as french:
        speak_french(french)
        refused = await ann.slash(
            salon.channel, "table create", game=game, options="practice=on flambeau=on"
        )
    assert "Une table d'entraînement ne peut pas avoir le flambeau" in refused.response.content
    real = await ann.slash(salon.channel, "table create", game=game, options="flambeau=on")
    assert not real.ephemeral  # a real table keeps it
