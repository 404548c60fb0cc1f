"""/tournament on Discord: the registration message and its buttons (persistent, idempotent,
gated before their callback, one request a click), the creation's refusals and examples in
the reader's language, a scheduled start (its timestamp, the reminder ping, the refund for
want of players), the admin's cancellation, the status and the list."""

from __future__ import annotations

import json
import re
from typing import Any

import discord
import pytest
from salon_helpers import add_manager, speak_french
from tournament_helpers import (
    GRANT,
    PAUSE,
    announcements,
    balance,
    channel,
    chips_hold,
    create,
    embeds_text,
    register_all,
    shows_it_called_off,
    started,
    steady,
    thread_message,
    tournament_message,
    tournament_tables,
)

from bot.storage import Transaction
from bot.ui.tournament_view import RegisterButton


def private(result: Any) -> str:
    """A private answer's text (its content, or its embed's)."""
    assert result.ephemeral, result.response and result.response.content
    response = result.response
    return str(response.content) + json.dumps(
        [e.to_dict() for e in response.embeds], ensure_ascii=False
    )


async def test_registration_buttons_cost_one_request_and_refuse_twice(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    created = await create(salon, "bouillotte", seats=3, buy_in=50, house=1, per_table=4)
    assert not created.ephemeral
    message = await tournament_message(salon)
    embed = message.embeds[0]
    assert embed.title == "Bouillotte — tournament #1"
    assert "starts as soon as 3 players have registered" in embed.description
    assert [c.label for row in message.components for c in row.children] == [
        "Register",
        "Unregister",
    ]
    ann, ben = salon.member("ann"), salon.member("ben")
    before = len(salon.env.http_requests)
    clicked = await ann.click(message, custom_id="salon:r:1:register")
    assert not clicked.ephemeral
    made = salon.env.http_requests[before:]
    assert [r.path.split("/")[1] for r in made] == ["interactions"], made  # one request
    assert f"<@{ann.id}>" in embeds_text(await tournament_message(salon))
    assert await balance(salon, "ann") == GRANT - 50

    called: list[str] = []  # a refused click never reaches the callback

    async def callback(self: Any, interaction: Any) -> None:
        called.append(self.custom_id)

    with monkeypatch.context() as patched:
        patched.setattr(RegisterButton, "callback", callback)
        again = await ann.click(await tournament_message(salon), custom_id="salon:r:1:register")
        assert private(again).startswith("You are already registered for this tournament.")
        stranger = await ben.click(
            await tournament_message(salon), custom_id="salon:r:1:unregister"
        )
        assert private(stranger).startswith("You are not registered for this tournament.")
    assert called == []
    assert await balance(salon, "ann") == GRANT - 50  # charged once

    left = await ann.click(await tournament_message(salon), custom_id="salon:r:1:unregister")
    assert not left.ephemeral and await balance(salon, "ann") == GRANT
    await salon.restart()  # the buttons of a message posted before still work
    await register_all(salon, ["ann", "ben"])
    await chips_hold(salon)
    # the field is full: it started, the message shows the standings and no button
    message = await tournament_message(salon)
    assert not message.components and "Still in (3)" in embeds_text(message)
    (table,) = tournament_tables(salon)
    in_thread = await thread_message(salon, table.id)
    assert in_thread.embeds[0].title.startswith("Bouillotte — tournament #1, table 1")
    assert "Level 1: ante 1" in embeds_text(in_thread)
    labels = [c.label for row in in_thread.components for c in row.children]
    assert "I'm back" in labels and "Leave" not in labels and "Start" not in labels
    said = "\n".join(announcements(salon))
    assert f"Table 1 plays in <#{table.channel_id}>" in said


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_what_create_cannot_read_is_refused_privately_in_the_readers_words(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    if lang == "fr":
        speak_french(monkeypatch)
    words = {
        "en": (
            "That schedule cannot be read",
            "Those payouts cannot be read",
            "“soon” is not a start I can read",
            "A tournament cannot be created inside a thread",
            "I need the Create Public Threads permission",
            "The start must be in the future.",
        ),
        "fr": (
            "Impossible de lire ces paliers",
            "Impossible de lire cette répartition",
            "«\u00a0soon\u00a0» n'est pas un début que je sais lire",
            "Un tournoi ne se crée pas dans un fil",
            "il me faut la permission «\u00a0Créer des fils publics\u00a0»",
            "Le début doit être dans le futur.",
        ),
    }[lang]
    base = {"game": "brelan", "seats": 4, "buy_in": 10}
    ann = salon.member("ann")
    refusals = [
        await ann.slash(salon.channel, "tournament create", **base, schedule="10 hands: 1 x"),
        await ann.slash(salon.channel, "tournament create", **base, payouts="60/30"),
        await ann.slash(salon.channel, "tournament create", **base, start="soon"),
    ]
    thread = channel(salon, salon.env.backend.create_thread(salon.channel.id, "t", ann.id).id)
    refusals.append(await ann.slash(thread, "tournament create", **base))
    me = salon.guild.me
    assert me is not None
    bare = salon.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    refusals.append(await ann.slash(bare, "tournament create", **base))
    refusals.append(await ann.slash(salon.channel, "tournament create", **base, start="<t:1>"))
    for result, text in zip(refusals, words, strict=True):
        assert text in private(result), (text, private(result))
    assert not await salon.bot.db.query(Transaction.tournaments, salon.guild.id)


async def test_the_autocompletes_offer_examples_in_the_readers_words(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = salon.member("ann")
    base = {"game": "brag", "seats": 4, "buy_in": 10}
    levels = await ann.autocomplete(salon.channel, "tournament create", "schedule", "", **base)
    assert levels[0]["value"] == "10 hands"
    assert any(c["value"].endswith("1/1/10 2/2/20 3/3/30 5/5/50 8/8/80") for c in levels)
    mine = await ann.autocomplete(salon.channel, "tournament create", "schedule", "6 hands", **base)
    assert mine[0]["name"].startswith("6 hands — a level every 6 hands")
    split = await ann.autocomplete(salon.channel, "tournament create", "payouts", "70/30", **base)
    assert split[0] == {"name": "70/30 — 2 places paid", "value": "70/30"}
    start = await ann.autocomplete(salon.channel, "tournament create", "start", "1h30", **base)
    assert start[0]["value"] == "1h30" and "in 90 minutes" in start[0]["name"]
    speak_french(monkeypatch)
    french = await ann.autocomplete(salon.channel, "tournament create", "schedule", "", **base)
    assert french[0] == {
        "name": "10 donnes — un palier toutes les 10 donnes, les paliers par défaut du jeu",
        "value": "10 donnes",
    }


async def test_a_scheduled_tournament_reminds_its_players_then_refunds_a_short_field(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    await create(salon, "brelan", seats=6, buy_in=40, start="1h", min_players=3)
    message = await tournament_message(salon)
    start_at = int(re.findall(r"<t:(\d+):f>", message.embeds[0].description)[0])
    assert f"Starts <t:{start_at}:f> (<t:{start_at}:R>) if at least 3 players" in (
        message.embeds[0].description
    )
    await register_all(salon, ["ann", "ben"])
    mark = len(salon.channel.history())
    await salon.env.advance_time(3600 - 300 + 1)  # five minutes before
    (reminder,) = [m for m in salon.channel.history()[mark:] if m.content]
    assert reminder.content.startswith(f"Tournament 1 starts <t:{start_at}:R>.")
    (pinged,) = [
        r.json
        for r in salon.env.http_requests
        if isinstance(r.json, dict) and str(r.json.get("content")).startswith("Tournament 1 starts")
    ]
    wanted = {salon.member(n).id for n in ("ann", "ben")}
    assert {int(u) for u in pinged["allowed_mentions"]["users"]} == wanted
    await salon.env.advance_time(301)
    said = "\n".join(announcements(salon, mark))
    assert "Tournament 1 is called off: 2 registered, 3 needed." in said
    assert {await balance(salon, n) for n in ("ann", "ben")} == {GRANT}
    await shows_it_called_off(salon)
    await chips_hold(salon)


async def test_an_admin_calls_a_running_tournament_off_and_every_buy_in_comes_back(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(salon, monkeypatch, "brag")
    refused = await salon.member("ben").slash(salon.channel, "tournament cancel")
    assert private(refused).startswith("Only a server manager can call off a tournament")
    creator = await salon.member("ann").slash(salon.channel, "tournament cancel")
    assert private(creator).startswith("Only a server manager")  # it has started
    listed = await salon.member("ben").slash(salon.channel, "tournament list")
    assert "#1 Brag — under way, 3 still in" in private(listed)
    status = await salon.member("ben").slash(channel(salon, table.channel_id), "tournament status")
    assert "Still in (3)" in private(status)  # asked in the table's thread
    boss = add_manager(salon, "boss")
    done = await boss.slash(salon.channel, "tournament cancel", tournament=1)
    assert private(done).startswith("The tournament is called off")
    assert {await balance(salon, n) for n in ("ann", "ben")} == {GRANT}
    assert "Tournament 1 is called off" in "\n".join(announcements(salon))
    meta = salon.env.backend.get_channel(table.channel_id).thread_metadata
    assert meta.archived and meta.locked
    nothing = await salon.member("ben").slash(salon.channel, "tournament list")
    assert "No tournament here yet" in private(nothing)
    past = await salon.member("ben").slash(salon.channel, "tournament list", past=True)
    assert "#1 Brag — called off" in private(past)
    await salon.env.advance_time(PAUSE)
    await chips_hold(salon)


async def test_a_move_at_a_tournament_table_costs_one_request(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With turn notices off, a click at a table in its thread is the interaction's answer
    alone, as at any table (a hand's end costs its showdown and the tournament's news)."""
    steady(salon, monkeypatch)
    for name in ("ann", "ben", "cid"):
        await salon.member(name).slash(salon.channel, "notify", how="off")
    await create(salon, "brelan", seats=3, buy_in=10)
    await register_all(salon, ["ann", "ben", "cid"])
    (table,) = tournament_tables(salon)
    members = {salon.member(n).id: salon.member(n) for n in ("ann", "ben", "cid")}
    for _ in range(10):
        hand = salon.bot.manager.public_state(table)["hand"]
        if hand is not None and hand["to_act"] is not None:
            break
        await salon.env.advance_time(PAUSE)
    message = await thread_message(salon, table.id)
    first = next(  # the first move of three players never ends the hand
        c.custom_id
        for row in message.components
        for c in row.children
        if c.custom_id.startswith(f"salon:a:{table.id}:{hand['id']}:")
    )
    before = len(salon.env.http_requests)
    clicked = await members[int(hand["to_act"])].click(message, custom_id=first)
    assert not clicked.ephemeral
    assert salon.bot.manager.public_state(table)["hand"]["id"] == hand["id"]  # not over
    made = salon.env.http_requests[before:]
    assert [r.path.split("/")[1] for r in made] == ["interactions"], made
