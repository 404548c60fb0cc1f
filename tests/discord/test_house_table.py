"""A member alone on a server plays against house players: /table create house:2, the
house playing on its own after a thinking pause, clearly named with its level and ways, no DM
or ping to it, its chips from the house bank, and nobody but the member in the leaderboard."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from simsupport import button_for, pick_action, state, table_message

from bot.house.timing import MOST_THINK
from bot.i18n.people import HOUSE_CHARACTERS, house_level
from bot.runtime import house_requests
from bot.storage import Transaction
from bot.storage.house import HOUSE_BANK


def think_beyond_settling(salon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The house players think as the table has them think (drawn from a seed), but never
    less than simcord's settling: simcord waits out in real time a timer due within it, and
    one that fired just before its deadline failed the click that was settling (seen once,
    in CI). Past it, only the test's clock ends the pause, and the test takes 0.2 s, not 7."""
    drawn = house_requests.think_pause
    least = salon.env.settle_timeout + 0.5
    assert least < MOST_THINK, "the test's clock steps would not cover the pause"

    def pause(*args: Any) -> float:
        return max(least, drawn(*args))

    draws = random.Random(5)
    monkeypatch.setattr(house_requests, "think_pause", pause)
    salon.bot.manager.house_rng = lambda: random.Random(draws.random())


async def test_one_member_and_two_house_players_play_to_the_showdown(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    think_beyond_settling(salon, monkeypatch)
    ann = salon.member("ann")
    created = await ann.slash(
        salon.channel, "table create", game="bouillotte", house=2, level="strong"
    )
    assert not created.ephemeral
    seats = (await table_message(salon)).embeds[0].fields[0].value
    await ann.click(await table_message(salon), label="Join")
    await ann.click(await table_message(salon), label="Start")
    house = [u for u in state(salon)["seats"] if u["user"] in HOUSE_CHARACTERS]
    assert [house_level(u["user"]) for u in house] == ["strong", "strong"]
    for seat in house:  # named, with whom the member faces: level and ways
        name, _ = HOUSE_CHARACTERS[seat["user"]]
        assert f"🤖 {name} — 30 chips · strong, " in seats
    start = len(salon.env.http_requests)
    showdowns = 0
    for _ in range(400):
        hand = state(salon)["hand"]
        if hand is None:
            await salon.env.advance_time(10)
            continue
        if hand["no"] > 3:
            break
        if int(hand["to_act"]) == ann.id:
            message = await table_message(salon)
            action = pick_action(hand)
            clicked = await ann.click(message, custom_id=button_for(message, 1, hand["id"], action))
            assert not clicked.ephemeral
        else:
            await salon.env.advance_time(MOST_THINK + 0.5)
    assert state(salon)["hand"]["no"] > 3, "three hands were played"
    channel = f"/channels/{salon.channel.id}/messages"
    for request in salon.env.http_requests[start:]:
        text = json.dumps(request.json or {}, ensure_ascii=False)
        for seat in house:  # named, never mentioned
            assert f"<@{seat['user']}>" not in text, text
        if request.path == "/users/@me/channels":
            assert int(request.json["recipient_id"]) == ann.id  # a DM to the member only
        if request.path == channel and request.method == "POST":
            body = request.json or {}
            if body.get("embeds") and body["embeds"][0]["title"].startswith("Showdown"):
                showdowns += 1
    assert showdowns >= 1
    # the house's chips: from its bank, in the ledger; the census balances
    bank = await salon.bot.db.query(Transaction.ledger, salon.guild.id, HOUSE_BANK)
    assert bank and {e.note for e in bank} == {"house bank"}
    census = await salon.bot.db.query(Transaction.chip_census, salon.guild.id)
    assert census.balanced
    board = await ann.slash(salon.channel, "leaderboard")
    embeds = [e.to_dict() for e in board.response.embeds]
    shown = board.response.content + json.dumps(embeds, ensure_ascii=False)
    assert f"<@{ann.id}>" in shown and "🤖" not in shown and "<@3" not in shown


async def test_house_players_by_command_and_who_may(salon: Any) -> None:
    ann, ben = salon.member("ann"), salon.member("ben")
    await ann.slash(salon.channel, "table create", game="brag")
    added = await ann.slash(salon.channel, "table house add", character="Fanchon")
    assert added.ephemeral and "🤖 Fanchon (easy, plays blind)" in added.response.content
    refused = await ben.slash(salon.channel, "table house add")
    assert refused.ephemeral and "Only the player who opened this table" in refused.response.content
    drawn = await ann.slash(salon.channel, "table house add", level="strong")
    assert drawn.ephemeral and ", strong, " not in drawn.response.content
    # a drawn player is named with his level (and his trait where the game has it: Brag has
    # no carre, so a carre lover shows his level alone)
    assert re.search(r"🤖 \w+ \(strong(, [^)]+)?\)", drawn.response.content)
    for _ in range(2):
        removed = await ann.slash(salon.channel, "table house remove")
        assert removed.ephemeral and "🤖" in removed.response.content
    none = await ann.slash(salon.channel, "table house remove")
    assert "No house player" in none.response.content
