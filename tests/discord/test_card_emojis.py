"""Cards as the bot's own emojis: drawn and uploaded once, then used in every card it writes.

The bot uploads its 52 card pictures as application emojis at its first start, finds them at
the next start without uploading again, writes ``<:salon_Ah:…>`` in the table message, the
showdown and the private DMs, shows the emoji beside each card of a discard menu, and falls
back to coloured text when Discord refuses the upload.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from simsupport import card_emojis_ready, card_tokens, state, table_message

from bot.storage import Transaction
from bot.ui.card_emojis import ALL_CARDS
from bot.view.words import card, coloured_card


def emoji_requests(salon: Any, since: int = 0) -> list[Any]:
    return [r for r in salon.env.http_requests[since:] if r.path.endswith("/emojis")]


async def open_brag(salon: Any, names: tuple[str, ...], options: str) -> dict[int, Any]:
    members = {m.id: m for m in (salon.member(n) for n in names)}
    first = next(iter(members.values()))
    await first.slash(salon.channel, "table create", game="brag", options=options)
    for member in members.values():
        await member.click(await table_message(salon), label="Join")
    await first.click(await table_message(salon), label="Start")
    return members


@pytest.mark.parametrize("card_emojis", [True])
async def test_the_first_start_uploads_52_cards_and_the_next_finds_them(salon: Any) -> None:
    await card_emojis_ready(salon)
    uploads = [r for r in emoji_requests(salon) if r.method == "POST"]
    assert sorted(r.json["name"] for r in uploads) == sorted(f"salon_{c}" for c in ALL_CARDS)
    assert card("Ah").startswith("<:salon_Ah:") and card("Ts").startswith("<:salon_Ts:")
    assert card("X1") == "🃏"  # a joker has no picture of its own

    before = len(salon.env.http_requests)
    await salon.restart()
    await card_emojis_ready(salon)
    again = emoji_requests(salon, before)
    assert [r.method for r in again] == ["GET"]  # listed once, nothing uploaded
    assert card("Ah").startswith("<:salon_Ah:")


@pytest.mark.parametrize("card_emojis", [True])
async def test_a_brag_hand_is_written_with_card_emojis(salon: Any) -> None:
    await card_emojis_ready(salon)
    members = await open_brag(salon, ("ann", "ben", "cid"), "cards=4")
    hand = state(salon)["hand"]
    first = members[int(hand["to_act"])]
    before = len(salon.env.http_requests)
    look = f"salon:a:1:{hand['id']}:{hand['actions']}:look:"
    await first.click(await table_message(salon), custom_id=look)
    table_posts = f"/channels/{salon.channel.id}/messages"
    dms = [
        r.json["content"]
        for r in salon.env.http_requests[before:]
        if r.method == "POST" and r.path.endswith("/messages") and r.path != table_posts
    ]
    record = (await salon.bot.db.query(Transaction.get_hand, int(hand["id"]))).record
    dealt = record["hands"][str(first.id)]
    (dm,) = dms
    assert card_tokens(dm) == {card(c) for c in dealt}
    assert all(t.startswith("<:salon_") for t in card_tokens(dm))

    opened = await first.click(await table_message(salon), label="Discard…")
    (menu,) = opened.response.components[0]["components"]
    for option in menu["options"]:
        assert option["label"] == coloured_card(option["value"])  # text a menu can show
        assert option["emoji"]["name"] == f"salon_{option['value']}"
        assert int(option["emoji"]["id"]) > 0
    public = (await table_message(salon)).embeds[0].to_dict()
    assert "<:salon_" not in str(public.get("title")) + str(public.get("footer"))


async def test_a_refused_upload_leaves_the_cards_in_coloured_text(
    salon: Any, caplog: pytest.LogCaptureFixture
) -> None:
    salon.env.inject_error("POST", "/applications/*/emojis", status=403, code=50013, times=None)
    with caplog.at_level(logging.WARNING, logger="bot.ui.card_emojis"):
        bot = await salon.restart(card_emojis=True)
        assert bot.card_emojis_task is not None
        assert await bot.card_emojis_task is None
    assert "cards are shown as coloured text" in caplog.text
    assert card("Ah") == coloured_card("Ah")
