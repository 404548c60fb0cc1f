"""The doors issue 48 found open on the web pages, through aiohttp's test client: hostile
addresses, the visitor behind a proxy, a departed member's link, the refusal pages' way back
(docs/security.md, "Doors closed")."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import ConfigError, web_settings_of
from bot.storage import Transaction
from bot.web import links
from bot.web.app import make_app
from bot.web.limits import RequestLimit, client_address, trusted_proxies
from tests.test_runtime_support import GUILD
from tests.test_web import NOW, OTHER_GUILD, USERS, Salon, member, page

# the fixtures, as the tests name them
from tests.test_web import client as client
from tests.test_web import salon as salon


def full_width(number: int) -> str:
    """``5102`` written in full-width digits (``int()`` reads them as 5102)."""
    return "".join(chr(0xFF10 + int(d)) for d in str(number))


# -- hostile addresses ----------------------------------------------------------------------


async def test_a_static_file_name_too_long_is_not_found(client: TestClient) -> None:
    for name in ("a" * 256, "b" * 300 + ".css", "style.css/" + "c" * 1000, ".." + "d" * 260):
        status, _ = await page(client, f"/static/{name}")
        assert status == 404, name
    status, text = await page(client, "/static/style.css")
    assert status == 200 and "{" in text


async def test_ids_in_other_scripts_digits_are_not_found(client: TestClient, salon: Salon) -> None:
    await salon.visibility("public")
    assert (await page(client, f"/g/{OTHER_GUILD}/"))[0] == 200
    assert (await page(client, f"/g/{GUILD}/players/{USERS[0]}"))[0] == 200
    arabic_two = "%D9%A2"  # ٢, an Arabic-Indic digit two
    for path in (
        f"/g/{arabic_two}/",
        f"/g/{full_width(OTHER_GUILD)}/",
        f"/g/{GUILD}/players/{full_width(USERS[0])}",
        f"/g/{GUILD}/hands/{full_width(salon.finished)}",
        f"/g/{GUILD}/hands/{full_width(salon.finished)}.json",
    ):
        status, _ = await page(client, path)
        assert status == 404, path


# -- the visitor behind a proxy --------------------------------------------------------------


def test_only_the_configured_proxy_is_believed() -> None:
    caddy = trusted_proxies("172.18.0.0/16")
    # Caddy in its own container (compose.yaml): its peer is no loopback
    assert client_address("172.18.0.3", "198.51.100.7", caddy) == "198.51.100.7"
    assert client_address("172.18.0.3", "6.6.6.6, 198.51.100.7", caddy) == "198.51.100.7"
    # anyone else choosing his own bucket is not believed
    assert client_address("203.0.113.9", "198.51.100.7", caddy) == "203.0.113.9"
    assert client_address("127.0.0.1", "198.51.100.7", caddy) == "127.0.0.1"
    # by default: this machine only
    assert client_address("172.18.0.3", "198.51.100.7") == "172.18.0.3"


def test_the_trusted_proxies_setting() -> None:
    settings = web_settings_of({"WEB_TRUSTED_PROXIES": "172.18.0.0/16, 10.1.2.3"})
    assert [str(n) for n in settings["web_trusted_proxies"]] == ["172.18.0.0/16", "10.1.2.3/32"]
    default = web_settings_of({})["web_trusted_proxies"]
    assert [str(n) for n in default] == ["127.0.0.0/8", "::1/128"]
    with pytest.raises(ConfigError, match=r"WEB_TRUSTED_PROXIES.*'caddy'"):
        web_settings_of({"WEB_TRUSTED_PROXIES": "caddy"})


async def test_visitors_behind_the_trusted_proxy_each_have_their_bucket(salon: Salon) -> None:
    proxies = web_settings_of({"WEB_TRUSTED_PROXIES": "127.0.0.1"})["web_trusted_proxies"]
    site = salon.site(limit=RequestLimit(per_minute=60, burst=2), trusted_proxies=proxies)
    async with TestClient(TestServer(make_app(site))) as proxied:
        one = {"X-Forwarded-For": "198.51.100.1"}
        two = {"X-Forwarded-For": "198.51.100.2"}
        statuses = [(await page(proxied, "/", headers=one))[0] for _ in range(3)]
        assert statuses == [200, 200, 429]
        assert (await page(proxied, "/", headers=two))[0] == 200  # not locked by the first
    untrusted = trusted_proxies("172.18.0.0/16")
    site = salon.site(limit=RequestLimit(per_minute=60, burst=2), trusted_proxies=untrusted)
    async with TestClient(TestServer(make_app(site))) as direct:
        statuses = [
            (await page(direct, "/", headers={"X-Forwarded-For": f"198.51.100.{n}"}))[0]
            for n in range(3)
        ]
        assert statuses == [200, 200, 429]  # a peer that is no trusted proxy picks no bucket


# -- a departed member's link ------------------------------------------------------------------


async def test_a_member_who_left_reads_nothing_at_once(client: TestClient, salon: Salon) -> None:
    link = await salon.token()
    await member(client, salon)
    assert (await page(client, f"/g/{GUILD}/leaderboard"))[0] == 200
    await salon.env.db.write(Transaction.member_departed, GUILD, USERS[0], NOW)
    for path in ("", "leaderboard", f"players/{USERS[1]}", f"hands/{salon.finished}"):
        status, text = await page(client, f"/g/{GUILD}/{path}")  # his cookie
        assert status == 403 and "Bob" not in text, path
    status, _ = await page(client, f"/g/{GUILD}/?k={link}")  # his link
    assert status == 403
    # another member is not touched; nor is the link he asks for once he is back
    await member(client, salon, USERS[1])
    assert (await page(client, f"/g/{GUILD}/leaderboard"))[0] == 200
    client.session.cookie_jar.clear()
    back = await salon.token(expires=NOW + links.LINK_DAYS * 86_400 + 1)
    assert (await page(client, f"/g/{GUILD}/?k={back}"))[0] == 303
    # on public pages his cookie reads what anyone reads, no more
    await salon.visibility("public")
    status, text = await page(client, f"/g/{GUILD}/", cookies={links.MEMBER_COOKIE: link})
    assert status == 200 and "through your own link" not in text


# -- the refusal pages' way back ----------------------------------------------------------------


async def test_a_refusal_keeps_the_way_back_to_the_server(client: TestClient, salon: Salon) -> None:
    home = f'href="/g/{GUILD}/"'
    await member(client, salon)
    in_play = salon.finished + 1  # the hand the fixture left in play
    for path, status in ((f"hands/{in_play}", 403), ("hands/999999", 404), ("players/7", 404)):
        got, text = await page(client, f"/g/{GUILD}/{path}")
        assert got == status, path
        assert "Le &lt;Salon&gt;" in text and home in text, path  # the server's header
        assert f'href="/g/{GUILD}/leaderboard"' in text, path
    client.session.cookie_jar.clear()
    got, text = await page(client, f"/g/{GUILD}/leaderboard")  # members only
    assert got == 403 and home in text
    assert "Le &lt;Salon&gt;" not in text  # its name stays for its members
