"""No hidden card is ever served by the web pages: every page of every finished hand, asked
through aiohttp's test client as each reader (the public, and each player with his own link).

Random Brag sessions (blind play, kept hands, four- and five-card discards, wild jokers,
pack continuity) and Brelan and Bouillotte sessions are played at the runtime with fair
dealing, some tables closed (every pack retired, every seed revealed), some left open (a Brag
pack may still be in play). Then, for every finished hand and every reader:

- each step's page (HTML) shows only cards the reader could see at that step: the cards it
  draws, the cards its text writes, the pictures it asks for are among
  :func:`~bot.runtime.disclosure.cards_known` of the record cut at that step and the cards
  ``record_for`` leaves a reader while the pack is in play (a folded or unseen hand never);
  a hand whose pack is in play (by the running bot's own rule) is refused, with no card;
- the hand's file (JSON) names only the cards ``record_for`` gives that reader, and says
  ``partial`` exactly while the pack is in play;
- every name is escaped, every card picture has its card as ``alt``, and on the public pages
  the member who hid his name is named nowhere, not even by his id.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
import tempfile
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.fair.scheme import derive_server_seed
from bot.games import registry
from bot.i18n import plain_card
from bot.runtime.clock import ManualClock
from bot.runtime.disclosure import cards_known, record_for
from bot.runtime.errors import TableError
from bot.runtime.manager import TableManager
from bot.runtime.presenter import RecordingPresenter
from bot.storage import Database, Transaction
from bot.storage.readonly import open_reader
from bot.web import links
from bot.web.app import make_app
from bot.web.site import Site
from bot.web.tables import LiveTables
from tests.test_disclosure import SESSIONS, _random_action
from tests.test_replay_no_hidden_card import cards_of_text, unseen
from tests.test_runtime_brag import cards_in
from tests.test_runtime_support import CHANNEL, GUILD, Env

EVIL = '<img src=x onerror="alert(1)">Zoé'
USERS = (601, 602, 603, 604, 605)
NOW = 1_800_000_000
#: The hands a session plays (fewer if it ends).
HANDS = 6
#: A step's page's card pictures.
PICTURE = re.compile(r'<img class="card[^"]*" src="/cards/(\w\w)\.png" alt="([^"]*)"')


async def fair_env(path: Path, seed: int) -> Env:
    """A runtime dealing by the fair scheme (seeds derived from ``seed``)."""
    db = await Database.open(path)
    clock = ManualClock()
    presenter = RecordingPresenter()
    manager = TableManager(
        db,
        presenter,
        clock=clock,
        server_seeds=lambda n: derive_server_seed(f"web-{seed}", n),
        client_seeds=lambda user: hashlib.sha256(f"{seed}:{user}".encode()).hexdigest()[:16],
    )
    await manager.resume()
    return Env(db, clock, presenter, manager, path)


async def play(env: Env, game: str, options: dict[str, Any], players: int, seed: int) -> int:
    """A table of ``game`` played at random until some hands are finished."""
    rng = random.Random(seed)
    users = USERS[: max(players, registry.spec(game).min_seats)]
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, game, users[0], {**options, "auto_deal": False})
    for user in users:
        await m.join(table, user)
    await m.start(table)
    for _ in range(300):
        if await _random_action(env, table, rng):
            continue
        done = await env.db.query(Transaction.hand_history, GUILD, table_id=table, limit=99)
        if len(done) >= HANDS:
            break
        try:
            await m.start(table)
        except TableError:
            break  # the session is over (a player is out of chips)
    return table


def cards_on_page(html: str) -> set[str]:
    """Every card a page shows: the pictures it asks for, the cards its text writes."""
    return set(re.findall(r"/cards/(\w\w)\.png", html)) | cards_of_text(html)


async def get(client: TestClient, path: str, token: str | None) -> tuple[int, str]:
    cookies = {} if token is None else {links.MEMBER_COOKIE: token}
    async with client.get(path, cookies=cookies, allow_redirects=False) as response:
        return response.status, await response.text()


def names_id(text: str, user: int) -> bool:
    """Whether ``text`` holds ``user``'s id as a word of its own (not inside a longer number
    or a hexadecimal seed, where its digits may well turn up).

    >>> names_id('{"name": "602"}', 602), names_id('"seed": "5386602027"', 602)
    (True, False)
    """
    return re.search(rf"(?<![0-9A-Za-z]){user}(?![0-9A-Za-z])", text) is not None


async def check_pages(env: Env, reader_db: Database, hidden: int) -> int:
    """Every page of every finished hand, as every reader; returns the pages asked."""
    settings = await env.db.query(Transaction.web_settings, GUILD)
    assert settings.link_key is not None
    site = Site(reader_db, LiveTables(env.manager, {}, {}), clock=lambda: NOW)
    asked = 0
    hands = await env.db.query(Transaction.hand_history, GUILD, limit=1000)
    async with TestClient(TestServer(make_app(site))) as client:
        for stored in hands:
            record = stored.record
            names = [p["name"] for p in record["players"]]
            in_play = await env.manager.pack_in_play(stored)
            for name in (None, *names):
                token = None
                if name is not None:
                    token = links.sign(settings.link_key, GUILD, int(name), NOW + 60)
                given = cards_in(record_for(record, name, in_play=True))
                status, text = await get(client, f"/g/{GUILD}/hands/{stored.id}.json", token)
                asked += 1
                assert status == 200
                file = json.loads(text)
                assert file.get("partial", False) == in_play
                if in_play:
                    assert cards_in(file) <= given, (name, record)
                if name is None:
                    assert not names_id(text, hidden)
                asked += await check_steps(client, stored.id, record, name, token, given, in_play)
                if name is None:
                    status, text = await get(client, f"/g/{GUILD}/hands/{stored.id}", None)
                    assert not names_id(text, hidden)
    return asked


async def check_steps(
    client: TestClient,
    hand_id: int,
    record: dict[str, Any],
    name: str | None,
    token: str | None,
    given: set[str],
    in_play: bool,
) -> int:
    """Every step's page of one hand as one reader; returns the pages asked."""
    moves = len(record["actions"])
    steps, k = 1, 1
    while k <= steps:
        status, html = await get(client, f"/g/{GUILD}/hands/{hand_id}?step={k}", token)
        if in_play:
            assert status == 403 and not cards_on_page(html), html
            return 1
        assert status == 200, html
        steps = int(re.findall(r"Step \d+ of (\d+)", html)[0])
        so_far = {**record, "actions": record["actions"][: min(k - 1, moves)]}
        allowed = cards_known(so_far, name) & given
        leaked = unseen(cards_on_page(html), allowed)
        assert not leaked, f"step {k} shows {sorted(leaked)} to reader {name}; record: {record}"
        assert EVIL not in html
        for code, alt in PICTURE.findall(html):
            assert alt == plain_card(code)
        k += 1
    return steps


