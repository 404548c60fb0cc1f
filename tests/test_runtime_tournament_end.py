"""A tournament always ends (issue 48): once its last level has lasted its span
(bot.games.levels.LAST_LEVEL_SPAN levels' length) it ends by stacks, even with every player
away; the prizes are paid by the chips each holds."""

from __future__ import annotations

from bot.runtime.tournament_events import Results, Started
from bot.storage import Transaction
from tests.tournament_robots import MEMBERS, TourneyEnv, check, create

ANN, BEN = MEMBERS[:2]
#: bot.games.levels.LAST_LEVEL_SPAN, written out: the old head has no such bound.
SPAN = 10


async def test_players_away_at_the_last_level_end_it_by_stacks(tourney: TourneyEnv) -> None:
    m, t = tourney.manager, tourney.manager.tournaments
    # one level of ante 1, a hand long; 1,000 chips each: nobody busts for hundreds of hands
    tid = await create(
        tourney, "brelan", players=2, buy_in=10, chips=1000, schedule="1 hands: 1",
        turn_timeout=30,
    )  # fmt: skip
    for user in (ANN, BEN):
        await t.register(tid, user)
    (table,) = tourney.news.of(Started)[-1].tables
    for _ in range(2000):  # both are away: every turn times out
        if (await tourney.db.query(Transaction.get_tournament, tid)).status != "running":
            break
        await tourney.clock.advance(30)
    tournament = await tourney.db.query(Transaction.get_tournament, tid)
    assert tournament.status == "finished", "a tournament of players away never ends"
    hands = max(int(n) for n in tournament.state["hands"].values())
    assert hands == SPAN  # the last (only) level lasted its span, no more
    (results,) = tourney.news.of(Results)
    assert results.by_stacks  # announced as an end by stacks
    assert results.message().key == "tournament-won-by-stacks"
    paid = sorted((s.place, s.prize) for s in results.standings)
    # the bigger stack wins the pool; equal stacks share the first place and the pool
    assert paid in ([(1, 20), (2, 0)], [(1, 10), (1, 10)]), paid
    assert table.table_id not in m.tables  # its table closed
    await check(tourney.db, tid)
