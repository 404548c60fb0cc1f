"""Two players out in one hand are each told with the count at their moment: the worse
place first, "4 still in", then the better, "3 still in" (not both the final count)."""

from __future__ import annotations

import logging
import random

import pytest

from bot.runtime.tournament_events import Busted
from tests.tournament_robots import make_env, open_tournament, play


async def test_each_bust_of_one_hand_gives_its_own_count(
    db_target: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    env = await make_env(db_target, seed=2)  # Brelan, seed 2: two players out in one hand
    tid = await open_tournament(env, "brelan")
    env, _ = await play(env, tid, random.Random(2))
    try:
        busted = [(e.place, e.left) for e in env.news.of(Busted)]
        places = [place for place, _ in busted]
        assert places == sorted(places, reverse=True)  # told worst first
        assert [left for _, left in busted] == [place - 1 for place in places]
    finally:
        await env.db.close()