async def session(game: str, options: dict[str, Any], players: int, seed: int, close: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bot.db"
        env = await fair_env(path, seed)
        try:
            table = await play(env, game, options, players, seed)
            if close:
                await env.manager.close(table, USERS[0])
            db = env.db
            await db.write(Transaction.change_web_settings, GUILD, visibility="public")
            await db.write(Transaction.remember_member, GUILD, USERS[0], EVIL, "")
            await db.write(Transaction.set_member_hidden, GUILD, USERS[1], "Hidden", True)
            reader = await open_reader(path)
            try:
                assert await check_pages(env, reader, hidden=USERS[1]) > 0
            finally:
                await reader.close()
        finally:
            await env.manager.aclose()
            await env.db.close()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**SESSIONS, close=st.booleans())
def test_no_page_of_a_brag_session_shows_a_hidden_card(
    seed: int, options: dict[str, Any], players: int, close: bool
) -> None:
    asyncio.run(session("brag", options, players, seed, close))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(["brelan", "bouillotte"]),
    players=st.integers(2, 5),
    close=st.booleans(),
)
def test_no_page_of_a_brelan_or_bouillotte_hand_shows_a_hidden_card(
    seed: int, game: str, players: int, close: bool
) -> None:
    asyncio.run(session(game, {}, players, seed, close))
