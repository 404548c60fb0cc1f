"""The web leaderboard's season selector (bot/web/pages.py, leaderboard.html) through
aiohttp's test client: the server's seasons offered, a past season's archived standings, the
open one's, and nothing but the periods for a server without seasons."""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.storage import Transaction
from bot.storage.readonly import open_reader
from bot.web.app import make_app
from bot.web.site import Site
from bot.web.tables import StoredTables
from tests.test_runtime_support import CHANNEL, GUILD, make_env, play_until_hand_over

USERS = [101_001, 101_002, 101_003]
ADMIN = 900
NAME = "Été <b>"


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[TestClient]:
    """A public server: one hand before any season, two in season 1 (ended), one in season
    2 (open)."""
    env = await make_env(tmp_path / "bot.db")
    m, db = env.manager, env.db
    table = await m.create_table(GUILD, CHANNEL, "bouillotte", USERS[0], {"auto_deal": False})
    for user in USERS:
        await m.join(table, user)

    async def hands(n: int) -> None:
        for _ in range(n):
            await m.start(table)
            await play_until_hand_over(m, table)

    await hands(1)
    await db.write(Transaction.start_season, GUILD, NAME, by=ADMIN)
    await hands(2)
    await db.write(Transaction.end_season, GUILD, by=ADMIN)
    await db.write(Transaction.start_season, GUILD, "", by=ADMIN)
    await hands(1)
    await db.write(Transaction.change_web_settings, GUILD, visibility="public", min_hands=1)
    await db.write(Transaction.change_web_settings, GUILD + 1, visibility="public")
    reader = await open_reader(tmp_path / "bot.db")
    site = Site(reader, StoredTables(reader), public_url="https://salon.example")
    try:
        async with TestClient(TestServer(make_app(site))) as test_client:
            yield test_client
    finally:
        await reader.close()
        await m.aclose()
        await db.close()


async def text_of(client: TestClient, path: str, **kwargs: object) -> str:
    async with client.get(path, **kwargs) as response:
        assert response.status == 200, path
        return await response.text()


def options(text: str) -> list[tuple[str, str, bool]]:
    """The selector's seasons: (value, name, selected)."""
    found = re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', text)
    return [(value, html.unescape(name), bool(on)) for value, on, name in found]


def hands_played(text: str) -> list[str]:
    """The "Hands played" cell of every row (the first column of figures)."""
    rows = re.findall(r"<tr><td>\d+</td>.*?</tr>", text, flags=re.S)
    return [re.findall(r'<td class="num">([^<]*)</td>', row)[0] for row in rows]


async def test_the_selector_offers_the_seasons_and_shows_each(client: TestClient) -> None:
    page = await text_of(client, f"/g/{GUILD}/leaderboard?metric=hands_won&order=asc")
    assert options(page) == [
        ("season-2", "Season 2 (open)", False),
        ("season-1", f"Season 1 “{NAME}”", False),
    ]
    assert "<b>" not in page.split("<main", 1)[-1]  # the admins' name is escaped
    assert '<input type="hidden" name="metric" value="hands_won">' in page
    assert '<input type="hidden" name="order" value="asc">' in page
    assert f'action="/g/{GUILD}/leaderboard"' in page
    assert hands_played(page) == ["4", "4", "4"]  # all time

    past = await text_of(client, f"/g/{GUILD}/leaderboard?period=season-1")
    assert ("season-1", f"Season 1 “{NAME}”", True) in options(past)
    assert 'aria-current="page"' not in past  # neither all time nor this week
    assert hands_played(past) == ["2", "2", "2"]
    assert "3 players ranked" in past
    sorted_past = await text_of(client, f"/g/{GUILD}/leaderboard?period=season-1&metric=net_chips")
    assert "period=season-1" in sorted_past  # the column links keep the season

    current = await text_of(client, f"/g/{GUILD}/leaderboard?period=season-2")
    assert ("season-2", "Season 2 (open)", True) in options(current)
    assert hands_played(current) == ["1", "1", "1"]

    for unknown in ("season-9", "season-0", "season-x"):
        fallback = await text_of(client, f"/g/{GUILD}/leaderboard?period={unknown}")
        assert hands_played(fallback) == ["4", "4", "4"], unknown


async def test_the_selector_speaks_french(client: TestClient) -> None:
    page = await text_of(client, f"/g/{GUILD}/leaderboard", headers={"Accept-Language": "fr"})
    assert [name for _, name, _ in options(page)] == [
        "Saison 2 (en cours)",
        f"Saison 1 «\xa0{NAME}\xa0»",
    ]
    assert ">Saison</label>" in page and ">Afficher</button>" in page


async def test_a_server_without_seasons_shows_only_the_periods(client: TestClient) -> None:
    page = await text_of(client, f"/g/{GUILD + 1}/leaderboard")
    assert "<select" not in page and "<form" not in page
