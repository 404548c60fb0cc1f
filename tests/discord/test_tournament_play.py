"""A 9-player, two-table sit-and-go of each game played on Discord to its prizes (issue 29's
"done when"): five members register with the buttons and play by clicking in their tables'
threads, four house players fill the field, players bust, a seat is moved to balance the
tables, a table is broken and its thread archived, the final table plays on, and the bot
restarts in the middle; the prizes are paid once, announced, and the chips add up."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tournament_helpers import (
    GRANT,
    PAUSE,
    SCHEDULES,
    SIT_AND_GO,
    announcements,
    balance,
    chips_hold,
    click_a_move,
    create,
    flushed,
    register_all,
    steady,
    tournament_message,
)

from bot.storage import Transaction

MEMBERS = ["ann", "ben", "cid", "dot", "eve"]
#: Per game: the seed of the members' clicks, and the click after which the bot restarts.
GAMES = [("brelan", 6, 12), ("bouillotte", 1, 18), ("brag", 7, 38)]


@pytest.mark.parametrize(("game", "seed", "restart"), GAMES)
async def test_a_two_table_sit_and_go_on_discord(
    salon: Any, monkeypatch: pytest.MonkeyPatch, game: str, seed: int, restart: int
) -> None:
    steady(salon, monkeypatch, seed)
    created = await create(salon, game, house=4, schedule=SCHEDULES[game], **SIT_AND_GO)
    assert not created.ephemeral
    await register_all(salon, MEMBERS)
    assert {await balance(salon, n) for n in MEMBERS} == {GRANT - 100}
    threads = salon.channel.threads
    assert [t.name for t in threads] == ["Tournament 1 · table 1", "Tournament 1 · table 2"]
    rng = random.Random(seed)
    clicks = 0
    for _ in range(5000):
        status = (await salon.bot.db.query(Transaction.get_tournament, 1)).status
        if status == "finished":
            break
        if await click_a_move(salon, rng):
            clicks += 1
            if clicks == restart:
                await flushed(salon)
                await salon.restart()
        else:
            await salon.env.advance_time(PAUSE)
        await chips_hold(salon)
    else:
        raise AssertionError("the tournament did not end")
    assert clicks > restart  # the restart came in the middle
    await flushed(salon)
    said = "\n".join(announcements(salon))
    for news in ("moves from table", "is broken up", "The final table", "is out and finishes"):
        assert news in said, news
    assert said.count(" wins tournament 1") == 1
    entrants = await salon.bot.db.query(Transaction.entrants, 1)
    assert sum(e.prize or 0 for e in entrants) == 500
    for name in MEMBERS:
        prize = next(e.prize or 0 for e in entrants if e.user_id == salon.member(name).id)
        assert await balance(salon, name) == GRANT - 100 + prize
    final = await tournament_message(salon)
    assert final.embeds[0].title.endswith("— tournament #1: results")
    assert not final.components  # no button once registration is closed
    for thread in threads:
        meta = salon.env.backend.get_channel(thread.id).thread_metadata
        assert meta.archived and meta.locked
    await chips_hold(salon)
    assert salon.env.errors == []
