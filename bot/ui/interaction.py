"""Helpers shared by the commands: the table of the channel a command is typed in."""

from __future__ import annotations

import discord

from bot.runtime import TableError
from bot.ui.services import services_of


async def table_here(interaction: discord.Interaction) -> int:
    """The open table of the interaction's channel; a TableError says how to open one."""
    channel_id = interaction.channel_id
    manager = services_of(interaction).manager
    table_id = None if channel_id is None else await manager.table_in_channel(channel_id)
    if table_id is None:
        raise TableError("refuse-no-table-in-channel")
    return table_id
