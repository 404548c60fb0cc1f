"""The hand replayer's routes through aiohttp's test client (bot/web/hands.py): every step a
page, its links and its step list; the reader's own cards; the refusals (a pack in play, a
hand not over or called off, another server's hand, the server's visibility); the hand's
file; the verifier's block; the card pictures; the page verifying a file of one's own."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer
from markupsafe import escape

from bot.fair.verify import verify_record
from bot.i18n import render
from bot.runtime.history import export_scenario, replays_to_expect
from bot.runtime.settings import DEFAULT_RESEED_EVERY
from bot.storage import Database, Transaction
from bot.storage.readonly import open_reader
from bot.view.card_art import card_png
from bot.web import links
from bot.web.app import CONTENT_SECURITY_POLICY, make_app
from bot.web.hands import REPLAYS_KEPT
from bot.web.site import Site
from bot.web.tables import LiveTables, StoredTables
from tests.test_runtime_support import GUILD
from tests.web_hands import EVIL, NOW, USERS, Hands, built, copy_of, fair_manager, token


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Hands:
    return built(tmp_path_factory.mktemp("hands"))


@dataclass
class Pages:
    """A copy of the played hands, its writer, and the pages served from its reader."""

    hands: Hands
    db: Database
    site: Site
    client: TestClient

    async def get(
        self, path: str, *, user: int | None = None, lang: str = "en"
    ) -> tuple[int, str, dict[str, str]]:
        cookies = {} if user is None else {links.MEMBER_COOKIE: await token(self.db, user)}
        headers = {"Accept-Language": lang}
        async with self.client.get(
            path, cookies=cookies, headers=headers, allow_redirects=False
        ) as response:
            return response.status, await response.text(), dict(response.headers)

    async def visibility(self, value: str) -> None:
        await self.db.write(Transaction.change_web_settings, GUILD, visibility=value)


@pytest.fixture
async def pages(played: Hands, tmp_path: Path) -> AsyncIterator[Pages]:
    hands = copy_of(played, tmp_path)
    db = await Database.open(hands.path)
    reader = await open_reader(hands.path)
    site = Site(reader, StoredTables(reader), clock=lambda: NOW)
    try:
        async with TestClient(TestServer(make_app(site))) as client:
            yield Pages(hands, db, site, client)
    finally:
        await reader.close()
        await db.close()


def hand(hand_id: int, tail: str = "") -> str:
    return f"/g/{GUILD}/hands/{hand_id}{tail}"


def said(key: str, **params: object) -> str:
    """A catalogue text as a page writes it (escaped)."""
    return str(escape(render("en", key, **params)))


def pictures(html: str) -> list[str]:
    """The cards a page draws."""
    return re.findall(r'src="/cards/(\w\w)\.png"', html)


def steps_of(html: str) -> int:
    return int(re.findall(r"Step \d+ of (\d+)", html)[0])


# -- the steps -----------------------------------------------------------------------------------


async def test_every_step_is_a_page_with_its_links_and_the_step_list(pages: Pages) -> None:
    hand_id = pages.hands.brelan[0]
    status, html, headers = await pages.get(hand(hand_id))
    assert status == 200 and headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    count = steps_of(html)
    assert count >= 3 and "Step 1 of" in html and "The deal" in html
    assert 'data-step="prev"' not in html and 'data-step="first"' not in html
    assert f'data-step="next" rel="next" href="{hand(hand_id, "?step=2")}"' in html
    assert f'data-step="last" href="{hand(hand_id, f"?step={count}")}"' in html
    listed = re.findall(r'<li><a href="([^"]+)"( aria-current="step")?>', html)
    assert [url for url, _ in listed] == [hand(hand_id, f"?step={k}") for k in range(1, count + 1)]
    assert [bool(on) for _, on in listed] == [True] + [False] * (count - 1)
    _, last, _ = await pages.get(hand(hand_id, f"?step={count}"))
    assert "Payouts" in last and "Chips after the hand" in last and "Showdown" in last
    assert 'data-step="next"' not in last and 'data-step="first"' in last
    assert re.search(r'<img class="card" src="/cards/\w\w\.png" alt="[^"]+"', last)
    assert "Retourne" in last and "Pool" in html
    for asked, shown in (("0", 1), ("-3", 1), ("x", 1), ("999", count), ("2", 2)):
        _, page, _ = await pages.get(hand(hand_id, f"?step={asked}"))
        assert f"Step {shown} of {count}" in page, asked


async def test_the_seats_stacks_and_the_move_in_words(pages: Pages) -> None:
    hand_id = pages.hands.brelan[0]
    _, html, _ = await pages.get(hand(hand_id, "?step=2"))
    assert "Seats" in html and " chips" in html and "dealer" in html
    assert "The move" in html and "Carole" in html
    # the member who keeps his name off the public pages is "A player" there, by any mark
    assert "Hidden Bob" not in html and str(USERS[1]) not in html and "A player" in html
    assert EVIL not in html and "&lt;img src=x onerror=" in html
    _, french, _ = await pages.get(hand(hand_id, "?step=2"), lang="fr")
    assert "Étape 2 sur" in french and "Le coup" in french


async def test_a_player_with_his_link_sees_his_own_cards_and_the_public_does_not(
    pages: Pages,
) -> None:
    hand_id = pages.hands.brelan[0]
    _, public, _ = await pages.get(hand(hand_id))
    assert 'data-key="yours"' not in public and len(pictures(public)) == 1  # the retourne
    assert said("web-hand-public") in public
    status, mine, _ = await pages.get(hand(hand_id), user=USERS[2])
    assert status == 200 and 'data-key="yours"' in mine and len(pictures(mine)) == 4
    stored = await pages.db.query(Transaction.get_hand, hand_id)
    his = stored.record["hands"][str(USERS[2])]
    assert set(pictures(mine)) == {stored.record["retourne"], *his}
    assert said("web-hand-own-cards") in mine
    assert "Hidden Bob" in mine  # a member reads every name
    # a member who did not play reads it as the public does
    _, stranger, _ = await pages.get(hand(hand_id), user=USERS[3])
    assert 'data-key="yours"' not in stranger and len(pictures(stranger)) == 1


# -- refusals and visibility ---------------------------------------------------------------------


async def test_a_hand_whose_pack_is_in_play_is_refused_in_the_readers_language(
    pages: Pages,
) -> None:
    brag = pages.hands.brag_in_play
    status, html, _ = await pages.get(hand(brag), lang="fr")
    assert status == 403 and "peut encore servir" in html and "Pas encore" in html
    status, html, _ = await pages.get(hand(brag))
    assert status == 403 and said("replay-refused-in-play") in html
    assert "/cards/" not in html
    # its file is /replay's: only the cards its reader saw
    status, text, _ = await pages.get(hand(brag, ".json"), user=USERS[0])
    file = json.loads(text)
    assert status == 200 and file["partial"] is True and file["fair"]["deck"] is None


async def test_hands_not_over_called_off_unknown_or_of_another_server(pages: Pages) -> None:
    h = pages.hands
    status, html, _ = await pages.get(hand(h.playing))
    assert status == 403 and said("web-hand-not-over") in html
    status, html, _ = await pages.get(hand(h.void))
    assert status == 404 and said("web-hand-void") in html
    for missing in (h.other_guild, 99_999):
        for tail in ("", ".json"):
            status, html, _ = await pages.get(hand(missing, tail))
            assert status == 404 and "Nothing here" in html, (missing, tail)
    huge = "9" * 20  # an id no database holds: not found, not a failure
    for path in (f"/g/{huge}/", hand(int(huge)), f"/g/{GUILD}/players/{huge}"):
        status, _, _ = await pages.get(path)
        assert status == 404, path
    # the other server's own pages show it
    await pages.db.write(Transaction.change_web_settings, 3, visibility="public")
    status, _, _ = await pages.get(f"/g/3/hands/{h.other_guild}")
    assert status == 200


async def test_the_servers_visibility_holds_for_the_replayer(pages: Pages) -> None:
    hand_id = pages.hands.brelan[0]
    await pages.visibility("members")
    for tail in ("", ".json"):
        status, html, _ = await pages.get(hand(hand_id, tail))
        assert status == 403 and "/web" in html
        status, _, _ = await pages.get(hand(hand_id, tail), user=USERS[0])
        assert status == 200
    await pages.visibility("off")
    for tail in ("", ".json"):
        status, _, _ = await pages.get(hand(hand_id, tail), user=USERS[0])
        assert status == 404


# -- the file ------------------------------------------------------------------------------------


async def test_the_file_is_the_replay_file_as_its_reader_may_have_it(pages: Pages) -> None:
    hand_id = pages.hands.brelan[1]
    status, text, headers = await pages.get(hand(hand_id, ".json"), user=USERS[0])
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    assert headers["Content-Disposition"] == f'attachment; filename="hand-{hand_id}.json"'
    stored = await pages.db.query(Transaction.get_hand, hand_id)
    assert text == export_scenario(stored, str(USERS[0]), in_play=False)


async def test_the_public_file_names_no_hidden_member_and_still_verifies(pages: Pages) -> None:
    hand_id = pages.hands.brelan[1]
    status, text, _ = await pages.get(hand(hand_id, ".json"))
    assert status == 200 and str(USERS[1]) not in text
    file = json.loads(text)
    assert [p["name"] for p in file["players"]].count("hidden-1") == 1
    assert replays_to_expect(file)
    verdict = verify_record(file)
    assert not verdict.problems and not verdict.pending


# -- the verifier --------------------------------------------------------------------------------


async def test_the_verifier_block_or_when_it_will_be_possible(pages: Pages) -> None:
    h = pages.hands
    _, revealed, _ = await pages.get(hand(h.brelan[0]))
    assert f'<div class="verify" data-verify="{hand(h.brelan[0], ".json")}">' in revealed
    assert "data-verify-button" in revealed and "data-verify-texts" in revealed
    assert f'href="{hand(h.brelan[0], ".json")}" download' in revealed
    assert "data-verify-file" in revealed
    texts = json.loads(re.findall(r"data-verify-texts>(.*?)</script>", revealed)[0])
    assert texts["names"]["hidden-1"] == "A player" and str(USERS[1]) not in texts["names"]
    _, sealed, _ = await pages.get(hand(h.bouillotte[0]))
    assert "data-verify-button" not in sealed and "data-verify-file" in sealed
    seed = await pages.db.query(Transaction.current_server_seed, h.bouillotte_table)
    assert seed is not None and seed.deals == 4  # two hands, one called off, one in play
    left = DEFAULT_RESEED_EVERY - seed.deals  # as /verify counts them
    assert said("web-verify-sealed", n=left) in sealed


async def test_a_hand_dealt_without_fair_dealing_says_so(pages: Pages) -> None:
    stored = await pages.db.query(Transaction.get_hand, pages.hands.bouillotte[1])
    record = {k: v for k, v in stored.record.items() if k != "fair"}
    async with pages.db.transaction() as tx:
        await tx.conn.execute(
            "UPDATE hands SET record = ? WHERE id = ?", (json.dumps(record), stored.id)
        )
    _, html, _ = await pages.get(hand(stored.id))
    assert said("verify-unfair") in html and "data-verify-button" not in html


async def test_the_verify_page_checks_a_file_of_ones_own(pages: Pages) -> None:
    status, html, _ = await pages.get("/verify", lang="fr")
    assert status == 200 and "Vérifier une donne" in html and "data-verify-file" in html
    assert '<script type="module" src="/static/verify.js">' in html
    _, index, _ = await pages.get("/")
    assert 'href="/verify"' in index


# -- pictures, scripts, the kept replays ---------------------------------------------------------


async def test_cards_are_drawn_once_and_cached_long(pages: Pages) -> None:
    for code in ("Ah", "Tc", "X1"):
        async with pages.client.get(f"/cards/{code}.png") as response:
            assert response.status == 200 and response.content_type == "image/png"
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert await response.read() == card_png(code)
            assert "Content-Security-Policy" in response.headers
    for bad in ("Zz", "A", "10h", "Ahh"):
        status, _, _ = await pages.get(f"/cards/{bad}.png")
        assert status == 404, bad


async def test_the_page_runs_no_inline_script(pages: Pages) -> None:
    _, html, _ = await pages.get(hand(pages.hands.brelan[0]))
    scripts = re.findall(r"<script[^>]*>", html)
    assert scripts == [
        '<script type="application/json" data-verify-texts>',
        '<script type="module" src="/static/replayer.js">',
        '<script type="module" src="/static/verify.js">',
    ]
    markup = re.sub(r"<script type=\"application/json\"[^>]*>.*?</script>", "", html, flags=re.S)
    assert " style=" not in markup and "onclick" not in markup
    assert "onerror=" not in markup.replace("onerror=&quot;", "")
    for name in ("replayer.js", "verify.js"):
        async with pages.client.get(f"/static/{name}") as response:
            assert response.status == 200 and "javascript" in response.content_type


async def test_paging_through_a_hand_replays_it_once(pages: Pages) -> None:
    hand_id = pages.hands.brelan[0]
    for k in (1, 2, 3, 2):
        await pages.get(hand(hand_id, f"?step={k}"))
    assert list(pages.site.replays) == [(hand_id, None, "en")]
    await pages.get(hand(hand_id), user=USERS[0])
    await pages.get(hand(hand_id), lang="fr")
    assert len(pages.site.replays) == 3 <= REPLAYS_KEPT


async def test_live_tables_and_storage_agree_on_the_packs_in_play(pages: Pages) -> None:
    m = fair_manager(pages.db)
    await m.resume()
    try:
        live, stored = LiveTables(m, {}, {}), StoredTables(pages.site.db)
        h = pages.hands
        for hand_id in (*h.brelan, *h.bouillotte, *h.brag, h.brag_in_play, h.other_guild):
            row = await pages.db.query(Transaction.get_hand, hand_id)
            table = await pages.db.query(Transaction.get_table, row.table_id)
            expected = await m.pack_in_play(row)
            assert await live.pack_in_play(pages.site.db, table, row) == expected
            assert await stored.pack_in_play(pages.site.db, table, row) == expected
            assert expected == (hand_id == h.brag_in_play)
    finally:
        await m.aclose()
