"""Integrity, on by default: fresh alternate accounts cannot pass on their welcome grant
(account and membership ages, the grant kept until 10 hands are played: ``/admin limits``),
and ``/admin flows`` names the pairs whose chips go one way, with the hands as evidence."""

from __future__ import annotations

from typing import Any

import pytest

from bot.storage import Transaction
from bot.storage.flows import FLOW_THRESHOLD
from tests.discord.salon_helpers import add_manager, open_table, play_hand, speak_french
from tests.test_runtime_support import StackedShuffler, brag_pack

DAY = 86_400


async def test_fresh_alternate_accounts_cannot_give_their_welcome_grant(salon: Any) -> None:
    """The issue's case: three accounts created a minute ago each take the welcome grant and
    /give it to one member. With the defaults nothing moves; with every limit at 0, 3,000."""
    db, guild = salon.bot.db, salon.guild.id
    main = salon.member("main")
    await salon.env.advance_time(30 * DAY)  # an old account, an old member
    alts = [salon.member(f"alt{i}") for i in range(3)]
    await salon.env.advance_time(60)

    answers = [await alt.slash(salon.channel, "give", member=main, amount=1000) for alt in alts]

    assert all(a.ephemeral for a in answers)
    assert answers[0].response.content == (
        "Your Discord account is too new to give chips here: wait until it is 7 days old."
    )
    assert await db.write(Transaction.balance, guild, main.id) == 1000
    assert await db.query(Transaction.chip_flows, guild) == []

    boss = add_manager(salon, "boss")
    await boss.slash(salon.channel, "admin limits", account_days=0, member_days=0, grant_hands=0)
    gifts = [await alt.slash(salon.channel, "give", member=main, amount=1000) for alt in alts]

    assert not any(g.ephemeral for g in gifts)
    assert await db.write(Transaction.balance, guild, main.id) == 4000
    flows = {
        (f.from_user, f.to_user): (f.chips, f.gifts)
        for f in await db.query(Transaction.chip_flows, guild)
    }
    assert flows == {(alt.id, main.id): (1000, 1000) for alt in alts}


async def test_a_new_member_waits_a_day(salon: Any) -> None:
    old = salon.env.create_user("old-account")
    bob = salon.member("bob")
    await salon.env.advance_time(30 * DAY)
    newcomer = salon.guild.add_member(old)  # an old account that joined just now

    refused = await newcomer.slash(salon.channel, "give", member=bob, amount=5)

    assert refused.ephemeral and refused.response.content == (
        "You joined this server too recently to give chips: wait until you have been a member"
        " for 1 day."
    )


