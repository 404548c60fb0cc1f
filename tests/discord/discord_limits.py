"""One checker for Discord's limits (the ones whose breach is an HTTP 400), shared by the
tests that build messages at their extremes.

The limits are written out here as Discord documents them (Channel resources, "Embed
limits"; Message components; Interactions, "Modal"), not read from ``bot.ui.limits``, the
module the tests check.
"""

from __future__ import annotations

from typing import Any

import discord

CONTENT = 2000  # message content
EMBEDS = 10  # embeds per message
TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
#: title, description, field names and values, footer text and author name, added up over
#: every embed of one message
MESSAGE_EMBEDS_TOTAL = 6000
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25
OPTION_LABEL = 100  # a select option's label, value and description
ROWS = 5  # action rows per message or modal
ROW_ITEMS = 5  # buttons per row
MODAL_TITLE = 45
INPUT_LABEL = 45
INPUT_PLACEHOLDER = 100


def embed_characters(embed: discord.Embed) -> int:
    """The characters of one embed that count towards a message's 6,000."""
    parts = [embed.title, embed.description, embed.footer.text, embed.author.name]
    parts += [text for field in embed.fields for text in (field.name, field.value)]
    return sum(len(part or "") for part in parts)


def buttons_of(item: Any) -> Any:
    """The component itself (a DynamicItem wraps its button)."""
    return item.item if isinstance(item, discord.ui.DynamicItem) else item


def assert_within_discord_limits(*parts: Any) -> None:
    """Every embed, view, modal or text content within Discord's"""
    embeds = [p for p in parts if isinstance(p, discord.Embed)]
    assert len(embeds) <= EMBEDS
    assert sum(embed_characters(e) for e in embeds) <= MESSAGE_EMBEDS_TOTAL
    for embed in embeds:
        assert len(embed.title or "") <= TITLE
        assert len(embed.description or "") <= DESCRIPTION
        assert len(embed.footer.text or "") <= FOOTER
        assert len(embed.author.name or "") <= AUTHOR
        assert len(embed.fields) <= FIELDS
        for field in embed.fields:
            assert 0 < len(field.name or "") <= FIELD_NAME, field.name
            assert 0 < len(field.value or "") <= FIELD_VALUE, (field.name, len(field.value))
    for part in parts:
        if isinstance(part, str):
            assert len(part) <= CONTENT, len(part)
        elif isinstance(part, discord.ui.Modal):
            assert len(part.title) <= MODAL_TITLE
            assert len(part.children) <= ROWS
            for item in part.children:
                if isinstance(item, discord.ui.TextInput):
                    # the payload's label: reading ``item.label`` is deprecated (discord.ui.Label)
                    assert len(item.to_component_dict().get("label", "")) <= INPUT_LABEL
                    assert len(item.placeholder or "") <= INPUT_PLACEHOLDER
        elif isinstance(part, discord.ui.View):
            rows: dict[int, int] = {}
            for child in part.children:
                item = buttons_of(child)
                rows[item.row or 0] = rows.get(item.row or 0, 0) + 1
                if isinstance(item, discord.ui.Button):
                    assert 0 < len(item.label or "") <= BUTTON_LABEL, item.label
                    assert len(item.custom_id or "") <= CUSTOM_ID, item.custom_id
                if isinstance(item, discord.ui.Select):
                    assert len(item.options) <= SELECT_OPTIONS
                    for option in item.options:
                        assert len(option.label) <= OPTION_LABEL
                        assert len(option.description or "") <= OPTION_LABEL
            assert len(rows) <= ROWS and all(n <= ROW_ITEMS for n in rows.values())
            assert all(0 <= r < ROWS for r in rows)
