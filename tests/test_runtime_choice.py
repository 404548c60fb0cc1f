"""Brag's dealer's choice in the runtime: offered after each full round of deals, the variant
chosen by the dealer alone, another game put to a vote (accepted, refused, timed out), a
restart in the middle of a vote, and the choice written into the next deal's record."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.replay import load_record, replay_record
from bot.i18n import render
from bot.runtime import TableError
from bot.runtime.house_seats import HOUSE_PAUSE
from tests.test_runtime_support import CHANNEL, GUILD, Env

A, B, C = 701, 702, 703


async def choice_table(env: Env) -> int:
    m = env.manager
    options = {"dealers_choice": True, "blind_allowed": False}
    table = await m.create_table(GUILD, CHANNEL, "brag", A, options)
    for user in (A, B, C):
        await m.join(table, user)
    await m.start(table, A)
    return table


async def fold_round(env: Env, table: int) -> dict[str, Any] | None:
    """Play hands (everyone folds to the last player) until a choice is offered."""
    m = env.manager
    for _ in range(40):
        state = await m.status(table)
        if state["choice"] is not None:
            return state["choice"]
        hand = state["hand"]
        assert hand is not None, state
        verbs = [a["verb"] for a in hand["legal"]]
        verb = "fold" if "fold" in verbs else verbs[0]
        await m.act(table, int(hand["to_act"]), verb)
    return None


def said(env: Env) -> list[str]:
    return [render("en", m) for _t, m, _d in env.presenter.announcements]


async def test_the_dealer_changes_the_variant_after_a_full_round(env: Env) -> None:
    m = env.manager
    table = await choice_table(env)
    choice = await fold_round(env, table)
    assert choice is not None and (await m.status(table))["hand"] is None
    dealer = choice["dealer"]
    assert {"option": "cards", "value": 4, "cap": 10} in choice["variants"]
    with pytest.raises(TableError) as who:
        await m.choose_game(table, next(u for u in (A, B, C) if u != dealer), {"cards": 4})
    assert f"<@{dealer}>" in render("en", who.value.message)
    with pytest.raises(TableError):
        await m.start(table, A)  # no deal while the dealer chooses
    await m.choose_game(table, dealer, {"cards": 4})
    state = await m.status(table)
    assert state["choice"] is None and state["hand"] is not None
    record = m.tables[table].record
    assert record is not None
    assert all(len(cards) == 4 for cards in record.hands.values())
    assert record.extra["choice"]["result"] == "changed"
    assert record.extra["choice"]["changes"] == {"cards": 4}
    # the replay ignores the choice: the stored record replays to the hand being played
    live = m.tables[table].hand
    assert live is not None
    assert replay_record(load_record(record.to_json())).summary() == live.summary()
    assert any("four" in line.lower() or "cards=4" in line for line in said(env))


async def test_another_game_needs_a_majority(env: Env) -> None:
    m = env.manager
    table = await choice_table(env)
    choice = await fold_round(env, table)
    assert choice is not None
    dealer = choice["dealer"]
    others = [u for u in (A, B, C) if u != dealer]
    await m.choose_game(table, dealer, {"ante": 2})
    voting = (await m.status(table))["choice"]
    assert voting["proposal"] == {"ante": 2} and voting["votes"] == {dealer: True}
    await m.vote_game(table, others[0], yes=True)
    with pytest.raises(TableError):
        await m.vote_game(table, others[0], yes=False)  # once
    await m.vote_game(table, others[1], yes=False)
    state = await m.status(table)
    assert state["choice"] is None and state["hand"] is not None
    assert m.engine_options(table).ante == 2  # type: ignore[union-attr]
    assert m.tables[table].record.extra["choice"]["result"] == "changed"  # type: ignore[union-attr]
    # next round: refused by the two others
    choice = await fold_round(env, table)
    assert choice is not None
    dealer = choice["dealer"]
    others = [u for u in (A, B, C) if u != dealer]
    await m.choose_game(table, dealer, {"min_bet": 2, "max_bet": 20})
    for user in others:
        await m.vote_game(table, user, yes=False)
    assert m.engine_options(table).min_bet == 1  # type: ignore[union-attr]
    assert m.tables[table].record.extra["choice"]["result"] == "refused"  # type: ignore[union-attr]
    assert any("refused" in line for line in said(env))


async def test_a_vote_survives_a_restart_and_no_answer_counts_as_no(env: Env) -> None:
    table = await choice_table(env)
    choice = await fold_round(env, table)
    assert choice is not None
    dealer = choice["dealer"]
    await env.manager.choose_game(table, dealer, {"ante": 3})
    again = await env.reopen()
    try:
        state = await again.manager.status(table)
        assert state["choice"]["proposal"] == {"ante": 3}
        deadline = state["choice"]["deadline"]
        assert again.clock.pending() == [deadline]  # the vote's deadline is armed again
        await again.clock.advance(deadline - again.clock.now() + 1)
        state = await again.manager.status(table)
        assert state["choice"] is None and state["hand"] is not None
        assert again.manager.engine_options(table).ante == 1  # type: ignore[union-attr]
    finally:
        env.db = again.db


async def test_the_dealer_who_does_not_choose_keeps_the_game(env: Env) -> None:
    table = await choice_table(env)
    choice = await fold_round(env, table)
    assert choice is not None
    await env.clock.advance(choice["deadline"] - env.clock.now() + 1)
    state = await env.manager.status(table)
    assert state["choice"] is None and state["hand"] is not None
    assert any("did not choose" in line for line in said(env))


async def test_the_option_is_for_brag_only(env: Env) -> None:
    with pytest.raises(TableError) as refused:
        await env.manager.create_table(GUILD, CHANNEL, "brelan", A, {"dealers_choice": True})
    assert "Brag" in render("en", refused.value.message)


async def house_choice_table(env: Env, member_deals: bool) -> int:
    """A member and two house players; the last seat deals first, and chooses after each
    full round."""
    m = env.manager
    options = {"dealers_choice": True, "blind_allowed": False}
    table = await m.create_table(GUILD, CHANNEL, "brag", A, options)
    if not member_deals:
        await m.join(table, A)
    await m.add_house(table, A, "easy")
    await m.add_house(table, A, "normal")
    if member_deals:
        await m.join(table, A)
    await m.start(table, A)
    return table


async def play_with_house(env: Env, table: int, until: Any) -> None:
    m = env.manager
    for _ in range(400):
        if until():
            return
        state = await m.status(table)
        if state["choice"] is not None:
            return
        hand = state["hand"]
        if hand is not None and int(hand["to_act"]) == A:
            verbs = [a["verb"] for a in hand["legal"]]
            await m.act(table, A, "fold" if "fold" in verbs else verbs[0])
        else:
            await env.clock.advance(HOUSE_PAUSE + 0.01)
    raise AssertionError("nothing happened")


async def test_a_house_dealer_chooses_at_once(env: Env) -> None:
    table = await house_choice_table(env, member_deals=False)

    def chose() -> bool:
        record = env.manager.tables[table].record
        return record is not None and "choice" in record.extra

    await play_with_house(env, table, chose)
    record = env.manager.tables[table].record
    assert record is not None and record.extra["choice"]["dealer"] != str(A)
    said = [render("en", msg) for _t, msg, _d in env.presenter.announcements]
    assert any("🤖" in line and ("chooses" in line or "keeps" in line) for line in said)


async def test_house_players_answer_a_members_proposal_at_once(env: Env) -> None:
    table = await house_choice_table(env, member_deals=True)
    await play_with_house(env, table, lambda: False)
    choice = (await env.manager.status(table))["choice"]
    assert choice is not None and choice["dealer"] == A
    await env.manager.choose_game(table, A, {"ante": 2})
    state = await env.manager.status(table)
    assert state["choice"] is None  # every seated player has answered
    record = env.manager.tables[table].record
    assert record is not None
    votes = record.extra["choice"]["votes"]
    assert len(votes) == 3 and votes[str(A)] is True
