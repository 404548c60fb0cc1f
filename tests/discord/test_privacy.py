"""Nothing public ever shows a card the rules keep hidden (many random hands, every message)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from simsupport import card_emojis_ready, card_tokens, custom_ids, state, table_message

from bot.storage import Transaction
from bot.view.words import card
from tests.discord.salon_helpers import add_manager

tokens = card_tokens


async def random_click(salon: Any, members: dict[int, Any], rng: random.Random) -> None:
    hand = state(salon)["hand"]
    actor = members[int(hand["to_act"])]
    message = await table_message(salon)
    ids = [c for c in custom_ids(message) if c.startswith(f"salon:a:1:{hand['id']}:")]
    await actor.click(message, custom_id=rng.choice(ids))


@pytest.mark.parametrize("card_emojis", [False, True], ids=["text", "emojis"])
async def test_public_messages_never_show_hidden_cards(salon: Any, card_emojis: bool) -> None:
    if card_emojis:
        await card_emojis_ready(salon)
        assert card("Ah").startswith("<:salon_Ah:")
    rng = random.Random(7)
    members = {m.id: m for m in (salon.member(n) for n in ("ann", "ben", "cid", "dan"))}
    first = next(iter(members.values()))
    # caves of 200 from fresh accounts' welcome grants: the grant's locks off, only what the
    # messages show is tested here
    boss = add_manager(salon, "boss")
    await boss.slash(salon.channel, "admin limits", account_days=0, member_days=0, grant_hands=0)
    await first.slash(salon.channel, "table create", game="bouillotte", cave=200)
    for member in members.values():
        await member.slash(salon.channel, "table join")
    await first.click(await table_message(salon), custom_id="salon:t:1:start")
    start = len(salon.env.http_requests)
    own_cards_checked = 0
    for _ in range(400):
        current = state(salon)["hand"]
        if current is None:
            await salon.env.advance_time(10)  # the pause between hands
            continue
        if current["no"] > 12:
            break
        if current.get("retourne") and rng.random() < 0.2:
            peeker = rng.choice(list(members.values()))
            shown = await peeker.click(await table_message(salon), custom_id="salon:t:1:cards")
            assert shown.ephemeral
            table = salon.bot.manager.tables[1]
            if str(peeker.id) in table.hand.index:
                mine = {card(c.code) for c in table.hand.hands[table.hand.index[str(peeker.id)]]}
                assert tokens(shown.response.content) <= mine | {card(table.hand.retourne.code)}
                own_cards_checked += 1
        await random_click(salon, members, rng)
    assert own_cards_checked > 0

    hands = await salon.bot.db.query(Transaction.hand_history, salon.guild.id, limit=50)
    assert len(hands) >= 5
    # a message of hand n may show the retournes of hands 1..n (its own and earlier ones in
    # its log), never a retourne of a hand not dealt yet
    retourne_of = {h.hand_no: card(h.record["retourne"]) for h in hands}
    shown_hand = 0

    def retournes(payload: Any) -> set[str]:
        nonlocal shown_hand
        found = re.search(r"· hand (\d+)", json.dumps(payload, ensure_ascii=False))
        if found:
            shown_hand = int(found.group(1))
        return {r for no, r in retourne_of.items() if no <= shown_hand}

    showdown_hands = sum(1 for h in hands if len((h.result or {}).get("pots", [])) and h.record)
    assert showdown_hands
    channel = f"/channels/{salon.channel.id}/messages"
    showdown_posts = 0
    shown_at_showdowns: set[str] = set()
    for request in salon.env.http_requests[start:]:
        body = request.json or {}
        if request.path.startswith("/interactions/"):
            data = body.get("data") or {}
            if data.get("flags", 0) & 64:
                continue  # ephemeral: only the clicking player sees it
            assert tokens(data) <= retournes(data), data  # the table message: the retourne only
        elif request.path.startswith(channel + "/"):
            assert tokens(body) <= retournes(body), body  # table message edits
        elif request.path == channel and not body.get("embeds"):
            assert tokens(body) <= set(), body  # a turn notice names no card
        elif request.path == channel:
            showdown_posts += 1
            assert body["embeds"][0]["title"].startswith("Showdown")
            shown_at_showdowns |= tokens(body)
    assert showdown_posts >= 1 and shown_hand == max(retourne_of)
    emojis = {t for t in shown_at_showdowns if t.startswith("<:salon_")}
    assert bool(emojis) == card_emojis and len(emojis) == len(shown_at_showdowns) * card_emojis
