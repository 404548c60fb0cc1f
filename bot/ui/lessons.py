"""A lesson on Discord: its page as a private message, its moves as buttons.

``/learn`` (cogs/learn.py) opens a lesson (:class:`~bot.learn.desk.LessonDesk`) and answers
privately with its first page (:func:`lesson_message`): the page's document drawn by
:func:`~bot.ui.render.embed_of`, a button for each move it offers (the lesson's own in blue).
A click (:class:`LessonButton`, ``salon:l:<lesson>:<page>:<move>``) edits that private
message into the next page; a click on a lesson that is over (a restart ends every lesson)
is answered so, privately.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import Lang, lang_of
from bot.learn.pages import lesson_document
from bot.learn.runner import Page
from bot.learn.script import Lesson
from bot.ui import acknowledge
from bot.ui.clicks import Persistent, Throttled, always_answered
from bot.ui.limits import BUTTON_LABEL, fit_text
from bot.ui.render import embed_of
from bot.ui.replies import in_time
from bot.ui.services import services_of


class LessonButton(
    Throttled,
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"salon:l:(?P<lesson>\d+):(?P<step>\d+):(?P<choice>\d+)",
):
    """One move of a lesson's page (or its next deal)."""

    def __init__(
        self,
        lesson_id: int,
        step: int,
        choice: int,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or "…", BUTTON_LABEL),
                style=style,
                custom_id=f"salon:l:{lesson_id}:{step}:{choice}",
            )
        )
        self.lesson_id, self.step, self.choice = lesson_id, step, choice

    @classmethod
    def from_match(cls, match: re.Match[str], /) -> LessonButton:
        return cls(int(match["lesson"]), int(match["step"]), int(match["choice"]))

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        desk = services_of(interaction).lessons
        answer = desk.answer(self.lesson_id, interaction.user.id, self.step, self.choice)
        lesson, page = await in_time(interaction, answer, thinking=False)
        kwargs = lesson_message(lang_of(interaction.locale), self.lesson_id, lesson, page)
        await acknowledge.edit(interaction, **kwargs)  # deferred: the original is the lesson


def lesson_message(lang: Lang, lesson_id: int, lesson: Lesson, page: Page) -> dict[str, Any]:
    """A lesson's page as a message: its embed and its buttons (none at the end)."""
    doc = lesson_document(lang, lesson, page, "discord")
    view = discord.ui.View(timeout=None)
    lesson_verb = page.suggested[0] if page.suggested is not None else None
    for choice, action in enumerate(doc.actions):
        style = discord.ButtonStyle.primary
        if lesson_verb is not None and action.verb != lesson_verb:
            style = discord.ButtonStyle.secondary
        view.add_item(LessonButton(lesson_id, page.step, choice, label=action.label, style=style))
    return {"embed": embed_of(lang, doc), "view": view}
