"""Playing at a table: turns, errors, timers, closed DMs, restarts, API economy."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from salon_helpers import speak_french
from simsupport import (
    actions_played,
    button_for,
    custom_ids,
    pick_action,
    play_hand,
    state,
    table_message,
)

from bot.storage import Transaction
from bot.ui.buttons import ActButton
from bot.view.words import card


async def seated_table(
    salon: Any, names: tuple[str, ...], game: str = "bouillotte", options: str | None = None
) -> dict:
    members = {m.id: m for m in (salon.member(n) for n in names)}
    first = next(iter(members.values()))
    extra = {} if options is None else {"options": options}
    await first.slash(salon.channel, "table create", game=game, **extra)
    for member in members.values():
        await member.slash(salon.channel, "table join")
    return members


async def started_table(
    salon: Any, names: tuple[str, ...] = ("ann", "ben", "cid"), options: str | None = None
) -> dict:
    members = await seated_table(salon, names, options=options)
    await next(iter(members.values())).click(
        await table_message(salon), custom_id="salon:t:1:start"
    )
    return members


async def test_not_your_turn_and_not_seated(salon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    members = await started_table(salon)
    hand = state(salon)["hand"]
    action = pick_action(hand)
    message = await table_message(salon)
    button = button_for(message, 1, hand["id"], action)
    other = next(m for uid, m in members.items() if str(uid) != hand["to_act"])
    called: list[str] = []  # the turn gate is the button's interaction_check: no callback runs

    async def callback(self: Any, interaction: Any) -> None:
        called.append(self.custom_id)

    monkeypatch.setattr(ActButton, "callback", callback)
    refused = await other.click(message, custom_id=button)
    assert refused.ephemeral and "not your turn" in refused.response.content
    stranger = salon.member("zoe")
    refused = await stranger.click(message, custom_id=button)
    assert refused.ephemeral and "not seated" in refused.response.content
    assert called == []
    assert state(salon)["hand"]["to_act"] == hand["to_act"]  # nothing changed
    await members[int(hand["to_act"])].click(message, custom_id=button)
    assert called == [button]  # the player to act passes the gate


async def test_a_button_action_costs_only_the_interaction_callback(salon: Any) -> None:
    """With turn notices off, a click is one REST request: the interaction's answer."""
    members = await started_table(salon, options="notify=off")
    await play_hand(salon, members, stop_after_deal=True)
    hand = state(salon)["hand"]
    message = await table_message(salon)
    button = button_for(message, 1, hand["id"], pick_action(hand))
    before = len(salon.env.http_requests)
    result = await members[int(hand["to_act"])].click(message, custom_id=button)
    assert not result.ephemeral
    made = salon.env.http_requests[before:]
    assert [r.path.split("/")[1] for r in made] == ["interactions"], made


async def test_one_dm_per_player_and_one_showdown_post_per_hand(salon: Any) -> None:
    members = await started_table(salon, ("ann", "ben", "cid", "dan"))
    before = len(salon.env.http_requests)
    await play_hand(salon, members)
    made = salon.env.http_requests[before:]
    channel_posts = [
        r
        for r in made
        if r.method == "POST"
        and r.path == f"/channels/{salon.channel.id}/messages"
        and (r.json or {}).get("embeds")
    ]
    assert len(channel_posts) == 1  # the showdown (turn notices aside)
    dm_posts = [
        r
        for r in made
        if r.method == "POST"
        and r.path.endswith("/messages")
        and r.path != f"/channels/{salon.channel.id}/messages"
    ]
    assert len(dm_posts) <= len(members)
    assert all(r.path.split("/")[1] in ("interactions", "channels", "users") for r in made)