async def test_the_welcome_grant_is_kept_until_ten_hands_are_played(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, guild = salon.bot.db, salon.guild.id
    alice, bob = salon.member("alice"), salon.member("bob")
    await salon.env.advance_time(30 * DAY)

    all_of_it = await alice.slash(salon.channel, "give", member=bob, amount=1000)
    await alice.slash(salon.channel, "daily")  # 100 chips that are not the welcome grant
    too_much = await alice.slash(salon.channel, "give", member=bob, amount=101)
    allowed = await alice.slash(salon.channel, "give", member=bob, amount=100)

    assert all_of_it.ephemeral and all_of_it.response.content == (
        "Your welcome grant (1,000 chips) cannot be given away until you have played 10 hands"
        " here (you have played 0). For now you have no chips you may give."
    )
    assert too_much.ephemeral and too_much.response.content.endswith(
        "For now you may give up to 100 chips."
    )
    assert not allowed.ephemeral
    assert await db.write(Transaction.balance, guild, bob.id) == 1100

    speak_french(monkeypatch)
    await salon.env.advance_time(61)
    french = await alice.slash(salon.channel, "give", member=bob, amount=1)
    assert french.response.content == (
        "Votre dotation de bienvenue (1\u202f000 jetons) ne peut pas être donnée avant que vous"
        " ayez joué 10 donnes ici (vous en avez joué 0). Pour l'instant, vous n'avez aucun"
        " jeton à donner."
    )


async def test_admin_limits_shows_and_sets_grant_hands(salon: Any) -> None:
    boss, alice, bob = add_manager(salon, "boss"), salon.member("alice"), salon.member("bob")
    await salon.env.advance_time(30 * DAY)

    shown = await boss.slash(salon.channel, "admin limits")
    assert shown.ephemeral
    for line in (
        "Minimum account age: 7 days",
        "Minimum membership: 1 day",
        "Welcome grant locked: until 10 hands are played",
        "Welcome grant at stake while locked: at most 100 chips",
    ):
        assert line in shown.response.content
    changed = await boss.slash(salon.channel, "admin limits", grant_hands=2, grant_stake=50)
    assert "Welcome grant locked: until 2 hands are played" in changed.response.content
    assert "Welcome grant at stake while locked: at most 50 chips" in changed.response.content

    manager = salon.bot.manager
    table = await open_table(manager, salon.guild.id, salon.channel.id, [alice.id, bob.id])
    await play_hand(manager, table)
    refused = await alice.slash(salon.channel, "give", member=bob, amount=960)
    assert "you have played 1)" in refused.response.content
    await play_hand(manager, table)
    await manager.close(table, alice.id)
    gift = await alice.slash(salon.channel, "give", member=bob, amount=900)
    assert not gift.ephemeral


async def _play_brag_hands(
    salon: Any, pack: list[str], loser_of: list[int], players: list[int]
) -> int:
    """Heads-up Brag hands at a table of ``players``, each dealt from a pack with ``pack`` on
    top: in hand i, ``loser_of[i]`` bets the most once, then folds to the other's bet (11
    chips each hand). Returns the table."""
    manager = salon.bot.manager
    manager.shuffler_factory = lambda tid: StackedShuffler([pack] * len(loser_of), seed=tid)
    channel = salon.guild.create_text_channel(f"brag-{players[0]}")
    table = await manager.create_table(
        salon.guild.id,
        channel.id,
        "brag",
        players[0],
        {"auto_deal": False, "blind_allowed": False, "shuffle_every_hand": True, "cave": 800},
    )
    for user in players:
        await manager.join(table, user)
    for loser in loser_of:
        hand_id = await manager.start(table)
        has_bet = False
        while True:
            hand = (await manager.status(table))["hand"]
            if hand is None or hand["id"] != hand_id:
                break
            to_act = int(hand["to_act"])
            if to_act == loser and has_bet:
                await manager.act(table, to_act, "fold")
                continue
            has_bet = has_bet or to_act == loser
            await manager.act(table, to_act, "bet", 10)
    await manager.close(table, players[0])
    return table


async def test_admin_flows_flags_strong_folds_to_an_alternate_account(salon: Any) -> None:
    """A member folds a pair or better to his alternate account, 50 hands in a row; an honest
    pair plays the same 50 hands for the same chips, each winning half, never folding a
    strong hand. Only the first pair is listed, with its hands as evidence."""
    boss = add_manager(salon, "boss")
    # caves of 800 from fresh accounts' grants: every lock off, only the flows are tested
    await boss.slash(salon.channel, "admin limits", account_days=0, member_days=0, grant_hands=0)
    giver, alt = salon.member("giver"), salon.member("alt")
    one, two = salon.member("one"), salon.member("two")
    hands = 50
    strong = brag_pack(["Ah Ad 2c", "Kh Kd 3c"])  # two pairs: whoever folds, folds a pair
    weak = brag_pack(["Ah Kd 9c", "Qh Jd 7s"])  # high cards only
    await _play_brag_hands(salon, weak, [one.id, two.id] * (hands // 2), [one.id, two.id])
    await _play_brag_hands(salon, strong, [giver.id] * hands, [giver.id, alt.id])

    answer = await boss.slash(salon.channel, "admin flows")

    assert answer.ephemeral
    text = answer.response.content
    assert text.startswith(f"**Chips going one way** between two members: {FLOW_THRESHOLD:,}")
    assert f"{giver.mention} → {alt.mention}: **550 chips** one way" in text
    assert "(550 chips in 50 hands, 0 chips in gifts; 0 chips back)" in text
    assert "strong hands folded: #" in text
    assert "(pair A-A-2)" in text or "(pair K-K-3)" in text
    assert one.mention not in text and two.mention not in text
    flows = {
        (f.from_user, f.to_user): f.chips
        for f in await salon.bot.db.query(Transaction.chip_flows, salon.guild.id)
    }
    assert flows[(one.id, two.id)] == flows[(two.id, one.id)] == 275  # the same volume
    # a lower threshold lists the honest pair only if its one-way flow passes it: it does not
    low = await boss.slash(salon.channel, "admin flows", threshold=1)
    assert one.mention not in low.response.content
