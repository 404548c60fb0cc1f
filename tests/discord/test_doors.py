"""The doors issue 48 found open on the Discord side, through simcord: a tournament in a
wallet's history, a forged hint click, the flambeau at a practice table, /learn taken by one
member, a departed member's web link (docs/security.md, "Doors closed")."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer
from salon_helpers import speak_french
from simsupport import table_message
from tournament_helpers import channel, create, started, steady, tournament_message

from bot.learn.desk import IDLE_FOR, MOST_PER_SERVER
from bot.storage.readonly import open_reader
from bot.web.app import make_app
from bot.web.site import Site

HINT1 = "salon:t:1:hint"
URL = "https://salon.example"


async def test_the_wallet_names_a_tournament_buy_in_its_refund_and_its_prize(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    await create(salon, "brelan", seats=4, buy_in=40)
    ann = salon.member("ann")
    for action in ("register", "unregister", "register"):
        message = await tournament_message(salon)
        await ann.click(message, custom_id=f"salon:r:1:{action}")
    text = (await ann.slash(salon.channel, "wallet")).response.content
    assert "None" not in text and "cave at table" not in text
    assert text.count("buy-in of tournament no. 1") == 3
    assert "buy-in of tournament no. 1 refunded" in text


async def forged_hint(salon: Any, channel_id: int, table_id: int) -> Any:
    """A message carrying a Hint button for ``table_id`` (the table itself shows none)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="hint", custom_id=f"salon:t:{table_id}:hint"))
    sent = await salon.bot.get_partial_messageable(channel_id).send("x", view=view)
    view.stop()
    return next(m for m in channel(salon, channel_id).history() if m.id == sent.id)


async def test_a_forged_hint_is_refused_in_words_at_cash_and_tournament_tables(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, bob, cid = salon.member("ann"), salon.member("bob"), salon.member("cid")
    await ann.slash(salon.channel, "table create", game="brelan")
    waiting = await cid.click(await forged_hint(salon, salon.channel.id, 1), custom_id=HINT1)
    assert waiting.ephemeral and "for practice tables only" in waiting.response.content
    for member in (ann, bob):
        await member.click(await table_message(salon), label="Join")
    await ann.click(await table_message(salon), label="Start")
    for who in (ann, bob, cid):  # the player to act, the other one, a stranger
        refused = await who.click(await forged_hint(salon, salon.channel.id, 1), custom_id=HINT1)
        assert refused.ephemeral and "for practice tables only" in refused.response.content
    table = await started(salon, monkeypatch, "bouillotte")
    hint = f"salon:t:{table.id}:hint"
    for name in ("ann", "ben", "zed"):
        message = await forged_hint(salon, table.channel_id, table.id)
        refused = await salon.member(name).click(message, custom_id=hint)
        assert refused.ephemeral and "for practice tables only" in refused.response.content


@pytest.mark.parametrize("game", ["brelan", "bouillotte"])
async def test_the_flambeau_is_refused_at_a_practice_table_in_words(
    salon: Any, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = salon.member("ann")
    refused = await ann.slash(
        salon.channel, "table create", game=game, options="practice=on flambeau=on"
    )
    assert refused.ephemeral
    assert "A practice table cannot have the flambeau" in refused.response.content
    assert salon.bot.manager.tables == {}
    with monkeypatch.context() as french:
        speak_french(french)
        refused = await ann.slash(
            salon.channel, "table create", game=game, options="practice=on flambeau=on"
        )
    assert "Une table d'entraînement ne peut pas avoir le flambeau" in refused.response.content
    real = await ann.slash(salon.channel, "table create", game=game, options="flambeau=on")
    assert not real.ephemeral  # a real table keeps it


@pytest.fixture
def web_public_url() -> str | None:
    return URL


async def link_opens(salon: Any, link: str) -> int:
    """What the pages, reading the bot's database, answer to a member's link."""
    reader = await open_reader(salon.database)
    try:
        site = Site(reader, public_url=URL, clock=lambda: discord.utils.utcnow().timestamp())
        async with TestClient(TestServer(make_app(site))) as client:
            path = link.removeprefix(URL)
            async with client.get(path, allow_redirects=False) as response:
                return response.status
    finally:
        await reader.close()


@pytest.mark.parametrize("how", ["leaves", "is banned"])
async def test_a_member_who_leaves_or_is_banned_loses_his_web_link_at_once(
    salon: Any, how: str
) -> None:
    ann, bob = salon.member("ann"), salon.member("bob")
    links = {}
    for who in (ann, bob):
        answer = (await who.slash(salon.channel, "web")).response.content
        links[who.id] = next(w for w in answer.split() if w.startswith(URL))
    assert await link_opens(salon, links[ann.id]) == 303  # into his cookie, then the pages
    if how == "leaves":
        salon.guild.remove_member(ann)
    else:
        salon.env.backend.apply_ban(salon.guild.id, ann.id, "alt account")
    await salon.env.settle()
    assert await link_opens(salon, links[ann.id]) == 403
    assert await link_opens(salon, links[bob.id]) == 303


def first_button(message: Any) -> str:
    """The custom id of a lesson page's first button."""
    row = message.components[0]
    children = row["components"] if isinstance(row, dict) else row.children
    child = children[0]
    return str(child["custom_id"] if isinstance(child, dict) else child.custom_id)


async def test_one_member_cannot_keep_learn_from_the_others(salon: Any) -> None:
    desk = salon.bot.lessons
    desk.most = MOST_PER_SERVER + 2  # MOST_LESSONS, smaller: the same test, quicker
    try:
        await learn_is_shared(salon, desk)
    finally:
        await desk.aclose()  # each lesson's database thread ends with it


async def learn_is_shared(salon: Any, desk: Any) -> None:
    ann = salon.member("ann")
    first = await ann.slash(salon.channel, "learn", game="brelan")
    for _ in range(desk.most):  # a member's new /learn ends the lesson he had
        again = await ann.slash(salon.channel, "learn", game="brag")
        assert again.ephemeral and again.response.components
    assert len(desk.seats) == 1
    old = await ann.click(first.response, custom_id=first_button(first.response))
    assert "This lesson is over or has expired" in old.response.content
    bob = await salon.member("bob").slash(salon.channel, "learn", game="bouillotte")
    assert bob.ephemeral and bob.response.components  # not refused
    # one server takes at most MOST_PER_SERVER lessons; another server still gets its own
    for n in range(MOST_PER_SERVER - 2):
        opened = await salon.member(f"m{n}").slash(salon.channel, "learn", game="brelan")
        assert opened.response.components
    refused = await salon.member("zoe").slash(salon.channel, "learn", game="brelan")
    assert refused.ephemeral
    assert (
        f"{MOST_PER_SERVER} lessons are already running in this server: try again"
        in refused.response.content
    )
    other = salon.env.create_guild("Autre")
    elsewhere = other.create_text_channel("salon")
    zed = other.add_member(salon.env.create_user("zed"))
    opened = await zed.slash(elsewhere, "learn", game="brelan")
    assert opened.response.components
    # a lesson nobody answers for IDLE_FOR seconds is closed, and its place is free again
    now = desk.clock()
    desk.clock = lambda: now + IDLE_FOR + 1
    again = await salon.member("zoe").slash(salon.channel, "learn", game="brelan")
    assert again.response.components and len(desk.seats) == 1
