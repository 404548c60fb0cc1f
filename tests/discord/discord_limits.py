"""One checker for Discord's limits (the ones whose breach is an HTTP 400), shared by the
tests that build messages at their extremes."""

from __future__ import annotations

from typing import Any

import discord

from bot.ui import limits


def buttons_of(item: Any) -> Any:
    """The component itself (a DynamicItem wraps its button)."""
    return item.item if isinstance(item, discord.ui.DynamicItem) else item


def assert_within_discord_limits(*parts: Any) -> None:
    """Every embed, view, modal or text content within Discord's limits."""
    embeds = [p for p in parts if isinstance(p, discord.Embed)]
    assert len(embeds) <= limits.EMBEDS
    for embed in embeds:
        assert len(embed.title or "") <= limits.TITLE
        assert len(embed.description or "") <= limits.DESCRIPTION
        assert len(embed.footer.text or "") <= limits.FOOTER
        assert len(embed.author.name or "") <= limits.AUTHOR
        assert len(embed.fields) <= limits.FIELDS
        for field in embed.fields:
            assert 0 < len(field.name or "") <= limits.FIELD_NAME, field.name
            assert 0 < len(field.value or "") <= limits.FIELD_VALUE, (field.name, len(field.value))
        assert limits.embed_size(embed) <= limits.EMBED_TOTAL
    for part in parts:
        if isinstance(part, str):
            assert len(part) <= limits.CONTENT, len(part)
        elif isinstance(part, discord.ui.Modal):
            assert len(part.title) <= limits.MODAL_TITLE
            assert len(part.children) <= limits.ROWS
            for item in part.children:
                if isinstance(item, discord.ui.TextInput):
                    assert len(item.label) <= limits.INPUT_LABEL
                    assert len(item.placeholder or "") <= limits.OPTION_LABEL
        elif isinstance(part, discord.ui.View):
            rows: dict[int, int] = {}
            for child in part.children:
                item = buttons_of(child)
                rows[item.row or 0] = rows.get(item.row or 0, 0) + 1
                if isinstance(item, discord.ui.Button):
                    assert 0 < len(item.label or "") <= limits.BUTTON_LABEL, item.label
                    assert len(item.custom_id or "") <= limits.CUSTOM_ID, item.custom_id
                if isinstance(item, discord.ui.Select):
                    assert len(item.options) <= limits.SELECT_OPTIONS
                    for option in item.options:
                        assert len(option.label) <= limits.OPTION_LABEL
                        assert len(option.description or "") <= limits.OPTION_LABEL
            assert len(rows) <= limits.ROWS and all(n <= limits.ROW_ITEMS for n in rows.values())
            assert all(0 <= r < limits.ROWS for r in rows)
