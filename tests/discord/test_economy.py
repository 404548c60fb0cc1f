"""/wallet, /daily, /give and /leaderboard, driven through simcord."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.storage import METRICS, Transaction
from bot.ui.economy_text import METRICS as METRIC_NAMES
from tests.discord.salon_helpers import (
    add_bot,
    give_freely,
    last_callback,
    open_table,
    play_hand,
    speak_french,
)

COOLDOWN = 20 * 3600  # the default daily cooldown


async def test_first_wallet_use_creates_the_starting_grant(salon: Any) -> None:
    alice = salon.member("alice")
    guild = salon.guild.id
    assert await salon.bot.db.query(Transaction.ledger, guild, alice.id) == []

    result = await alice.slash(salon.channel, "wallet")

    assert result.ephemeral
    text = result.response.content
    assert "Your chips" in text
    assert "Wallet: 1,000 chips" in text
    assert "At tables: 0 chips" in text
    assert "welcome grant" in text
    assert "ready, claim it with /daily" in text
    (entry,) = await salon.bot.db.query(Transaction.ledger, guild, alice.id)
    assert (entry.kind, entry.amount) == ("grant", 1000)
    # a second look creates nothing more
    await alice.slash(salon.channel, "wallet")
    assert len(await salon.bot.db.query(Transaction.ledger, guild, alice.id)) == 1


async def test_wallet_of_another_member_shows_no_ledger(salon: Any) -> None:
    alice, bob = salon.member("alice"), salon.member("bob")
    await bob.slash(salon.channel, "daily")

    result = await alice.slash(salon.channel, "wallet", member=bob)

    assert result.ephemeral
    text = result.response.content
    assert f"Chips of {bob.mention}" in text
    assert "Wallet: 1,100 chips" in text
    assert "Latest movements" not in text
    assert "daily bonus" not in text.lower()
    assert last_callback(salon)["data"]["allowed_mentions"] == {"parse": []}


async def test_wallet_refuses_a_bot(salon: Any) -> None:
    alice, robot = salon.member("alice"), add_bot(salon)

    result = await alice.slash(salon.channel, "wallet", member=robot)

    assert result.ephemeral
    assert "Bots do not play for chips" in result.response.content
    assert await salon.bot.db.query(Transaction.ledger, salon.guild.id, robot.id) == []


async def test_wallet_counts_the_chips_at_tables(salon: Any) -> None:
    alice, bob = salon.member("alice"), salon.member("bob")
    await open_table(salon.bot.manager, salon.guild.id, salon.channel.id, [alice.id, bob.id])

    text = (await alice.slash(salon.channel, "wallet")).response.content

    assert "Wallet: 970 chips" in text
    assert "At tables: 30 chips" in text
    assert f"{salon.channel.mention} (Bouillotte): 30 chips" in text
    assert "Total: 1,000 chips" in text
    assert "`-30 chips` cave at table" in text


async def test_daily_once_per_cooldown_on_the_virtual_clock(salon: Any) -> None:
    alice = salon.member("alice")
    db, guild = salon.bot.db, salon.guild.id
    start = salon.env.now().timestamp()

    first = await alice.slash(salon.channel, "daily")

    assert first.ephemeral
    assert "Daily bonus: +100 chips" in first.response.content
    assert "holds 1,100 chips" in first.response.content
    assert f"<t:{int(start + COOLDOWN)}:R>" in first.response.content
    claimed = (await db.query(Transaction.ledger, guild, alice.id))[0]
    assert claimed.kind == "daily"
    # the database reads simcord's virtual time, not the machine's
    assert claimed.created_at == pytest.approx(start, abs=5)

    await salon.env.advance_time(3600)
    second = await alice.slash(salon.channel, "daily")

    assert second.ephemeral
    assert "not ready yet" in second.response.content
    assert f"<t:{int(claimed.created_at + COOLDOWN)}:R>" in second.response.content
    assert await db.write(Transaction.balance, guild, alice.id) == 1100

    await salon.env.advance_time(COOLDOWN - 3600 + 1)
    third = await alice.slash(salon.channel, "daily")

    assert "Daily bonus: +100 chips" in third.response.content
    assert await db.write(Transaction.balance, guild, alice.id) == 1200
    again = (await db.query(Transaction.ledger, guild, alice.id))[0]
    assert again.created_at - claimed.created_at == pytest.approx(COOLDOWN + 1, abs=5)


async def test_daily_is_off_when_the_bonus_is_zero(salon: Any) -> None:
    alice = salon.member("alice")
    await salon.bot.db.write(Transaction.update_settings, salon.guild.id, daily_bonus=0)

    result = await alice.slash(salon.channel, "daily")

    assert result.ephemeral
    assert "no daily bonus" in result.response.content


async def test_give_is_public_and_moves_the_chips(salon: Any) -> None:
    await give_freely(salon)
    alice, bob = salon.member("alice"), salon.member("bob")
    db, guild = salon.bot.db, salon.guild.id

    result = await alice.slash(salon.channel, "give", member=bob, amount=250)

    assert not result.ephemeral
    assert result.response.content == f"{alice.mention} gives 250 chips to {bob.mention}."
    # only the receiver is pinged
    mentions = last_callback(salon)["data"]["allowed_mentions"]
    assert mentions["users"] == [bob.id]
    assert mentions["parse"] == []
    (private,) = result.followups
    assert private.ephemeral
    assert private.content == "Your wallet now holds 750 chips."
    assert await db.write(Transaction.balance, guild, alice.id) == 750
    assert await db.write(Transaction.balance, guild, bob.id) == 1250
    entry = (await db.query(Transaction.ledger, guild, bob.id))[0]
    assert (entry.kind, entry.amount, entry.counterpart_id) == ("transfer", 250, alice.id)


@pytest.mark.parametrize(
    ("target", "amount", "message"),
    [
        ("self", 10, "You cannot give chips to yourself."),
        ("bot", 10, "Bots do not play for chips"),
        ("bob", 5000, "You have only 1,000 chips in your wallet; you cannot give 5,000 chips."),
    ],
)
async def test_give_refusals_are_private_and_change_nothing(
    salon: Any, target: str, amount: int, message: str
) -> None:
    await give_freely(salon)
    alice, bob = salon.member("alice"), salon.member("bob")
    receiver = {"self": alice, "bot": add_bot(salon) if target == "bot" else None, "bob": bob}
    await alice.slash(salon.channel, "wallet")

    result = await alice.slash(salon.channel, "give", member=receiver[target], amount=amount)

    assert result.ephemeral
    assert message in result.response.content
    assert await salon.bot.db.write(Transaction.balance, salon.guild.id, alice.id) == 1000
    assert salon.env.errors == []


async def test_leaderboard_empty(salon: Any) -> None:
    alice = salon.member("alice")

    result = await alice.slash(salon.channel, "leaderboard")

    assert result.ephemeral
    assert "empty" in result.response.content
    assert "Net chips (all time)" in result.response.content


async def test_leaderboard_after_hands(salon: Any) -> None:
    alice, bob, carol = salon.member("alice"), salon.member("bob"), salon.member("carol")
    manager = salon.bot.manager
    table = await open_table(
        manager, salon.guild.id, salon.channel.id, [alice.id, bob.id, carol.id]
    )
    hand_id = await play_hand(manager, table)
    hand = await salon.bot.db.query(Transaction.get_hand, hand_id)
    (winner,) = hand.result["pots"][0]["winners"]
    losers = [p.id for p in (alice, bob, carol) if str(p.id) != winner]

    result = await alice.slash(salon.channel, "leaderboard")

    assert not result.ephemeral
    (embed,) = result.response.embeds
    assert embed.title == "Leaderboard · Net chips · All time"
    lines = (embed.description or "").splitlines()
    assert lines[0] == f"**1.** <@{winner}> · +2 chips"
    assert sorted(lines[1:]) == sorted(f"**2.** <@{u}> · -1 chip" for u in losers)
    assert last_callback(salon)["data"]["allowed_mentions"] == {"parse": []}

    won = await alice.slash(salon.channel, "leaderboard", metric="hands_won", period="week")
    (embed,) = won.response.embeds
    assert embed.title == "Leaderboard · Hands won · This week"
    assert embed.description == f"**1.** <@{winner}> · 1"

    # nobody showed a prial (Bouillotte has none): an empty board, not a list of zeros
    prials = await alice.slash(salon.channel, "leaderboard", metric="prials")
    assert prials.ephemeral
    assert "Prials shown" in prials.response.content


async def test_public_messages_follow_the_guild_locale(salon: Any) -> None:
    await give_freely(salon)
    alice, bob = salon.member("alice"), salon.member("bob")
    await salon.bot.db.write(Transaction.update_settings, salon.guild.id, locale="fr")

    gift = await alice.slash(salon.channel, "give", member=bob, amount=1)

    assert gift.response.content == f"{alice.mention} donne 1 jeton à {bob.mention}."
    # the private part follows alice's Discord language (English)
    assert gift.followups[0].content == "Your wallet now holds 999 chips."

    await play_hand(
        salon.bot.manager,
        await open_table(salon.bot.manager, salon.guild.id, salon.channel.id, [alice.id, bob.id]),
    )
    board = await alice.slash(salon.channel, "leaderboard")
    assert board.response.embeds[0].title == "Classement · Gains nets · Depuis toujours"


async def test_private_answers_follow_the_user_language(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    await give_freely(salon)
    speak_french(monkeypatch)
    alice, bob = salon.member("alice"), salon.member("bob")

    wallet = await alice.slash(salon.channel, "wallet")
    assert "Portefeuille\xa0: 1\u202f000 jetons" in wallet.response.content
    assert "dotation de bienvenue" in wallet.response.content

    daily = await alice.slash(salon.channel, "daily")
    assert "Bonus quotidien\xa0: +100 jetons" in daily.response.content
    again = await alice.slash(salon.channel, "daily")
    assert "pas encore prêt" in again.response.content

    refused = await alice.slash(salon.channel, "give", member=bob, amount=5000)
    assert "impossible d'en donner 5\u202f000 jetons" in refused.response.content
    gift = await alice.slash(salon.channel, "give", member=bob, amount=5)
    assert gift.response.content.endswith("gives 5 chips to " + bob.mention + ".")  # guild: en
    assert gift.followups[0].content == "Votre portefeuille contient maintenant 1\u202f095 jetons."

    board = await alice.slash(salon.channel, "leaderboard")
    assert "Le classement Gains nets (depuis toujours) est vide" in board.response.content


def test_every_storage_metric_has_a_choice() -> None:
    assert set(METRIC_NAMES) == set(METRICS)


@pytest.mark.parametrize("amount", [0, -20, 10**12 + 1])
async def test_give_amounts_outside_the_range_never_reach_the_bot(salon: Any, amount: int) -> None:
    alice, bob = salon.member("alice"), salon.member("bob")
    with pytest.raises(simcord.OptionError):
        await alice.slash(salon.channel, "give", member=bob, amount=amount)
    assert await salon.bot.db.query(Transaction.ledger, salon.guild.id, bob.id) == []
