"""Answering an interaction whatever state its response is in."""

from __future__ import annotations

from typing import Any

import discord


async def reply(interaction: discord.Interaction, content: str = "", **kwargs: Any) -> None:
    """Send a message as the response, or as a follow-up if the response is used."""
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


async def reply_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer only the user who clicked or typed sees."""
    await reply(interaction, content, ephemeral=True, **kwargs)
