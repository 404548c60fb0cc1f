"""Answering an interaction whatever state its response is in, and in time; and the one
answer to a request that failed (:func:`answer_failure`), a slash command's (the command
tree's ``on_error``, bot/app.py) or a click's (``always_answered``, bot/ui/clicks.py)."""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, overload

import discord
from discord import app_commands

from bot.i18n import lang_of, render
from bot.i18n.message import Refusal
from bot.ui import acknowledge
from bot.ui.i18n import say
from bot.ui.limits import CONTENT, fit_text
from bot.ui.permissions import Place, lacking, why_of

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
    message clicked will be edited (a button). The fast path makes no request of its own;
    the deferral and the work's answer are one decision (:mod:`bot.ui.acknowledge`), so an
    answer ready right at the budget is never followed by a second callback.
    """
    task = asyncio.ensure_future(work)
    # asyncio.wait, not wait_for: the work goes on after the budget (and test clocks can
    # see what this waits for)
    done, _ = await asyncio.wait({task}, timeout=ANSWER_BUDGET if budget is None else budget)
    if not done:  # a deferral, unless the work's own answer took the callback already
        try:
            await acknowledge.defer(interaction, thinking=thinking, ephemeral=ephemeral)
        except discord.HTTPException as exc:  # too late already: the work goes on
            log.warning("could not defer a slow interaction: %s", exc)
    return await task


async def reply(interaction: discord.Interaction, content: str = "", **kwargs: Any) -> int | None:
    """Send a message as the response, or as a follow-up if the response is used (deferred
    included: the follow-up then completes the "thinking" message); cut to Discord's 2,000
    characters. Returns the message's id when Discord gives it."""
    return await acknowledge.send(interaction, fit_text(content, CONTENT), **kwargs)


async def reply_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer only the user who clicked or typed sees."""
    await reply(interaction, content, ephemeral=True, **kwargs)


class Refused(Refusal):
    """A request the Discord surface refuses itself (a bot named as a member, a gift the
    server's limits forbid, a permission the bot lacks): raised, and answered by
    :func:`answer_failure` like the runtime's and storage's refusals."""


def failure_of(error: BaseException) -> BaseException:
    """What a failed request stands for, as :func:`answer_failure` answers it: a command's
    own exception (``CommandInvokeError``); the refusal a transformer raised
    (``TransformerError``, which carries it as its cause); a failed check as a refusal in
    words; anything else as it is.

    >>> failure_of(app_commands.MissingPermissions(["manage_guild"])).message.key
    'app-you-need-manage-server-permission'
    >>> str(failure_of(app_commands.BotMissingPermissions(["embed_links"])))
    'I cannot run a table here: I need the Embed Links permission in this channel, to show ...'

    """
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    if isinstance(error, app_commands.TransformerError):
        cause = error.__cause__
        return cause if isinstance(cause, Refusal) else error
    if isinstance(error, app_commands.BotMissingPermissions):
        flag = error.missing_permissions[0]
        return Refused("abuse-i-cannot-run-table-here", **lacking(flag, why_of(flag, Place.TABLE)))
    if isinstance(error, app_commands.MissingPermissions):
        return Refused("app-you-need-manage-server-permission")
    if isinstance(error, app_commands.NoPrivateMessage):
        return Refused("app-this-command-works-in-server")
    if isinstance(error, app_commands.CheckFailure):
        return Refused("app-you-cannot-use-this-command")
    return error


async def answer_failure(
    interaction: discord.Interaction, error: BaseException, *, unexpected: str, what: str
) -> None:
    """The one answer to a request that did not go through, a command's or a click's.

    A refusal (a :class:`~bot.i18n.message.Refusal`: ``TableError``, ``StorageError``,
    :class:`Refused`; also when a command's error wraps one, :func:`failure_of`) is answered
    privately in the reader's language, pinging nobody; anything else is logged (``what``
    names the request) and answered privately with the catalogue's ``unexpected`` text. A
    deferred interaction gets it as a follow-up (:func:`reply`); one that can no longer be
    answered is only logged.
    """
    lang = lang_of(interaction.locale)
    error = failure_of(error)
    if isinstance(error, Refusal):
        text = say(lang, error)
    else:
        log.error("%s failed", what, exc_info=error)
        text = render(lang, unexpected)
    try:
        await reply_private(interaction, text, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not answer a failed %s", what, exc_info=True)


@overload
def answered_in_time(func: Callback, /) -> Callback: ...


@overload
def answered_in_time(*, public: bool = False) -> Callable[[Callback], Callback]: ...


def answered_in_time(
    func: Callback | None = None, /, *, public: bool = False
) -> Callback | Callable[[Callback], Callback]:
    """Defer a command whose answer is not ready within :data:`ANSWER_BUDGET` (privately, or
    publicly with ``public=True``: the answer then takes that visibility). Its errors go on
    to the command tree, whose ``on_error`` answers them (:func:`answer_failure`).

    Put it right above the ``async def``; the command keeps its signature (annotations
    are resolved here, in the module that defines the command).
    """
    if func is None:
        return functools.partial(_answered_in_time, public=public)
    return _answered_in_time(func, public=public)


def _answered_in_time(func: Callback, *, public: bool) -> Callback:
    @functools.wraps(func)
    async def wrapper(*args: Any, **kwargs: Any) -> None:
        interaction = next(a for a in args if isinstance(a, discord.Interaction))
        await in_time(interaction, func(*args, **kwargs), thinking=True, ephemeral=not public)

    wrapper.__signature__ = inspect.signature(func, eval_str=True)  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]
