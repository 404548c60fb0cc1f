"""The table runtime: a full Bouillotte hand, bad inputs, stale buttons, privacy, leaving."""

from __future__ import annotations

import pytest

from bot.i18n.message import Message
from bot.runtime import STALE_BUTTON, TableError
from bot.runtime.errors import NoSuchTable, NotYourTurn
from bot.runtime.manager import NOT_YOUR_TURN
from bot.storage import Transaction
from tests.test_runtime_support import (
    CHANNEL,
    GUILD,
    Env,
    balanced,
    leaked_cards,
    play_until_hand_over,
)

USERS = [101, 102, 103, 104]


async def seated_table(env: Env, game: str = "bouillotte", n: int = 4, **options: object) -> int:
    table = await env.manager.create_table(GUILD, CHANNEL, game, USERS[0], dict(options))
    for user in USERS[:n]:
        await env.manager.join(table, user)
    return table


async def test_full_bouillotte_hand(env: Env) -> None:
    m = env.manager
    table = await seated_table(env, auto_deal=False)
    for user in USERS:
        assert await env.db.write(Transaction.balance, GUILD, user) == 1000 - 30
    hand_id = await m.start(table)
    state = await m.status(table)
    assert state["hand"]["id"] == hand_id and len(state["seats"]) == 4
    assert state["hand"]["phase"] == "carre" and state["hand"]["retourne"] is None
    assert env.presenter.deliveries == []  # the carre is blind
    assert await play_until_hand_over(m, table) == hand_id
    # every player got his three cards privately, once
    delivered = {u: cards for (_, u, cards, _) in env.presenter.deliveries}
    assert len(env.presenter.deliveries) == 4
    assert sorted(delivered) == USERS and all(len(c) == 3 for c in delivered.values())
    assert env.presenter.showdowns, "the friendly policy reaches a showdown"
    stored = await env.db.query(Transaction.get_hand, hand_id)
    assert stored.status == "finished" and stored.result["finished"]
    seats = {s.user_id: s.stack for s in await env.db.query(Transaction.seats, table)}
    assert seats == {int(k): v for k, v in stored.result["stacks"].items()}
    await balanced(env.db)
    # privacy: before the showdown nothing public holds a hidden card
    hidden = {c for cards in delivered.values() for c in cards}
    first_showdown = next(i for i, e in enumerate(env.presenter.log) if e[0] == "showdown")
    assert len(hidden) == 12
    assert not leaked_cards(env.presenter, hidden, first_showdown)
    # closing returns every chip to the wallets
    await m.close(table, USERS[0])
    total = sum([await env.db.write(Transaction.balance, GUILD, u) for u in USERS])
    jar = await env.db.query(Transaction.jar_balance, GUILD)
    assert total + jar == 4000
    await balanced(env.db)


async def test_a_card_inside_a_public_sentence_counts_as_shown(env: Env) -> None:
    """The privacy check above finds a card in a sentence, not only a card on its own."""
    presenter = env.presenter
    await presenter.announce(1, Message.of("log-closed"), {"note": "Berthe shows Ah, Kd."})
    await presenter.table_update(1, {"hand": {"retourne": "9c", "log": ["Hand 2 (Thursday)"]}})
    found = leaked_cards(presenter, {"Ah", "Kd", "9c", "2d", "Th"})
    assert found == {"Ah", "Kd", "9c"}


async def test_auto_deal_plays_on(env: Env) -> None:
    m = env.manager
    table = await seated_table(env, game="brelan", n=3)
    first = await m.start(table)
    await play_until_hand_over(m, table)
    state = await m.status(table)
    assert state["hand"] is not None and state["hand"]["id"] != first
    assert state["hand"]["no"] == 2
    await balanced(env.db)


