"""``/history`` and ``/replay``: the server's finished hands and their replay files.

A replay file is sent privately, only to a player of that hand or to a member with Manage
Server. While the deal's pack is still in play (Brag deals the next hands from it) the file
holds only the cards its reader saw; whole once the pack is retired
(:mod:`bot.runtime.disclosure`). See ``docs/commands-economy.md`` and ``docs/security.md``.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.runtime import TableError
from bot.storage import NoHand, StorageError
from bot.storage.models import GameTable
from bot.ui.economy_text import game_name, guild_id_of, hand_outcome, hand_players, when
from bot.ui.i18n import L, lang_of, localise, pick
from bot.ui.limits import CONTENT, listing
from bot.ui.replies import reply_private

if TYPE_CHECKING:
    from bot.app import SalonBot

DEFAULT_COUNT = 5
MAX_COUNT = 20
MAX_HAND_ID = 2**53 - 1  # Discord's integers stop there
NO_PINGS = discord.AllowedMentions.none()


def replay_filename(hand_id: int) -> str:
    """The name of a hand's replay file.

    >>> replay_filename(12)
    'hand-12.json'
    """
    return f"hand-{hand_id}.json"


class History(commands.Cog):
    """The latest hands of the server and their replay files."""

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("history", "historique"),
        description=L(
            "List the latest finished hands of this server",
            "Lister les dernières donnes terminées du serveur",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(count=L("count", "nombre"))
    @app_commands.describe(
        count=L(
            f"How many hands to list ({DEFAULT_COUNT} if left empty, {MAX_COUNT} at most)",
            f"Combien de donnes lister ({DEFAULT_COUNT} si vide, {MAX_COUNT} au plus)",
        )
    )
    async def history(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, MAX_COUNT] = DEFAULT_COUNT,
    ) -> None:
        """Hand number, game, table channel, when, winners and pot; privately."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        db = self.bot.db
        hands = await db.hand_history(guild_id, limit=max(1, min(MAX_COUNT, count)))
        if not hands:
            await reply_private(
                interaction,
                pick(
                    lang,
                    "No hand has been finished in this server yet.",
                    "Aucune donne n'a encore été terminée sur ce serveur.",
                ),
            )
            return
        tables: dict[int, GameTable | None] = {}
        lines = [pick(lang, "**Latest hands**", "**Dernières donnes**")]
        for hand in hands:
            if hand.table_id not in tables:
                try:
                    tables[hand.table_id] = await db.get_table(hand.table_id)
                except StorageError:
                    tables[hand.table_id] = None
            table = tables[hand.table_id]
            where = f"<#{table.channel_id}>" if table is not None else "?"
            lines.append(
                f"`#{hand.id}` {game_name(hand.game)} · {where} · {when(hand.updated_at)} · "
                f"{hand_outcome(lang, hand.result)}"
            )
        footer = pick(
            lang,
            "Get a hand's file with /replay.",
            "Obtenez le fichier d'une donne avec /rejouer.",
        )
        body = listing(lang, lines, limit=CONTENT - len(footer) - 1)
        await reply_private(interaction, f"{body}\n{footer}", allowed_mentions=NO_PINGS)

    @app_commands.command(
        name=L("replay", "rejouer"),
        description=L(
            "Get the replay file of a finished hand you played",
            "Obtenir le fichier de rejeu d'une donne terminée que vous avez jouée",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(hand=L("hand", "donne"))
    @app_commands.describe(
        hand=L(
            "The hand number, as shown by /history",
            "Le numéro de la donne, comme le montre /historique",
        )
    )
    async def replay(
        self, interaction: discord.Interaction, hand: app_commands.Range[int, 1, MAX_HAND_ID]
    ) -> None:
        """Send the hand's scenario file privately to a player of it or a server manager."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        unknown = pick(
            lang,
            "There is no hand {n} in this server.",
            "Il n'y a pas de donne {n} sur ce serveur.",
            n=hand,
        )
        try:
            stored = await self.bot.db.get_hand(hand)
        except NoHand:
            await reply_private(interaction, unknown)
            return
        if stored.guild_id != guild_id:
            await reply_private(interaction, unknown)
            return
        if stored.status == "void":
            await reply_private(
                interaction,
                pick(
                    lang,
                    "Hand {n} was called off before its end; there is nothing to replay.",
                    "La donne {n} a été annulée avant sa fin ; il n'y a rien à rejouer.",
                    n=hand,
                ),
            )
            return
        if stored.status != "finished":
            await reply_private(interaction, localise(lang, "That hand is not over yet."))
            return
        played = interaction.user.id in hand_players(stored.record)
        if not (played or interaction.permissions.manage_guild):
            await reply_private(
                interaction,
                pick(
                    lang,
                    "Only the players of hand {n}, or members with the Manage Server "
                    "permission, can get its file: it shows every card, folded ones included.",
                    "Seuls les joueurs de la donne {n}, ou les membres ayant la permission "
                    "Gérer le serveur, peuvent obtenir son fichier : il montre toutes les "
                    "cartes, même celles des joueurs couchés.",
                    n=hand,
                ),
            )
            return
        try:
            export = await self.bot.manager.export_hand(
                hand, interaction.user.id if played else None
            )
        except TableError as exc:
            await reply_private(interaction, localise(lang, str(exc)))
            return
        name = replay_filename(hand)
        if export.partial:
            text = pick(
                lang,
                "Hand {n} ({game}): its pack is still in play at the table, so this file shows "
                "only the cards you saw. The whole hand will be here once the pack is shuffled "
                "or the table closes.",
                "Donne {n} ({game}) : son paquet est encore en jeu à la table, ce fichier ne "
                "montre donc que les cartes que vous avez vues. La donne entière sera "
                "disponible quand le paquet aura été battu ou la table fermée.",
                n=hand,
                game=game_name(stored.game),
            )
        else:
            text = pick(
                lang,
                "Hand {n} ({game}), every card included: keep it to yourself. "
                "Replay it with `python -m bot.games.replay {file}`.",
                "Donne {n} ({game}), avec toutes les cartes : gardez-la pour vous. "
                "Rejouez-la avec `python -m bot.games.replay {file}`.",
                n=hand,
                game=game_name(stored.game),
                file=name,
            )
        await reply_private(
            interaction,
            text,
            file=discord.File(io.BytesIO(export.text.encode("utf-8")), filename=name),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(History(cast("SalonBot", bot)))
