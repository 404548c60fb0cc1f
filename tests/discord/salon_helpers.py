"""Helpers for the economy, history and admin simcord tests.

Hands are made by driving the bot's own ``TableManager`` (the runtime the table cog uses),
so what the commands read is what real play writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions

from bot.runtime import TableManager


def choose(legal: list[dict[str, Any]]) -> tuple[str, int | None]:
    """Decline the carre, open for the least, then everyone else folds: a short hand."""
    verbs = {a["verb"]: a for a in legal}
    if "decline" in verbs:
        return "decline", None
    if "open" in verbs:
        return "open", verbs["open"]["min"]
    for verb in ("pass", "stand", "hold"):
        if verb in verbs:
            return verb, None
    first = legal[0]
    return first["verb"], first.get("amount", first.get("min"))


async def play_hand(manager: TableManager, table_id: int, limit: int = 100) -> int:
    """Deal a hand at the table and play it to its end; returns its id."""
    hand_id = await manager.start(table_id)
    for _ in range(limit):
        hand = (await manager.status(table_id))["hand"]
        if hand is None or hand["id"] != hand_id:
            return hand_id
        verb, amount = choose(hand["legal"])
        await manager.act(table_id, int(hand["to_act"]), verb, amount)
    raise AssertionError("the hand did not end")


async def open_table(
    manager: TableManager,
    guild_id: int,
    channel_id: int,
    players: Sequence[int],
    game: str = "bouillotte",
) -> int:
    """A table (no automatic deal) with ``players`` seated; returns its id."""
    table_id = await manager.create_table(
        guild_id, channel_id, game, players[0], {"auto_deal": False}
    )
    for user_id in players:
        await manager.join(table_id, user_id)
    return table_id


def add_manager(salon: Any, name: str) -> simcord.MemberActor:
    """A member whose role has the Manage Server permission (and nothing more)."""
    role = salon.guild.create_role(
        f"{name}-managers", permissions=discord.Permissions(manage_guild=True)
    )
    member: simcord.MemberActor = salon.guild.add_member(salon.env.create_user(name), roles=[role])
    salon.members[name] = member
    return member


def add_bot(salon: Any, name: str = "robot") -> simcord.MemberActor:
    """Another bot account, member of the guild."""
    member: simcord.MemberActor = salon.guild.add_member(salon.env.create_user(name, bot=True))
    return member


def speak_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every simulated user's Discord client French (simcord always says en-US).

    Patches simcord's interaction payload builder, which its actors look up at call time.
    """
    original = simcord.interactions.base_payload

    def french_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        payload["guild_locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", french_payload)


def last_callback(salon: Any) -> Any:
    """The JSON body of the bot's latest interaction response."""
    for entry in reversed(salon.env.http_requests):
        if entry.method == "POST" and entry.path.endswith("/callback"):
            return entry.json
    raise AssertionError("the bot answered no interaction")


def command(salon: Any, name: str) -> dict[str, Any]:
    """A synced global command's payload, as Discord stores it."""
    found = salon.env.backend.find_command(name, None)
    assert found is not None, f"/{name} is not synced"
    return dict(found)


async def give_freely(salon: Any) -> None:
    """Turn the /give integrity limits off (the account and membership ages, the welcome grant
    kept until enough hands are played) for a test about something else: simcord's members
    are created at the start of the test. ``tests/discord/test_flows.py`` tests the defaults."""
    from dataclasses import replace

    from bot.ui.abuse import give_limits, save_give_limits

    db, guild = salon.bot.db, salon.guild.id
    limits = await give_limits(db, guild)
    off = replace(limits, min_account_days=0.0, min_member_days=0.0, grant_hands=0)
    await save_give_limits(db, guild, off)
