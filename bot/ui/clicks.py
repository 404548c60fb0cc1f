"""The path of a click on the table message, whatever the component.

- :func:`answer_with_table`: run a table request and answer by editing the table message;
- :func:`check_turn`, :class:`TurnGated`: a move's click refused before its callback runs,
  unless it comes from the player to act in that hand; :func:`play`: the move played;
- :func:`show_cards`: the player's cards, privately;
- :func:`always_answered`: the one place a click's refusal or failure is answered;
- :class:`Throttled`: refuses a member who clicks too fast;
- :class:`Persistent`: a :class:`discord.ui.DynamicItem` built back from its custom id.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Self, TypeVar

import discord

from bot.i18n import lang_of, render
from bot.i18n.message import Refusal
from bot.runtime import TableError
from bot.ui import acknowledge
from bot.ui.abuse import TOO_FAST
from bot.ui.render import CardsPlace, cards_message
from bot.ui.replies import Refused, answer_failure, in_time, reply_private, too_late
from bot.ui.services import services_of

log = logging.getLogger(__name__)


async def answer_with_table(
    interaction: discord.Interaction,
    table_id: int,
    request: Callable[[], Awaitable[Any]],
) -> Any:
    """Run a table request; answer by editing the table message in the interaction callback.

    A refusal leaves the message as it is (a change made meanwhile is shown by REST, and a
    turn that moved is announced) and goes on to :func:`always_answered`, which answers it
    privately like any other. A request slower than
    :data:`~bot.ui.replies.ANSWER_BUDGET` defers the click first (the message is then edited
    through the interaction's original response). An answer that comes too late for Discord
    (the move is applied all the same) leaves the table message to the outbox.
    """
    services = services_of(interaction)
    presenter = services.presenter
    lang = lang_of(interaction.locale)
    received = discord.utils.utcnow().timestamp()
    with presenter.responding(table_id) as capture:
        try:
            result = await in_time(interaction, request(), thinking=False)
        except Refusal:
            if capture.dirty:
                presenter.refresh(table_id)
            if capture.turn_pending:
                presenter.notify_turn(table_id)
            raise
    version = presenter.outbox.version(table_id)
    kwargs = await presenter.message_kwargs(table_id)
    if interaction.message is None:
        presenter.refresh(table_id)
    else:
        try:
            await acknowledge.edit(interaction, **kwargs)  # after a deferral, the original
        except discord.HTTPException as exc:
            # the request was applied: never let a failed edit fail the click
            if too_late(exc):
                log.info("a click on table %s was answered too late: %s", table_id, exc)
                presenter.refresh(table_id)
            else:
                log.warning("could not edit table %s through a click", table_id, exc_info=True)
                if not interaction.response.is_done():
                    with contextlib.suppress(discord.HTTPException):
                        await reply_private(
                            interaction, render(lang, "ui-done-table-message-could-not")
                        )
                presenter.refresh(table_id, repost=True)
        else:
            presenter.outbox.shown(table_id, version)
            presenter.remember_click(table_id, interaction, received)
    if capture.turn_pending:
        presenter.notify_turn(table_id)
    return result


def check_turn(interaction: discord.Interaction, table_id: int, hand_id: int) -> None:
    """Refuse (:class:`TableError`, answered by :func:`always_answered`) a click from anyone
    but the player to act, or on an old hand: the runtime's own turn check
    (``verify_turn``), before asking it to play."""
    manager = services_of(interaction).manager
    table = manager.tables.get(table_id)
    if table is None or table.closed:
        raise TableError("refuse-no-such-table")
    manager.verify_turn(table, interaction.user.id, hand_id)


async def turn_refused(interaction: discord.Interaction, table_id: int, hand_id: int) -> bool:
    """Whether the click is refused by :func:`check_turn`; the refusal is then answered,
    privately, as :func:`always_answered` answers one."""
    try:
        check_turn(interaction, table_id, hand_id)
    except Exception as exc:
        await answer_failure(
            interaction,
            exc,
            unexpected="ui-something-went-wrong-on-our",
            what=f"a move on table {table_id}",
        )
        return True
    return False


async def show_cards(interaction: discord.Interaction, table_id: int) -> None:
    """The player's cards, privately (the fallback when DMs are closed)."""
    services = services_of(interaction)
    lang = lang_of(interaction.locale)
    mine = await in_time(
        interaction, services.manager.my_cards(table_id, interaction.user.id), thinking=True
    )
    services.presenter.cards_seen(table_id, interaction.user.id)
    state = await services.presenter.state(table_id)
    hand = state["hand"] if state is not None else None
    guild = interaction.guild
    place = CardsPlace(
        table_id, mine.get("hand_no") or (hand["no"] if hand else None), interaction.channel_id,
        guild.name if guild else "",
    )  # fmt: skip
    game = state["game"] if state is not None else ""
    text = cards_message(lang, game, place, mine["cards"], mine.get("retourne"))
    if mine.get("ended") and mine.get("said") is not None:  # the hand he asks about is over
        text = render(lang, mine["said"]) + "\n" + text
    await reply_private(interaction, text)


async def play(
    interaction: discord.Interaction,
    table_id: int,
    hand_id: int,
    verb: str,
    amount: int | tuple[str, ...] | None,
    index: int | None = None,
) -> None:
    """A legal-action click: checked, played, answered with the updated table message.

    ``index``: the number of moves already played when the button was drawn; a click for a
    move already played is refused, even when the turn has come back to the same player.
    The turn was checked before (:class:`TurnGated`); the runtime checks it again under the
    table's lock, as the move is played."""
    services = services_of(interaction)
    services.presenter.player_moved(table_id, interaction.user.id)
    await answer_with_table(
        interaction,
        table_id,
        lambda: services.manager.act(
            table_id,
            interaction.user.id,
            verb,
            amount,
            hand_id=hand_id,
            index=index,
        ),
    )


Handler = TypeVar("Handler", bound=Callable[[Any, discord.Interaction], Awaitable[None]])


def always_answered(handler: Handler) -> Handler:
    """The one place a click's or a modal's failure is answered: a refusal (``TableError``,
    ``StorageError``) privately, in the clicking member's language; anything else logged and
    answered privately too, instead of ending in Discord's bare "This interaction failed"
    (:func:`~bot.ui.replies.answer_failure`, which answers the slash commands too)."""

    @functools.wraps(handler)
    async def wrapper(self: Any, interaction: discord.Interaction) -> None:
        try:
            await handler(self, interaction)
        except Exception as exc:
            await answer_failure(
                interaction,
                exc,
                unexpected="ui-something-went-wrong-on-our",
                what=f"a click on {getattr(self, 'custom_id', self)}",
            )

    return wrapper  # type: ignore[return-value]


class Throttled:
    """Refuses, privately and politely, a member who clicks faster than ``CLICKS`` allows."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        data: Mapping[str, Any] = interaction.data or {}
        button = str(data.get("custom_id", ""))
        if services_of(interaction).clicks.allow(interaction.user.id, button):
            return True
        await answer_failure(
            interaction, Refused(TOO_FAST), unexpected="ui-something-went-wrong-on-our", what=button
        )
        return False


class TurnGated(Throttled):
    """A move's component (an action button, "other amount"): past the
    rate gate, its ``interaction_check`` refuses anyone but the player to act in its hand,
    so its callback runs only for him."""

    table_id: int
    hand_id: int

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if not await super().interaction_check(interaction):
            return False
        return not await turn_refused(interaction, self.table_id, self.hand_id)


class Persistent:
    """A :class:`discord.ui.DynamicItem` built back from the match of its custom id: each
    component says how in :meth:`from_match`, discord.py's ``from_custom_id`` asks it."""

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> Self:
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.from_match(match)
