"""Tournaments through the runtime (no Discord): a 9-player, two-table sit-and-go of each
game played by robots to its prizes, with house players, busting, balancing, merging and a
restart in the middle; the census balanced and the tournament chips counted after every move
(tests/tournament_robots.py)."""

from __future__ import annotations

import logging
import random

import pytest

from bot.runtime.tournament_events import (
    Busted,
    FinalTable,
    LevelUp,
    PlayerMoved,
    Registered,
    Results,
    Started,
    TableBroken,
)
from bot.storage import Transaction
from tests.tournament_robots import GUILD, check, make_env, open_tournament, play

#: Per game: the seed of the decks and robots, and the member's move after which the
#: process restarts (about half of the tournament's), chosen so that a player is moved.
GAMES = [("brelan", 2, 18), ("bouillotte", 4, 27), ("brag", 4, 54)]


@pytest.mark.parametrize(("game", "seed", "restart"), GAMES)
async def test_a_two_table_sit_and_go_plays_to_its_prizes(
    db_target: str, game: str, seed: int, restart: int, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    env = await make_env(db_target, seed=seed)
    tid = await open_tournament(env, game)
    assert len(env.news.of(Registered)) == 5  # the house's four entered at the creation
    (started,) = env.news.of(Started)
    assert sorted(len(t.players) for t in started.tables) == [4, 5]
    await check(env.db, tid)
    wallets = {u: await env.db.write(Transaction.balance, GUILD, u) for u in range(501, 506)}
    assert set(wallets.values()) == {900}  # the buy-in is in the pool
    env, moves = await play(env, tid, random.Random(seed), restart_after=restart)
    try:
        assert moves > restart  # the restart came in the middle
        tournament = await env.db.query(Transaction.get_tournament, tid)
        assert tournament.status == "finished" and tournament.pool == 0
        entrants = await env.db.query(Transaction.entrants, tid)
        assert all(e.place is not None for e in entrants)
        assert min(e.place or 0 for e in entrants) == 1
        assert sum(e.prize or 0 for e in entrants) == 500
        assert all(e.prize == 0 for e in entrants if e.user_id < 100)  # the house wins nothing
        for entrant in entrants:
            if entrant.user_id > 100:
                balance = await env.db.write(Transaction.balance, GUILD, entrant.user_id)
                assert balance == 900 + (entrant.prize or 0)
        news = env.news
        kinds = {type(e) for e in news.events}
        assert {Busted, LevelUp, PlayerMoved, TableBroken, FinalTable, Results} <= kinds
        assert len(news.of(Results)) == 1 and len(news.of(FinalTable)) == 1
        # every table said what happened at it
        said = set(env.presenter.said())
        assert {"log-tournament-out", "log-tournament-final"} <= said
        assert any(key.startswith("log-tournament-level") for key in said)
        assert {"log-tournament-moved-in", "log-tournament-moved-out"} <= said
    finally:
        await env.manager.aclose()
        await env.db.close()
    assert not caplog.records, [r.getMessage() for r in caplog.records]
