"""``/history`` and ``/replay``: the server's finished hands and their replay files.

A replay file is sent privately, only to a player of that hand or to a member with Manage
Server. While the deal's pack is still in play (Brag deals the next hands from it) the file
holds only the cards its reader saw; whole once the pack is retired
(:mod:`bot.runtime.disclosure`). See ``docs/commands-economy.md`` and ``docs/security.md``.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Lang, lang_of, render
from bot.runtime import TableError
from bot.storage import NoHand, StorageError, Transaction
from bot.storage.models import GameTable, Hand
from bot.ui.economy_text import game_name, hand_outcome, hand_players, when
from bot.ui.i18n import L
from bot.ui.interaction import guild_id_of
from bot.ui.limits import CONTENT, listing
from bot.ui.replies import reply_private

if TYPE_CHECKING:
    from bot.app import SalonBot

DEFAULT_COUNT = 5
MAX_COUNT = 20
MAX_HAND_ID = 2**53 - 1  # Discord's integers stop there
#: The description of a command's ``hand`` option (/replay, /verify).
HAND_NUMBER = L(
    "The hand number, as shown by /history",
    "Le numéro de la donne, comme le montre /historique",
)
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
        hands = await db.query(
            Transaction.hand_history, guild_id, limit=max(1, min(MAX_COUNT, count))
        )
        if not hands:  # nothing to list, said privately
            await reply_private(interaction, render(lang, "history-no-hand-has-been-finished"))
        else:
            web = self.bot.web_links
            link = None if web is None else await web.member_home(guild_id, interaction.user.id)
            body = await self._hand_lines(lang, hands, link)
            await reply_private(interaction, body, allowed_mentions=NO_PINGS, suppress_embeds=True)

    async def _hand_lines(self, lang: Lang, hands: list[Hand], link: str | None) -> str:
        """The listing of ``hands``: number (a link to its replayer when the server's pages
        may be linked), game, table channel, when, outcome; then how to get a hand's file, and
        the member's own link to the server's pages if there is one."""
        web = self.bot.web_links
        tables: dict[int, GameTable | None] = {}
        lines = [render(lang, "history-latest-hands")]
        for hand in hands:
            if hand.table_id not in tables:
                try:
                    tables[hand.table_id] = await self.bot.db.query(
                        Transaction.get_table, hand.table_id
                    )
                except StorageError:
                    tables[hand.table_id] = None
            table = tables[hand.table_id]
            where = f"<#{table.channel_id}>" if table is not None else "?"
            page = None if web is None else await web.hand(hand.guild_id, hand.id)
            number = f"`#{hand.id}`" if page is None else f"[#{hand.id}](<{page}>)"
            lines.append(
                f"{number} {game_name(hand.game)} · {where} · {when(hand.updated_at)} · "
                f"{hand_outcome(lang, hand.result)}"
            )
        footer = render(lang, "history-get-hand-s-file-with")
        if link is not None:
            footer += "\n" + render(lang, "web-history-on-the-web", link=link)
        body = listing(lang, lines, limit=CONTENT - len(footer) - 1)
        return f"{body}\n{footer}"

    @app_commands.command(
        name=L("replay", "rejouer"),
        description=L(
            "Get the replay file of a finished hand you played",
            "Obtenir le fichier de rejeu d'une donne terminée que vous avez jouée",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(hand=L("hand", "donne"))
    @app_commands.describe(hand=HAND_NUMBER)
    async def replay(
        self, interaction: discord.Interaction, hand: app_commands.Range[int, 1, MAX_HAND_ID]
    ) -> None:
        """Send the hand's scenario file privately to a player of it or a server manager."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        try:
            stored = await self.bot.db.query(Transaction.get_hand, hand)
        except NoHand:
            stored = None
        if stored is None or stored.guild_id != guild_id:
            raise TableError("history-there-no-hand-in-this", hand=hand)
        if stored.status == "void":
            raise TableError("history-hand-was-called-off-before", n=hand)
        if stored.status != "finished":
            raise TableError("refuse-hand-not-over")
        played = interaction.user.id in hand_players(stored.record)
        if not (played or interaction.permissions.manage_guild):
            raise TableError("history-only-players-hand-or-members", n=hand)
        export = await self.bot.manager.export_hand(hand, interaction.user.id if played else None)
        name = replay_filename(hand)
        if export.partial:
            text = render(
                lang, "history-hand-its-pack-still-in", n=hand, game=game_name(stored.game)
            )
        else:
            text = render(
                lang,
                "history-hand-every-card-included-keep",
                n=hand,
                game=game_name(stored.game),
                file=name,
            )
        await reply_private(
            interaction,
            text,
            file=discord.File(io.BytesIO(export.text.encode("utf-8")), filename=name),
        )


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(History(bot))
