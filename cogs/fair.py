"""``/verify``: check a finished hand against the commitment shown before it was dealt.

The answer is private: the commitment, the players' seeds and the deal's number; once the
server seed is revealed, the seed, the deck recomputed and the verdict. See docs/fairness.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import lang_of
from bot.runtime import TableError
from bot.storage import Transaction
from bot.ui.economy_text import game_name
from bot.ui.i18n import L
from bot.ui.interaction import guild_id_of
from bot.ui.replies import reply_private
from bot.view.fair_text import verify_text
from cogs.history import HAND_NUMBER, MAX_HAND_ID

if TYPE_CHECKING:
    from bot.app import SalonBot


class Fair(commands.Cog):
    """Verification of fair dealing."""

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("verify", "vérifier"),
        description=L(
            "Check that a finished hand was dealt from the committed seed",
            "Vérifier qu'une donne terminée a été servie avec la graine engagée",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(hand=L("hand", "donne"))
    @app_commands.describe(hand=HAND_NUMBER)
    async def verify(
        self, interaction: discord.Interaction, hand: app_commands.Range[int, 1, MAX_HAND_ID]
    ) -> None:
        """The hand's fair-dealing check, privately."""
        lang = lang_of(interaction.locale)
        try:
            stored = await self.bot.db.query(Transaction.get_hand, hand)
        except Exception:  # NoHand and storage errors read as "no such hand"
            stored = None
        if stored is None or stored.guild_id != guild_id_of(interaction):
            raise TableError("refuse-verify-no-hand", hand=hand)
        report = await self.bot.manager.verify_hand(hand)
        text = verify_text(lang, report, game_name(report.game))
        await reply_private(interaction, text, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(Fair(bot))
