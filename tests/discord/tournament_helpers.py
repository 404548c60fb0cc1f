"""Helpers for the tournament simcord tests: creating and filling a tournament by its
command and buttons, finding its messages and its tables' threads, and members who play
their turns by clicking the buttons of their table's message (seeded)."""

from __future__ import annotations

import functools
import json
import random
import sys
from typing import Any

import pytest
import simcord

import bot.app
from bot.runtime import TableManager
from bot.runtime.house_seats import is_house
from bot.storage import Transaction

#: Each member's wallet before anything (the welcome grant).
GRANT = 1000
#: What the sit-and-go of these tests is: nine players on two tables of five, small stacks
#: and fast levels, so it ends in a few dozen hands.
SIT_AND_GO = {"seats": 9, "buy_in": 100, "per_table": 5, "chips": 20}
SCHEDULES = {
    "brag": "2 hands: 1/1/4 2/2/8 4/4/16 8/8/32",
    "brelan": "2 hands",
    "bouillotte": "2 hands",
}


#: Seconds the house players think and the tables wait between hands in these tests: longer
#: than simcord's settling (5 s), which would otherwise wait them out in real time after
#: every click; the tests move the virtual clock by this much when no member is to act.
PAUSE = 60.0


def steady(salon: Any, monkeypatch: pytest.MonkeyPatch, seed: int = 1) -> None:
    """A tournament that plays the same every time: house players who wait :data:`PAUSE`
    and draw their chances (and the seats) from ``seed``, the next hand :data:`PAUSE`
    later; the bot restarted too."""
    draws = random.Random(seed)

    def house_rng() -> random.Random:
        return random.Random(draws.random())

    # the cog as the bot loaded it (discord.py imports an extension anew)
    monkeypatch.setattr(sys.modules["cogs.tournaments"], "CREATE_NEXT_HAND_DELAY", PAUSE)
    made = functools.partial(TableManager, house_pause=PAUSE, house_rng=house_rng)
    monkeypatch.setattr(bot.app, "TableManager", made)
    manager = salon.bot.manager
    manager.house_pause, manager.house_rng, manager.tournaments.rng = PAUSE, house_rng, house_rng


async def flushed(salon: Any) -> None:
    """Every queued REST call of the bot is sent."""
    assert await salon.bot.presenter.flush(30), "the table messages did not drain"
    assert await salon.bot.tournament_messages.flush(30), "the tournament's did not drain"


def channel(salon: Any, channel_id: int) -> simcord.ChannelHandle:
    """A channel or thread of the test's server, by id."""
    return simcord.ChannelHandle(salon.env, salon.guild, salon.env.backend.get_channel(channel_id))


async def tournament_message(salon: Any, tid: int = 1) -> Any:
    """The tournament's own message as its channel shows it now."""
    await flushed(salon)
    tournament = await salon.bot.db.query(Transaction.get_tournament, tid)
    for message in channel(salon, tournament.channel_id).history():
        if message.id == tournament.message_ids.get("message"):
            return message
    raise AssertionError("the tournament's message is gone")


async def thread_message(salon: Any, table_id: int) -> Any:
    """A tournament table's message, in its thread."""
    await flushed(salon)
    table = await salon.bot.db.query(Transaction.get_table, table_id)
    for message in channel(salon, table.channel_id).history():
        if message.id == table.message_ids.get("table"):
            return message
    raise AssertionError(f"table {table_id} has no message in its thread")


def announcements(salon: Any, since: int = 0) -> list[str]:
    """The bot's messages with words in the tournament's channel (the announcements), in
    order."""
    return [m.content for m in salon.channel.history()[since:] if m.content]


def embeds_text(message: Any) -> str:
    return json.dumps([e.to_dict() for e in message.embeds], ensure_ascii=False)


async def create(salon: Any, game: str, creator: str = "ann", **options: Any) -> Any:
    """``/tournament create`` in #salon by ``creator``; returns the interaction's result."""
    return await salon.member(creator).slash(
        salon.channel, "tournament create", game=game, **options
    )


async def register_all(salon: Any, names: list[str], tid: int = 1) -> None:
    """Each member clicks Register on the tournament's message."""
    for name in names:
        message = await tournament_message(salon, tid)
        clicked = await salon.member(name).click(message, custom_id=f"salon:r:{tid}:register")
        assert not clicked.ephemeral, clicked.response and clicked.response.content


def tournament_tables(salon: Any, tid: int = 1) -> list[Any]:
    """The tournament's live tables this bot runs, by id."""
    tables = salon.bot.manager.tables.values()
    return sorted(
        (t for t in tables if t.tournament is not None and t.tournament.id == tid),
        key=lambda t: t.id,
    )


async def started(salon: Any, monkeypatch: pytest.MonkeyPatch, game: str, **options: Any) -> Any:
    """A sit-and-go of three (ann, ben and a house player, 25 chips each) under way; its
    table."""
    steady(salon, monkeypatch)
    await create(salon, game, seats=3, buy_in=25, house=1, **options)
    await register_all(salon, ["ann", "ben"])
    (table,) = tournament_tables(salon)
    return table


async def shows_it_called_off(salon: Any, tid: int = 1) -> None:
    """The tournament's message says it was called off, with no button left."""
    message = await tournament_message(salon, tid)
    assert "Called off" in message.embeds[0].description and not message.components


async def click_a_move(salon: Any, rng: random.Random, tid: int = 1) -> bool:
    """A member to act at one of the tournament's tables clicks one of his move buttons (a
    preset amount, drawn by ``rng``); True if one did."""
    members = {m.id: m for m in salon.members.values()}
    for table in tournament_tables(salon, tid):
        hand = salon.bot.manager.public_state(table)["hand"]
        if hand is None or hand["to_act"] is None or is_house(int(hand["to_act"])):
            continue
        message = await thread_message(salon, table.id)
        moves = [
            c.custom_id
            for row in message.components
            for c in row.children
            if c.custom_id.startswith(f"salon:a:{table.id}:{hand['id']}:")
        ]
        assert moves, f"no move button for the player to act at table {table.id}"
        clicked = await members[int(hand["to_act"])].click(message, custom_id=rng.choice(moves))
        assert not clicked.ephemeral, clicked.response and clicked.response.content
        return True
    return False


async def chips_hold(salon: Any) -> None:
    """The census balances and the ledger checks (the pools and tournament chips counted)."""
    census = await salon.bot.db.query(Transaction.chip_census, salon.guild.id)
    assert census.balanced, census
    assert await salon.bot.db.query(Transaction.verify_ledger, salon.guild.id) == []


async def balance(salon: Any, name: str) -> int:
    member = salon.member(name)
    return int(await salon.bot.db.write(Transaction.balance, salon.guild.id, member.id))
