"""The pages in a real browser (Debian's chromium driven by Playwright, tests/browser.py), as a
player on a phone uses them: he steps through a Brag and a Bouillotte hand with the keyboard,
pages the leaderboard, runs the verifier of a fair hand (match) and of a file he tampered
with (mismatch); the pages' content security policy holds (no error, no inline script).

With ``WEB_SCREENSHOTS=docs`` the test also writes the screenshots of docs/web.md there.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Database, Transaction
from bot.storage.models import HandStats
from bot.storage.readonly import open_reader
from bot.web.app import bound_port, serving
from bot.web.site import Site
from bot.web.tables import StoredTables
from tests.browser import chromium
from tests.test_runtime_support import GUILD
from tests.web_hands import Hands, build

#: A phone's screen (CSS pixels).
PHONE = {"width": 420, "height": 1100}
#: Members who played enough to fill a leaderboard's page and start another.
RANKED = 30


async def _fill(hands: Hands) -> None:
    """Names for the hands' players, and a leaderboard of two pages."""
    async with Database(hands.path) as db:
        await db.write(Transaction.remember_member, GUILD, 701_001, "Anatole", "")
        async with db.transaction() as tx:
            for k in range(RANKED):
                user = 800_000 + k
                await tx.record_hand_stats(GUILD, [HandStats(user, won=k % 3 == 0, net=k * 7 - 90)])
                await tx.remember_member(GUILD, user, f"Joueur {k + 1}", "")


@contextlib.contextmanager
def pages(path: Path) -> Iterator[str]:
    """The pages of the database at ``path``, served read only from a thread of their own
    (the browser's API is synchronous); yields their address."""
    loop = asyncio.new_event_loop()
    started = threading.Event()
    facts: dict[str, Any] = {}

    async def main() -> None:
        reader = await open_reader(path)
        try:
            async with serving(Site(reader, StoredTables(reader)), "127.0.0.1", 0) as runner:
                facts["port"] = bound_port(runner)
                facts["stop"] = asyncio.Event()
                started.set()
                await facts["stop"].wait()
        finally:
            await reader.close()
            started.set()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    try:
        assert started.wait(30) and "port" in facts, "the pages did not start"
        yield f"http://127.0.0.1:{facts['port']}"
    finally:
        if "stop" in facts:
            loop.call_soon_threadsafe(facts["stop"].set)
        thread.join(10)
        loop.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Hands, str]]:
    folder = tmp_path_factory.mktemp("browser")
    hands = asyncio.run(build(folder / "hands.db"))
    asyncio.run(_fill(hands))
    with pages(hands.path) as base:
        yield hands, base


@pytest.fixture(scope="module")
def phone(site: tuple[Hands, str]) -> Iterator[Any]:
    with chromium() as browser:
        context = browser.new_context(viewport=PHONE, locale="en-GB")
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda exc: errors.append(str(exc)))
        tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        tab.on("requestfailed", lambda r: errors.append(f"{r.url} failed"))
        tab.on("response", lambda r: errors.append(r.url) if r.status == 404 else None)
        yield tab
        assert errors == []  # no script error, nothing the content security policy refused
        context.close()


def shoot(tab: Any, name: str) -> None:
    """A screenshot for docs/ (with ``WEB_SCREENSHOTS`` set to the folder)."""
    folder = os.environ.get("WEB_SCREENSHOTS")
    if folder:
        tab.screenshot(path=str(Path(folder) / name))


def step_of(tab: Any) -> str:
    return str(tab.inner_text(".stepper .at"))


