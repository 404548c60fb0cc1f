"""/admin season start|end and /leaderboard season:, driven through simcord: the start and
the champions announced publicly in the server's language, refusals privately in the
reader's, the seasons offered by the autocomplete."""

from __future__ import annotations

import re
from typing import Any

import pytest
from discord import app_commands

from bot.storage import Transaction
from tests.discord.salon_helpers import (
    add_manager,
    command,
    last_callback,
    open_table,
    play_hand,
    speak_french,
)

URL = "https://salon.example"


@pytest.fixture
def web_public_url() -> str | None:
    """The web pages' address (the leaderboard's link button)."""
    return URL


async def play(salon: Any, hands: int = 1) -> list[int]:
    """Alice, Bob and Carol play ``hands`` hands of Bouillotte; returns the winners."""
    members = [salon.member(n) for n in ("alice", "bob", "carol")]
    manager, guild = salon.bot.manager, salon.guild.id
    table = await open_table(manager, guild, salon.channel.id, [m.id for m in members])
    winners = []
    for _ in range(hands):
        hand = await salon.bot.db.query(Transaction.get_hand, await play_hand(manager, table))
        winners.extend(int(w) for w in hand.result["pots"][0]["winners"])
    await manager.close(table, members[0].id)
    return winners


def dates_of(text: str) -> str:
    return re.sub(r"<t:\d+:D>", "<date>", text)


async def test_a_season_from_its_start_to_its_champions(salon: Any) -> None:
    boss, alice = add_manager(salon, "boss"), salon.member("alice")

    started = await boss.slash(salon.channel, "admin season start", name="Winter")
    assert not started.ephemeral
    assert started.response.content == (
        "**Season 1 “Winter” starts.** Every hand played from now on counts in its standings,"
        " in every game: `/leaderboard season:1`"
    )
    assert last_callback(salon)["data"]["allowed_mentions"] == {"parse": []}
    again = await boss.slash(salon.channel, "admin season start")
    assert again.ephemeral
    assert again.response.content == (
        "Season 1 is still open: end it first with /admin season end."
    )

    empty = await alice.slash(salon.channel, "leaderboard", season=1)
    assert empty.ephemeral
    assert empty.response.content == (
        "The leaderboard for Net chips (Season 1 “Winter”) is empty: nobody has scored yet."
    )
    (winner,) = await play(salon)
    offered = await alice.autocomplete(salon.channel, "leaderboard", "season", "")
    assert [(c["name"], c["value"]) for c in offered] == [("Season 1 “Winter” (open)", 1)]

    live = await alice.slash(salon.channel, "leaderboard", season=1)
    (embed,) = live.response.embeds
    assert embed.title == "Leaderboard · Net chips · Season 1 “Winter”"
    assert (embed.description or "").splitlines()[0] == f"**1.** <@{winner}> · +2 chips"

    ended = await boss.slash(salon.channel, "admin season end")
    assert not ended.ephemeral
    (news,) = ended.response.embeds
    assert news.title == "Season 1 “Winter” is over"
    assert dates_of(news.description or "") == (
        "3 players took part, from <date> to <date>.\nThe whole standings: `/leaderboard season:1`"
    )
    (field,) = news.fields
    assert field.name == "Champions"
    players = sorted(salon.member(n).id for n in ("alice", "bob", "carol"))
    everyone = ", ".join(f"<@{u}>" for u in players)
    assert field.value.splitlines() == [
        f"**Net chips** · <@{winner}> · +2 chips",
        f"**Hands won** · <@{winner}> · 1",
        f"**Hands played** · {everyone} · 1",
        f"**Biggest pot** · <@{winner}> · 6 chips",
    ]
    assert last_callback(salon)["data"]["allowed_mentions"] == {"parse": []}
    assert await salon.bot.db.query(Transaction.open_season, salon.guild.id) is None

    # ending twice ends once; the archive reads as the season did
    twice = await boss.slash(salon.channel, "admin season end")
    assert twice.ephemeral
    assert twice.response.content == "No season is open: start one with /admin season start."
    await play(salon)
    archived = await alice.slash(salon.channel, "leaderboard", season=1)
    assert archived.response.embeds[0].description == embed.description

    second = await boss.slash(salon.channel, "admin season start")
    assert second.response.content.startswith("**Season 2 starts.**")
    offered = await alice.autocomplete(salon.channel, "leaderboard", "season", "")
    assert [c["name"] for c in offered] == ["Season 2 (open)", "Season 1 “Winter”"]
    typed = await alice.autocomplete(salon.channel, "leaderboard", "season", "wint")
    assert [c["value"] for c in typed] == [1]
    unknown = await alice.slash(salon.channel, "leaderboard", season=7)
    assert unknown.ephemeral
    assert unknown.response.content == "This server has no season 7."
    # the period option and the weekly board are as they were
    week = await alice.slash(salon.channel, "leaderboard", period="week")
    assert week.response.embeds[0].title == "Leaderboard · Net chips · This week"
    assert salon.env.errors == []


