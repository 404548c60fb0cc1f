"""The showdown's "Why?": rebuilt from the stored hand as its post told it, and its count adds
up to the engine's (each suit's cards on the table, folded hands and the retourne included),
naming the engine's winner; Brag's two hands in words, the winner's first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LANGS, SUIT_SYMBOLS
from bot.runtime.history import showdown_of
from bot.storage import Transaction
from bot.view.document import document_lines
from bot.view.explain import card_points, showdown_why
from bot.view.words import cards, mention
from tests.test_runtime_support import CHANNEL, GUILD, make_env

PLAYERS = (601, 602, 603)


def policy(legal: list[dict[str, Any]]) -> tuple[str, int | None]:
    """Stay in to a showdown: see when two are left, else open, hold or bet the least."""
    verbs = {a["verb"]: a for a in legal}
    for verb in ("see", "open", "bet", "decline", "hold", "stand", "pass"):
        if verb in verbs:
            action = verbs[verb]
            return verb, action.get("min", action.get("amount"))
    first = legal[0]
    return first["verb"], first.get("min", first.get("amount"))


async def showdowns(tmp_path: Path, game: str, players: tuple[int, ...], hands: int) -> Any:
    env = await make_env(tmp_path / "db.sqlite3")
    table = await env.manager.create_table(GUILD, CHANNEL, game, players[0], {"auto_deal": True})
    for user in players:
        await env.manager.join(table, user)
    await env.manager.start(table, players[0])
    for _ in range(hands * 40):
        state = await env.manager.status(table)
        hand = state["hand"]
        if hand is None or hand["no"] > hands:
            break
        verb, amount = policy(hand["legal"])
        await env.manager.act(table, int(hand["to_act"]), verb, amount)
    return env


@pytest.mark.parametrize("game", ["brelan", "bouillotte"])
async def test_the_count_adds_up_to_the_engines_suit_by_suit(tmp_path: Path, game: str) -> None:
    env = await showdowns(tmp_path, game, PLAYERS, 6)
    try:
        reports = [data for _table, data in env.presenter.showdowns]
        assert reports
        for report in reports:
            stored = await env.db.query(Transaction.get_hand, report["hand_id"])
            assert showdown_of(stored) == report  # what the post showed, rebuilt
            reveal = report["reveal"]
            on_table = [c for h in reveal["hands"].values() for c in h] + [reveal["retourne"]]
            doc = showdown_why("en", game, report)
            text = "\n".join(document_lines(doc))
            for suit in reveal["suits"]:
                total = sum(card_points(c) for c in on_table if c[1] == suit["suit"])
                if suit["owner"] is None:
                    continue
                assert total == suit["points"]  # every card of the suit, as the line lists
                sym = SUIT_SYMBOLS[suit["suit"]]
                (line,) = [t for t in text.split("\n") if t.startswith(f"{sym} ")]
                assert f"{mention(suit['owner'])} holds" in line
                assert line.endswith(f"= {total}")
                for code in (c for c in on_table if c[1] == suit["suit"]):
                    assert cards([code]) in line
            winner = report["pots"][0]["winners"][0]
            assert any(
                mention(winner) in t and ("wins" in t or "best point" in t)
                for t in text.split("\n")
            ), text
            for lang in LANGS:
                assert "…" not in "\n".join(document_lines(showdown_why(lang, game, report)))
    finally:
        await env.manager.aclose()
        await env.db.close()


async def test_brag_says_why_the_winner_beats_the_seen(tmp_path: Path) -> None:
    env = await showdowns(tmp_path, "brag", PLAYERS[:2], 6)
    try:
        reports = [data for _table, data in env.presenter.showdowns]
        assert reports
        for report in reports:
            stored = await env.db.query(Transaction.get_hand, report["hand_id"])
            assert showdown_of(stored) == report
            text = "\n".join(document_lines(showdown_why("en", "brag", report)))
            assert "Best first: prial" in text
            winner = mention(report["pots"][0]["winners"][0])
            shown = report.get("shown") or {}
            if len(shown) == 2 and len(report["pots"][0]["winners"]) == 1:
                assert any(
                    t.startswith(f"{winner} (") and " beats " in t for t in text.split("\n")
                ), text
    finally:
        await env.manager.aclose()
        await env.db.close()
