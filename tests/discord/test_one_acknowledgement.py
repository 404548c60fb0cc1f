"""One acknowledgement per interaction (issue 47): an answer ready right at the answer
budget (:data:`~bot.ui.replies.ANSWER_BUDGET`) and the budget's deferral are one decision
(:mod:`bot.ui.acknowledge`), so Discord gets one callback, never a second it would refuse
with 40060, and the member always gets his answer.

simcord refuses a second callback with 40060 as Discord does; its requests take no time,
so here each takes :data:`LATENCY` to come back, the window in which discord.py still sees
the interaction unanswered, and the work is slowed to end within that window either side
of the budget (shortened to :data:`BUDGET`). ``ACK_RACES=200`` runs 200 races, not a few.
"""

from __future__ import annotations

import ast
import asyncio
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord.http.client
from simsupport import table_message

import bot.ui.replies
from bot.i18n import render

ROOT = Path(__file__).resolve().parents[2]

#: The answer budget here: 2 s in play, a tenth of a second to keep 200 races short
#: (simcord's timers run in real time when nothing else advances its clock).
BUDGET = 0.1
#: How long a callback takes to reach Discord and come back.
LATENCY = 0.03
#: Races per test (CI); ``ACK_RACES`` in the environment asks for more.
RACES = int(os.environ.get("ACK_RACES", "12"))


def slow_callbacks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer budget is :data:`BUDGET`; every interaction request takes
    :data:`LATENCY`, half on the way there (a callback reaches Discord late), half on the
    way back (discord.py learns of it late)."""
    monkeypatch.setattr(bot.ui.replies, "ANSWER_BUDGET", BUDGET)
    real = simcord.http.client.FakeWebhookAdapter.request

    async def request(self: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(LATENCY / 2)
        answer = await real(self, route, *args, **kwargs)
        await asyncio.sleep(LATENCY / 2)
        return answer

    monkeypatch.setattr(simcord.http.client.FakeWebhookAdapter, "request", request)


def work_times(seed: int) -> Iterator[float]:
    """When the work is done: right at the budget, then within the callback's latency either
    side of it (the answer's callback in flight when the budget ends, or the deferral's
    when the answer is ready)."""
    rng = random.Random(seed)
    yield BUDGET
    for _ in range(RACES - 1):
        yield BUDGET + rng.uniform(-1.2 * LATENCY, 1.2 * LATENCY)


def callbacks_since(salon: Any, since: int) -> list[Any]:
    return [r for r in salon.env.http_requests[since:] if r.path.endswith("/callback")]


async def test_a_command_answered_at_the_budget_is_acknowledged_once(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/table queue reads a table slowed to end at the budget ± the callback's latency: one callback
    each time (the answer, or a deferral its answer then completes) and the answer read."""
    ann = salon.member("ann")
    await ann.slash(salon.channel, "table create", game="brelan")
    slow_callbacks(monkeypatch)
    real_status = salon.bot.manager.status
    lag: list[float] = []

    async def slow_status(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(lag[0])
        return await real_status(*args, **kwargs)

    monkeypatch.setattr(salon.bot.manager, "status", slow_status)
    expected = render("en", "tables-nobody-waiting")
    kinds = set()
    for at in work_times(seed=47):
        lag[:] = [at]
        since = len(salon.env.http_requests)
        result = await ann.slash(salon.channel, "table queue")
        [callback] = callbacks_since(salon, since)  # never a second one
        kinds.add(callback.json["type"])
        said = [*result.followups, result.response][0]
        assert said.ephemeral and said.content == expected, at
        assert salon.env.errors == []
    assert kinds == {4, 5}  # both sides of the budget were raced


async def test_a_click_answered_at_the_budget_is_acknowledged_once(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click on "Join" whose request ends at the budget ± the latency: one callback each time,
    the table message edited (the member seated), nothing refused. (The click is answered
    after its request, so it never raced; it keeps going through the one decision.)"""
    seats = [salon.member(f"p{i}") for i in range(5)]  # a Brelan table's five seats
    await seats[0].slash(salon.channel, "table create", game="brelan")
    slow_callbacks(monkeypatch)
    real_join = salon.bot.manager.join
    lag: list[float] = []

    async def slow_join(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(lag[0])
        return await real_join(*args, **kwargs)

    monkeypatch.setattr(salon.bot.manager, "join", slow_join)
    for member, at in zip(seats, work_times(seed=470), strict=False):
        lag[:] = [at]
        since = len(salon.env.http_requests)
        await member.click(await table_message(salon), label=render("en", "ui-join"))
        [callback] = callbacks_since(salon, since)
        assert callback.json["type"] in (6, 7), at  # a deferred update, or the update
        assert salon.env.errors == []
    message = await table_message(salon)
    shown = str([e.to_dict() for e in message.embeds])
    assert all(str(member.id) in shown for member in seats)


#: The one module that makes an interaction's callbacks and follow-ups.
ACKNOWLEDGING = "bot/ui/acknowledge.py"
#: The outbox edits through the token of a click answered already (never a callback).
ALLOWED = {("bot/ui/outbox.py", "edit_original_response")}
#: The fake Discord plays the other side (it receives the callbacks).
DISCORD_SIDE = "bot/loadtest/fakediscord/"
RESPONSES = {"send_message", "defer", "edit_message", "send_modal"}
TOKEN = {"followup", "edit_original_response"}


def test_every_answer_to_an_interaction_goes_through_the_one_decision() -> None:
    """No module answers an interaction by itself (``interaction.response.*``,
    ``followup``, ``edit_original_response``): a second path would race the first."""
    found = []
    for path in sorted([*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/*.py")]):
        name = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        if name == ACKNOWLEDGING or name.startswith(DISCORD_SIDE) or "interaction" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Attribute) or (name, node.attr) in ALLOWED:
                continue
            inner = node.value
            through = inner.attr if isinstance(inner, ast.Attribute) else ""
            if node.attr in TOKEN or (node.attr in RESPONSES and through == "response"):
                found.append(f"{name}:{node.lineno} {node.attr}")
    assert found == []