async def test_closed_dms_do_not_stall_the_game(salon: Any) -> None:
    members = await seated_table(salon, ("ann", "ben", "cid"))
    blocked = members[max(members)]
    await blocked.send_dm("hello")  # opens the DM channel so its id is known
    salon.env.inject_error(
        "POST",
        f"/channels/{blocked.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await blocked.click(await table_message(salon), label="Start")
    await play_hand(salon, members, stop_after_deal=True)
    message = await table_message(salon)
    fields = {f.name: f.value for f in message.embeds[0].fields}
    assert f"<@{blocked.id}>" in fields["Private messages closed"]
    mine = await blocked.click(message, label="My cards")
    assert mine.ephemeral and "Your cards: " in mine.response.content
    # seen another way: the next edit of the table message no longer points at him
    hand = state(salon)["hand"]
    message = await table_message(salon)
    await members[int(hand["to_act"])].click(
        message, custom_id=button_for(message, 1, hand["id"], pick_action(hand))
    )
    names = {f.name for f in (await table_message(salon)).embeds[0].fields}
    assert "Private messages closed" not in names
    via_slash = await blocked.slash(salon.channel, "cards")
    assert via_slash.ephemeral and "Your cards: " in via_slash.response.content
    await play_hand(salon, members)
    assert state(salon)["hand"] is None or state(salon)["hand"]["no"] >= 2


async def test_turn_timer_on_the_virtual_clock(salon: Any) -> None:
    await started_table(salon)
    played = actions_played(salon)
    await salon.env.advance_time(30)
    assert actions_played(salon) == played
    await salon.env.advance_time(31)
    assert actions_played(salon) != played
    message = await table_message(salon)
    log = {f.name: f.value for f in message.embeds[0].fields}.get("Last moves", "")
    assert "ran out of time" in log


async def test_restart_keeps_buttons_working(salon: Any) -> None:
    members = await started_table(salon)
    hand = state(salon)["hand"]
    message = await table_message(salon)
    button = button_for(message, 1, hand["id"], pick_action(hand))
    played = actions_played(salon)
    await salon.restart()
    assert actions_played(salon) == played
    result = await members[int(hand["to_act"])].click(message, custom_id=button)
    assert not result.ephemeral
    assert actions_played(salon) != played
    # the old message's buttons are gone once the message moved on; a click that still
    # carries an old hand's id (a client showing an old message) is refused politely
    table = salon.bot.manager.tables[1]
    table_hand = table.hand_id
    await play_hand(salon, members)
    assert salon.bot.manager.tables[1].hand_id != table_hand


async def test_act_by_slash_command_with_autocomplete(salon: Any) -> None:
    members = await started_table(salon)
    hand = state(salon)["hand"]
    actor = members[int(hand["to_act"])]
    offered = await actor.autocomplete(salon.channel, "act", "verb", "")
    verbs = {c["value"] for c in offered}
    assert verbs == {a["verb"] for a in hand["legal"]}
    other = next(m for uid, m in members.items() if str(uid) != hand["to_act"])
    assert await other.autocomplete(salon.channel, "act", "verb", "") == []
    wrong = await other.slash(salon.channel, "act", verb=hand["legal"][0]["verb"])
    assert wrong.ephemeral and "not your turn" in wrong.response.content
    action = pick_action(hand)
    before = actions_played(salon)
    played = await actor.slash(
        salon.channel,
        "act",
        verb=action["verb"],
        **({"amount": str(action["min"])} if "min" in action else {}),
    )
    assert played.ephemeral and "Played" in played.response.content
    assert actions_played(salon) != before
    bad = await actor.slash(salon.channel, "act", verb="fly")
    assert bad.ephemeral


async def test_close_needs_the_creator_or_manage_server(salon: Any) -> None:
    members = await seated_table(salon, ("ann", "ben"))
    ben = members[max(members)]
    refused = await ben.slash(salon.channel, "table close")
    assert refused.ephemeral and "Only the player who opened" in refused.response.content
    import discord

    boss_role = salon.guild.create_role(
        "croupier", permissions=discord.Permissions(manage_guild=True)
    )
    boss = salon.guild.add_member(salon.env.create_user("boss"), roles=[boss_role])
    closed = await boss.slash(salon.channel, "table close")
    assert not closed.ephemeral and "closed" in closed.response.content
    for uid in members:
        assert await salon.bot.db.write(Transaction.balance, salon.guild.id, uid) == 1000
    message = await table_message(salon)
    assert message.embeds[0].description == "This table is closed." and not message.components
    again = await ben.slash(salon.channel, "table join")
    assert again.ephemeral and "no table in this channel" in again.response.content


async def test_french_table_message(salon: Any) -> None:
    await salon.bot.db.write(Transaction.update_settings, salon.guild.id, locale="fr")
    members = await started_table(salon)
    message = await table_message(salon)
    names = [f.name for f in message.embeds[0].fields]
    assert "Places" in names and "Parole" in names
    assert any(cid.startswith("salon:a:") for cid in custom_ids(message))
    assert members


async def test_recave_and_reserve_commands(salon: Any) -> None:
    members = await started_table(salon, ("ann", "ben"))
    ann = members[min(members)]
    refused = await ann.slash(salon.channel, "table recave")
    assert refused.ephemeral and "only a cleaned-out player recaves" in refused.response.content
    no_reserve = await ann.slash(salon.channel, "table reserve")
    assert no_reserve.ephemeral and "Staked Brelan" in no_reserve.response.content


async def test_staked_brelan_reserve_cave(salon: Any) -> None:
    ann, ben = salon.member("ann"), salon.member("ben")
    await ann.slash(salon.channel, "table create", game="brelan", cave=20, options="staked=true")
    for member in (ann, ben):
        await member.slash(salon.channel, "table join")
    await ann.click(await table_message(salon), custom_id="salon:t:1:start")
    added = await ann.slash(salon.channel, "table reserve", amount=10)
    assert added.ephemeral and "reserve cave of 10 chips" in added.response.content
    assert await salon.bot.db.write(Transaction.balance, salon.guild.id, ann.id) == 1000 - 20 - 10
    assert (await salon.bot.db.query(Transaction.chip_census, salon.guild.id)).balanced


async def test_showdown_names_the_suit_owners(salon: Any) -> None:
    members = await started_table(salon, ("ann", "ben", "cid", "dan"))
    await play_hand(salon, members)
    posts = [
        m for m in salon.channel.history() if m.embeds and m.embeds[0].title.startswith("Showdown")
    ]
    assert posts
    fields = {f.name: f.value for f in posts[-1].embeds[0].fields}
    assert "Suits owned (the point)" in fields and "points" in fields["Suits owned (the point)"]


async def test_close_during_the_pause_between_hands(salon: Any) -> None:
    members = await started_table(salon, ("ann", "ben"))
    await play_hand(salon, members)
    assert state(salon)["hand"] is None and state(salon)["next_hand_at"]
    creator = members[min(members)]
    closed = await creator.slash(salon.channel, "table close")
    assert not closed.ephemeral
    await salon.env.advance_time(30)  # the cancelled deal never comes
    assert 1 not in salon.bot.manager.tables
    total = sum(
        [await salon.bot.db.write(Transaction.balance, salon.guild.id, uid) for uid in members]
    )
    assert total == 2000


async def test_the_player_to_act_is_told_once_and_the_notice_goes_when_he_has_played(
    salon: Any,
) -> None:
    """A turn costs at most two REST requests besides the click: the new notice, and the
    deletion of the last one."""
    members = await started_table(salon)
    channel = f"/channels/{salon.channel.id}/messages"
    await play_hand(salon, members, stop_after_deal=True)
    hand = state(salon)["hand"]
    to_act = int(hand["to_act"])
    notices = [m for m in salon.channel.history() if f"<@{to_act}>, it is your turn" in m.content]
    assert len(notices) == 1
    assert "hand 1" in notices[0].content and "https://discord.com/channels/" in notices[0].content
    message = await table_message(salon)
    before = len(salon.env.http_requests)
    await members[to_act].click(
        message, custom_id=button_for(message, 1, hand["id"], pick_action(hand))
    )
    made = [(r.method, r.path.split("/")[1]) for r in salon.env.http_requests[before:]]
    assert made[0] == ("POST", "interactions")
    assert sorted(made[1:]) == [("DELETE", "channels"), ("POST", "channels")]
    assert all(notice.id != m.id for m in salon.channel.history() for notice in notices)
    after = state(salon)["hand"]
    assert after is not None and after["to_act"] is not None  # the next turn (three players)
    nxt = int(after["to_act"])
    pinged = [m for m in salon.channel.history() if f"<@{nxt}>, it is your turn" in m.content]
    assert len(pinged) == 1  # he has not moved yet: told once
    assert salon.bot.presenter.counters.turn_pings >= 2
    assert all(
        r.path.startswith(("/interactions", channel, "/users"))
        for r in salon.env.http_requests[before:]
    )


async def test_a_player_who_just_moved_is_not_told_of_his_next_turn(salon: Any) -> None:
    """Within 30 s of his own move a player is looking at the table: his next turn shows on
    the table message, without a mention (nor its deletion); later, he is told again."""
    members = await started_table(salon)
    await play_hand(salon, members, stop_after_deal=True)

    def pings(user: int) -> int:
        return sum(f"<@{user}>, it is your turn" in m.content for m in salon.channel.history())

    async def move() -> int:
        hand = state(salon)["hand"]
        mover = int(hand["to_act"])
        message = await table_message(salon)
        await members[mover].click(
            message, custom_id=button_for(message, 1, hand["id"], pick_action(hand))
        )
        return mover

    moved = {await move()}
    while int(state(salon)["hand"]["to_act"]) not in moved:  # everyone moves once, quickly
        moved.add(await move())
    back = int(state(salon)["hand"]["to_act"])  # his turn again, seconds after his move
    assert pings(back) == 0
    assert salon.bot.presenter.counters.turns_unannounced >= 1
    await salon.env.advance_time(31)  # he thinks a while
    await move()
    nxt = int(state(salon)["hand"]["to_act"])
    assert nxt != back and pings(nxt) == 1  # the others last moved more than 30 s ago


async def test_a_member_may_choose_a_dm_or_nothing(salon: Any) -> None:
    """Both players ask for a DM: whoever must act is told privately, not in the channel;
    a player who asks for nothing is told nowhere."""
    for name in ("ann", "ben"):
        chosen = await salon.member(name).slash(salon.channel, "notify", how="dm")
        assert chosen.ephemeral and "private message" in chosen.response.content
    members = await started_table(salon, ("ann", "ben"))
    await play_hand(salon, members, stop_after_deal=True)
    to_act = members[int(state(salon)["hand"]["to_act"])]
    assert not [m for m in salon.channel.history() if "it is your turn" in m.content]
    dms = [m for m in to_act.user.dm_channel.history() if "It is your turn" in m.content]
    assert len(dms) == 1 and "https://discord.com/channels/" in dms[0].content
    await to_act.slash(salon.channel, "notify", how="off")
    other = next(m for m in members.values() if m is not to_act)
    await other.slash(salon.channel, "notify", how="off")
    hand = state(salon)["hand"]

    def turn_dms() -> dict[int, int]:
        return {
            m.id: sum("It is your turn" in d.content for d in m.user.dm_channel.history())
            for m in members.values()
        }

    told = turn_dms()
    move = pick_action(hand)
    amount = move.get("min", move.get("amount"))
    played = await to_act.slash(
        salon.channel,
        "act",
        verb=move["verb"],
        **({} if amount is None else {"amount": str(amount)}),
    )
    assert played.ephemeral and played.response.content.startswith("Played:"), played.response
    after = state(salon)["hand"]
    assert after is not None and after["to_act"] is not None
    assert (after["id"], after["to_act"]) != (hand["id"], hand["to_act"])  # a new turn
    assert turn_dms() == told  # and nobody was told of it
    assert not [m for m in salon.channel.history() if "it is your turn" in m.content]


async def test_bump_posts_the_table_again_at_the_bottom(salon: Any) -> None:
    members = await started_table(salon, options="notify=off")
    old = await table_message(salon)
    for k in range(3):
        await salon.member("zoe").send(salon.channel, f"chatter {k}")
    bumped = await next(iter(members.values())).click(old, custom_id="salon:t:1:bump")
    assert bumped.ephemeral and "bottom of the channel" in bumped.response.content
    new = await table_message(salon)
    assert new.id != old.id and all(m.id != old.id for m in salon.channel.history())
    assert salon.channel.history()[-1].id == new.id or salon.channel.history()[0].id == new.id


async def test_chatter_under_the_table_brings_it_back_down(salon: Any) -> None:
    members = await started_table(salon, options="notify=off")
    old = await table_message(salon)
    for k in range(8):
        await salon.member("zoe").send(salon.channel, f"chatter {k}")
    hand = state(salon)["hand"]
    to_act = int(hand["to_act"])
    verb = pick_action(hand)["verb"]
    await members[to_act].slash(salon.channel, "act", verb=verb)  # a change made by REST
    new = await table_message(salon)
    assert new.id != old.id
    assert salon.bot.presenter.counters.reposts == 1


CARD_TEXT = re.compile(r"\b(?:10|[2-9AKQJ])[♠♥♦♣]|\b[2-9TJQKA][shdc]\b|salon_[2-9TJQKA][shdc]")


async def test_after_chatter_and_a_quiet_the_table_comes_back_without_a_move(salon: Any) -> None:
    """60 messages during a hand push the table message 60 up; once the channel has been
    quiet for 15 s it is posted again at the bottom (two requests), at most every 2 minutes."""
    await started_table(salon, options="notify=off turn_timeout=600")
    old = await table_message(salon)
    moves = len(salon.bot.manager.tables[1].record.actions)
    for k in range(60):
        await salon.member("zoe").send(salon.channel, f"chatter {k}")
    await salon.env.advance_time(10)  # still talking, or nearly: nothing yet
    assert (await table_message(salon)).id == old.id
    await salon.env.advance_time(6)
    back = await table_message(salon)
    assert back.id != old.id and salon.channel.history()[-1].id == back.id
    assert all(m.id != old.id for m in salon.channel.history())  # the old one is gone
    assert len(salon.bot.manager.tables[1].record.actions) == moves  # no move needed
    for k in range(10):  # more chatter at once: not again within two minutes
        await salon.member("zoe").send(salon.channel, f"more {k}")
    await salon.env.advance_time(30)
    assert (await table_message(salon)).id == back.id
    await salon.env.advance_time(100)
    assert salon.channel.history()[-1].id == (await table_message(salon)).id != back.id


async def test_a_spectator_watches_the_table_privately_and_sees_no_card(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    members = await started_table(salon, options="notify=off")
    await play_hand(salon, members, stop_after_deal=True)
    retourne = state(salon)["hand"].get("retourne")
    zoe = salon.member("zoe")
    watched = await zoe.slash(salon.channel, "table watch")
    assert watched.ephemeral and "You are watching this table" in watched.response.content
    (embed,) = watched.response.embeds
    shown = json.dumps(embed.to_dict(), ensure_ascii=False)
    if retourne:
        shown = shown.replace(card(retourne), "")  # the retourne is public
    assert not CARD_TEXT.search(shown), shown
    by_number = await zoe.slash(salon.channel, "table watch", table=1)
    assert by_number.ephemeral and by_number.response.embeds
    seated = await next(iter(members.values())).slash(salon.channel, "table watch")
    assert "/cards" in seated.response.content
    nowhere = await zoe.slash(salon.channel, "table watch", table=99)
    assert nowhere.ephemeral and "no open table" in nowhere.response.content
    speak_french(monkeypatch)
    french = await zoe.slash(salon.channel, "table watch")
    assert "Vous regardez cette table" in french.response.content
