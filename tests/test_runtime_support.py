"""Shared helpers for the runtime tests: a manager on a tmp database with a manual clock."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games.cards import Card, Shuffler, parse_card
from bot.runtime import ManualClock, RecordingPresenter, TableManager
from bot.storage import Database, Transaction

GUILD = 1
CHANNEL = 10


@dataclass
class Env:
    db: Database
    clock: ManualClock
    presenter: RecordingPresenter
    manager: TableManager
    #: The database: a SQLite file or a PostgreSQL URL (tests/conftest.py's ``db_target``).
    path: str | Path

    async def reopen(self) -> Env:
        """Close the database and start a fresh manager on the same one (same clock)."""
        await self.manager.aclose()
        await self.db.close()
        return await make_env(self.path, self.clock)


async def make_env(path: str | Path, clock: ManualClock | None = None) -> Env:
    db = await Database.open(path)
    clock = clock or ManualClock()
    presenter = RecordingPresenter()
    manager = TableManager(
        db, presenter, clock=clock, shuffler_factory=lambda tid: Shuffler(seed=1000 + tid)
    )
    await manager.resume()
    return Env(db, clock, presenter, manager, path)


def friendly(legal: list[dict[str, Any]]) -> tuple[str, int | None]:
    """Open small, hold, stand: a policy that reaches a showdown."""
    verbs = {a["verb"]: a for a in legal}
    if "open" in verbs:
        return "open", verbs["open"]["min"]
    for verb in ("decline", "hold", "stand", "pass"):
        if verb in verbs:
            return verb, None
    first = legal[0]
    return first["verb"], first.get("amount", first.get("min"))


async def play_until_hand_over(manager: TableManager, table_id: int, limit: int = 200) -> int:
    """Play the current hand with :func:`friendly`; returns its id."""
    state = await manager.status(table_id)
    hand_id = state["hand"]["id"]
    for _ in range(limit):
        state = await manager.status(table_id)
        hand = state["hand"]
        if hand is None or hand["id"] != hand_id:
            return int(hand_id)
        verb, amount = friendly(hand["legal"])
        await manager.act(table_id, int(hand["to_act"]), verb, amount)
    raise AssertionError("the hand did not end")


async def balanced(db: Database, guild: int = GUILD) -> None:
    census = await db.query(Transaction.chip_census, guild)
    assert census.balanced, census
    assert await db.query(Transaction.verify_ledger, guild) == []


def leaked_cards(
    presenter: RecordingPresenter, cards: set[str], upto: int | None = None
) -> set[str]:
    """The ``cards`` written anywhere in the public payloads before ``upto`` (a whole value,
    or a word inside a sentence: ``"Ah"`` in ``"Berthe shows Ah Kd"``)."""
    text = " ".join(
        json.dumps(payload, default=str, ensure_ascii=False)
        for kind, _table, payload in presenter.log[:upto]
        if kind != "showdown"
    )
    return {c for c in cards if re.search(rf"(?<![A-Za-z0-9]){re.escape(c)}(?![A-Za-z0-9])", text)}


class StackedShuffler(Shuffler):
    """A seeded shuffler whose next shuffles put given cards on top, in order.

    ``tops`` is consumed one entry per shuffle (None: a plain seeded shuffle); once it is
    empty every shuffle is plain.
    """

    def __init__(self, tops: list[list[str] | None], seed: int = 0) -> None:
        super().__init__(seed=seed)
        self.tops = list(tops)

    def shuffled(self, cards: Sequence[Card], players: Sequence[str] = ()) -> list[Card]:
        out = super().shuffled(cards)
        top = self.tops.pop(0) if self.tops else None
        if top is None:
            return out
        wanted = [parse_card(c) for c in top]
        assert all(c in out for c in wanted), "a stacked card is not in this pack"
        return wanted + [c for c in out if c not in wanted]


def brag_pack(hands: list[str]) -> list[str]:
    """The top of a Brag pack that deals ``hands`` (written "Ah Kd 2c", in order of play):
    one card at a time, first player first."""
    split = [h.split() for h in hands]
    return [split[i][j] for j in range(len(split[0])) for i in range(len(split))]
