"""The buttons under a tournament's registration message: Register and Unregister.

Each is a persistent :class:`discord.ui.DynamicItem` (``salon:r:<tournament>:<register|
unregister>``), so a restarted bot answers clicks on a message it posted before. A click is
first gated in ``interaction_check`` (the rate, then :func:`verify_registration` against the
tournament as last told: registration open, not registered twice, the field not full, or
registered to unregister), answered privately when refused; the runtime checks again under
the tournament's lock, so a second click changes nothing. The click is answered by the
registration message itself, edited in the interaction's callback: one request.

A click on a button drawn before the registration closed (a member's screen not yet
refreshed: the message has no button any more, and discord.py drops such a click) is
answered all the same by :func:`answer_drawn_before` ("registration is closed").
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.i18n import Lang, Message, render
from bot.i18n.message import Refusal
from bot.runtime import TableError
from bot.runtime.tournament_events import TournamentView
from bot.ui import acknowledge
from bot.ui.clicks import Persistent, Throttled, always_answered
from bot.ui.limits import BUTTON_LABEL, fit_text
from bot.ui.replies import answer_failure, in_time
from bot.ui.services import services_of

log = logging.getLogger(__name__)


def verify_registration(view: TournamentView, user_id: int, what: str) -> None:
    """Refuse (a :class:`TableError`) a registration or an unregistration the tournament
    would refuse as it stands.

    >>> view = {"status": "registering", "players": 2, "start_at": None,
    ...         "entrants": [{"user": 5}]}
    >>> verify_registration(view, 5, "register")
    Traceback (most recent call last):
    ...
    bot.runtime.errors.TableError: You are already registered for this tournament.
    """
    if view["status"] in ("finished", "cancelled"):
        raise TableError("refuse-tournament-over")
    if view["status"] != "registering":
        raise TableError("refuse-tournament-closed")
    registered = any(e["user"] == user_id for e in view["entrants"])
    if what == "unregister":
        if not registered:
            raise TableError("refuse-tournament-not-registered")
        return
    if registered:
        raise TableError("refuse-tournament-registered")
    if len(view["entrants"]) >= view["players"]:
        raise TableError("refuse-tournament-full", n=view["players"])


class RegisterButton(
    Throttled,
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"salon:r:(?P<tournament>\d+):(?P<what>register|unregister)",
):
    """Register (the buy-in goes to the pool) or Unregister (it comes back)."""

    def __init__(self, tournament_id: int, what: str, *, label: str | None = None) -> None:
        style = discord.ButtonStyle.success if what == "register" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or what, BUTTON_LABEL),
                style=style,
                custom_id=f"salon:r:{tournament_id}:{what}",
            )
        )
        self.tournament_id = tournament_id
        self.what = what

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> RegisterButton:
        return cls(int(match["tournament"]), match["what"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if not await super().interaction_check(interaction):
            return False
        try:
            view = await services_of(interaction).tournament_messages.view(self.tournament_id)
            verify_registration(view, interaction.user.id, self.what)
        except Exception as exc:
            await answer_failure(
                interaction,
                exc,
                unexpected="ui-something-went-wrong-on-our",
                what=f"a click on {self.custom_id}",
            )
            return False
        return True

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        director = services_of(interaction).manager.tournaments
        request = director.register if self.what == "register" else director.unregister
        tid, user = self.tournament_id, interaction.user.id
        await answer_with_tournament(interaction, tid, lambda: request(tid, user))


async def answer_with_tournament(
    interaction: discord.Interaction,
    tournament_id: int,
    request: Callable[[], Awaitable[Message]],
) -> None:
    """Run a tournament request; answer by editing the tournament's message in the
    interaction's callback (deferred first if the request is slow). A refusal goes on to
    :func:`~bot.ui.clicks.always_answered`, the message shown by REST if it changed."""
    tournaments = services_of(interaction).tournament_messages
    with tournaments.responding(tournament_id) as capture:
        try:
            await in_time(interaction, request(), thinking=False)
        except Refusal:
            if capture.dirty:
                tournaments.refresh(tournament_id)
            raise
    version = tournaments.outbox.version(tournament_id)
    kwargs = await tournaments.message_kwargs(tournament_id)
    try:
        await acknowledge.edit(interaction, **kwargs)
    except discord.HTTPException:  # the request was applied: REST shows it
        log.info("tournament %s: a click's answer failed", tournament_id, exc_info=True)
        tournaments.refresh(tournament_id)
    else:
        tournaments.outbox.shown(tournament_id, version)


def drawn_before(interaction: discord.Interaction) -> RegisterButton | None:
    """The Register or Unregister button a click names when its message no longer shows it
    (the click discord.py leaves unanswered); None for any other interaction."""
    if interaction.type != discord.InteractionType.component or interaction.message is None:
        return None
    data: Mapping[str, Any] = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    match = RegisterButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    if match is None:
        return None
    shown = {
        getattr(child, "custom_id", None)
        for row in interaction.message.components
        for child in getattr(row, "children", [row])
    }
    return None if custom_id in shown else RegisterButton.from_match(match)


async def answer_drawn_before(interaction: discord.Interaction) -> None:
    """Answer a click on a registration button its message no longer shows, as the button
    would: refused privately ("registration is closed"), or applied if it still can be."""
    button = drawn_before(interaction)
    if button is not None and await button.interaction_check(interaction):
        await button.callback(interaction)


def registration_view(lang: Lang, view: TournamentView) -> discord.ui.View:
    """The Register and Unregister buttons of a tournament open for registration."""
    buttons = discord.ui.View(timeout=None)
    for what, key in (
        ("register", "ui-tournament-register"),
        ("unregister", "ui-tournament-unregister"),
    ):
        buttons.add_item(RegisterButton(view["id"], what, label=render(lang, key)))
    return buttons
