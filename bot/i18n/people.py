"""How people are named in text: a member by mention, a house player by its name.

Discord ids are snowflakes far above 2**22, so the small numbers are free for the house
(:mod:`bot.storage.house`): ``0`` is a server's house bank, ``level × 10 + n`` (``n`` from 1
to 9: 11-19, 21-29, 31-39) a house player, named after ``n`` and marked with a robot so
nobody mistakes it for a member.

>>> mention(123456789012345678), mention(31), house_level(31)
('<@123456789012345678>', '🤖 Anselme', 'strong')
>>> name_mentions("<@22> opens; <@123456789012345678> holds.")
'🤖 Berthe opens; <@123456789012345678> holds.'
"""

from __future__ import annotations

import re
from typing import Final

#: House player ids are below this.
HOUSE_LIMIT: Final = 100
#: House levels, in the order of their ids' tens digit (``easy`` is 11-19).
HOUSE_LEVELS: Final = ("easy", "normal", "strong")
HOUSE_NAMES: Final = (
    "Anselme",
    "Berthe",
    "Colas",
    "Delphine",
    "Eudes",
    "Fanchon",
    "Gaspard",
    "Hortense",
    "Isidore",
)
_HOUSE_MENTION = re.compile(r"<@(\d{1,2})>")


def is_house(user_id: int) -> bool:
    """Whether ``user_id`` is a house account (the bank or a house player)."""
    return user_id == 0 or is_house_player(user_id)


def is_house_player(user_id: int) -> bool:
    """Whether ``user_id`` is a house player (not the bank)."""
    return 10 < user_id < 10 * (len(HOUSE_LEVELS) + 1) and user_id % 10 != 0


def house_player_id(level: str, number: int) -> int:
    """>>> house_player_id("normal", 3)
    23
    """
    return (HOUSE_LEVELS.index(level) + 1) * 10 + number


def house_level(user_id: int) -> str:
    return HOUSE_LEVELS[user_id // 10 - 1]


def house_name(user_id: int) -> str:
    """A house player as every text shows it."""
    return f"🤖 {HOUSE_NAMES[(user_id % 10) - 1]}"


def mention(user_id: int | str) -> str:
    """A member's mention, or a house player's name."""
    uid = int(user_id)
    return house_name(uid) if is_house_player(uid) else f"<@{uid}>"


def name_mentions(text: str) -> str:
    """``text`` with each house player's mention written as its name."""
    return _HOUSE_MENTION.sub(
        lambda m: house_name(int(m[1])) if is_house_player(int(m[1])) else m[0], text
    )
