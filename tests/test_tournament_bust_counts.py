"""Out of a tournament: two players out in one hand are each told with the count at their
moment (the worse place first, "4 still in", then "3 still in"; not both the final count),
and a member out who clicks "I'm back" is told he is out."""

from __future__ import annotations

import logging
import random

import pytest

from bot.i18n import render
from bot.runtime import ManualClock
from bot.runtime.errors import TableError
from bot.runtime.tournament_events import Busted
from tests.tournament_robots import MEMBERS, make_env, one_move, open_tournament, play


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


async def test_a_member_out_of_the_tournament_who_comes_back_is_told_he_is_out(
    db_target: str, caplog: pytest.LogCaptureFixture
) -> None:
    """ "I'm back" at a tournament's table, from a member already out: he is told he is out
    (and his place), not that the table cannot be closed; from a stranger: he is not in."""
    caplog.set_level(logging.ERROR)
    env = await make_env(db_target, seed=2)
    await open_tournament(env, "brelan")
    rng = random.Random(2)
    try:
        for _ in range(5000):
            out = [e for e in env.news.of(Busted) if e.user in MEMBERS]
            if out:
                break
            if not await one_move(env, rng):
                assert isinstance(env.clock, ManualClock)
                await env.clock.advance(max(0.0, env.clock.pending()[0] - env.clock.now()))
        busted = out[0]
        table = next(t for t in env.manager.tables.values() if t.tournament is not None)
        with pytest.raises(TableError) as back:
            await env.manager.join(table.id, busted.user)
        said = render("en", back.value.message)
        assert back.value.message.key == "refuse-tournament-you-are-out"
        assert "You are out of this tournament" in said and "closes" not in said
        assert "Vous êtes éliminé" in render("fr", back.value.message)
        with pytest.raises(TableError) as stranger:
            await env.manager.join(table.id, 999_999_999_999_999_999)
        assert stranger.value.message.key == "refuse-tournament-not-entered"
    finally:
        await env.db.close()
