"""The table manager owns its timers: ``aclose()`` cancels every pending timer (turns, house
players' moves, pending deals, the lease keeper), cancels and waits for the timer callbacks
still running, and is idempotent. And every change to a table takes its lock through the one
``_locked`` preamble."""

from __future__ import annotations

import ast
import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.i18n.message import Message
from bot.runtime import RecordingPresenter, TableManager
from bot.runtime.house_seats import HOUSE_PAUSE, is_house
from bot.storage import Transaction
from tests.test_runtime_support import CHANNEL, GUILD, Env, friendly

ANN, BEN = 101, 102
RUNTIME = Path(__file__).resolve().parents[1] / "bot" / "runtime"


async def house_to_act(env: Env) -> int:
    """A Bouillotte table of Ann and two house players, its hand played until a house
    player is to act (its move is a pending timer)."""
    m = env.manager
    table = await m.create_table(GUILD, CHANNEL, "bouillotte", ANN)
    await m.join(table, ANN)
    for level in ("strong", "easy"):
        await m.add_house(table, ANN, level)
    await m.start(table, ANN)
    for _ in range(50):
        hand = (await m.status(table))["hand"]
        assert hand is not None
        if is_house(int(hand["to_act"])):
            return table
        verb, amount = friendly(hand["legal"])
        await m.act(table, ANN, verb, amount)
    raise AssertionError("no house player came to act")


async def stored_actions(env: Env, table: int) -> int:
    """The moves stored for the table's hand in play now."""
    hand = (await env.manager.status(table))["hand"]
    stored = await env.db.query(Transaction.get_hand, hand["id"])
    return len(stored.record["actions"])


async def test_aclose_cancels_every_pending_timer_and_is_idempotent(env: Env) -> None:
    m, clock = env.manager, env.clock
    house = await house_to_act(env)
    members = await m.create_table(GUILD, CHANNEL + 1, "brelan", ANN, {"turn_timeout": 30})
    for user in (ANN, BEN):
        await m.join(members, user)
    await m.start(members, ANN)
    # a third manager on the database keeps leases: its keeper is a timer too
    keeper = TableManager(env.db, RecordingPresenter(), clock=clock, lease_owner="other")
    keeper.keep_leases()
    assert len(clock.pending()) == 3  # the house move, the member's turn, the lease keeper
    before = {t: await stored_actions(env, t) for t in (house, members)}

    await m.aclose()
    await keeper.aclose()
    assert clock.pending() == []
    assert all(t.timer is None for t in m.tables.values())
    assert keeper._keeper is None
    await clock.advance(3600)  # nobody times out, no house player moves
    assert {t: await stored_actions(env, t) for t in (house, members)} == before

    await m.aclose()  # again: nothing to do, nothing raised
    m._arm(m.tables[members])  # a closed manager arms nothing
    assert clock.pending() == []
    assert m.tables[members].timer is None


class GatedPresenter(RecordingPresenter):
    """A presenter that, once ``hold`` is set, never returns from an announcement (a
    callback stuck in the middle of a move) until it is cancelled."""

    def __init__(self) -> None:
        super().__init__()
        self.hold = False
        self.entered = asyncio.Event()
        self.cancelled = 0

    async def announce(self, table_id: int, said: Message, data: dict[str, Any]) -> None:
        await super().announce(table_id, said, data)
        if self.hold:
            self.entered.set()
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                self.cancelled += 1
                raise


async def test_aclose_cancels_and_waits_for_a_house_move_in_progress(
    env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    presenter = GatedPresenter()
    env.manager.presenter = presenter
    table = await house_to_act(env)
    hand_id = (await env.manager.status(table))["hand"]["id"]
    before = await stored_actions(env, table)
    presenter.hold = True
    advancing = asyncio.create_task(env.clock.advance(HOUSE_PAUSE + 0.01))
    await asyncio.wait_for(presenter.entered.wait(), 5)
    assert len(env.manager._firing) == 1  # the house player's move, holding the table's lock

    with caplog.at_level(logging.WARNING, logger="bot.runtime.manager"):
        await env.manager.aclose(grace=0.05)
    assert f"table {table} was still busy at shutdown" in caplog.text
    assert presenter.cancelled == 1 and not env.manager._firing
    await asyncio.wait_for(advancing, 5)  # the clock got its callback back, cancelled
    moves = (await env.db.query(Transaction.get_hand, hand_id)).record["actions"]
    assert len(moves) == before + 1  # the move had committed
    await env.manager.aclose(grace=0.05)
    assert caplog.text.count("still busy") == 1


# -- one lock preamble -------------------------------------------------------------------


def _functions_with(tree: ast.AST, match: Any) -> list[str]:
    """The functions of ``tree`` that hold a node for which ``match`` is true."""
    found = []
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = [n for n in ast.walk(func) if n is not func]
            nested = {
                id(n)
                for f in inner
                if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                for n in ast.walk(f)
            }
            if any(match(n) for n in inner if id(n) not in nested):
                found.append(func.name)
    return found


def _is_lock(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "lock"


def test_the_manager_takes_a_tables_lock_in_one_place() -> None:
    """No part of the manager takes a table's lock by hand (``async with table.lock``) or
    looks a table up for a request by hand: ``_locked`` does it, ``aclose`` keeps the locks
    at shutdown, and ``_load`` hands the lock to a reloaded table."""
    takes: dict[str, list[str]] = {}
    for path in sorted(RUNTIME.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def async_with_lock(node: ast.AST) -> bool:
            return isinstance(node, ast.AsyncWith) and any(
                _is_lock(item.context_expr) for item in node.items
            )

        def any_lock(node: ast.AST) -> bool:
            return _is_lock(node)

        with_lock = _functions_with(tree, async_with_lock)
        if with_lock:
            takes[path.name] = with_lock
        lock_users = set(_functions_with(tree, any_lock))
        if path.name == "manager.py":
            assert lock_users == {"_lock_table", "aclose", "_load"}, lock_users
        else:
            assert not lock_users, f"{path.name}: {sorted(lock_users)} touch a table's lock"
        source = path.read_text(encoding="utf-8")
        assert "self._live(" not in source, path.name
    assert takes == {"manager.py": ["_lock_table"]}
