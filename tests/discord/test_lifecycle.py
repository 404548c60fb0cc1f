"""Discord as it is: a table's channel or thread deleted, a member who leaves or is banned,
the bot removed from a server, a server that goes dark, and what happened while the bot was
down (cogs/lifecycle.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import simcord
from simcord.backend import serializers
from simsupport import button_for, pick_action, table_message

from bot.storage import Transaction
from tests.discord.salon_helpers import add_manager, speak_french

GAMES = ("brelan", "bouillotte", "brag")
PLAYERS = ("alice", "bob", "carol")
#: The welcome grant every member's wallet starts with.
GRANT = 1000


async def open_table(
    salon: Any,
    game: str,
    channel: Any = None,
    names: tuple[str, ...] = PLAYERS,
    **options: Any,
) -> int:
    """A table opened by the first member in ``channel`` (#salon by default), every member
    seated (or in line once it is full) by /table join."""
    where = salon.channel if channel is None else channel
    created = await salon.member(names[0]).slash(where, "table create", game=game, **options)
    assert not created.ephemeral, created.response and created.response.content
    for name in names:
        await salon.member(name).slash(where, "table join")
    table = await salon.bot.manager.table_in_channel(where.id)
    assert table is not None
    return int(table)


async def hand_in_play(salon: Any, table: int, moves: int = 1) -> dict[str, Any]:
    """Deal (the creator's /table start) and play ``moves`` moves; returns the hand."""
    manager = salon.bot.manager
    await manager.start(table)
    for _ in range(moves):
        hand = (await manager.status(table))["hand"]
        action = pick_action(hand)
        await manager.act(table, int(hand["to_act"]), action["verb"], action.get("min"))
    hand = (await manager.status(table))["hand"]
    assert hand is not None and hand["to_act"] is not None
    return dict(hand)


async def wallets(salon: Any, names: tuple[str, ...] = PLAYERS) -> dict[str, int]:
    return {
        n: await salon.bot.db.write(Transaction.balance, salon.guild.id, salon.member(n).id)
        for n in names
    }


async def chips_hold(salon: Any, guild_id: int | None = None) -> None:
    guild = salon.guild.id if guild_id is None else guild_id
    assert (await salon.bot.db.query(Transaction.chip_census, guild)).balanced
    assert not await salon.bot.db.query(Transaction.verify_ledger, guild)


async def queue(salon: Any, table: int) -> list[int]:
    """The waiting line as the table message shows it."""
    return [int(q) for q in (await salon.bot.manager.status(table))["queue"]]


def last_dm(member: Any) -> str:
    history = member.user.dm_channel.history()
    assert history, "no DM"
    return str(history[-1].content)


def thread_in(salon: Any, name: str = "table") -> simcord.ChannelHandle:
    owner = salon.member(PLAYERS[0])
    thread = salon.env.backend.create_thread(salon.channel.id, name, owner.id)
    return simcord.ChannelHandle(salon.env, salon.guild, thread)


@contextmanager
def bot_down(salon: Any) -> Iterator[None]:
    """What happens inside reaches Discord's backend but not the bot (it was down); the old
    bot, stopped by the restart that follows, acts on nothing it meets meanwhile."""
    salon.bot.presenter.on_channel_gone = None
    feeds = list(salon.env.backend.subscribers)
    salon.env.backend.subscribers.clear()
    try:
        yield
    finally:
        salon.env.backend.subscribers.extend(feeds)


GONE_DM = {
    "en": (
        "Your {game} table (table {table}) on Salon is closed: its channel or thread was "
        "deleted. Hand 1 was called off, and every chip at the table went back to its "
        "owner's wallet."
    ),
    "fr": (
        "Votre table de {game} (table {table}) sur Salon est fermée\u00a0: son salon ou son "
        "fil a été supprimé. La donne 1 a été annulée et tous les jetons de la table sont "
        "retournés au portefeuille de leur propriétaire."
    ),
}


async def assert_closed_and_home(salon: Any, table: int, hand_id: int) -> None:
    """The table is closed, its hand void, every stack home (wallets as before the first
    hand: it was called off), and the chips add up."""
    assert table not in salon.bot.manager.tables
    assert (await salon.bot.db.query(Transaction.get_table, table)).status == "closed"
    assert (await salon.bot.db.query(Transaction.get_hand, hand_id)).status == "void"
    assert await wallets(salon) == dict.fromkeys(PLAYERS, GRANT)
    assert not await salon.bot.db.query(Transaction.seats, table)
    await chips_hold(salon)


# -- a table's channel or thread deleted --------------------------------------------------


@pytest.mark.parametrize(("game", "lang"), [("brelan", "en"), ("bouillotte", "fr"), ("brag", "en")])
async def test_deleting_the_channel_closes_its_table_and_sends_every_chip_home(
    salon: Any, monkeypatch: pytest.MonkeyPatch, game: str, lang: str
) -> None:
    if lang == "fr":
        speak_french(monkeypatch)  # the creator's Discord is in French
    table = await open_table(salon, game)
    hand = await hand_in_play(salon, table)
    lobby = salon.guild.create_text_channel("lobby")

    salon.env.backend.delete_channel(salon.channel.id)
    await salon.env.settle()

    await assert_closed_and_home(salon, table, int(hand["id"]))
    title = {"brelan": "Brelan", "bouillotte": "Bouillotte", "brag": "Brag"}[game]
    assert last_dm(salon.member("alice")) == GONE_DM[lang].format(game=title, table=table)
    boss = add_manager(salon, "boss")
    audit = await boss.slash(lobby, "admin audit", member=salon.member("bob"))
    newest = audit.response.content.splitlines()[1]
    if lang == "en":
        assert f"back from table {table} (its channel was deleted)" in newest
    else:
        assert f"retour de la table {table} (son salon a été supprimé)" in newest


async def test_deleting_a_thread_closes_the_table_in_it(salon: Any) -> None:
    thread = thread_in(salon)
    table = await open_table(salon, "bouillotte", thread)
    hand = await hand_in_play(salon, table)
    other = await open_table(salon, "brag", salon.channel, names=("dave", "erin"))

    salon.env.backend.delete_channel(thread.id)
    await salon.env.settle()

    await assert_closed_and_home(salon, table, int(hand["id"]))
    assert last_dm(salon.member("alice")) == GONE_DM["en"].format(game="Bouillotte", table=table)
    assert other in salon.bot.manager.tables  # the parent channel's own table plays on


async def test_an_archived_thread_keeps_its_table_and_reopens_at_the_next_move(
    salon: Any,
) -> None:
    thread = thread_in(salon)
    table = await open_table(salon, "brelan", thread)
    await hand_in_play(salon, table, moves=0)
    await salon.env.settle()

    archive(salon, thread)
    await salon.env.settle()

    assert table in salon.bot.manager.tables  # an archive is not a deletion
    await next_move(salon, table)
    assert not salon.env.backend.get_channel(thread.id).thread_metadata.archived
    assert table in salon.bot.manager.tables


async def test_a_thread_the_bot_cannot_reopen_closes_its_table(salon: Any) -> None:
    thread = thread_in(salon)
    table = await open_table(salon, "brag", thread)
    hand = await hand_in_play(salon, table)
    await salon.env.settle()
    archive(salon, thread)
    # locked by a moderator: Discord refuses to reopen it to the bot
    salon.env.inject_error(
        "PATCH", f"/channels/{thread.id}", status=403, code=50001, message="Missing Access"
    )

    await next_move(salon, table)

    await assert_closed_and_home(salon, table, int(hand["id"]))
    assert last_dm(salon.member("alice")) == (
        f"Your Brag table (table {table}) on Salon is closed: the bot can no longer see or "
        "post in its channel. Hand 1 was called off, and every chip at the table went back "
        "to its owner's wallet."
    )


def archive(salon: Any, thread: Any) -> None:
    """Discord archives the thread: editing a message in it is refused until it reopens."""
    salon.env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    salon.env.inject_error(
        "PATCH",
        f"/channels/{thread.id}/messages/*",
        status=400,
        code=50083,
        message="Thread is archived",
    )


async def next_move(salon: Any, table: int) -> None:
    """The player to act moves (the table message then changes)."""
    hand = (await salon.bot.manager.status(table))["hand"]
    action = pick_action(hand)
    await salon.bot.manager.act(table, int(hand["to_act"]), action["verb"], action.get("min"))
    await salon.env.settle()


# -- members who leave ----------------------------------------------------------------------


async def test_a_member_who_leaves_is_folded_cashed_out_and_taken_off_the_line(
    salon: Any,
) -> None:
    names = ("alice", "bob", "carol", "dave")  # dave waits in line: three seats
    table = await open_table(salon, "bouillotte", names=names, seats=3)
    assert await queue(salon, table) == [salon.member("dave").id]
    hand = await hand_in_play(salon, table, moves=0)
    leaver = next(n for n in PLAYERS if salon.member(n).id == int(hand["to_act"]))
    moves = len(salon.bot.manager.tables[table].record.actions)

    salon.guild.remove_member(salon.member(leaver))  # it is his turn
    salon.guild.remove_member(salon.member("dave"))
    await salon.env.settle()

    # his move was played for him at once (the automatic move), not after his turn timer
    record = salon.bot.manager.tables[table].record
    assert record is not None and record.to_json()["actions"][moves][0] == str(hand["to_act"])
    await finish_hand(salon, table, int(hand["id"]), absent=salon.member(leaver).id)
    await assert_left(salon, table, int(hand["id"]), leaver)


async def finish_hand(salon: Any, table: int, hand_id: int, absent: int) -> None:
    """Play the hand to its end by clicking the table message's buttons; the absent member
    is never waited for, and no time passes meanwhile (no turn timer runs out)."""
    manager = salon.bot.manager
    began = salon.env.now()
    for _ in range(60):
        await salon.env.settle()
        # no turn timer (60 s) ran out: only the pause before the next deal (5 s) may pass
        assert (salon.env.now() - began).total_seconds() < 30
        hand = (await manager.status(table))["hand"]
        if hand is None or hand["id"] != hand_id:
            return
        assert int(hand["to_act"]) != absent, "the departed member was waited for"
        message = await table_message(salon, table)
        action = pick_action(hand)
        actor = next(m for m in salon.members.values() if m.id == int(hand["to_act"]))
        clicked = await actor.click(message, custom_id=button_for(message, table, hand_id, action))
        assert not clicked.ephemeral, clicked.response and clicked.response.content
    raise AssertionError("the hand did not end")


async def assert_left(salon: Any, table: int, hand_id: int, leaver: str) -> None:
    """After the hand: the leaver is cashed out with his stack (his wallet kept), nobody is
    in line, and the chips add up."""
    user = salon.member(leaver).id
    stored = await salon.bot.db.query(Transaction.get_hand, hand_id)
    assert stored.status == "finished"
    assert user not in {s.user_id for s in await salon.bot.db.query(Transaction.seats, table)}
    stack = stored.result["stacks"][str(user)]
    cave = 30
    assert (
        await salon.bot.db.write(Transaction.balance, salon.guild.id, user) == GRANT - cave + stack
    )
    entry = (await salon.bot.db.query(Transaction.ledger, salon.guild.id, user, limit=1))[0]
    assert entry.kind == "cash_out" and entry.amount == stack
    assert await queue(salon, table) == []
    assert (
        await salon.bot.db.write(Transaction.balance, salon.guild.id, salon.member("dave").id)
        == GRANT
    )
    await chips_hold(salon)


async def test_a_banned_member_is_folded_at_his_turn_and_cashed_out(salon: Any) -> None:
    names = ("alice", "bob", "carol", "dave")
    table = await open_table(salon, "bouillotte", names=names, seats=3)
    hand = await hand_in_play(salon, table, moves=0)
    to_act = int(hand["to_act"])
    banned = next(n for n in PLAYERS if salon.member(n).id != to_act)  # not his turn yet

    salon.env.backend.apply_ban(salon.guild.id, salon.member(banned).id, "cheating")
    salon.env.backend.apply_ban(salon.guild.id, salon.member("dave").id, None)
    await salon.env.settle()

    assert (await salon.bot.manager.status(table))["hand"]["id"] == hand["id"]
    await finish_hand(salon, table, int(hand["id"]), absent=salon.member(banned).id)
    await assert_left(salon, table, int(hand["id"]), banned)


# -- the bot removed from a server ---------------------------------------------------------


async def test_the_bot_removed_from_a_server_closes_its_tables_only(salon: Any) -> None:
    table = await open_table(salon, "brelan")
    hand = await hand_in_play(salon, table)
    second = await open_table(salon, "brag", salon.guild.create_text_channel("brag"))
    elsewhere = salon.env.create_guild("Elsewhere")
    channel = elsewhere.create_text_channel("cards")
    dave = elsewhere.add_member(salon.env.create_user("dave"))
    erin = elsewhere.add_member(salon.env.create_user("erin"))
    await dave.slash(channel, "table create", game="bouillotte")
    for member in (dave, erin):
        await member.slash(channel, "table join")
    kept = await salon.bot.manager.table_in_channel(channel.id)
    assert kept is not None
    await salon.bot.manager.start(kept)

    salon.env.backend.remove_guild(salon.guild.id)
    await salon.env.settle()

    for closed in (table, second):
        assert closed not in salon.bot.manager.tables
        assert (await salon.bot.db.query(Transaction.get_table, closed)).status == "closed"
    assert (await salon.bot.db.query(Transaction.get_hand, int(hand["id"]))).status == "void"
    assert await wallets(salon) == dict.fromkeys(PLAYERS, GRANT)
    await chips_hold(salon)
    assert last_dm(salon.member("alice")) == (
        f"Your Brag table (table {second}) on Salon is closed: the bot was removed from the "
        "server. Every chip at the table went back to its owner's wallet."
    )
    assert kept in salon.bot.manager.tables
    assert (await salon.bot.manager.status(kept))["hand"] is not None
    await chips_hold(salon, elsewhere.id)


# -- a server that goes dark for a while ----------------------------------------------------


async def test_an_unavailable_server_freezes_its_timers_then_gives_a_fresh_turn(
    salon: Any,
) -> None:
    table = await open_table(salon, "bouillotte", turn_timer=60)
    hand = await hand_in_play(salon, table, moves=0)
    live = salon.bot.manager.tables[table]
    moves = len(live.record.actions)

    salon.env.backend.emit("GUILD_DELETE", {"id": str(salon.guild.id), "unavailable": True})
    await salon.env.settle()
    await salon.env.advance_time(300)  # five turn timers

    assert len(salon.bot.manager.tables[table].record.actions) == moves  # nobody timed out

    guild = salon.env.backend.get_guild(salon.guild.id)
    salon.env.backend.emit(
        "GUILD_CREATE", serializers.guild_create_payload(salon.env.backend, guild)
    )
    await salon.env.settle()

    fresh = (await salon.bot.manager.status(table))["hand"]
    now = salon.env.now().timestamp()
    assert fresh["id"] == hand["id"] and fresh["to_act"] == hand["to_act"]
    assert fresh["deadline"] >= now + 59
    await salon.env.advance_time(30)
    assert len(salon.bot.manager.tables[table].record.actions) == moves  # still his turn
    await salon.env.advance_time(40)
    assert len(salon.bot.manager.tables[table].record.actions) > moves  # the timer works again


def as_the_gateway(salon: Any, event: str, *args: Any) -> None:
    """Dispatch a connection event as discord.py's gateway would (simcord plays the gateway
    but never drops it): inside the bot's scope, so timers it arms run on simulated time."""
    with salon.env._bot_scope():
        salon.bot.dispatch(event, *args)


async def test_the_bots_own_gateway_down_freezes_its_tables_then_gives_a_fresh_turn(
    salon: Any,
) -> None:
    """While the bot's connection is down no click reaches it: nobody is timed out for a
    turn he could not play; when it is back the player to act gets a whole turn."""
    table = await open_table(salon, "bouillotte", turn_timer=60)
    hand = await hand_in_play(salon, table, moves=0)
    moves = len(salon.bot.manager.tables[table].record.actions)

    as_the_gateway(salon, "shard_disconnect", 0)
    await salon.env.settle()
    await salon.env.advance_time(300)
    assert len(salon.bot.manager.tables[table].record.actions) == moves  # nobody timed out

    as_the_gateway(salon, "shard_resumed", 0)
    await salon.env.settle()
    fresh = (await salon.bot.manager.status(table))["hand"]
    assert (fresh["id"], fresh["to_act"]) == (hand["id"], hand["to_act"])
    assert fresh["deadline"] >= salon.env.now().timestamp() + 59
    await salon.env.advance_time(30)
    assert len(salon.bot.manager.tables[table].record.actions) == moves  # still his turn
    await salon.env.advance_time(40)
    assert len(salon.bot.manager.tables[table].record.actions) > moves  # timers run again


# -- a new gateway session -------------------------------------------------------------------


async def test_a_new_gateway_session_brings_the_table_message_up_to_date(salon: Any) -> None:
    table = await open_table(salon, "bouillotte")
    await hand_in_play(salon, table)
    await salon.env.settle()
    shown = (await table_message(salon, table)).embeds[0].to_dict()
    message_id = (await salon.bot.db.query(Transaction.get_table, table)).message_ids["table"]
    # an edit that never reached Discord: the message shows an old state
    salon.env.backend.edit_message(salon.channel.id, int(message_id), {"embeds": []})
    assert not (await table_message(salon, table)).embeds

    shard = salon.bot.get_shard(0)
    assert shard is not None
    await shard.disconnect()
    await shard.reconnect()  # a fresh IDENTIFY: a second READY
    await salon.env.advance_time(3)  # discord.py waits for the guilds before READY
    await salon.env.advance_time(3)  # the presenter paces its requests

    # the message shows the table as it is now: the same hand, and the connection's return
    now = (await salon.bot.presenter.message_kwargs(table))["embed"].to_dict()
    assert (await table_message(salon, table)).embeds[0].to_dict() == now
    assert now["title"] == shown["title"] and now["fields"][0] == shown["fields"][0]
    assert "connection to Discord is back" in str(now)
    assert table in salon.bot.manager.tables


# -- what happened while the bot was down ---------------------------------------------------


async def test_a_channel_deleted_while_the_bot_was_down_closes_its_table_at_start(
    salon: Any,
) -> None:
    table = await open_table(salon, "brag")
    hand = await hand_in_play(salon, table)
    thread = thread_in(salon)
    in_thread = await open_table(salon, "brelan", thread, names=("dave", "erin"))

    await salon.env.settle()  # nothing left to send: then the bot goes down
    with bot_down(salon):
        salon.env.backend.delete_channel(thread.id)
        salon.env.backend.delete_channel(salon.channel.id)
    await salon.restart()

    await assert_closed_and_home(salon, table, int(hand["id"]))
    assert in_thread not in salon.bot.manager.tables
    assert last_dm(salon.member("alice")) == GONE_DM["en"].format(game="Brag", table=table)


async def test_a_server_left_while_the_bot_was_down_closes_its_tables_at_start(
    salon: Any,
) -> None:
    table = await open_table(salon, "bouillotte")
    hand = await hand_in_play(salon, table)

    await salon.env.settle()  # nothing left to send: then the bot goes down
    with bot_down(salon):
        salon.env.backend.remove_guild(salon.guild.id)
    await salon.restart()

    assert table not in salon.bot.manager.tables
    assert (await salon.bot.db.query(Transaction.get_hand, int(hand["id"]))).status == "void"
    assert await wallets(salon) == dict.fromkeys(PLAYERS, GRANT)
    await chips_hold(salon)
    assert last_dm(salon.member("alice")) == (
        f"Your Bouillotte table (table {table}) is closed: the bot was removed from the "
        "server. Hand 1 was called off, and every chip at the table went back to its "
        "owner's wallet."
    )


async def test_a_table_whose_channel_still_exists_survives_a_restart(salon: Any) -> None:
    table = await open_table(salon, "brelan")
    await hand_in_play(salon, table)

    await salon.restart()

    assert table in salon.bot.manager.tables
    assert (await salon.bot.manager.status(table))["hand"] is not None
