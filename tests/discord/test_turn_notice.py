"""A turn is always told: a player whose turn comes back moments after his own move is
spared the notice while he looks at the table, and told once the look is over."""

from __future__ import annotations

from typing import Any

from simsupport import button_for, pick_action, state, table_message

from bot.ui.presenter import LOOKING_FOR


async def heads_up(salon: Any, **create: Any) -> dict[int, Any]:
    """Ann and Ben at a started Brag table, the cards dealt."""
    members = {m.id: m for m in (salon.member(n) for n in ("ann", "ben"))}
    first = next(iter(members.values()))
    await first.slash(salon.channel, "table create", game="brag", **create)
    for member in members.values():
        await member.slash(salon.channel, "table join")
    await first.click(await table_message(salon), custom_id="salon:t:1:start")
    return members


def pings(salon: Any, user: int) -> int:
    return sum(f"<@{user}>, it is your turn" in m.content for m in salon.channel.history())


#: Moves that keep a heads-up hand going (a bet rather than a call for the showdown).
GOING = ("look", "bet", "open", "hold", "stand", "pass", "decline", "see", "fold")


async def move(salon: Any, members: dict[int, Any]) -> int:
    """Whoever is to act plays at once, keeping the hand going; returns him."""
    hand = state(salon)["hand"]
    mover = int(hand["to_act"])
    message = await table_message(salon)
    await members[mover].click(
        message, custom_id=button_for(message, 1, hand["id"], pick_action(hand, GOING))
    )
    return mover


async def exchange(salon: Any, members: dict[int, Any]) -> int:
    """A quick exchange: each player moves once; returns who is to act, his turn back."""

    def to_act() -> int:
        hand = state(salon)["hand"]
        assert hand is not None and hand["to_act"] is not None, "the hand ended"
        return int(hand["to_act"])

    first = to_act()
    for mine in (True, False):  # he moves (a look, a bet…), then the other answers
        for _ in range(4):
            if (to_act() == first) != mine:
                break
            await move(salon, members)
    assert to_act() == first
    return first


async def test_a_turn_back_seconds_after_his_move_is_told_when_he_looks_away(
    salon: Any,
) -> None:
    members = await heads_up(salon)
    back = await exchange(salon, members)
    told = pings(salon, back)
    await salon.env.advance_time(LOOKING_FOR / 2)
    assert pings(salon, back) == told  # still looking at the table: no mention yet
    await salon.env.advance_time(LOOKING_FOR / 2 + 1)  # he looked away
    assert await salon.bot.presenter.flush(30)
    assert pings(salon, back) == told + 1
    assert int(state(salon)["hand"]["to_act"]) == back
    sent = salon.bot.presenter.counters.turn_pings
    await salon.env.advance_time(5)
    assert salon.bot.presenter.counters.turn_pings == sent  # told once
    assert pings(salon, back) == told + 1


async def test_a_turn_he_plays_in_time_is_never_told(salon: Any) -> None:
    members = await heads_up(salon)
    back = await exchange(salon, members)
    told = pings(salon, back)
    await salon.env.advance_time(LOOKING_FOR / 3)
    assert await move(salon, members) == back  # he acts while looking
    await salon.env.advance_time(LOOKING_FOR + 1)
    assert await salon.bot.presenter.flush(30)
    assert pings(salon, back) == told


async def test_a_short_turn_timer_tells_him_with_half_his_time_left(salon: Any) -> None:
    """With 20 s to act, the notice cannot wait for the 30 s look: it goes out at 10 s,
    while he can still act."""
    members = await heads_up(salon, turn_timer=20)
    back = await exchange(salon, members)
    told = pings(salon, back)
    await salon.env.advance_time(5)
    assert pings(salon, back) == told
    await salon.env.advance_time(6)
    assert await salon.bot.presenter.flush(30)
    assert pings(salon, back) == told + 1
    assert int(state(salon)["hand"]["to_act"]) == back  # in time to act
