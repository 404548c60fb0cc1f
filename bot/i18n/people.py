"""How people are named in text: a member by mention, a house player by its name.

Discord ids are snowflakes far above 2**22, so the small numbers are free for the house
(:mod:`bot.storage.house`): ``0`` is a server's house bank, ``level × 10 + n`` (``n`` from 1
to 9: 11-19, 21-29, 31-39) a house player. Each of ``n`` 1 to 4 is a character of its level
(:data:`HOUSE_CHARACTERS`): a name of the Directoire and the Empire, when Bouillotte was the
game of every salon, and a trait (:data:`HOUSE_TRAITS`: how it plays, bot/house/style.py).
Every text marks a house player with a robot so nobody mistakes it for a member.

>>> mention(123456789012345678), mention(31), house_level(31), house_trait(31)
('<@123456789012345678>', '🤖 Isidore', 'strong', 'tight')
>>> name_mentions("<@22> opens; <@123456789012345678> holds.")
'🤖 Margot opens; <@123456789012345678> holds.'
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from bot.i18n.message import Message

#: House player ids are below this.
HOUSE_LIMIT: Final = 100
#: House levels, in the order of their ids' tens digit (``easy`` is 11-19).
HOUSE_LEVELS: Final = ("easy", "normal", "strong")
#: How a character plays its level: close, free, in love with the carre, blind.
HOUSE_TRAITS: Final = ("tight", "loose", "carre", "blind")
#: The characters by id (``level × 10 + n``): name and trait.
HOUSE_CHARACTERS: Final[dict[int, tuple[str, str]]] = {
    11: ("Colas", "tight"),
    12: ("Berthe", "loose"),
    13: ("Gaspard", "carre"),
    14: ("Fanchon", "blind"),
    21: ("Anselme", "tight"),
    22: ("Margot", "loose"),
    23: ("Eudes", "carre"),
    24: ("Delphine", "blind"),
    31: ("Isidore", "tight"),
    32: ("Joséphine", "loose"),
    33: ("Léandre", "carre"),
    34: ("Hortense", "blind"),
}
#: The names of ``n`` 5 to 9 (no table seats them now; a table of an older version might).
HOUSE_NAMES: Final = ("Perrine", "Quentin", "Rosalie", "Sosthène", "Toinon")
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
    """The level of the house player ``user_id``."""
    return HOUSE_LEVELS[user_id // 10 - 1]


def house_trait(user_id: int) -> str | None:
    """The trait of the house player ``user_id`` (None: the level's plain play)."""
    found = HOUSE_CHARACTERS.get(user_id)
    return found[1] if found is not None else None


def character_name(user_id: int) -> str:
    """The name of the house player ``user_id``, without its robot.

    >>> character_name(33), character_name(17)
    ('Léandre', 'Rosalie')
    """
    found = HOUSE_CHARACTERS.get(user_id)
    if found is not None:
        return found[0]
    return HOUSE_NAMES[(user_id % 10 - 5) % len(HOUSE_NAMES)]


def character_id(name: str) -> int | None:
    """The id of the character called ``name`` (any case, accents or not), if any.

    >>> character_id("josephine"), character_id("Nobody")
    (32, None)
    """
    wanted = _plain(name)
    return next((u for u, (n, _) in HOUSE_CHARACTERS.items() if _plain(n) == wanted), None)


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


#: The games a trait shows in (elsewhere it would promise what the game has not): the
#: carre where there is one, blind play at Brag and at the blind carre of Bouillotte.
TRAIT_GAMES: Final[dict[str, frozenset[str]]] = {
    "carre": frozenset({"bouillotte"}),
    "blind": frozenset({"brag", "bouillotte"}),
}


def trait_shown(trait: str, game: str | None, carre: bool = False) -> bool:
    """Whether a character's ``trait`` means something at a ``game`` table (None: any
    game); ``carre``: the table plays the carre (a Brelan option).

    >>> trait_shown("carre", "brag"), trait_shown("carre", "brelan", carre=True)
    (False, True)
    """
    games = TRAIT_GAMES.get(trait)
    if game is None or games is None or game in games:
        return True
    return carre and trait in ("carre", "blind")


def house_who(user_id: int, game: str | None = None, *, carre: bool = False) -> Message:
    """A house player's level and trait, in words (``house-who``: "strong, tight"); at a
    ``game`` table, only a trait that game plays (else the level alone)."""
    level = Message.of(f"house-level-{house_level(user_id)}")
    trait = house_trait(user_id) or "plain"
    if not trait_shown(trait, game, carre):
        return level
    return Message.of("house-who", level=level, trait=Message.of(f"house-trait-{trait}"))


def house_name(user_id: int) -> str:
    """A house player as every text shows it."""
    return f"🤖 {character_name(user_id)}"


def mention(user_id: int | str) -> str:
    """A member's mention, or a house player's name."""
    uid = int(user_id)
    return house_name(uid) if is_house_player(uid) else f"<@{uid}>"


def name_mentions(text: str) -> str:
    """``text`` with each house player's mention written as its name."""
    return _HOUSE_MENTION.sub(
        lambda m: house_name(int(m[1])) if is_house_player(int(m[1])) else m[0], text
    )
