"""The one decision of an interaction's acknowledgement: Discord takes one callback per
interaction and refuses a second (400, code 40060 "Interaction has already been
acknowledged").

discord.py marks a response as done only once its request has come back, so an answer and
the answer budget's deferral (:func:`bot.ui.replies.in_time`) both in flight would each see
an unanswered interaction and both be sent. Here every callback the bot makes (a message,
a deferral, an edit of the clicked message, a modal) is decided under one lock per
interaction (:func:`_callback`): the first to take it is the callback; what comes after it
is a follow-up or an edit of the original response, never a second callback.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

#: Where an interaction keeps the callback in flight (``interaction.extras``).
CALLBACK_KEY = "salon.callback"

T = TypeVar("T")


async def _callback(
    interaction: discord.Interaction, make: Callable[[], Awaitable[T]]
) -> tuple[bool, T | None]:
    """``(True, its result)`` if ``make``'s callback is the interaction's one callback;
    ``(False, None)`` once another callback acknowledged it.

    The lock of the interaction: the callback in flight is a task kept in its ``extras``;
    checking and claiming happen with no ``await`` between, and whoever comes next waits
    for that task (a failed callback leaves the interaction to the next one). A task and
    not an ``asyncio.Lock``: a virtual clock (simcord's) sees what waiting on a task waits
    for, and would stall on a lock.
    """
    while True:
        flying: asyncio.Task[Any] | None = interaction.extras.get(CALLBACK_KEY)
        if flying is not None and not flying.done():
            await asyncio.wait({flying})
            continue
        if interaction.response.is_done():
            return False, None
        task = asyncio.ensure_future(make())
        interaction.extras[CALLBACK_KEY] = task
        return True, await task


async def defer(interaction: discord.Interaction, *, thinking: bool, ephemeral: bool) -> bool:
    """Defer the interaction unless it is acknowledged already; whether it was deferred
    here. ``thinking``: "…is thinking" (the answer will be a message), else a deferred
    update of the message clicked."""
    deferred, _ = await _callback(
        interaction, lambda: interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
    )
    return deferred


async def send(interaction: discord.Interaction, content: str, **kwargs: Any) -> int | None:
    """A message as the callback, or as a follow-up once the interaction is acknowledged (a
    deferral's follow-up completes its "thinking" message). Its id when Discord gives it."""
    sent, response = await _callback(
        interaction, lambda: interaction.response.send_message(content, **kwargs)
    )
    if sent:
        message_id: int | None = getattr(response, "message_id", None)
        return message_id
    followup = await interaction.followup.send(content, wait=True, **kwargs)
    return followup.id


async def edit(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message clicked as the callback, or the original response once the
    interaction is acknowledged (after a deferred update, the message clicked)."""
    edited, _ = await _callback(interaction, lambda: interaction.response.edit_message(**kwargs))
    if not edited:
        await interaction.edit_original_response(**kwargs)


async def modal(interaction: discord.Interaction, form: discord.ui.Modal) -> None:
    """Open a modal: only ever as the callback (a modal cannot follow another; discord.py's
    ``InteractionResponded`` then)."""
    shown, _ = await _callback(interaction, lambda: interaction.response.send_modal(form))
    if not shown:
        raise discord.InteractionResponded(interaction)