async def test_bad_inputs_change_nothing(env: Env) -> None:
    m = env.manager
    with pytest.raises(NoSuchTable, match="no open table"):
        await m.join(999, USERS[0])
    table = await seated_table(env, game="brelan", n=3)
    with pytest.raises(TableError, match="already have a seat"):
        await m.join(table, USERS[0])
    await m.start(table)
    before = await m.status(table)
    hand = before["hand"]
    to_act = int(hand["to_act"])
    other = next(u for u in USERS[:3] if u != to_act)
    with pytest.raises(NotYourTurn, match="not your turn") as refused:
        await m.act(table, other, "pass")
    # the refusal names the player to act, as the buttons' did (one refusal, one wording)
    said = refused.value.message
    assert (said.key, dict(said.params)) == (NOT_YOUR_TURN, {"w": str(to_act)})
    with pytest.raises(TableError, match="not playing in this hand"):
        await m.act(table, USERS[3], "pass")
    with pytest.raises(TableError) as err:
        await m.act(table, to_act, "open", 999)
    assert "not 999" in str(err.value)
    with pytest.raises(TableError):
        await m.act(table, to_act, "fly")
    assert await m.status(table) == before
    stored = await env.db.query(Transaction.current_hand, table)
    assert stored is not None and stored.record["actions"] == []
    with pytest.raises(TableError, match="not seated at this table"):
        await m.leave(table, 555)
    # insufficient wallet: a poor newcomer at another table
    await env.db.write(Transaction.update_settings, GUILD, starting_grant=10)
    other_table = await m.create_table(GUILD, CHANNEL + 1, "brelan", 1)
    with pytest.raises(TableError, match="You have 10 chips; you need 50"):
        await m.join(other_table, 777)
    assert await env.db.write(Transaction.balance, GUILD, 777) == 10
    assert await env.db.query(Transaction.seats, other_table) == []
    with pytest.raises(TableError, match="Only the player who opened"):
        await m.close(table, USERS[1])
    with pytest.raises(TableError):
        await m.create_table(GUILD, CHANNEL + 2, "whist", 1)
    await balanced(env.db)


async def test_stale_hand_id(env: Env) -> None:
    m = env.manager
    table = await seated_table(env, game="brelan", n=2)
    first = await m.start(table)
    await play_until_hand_over(m, table)
    state = await m.status(table)
    to_act = int(state["hand"]["to_act"])
    with pytest.raises(TableError) as err:
        await m.act(table, to_act, "pass", hand_id=first)
    assert err.value.message == STALE_BUTTON
    assert await m.status(table) == state


async def test_blocked_dm_and_my_cards(env: Env) -> None:
    m = env.manager
    env.presenter.blocked.add(USERS[1])
    table = await seated_table(env, game="brelan", n=3)
    await m.start(table)
    assert USERS[1] in m.tables[table].undelivered
    mine = await m.my_cards(table, USERS[1])
    assert len(mine["cards"]) == 3 and USERS[1] not in m.tables[table].undelivered
    assert mine["cards"] != (await m.my_cards(table, USERS[0]))["cards"]
    with pytest.raises(TableError, match="not playing"):
        await m.my_cards(table, USERS[3])


async def test_queue_and_charlemagne(env: Env) -> None:
    m = env.manager
    table = await seated_table(env, n=4, auto_deal=False)
    msg = await m.join(table, 105)
    assert "in line" in str(msg)
    assert await env.db.write(Transaction.balance, GUILD, 105) == 1000  # paid only when seated
    await m.start(table)
    leaver = USERS[2]
    assert "Charlemagne" in str(await m.leave(table, leaver))
    await play_until_hand_over(m, table)
    seated = {s.user_id for s in await env.db.query(Transaction.seats, table)}
    assert leaver not in seated and 105 in seated
    assert await env.db.write(Transaction.balance, GUILD, 105) == 1000 - 30
    assert await env.db.query(Transaction.queue, table) == []
    await balanced(env.db)
    # between hands, leaving cashes out at once
    msg = await m.leave(table, USERS[0])
    assert "leave the table" in str(msg)
    assert USERS[0] not in {s.user_id for s in await env.db.query(Transaction.seats, table)}
    await balanced(env.db)


async def test_seats_are_public_before_the_first_deal(env: Env) -> None:
    table = await env.manager.create_table(GUILD, CHANNEL, "bouillotte", USERS[0])
    await env.manager.join(table, USERS[0])
    await env.manager.join(table, USERS[1])
    state = await env.manager.status(table)
    assert not state["started"]
    assert [(s["user"], s["stack"]) for s in state["seats"]] == [(USERS[0], 30), (USERS[1], 30)]
    _, last = env.presenter.updates[-1]
    assert [s["user"] for s in last["seats"]] == [USERS[0], USERS[1]]
