"""The doors issue 48 found open on the Discord side, through simcord: a tournament in a
wallet's history, a forged hint click, the flambeau at a practice table, /learn taken by one
member, a departed member's web link (docs/security.md, "Doors closed")."""

from __future__ import annotations

from typing import Any

import pytest
from tournament_helpers import create, steady, tournament_message


async def test_the_wallet_names_a_tournament_buy_in_its_refund_and_its_prize(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    await create(salon, "brelan", seats=4, buy_in=40)
    ann = salon.member("ann")
    for action in ("register", "unregister", "register"):
        message = await tournament_message(salon)
        await ann.click(message, custom_id=f"salon:r:1:{action}")
    text = (await ann.slash(salon.channel, "wallet")).response.content
    assert "None" not in text and "cave at table" not in text
    assert text.count("buy-in of tournament no. 1") == 3
    assert "buy-in of tournament no. 1 refunded" in text
