"""House players in the table runtime: seated from the house bank, playing on their own,
giving their seat to a member, never in a leaderboard, never alone at a table."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.house.timing import pace_limit
from bot.i18n import render
from bot.i18n.people import character_name, house_level
from bot.runtime import TableError
from bot.runtime.house_seats import HOUSE_PAUSE
from bot.storage import Transaction
from bot.storage.house import HOUSE_BANK
from tests.test_runtime_support import CHANNEL, GUILD, Env, balanced, friendly

ANN, BEN = 101, 102


async def house_table(
    env: Env, game: str = "bouillotte", levels: tuple[str, ...] = ("strong", "easy"), **options: Any
) -> tuple[int, list[int]]:
    # the house players' chances seeded, as the decks are: drawn at random, now and then the
    # house players lost all their chips to Ann in the first hand and left her alone
    chances = random.Random(5)
    env.manager.house_rng = lambda: chances
    table = await env.manager.create_table(GUILD, CHANNEL, game, ANN, dict(options))
    await env.manager.join(table, ANN)
    for level in levels:
        await env.manager.add_house(table, ANN, level)
    seats = [s.user_id for s in await env.db.query(Transaction.seats, table)]
    return table, [u for u in seats if u != ANN]


async def play(env: Env, table: int, members: set[int], hands: int) -> int:
    """Members play the friendly policy; house players play when their pause ends. Returns
    the number of hands finished (fewer when no new hand comes)."""
    seen: set[int] = set()
    for _ in range(3000):
        hand = (await env.manager.status(table))["hand"]
        finished = len(seen) - (hand is not None and hand["id"] in seen)
        if finished >= hands:
            return finished
        if hand is None:
            if env.clock.pending() == []:
                return finished
            await env.clock.advance(10)
            continue
        seen.add(hand["id"])
        actor = int(hand["to_act"])
        if actor in members:
            verb, amount = friendly(hand["legal"])
            await env.manager.act(table, actor, verb, amount)
        else:
            await env.clock.advance(HOUSE_PAUSE + 0.01)
    raise AssertionError("the hands did not end")


async def test_one_member_plays_against_two_house_players(env: Env) -> None:
    table, house = await house_table(env)
    # a character of each level asked for, drawn
    assert [house_level(u) for u in house] == ["strong", "easy"]
    assert await env.db.write(Transaction.balance, GUILD, ANN) == 1000 - 30
    await env.manager.start(table, ANN)
    assert await play(env, table, {ANN}, hands=6) >= 6
    # house players got no private message; their moves are in the log under their names
    assert {u for (_, u, _, _) in env.presenter.deliveries} == {ANN}
    said = " ".join(render("en", m) for t, m, _ in env.presenter.announcements if t == table)
    names = [f"🤖 {character_name(u)}" for u in house]
    assert all(n in said for n in names) and f"<@{house[0]}>" not in said
    # the house players' chips are in the ledger, from the bank, never a member's wallet
    bank = await env.db.query(Transaction.ledger, GUILD, HOUSE_BANK, limit=50)
    assert {e.note for e in bank} == {"house bank"}
    assert any(e.kind == "grant" for e in bank)
    for robot in house:
        # all its chips are at the table
        assert await env.db.write(Transaction.balance, GUILD, robot) == 0
    await balanced(env.db)
    # no leaderboard, no statistics for the house
    for metric in ("hands_played", "net_chips"):
        board = await env.db.query(Transaction.leaderboard, GUILD, metric)
        assert [e.user_id for e in board] == [ANN]
    # closing sends the house's chips back to its bank
    await env.manager.close_now(table, ANN)
    for robot in house:
        assert await env.db.write(Transaction.balance, GUILD, robot) == 0
        assert not [s for s in await env.db.query(Transaction.seats, table) if s.user_id == robot]
    await balanced(env.db)


@pytest.mark.parametrize("game", ["brelan", "brag"])
async def test_house_players_play_every_game(env: Env, game: str) -> None:
    table, _ = await house_table(env, game, ("normal", "strong"))
    await env.manager.start(table, ANN)
    assert await play(env, table, {ANN}, hands=4) >= 4
    await balanced(env.db)


async def test_only_the_creator_or_a_manager_seats_house_players(env: Env) -> None:
    table = await env.manager.create_table(GUILD, CHANNEL, "bouillotte", ANN, {})
    with pytest.raises(TableError) as refused:
        await env.manager.add_house(table, BEN)
    assert "Only the player who opened this table" in render("en", refused.value.message)
    await env.manager.add_house(table, BEN, manager=True)
    with pytest.raises(TableError) as wrong:
        await env.manager.add_house(table, ANN, "genius")
    assert "genius" in render("en", wrong.value.message)
    for _ in range(3):
        await env.manager.add_house(table, ANN, "easy")
    with pytest.raises(TableError) as most:
        await env.manager.add_house(table, ANN)
    assert "at most 4" in render("en", most.value.message)
    removed = await env.manager.remove_house(table, ANN)
    assert "🤖" in render("fr", removed)
    assert len(await env.db.query(Transaction.seats, table)) == 3


async def test_a_member_takes_a_house_players_seat(env: Env) -> None:
    table, house = await house_table(env, "bouillotte", ("easy", "easy", "easy"), seats=4)
    await env.manager.start(table, ANN)
    # during a hand: the member waits in line and a house player leaves when it ends
    await env.manager.join(table, BEN)
    assert [e.user_id for e in await env.db.query(Transaction.queue, table)] == [BEN]
    await play(env, table, {ANN, BEN}, hands=1)
    seated = {s.user_id for s in await env.db.query(Transaction.seats, table)}
    assert BEN in seated and len(seated & set(house)) == 2
    await balanced(env.db)


async def test_house_players_never_play_among_themselves(env: Env) -> None:
    table, _ = await house_table(env)
    await env.manager.start(table, ANN)
    await env.manager.leave(table, ANN)  # leaves when the hand ends
    await play(env, table, set(), hands=1)
    await env.clock.advance(60)
    assert (await env.manager.status(table))["hand"] is None
    await balanced(env.db)


async def test_a_house_turn_survives_a_restart(env: Env) -> None:
    table, _ = await house_table(env)
    await env.manager.start(table, ANN)
    for _ in range(50):
        hand = (await env.manager.status(table))["hand"]
        if int(hand["to_act"]) != ANN:
            break
        await env.manager.act(table, ANN, *friendly(hand["legal"]))
    moves = (await env.manager.status(table))["hand"]["actions"]
    env2 = await env.reopen()
    await env2.clock.advance(HOUSE_PAUSE + 0.01)
    assert (await env2.manager.status(table))["hand"]["actions"] > moves
    await env2.db.close()


async def test_a_reader_between_two_awaits_never_sees_half_a_deal(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Offline play polls the table while house players deal and play: while a new hand is
    being stored, the table shows either the hand waiting to be dealt or the stored hand,
    never a hand without its id nor a table with nothing to wait for."""
    table, _ = await house_table(env, "brag", ("normal", "strong"), next_hand_delay=2)
    seen: list[dict[str, Any]] = []
    create_hand = Transaction.create_hand

    async def watched(self: Transaction, *args: Any, **kwargs: Any) -> Any:
        seen.append(await env.manager.status(table))
        return await create_hand(self, *args, **kwargs)

    monkeypatch.setattr(Transaction, "create_hand", watched)
    await env.manager.start(table, ANN)
    assert await play(env, table, {ANN}, hands=3) >= 3
    assert len(seen) >= 3
    for state in seen[1:]:
        assert state["hand"] is None or state["hand"]["id"] is not None
        assert state["hand"] is not None or state["next_hand_at"] is not None


