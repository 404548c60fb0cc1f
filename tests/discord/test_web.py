"""The Discord side of the web pages, through simcord: /web, /admin web, the links under the
showdown, in /history and under /leaderboard, and the names stored as members play."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from bot.storage import Transaction
from bot.web import links
from tests.discord.salon_helpers import add_manager, open_table
from tests.test_runtime_support import play_until_hand_over

URL = "https://salon.example"


@pytest.fixture
def web_public_url() -> str | None:
    return URL


def link_buttons(message: Any) -> list[tuple[str, str]]:
    """(label, url) of a message's link buttons (discord.py's components, or the payload's)."""
    found = []
    for row in message.components or []:
        children = row["components"] if isinstance(row, dict) else row.children
        for child in children:
            url = child.get("url") if isinstance(child, dict) else child.url
            label = child.get("label") if isinstance(child, dict) else child.label
            if url:
                found.append((label, url))
    return found


async def played(salon: Any) -> tuple[int, int]:
    players = [salon.member(n).id for n in ("alice", "bob", "carol")]
    manager = salon.bot.manager
    table = await open_table(manager, salon.guild.id, salon.channel.id, players)
    await manager.start(table)
    hand = await play_until_hand_over(manager, table)  # to a showdown
    await salon.bot.presenter.flush(10)
    return table, hand


async def test_web_gives_a_member_his_own_signed_link_privately(salon: Any) -> None:
    alice = salon.member("alice")
    result = await alice.slash(salon.channel, "web")
    assert result.ephemeral
    text = result.response.content
    assert f"{URL}/g/{salon.guild.id}/?k=" in text and "7 days" in text
    token = parse_qs(urlsplit(text.split()[text.split().index("days:") + 1]).query)["k"][0]
    settings = await salon.bot.db.query(Transaction.web_settings, salon.guild.id)
    assert settings.name == "Salon"
    now = discord.utils.utcnow().timestamp()
    assert links.verify(settings.link_key, salon.guild.id, token, now=now) == alice.id
    # the member's name, as the server shows it, is kept for the pages
    stored = await salon.bot.db.query(Transaction.web_members, salon.guild.id, [alice.id])
    assert stored[alice.id].name == "alice"


async def test_web_name_hide_keeps_him_off_public_pages(salon: Any) -> None:
    admin = add_manager(salon, "boss")
    await admin.slash(salon.channel, "admin web", visibility="public")
    bob = salon.member("bob")
    result = await bob.slash(salon.channel, "web", name="hide")
    assert "kept off the public pages" in result.response.content
    assert f"{URL}/g/{salon.guild.id}/" in result.response.content
    stored = await salon.bot.db.query(Transaction.web_members, salon.guild.id, [bob.id])
    assert stored[bob.id].hidden
    shown = await bob.slash(salon.channel, "web", name="show")
    assert "show on the public pages" in shown.response.content


async def test_admin_web_sets_visibility_and_revokes_links(salon: Any) -> None:
    admin = add_manager(salon, "boss")
    result = await admin.slash(salon.channel, "admin web", visibility="off", min_hands=3)
    assert result.ephemeral and "off: no page" in result.response.content
    settings = await salon.bot.db.query(Transaction.web_settings, salon.guild.id)
    assert (settings.visibility, settings.min_hands) == ("off", 3)
    off = await salon.member("alice").slash(salon.channel, "web")
    assert "turned its web pages off" in off.response.content and "?k=" not in off.response.content
    rotated = await admin.slash(salon.channel, "admin web", visibility="members", rotate=True)
    assert "revoked" in rotated.response.content
    assert (await salon.bot.db.query(Transaction.web_settings, salon.guild.id)).link_key != (
        settings.link_key
    )


async def test_the_showdown_links_to_its_hands_page_without_a_request_more(salon: Any) -> None:
    _table, hand = await played(salon)
    posts = [m for m in salon.channel.history() if m.embeds]  # the showdown
    assert posts
    assert link_buttons(posts[-1]) == [
        ("Replay the hand", f"{URL}/g/{salon.guild.id}/hands/{hand}")
    ]


async def test_leaderboard_and_history_link_to_the_pages(salon: Any) -> None:
    _table, hand = await played(salon)
    alice = salon.member("alice")
    board = await alice.slash(salon.channel, "leaderboard", metric="hands_won", period="week")
    assert not board.ephemeral
    url = f"{URL}/g/{salon.guild.id}/leaderboard?metric=hands_won&period=week"
    assert link_buttons(board.response) == [("Open the page", url)]
    history = await alice.slash(salon.channel, "history")
    assert f"On the web: {URL}/g/{salon.guild.id}/?k={alice.id}." in history.response.content
    # each hand's number opens its replayer (a plain address: no token in a listing)
    assert f"[#{hand}](<{URL}/g/{salon.guild.id}/hands/{hand}>)" in history.response.content
    admin = add_manager(salon, "boss")
    await admin.slash(salon.channel, "admin web", visibility="off")
    board = await alice.slash(salon.channel, "leaderboard")
    assert link_buttons(board.response) == []
    history = await alice.slash(salon.channel, "history")
    assert "On the web" not in history.response.content
    assert f"`#{hand}`" in history.response.content and "/hands/" not in history.response.content
