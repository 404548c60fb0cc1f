"""The web pages through aiohttp's test client: every route, every refusal, every visibility,
the signed links, the safety headers, the request limit (docs/web.md)."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.storage import METRICS, Database, Transaction
from bot.storage.readonly import open_reader
from bot.web import links
from bot.web.app import CONTENT_SECURITY_POLICY, make_app
from bot.web.limits import RequestLimit
from bot.web.site import Site
from bot.web.tables import LiveTables, StoredTables
from tests.test_runtime_support import CHANNEL, GUILD, Env, make_env, play_until_hand_over

ROOT = Path(__file__).resolve().parents[1]
USERS = [101_001, 101_002, 101_003, 101_004]
EVIL = '<script>alert("x")</script>'
AVATAR = "https://cdn.discordapp.com/avatars/101001/abc.png"
OTHER_GUILD = 2
NOW = 1_800_000_000.0


@dataclass
class Salon:
    """A server with a finished hand and one in play, its members, a reader on its database."""

    env: Env
    reader: Database
    table: int
    finished: int

    def site(self, **kwargs: object) -> Site:
        return Site(
            self.reader,
            StoredTables(self.reader),
            public_url="https://salon.example",
            clock=lambda: NOW,
            **kwargs,
        )

    async def key(self, guild: int = GUILD) -> str:
        settings = await self.env.db.query(Transaction.web_settings, guild)
        assert settings.link_key is not None
        return settings.link_key

    async def token(
        self, user: int = USERS[0], *, guild: int = GUILD, expires: float = NOW + 60
    ) -> str:
        return links.sign(await self.key(guild), guild, user, int(expires))

    async def visibility(self, value: str, guild: int = GUILD) -> None:
        await self.env.db.write(Transaction.change_web_settings, guild, visibility=value)


@pytest.fixture
async def salon(tmp_path: Path) -> AsyncIterator[Salon]:
    env = await make_env(tmp_path / "bot.db")
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "bouillotte", USERS[0], {"auto_deal": False})
    for user in USERS:
        await m.join(table, user)
    await m.start(table)
    finished = await play_until_hand_over(m, table)
    await m.start(table)  # a hand in play, on the home page
    db = env.db
    await db.write(Transaction.change_web_settings, GUILD, name="Le <Salon>", min_hands=1)
    await db.write(Transaction.change_web_settings, OTHER_GUILD, visibility="public")
    await db.write(Transaction.remember_member, GUILD, USERS[0], EVIL, AVATAR)
    await db.write(
        Transaction.remember_member, GUILD, USERS[1], "Bob", "https://evil.example/a.png"
    )
    await db.write(Transaction.set_member_hidden, GUILD, USERS[2], "Carole", True)
    reader = await open_reader(tmp_path / "bot.db")
    try:
        yield Salon(env, reader, table, finished)
    finally:
        await reader.close()
        await m.aclose()
        await db.close()


@pytest.fixture
async def client(salon: Salon) -> AsyncIterator[TestClient]:
    async with TestClient(TestServer(make_app(salon.site()))) as test_client:
        yield test_client


async def page(client: TestClient, path: str, **kwargs: object) -> tuple[int, str]:
    async with client.get(path, allow_redirects=False, **kwargs) as response:
        return response.status, await response.text()


async def member(client: TestClient, salon: Salon, user: int = USERS[0]) -> None:
    """Follow a member's link once: the cookie opens the pages from then on."""
    async with client.get(
        f"/g/{GUILD}/?k={await salon.token(user)}", allow_redirects=False
    ) as response:
        assert response.status == 303
        assert response.headers["Location"] == f"/g/{GUILD}/"
        cookie = response.cookies[links.MEMBER_COOKIE]
        assert cookie["path"] == f"/g/{GUILD}/" and cookie["httponly"] and cookie["secure"]
    # the test server is plain HTTP: the client sends the Secure cookie as a browser would
    # over HTTPS
    client.session.cookie_jar.update_cookies({links.MEMBER_COOKIE: cookie.value})


# -- health, headers, the root -------------------------------------------------------------------


async def test_healthz_and_the_safety_headers_on_every_answer(client: TestClient) -> None:
    for path in ("/healthz", "/", f"/g/{GUILD}/", "/g/999/", "/static/style.css", "/nowhere"):
        async with client.get(path) as response:
            csp = response.headers["Content-Security-Policy"]
            assert csp == CONTENT_SECURITY_POLICY, path
            assert "unsafe-inline" not in csp and "https://cdn.discordapp.com" in csp
            assert response.headers["X-Content-Type-Options"] == "nosniff"
            assert response.headers["X-Frame-Options"] == "DENY"
            assert response.headers["Referrer-Policy"] == "no-referrer"
    async with client.get("/healthz") as response:
        assert response.status == 200 and (await response.json()) == {"status": "ok"}
    status, text = await page(client, "/")
    assert status == 200 and "/web" in text