def step_through(tab: Any, count: int) -> None:
    """From the first step, → to the end, ← once, Home, End: each key loads its step."""
    for n in range(2, count + 1):
        tab.keyboard.press("ArrowRight")
        tab.wait_for_url(f"**?step={n}")
        assert step_of(tab) == f"Step {n} of {count}"
    tab.keyboard.press("ArrowRight")  # at the end: nothing to follow
    tab.keyboard.press("ArrowLeft")
    tab.wait_for_url(f"**?step={count - 1}")
    tab.keyboard.press("Home")
    tab.wait_for_url("**?step=1")
    assert step_of(tab) == f"Step 1 of {count}"
    tab.keyboard.press("End")
    tab.wait_for_url(f"**?step={count}")
    assert "Chips after the hand" in tab.inner_text("#step")


def test_a_brag_and_a_bouillotte_hand_stepped_through_with_the_keyboard(
    site: tuple[Hands, str], phone: Any
) -> None:
    hands, base = site
    for hand_id in (hands.brag[0], hands.bouillotte[0]):
        phone.goto(f"{base}/g/{GUILD}/hands/{hand_id}")
        count = int(step_of(phone).rsplit(" ", 1)[1])
        assert count >= 3 and len(phone.locator(".step-list li").all()) == count
        step_through(phone, count)
        cards = phone.locator("#step img.card").all()
        assert cards and all(c.evaluate("img => img.naturalWidth") > 0 for c in cards)
    phone.goto(f"{base}/g/{GUILD}/hands/{hands.bouillotte[0]}?step={count}")
    shoot(phone, "web-replayer.png")


def test_the_leaderboard_is_paged(site: tuple[Hands, str], phone: Any) -> None:
    _, base = site
    phone.goto(f"{base}/g/{GUILD}/leaderboard")
    assert "Page 1 of 2" in phone.inner_text(".pager")
    assert len(phone.locator("table.board tbody tr").all()) == 25
    phone.click(".pager a[rel=next]")
    phone.wait_for_url("**page=2")
    assert "Page 2 of 2" in phone.inner_text(".pager")
    assert len(phone.locator("table.board tbody tr").all()) >= RANKED - 25


def test_the_verifier_says_match_for_a_fair_hand_and_mismatch_for_a_tampered_file(
    site: tuple[Hands, str], phone: Any, tmp_path: Path
) -> None:
    hands, base = site
    hand = f"{base}/g/{GUILD}/hands/{hands.brelan[0]}"
    phone.goto(hand)
    block = phone.locator("[data-verify-button]").locator("xpath=ancestor::div[1]")
    phone.click("[data-verify-button]")
    phone.wait_for_selector('.verify[data-verdict="match"]', timeout=10_000)
    said = block.inner_text()
    assert "✅ Verified" in said and "Shuffled with HMAC-SHA256" in said
    block.locator("li.verdict").scroll_into_view_if_needed()
    shoot(phone, "web-verify-match.png")
    record = json.loads(phone.evaluate(f"fetch('{hand}.json').then(r => r.text())"))
    tampered = copy.deepcopy(record)
    first = tampered["players"][0]["name"]
    tampered["hands"][first][0] = record["fair"]["deck"][-1]
    phone.set_input_files(
        "[data-verify-file]",
        {
            "name": f"hand-{hands.brelan[0]}.json",
            "mimeType": "application/json",
            "buffer": json.dumps(tampered).encode(),
        },
    )
    phone.wait_for_selector('.verify[data-verdict="mismatch"]', timeout=10_000)
    wrong = phone.locator('.verify[data-verdict="mismatch"]').inner_text()
    assert "❌ Does not verify:" in wrong and "is not the cards dealt" in wrong
    phone.locator('.verify[data-verdict="mismatch"] li.verdict').scroll_into_view_if_needed()
    shoot(phone, "web-verify-mismatch.png")
    # not a record at all: said so, nothing run
    phone.set_input_files(
        "[data-verify-file]",
        {"name": "notes.json", "mimeType": "application/json", "buffer": b"[1, 2"},
    )
    phone.wait_for_selector('.verify[data-verdict="error"]', timeout=10_000)
    assert "not a hand's record" in phone.locator('.verify[data-verdict="error"]').inner_text()
