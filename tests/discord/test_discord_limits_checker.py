"""The limits checker itself fails on a message Discord would refuse."""

from __future__ import annotations

import discord
import pytest
from discord_limits import assert_within_discord_limits


def test_two_embeds_over_six_thousand_characters_together_are_refused() -> None:
    # each embed alone is within its limits; the message is not
    first = discord.Embed(description="x" * 3500)
    second = discord.Embed(description="y" * 3500)
    assert_within_discord_limits(first)
    with pytest.raises(AssertionError):
        assert_within_discord_limits(first, second)


def test_a_long_button_label_and_content_are_refused() -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="z" * 81, custom_id="long"))
    with pytest.raises(AssertionError):
        assert_within_discord_limits(view)
    with pytest.raises(AssertionError):
        assert_within_discord_limits("w" * 2001)


async def test_a_long_text_input_label_is_refused() -> None:
    modal = discord.ui.Modal(title="Amount")
    modal.add_item(discord.ui.TextInput(label="l" * 45))
    assert_within_discord_limits(modal)
    modal = discord.ui.Modal(title="Amount")
    modal.add_item(discord.ui.TextInput(label="l" * 46))
    with pytest.raises(AssertionError):
        assert_within_discord_limits(modal)
