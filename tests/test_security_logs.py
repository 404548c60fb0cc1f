"""No log line, at any level, holds a card hidden from the public (docs/security.md).

The real bot plays Brelan hands against the fake Discord (real discord.py HTTP and
gateway code) with LOG_LEVEL=DEBUG configured as ``python -m bot`` configures it; the
whole log is then scanned for every dealt card that never appeared publicly, in each form
it could take: its code ("Ah"), as shown ("A♥") and JSON-escaped ("A\\u2665").
"""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.logs import configure_logging
from bot.storage import Transaction
from bot.view.words import card
from tests.fakebot import TOKEN, command, point_discord_at, running_bot, sub
from tests.fakediscord import FakeDiscord

ALICE, BOB, CAROL = 1_300_000_000_000_000_001, 1_300_000_000_000_000_002, 1_300_000_000_000_000_003
#: Short hands: refuse the carre, pass when possible; someone must open, then all pass.
QUICK = ("decline", "pass", "fold", "stand", "hold", "open")


@pytest.fixture
def debug_log() -> Iterator[io.StringIO]:
    """Logging as ``python -m bot`` sets it with LOG_LEVEL=DEBUG, into a buffer."""
    names = ("", "bot", "cogs", "__main__", "discord", "aiosqlite", "asyncio")
    levels = {name: logging.getLogger(name).level for name in names}
    buffer = io.StringIO()
    configure_logging("DEBUG", stream=buffer)
    yield buffer
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "salon", False):
            root.removeHandler(handler)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def forms(code: str) -> list[str]:
    shown = card(code)
    return [code, shown, json.dumps(shown)[1:-1]]


def pick_verb(legal: list[dict[str, Any]]) -> tuple[str, int | None]:
    verbs = {a["verb"]: a for a in legal}
    for verb in QUICK:
        if verb in verbs:
            return verb, verbs[verb].get("min", verbs[verb].get("amount"))
    return legal[0]["verb"], legal[0].get("min", legal[0].get("amount"))


async def test_debug_log_holds_no_hidden_card(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, debug_log: io.StringIO
) -> None:
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    point_discord_at(monkeypatch, fake)
    hands = []
    try:
        async with running_bot(fake, tmp_path / "salon.sqlite3", log_level="DEBUG") as bot:
            create = sub("create", game="brelan", options="auto_deal=false")
            await command(fake, "table", create, user_id=ALICE)
            for user in (ALICE, BOB, CAROL):
                await command(fake, "table", sub("join"), user_id=user)
            for _ in range(2):
                await command(fake, "table", sub("start"), user_id=ALICE)
                await command(fake, "cards", user_id=BOB)  # the private /cards answer too
                for _ in range(40):
                    hand = (await bot.manager.status(1))["hand"]
                    if hand is None or hand.get("to_act") is None:
                        break
                    verb, amount = pick_verb(hand["legal"])
                    options: list[dict[str, Any]] = [{"name": "verb", "type": 3, "value": verb}]
                    if amount is not None:
                        options.append({"name": "amount", "type": 3, "value": str(amount)})
                    await command(fake, "act", options, user_id=int(hand["to_act"]))
                hands.append(await bot.db.query(Transaction.get_hand, len(hands) + 1))
    finally:
        await fake.close()

    public: list[Any] = [
        m for m in fake.messages.values() if m["channel_id"] == str(fake.channel_id)
    ]
    public += [r.data for r in fake.interaction_responses if not r.data.get("flags", 0) & 64]
    public_text = json.dumps(public, ensure_ascii=False)
    dealt = {c for h in hands for cards in h.record["hands"].values() for c in cards}
    hidden = {c for c in dealt if card(c) not in public_text}
    dms = [m for m in fake.messages.values() if int(m["channel_id"]) in fake.dm_channels.values()]

    assert len(hands) == 2 and all(h.status == "finished" for h in hands), hands
    assert len(hidden) >= 6, "the hands should keep most cards hidden"
    assert dms and any(card(c) in m["content"] for m in dms for c in hidden), "no card DM sent"
    log_text = debug_log.getvalue()
    # the log captured the run at DEBUG: the bot's own debug lines, one per move
    assert re.search(r"DEBUG bot\.runtime\.manager: table 1 hand \d+: \d+ plays", log_text)
    leaks = [
        form
        for code in hidden
        for form in forms(code)
        if re.search(rf"(?<![\w\\]){re.escape(form)}(?!\w)", log_text)
    ]
    assert leaks == [], f"hidden cards in the log: {leaks}"
