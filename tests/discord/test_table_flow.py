"""A whole Bouillotte hand through slash commands and buttons, as four members play it."""

from __future__ import annotations

from typing import Any

from simsupport import custom_ids, labels, play_hand, state, table_message

from bot.storage import Transaction


async def open_bouillotte(salon: Any, names: tuple[str, ...]) -> dict[int, Any]:
    members = {m.id: m for m in (salon.member(n) for n in names)}
    first = next(iter(members.values()))
    created = await first.slash(salon.channel, "table create", game="bouillotte")
    assert not created.ephemeral
    for member in members.values():
        joined = await member.click(await table_message(salon), label="Join")
        assert not joined.ephemeral
    return members


async def test_full_bouillotte_hand(salon: Any) -> None:
    members = await open_bouillotte(salon, ("alice", "bob", "carol", "dave"))
    message = await table_message(salon)
    seats_text = message.embeds[0].fields[0].value
    assert all(f"<@{uid}>" in seats_text for uid in members)
    assert "Start" in labels(message)

    started = await members[min(members)].click(message, label="Start")
    assert not started.ephemeral
    hand = state(salon)["hand"]
    assert hand is not None and hand["to_act"] is not None
    message = await table_message(salon)
    assert "My cards" in labels(message)
    assert any(cid.startswith("salon:a:1:") for cid in custom_ids(message))

    hand_id = await play_hand(salon, members)
    showdowns = [m for m in salon.channel.history() if m.embeds and "Showdown" in m.embeds[0].title]
    assert len(showdowns) == 1
    shown = showdowns[0].embeds[0]
    # one picture of every revealed hand, in the same message (one REST request)
    assert [a.filename for a in showdowns[0].attachments] == ["showdown.png"]
    assert shown.image.url == "attachment://showdown.png" or "showdown.png" in shown.image.url
    assert "Retourne" in (shown.description or "")
    text = " ".join(f.value for f in shown.fields)
    assert all(f"<@{uid}>" in text for uid in members)
    # every player got his cards privately once, with the retourne (after the blind carre),
    # naming the hand, the table, the channel and the server, with a link back to the table
    link = f"https://discord.com/channels/{salon.guild.id}/{salon.channel.id}/{message.id}"
    for member in members.values():
        dms = [m for m in member.user.dm_channel.history() if "hand 1," in m.content]
        assert len(dms) == 1 and "Your cards: " in dms[0].content
        assert "Retourne" in dms[0].content and f"<#{salon.channel.id}>" in dms[0].content
        assert salon.guild.name in dms[0].content and link in dms[0].content
    stored = await salon.bot.db.query(Transaction.get_hand, hand_id)
    assert stored.status == "finished"
    census = await salon.bot.db.query(Transaction.chip_census, salon.guild.id)
    assert census.balanced
    for uid in members:
        assert await salon.bot.db.write(Transaction.balance, salon.guild.id, uid) == 1000 - 30
    assert not await salon.bot.db.query(Transaction.verify_ledger, salon.guild.id)
