"""Fair dealing at the Discord table: the commitment on the table message, the explanation
one click away in French and English, the Cut button, /table seed and reseed, and /verify."""

from __future__ import annotations

import json
from typing import Any

import pytest
from salon_helpers import speak_french
from simsupport import labels, play_hand, state, table_message


async def seated(salon: Any, *names: str) -> list[Any]:
    members = [salon.member(n) for n in names]
    await members[0].slash(salon.channel, "table create", game="brelan")
    for member in members:
        await member.click(await table_message(salon), label="Join")
    return members


def embed_text(message: Any) -> str:
    return json.dumps([e.to_dict() for e in message.embeds], ensure_ascii=False)


async def test_the_table_shows_its_commitment_and_explains_it(salon: Any) -> None:
    _ann, ben = await seated(salon, "ann", "ben")
    message = await table_message(salon)
    commitment = state(salon)["fair"]["commitment"]
    assert commitment in embed_text(message)
    assert "🔒 Fair dealing" in labels(message)
    explained = await ben.click(message, label="🔒 Fair dealing")
    assert explained.ephemeral
    text = explained.response.content
    assert "How we deal fairly" in text and commitment in text and "/verify" in text
    seed = salon.bot.manager.tables[1].seed.server_seed
    for request in salon.env.http_requests:
        assert seed not in json.dumps(request.json or {}), "the server seed leaked"


async def test_the_explanation_speaks_french(salon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    ann, _ben = await seated(salon, "ann", "ben")
    speak_french(monkeypatch)
    explained = await ann.click(await table_message(salon), label="🔒 Fair dealing")
    assert "Comment nous donnons les cartes équitablement" in explained.response.content
    shown = await ann.slash(salon.channel, "table seed")
    assert shown.ephemeral and "Votre graine à cette table est" in shown.response.content


async def test_seed_commands_and_the_cut(salon: Any) -> None:
    ann, ben, cid = await seated(salon, "ann", "ben", "cid")
    chose = await ann.slash(salon.channel, "table seed", text="trèfle à quatre feuilles")
    assert chose.ephemeral and "trèfle à quatre feuilles" in chose.response.content
    refused = await ann.slash(salon.channel, "table seed", text="a|b")
    assert refused.ephemeral and "cannot hold the character |" in refused.response.content
    await ann.click(await table_message(salon), label="Start")
    members = {m.id: m for m in (ann, ben, cid)}
    await play_hand(salon, members)
    await salon.env.advance_time(10)  # the next hand is dealt: the cut is for the one after
    cutter = state(salon)["fair"]["cutter"]
    assert cutter is not None
    message = await table_message(salon)
    assert f"<@{cutter}> may cut" in embed_text(message)
    assert "✂️ Cut" in labels(message)
    other = next(m for m in members.values() if m.id != cutter)
    nope = await other.click(message, label="✂️ Cut")
    assert nope.ephemeral and "the player before the dealer" in nope.response.content
    before = len(salon.env.http_requests)
    cut = await members[cutter].click(await table_message(salon), label="✂️ Cut")
    assert not cut.ephemeral  # the table message itself answers: the log says who cut
    assert len(salon.env.http_requests) - before == 1  # one request per button action
    assert "cuts the deck" in embed_text(await table_message(salon))
    again = await members[cutter].click(await table_message(salon), label="✂️ Cut")
    assert again.ephemeral and "already cut" in again.response.content


async def test_reseed_reveals_and_verify_checks_a_hand(salon: Any) -> None:
    ann, ben = await seated(salon, "ann", "ben")
    salon.bot.manager.fair_dealing = True  # simcord's bot deals seeded decks otherwise
    await ann.click(await table_message(salon), label="Start")
    hand_id = await play_hand(salon, {ann.id: ann, ben.id: ben})
    await salon.env.advance_time(10)
    sealed = await ben.slash(salon.channel, "verify", hand=hand_id)
    assert sealed.ephemeral and "still secret" in sealed.response.content
    old = salon.bot.manager.tables[1].seed
    asked = await ben.slash(salon.channel, "table reseed")
    assert asked.ephemeral and "when this hand ends" in asked.response.content
    await play_hand(salon, {ann.id: ann, ben.id: ben})
    await salon.env.advance_time(10)
    new = state(salon)["fair"]["commitment"]
    assert new != old.commitment and new in embed_text(await table_message(salon))
    assert old.server_seed in embed_text(await table_message(salon))  # the reveal line
    checked = await ann.slash(salon.channel, "verify", hand=hand_id)
    text = checked.response.content
    assert checked.ephemeral and "✅ Verified" in text and old.server_seed in text
    unknown = await ann.slash(salon.channel, "verify", hand=999)
    assert unknown.ephemeral and "no finished hand #999" in unknown.response.content
