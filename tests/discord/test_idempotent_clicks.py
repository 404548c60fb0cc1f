"""Idempotent clicks (issue 11): a button plays the move number it was drawn for; a click
delivered twice or late is answered "That move was already played.", even when the turn has
come back to the same player in the same hand.

simcord only lets a member click what the message shows now, so the late click is played
through the runtime with the button's own id, and the ids are checked on the message."""

from __future__ import annotations

import re
from typing import Any

import pytest
from simsupport import custom_ids, state, table_message

from bot.games import registry
from bot.games.verbs import Verb
from bot.runtime.errors import AlreadyPlayed
from bot.storage import Transaction
from bot.ui.views import ActButton, OldActionButton, OtherAmountButton


async def duel(salon: Any) -> tuple[Any, Any, int]:
    alice, bob = salon.member("alice"), salon.member("bob")
    created = await alice.slash(salon.channel, "table create", game="brelan", options="carre=off")
    assert not created.ephemeral, created.response.content
    for member in (alice, bob):
        await member.slash(salon.channel, "table join")
    await alice.slash(salon.channel, "table start")
    table = await salon.bot.manager.table_in_channel(salon.channel.id)
    return alice, bob, int(table)


def template(item: type[Any]) -> re.Pattern[str]:
    return item.__discord_ui_compiled_template__  # type: ignore[no-any-return]


async def test_a_late_click_for_a_move_already_played_is_refused(salon: Any) -> None:
    alice, bob, table = await duel(salon)
    members = {alice.id: alice, bob.id: bob}
    hand = state(salon, table)["hand"]
    first = members[int(hand["to_act"])]
    other = bob if first is alice else alice
    old = await table_message(salon, table)
    opened = next(c for c in custom_ids(old) if ":open:" in c)
    match = template(ActButton).fullmatch(opened)
    assert match is not None and match["index"] == "0"  # drawn for move 0
    await first.click(old, custom_id=opened)
    assert all(":0:" not in c for c in custom_ids(await table_message(salon, table)) if ":a:" in c)
    # the other player raises: the turn comes back to the first one, in the same hand
    hand = state(salon, table)["hand"]
    raise_to = next(a for a in hand["legal"] if a["verb"] == "raise")["min"]
    await salon.bot.manager.act(table, other.id, "raise", raise_to)
    assert state(salon, table)["hand"]["to_act"] == str(first.id)
    moves = len((await salon.bot.db.query(Transaction.current_hand, table)).record["actions"])

    # the same button delivered again (a lagging client, a repeated interaction)
    with pytest.raises(AlreadyPlayed, match=r"^That move was already played\.$"):
        await salon.bot.manager.act(
            table, first.id, "open", int(match["amount"]), hand_id=int(match["hand"]), index=0
        )

    assert (
        len((await salon.bot.db.query(Transaction.current_hand, table)).record["actions"]) == moves
    )
    fresh = await table_message(salon, table)
    assert any(f":{moves}:" in c for c in custom_ids(fresh) if c.startswith("salon:a:"))


def test_old_button_ids_are_answered_as_stale_and_new_ones_play() -> None:
    old, new, other = "salon:a:1:7:pass:", "salon:a:1:7:3:pass:", "salon:o:1:7:3:raise"
    assert template(OldActionButton).fullmatch(old)
    assert template(OldActionButton).fullmatch("salon:o:1:7:raise")
    assert not template(ActButton).fullmatch(old)
    assert template(ActButton).fullmatch(new) and not template(OldActionButton).fullmatch(new)
    assert template(OtherAmountButton).fullmatch(other)
    assert not template(OldActionButton).fullmatch(other)
    # the longest custom id a button can carry: Discord refuses more than 100 characters
    huge = ActButton(10**18, 10**18, "showdown", 10**9, index=10**6, label="x")
    assert 60 < len(huge.item.custom_id) <= 100, huge.item.custom_id


def test_action_ids_carry_only_the_verbs_of_the_games() -> None:
    """Every verb a button may carry (every game's) still matches its button; a word that is
    no :class:`Verb` matches none (tests/discord/test_one_answer.py clicks one)."""
    every = {v for g in registry.specs() for v in g.verbs}
    assert every == set(Verb)
    for verb in every:
        assert template(ActButton).fullmatch(f"salon:a:1:7:3:{verb}:") is not None, verb
        assert template(ActButton).fullmatch(f"salon:a:1:7:3:{verb}:12")["verb"] == verb
        assert template(OtherAmountButton).fullmatch(f"salon:o:1:7:3:{verb}") is not None, verb
        assert template(OldActionButton).fullmatch(f"salon:a:1:7:{verb}:") is not None, verb
    for word in ("poke", "Raise", "raisee", "rais", "fold|pass", ""):
        for item, custom_id in (
            (ActButton, f"salon:a:1:7:3:{word}:"),
            (OtherAmountButton, f"salon:o:1:7:3:{word}"),
            (OldActionButton, f"salon:a:1:7:{word}:"),
        ):
            assert template(item).fullmatch(custom_id) is None, custom_id


async def test_an_unexpected_error_on_a_click_is_answered_privately(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = salon.member("alice")
    await alice.slash(salon.channel, "table create", game="bouillotte")
    table = await salon.bot.manager.table_in_channel(salon.channel.id)

    async def broken(*_args: Any, **_kwargs: Any) -> str:
        raise RuntimeError("a bug")

    monkeypatch.setattr(salon.bot.manager, "join", broken)
    clicked = await alice.click(await table_message(salon, table), label="Join")

    assert clicked.ephemeral
    assert clicked.response.content.startswith("Something went wrong on our side")