async def test_the_pages_have_no_inline_script_nor_style(client: TestClient, salon: Salon) -> None:
    await salon.visibility("public")
    for path in ("", "leaderboard", f"players/{USERS[0]}"):
        status, text = await page(client, f"/g/{GUILD}/{path}")
        assert status == 200, path
        assert "<script" not in text.replace("&lt;script", "") and " style=" not in text
        assert "onclick" not in text


# -- visibility ----------------------------------------------------------------------------------


async def test_members_only_without_a_link_says_how_to_get_one(client: TestClient) -> None:
    for path in ("", "leaderboard", f"players/{USERS[0]}"):
        status, text = await page(client, f"/g/{GUILD}/{path}")
        assert status == 403 and "/web" in text, path
        assert "Bob" not in text and "Le &lt;Salon&gt;" not in text


async def test_a_members_link_opens_every_page_then_by_cookie(
    client: TestClient, salon: Salon
) -> None:
    await member(client, salon)
    status, text = await page(client, f"/g/{GUILD}/")
    assert status == 200
    assert "Le &lt;Salon&gt;" in text and "Bouillotte" in text
    assert f'href="/g/{GUILD}/hands/{salon.finished}"' in text  # the reserved replayer address
    assert "through your own link" in text
    status, text = await page(client, f"/g/{GUILD}/leaderboard")
    assert status == 200 and "Bob" in text and "Carole" in text  # a member sees hidden names
    status, text = await page(client, f"/g/{GUILD}/players/{USERS[2]}")
    assert status == 200 and "Carole" in text


async def test_a_refused_link_is_said_so(client: TestClient, salon: Salon) -> None:
    expired = await salon.token(expires=NOW - 1)
    forged = (await salon.token())[:-3] + "AAA"
    other_user = (await salon.token()).replace(str(USERS[0]), str(USERS[1]), 1)
    foreign = await salon.token(guild=OTHER_GUILD)  # another server's key
    for token in (expired, forged, other_user, foreign, "nonsense"):
        status, text = await page(client, f"/g/{GUILD}/?k={token}")
        assert status == 403 and "expired" in text, token
    # a member's cookie of this server opens no other server's members pages
    await member(client, salon)
    await salon.visibility("members", OTHER_GUILD)
    mine = {links.MEMBER_COOKIE: await salon.token()}
    status, _ = await page(client, f"/g/{OTHER_GUILD}/", cookies=mine)
    assert status == 403


async def test_rotating_the_key_revokes_every_link(client: TestClient, salon: Salon) -> None:
    old = await salon.token()
    await member(client, salon)
    await salon.env.db.write(Transaction.change_web_settings, GUILD, rotate=True)
    status, text = await page(client, f"/g/{GUILD}/")
    assert status == 403 and "revoked" in text
    status, _ = await page(client, f"/g/{GUILD}/?k={old}")
    assert status == 403


async def test_off_and_unknown_servers_are_not_found(client: TestClient, salon: Salon) -> None:
    await member(client, salon)
    await salon.visibility("off")
    for path in (f"/g/{GUILD}/", f"/g/{GUILD}/leaderboard", f"/g/{GUILD}/?k={await salon.token()}"):
        status, _ = await page(client, path)
        assert status == 404, path
    for path in ("/g/999/", "/g/999/leaderboard", "/g/abc/", f"/g/{GUILD}/hands/x"):
        status, _ = await page(client, path)
        assert status == 404, path


async def test_public_pages_keep_hidden_members_and_other_servers_out(
    client: TestClient, salon: Salon
) -> None:
    await salon.visibility("public")
    status, text = await page(client, f"/g/{GUILD}/leaderboard")
    assert status == 200 and "public pages" in text
    assert "Carole" not in text and "A player" in text
    status, _ = await page(client, f"/g/{GUILD}/players/{USERS[2]}")
    assert status == 404  # his profile is not public
    status, text = await page(client, f"/g/{GUILD}/players/{USERS[1]}")
    assert status == 200 and "Bob" in text
    # another server knows none of these players
    status, _ = await page(client, f"/g/{OTHER_GUILD}/players/{USERS[1]}")
    assert status == 404
    status, text = await page(client, f"/g/{OTHER_GUILD}/leaderboard")
    assert status == 200 and "Bob" not in text and "Bouillotte" not in text


# -- what the pages show -------------------------------------------------------------------------


