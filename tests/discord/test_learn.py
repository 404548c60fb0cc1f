"""/learn, practice tables, hints, the showdown's "Why?" and the illustrated /rules page on
Discord (simcord): every lesson played to its end by clicks on its private message."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simsupport import pick_action, state, table_message

from bot.learn.lessons import LESSONS
from bot.runtime.house_seats import HOUSE_PAUSE
from bot.storage import Transaction
from tests.discord.salon_helpers import speak_french


def buttons(message: Any) -> list[dict[str, Any]]:
    """A message's buttons as payloads (an answer's, or a channel's message's components)."""
    found = []
    for row in message.components or []:
        for child in row["components"] if isinstance(row, dict) else row.children:
            found.append(child if isinstance(child, dict) else child.to_dict())
    return found


def lesson_button(message: Any) -> str:
    """The lesson's own move on this page (a blue button), or its only one."""
    found = buttons(message)
    blue = [b for b in found if b.get("style") == discord.ButtonStyle.primary.value]
    return str((blue or found)[0]["custom_id"])


@pytest.mark.parametrize("game", list(LESSONS))
async def test_every_lesson_plays_to_its_end_by_clicks(salon: Any, game: str) -> None:
    ann = salon.member("ann")
    opened = await ann.slash(salon.channel, "learn", game=game)
    assert opened.ephemeral
    message = opened.response
    pages = LESSONS[game].pages()
    assert message.embeds[0].title.endswith(f"(1/{pages})")
    # a move the lesson does not play: answered on the same page, nothing played
    others = [b for b in buttons(message) if b["custom_id"] != lesson_button(message)]
    if others:
        wrong = await ann.click(message, custom_id=others[0]["custom_id"])
        assert wrong.response.embeds[0].title == message.embeds[0].title
        assert "Not this time" in (wrong.response.embeds[0].description or "")
        message = wrong.response
    for page in range(2, pages + 1):
        clicked = await ann.click(message, custom_id=lesson_button(message))
        message = clicked.response
        assert message.embeds[0].title.endswith(f"({page}/{pages})"), message.embeds[0].title
    assert not buttons(message)  # the end: no more moves
    text = str(message.embeds[0].to_dict())
    assert "In short" in text and "practice=on" in text
    assert not salon.bot.lessons.seats  # the lesson is closed


async def test_a_lesson_in_french_and_its_end_for_a_click_after_it(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    speak_french(monkeypatch)
    ann = salon.member("ann")
    opened = await ann.slash(salon.channel, "learn", game="brag")
    first = opened.response
    assert first.embeds[0].title == "Leçon\u00a0: Brag (1/4)"
    await salon.bot.lessons.aclose()  # as after a restart
    late = await ann.click(first, custom_id=lesson_button(first))
    assert late.ephemeral and "Cette leçon est finie" in late.response.content


async def test_a_practice_table_fills_with_house_players_and_gives_hints(salon: Any) -> None:
    ann = salon.member("ann")
    await ann.slash(salon.channel, "table create", game="bouillotte", options="practice=on")
    seats = (await table_message(salon)).embeds[0].fields[0].value
    assert seats.count("🤖") == 3
    await ann.click(await table_message(salon), label="Join")
    await ann.click(await table_message(salon), label="Start")
    hints = 0
    for _ in range(200):
        hand = state(salon)["hand"]
        if hand is None or hints >= 2:
            break
        if int(hand["to_act"]) != ann.id:
            await salon.env.advance_time(HOUSE_PAUSE + 0.5)
            continue
        message = await table_message(salon)
        hint = await ann.click(message, label="💡 Hint")
        assert hint.ephemeral
        assert "The strong house player would play" in hint.response.content
        hints += 1
        action = pick_action(hand)
        amount = action.get("min", action.get("amount"))
        await salon.bot.manager.act(1, ann.id, action["verb"], amount)
    assert hints >= 1
    census = await salon.bot.db.query(Transaction.chip_census, salon.guild.id)
    assert census.balanced


async def test_a_hint_is_refused_at_a_real_table(salon: Any) -> None:
    ann, bob = salon.member("ann"), salon.member("bob")
    await ann.slash(salon.channel, "table create", game="brelan")
    for member in (ann, bob):
        await member.click(await table_message(salon), label="Join")
    await ann.click(await table_message(salon), label="Start")
    assert "💡 Hint" not in [b.get("label") for b in buttons(await table_message(salon))]
    view = discord.ui.View(timeout=None)  # a forged Hint button (the table shows none)
    view.add_item(discord.ui.Button(label="hint", custom_id="salon:t:1:hint"))
    sent = await salon.bot.get_partial_messageable(salon.channel.id).send("x", view=view)
    view.stop()
    message = next(m for m in salon.channel.history() if m.id == sent.id)
    to_act = ann if int(state(salon)["hand"]["to_act"]) == ann.id else bob
    refused = await to_act.click(message, custom_id="salon:t:1:hint")
    assert refused.ephemeral and "Hints are for practice tables only" in refused.response.content


async def test_the_showdown_answers_why_with_the_count(salon: Any) -> None:
    members = {salon.member(n).id: salon.member(n) for n in ("ann", "bob", "cid")}
    ann = salon.member("ann")
    await ann.slash(salon.channel, "table create", game="brelan")
    for member in members.values():
        await member.click(await table_message(salon), label="Join")
    await ann.click(await table_message(salon), label="Start")
    for _ in range(60):
        hand = state(salon)["hand"]
        if hand is None or hand["no"] > 1:
            break
        action = pick_action(hand)
        await salon.bot.manager.act(
            1, int(hand["to_act"]), action["verb"], action.get("min", action.get("amount"))
        )
    await table_message(salon)  # the presenter's queue drained
    posts = [m for m in salon.channel.history() if m.embeds and "Showdown" in m.embeds[0].title]
    assert posts, "a showdown was posted"
    why = await ann.click(posts[-1], label="❓ Why?")
    assert why.ephemeral
    text = str(why.response.embeds[0].to_dict())
    assert "Why: the count of hand" in text
    assert "Each suit belongs to the player still in" in text or "A brelan" in text


async def test_rules_of_a_game_is_an_illustrated_page(salon: Any) -> None:
    result = await salon.member("ann").slash(salon.channel, "rules", game="brag")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert "prial" in (embed.description or "")
    names = [f.name for f in embed.fields]
    assert names[:2] == ["Ranking, best first", "A hand, in order"]
    assert any("/learn game:brag" in f.value for f in embed.fields)
    assert embed.image.url == "attachment://rules.png"
    assert [a.filename for a in result.response.attachments] == ["rules.png"]
