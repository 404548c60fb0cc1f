"""One acknowledgement per interaction (issue 47), against a stand-in for discord.py's
interaction that behaves as discord.py and Discord do: a callback is marked done only once
its request has come back, and Discord refuses a second callback (400, code 40060).

The answer races the answer budget (:func:`bot.ui.replies.in_time`, a real 50 ms budget
here) on purpose: the work ends at the budget ± the callback's round trip, many
interactions at once (``ACK_RACES`` of them, 200 by default: they run side by side, so the
whole race costs a fraction of a second).
"""

from __future__ import annotations

import asyncio
import os
import random
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.ui import acknowledge
from bot.ui.replies import in_time, reply

BUDGET = 0.05
LATENCY = 0.01
RACES = int(os.environ.get("ACK_RACES", "200"))


@dataclass
class _Status:
    status: int = 400
    reason: str = "Bad Request"


def already_acknowledged() -> discord.HTTPException:
    return discord.HTTPException(
        _Status(),  # type: ignore[arg-type]
        {"code": 40060, "message": "Interaction has already been acknowledged"},
    )


@dataclass
class Discord:
    """What Discord received for one interaction: its callbacks (the refused ones too) and
    the messages that came of them."""

    callbacks: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)


class Response:
    """discord.py's ``InteractionResponse``: done only when the request has come back."""

    def __init__(self, seen: Discord) -> None:
        self.seen = seen
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def _callback(self, kind: str, content: str | None = None) -> None:
        await asyncio.sleep(LATENCY / 2)  # on the way to Discord
        if self.seen.callbacks:
            self.seen.refused.append(kind)
            raise already_acknowledged()
        self.seen.callbacks.append(kind)
        if content is not None:
            self.seen.messages.append(content)
        await asyncio.sleep(LATENCY / 2)  # on the way back
        self._done = True

    async def defer(self, *, ephemeral: bool, thinking: bool) -> None:
        await self._callback("deferred")

    async def send_message(self, content: str, **_: Any) -> None:
        await self._callback("message", content)

    async def edit_message(self, **kwargs: Any) -> None:
        await self._callback("update", kwargs.get("content"))

    async def send_modal(self, _modal: Any) -> None:
        await self._callback("modal")


class Followup:
    def __init__(self, seen: Discord) -> None:
        self.seen = seen

    async def send(self, content: str, **_: Any) -> Any:
        await asyncio.sleep(LATENCY)
        self.seen.messages.append(content)
        return discord.Object(len(self.seen.messages))


class Interaction:
    """The parts of ``discord.Interaction`` the acknowledgement uses."""

    def __init__(self) -> None:
        self.seen = Discord()
        self.extras: dict[str, Any] = {}
        self.response = Response(self.seen)
        self.followup = Followup(self.seen)

    async def edit_original_response(self, **kwargs: Any) -> None:
        assert self.seen.callbacks, "no original response to edit"
        await asyncio.sleep(LATENCY)
        self.seen.messages.append(kwargs["content"])


async def race(done_at: float) -> Discord:
    """A command whose answer (sent by its own work, as the slash commands do) is ready
    ``done_at`` seconds in, against the budget."""
    interaction: Any = Interaction()
    loop = asyncio.get_running_loop()
    start = loop.time()  # the budget's clock starts now too: a late loop shifts both alike

    async def work() -> None:
        await asyncio.sleep(start + done_at - loop.time())
        await reply(interaction, "your answer")

    await in_time(interaction, work(), thinking=True, budget=BUDGET)
    return interaction.seen  # type: ignore[no-any-return]


async def test_an_answer_ready_at_the_budget_is_one_callback_and_delivered() -> None:
    rng = random.Random(47)
    times = [BUDGET, *(BUDGET + rng.uniform(-LATENCY, LATENCY) for _ in range(RACES - 1))]
    results = await asyncio.gather(*(race(at) for at in times))
    for at, seen in zip(times, results, strict=True):
        assert len(seen.callbacks) == 1 and seen.refused == [], at
        assert seen.messages == ["your answer"], at
    kinds = {seen.callbacks[0] for seen in results}
    assert kinds == {"message", "deferred"}  # both sides of the budget were raced


async def test_an_edit_after_a_deferral_edits_the_original_response() -> None:
    interaction: Any = Interaction()
    assert await acknowledge.defer(interaction, thinking=False, ephemeral=True)
    assert not await acknowledge.defer(interaction, thinking=False, ephemeral=True)
    await acknowledge.edit(interaction, content="the table")
    assert interaction.seen.callbacks == ["deferred"]
    assert interaction.seen.messages == ["the table"]


async def test_a_modal_never_follows_another_callback() -> None:
    interaction: Any = Interaction()
    await acknowledge.send(interaction, "hello")
    with pytest.raises(discord.InteractionResponded):
        await acknowledge.modal(interaction, discord.ui.Modal(title="amount"))
    assert interaction.seen.callbacks == ["message"]


async def test_a_refused_callback_leaves_the_interaction_to_the_next() -> None:
    """A callback Discord refuses (a bad body: 400 without acknowledging) is not an
    acknowledgement: the answer that follows is the callback."""
    interaction: Any = Interaction()

    async def refused(**_: Any) -> None:
        await asyncio.sleep(LATENCY)
        raise discord.HTTPException(_Status(), {"code": 50035, "message": "Invalid Form Body"})  # type: ignore[arg-type]

    interaction.response.defer = refused
    flying = asyncio.ensure_future(acknowledge.defer(interaction, thinking=True, ephemeral=True))
    await asyncio.sleep(0)
    sent = asyncio.ensure_future(acknowledge.send(interaction, "your answer"))
    with pytest.raises(discord.HTTPException):
        await flying
    await sent
    assert interaction.seen.callbacks == ["message"]
    assert interaction.seen.messages == ["your answer"]
