"""Issue 48: the welcome grant is a stake to play, never to pass on. Its lock (account and
membership ages, hands really played: ``/admin limits``) holds for a cave and a tournament's
buy-in as for ``/give``; ``/admin flows`` counts what moved between members from the first
hand, a tournament's buy-ins that became another's prize included."""

from __future__ import annotations

from typing import Any

import pytest
from tournament_helpers import (
    PAUSE,
    balance,
    create,
    flushed,
    steady,
    thread_message,
    tournament_message,
    tournament_tables,
)

from bot.storage import Transaction
from tests.discord.salon_helpers import add_manager, choose, speak_french

DAY = 86_400
#: The refusal a fresh account reads when it would stake its whole grant.
FRESH = (
    "Your welcome grant (1,000 chips) is yours to play, not to pass on, until your Discord"
    " account is 7 days old: until then at most 100 chips of it may be at stake where other"
    " members play. For now you may bring up to 100 chips."
)


async def _no_limits(salon: Any) -> Any:
    """A server manager turns every limit off (what the old head did at tables)."""
    boss = salon.members.get("boss") or add_manager(salon, "boss")
    await boss.slash(salon.channel, "admin limits", account_days=0, member_days=0, grant_hands=0)
    return boss


async def _fold_hands(salon: Any, table: int, folder_of: list[int]) -> None:
    """Hands at a cash table: in hand i ``folder_of[i]`` passes whenever he may (he folds to
    the other's opening); the others open for the least."""
    manager = salon.bot.manager
    for folder in folder_of:
        hand_id = await manager.start(table)
        while True:
            hand = (await manager.status(table))["hand"]
            if hand is None or hand["id"] != hand_id:
                break
            to_act, verbs = int(hand["to_act"]), {a["verb"] for a in hand["legal"]}
            if to_act == folder and verbs & {"decline", "pass"}:
                await manager.act(table, to_act, "decline" if "decline" in verbs else "pass")
            else:
                await manager.act(table, to_act, *choose(hand["legal"]))


async def _big_table(salon: Any, name: str, creator: int) -> tuple[int, Any]:
    """A Brelan table with a cave of 1,000 and an ante of 200, in a channel of its own."""
    channel = salon.guild.create_text_channel(name)
    table = await salon.bot.manager.create_table(
        salon.guild.id,
        channel.id,
        "brelan",
        creator,
        {"auto_deal": False, "cave": 1000, "ante": 200},
    )
    return table, channel


