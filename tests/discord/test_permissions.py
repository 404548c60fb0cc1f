"""The bot's own permissions where it plays (bot/ui/permissions.py): ``/table create`` and
``/tournament create`` refuse a channel where the bot lacks one, naming it and what it is for
in the member's language, before any chip moves; a table whose channel lost one while the
bot was down closes at start, every chip home, its creator told which and why."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType
from simsupport import play_hand, table_message

from bot.storage import Transaction
from tests.discord.salon_helpers import add_manager, speak_french
from tests.discord.test_lifecycle import (
    PLAYERS,
    assert_closed_and_home,
    bot_down,
    hand_in_play,
    last_dm,
    open_table,
    thread_in,
)
from tests.discord.test_table_flow import open_bouillotte

GRANT = 1000
#: What a member reads for each permission a table needs: its name, what it is for.
TABLE_NEEDS = {
    "en": {
        "view_channel": ("View Channel", "to see the channel at all"),
        "send_messages": ("Send Messages", "to show the table (its message, with the seats"),
        "embed_links": ("Embed Links", "to show the table (its message, with the seats"),
        "attach_files": ("Attach Files", "to post the picture of the hands shown after each"),
    },
    "fr": {
        "view_channel": ("Voir le salon", "pour voir le salon"),
        "send_messages": ("Envoyer des messages", "pour afficher la table (son message"),
        "embed_links": ("Intégrer des liens", "pour afficher la table (son message"),
        "attach_files": ("Joindre des fichiers", "pour poster l'image des mains montrées"),
    },
}
TOURNAMENT_NEEDS = {
    "en": {
        "attach_files": ("Attach Files", "to run its tables in those threads"),
        "create_public_threads": ("Create Public Threads", "to open a thread for each of its"),
        "send_messages_in_threads": (
            "Send Messages in Threads",
            "to run its tables in those threads",
        ),
    },
    "fr": {
        "attach_files": ("Joindre des fichiers", "pour tenir ses tables dans ces fils"),
        "create_public_threads": ("Créer des fils publics", "pour ouvrir un fil par table"),
        "send_messages_in_threads": (
            "Envoyer des messages dans les fils",
            "pour tenir ses tables dans ces fils",
        ),
    },
}


def without(salon: Any, flag: str) -> Any:
    """A new channel where the bot's own overwrite takes ``flag`` away."""
    me = salon.guild.me
    assert me is not None
    overwrite = discord.PermissionOverwrite(**{flag: False})
    return salon.guild.create_text_channel(f"no-{flag}", overwrites={me: overwrite})


async def balance(salon: Any, name: str) -> int:
    member = salon.member(name)
    return int(await salon.bot.db.write(Transaction.balance, salon.guild.id, member.id))


def refusal(lang: str, what: str, name: str, why: str) -> str:
    if lang == "en":
        return f"I cannot run a {what} here: I need the {name} permission in this channel, {why}"
    verb = "tenir une table" if what == "table" else "mener un tournoi"
    need = f"il me faut la permission «\u00a0{name}\u00a0» dans ce salon, {why}"
    return f"Je ne peux pas {verb} ici\u00a0: {need}"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("flag", list(TABLE_NEEDS["en"]))
async def test_table_create_names_the_permission_it_lacks_and_what_for(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str, flag: str
) -> None:
    if lang == "fr":
        speak_french(monkeypatch)
    bare = without(salon, flag)
    before = await balance(salon, "alice")

    refused = await salon.member("alice").slash(bare, "table create", game="bouillotte", cave=200)

    assert refused.ephemeral
    name, why = TABLE_NEEDS[lang][flag]
    assert refused.response.content.startswith(refusal(lang, "table", name, why))
    assert await salon.bot.manager.table_in_channel(bare.id) is None
    assert await balance(salon, "alice") == before == GRANT  # no chip moved
    assert bare.history() == []  # and nothing posted where it could not go on
    salon.env.errors.clear()  # the check's failure, answered in words


