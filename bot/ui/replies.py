"""Answering an interaction whatever state its response is in."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.ui.limits import CONTENT, fit_text

Callback = TypeVar("Callback", bound=Callable[..., Awaitable[None]])


async def reply(interaction: discord.Interaction, content: str = "", **kwargs: Any) -> None:
    """Send a message as the response, or as a follow-up if the response is used (cut to
    Discord's 2,000 characters)."""
    content = fit_text(content, CONTENT)
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


async def reply_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer only the user who clicked or typed sees."""
    await reply(interaction, content, ephemeral=True, **kwargs)


def player_errors(func: Callback) -> Callback:
    """Answer a command's player errors (TableError, StorageError) privately, in the
    player's language, instead of letting them reach the command tree as failures.

    Put it right above the ``async def``; the command keeps its signature (annotations
    are resolved here, in the module that defines the command).
    """
    from bot.runtime import TableError
    from bot.storage import StorageError
    from bot.ui.i18n import lang_of, say

    @functools.wraps(func)
    async def wrapper(*args: Any, **kwargs: Any) -> None:
        try:
            await func(*args, **kwargs)
        except (TableError, StorageError) as exc:
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            await reply_private(interaction, say(lang_of(interaction.locale), exc))

    wrapper.__signature__ = inspect.signature(func, eval_str=True)  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]
