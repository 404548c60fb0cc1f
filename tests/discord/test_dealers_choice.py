"""Brag's dealer's choice at a Discord table: after a full round of deals the dealer picks a
variant in the table message's menu; another game goes to a Yes/No vote (accepted, refused);
a restart in the middle of a vote keeps it."""

from __future__ import annotations

import json
from typing import Any

from simsupport import button_for, custom_ids, pick_action, state, table_message

FOLD_FIRST = ("fold", "look", "bet", "see")


async def choice_table(salon: Any) -> dict[int, Any]:
    members = [salon.member(n) for n in ("ann", "ben", "cid")]
    await members[0].slash(
        salon.channel,
        "table create",
        game="brag",
        options="dealers_choice=true blind_allowed=false",
    )
    for member in members:
        await member.click(await table_message(salon), label="Join")
    await members[0].click(await table_message(salon), label="Start")
    return {m.id: m for m in members}


async def play_round(salon: Any, members: dict[int, Any]) -> dict[str, Any]:
    """Click through hands (folding first) until the dealer's choice is offered."""
    for _ in range(60):
        current = state(salon)
        if current["choice"] is not None:
            return current["choice"]
        hand = current["hand"]
        if hand is None:
            await salon.env.advance_time(10)
            continue
        message = await table_message(salon)
        action = pick_action(hand, FOLD_FIRST)
        actor = members[int(hand["to_act"])]
        await actor.click(message, custom_id=button_for(message, 1, hand["id"], action))
    raise AssertionError("no dealer's choice was offered")


def text_of(message: Any) -> str:
    return json.dumps([e.to_dict() for e in message.embeds], ensure_ascii=False)


async def test_the_dealer_picks_a_variant_in_the_menu(salon: Any) -> None:
    members = await choice_table(salon)
    choice = await play_round(salon, members)
    message = await table_message(salon)
    assert "Dealer's choice" in text_of(message)
    assert f"<@{choice['dealer']}> chooses the game" in text_of(message)
    assert "salon:v:1" in custom_ids(message)
    other = next(m for uid, m in members.items() if uid != choice["dealer"])
    refused = await other.select(message, ["cards=4"], custom_id="salon:v:1")
    assert refused.ephemeral and "the dealer, chooses the game" in refused.response.content
    dealer = members[choice["dealer"]]
    await dealer.select(await table_message(salon), ["cards=4"], custom_id="salon:v:1")
    table = salon.bot.manager.tables[1]
    assert table.record is not None and all(len(c) == 4 for c in table.record.hands.values())
    assert "chooses: cards=4" in text_of(await table_message(salon))


async def test_another_game_is_voted_on_accepted_then_refused(salon: Any) -> None:
    members = await choice_table(salon)
    choice = await play_round(salon, members)
    dealer = members[choice["dealer"]]
    proposed = await dealer.slash(salon.channel, "table choose", options="ante=2")
    assert proposed.ephemeral
    message = await table_message(salon)
    assert "✅ Yes" in [c.label for row in message.components for c in row.children]
    assert "proposes" in text_of(message)
    voters = [m for uid, m in members.items() if uid != choice["dealer"]]
    await voters[0].click(message, label="✅ Yes")
    twice = await voters[0].click(await table_message(salon), label="❌ No")
    assert twice.ephemeral and "already voted" in twice.response.content
    await voters[1].click(await table_message(salon), label="❌ No")
    assert salon.bot.manager.engine_options(1).ante == 2
    choice = await play_round(salon, members)
    dealer = members[choice["dealer"]]
    await dealer.slash(salon.channel, "table choose", options="max_bet=20")
    for voter in [m for uid, m in members.items() if uid != choice["dealer"]]:
        await voter.click(await table_message(salon), label="❌ No")
    assert salon.bot.manager.engine_options(1).max_bet == 10
    assert "refused" in text_of(await table_message(salon))


async def test_a_vote_survives_a_restart(salon: Any) -> None:
    members = await choice_table(salon)
    choice = await play_round(salon, members)
    await members[choice["dealer"]].slash(salon.channel, "table choose", options="ante=3")
    await salon.restart()
    assert state(salon)["choice"]["proposal"] == {"ante": 3}
    for voter in [m for uid, m in members.items() if uid != choice["dealer"]]:
        await voter.click(await table_message(salon), label="✅ Yes")
    assert salon.bot.manager.engine_options(1).ante == 3
    assert state(salon)["choice"] is None and state(salon)["hand"] is not None
