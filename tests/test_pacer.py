"""The presenter's pacer never lets more than PER_SECOND calls through in one second, even
right after a calm with a large burst (Discord counts its global limit per second)."""

from __future__ import annotations

import asyncio

import pytest

from bot.ui.outbox import PER_SECOND, Pacer


async def test_no_more_than_per_second_calls_in_one_second() -> None:
    now = [1000.0]
    pacer = Pacer(rate=1000.0, burst=200.0, clock=lambda: now[0])
    for _ in range(PER_SECOND):
        await asyncio.wait_for(pacer.acquire(), 0.5)  # at once: the burst allows it
    with pytest.raises(TimeoutError):  # one more would make PER_SECOND + 1 in this second
        await asyncio.wait_for(pacer.acquire(), 0.05)
    now[0] += 1.0
    await asyncio.wait_for(pacer.acquire(), 0.5)  # the next second has room again


async def test_tokens_granted_over_seconds_never_reach_the_wire_faster_than_per_second() -> None:
    """Requests sent late after their tokens (a busy loop rendering them) and all at once:
    no more than PER_SECOND go on the wire in one second; the rest wait for the next."""
    now = [1000.0]
    pacer = Pacer(rate=30.0, burst=30.0, clock=lambda: now[0])
    for _ in range(2 * PER_SECOND):  # granted over three seconds
        await asyncio.wait_for(pacer.acquire(), 0.5)
        now[0] += 3.0 / (2 * PER_SECOND)
    for _ in range(PER_SECOND):  # then all of them are sent at once
        await asyncio.wait_for(pacer.sending(), 0.5)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(pacer.sending(), 0.05)
    now[0] += 1.0
    await asyncio.wait_for(pacer.sending(), 0.5)
