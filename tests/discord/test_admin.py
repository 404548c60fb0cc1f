"""/admin grant and /admin settings, their permission guards, and every command's French."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord
from discord import app_commands

from bot.i18n import lang_of
from bot.storage import Transaction
from bot.ui.i18n import say
from tests.discord.salon_helpers import (
    add_bot,
    add_manager,
    command,
    give_freely,
    last_callback,
    open_table,
    speak_french,
)


def missing_permissions(salon: Any) -> bool:
    """Whether the bot's command tree reported a missing permission (and acknowledge it)."""
    return any(isinstance(e, app_commands.MissingPermissions) for e in salon.env.errors)


async def test_admin_is_hidden_from_members_without_manage_server(salon: Any) -> None:
    bob, boss = salon.member("bob"), add_manager(salon, "boss")

    assert "admin grant" not in bob.available_commands(salon.channel)
    assert {"admin grant", "admin settings"} <= set(boss.available_commands(salon.channel))
    payload = command(salon, "admin")
    assert (
        int(payload["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    )
    assert payload["contexts"] == [0]  # guild only
    with pytest.raises(simcord.SetupError, match="default-member-permissions"):
        await bob.slash(salon.channel, "admin settings")


async def test_the_runtime_check_refuses_a_member_let_in_by_an_override(salon: Any) -> None:
    bob, carol = salon.member("bob"), salon.member("carol")
    # a server admin lets bob use /admin in Discord's settings: the bot still says no
    salon.guild.set_command_permissions(int(command(salon, "admin")["id"]), {bob: True})

    grant = await bob.slash(salon.channel, "admin grant", member=carol, amount=500)

    assert grant.ephemeral
    assert grant.response.content == "You need the Manage Server permission for that."
    assert missing_permissions(salon)
    assert await salon.bot.db.query(Transaction.ledger, salon.guild.id, carol.id) == []

    settings = await bob.slash(salon.channel, "admin settings", starting_grant=1)
    assert settings.ephemeral
    assert settings.response.content == "You need the Manage Server permission for that."
    assert missing_permissions(salon)
    assert (await salon.bot.db.query(Transaction.settings, salon.guild.id)).starting_grant == 1000


async def test_grant_adds_and_takes_back_chips(salon: Any) -> None:
    boss, bob = add_manager(salon, "boss"), salon.member("bob")
    db, guild = salon.bot.db, salon.guild.id

    given = await boss.slash(
        salon.channel, "admin grant", member=bob, amount=500, reason="tournament prize"
    )

    assert not given.ephemeral
    assert given.response.content == (
        f"{boss.mention} grants 500 chips to {bob.mention}; their wallet holds 1,500 chips."
        " Reason: tournament prize"
    )
    assert last_callback(salon)["data"]["allowed_mentions"]["users"] == [bob.id]
    entry = (await db.query(Transaction.ledger, guild, bob.id))[0]
    assert (entry.kind, entry.amount, entry.counterpart_id, entry.note) == (
        "admin",
        500,
        boss.id,
        "tournament prize",
    )

    taken = await boss.slash(salon.channel, "admin grant", member=bob, amount=-1400)
    assert taken.response.content == (
        f"{boss.mention} takes 1,400 chips back from {bob.mention}; their wallet holds 100 chips."
    )
    assert await db.write(Transaction.balance, guild, bob.id) == 100
    wallet = await bob.slash(salon.channel, "wallet")
    assert "`-1,400 chips` taken back by an admin" in wallet.response.content
    assert "`+500 chips` granted by an admin: tournament prize" in wallet.response.content


async def test_grant_never_takes_below_zero_nor_from_tables(salon: Any) -> None:
    boss, bob, carol = add_manager(salon, "boss"), salon.member("bob"), salon.member("carol")
    await open_table(salon.bot.manager, salon.guild.id, salon.channel.id, [bob.id, carol.id])

    result = await boss.slash(salon.channel, "admin grant", member=bob, amount=-971)

    assert result.ephemeral
    assert result.response.content == (
        f"{bob.mention} has 970 chips in their wallet; you cannot take 971 chips. "
        "Chips at tables cannot be taken back."
    )
    assert await salon.bot.db.write(Transaction.balance, salon.guild.id, bob.id) == 970


@pytest.mark.parametrize(
    ("who", "amount", "message"),
    [
        ("bob", 0, "Give or take a whole number of chips, not zero."),
        ("bot", 100, "Bots do not play for chips"),
    ],
)
async def test_grant_refusals(salon: Any, who: str, amount: int, message: str) -> None:
    boss = add_manager(salon, "boss")
    target = add_bot(salon) if who == "bot" else salon.member(who)

    result = await boss.slash(salon.channel, "admin grant", member=target, amount=amount)

    assert result.ephemeral
    assert message in result.response.content
    assert await salon.bot.db.query(Transaction.ledger, salon.guild.id, target.id) == []
    assert salon.env.errors == []


async def test_settings_shows_then_changes_the_settings(salon: Any) -> None:
    await give_freely(salon)
    boss, bob = add_manager(salon, "boss"), salon.member("bob")

    shown = await boss.slash(salon.channel, "admin settings")

    assert shown.ephemeral
    assert shown.response.content == (
        "**Settings of this server**\n"
        "Starting grant: 1,000 chips\n"
        "Daily bonus: 100 chips every 20 h\n"
        "Language of public messages: English\n"
        "Waiting line: 20 players at most\n"
        "Finished hands are kept 90 days, then archived (docs/storage.md)."
    )

    saved = await boss.slash(
        salon.channel,
        "admin settings",
        starting_grant=500,
        daily_bonus=25,
        daily_cooldown_hours=1.5,
        locale="fr",
    )

    assert saved.ephemeral
    assert saved.response.content == (
        "**Settings saved**\n"
        "Starting grant: 500 chips\n"
        "Daily bonus: 25 chips every 1 h 30 min\n"
        "Language of public messages: French\n"
        "Waiting line: 20 players at most\n"
        "Finished hands are kept 90 days, then archived (docs/storage.md)."
    )
    settings = await salon.bot.db.query(Transaction.settings, salon.guild.id)
    assert (settings.starting_grant, settings.daily_bonus, settings.daily_cooldown) == (
        500,
        25,
        5400,
    )
    assert settings.locale == "fr"
    # the new values apply: a new wallet, the daily bonus, public messages in French
    assert "Wallet: 500 chips" in (await bob.slash(salon.channel, "wallet")).response.content
    daily = await bob.slash(salon.channel, "daily")
    assert "Daily bonus: +25 chips" in daily.response.content
    gift = await bob.slash(salon.channel, "give", member=boss, amount=5)
    assert gift.response.content == f"{bob.mention} donne 5 jetons à {boss.mention}."

    # one option alone leaves the others as they are
    await boss.slash(salon.channel, "admin settings", locale="en")
    kept = await boss.slash(salon.channel, "admin settings", retention_days=0)
    assert kept.response.content.endswith("Finished hands are kept for ever.")
    assert await salon.bot.db.retention_days(salon.guild.id) == 0
    settings = await salon.bot.db.query(Transaction.settings, salon.guild.id)
    assert (settings.locale, settings.starting_grant) == ("en", 500)


async def test_settings_values_are_bounded(salon: Any) -> None:
    boss = add_manager(salon, "boss")
    with pytest.raises(simcord.OptionError):
        await boss.slash(salon.channel, "admin settings", daily_bonus=-1)
    assert (await salon.bot.db.query(Transaction.settings, salon.guild.id)).daily_bonus == 100


async def test_admin_answers_in_french(salon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    speak_french(monkeypatch)
    boss, bob = add_manager(salon, "boss"), salon.member("bob")

    shown = await boss.slash(salon.channel, "admin settings")
    assert shown.response.content == (
        "**Réglages du serveur**\n"
        "Dotation de départ\xa0: 1\u202f000 jetons\n"
        "Bonus quotidien\xa0: 100 jetons toutes les 20 h\n"
        "Langue des messages publics\xa0: anglais\n"
        "File d'attente\xa0: 20 joueurs au plus\n"
        "Les donnes finies sont gardées 90 jours, puis archivées (docs/storage.md)."
    )
    zero = await boss.slash(salon.channel, "admin grant", member=bob, amount=0)
    assert zero.response.content == "Donnez ou reprenez un nombre entier de jetons, pas zéro."

    salon.guild.set_command_permissions(int(command(salon, "admin")["id"]), {bob: True})
    refused = await bob.slash(salon.channel, "admin settings")
    assert refused.response.content == "Il vous faut la permission Gérer le serveur pour cela."
    assert missing_permissions(salon)


# ---------------------------------------------------------------- localisations

FRENCH_NAMES = {
    "wallet": "portefeuille",
    "daily": "quotidien",
    "give": "donner",
    "leaderboard": "classement",
    "history": "historique",
    "replay": "rejouer",
    "admin": "admin",
    "rules": "règles",
}
FRENCH_OPTIONS = {
    "wallet": {"member": "membre"},
    "give": {"member": "membre", "amount": "montant"},
    "leaderboard": {"metric": "critère", "period": "période"},
    "history": {"count": "nombre"},
    "replay": {"hand": "donne"},
    "rules": {"game": "jeu"},
}


def check_localised(node: dict[str, Any], where: str) -> None:
    """A command, subcommand or option: a description and French for its name and text."""
    assert node.get("description"), f"{where} has no description"
    assert node.get("name_localizations", {}).get("fr"), f"{where} has no French name"
    assert node.get("description_localizations", {}).get("fr"), f"{where}: no French description"
    for option in node.get("options") or []:
        check_localised(option, f"{where} {option['name']}")
        for choice in option.get("choices") or []:
            assert choice.get("name_localizations", {}).get("fr"), f"{where}: {choice}"


async def test_synced_commands_carry_their_french(salon: Any) -> None:
    for name, french in FRENCH_NAMES.items():
        payload = command(salon, name)
        assert payload["name_localizations"]["fr"] == french
        check_localised(payload, f"/{name}")
        options = {o["name"]: o["name_localizations"]["fr"] for o in payload.get("options") or []}
        assert FRENCH_OPTIONS.get(name, options).items() <= options.items()
        if name != "rules":
            assert payload["contexts"] == [0], f"/{name} is not guild only"
    subcommands = {o["name"]: o for o in command(salon, "admin")["options"]}
    assert subcommands["grant"]["name_localizations"]["fr"] == "accorder"
    assert subcommands["settings"]["name_localizations"]["fr"] == "réglages"
    assert {o["name_localizations"]["fr"] for o in subcommands["grant"]["options"]} == {
        "membre",
        "montant",
        "motif",
    }
    metrics = command(salon, "leaderboard")["options"][0]["choices"]
    assert {c["value"]: c["name_localizations"]["fr"] for c in metrics}["net_chips"] == "Gains nets"
    assert {c["name"]: c["name_localizations"]["fr"] for c in metrics}["Prials shown"] == (
        "Prials montrés"
    )


def test_the_language_helpers_speak_french() -> None:
    assert lang_of(discord.Locale.french) == "fr"
    assert lang_of("fr") == "fr"
    assert lang_of(discord.Locale.british_english) == "en"
    assert lang_of(None) == "en"
    assert say(lang_of("fr"), "chips", n=2) == "2 jetons"
    assert say(lang_of("en-US"), "chips", n=2) == "2 chips"
    assert say("fr", "refuse-hand-not-over") == "Cette donne n'est pas encore terminée."
