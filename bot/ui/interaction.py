"""What the commands ask of an interaction: its guild and the guild's language, the table of
its channel, the moves its member may play there.

The one home of these helpers (RoboDanny's ``cogs/utils/context.py``): the cogs and the
transformers (:mod:`bot.ui.transformers`) share them instead of each writing its own.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import Lang, lang_of
from bot.runtime import TableError
from bot.runtime.public import LegalAction, PublicHand
from bot.storage import Database, Transaction
from bot.ui.services import services_of

#: Where an interaction keeps the hand its member is to act in (``interaction.extras``):
#: the transformers and autocompletes of one ``/act`` read the table once.
TURN_KEY = "salon.turn_hand"


def guild_id_of(interaction: discord.Interaction) -> int:
    """The guild of a guild-only command (``NoPrivateMessage`` in a DM, which Discord's
    ``guild_only`` already prevents)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


async def guild_lang(db: Database, guild_id: int) -> Lang:
    """The language of the guild's public messages (``/admin settings locale``): the one
    way it is read, by the commands, the table messages and the lifecycle notes."""
    return lang_of((await db.query(Transaction.settings, guild_id)).locale)


async def quiet_table(interaction: discord.Interaction) -> int | None:
    """The open table of the interaction's channel, or None (an autocomplete refuses
    nothing)."""
    channel_id = interaction.channel_id
    if channel_id is None:
        return None
    return await services_of(interaction).manager.table_in_channel(channel_id)


async def table_here(interaction: discord.Interaction) -> int:
    """The open table of the interaction's channel; a TableError says how to open one."""
    table_id = await quiet_table(interaction)
    if table_id is None:
        raise TableError("refuse-no-table-in-channel")
    return table_id


async def turn_hand(interaction: discord.Interaction) -> PublicHand | None:
    """The hand in play at this channel's table when it is the member's turn to act, else
    None (no table here, no hand, another's turn); read once per interaction."""
    if TURN_KEY not in interaction.extras:
        interaction.extras[TURN_KEY] = await _turn_hand(interaction)
    hand: PublicHand | None = interaction.extras[TURN_KEY]
    return hand


async def my_legal(interaction: discord.Interaction) -> list[LegalAction]:
    """The moves the member may play now at this channel's table (none when it is not his
    turn, or no table is here)."""
    hand = await turn_hand(interaction)
    return [] if hand is None else list(hand["legal"])


async def _turn_hand(interaction: discord.Interaction) -> PublicHand | None:
    table_id = await quiet_table(interaction)
    if table_id is None:
        return None
    hand = (await services_of(interaction).manager.status(table_id))["hand"]
    if hand is None or hand["to_act"] != str(interaction.user.id):
        return None
    return hand