async def test_every_name_is_escaped_and_avatars_come_from_discord_only(
    client: TestClient, salon: Salon
) -> None:
    await member(client, salon)
    for path in ("", "leaderboard", f"players/{USERS[0]}"):
        status, text = await page(client, f"/g/{GUILD}/{path}")
        assert status == 200
        assert EVIL not in text and "&lt;script&gt;" in text, path
    assert AVATAR in text
    status, text = await page(client, f"/g/{GUILD}/leaderboard")
    assert "evil.example" not in text  # an avatar from elsewhere is never shown


async def test_the_home_draws_the_table_message(client: TestClient, salon: Salon) -> None:
    await member(client, salon)
    state = await salon.env.manager.status(salon.table)
    _, text = await page(client, f"/g/{GUILD}/")
    assert f"table #{salon.table}" in text and f"hand {state['hand']['no']}" in text.lower()
    assert 'class="doc game-bouillotte"' in text
    assert "Last hands" in text and "Best players" in text


async def test_the_live_tables_come_from_the_bots_memory(salon: Salon) -> None:
    live = LiveTables(salon.env.manager, {}, {})
    shown = await live.open_tables(GUILD)
    assert [s.state["table_id"] for s in shown] == [salon.table]
    assert await live.open_tables(OTHER_GUILD) == []
    site = Site(salon.reader, live, clock=lambda: NOW)
    await salon.visibility("public")
    async with TestClient(TestServer(make_app(site))) as client:
        status, text = await page(client, f"/g/{GUILD}/")
    assert status == 200 and f"table #{salon.table}" in text


async def test_the_leaderboard_pages_and_sorts_every_metric(
    client: TestClient, salon: Salon
) -> None:
    await salon.visibility("public")
    _, text = await page(client, f"/g/{GUILD}/leaderboard?metric=hands_won&period=week&order=asc")
    assert 'aria-sort="ascending"' in text and "Hands won" in text
    for metric in METRICS:
        assert f"metric={metric}" in text
    _, text = await page(client, f"/g/{GUILD}/leaderboard?metric=bogus&page=zz")
    assert 'aria-sort="descending"' in text and "Page 1 of 1" in text
    await salon.env.db.write(Transaction.change_web_settings, GUILD, min_hands=5)
    _, text = await page(client, f"/g/{GUILD}/leaderboard")
    assert "Nobody is ranked yet" in text and "5 hands" in text


async def test_a_profile_has_the_chart_and_the_hands(client: TestClient, salon: Salon) -> None:
    await salon.visibility("public")
    status, text = await page(client, f"/g/{GUILD}/players/{USERS[1]}")
    assert status == 200
    assert "<svg" in text and "<polyline" in text and "Over the last hand" in text
    assert f'href="/g/{GUILD}/hands/{salon.finished}"' in text
    for missing in (123, USERS[0] + 99):
        status, _ = await page(client, f"/g/{GUILD}/players/{missing}")
        assert status == 404


async def test_french_from_accept_language_and_the_switch(client: TestClient, salon: Salon) -> None:
    await salon.visibility("public")
    _, text = await page(client, f"/g/{GUILD}/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert "Dernières donnes" in text and 'lang="fr"' in text
    french = {"Accept-Language": "fr"}
    async with client.get(f"/g/{GUILD}/leaderboard?lang=en", headers=french) as r:
        assert "Leaderboard" in await r.text()
        assert r.cookies["salon_lang"].value == "en"
    client.session.cookie_jar.clear()
    _, text = await page(client, "/g/999/", headers={"Accept-Language": "fr"})
    assert "Rien ici" in text  # a refusal in the reader's language too


async def test_an_address_over_its_limit_is_refused_but_not_the_health_check(salon: Salon) -> None:
    site = salon.site(limit=RequestLimit(per_minute=60, burst=3))
    async with TestClient(TestServer(make_app(site))) as client:
        statuses = [(await page(client, "/"))[0] for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        async with client.get("/") as response:
            assert response.headers["Retry-After"] == "10"
        assert (await page(client, "/healthz"))[0] == 200


async def test_the_healthz_says_when_the_database_does_not_answer(salon: Salon) -> None:
    reader = await open_reader(salon.env.path)
    await reader.close()
    async with (
        TestClient(TestServer(make_app(Site(reader)))) as client,
        client.get("/healthz") as response,
    ):
        assert response.status == 503


def test_python_m_bot_web_serves_a_database_read_only(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"

    async def make() -> None:
        async with Database(path) as db:
            await db.write(Transaction.change_web_settings, GUILD, visibility="public")

    asyncio.run(make())
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.web", "--database", str(path), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        port = int(re.findall(r":(\d+)$", line.strip())[0])

        async def get() -> tuple[int, int]:
            base = f"http://127.0.0.1:{port}"
            async with (
                aiohttp.ClientSession() as session,
                session.get(f"{base}/healthz") as health,
                session.get(f"{base}/g/{GUILD}/") as home,
            ):
                return health.status, home.status

        assert asyncio.run(get()) == (200, 200)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
