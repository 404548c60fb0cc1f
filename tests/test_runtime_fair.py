"""Fair dealing in the table runtime: commitment before the deal, seeds in storage, reseeding,
reveals, the cut, a restart mid-seed, and the end-to-end check of ``Done when``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.fair.scheme import commitment, derive_server_seed
from bot.fair.verify import verify_record
from bot.i18n import render
from bot.runtime import ManualClock, RecordingPresenter, TableError, TableManager
from bot.storage import Database, Transaction
from tests.test_runtime_support import CHANNEL, GUILD, balanced, friendly

ROOT = Path(__file__).resolve().parents[1]
ANN, BEN, CID = 101, 102, 103


class Fair:
    def __init__(self, db: Database, path: str | Path, clock: ManualClock) -> None:
        self.db, self.path, self.clock = db, path, clock
        self.presenter = RecordingPresenter()
        self.manager = TableManager(
            db,
            self.presenter,
            clock=clock,
            server_seeds=lambda n: derive_server_seed("runtime-tests", n),
        )

    async def reopen(self) -> Fair:
        for table in self.manager.tables.values():
            if table.timer is not None:
                table.timer.cancel()
        await self.db.close()
        return await open_fair(self.path, self.clock)


async def open_fair(path: str | Path, clock: ManualClock | None = None) -> Fair:
    fair = Fair(await Database.open(path), path, clock or ManualClock())
    await fair.manager.resume()
    return fair


@pytest.fixture
async def fair(db_target: str) -> Any:
    """A table manager with derived server seeds, on each backend (tests/conftest.py)."""
    env = await open_fair(db_target)
    yield env
    for table in env.manager.tables.values():
        if table.timer is not None:
            table.timer.cancel()
    await env.db.close()


async def seated_table(env: Fair, game: str = "brelan", **options: Any) -> int:
    table = await env.manager.create_table(GUILD, CHANNEL, game, ANN, dict(options))
    for user in (ANN, BEN, CID):
        await env.db.write(Transaction.grant, GUILD, user, 1000)
        await env.manager.join(table, user)
    return table


async def play_hands(env: Fair, table: int, hands: int) -> list[int]:
    """Play ``hands`` finished hands with the friendly policy; returns their ids."""
    done: list[int] = []
    current: int | None = None
    for _ in range(5000):
        state = await env.manager.status(table)
        hand = state["hand"]
        if hand is None:
            if current is not None:
                done.append(current)
                current = None
            if len(done) >= hands:
                return done
            await env.manager.start(table, ANN)
            continue
        if current is not None and hand["id"] != current:
            done.append(current)
        current = hand["id"]
        if len(done) >= hands:
            return done
        verb, amount = friendly(hand["legal"])
        await env.manager.act(table, int(hand["to_act"]), verb, amount)
    raise AssertionError("the hands did not end")


async def seeds_of(env: Fair, table: int) -> list[Any]:
    async with env.db.read() as tx:
        return await tx.server_seeds(table)


def public_text(env: Fair) -> str:
    return json.dumps(env.presenter.log, default=str)


async def test_the_commitment_is_shown_before_the_first_deal(fair: Fair) -> None:
    table = await seated_table(fair)
    [seed] = await seeds_of(fair, table)
    updates = [p for kind, _t, p in fair.presenter.log if kind == "update"]
    assert updates and all(u["fair"]["commitment"] == seed.commitment for u in updates)
    assert all(u["hand"] is None for u in updates)  # shown before any hand
    await fair.manager.start(table, ANN)
    record = (await fair.db.query(Transaction.current_hand, table)).record  # type: ignore[union-attr]
    assert record["fair"]["commitment"] == seed.commitment == commitment(seed.server_seed)
    assert record["fair"]["server_seed"] is None and record["fair"]["nonce"] == 0
    assert seed.server_seed not in public_text(fair)


async def test_seeds_are_revealed_after_reseed_every_deals_and_the_hands_verify(
    fair: Fair,
) -> None:
    table = await seated_table(fair, reseed_every=3)
    hands = await play_hands(fair, table, 4)
    first, second = (await seeds_of(fair, table))[:2]
    assert first.status == "revealed" and second.status == "current"
    said = [render("en", m) for _t, m, _d in fair.presenter.announcements]
    assert any(first.server_seed in line and "3 hands" in line for line in said)
    assert second.server_seed not in public_text(fair)
    nonces = []
    for hand_id in hands[:3]:
        record = (await fair.db.query(Transaction.get_hand, hand_id)).record
        assert record["fair"]["server_seed"] == first.server_seed  # filled in at the reveal
        assert verify_record(record).ok
        nonces.append(record["fair"]["nonce"])
        report = await fair.manager.verify_hand(hand_id)
        assert report.status == "ok" and report.deck == record["fair"]["deck"]
    assert nonces == [0, 1, 2]
    fourth = await fair.manager.verify_hand(hands[3])
    dealt = (await fair.manager.status(table))["fair"]["deals"]  # the next hand may be dealt
    assert fourth.status == "sealed" and fourth.deals_left == 3 - dealt >= 1
    await balanced(fair.db)


async def test_closing_reveals_every_seed(fair: Fair) -> None:
    table = await seated_table(fair)
    hands = await play_hands(fair, table, 2)
    if (await fair.manager.status(table))["hand"] is not None:
        await fair.manager.close_now(table, ANN)
    else:
        await fair.manager.close(table, ANN)
    assert {s.status for s in await seeds_of(fair, table)} == {"revealed"}
    for hand_id in hands:
        assert (await fair.manager.verify_hand(hand_id)).status == "ok"


async def test_a_player_asks_for_a_new_seed_once_per_hand(fair: Fair) -> None:
    table = await seated_table(fair)
    await fair.manager.start(table, ANN)
    said = await fair.manager.ask_reseed(table, BEN)
    assert "when this hand ends" in render("en", said)
    with pytest.raises(TableError) as again:
        await fair.manager.ask_reseed(table, CID)
    assert "already asked" in render("en", again.value.message)
    with pytest.raises(TableError) as stranger:
        await fair.manager.ask_reseed(table, 999)
    assert "seated" in render("en", stranger.value.message)
    old = (await seeds_of(fair, table))[0]
    assert old.status == "current"  # the hand in play keeps its seed
    await play_hands(fair, table, 1)
    seeds = await seeds_of(fair, table)
    assert seeds[0].status == "revealed" and seeds[1].status == "current"
    # between hands it takes effect at once
    if (await fair.manager.status(table))["hand"] is None:
        await fair.manager.ask_reseed(table, CID)
        assert [s.status for s in await seeds_of(fair, table)][-2:] == ["revealed", "current"]


async def test_a_restart_keeps_the_commitment_and_the_secret(fair: Fair) -> None:
    table = await seated_table(fair)
    await play_hands(fair, table, 2)
    before = (await fair.manager.status(table))["fair"]
    [seed] = await seeds_of(fair, table)
    again = await fair.reopen()
    try:
        after = (await again.manager.status(table))["fair"]
        assert after["commitment"] == before["commitment"] == seed.commitment
        assert after["deals"] == before["deals"]
        assert [s.status for s in await seeds_of(again, table)] == ["current"]
        assert seed.server_seed not in public_text(again) + public_text(fair)
        await play_hands(again, table, 1)
        [still] = await seeds_of(again, table)
        assert still.commitment == seed.commitment and still.deals >= 3
    finally:
        fair.db = again.db  # the fixture closes this one


async def test_client_seeds_choose_show_and_refuse(fair: Fair) -> None:
    table = await fair.manager.create_table(GUILD, CHANNEL, "brelan", ANN, {})
    await fair.db.write(Transaction.grant, GUILD, ANN, 1000)
    sat = await fair.manager.join(table, ANN)
    drawn = sat.params["seed"]
    assert re.fullmatch(r"[0-9a-f]{16}", drawn)
    assert drawn in render("fr", sat) and "/table graine" in render("fr", sat)
    shown = await fair.manager.client_seed(table, ANN)
    assert shown.params["seed"] == drawn
    chosen = await fair.manager.client_seed(table, ANN, "mon trèfle porte-bonheur")
    assert "from the next deal" in render("en", chosen)
    assert (await fair.manager.client_seed(table, ANN)).params["seed"] == "mon trèfle porte-bonheur"
    for bad, words in (("a|b", "|"), ("x" * 65, "64")):
        with pytest.raises(TableError) as refused:
            await fair.manager.client_seed(table, ANN, bad)
        assert words in render("en", refused.value.message)
    with pytest.raises(TableError):
        await fair.manager.client_seed(table, BEN)
    # a chosen seed goes into the deal's client seed, in order of play
    for user in (BEN, CID):
        await fair.db.write(Transaction.grant, GUILD, user, 1000)
        await fair.manager.join(table, user)
    await fair.manager.start(table, ANN)
    record = (await fair.db.query(Transaction.current_hand, table)).record  # type: ignore[union-attr]
    parts = record["fair"]["client_seed"].split("|")
    order = [p["name"] for p in record["players"]]
    assert parts[order.index(str(ANN))] == "mon trèfle porte-bonheur"


async def test_the_player_before_the_dealer_cuts_once_per_deal(fair: Fair) -> None:
    table = await seated_table(fair)
    await play_hands(fair, table, 1)
    state = await fair.manager.status(table)
    cutter = state["fair"]["cutter"]
    hand = state["hand"]
    if hand is not None:  # for the next deal: the player before its dealer, dealing now
        assert str(cutter) == [p["name"] for p in hand["players"]][-1]
    else:
        seats = [s for s in state["seats"]]
        assert str(cutter) != str(next(s["user"] for s in seats if s["dealer"]))
    others = [u for u in (ANN, BEN, CID) if u != cutter]
    with pytest.raises(TableError) as refused:
        await fair.manager.cut(table, others[0])
    assert f"<@{cutter}>" in render("en", refused.value.message)
    before = (await fair.manager.client_seed(table, cutter)).params["seed"]
    done = await fair.manager.cut(table, cutter)
    assert done.params["seed"] != before
    with pytest.raises(TableError) as twice:
        await fair.manager.cut(table, cutter)
    assert "already cut" in render("en", twice.value.message)
    said = [render("en", m) for _t, m, _d in fair.presenter.announcements]
    assert any("cuts the deck" in line for line in said)


async def test_brag_packs_that_continue_verify_through_the_previous_deal(fair: Fair) -> None:
    table = await seated_table(fair, game="brag", blind_allowed=False)
    hands = await play_hands(fair, table, 5)
    await fair.manager.close_now(table, ANN)
    records = {h: (await fair.db.query(Transaction.get_hand, h)).record for h in hands}
    chain = {(r["fair"]["commitment"], r["deal_no"]): r for r in records.values()}
    continued = [r for r in records.values() if r["fair"].get("continues") is not None]
    assert continued, "some deal should continue the pack"
    for record in records.values():
        verdict = verify_record(record, chain)
        assert verdict.ok, verdict.problems
    for record in continued:
        assert any("follows" in n for n in verify_record(record, chain).notes)
        moved = json.loads(json.dumps(record))
        moved["fair"]["deck"][0], moved["fair"]["deck"][-1] = (
            moved["fair"]["deck"][-1],
            moved["fair"]["deck"][0],
        )
        assert not verify_record(moved, chain).ok


def test_selfplay_hands_export_and_verify_end_to_end(tmp_path: Path, db_target: str) -> None:
    """``Done when``: self-play N hands, export them, verify with the project's command and
    with the stand-alone verifier of docs/fairness.md (on each backend)."""
    db, out = db_target, tmp_path / "out"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *args], capture_output=True, text=True, cwd=ROOT, timeout=300
        )

    played = run("-m", "bot.runtime.selfplay", str(db), "5", "--hands", "24")
    assert played.returncode == 0, played.stderr
    assert "done" in played.stdout.splitlines()[-1]
    exported = run("-m", "bot.runtime.export", str(db), str(out))
    assert exported.returncode == 0, exported.stderr
    files = sorted(out.glob("hand-*.json"))
    assert len(files) >= 24
    games = {json.loads(f.read_text())["game"] for f in files}
    assert games == {"brelan", "bouillotte", "brag"}
    ours = run("-m", "bot.fair", "verify", str(out))
    assert ours.returncode == 0, ours.stdout
    assert ours.stdout.count("OK ") == len(files)
    code = re.search(r"```python\n(.*?)```", (ROOT / "docs/fairness.md").read_text(), re.S)
    assert code is not None
    verifier = tmp_path / "verify.py"
    verifier.write_text(code.group(1))
    theirs = run(str(verifier), *map(str, files))
    assert theirs.returncode == 0, theirs.stdout
    # one changed card anywhere makes both fail, naming the file
    victim = files[len(files) // 2]
    record = json.loads(victim.read_text())
    deck = record["fair"]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    victim.write_text(json.dumps(record))
    assert run("-m", "bot.fair", "verify", str(out)).returncode == 1
    assert run(str(verifier), str(victim)).returncode == 1


async def test_no_server_seed_is_shown_anywhere_before_its_reveal(fair: Fair) -> None:
    """Every public update, announcement, showdown and private delivery, and every replay
    file asked for along the way: a server seed first appears in its reveal line."""
    table = await seated_table(fair, reseed_every=2)
    files: list[str] = []
    hands = await play_hands(fair, table, 3)
    await fair.manager.ask_reseed(table, BEN)
    for hand_id in hands:
        for reader in (ANN, None):
            files.append((await fair.manager.export_hand(hand_id, reader)).text)
    hands += await play_hands(fair, table, 3)
    seeds = await seeds_of(fair, table)
    secret = [s for s in seeds if s.status != "revealed"]
    assert len(seeds) >= 3 and secret
    log = [json.dumps(entry, default=str) for entry in fair.presenter.log]
    log += [json.dumps(d) for d in fair.presenter.deliveries]
    for seed in seeds:
        first = next((i for i, line in enumerate(log) if seed.server_seed in line), None)
        if seed.status == "revealed":
            assert first is not None and '"said": "log-seed-revealed"' in log[first]
        else:
            assert first is None
    for text in files:
        record = json.loads(text)
        shown = record["fair"]["server_seed"]
        revealed = {s.server_seed for s in seeds if s.status == "revealed"}
        assert shown is None or shown in revealed
        for seed in secret:
            assert seed.server_seed not in text
