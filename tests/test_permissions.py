"""The bot's permissions: one declaration (bot/ui/permissions.py), the invite derived from it,
and every page that prints the invite printing the same number."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.i18n import render
from bot.ops import BOT_PERMISSIONS, invite_url
from bot.ui.permissions import NEEDS, Place, every_flag, invite_permissions, missing

ROOT = Path(__file__).resolve().parents[1]


def test_the_invite_asks_for_every_permission_a_feature_needs_and_no_other() -> None:
    asked = {flag for flag in discord.Permissions.VALID_FLAGS if getattr(BOT_PERMISSIONS, flag)}
    asked.discard("read_messages")  # discord.py's other name of view_channel
    assert (
        asked
        == set(every_flag())
        == {
            "view_channel",
            "send_messages",
            "send_messages_in_threads",
            "embed_links",
            "attach_files",
            "create_public_threads",
        }
    )
    assert invite_permissions() == BOT_PERMISSIONS
    assert f"permissions={BOT_PERMISSIONS.value}" in invite_url(7)
    # asked for nothing a moderator would frown at
    for power in ("administrator", "manage_messages", "manage_threads", "read_message_history"):
        assert not getattr(BOT_PERMISSIONS, power), power


def test_every_page_prints_the_invite_with_the_derived_permissions() -> None:
    """README.md and docs/*.md: any ``permissions=NNN`` is the declaration's number."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    printed = {
        (page.name, int(n))
        for page in pages
        for n in re.findall(r"permissions=(\d+)", page.read_text(encoding="utf-8"))
    }
    assert printed, "no page prints the invite URL"
    assert {n for _page, n in printed} == {BOT_PERMISSIONS.value}, sorted(printed)


def test_a_member_reads_what_each_permission_is_for_in_both_languages() -> None:
    for need in NEEDS:
        for lang in ("en", "fr"):
            text = render(lang, need.why)
            assert text.startswith("to " if lang == "en" else "pour "), (need.why, text)
    for flag in every_flag():
        assert render("en", "permission-name", flag=flag) != render(
            "fr", "permission-name", flag=flag
        )
    assert render("en", "permission-name", flag="attach_files") == "Attach Files"


def test_a_table_in_a_thread_needs_send_messages_in_threads_not_send_messages() -> None:
    threadish = discord.Permissions(
        view_channel=True, send_messages_in_threads=True, embed_links=True, attach_files=True
    )
    assert missing(Place.TABLE, threadish, in_thread=True) == []
    assert [f for f, _ in missing(Place.TABLE, threadish)] == ["send_messages"]
    assert [f for f, _ in missing(Place.TOURNAMENT, threadish)] == [
        "send_messages",
        "create_public_threads",
    ]