async def test_the_house_remembers_the_table_across_a_restart(env: Env) -> None:
    """What the house players learnt of a member (his play, from the public log) is kept
    with the table and read back by a new manager."""
    table, _ = await house_table(env, "brelan", ("strong", "normal"))
    await env.manager.start(table, ANN)
    assert await play(env, table, {ANN}, hands=5) >= 5
    memory = env.manager.tables[table].house_memory
    assert str(ANN) in memory.profiles and memory.deals >= 5
    env2 = await env.reopen()
    await env2.manager.status(table)
    assert env2.manager.tables[table].house_memory.to_json() == memory.to_json()
    await env2.db.close()


async def test_a_character_is_named_or_drawn(env: Env) -> None:
    table = await env.manager.create_table(GUILD, CHANNEL, "bouillotte", ANN, {})
    added = await env.manager.add_house(table, ANN, character="leandre")
    assert "🤖 Léandre" in render("en", added) and "strong, fond of the carre" in render(
        "en", added
    )
    assert "niveau fort, amateur de carre" in render("fr", added)
    with pytest.raises(TableError) as twice:
        await env.manager.add_house(table, ANN, character="Léandre")
    assert "already sits" in render("en", twice.value.message)
    with pytest.raises(TableError) as nobody:
        await env.manager.add_house(table, ANN, character="Talleyrand")
    assert "Talleyrand" in render("en", nobody.value.message)
    await env.manager.add_house(table, ANN, "easy")
    house = [s.user_id for s in await env.db.query(Transaction.seats, table)]
    assert house[0] == 33 and house_level(house[1]) == "easy"
    # the table message says whom the members face
    seats = (await env.manager.status(table))["seats"]
    assert [s["user"] for s in seats] == house


async def _talk(env: Env, **options: Any) -> list[tuple[int, dict[str, Any]]]:
    table, _ = await house_table(env, "bouillotte", ("strong", "normal", "easy"), **options)
    await env.manager.start(table, ANN)
    assert await play(env, table, {ANN}, hands=12) >= 12
    return [
        (t, data)
        for t, m, data in env.presenter.announcements
        if t == table and m.key == "log-house-talk"
    ]


async def test_house_players_say_a_word_at_most_once_a_hand(env: Env) -> None:
    said = await _talk(env)
    assert said, "twelve hands of Bouillotte and not a word"
    assert all(d["talk"].startswith("talk-") and 10 < d["user"] < 40 for _, d in said)
    per_hand = Counter((d["hand"], d["user"]) for _, d in said)
    assert max(per_hand.values()) == 1


async def test_a_serious_table_hears_no_word(env: Env) -> None:
    assert await _talk(env, talk=False) == []


async def test_a_house_player_thinks_as_its_decision_needs(env: Env) -> None:
    env.manager.house_pause = None
    table, _ = await house_table(env, "bouillotte", ("strong", "normal"), turn_timeout=20, cave=200)
    await env.manager.start(table, ANN)
    pauses = []
    for _ in range(200):
        hand = (await env.manager.status(table))["hand"]
        if hand is None:
            await env.clock.advance(10)
            continue
        actor = int(hand["to_act"])
        if actor == ANN:
            await env.manager.act(table, ANN, *friendly(hand["legal"]))
            continue
        pause = hand["deadline"] - env.clock.now()
        pauses.append(pause)
        await env.clock.advance(pause + 0.01)
        if len(pauses) >= 8:
            break
    assert len(pauses) >= 8
    assert all(0 < p <= pace_limit(20) for p in pauses) and len(set(pauses)) > 1
