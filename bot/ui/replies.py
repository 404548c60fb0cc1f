"""Answering an interaction whatever state its response is in, and in time."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, overload

import discord

from bot.ui.limits import CONTENT, fit_text

log = logging.getLogger(__name__)

Callback = TypeVar("Callback", bound=Callable[..., Awaitable[None]])
T = TypeVar("T")

#: Seconds an interaction may wait for its answer before it is deferred: Discord drops an
#: interaction not answered within 3 seconds ("Unknown interaction").
ANSWER_BUDGET = 2.0

#: The interaction can no longer be answered: too late (10062 Unknown interaction) or
#: answered already (40060).
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060


def too_late(exc: BaseException) -> bool:
    """Whether a failed answer means the interaction is gone (too late, or answered)."""
    return isinstance(exc, discord.HTTPException) and exc.code in (
        UNKNOWN_INTERACTION,
        ALREADY_ACKNOWLEDGED,
    )


async def in_time(
    interaction: discord.Interaction,
    work: Awaitable[T],
    *,
    thinking: bool,
    ephemeral: bool = True,
    budget: float | None = None,
) -> T:
    """``work``'s result; if it takes longer than ``budget`` seconds the interaction is
    deferred meanwhile, so Discord gets its first answer within 3 seconds.

    ``thinking``: the answer will be a message (a command, "…is thinking"), else the
    message clicked will be edited (a button). The fast path makes no request of its own.
    """
    task = asyncio.ensure_future(work)
    # asyncio.wait, not wait_for: the work goes on after the budget (and test clocks can
    # see what this waits for)
    done, _ = await asyncio.wait({task}, timeout=ANSWER_BUDGET if budget is None else budget)
    if not done and not interaction.response.is_done():
        try:
            await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
        except discord.HTTPException as exc:  # too late already: the work goes on
            log.warning("could not defer a slow interaction: %s", exc)
    return await task


async def reply(interaction: discord.Interaction, content: str = "", **kwargs: Any) -> int | None:
    """Send a message as the response, or as a follow-up if the response is used (deferred
    included: the follow-up then completes the "thinking" message); cut to Discord's 2,000
    characters. Returns the message's id when Discord gives it."""
    content = fit_text(content, CONTENT)
    if interaction.response.is_done():
        sent = await interaction.followup.send(content, wait=True, **kwargs)
        return sent.id
    response = await interaction.response.send_message(content, **kwargs)
    message_id: int | None = getattr(response, "message_id", None)
    return message_id


async def reply_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer only the user who clicked or typed sees."""
    await reply(interaction, content, ephemeral=True, **kwargs)


@overload
def player_errors(func: Callback, /) -> Callback: ...


@overload
def player_errors(*, public: bool = False) -> Callable[[Callback], Callback]: ...


def player_errors(
    func: Callback | None = None, /, *, public: bool = False
) -> Callback | Callable[[Callback], Callback]:
    """Answer a command's player errors (TableError, StorageError) privately, in the
    player's language, instead of letting them reach the command tree as failures; and
    defer the command when its answer is not ready within :data:`ANSWER_BUDGET` (privately,
    or publicly with ``public=True``: the answer then takes that visibility).

    Put it right above the ``async def``; the command keeps its signature (annotations
    are resolved here, in the module that defines the command).
    """
    if func is None:
        return functools.partial(_player_errors, public=public)
    return _player_errors(func, public=public)


def _player_errors(func: Callback, *, public: bool) -> Callback:
    from bot.i18n import lang_of
    from bot.runtime import TableError
    from bot.storage import StorageError
    from bot.ui.i18n import say

    @functools.wraps(func)
    async def wrapper(*args: Any, **kwargs: Any) -> None:
        interaction = next(a for a in args if isinstance(a, discord.Interaction))
        try:
            await in_time(interaction, func(*args, **kwargs), thinking=True, ephemeral=not public)
        except (TableError, StorageError) as exc:
            with contextlib.suppress(discord.NotFound):
                await reply_private(interaction, say(lang_of(interaction.locale), exc))

    wrapper.__signature__ = inspect.signature(func, eval_str=True)  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]
