"""What the Discord surface uses of the running bot, as a few protocols.

The views, the presenter and its outbox never import the bot (:mod:`bot.app`): they type
against these protocols, which :class:`~bot.app.SalonBot` and
:class:`~bot.ui.presenter.DiscordPresenter` satisfy structurally (mypy checks it where they
are wired together, in :mod:`bot.app`). A button or a command finds them with
:func:`services_of`.

- :class:`Services`: what a click or a command uses (the table manager, the database, the
  table messages' presenter, the tournaments' messages, the click throttle, the running
  lessons);
- :class:`PresenterHost`: what the presenter reaches on the bot (the runtime and a few
  Discord client calls);
- :class:`TableMessages`: what the outbox asks of its presenter.

This module imports no other part of the Discord surface but the click throttle: everything
above it may import it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol, cast

import discord
from discord.http import HTTPClient

from bot.learn.desk import LessonDesk
from bot.runtime import TableManager
from bot.runtime.public import PublicState
from bot.runtime.tournament_events import TournamentView
from bot.storage import Database
from bot.ui.abuse import ClickLimiter

# -- the bot ------------------------------------------------------------------------------------


class Runtime(Protocol):
    """The table runtime and its storage."""

    @property
    def manager(self) -> TableManager: ...

    @property
    def db(self) -> Database: ...


class Client(Protocol):
    """The Discord client calls the presenter and its outbox make."""

    @property
    def http(self) -> HTTPClient: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


class PresenterHost(Runtime, Client, Protocol):
    """What the presenter reaches on the bot: the runtime (read late: the presenter is made
    before the manager) and the Discord client."""


# -- the presenter, as the clicks use it ----------------------------------------------------------


class Answering(Protocol):
    """An interaction about to answer with the table message (``presenter.responding``)."""

    dirty: bool
    turn_pending: bool


class Versions(Protocol):
    """The outbox's count of each table's changes."""

    def version(self, table_id: int) -> int: ...

    def shown(self, table_id: int, version: int) -> None: ...


class TablePresenter(Protocol):
    """The table messages, as a click or a command moves them."""

    @property
    def outbox(self) -> Versions: ...

    def responding(self, table_id: int) -> AbstractContextManager[Answering]: ...

    async def state(self, table_id: int) -> PublicState | None: ...

    async def message_kwargs(
        self, table_id: int, *, closed: bool = False, published: bool = False
    ) -> dict[str, Any]: ...

    def refresh(self, table_id: int, *, closed: bool = False, repost: bool = False) -> None: ...

    def notify_turn(self, table_id: int) -> None: ...

    def remember_click(
        self, table_id: int, interaction: discord.Interaction, received: float
    ) -> None: ...

    def player_moved(self, table_id: int, user_id: int) -> None: ...

    def cards_seen(self, table_id: int, user_id: int) -> None: ...


class Capturing(Protocol):
    """A command or a click about to answer with a tournament's message."""

    dirty: bool


class TournamentMessages(Protocol):
    """The tournaments' messages, as a click or a command moves them
    (:class:`~bot.ui.tournament_presenter.DiscordTournamentPresenter`)."""

    @property
    def outbox(self) -> Versions: ...

    def responding(self, tournament_id: int | None) -> AbstractContextManager[Capturing]: ...

    async def view(self, tournament_id: int) -> TournamentView: ...

    async def message_kwargs(self, tournament_id: int) -> dict[str, Any]: ...

    def refresh(self, tournament_id: int) -> None: ...


class Services(Runtime, Protocol):
    """What the buttons and commands use of the bot."""

    @property
    def presenter(self) -> TablePresenter: ...

    @property
    def tournament_messages(self) -> TournamentMessages: ...

    @property
    def clicks(self) -> ClickLimiter: ...

    @property
    def lessons(self) -> LessonDesk: ...


def services_of(interaction: discord.Interaction) -> Services:
    """The bot's services, from an interaction (its client is the bot)."""
    return cast("Services", interaction.client)


# -- the presenter, as its outbox uses it ----------------------------------------------------------


class RestCounters(Protocol):
    """The REST calls the outbox counts (``presenter.counters``)."""

    requests: int
    rate_limited: int
    retries: int
    table_edits: int
    reposts: int
    click_edits: int
    click_edits_refused: int


class ClickEdit(Protocol):
    """A recent click whose interaction may still edit its table message."""

    @property
    def message_id(self) -> int: ...

    @property
    def interaction(self) -> discord.Interaction: ...


class TableMessages(Protocol):
    """What the outbox asks of its presenter: where a table message is, how it looks now,
    the click that may edit it, and whom to tell when its channel is gone."""

    @property
    def bot(self) -> Client: ...

    @property
    def counters(self) -> RestCounters: ...

    @property
    def on_channel_gone(self) -> Callable[[int, str], Awaitable[None]] | None: ...

    async def table_place(self, table_id: int) -> tuple[int, int | None] | None: ...

    async def render_table(self, table_id: int, *, closed: bool = False) -> dict[str, Any]: ...

    async def table_moved(self, table_id: int, channel_id: int, message_id: int) -> None: ...

    def closed_shown(self, table_id: int) -> None: ...

    def click_handle(self, table_id: int) -> ClickEdit | None: ...

    # ``handle`` is what ``click_handle`` returned (the presenter's own type).
    def forget_click(self, table_id: int, handle: Any) -> None: ...