async def test_a_season_nobody_played(salon: Any) -> None:
    boss = add_manager(salon, "boss")
    await boss.slash(salon.channel, "admin season start")
    ended = await boss.slash(salon.channel, "admin season end")
    (news,) = ended.response.embeds
    assert news.title == "Season 1 is over"
    assert dates_of(news.description or "").splitlines()[0] == (
        "Nobody played a hand during this season (<date> to <date>)."
    )
    assert news.fields == []


async def test_the_announcements_follow_the_server_and_refusals_the_reader(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    boss, alice = add_manager(salon, "boss"), salon.member("alice")
    await salon.bot.db.write(Transaction.update_settings, salon.guild.id, locale="fr")

    started = await boss.slash(salon.channel, "admin season start", name="Hiver")
    assert started.response.content == (
        "**La saison 1 «\xa0Hiver\xa0» commence.** Chaque donne jouée à partir de maintenant"
        " compte pour son classement, à tous les jeux\xa0: `/classement saison:1`"
    )
    refused = await boss.slash(salon.channel, "admin season start")  # boss speaks English
    assert refused.response.content.startswith("Season 1 is still open")

    (winner,) = await play(salon)
    ended = await boss.slash(salon.channel, "admin season end")
    (news,) = ended.response.embeds
    assert news.title == "La saison 1 «\xa0Hiver\xa0» est terminée"
    assert dates_of(news.description or "") == (
        "3 joueurs y ont pris part, du <date> au <date>.\n"
        "Le classement complet\xa0: `/classement saison:1`"
    )
    (field,) = news.fields
    assert field.name == "Champions"
    assert field.value.splitlines()[0] == f"**Gains nets** · <@{winner}> · +2 jetons"
    board = await alice.slash(salon.channel, "leaderboard", season=1)
    assert board.response.embeds[0].title == "Classement · Gains nets · Saison 1 «\xa0Hiver\xa0»"

    speak_french(monkeypatch)
    twice = await boss.slash(salon.channel, "admin season end")
    assert twice.ephemeral
    assert twice.response.content == (
        "Aucune saison n'est ouverte\xa0: commencez-en une avec /admin saison commencer."
    )
    open_again = await boss.slash(salon.channel, "admin season start")
    assert open_again.response.content.startswith("**La saison 2 commence.**")
    refused = await boss.slash(salon.channel, "admin season start")
    assert refused.response.content == (
        "La saison 2 est encore ouverte\xa0: terminez-la d'abord avec /admin saison terminer."
    )
    offered = await alice.autocomplete(salon.channel, "leaderboard", "season", "")
    assert [c["name"] for c in offered] == ["Saison 2 (en cours)", "Saison 1 «\xa0Hiver\xa0»"]
    unknown = await alice.slash(salon.channel, "leaderboard", season=9)
    assert unknown.response.content == "Ce serveur n'a pas de saison 9."


async def test_only_a_manager_runs_the_seasons(salon: Any) -> None:
    bob = salon.member("bob")
    salon.guild.set_command_permissions(int(command(salon, "admin")["id"]), {bob: True})
    for sub in ("start", "end"):
        refused = await bob.slash(salon.channel, f"admin season {sub}")
        assert refused.ephemeral
        assert refused.response.content == "You need the Manage Server permission for that."
        assert any(isinstance(e, app_commands.MissingPermissions) for e in salon.env.errors)
    assert await salon.bot.db.query(Transaction.seasons, salon.guild.id) == []


async def test_the_season_commands_speak_french(salon: Any) -> None:
    admin = {o["name"]: o for o in command(salon, "admin")["options"]}
    season = admin["season"]
    assert season["name_localizations"]["fr"] == "saison"
    subs = {o["name"]: o for o in season["options"]}
    assert {n: s["name_localizations"]["fr"] for n, s in subs.items()} == {
        "start": "commencer",
        "end": "terminer",
    }
    (name,) = subs["start"]["options"]
    assert (name["name_localizations"]["fr"], name["required"]) == ("nom", False)
    assert name["description_localizations"]["fr"]
    options = {o["name"]: o for o in command(salon, "leaderboard")["options"]}
    assert options["season"]["name_localizations"]["fr"] == "saison"
    assert options["season"]["autocomplete"] is True


async def test_a_seasons_board_links_to_its_web_page(salon: Any) -> None:
    boss, alice = add_manager(salon, "boss"), salon.member("alice")
    await boss.slash(salon.channel, "admin season start")
    await play(salon)
    board = await alice.slash(salon.channel, "leaderboard", metric="hands_won", season=1)
    (row,) = board.response.components
    (button,) = row["components"]
    assert button["url"] == f"{URL}/g/{salon.guild.id}/leaderboard?metric=hands_won&period=season-1"
