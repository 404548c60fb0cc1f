"""The in-page verifier (bot/web/static/verify.js), run by a real browser, agrees with the
Python verifier (bot/fair/verify.py): on the published vectors, on every hand of real tables
of the three games (robots playing through the runtime, every seed revealed), and on those
hands tampered with in every way the Python verifier names. Then a page with its verifier
block says "match" for a fair hand and "mismatch" for a tampered one, under a content
security policy that allows no inline script."""

from __future__ import annotations

import asyncio
import copy
import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.fair.scheme import derive_server_seed
from bot.fair.verify import table_deck, verify_record
from bot.i18n import plain_card
from bot.runtime import selfplay
from bot.view.fair_text import verifier_data
from tests.browser import chromium, serve

ROOT = Path(__file__).resolve().parents[1]
VERIFY_JS = ROOT / "bot/web/static/verify.js"
VECTORS = json.loads((ROOT / "tests/fair_vectors.json").read_text())["vectors"]
CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'"


@pytest.fixture(scope="module")
def real_hands(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """Every finished hand of robots' tables of the three games, all closed (so every server
    seed is revealed): Bouillotte, Brelan, Brag with its pack carried on and kept hands."""
    path = tmp_path_factory.mktemp("selfplay") / "bot.db"
    asyncio.run(selfplay.run(str(path), 5, hands=30))
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT record FROM hands WHERE status = 'finished' ORDER BY id")
        records = [json.loads(row[0]) for row in rows]
    assert {r["game"] for r in records} == {"brelan", "bouillotte", "brag"}
    assert any(r["fair"].get("continues") for r in records)  # a Brag pack carried on
    return records


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>verifier</title>
<script type="module" src="/static/verify.js"></script></head>
<body>
<div id="fair" data-verify="/fair.json"><button data-verify-button>check</button>
<ol data-verify-output></ol><script type="application/json" data-verify-texts>DATA</script></div>
<div id="tampered" data-verify="/tampered.json"><button data-verify-button>check</button>
<ol data-verify-output></ol><script type="application/json" data-verify-texts>DATA</script></div>
</body></html>
"""


@pytest.fixture(scope="module")
def site(real_hands: list[dict[str, Any]]) -> Iterator[tuple[Any, dict[str, Any]]]:
    """A browser page on a local site serving verify.js, a page with two verifier blocks,
    and two records (a fair Brelan hand, the same with a card changed)."""
    fair = next(r for r in real_hands if r["game"] == "brelan")
    tampered = copy.deepcopy(fair)
    first = fair["players"][0]["name"]
    tampered["hands"][first][0] = fair["fair"]["deck"][-1]
    names = {first: '<img src=x onerror="document.title=1">Zoé'}
    page = PAGE.replace("DATA", verifier_data("en", names))
    routes = {
        "/": (page.encode(), "text/html; charset=utf-8"),
        "/static/verify.js": (VERIFY_JS.read_bytes(), "text/javascript"),
        "/fair.json": (json.dumps(fair).encode(), "application/json"),
        "/tampered.json": (json.dumps(tampered).encode(), "application/json"),
    }
    with chromium() as browser, serve(routes, {"Content-Security-Policy": CSP}) as base:
        tab = browser.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda exc: errors.append(str(exc)))
        tab.goto(base + "/")
        yield tab, {"fair": fair, "first": first, "errors": errors}


def run_js(tab: Any, body: str, arg: Any) -> Any:
    """Run ``body`` (an async function of ``m``, the verify.js module, and ``arg``)."""
    code = f"async (arg) => {{ const m = await import('/static/verify.js'); {body} }}"
    return tab.evaluate(code, arg)


def python_view(record: dict[str, Any]) -> dict[str, Any]:
    """The Python verifier's verdict in the shape of verify.js's report."""
    verdict = verify_record(record)
    if verdict.problems:
        outcome = "mismatch"
    elif verdict.pending:
        outcome = "pending"
    else:
        outcome = "match"
    return {
        "verdict": outcome,
        "problems": [{"code": p.code, "params": dict(p.params)} for p in verdict.problems],
        "deck": verdict.deck,
    }


def test_the_browser_computes_the_published_vectors(site: tuple[Any, dict[str, Any]]) -> None:
    tab, _ = site
    out = run_js(
        tab,
        """const out = [];
        for (const v of arg) {
          const numbers = [];
          for await (const n of m.numbers(v.server_seed, v.client_seed, v.nonce)) {
            numbers.push(n);
            if (numbers.length === 8) break;
          }
          out.push({commitment: await m.sha256Hex(v.server_seed), numbers,
                    deck: await m.shuffle(v.server_seed, v.client_seed, v.nonce, v.canonical)});
        }
        return out;""",
        VECTORS,
    )
    for vector, got in zip(VECTORS, out, strict=True):
        assert got == {
            "commitment": vector["commitment"],
            "numbers": vector["first_numbers"],
            "deck": vector["deck"],
        }


def test_the_browser_knows_every_tables_deck(site: tuple[Any, dict[str, Any]]) -> None:
    tab, _ = site
    records = [
        {"game": game, "options": options, "players": [{"name": str(i)} for i in range(n)]}
        for game, variants in (
            ("brelan", [{}, *({"deck": d} for d in ("36", "32", "24", "20", "20-pagat"))]),
            ("bouillotte", [{}, {"deck": "24-pagat"}, {"deck": "16-pagat"}]),
            ("brag", [{}, {"wild": "joker"}, {"wild": "two_jokers", "cards": 4}, {"cards": 5}]),
        )
        for options in variants
        for n in (3, 5)
    ]
    got = run_js(tab, "return arg.map((r) => m.tableDeck(r));", records)
    assert got == [table_deck(r) for r in records]


def _swap_deck(r: dict[str, Any]) -> None:
    deck = r["fair"]["deck"]
    deck[0], deck[5] = deck[5], deck[0]


def _first_card(r: dict[str, Any]) -> None:
    first = r["players"][0]["name"]
    r["hands"][first][0] = r["fair"]["deck"][-1]


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def tamper(r: dict[str, Any]) -> None:
        *outer, last = path.split(".")
        target = r
        for key in outer:
            target = target[key]
        target[last] = value

    return tamper


def _players_reversed(r: dict[str, Any]) -> None:
    r["players"].reverse()


def _bump_nonce(r: dict[str, Any]) -> None:
    r["fair"]["nonce"] += 1


def _drop_fair(r: dict[str, Any]) -> None:
    del r["fair"]


def _short_deck(r: dict[str, Any]) -> None:
    r["fair"]["deck"] = r["fair"]["deck"][:-3]


def _kept(r: dict[str, Any]) -> None:
    first = r["players"][0]["name"]
    r["kept"] = {first: r["fair"]["deck"][:3]}


TAMPERINGS: dict[str, Callable[[dict[str, Any]], None]] = {
    "deck swapped": _swap_deck,
    "a card changed": _first_card,
    "retourne": _set("retourne", "As"),
    "another seed": _set("fair.server_seed", derive_server_seed("other", 0)),
    "another commitment": _set("fair.commitment", "0" * 64),
    "short commitment": _set("fair.commitment", "abc"),
    "seed in capitals": lambda r: _set("fair.server_seed", r["fair"]["server_seed"].upper())(r),
    "nonce": _bump_nonce,
    "nonce as text": _set("fair.nonce", "3"),
    "client seed": lambda r: _set("fair.client_seed", r["fair"]["client_seed"] + "x")(r),
    "seed withheld": _set("fair.server_seed", None),
    "deck withheld": _set("fair.deck", None),
    "no fair key": _drop_fair,
    "unknown deck": _set("options.deck", "99"),
    "unknown game": _set("game", "poker"),
    "order of play": _players_reversed,
    "hands withheld": _set("hands", {}),
    "deck cut short": _short_deck,
    "a kept hand": _kept,
}


def test_the_browser_and_python_agree_on_real_and_tampered_hands(
    site: tuple[Any, dict[str, Any]], real_hands: list[dict[str, Any]]
) -> None:
    cases = [("real", r) for r in real_hands]
    samples = [
        next(r for r in real_hands if r["game"] == "brelan"),
        next(r for r in real_hands if r["game"] == "bouillotte"),
        next(r for r in real_hands if r["game"] == "brag" and not r["fair"].get("continues")),
        next(r for r in real_hands if r["fair"].get("continues")),
        *(r for r in real_hands if r.get("kept")),
    ]
    for name, tamper in TAMPERINGS.items():
        for record in samples:
            changed = copy.deepcopy(record)
            tamper(changed)
            cases.append((name, changed))
    tab, _ = site
    reports = run_js(
        tab,
        "const out = []; for (const r of arg) out.push(await m.verifyRecord(r)); return out;",
        [record for _, record in cases],
    )
    verdicts = {"match": 0, "mismatch": 0, "pending": 0}
    for (name, record), report in zip(cases, reports, strict=True):
        ours = {k: report[k] for k in ("verdict", "problems", "deck")}
        assert ours == python_view(record), (name, record)
        verdicts[report["verdict"]] += 1
        assert report["steps"] or report["verdict"] == "mismatch", name
    assert all(python_view(r)["verdict"] == "match" for r in real_hands)
    assert verdicts["mismatch"] > len(TAMPERINGS) and verdicts["pending"] >= 2


def test_the_page_checks_a_fair_and_a_tampered_hand(site: tuple[Any, dict[str, Any]]) -> None:
    tab, facts = site
    fair = facts["fair"]
    for block, verdict in (("#fair", "match"), ("#tampered", "mismatch")):
        tab.click(f"{block} [data-verify-button]")
        tab.wait_for_selector(f'{block}[data-verdict="{verdict}"]', timeout=10_000)
    said = tab.inner_text("#fair [data-verify-output]")
    assert f"sha256(server seed {fair['fair']['server_seed']})" in said
    # cards are written as the page writes them (10♠ J♥), not as the record's codes (Ts Jh)
    assert " ".join(plain_card(c) for c in fair["fair"]["deck"]) in said
    assert " ".join(fair["fair"]["deck"][:3]) not in said
    for name, cards in fair["hands"].items():
        assert " ".join(plain_card(c) for c in cards) in said, name
    assert said.strip().endswith("and the deck and every hand follow from the seeds.")
    wrong = tab.inner_text("#tampered [data-verify-output]")
    assert "❌ Does not verify:" in wrong
    # the player is named by the page's names, as text: the name's markup is never run
    assert '<img src=x onerror="document.title=1">Zoé\'s hand is not the cards dealt' in wrong
    assert tab.title() == "verifier" and tab.locator("#tampered img").count() == 0
    assert facts["errors"] == []