async def test_a_table_in_a_thread_needs_send_messages_in_threads(salon: Any) -> None:
    me = salon.guild.me
    assert me is not None
    quiet = discord.PermissionOverwrite(send_messages_in_threads=False)
    parent = salon.guild.create_text_channel("threads-muted", overwrites={me: quiet})
    owner = salon.member("alice")
    thread = salon.env.backend.create_thread(parent.id, "table", owner.id)

    refused = await owner.slash(thread_handle(salon, thread), "table create", game="brelan")

    assert refused.response.content.startswith(
        "I cannot run a table here: I need the Send Messages in Threads permission in this "
        "channel, to show the table"
    )
    assert await salon.bot.manager.table_in_channel(thread.id) is None
    salon.env.errors.clear()


def thread_handle(salon: Any, thread: Any) -> simcord.ChannelHandle:
    return simcord.ChannelHandle(salon.env, salon.guild, thread)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("flag", list(TOURNAMENT_NEEDS["en"]))
async def test_tournament_create_names_the_permission_it_lacks_and_what_for(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str, flag: str
) -> None:
    if lang == "fr":
        speak_french(monkeypatch)
    bare = without(salon, flag)

    refused = await salon.member("ann").slash(
        bare, "tournament create", game="brelan", seats=2, buy_in=100
    )

    assert refused.ephemeral
    name, why = TOURNAMENT_NEEDS[lang][flag]
    assert refused.response.content.startswith(refusal(lang, "tournament", name, why))
    assert await salon.bot.db.query(Transaction.tournaments, salon.guild.id) == []
    assert await balance(salon, "ann") == GRANT  # no buy-in taken
    assert bare.history() == []


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_permission_taken_away_while_the_bot_was_down_closes_the_table_at_start(
    salon: Any, lang: str
) -> None:
    if lang == "fr":  # the server speaks French (a restarted bot knows no member's language)
        await add_manager(salon, "boss").slash(salon.channel, "admin settings", locale="fr")
    table = await open_table(salon, "brag")
    hand = await hand_in_play(salon, table)
    thread = thread_in(salon)
    in_thread = await open_table(salon, "brelan", thread, names=("dave", "erin"))

    await salon.env.settle()  # nothing left to send: then the bot goes down
    me = salon.env.backend.bot_user.id
    no_files = discord.Permissions(attach_files=True).value
    with bot_down(salon):
        salon.env.backend.set_overwrite(
            salon.channel.id, Overwrite(me, OverwriteType.MEMBER, allow=0, deny=no_files)
        )
    await salon.restart()

    await assert_closed_and_home(salon, table, int(hand["id"]))
    assert in_thread not in salon.bot.manager.tables  # a thread of it: the same overwrite
    told = last_dm(salon.member(PLAYERS[0]))
    if lang == "en":
        assert "is closed: the bot can no longer see or post in its channel." in told
        assert told.endswith(
            "The bot lacks the Attach Files permission there, to post the picture of the hands "
            "shown after each hand: ask an admin to give it back before opening a table there "
            "again."
        )
    else:
        assert told.endswith(
            "Il manque au bot la permission «\u00a0Joindre des fichiers\u00a0» dans ce salon, pour "
            "poster "
            "l'image des mains montrées après chaque donne\u00a0: demandez à un admin de la lui "
            "rendre avant d'y rouvrir une table."
        )


async def test_a_table_whose_permissions_are_all_there_survives_a_restart(salon: Any) -> None:
    table = await open_table(salon, "brelan")
    await hand_in_play(salon, table)
    await salon.env.settle()
    await salon.restart()
    assert table in salon.bot.manager.tables


async def test_a_showdown_where_attach_files_was_taken_away_comes_without_its_picture(
    salon: Any,
) -> None:
    """Attach Files taken away while a table plays: the showdown is still posted, in words
    (a strict server refuses the whole post with its file, 50013)."""
    members = await open_bouillotte(salon, ("alice", "bob", "carol", "dave"))
    await members[min(members)].click(await table_message(salon), label="Start")
    me = salon.env.backend.bot_user.id
    no_files = discord.Permissions(attach_files=True).value
    salon.env.backend.set_overwrite(
        salon.channel.id, Overwrite(me, OverwriteType.MEMBER, allow=0, deny=no_files)
    )

    await play_hand(salon, members)

    (shown,) = [m for m in salon.channel.history() if m.embeds and "Showdown" in m.embeds[0].title]
    assert shown.attachments == [] and not shown.embeds[0].image
    assert all(f"<@{uid}>" in " ".join(f.value for f in shown.embeds[0].fields) for uid in members)
