"""Helpers for the simcord tests: reading the table message and playing a hand."""

from __future__ import annotations

import json
import re
from typing import Any

from bot.storage import Transaction

#: A card as the bot writes it: coloured text (``A♥️``), a card emoji (``<:salon_Ah:123>``),
#: or a card emoji's bare name (a menu option's emoji).
CARD_TOKEN = re.compile(
    r"<a?:salon_[2-9TJQKA][shdc]:\d+>|salon_[2-9TJQKA][shdc]\b|(?:10|[2-9JQKA])[♠♥♦♣]\ufe0f?"
)


async def card_emojis_ready(salon: Any) -> None:
    """Wait for the bot's card emojis (a test parametrized with ``card_emojis=True``)."""
    task = salon.bot.card_emojis_task
    assert task is not None, "this bot does not use card emojis"
    assert await task is not None, "the card emojis could not be installed"


def card_tokens(payload: Any) -> set[str]:
    """Every card written in ``payload`` (text or JSON), as written."""
    text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    return set(CARD_TOKEN.findall(text))


#: A calm strategy that always reaches the showdown: decline the carre, open at the
#: minimum, hold, then sans plus.
CALM = ("decline", "look", "open", "hold", "see", "stand", "bet", "pass", "fold")


async def table_message(salon: Any, table_id: int = 1) -> Any:
    """The table's public message as the channel shows it now, once the presenter has sent
    what it had queued (a change made outside a simcord operation, straight through the
    runtime, is edited in the background)."""
    presenter = getattr(salon.bot, "presenter", None)
    if presenter is not None:
        assert await presenter.flush(30), "the presenter's REST queue did not drain"
    message_id = (await salon.bot.db.query(Transaction.get_table, table_id)).message_ids["table"]
    for message in salon.channel.history():
        if message.id == message_id:
            return message
    raise AssertionError("the table message is gone")


def custom_ids(message: Any) -> list[str]:
    return [child.custom_id for row in message.components for child in row.children]


def labels(message: Any) -> list[str]:
    return [child.label for row in message.components for child in row.children]


def state(salon: Any, table_id: int = 1) -> dict[str, Any]:
    return salon.bot.manager.public_state(salon.bot.manager.tables[table_id])


def pick_action(hand: dict[str, Any], preference: tuple[str, ...] = CALM) -> dict[str, Any]:
    legal = {a["verb"]: a for a in hand["legal"]}
    for verb in preference:
        if verb in legal:
            return legal[verb]
    return hand["legal"][0]


def button_for(message: Any, table_id: int, hand_id: int, action: dict[str, Any]) -> str:
    """The custom id of the button playing ``action`` (its minimum for a ranged verb)."""
    amount = action.get("min", action.get("amount"))
    index = f"{table_id}:{hand_id}:{moves_played(message)}"
    wanted = f"salon:a:{index}:{action['verb']}:{'' if amount is None else amount}"
    ids = custom_ids(message)
    assert wanted in ids, (wanted, ids)
    return wanted


async def play_hand(
    salon: Any,
    members: dict[int, Any],
    table_id: int = 1,
    max_actions: int = 60,
    *,
    stop_after_deal: bool = False,
) -> int:
    """Click through the current hand with the calm strategy; returns its hand id.

    ``stop_after_deal`` stops as soon as the cards are dealt (after a blind carre).
    """
    first = state(salon, table_id)["hand"]
    hand_id = first["id"]
    for _ in range(max_actions):
        hand = state(salon, table_id)["hand"]
        if hand is None or hand["id"] != hand_id or hand["to_act"] is None:
            return int(hand_id)
        if stop_after_deal and hand.get("retourne"):
            return int(hand_id)
        action = pick_action(hand)
        actor = members[int(hand["to_act"])]
        message = await table_message(salon, table_id)
        result = await actor.click(
            message, custom_id=button_for(message, table_id, hand_id, action)
        )
        assert not result.ephemeral, result.response and result.response.content
    raise AssertionError("the hand did not end")


def actions_played(salon: Any, table_id: int = 1) -> tuple[int | None, int]:
    """(hand id, number of actions in it): changes with every action played."""
    table = salon.bot.manager.tables[table_id]
    return table.hand_id, len(table.record.actions) if table.record else 0


def moves_played(message: Any) -> str:
    """The move number the action buttons of a table message play (their ``index``)."""
    for custom_id in custom_ids(message):
        parts = custom_id.split(":")
        if parts[1] == "a":
            return parts[4]
    return "0"