async def test_a_fresh_account_cannot_fold_its_grant_to_a_friend_at_a_cash_table(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: cave 1,000, ante 200, a fresh account folding its grant to a friend
    in five hands. With the defaults it cannot sit with its grant; with every limit off the
    chips pass, and ``/admin flows`` names the pair from those five hands. An honest pair
    playing the same five hands both ways is not named."""
    db, guild = salon.bot.db, salon.guild.id
    friend = salon.member("friend")
    await salon.env.advance_time(30 * DAY)
    alt = salon.member("alt")
    await salon.env.advance_time(60)
    boss = add_manager(salon, "boss")
    # chips of his own beyond his grant (his grant is locked too: he has played no hand)
    await boss.slash(salon.channel, "admin grant", member=friend, amount=1000, reason="prize")
    table, channel = await _big_table(salon, "big", friend.id)
    sat = await friend.slash(channel, "table join")
    assert sat.response.content.startswith("You sit down with 1,000 chips.")

    refused = await alt.slash(channel, "table join")

    assert refused.ephemeral and refused.response.content == FRESH
    assert await db.write(Transaction.balance, guild, alt.id) == 1000
    assert await db.query(Transaction.get_seat, table, alt.id) is None
    with monkeypatch.context() as french:
        speak_french(french)
        refus = await alt.slash(channel, "table join")
    assert refus.response.content == (
        "Votre dotation de bienvenue (1\u202f000 jetons) est à jouer, pas à transmettre, tant"
        " que votre compte Discord n'a pas 7 jours\u00a0: d'ici là, 100 jetons au plus peuvent"
        " en être en jeu là où jouent d'autres membres. Pour l'instant, vous pouvez apporter"
        " jusqu'à 100 jetons."
    )

    await _no_limits(salon)
    seated = await alt.slash(channel, "table join")
    assert seated.response.content.startswith("You sit down with 1,000 chips.")
    await _fold_hands(salon, table, [alt.id] * 5)
    one, two = salon.member("one"), salon.member("two")
    honest, _ = await _big_table(salon, "honest", one.id)
    for member in (one, two):
        await salon.bot.manager.join(honest, member.id)
    await _fold_hands(salon, honest, [one.id, two.id, one.id, two.id])

    answer = await boss.slash(salon.channel, "admin flows")

    text = answer.response.content
    assert f"{alt.mention} → {friend.mention}: **1,000 chips** one way" in text
    assert "(1,000 chips in 5 hands, 0 chips in gifts; 0 chips back)" in text
    assert one.mention not in text and two.mention not in text


async def test_fresh_accounts_cannot_buy_their_grant_into_a_tournament(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: fresh accounts register for a heads-up tournament with their whole
    grant against one member, and fold. With the defaults each is refused in words; with
    every limit off one plays and folds, and the buy-in that became the member's prize is
    listed by ``/admin flows``."""
    steady(salon, monkeypatch)
    ann = salon.member("ann")
    await salon.env.advance_time(30 * DAY)
    alts = [salon.member(f"alt{i}") for i in range(3)]
    await salon.env.advance_time(60)
    boss = add_manager(salon, "boss")
    # chips of his own beyond his grant (his grant is locked too: he has played no hand)
    await boss.slash(salon.channel, "admin grant", member=ann, amount=1000, reason="prize")
    await create(salon, "brelan", seats=2, buy_in=1000, chips=20, schedule="2 hands")
    message = await tournament_message(salon)
    entered = await ann.click(message, custom_id="salon:r:1:register")
    assert not entered.ephemeral, entered.response.content

    refused = [await alt.click(message, custom_id="salon:r:1:register") for alt in alts]

    assert all(r.ephemeral for r in refused)
    assert refused[0].response.content == FRESH
    assert [e.user_id for e in await salon.bot.db.query(Transaction.entrants, 1)] == [ann.id]
    assert {await balance(salon, f"alt{i}") for i in range(3)} == {1000}

    await _no_limits(salon)
    joined = await alts[0].click(message, custom_id="salon:r:1:register")
    assert not joined.ephemeral, joined.response.content
    await _fold_the_tournament(salon, alts[0].id)
    assert await balance(salon, "ann") == 3000  # 2,000 - 1,000 + the prize of 2,000

    answer = await boss.slash(salon.channel, "admin flows")

    assert f"{alts[0].mention} → {ann.mention}: **1,000 chips** one way" in (
        answer.response.content
    )


async def _fold_the_tournament(salon: Any, folder: int, tid: int = 1) -> None:
    """Tournament 1 played to its end by clicks in its thread: ``folder`` passes whenever he
    may, the others open for the least (or hold); the clock moves on when nobody is to
    act."""
    members = {m.id: m for m in salon.members.values()}
    manager = salon.bot.manager
    for _ in range(2000):
        if (await salon.bot.db.query(Transaction.get_tournament, tid)).status == "finished":
            return
        for table in tournament_tables(salon, tid):
            hand = manager.public_state(table)["hand"]
            if hand is None or hand["to_act"] is None or int(hand["to_act"]) not in members:
                continue
            message = await thread_message(salon, table.id)
            moves = {
                c.custom_id.split(":")[5]: c.custom_id
                for row in message.components
                for c in row.children
                if c.custom_id.startswith(f"salon:a:{table.id}:{hand['id']}:")
            }
            mine = ("decline", "pass") if int(hand["to_act"]) == folder else ("decline", "open")
            verb = next((v for v in mine if v in moves), next(iter(moves)))
            await members[int(hand["to_act"])].click(message, custom_id=moves[verb])
            break
        else:
            await salon.env.advance_time(PAUSE)
    raise AssertionError("the tournament did not end")


async def test_a_free_tournament_against_the_house_unlocks_no_grant(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: a member enters a free tournament against a house player and lets
    his moves be played for him (timeouts, then sitting out) to its end: none of those
    hands counts towards ``grant_hands``; his grant stays locked."""
    steady(salon, monkeypatch)
    ann, bob = salon.member("ann"), salon.member("bob")
    await salon.env.advance_time(30 * DAY)
    await create(salon, "brelan", seats=2, buy_in=0, house=1, chips=60, schedule="2 hands")
    message = await tournament_message(salon)
    await ann.click(message, custom_id="salon:r:1:register")
    for _ in range(500):
        if (await salon.bot.db.query(Transaction.get_tournament, 1)).status == "finished":
            break
        await flushed(salon)
        await salon.env.advance_time(PAUSE)
    else:
        raise AssertionError("the tournament did not end")
    stats = await salon.bot.db.query(Transaction.player_stats, salon.guild.id, ann.id)
    assert stats["hands_played"] > 10  # dealt in, never playing

    refused = await ann.slash(salon.channel, "give", member=bob, amount=1000)

    assert refused.ephemeral and refused.response.content == (
        "Your welcome grant (1,000 chips) cannot be given away until you have played 10 hands"
        " here (you have played 0). For now you have no chips you may give."
    )
