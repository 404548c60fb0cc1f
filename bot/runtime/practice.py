"""Practice tables (the table option ``practice``): their hints, and the house players that
fill them (docs/learn.md).

At a practice table the house bank pays every buy-in and takes every stack back
(:mod:`bot.storage.house`): no member's wallet moves, and its hands count in no statistics.
The player to act may ask what the strong house player would do (:meth:`PracticeRequests.hint`,
:func:`bot.house.advice.hint` on his own view: never a card he cannot see); at any other
table a hint is refused.

:class:`PracticeRequests` is a part of :class:`~bot.runtime.manager.TableManager`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.house.advice import hint
from bot.house.thought import Advice
from bot.house.view import view_for
from bot.runtime.errors import TableError
from bot.runtime.house_seats import MOST_HOUSE
from bot.runtime.parts import ManagerParts
from bot.runtime.settings import Settings

if TYPE_CHECKING:
    from bot.runtime.games import RuntimeHand
    from bot.runtime.table import Table

#: Opponents a practice table opened without house players gets (fewer when seats lack), of
#: the level /table create gives (``normal`` unless the member chose another).
PRACTICE_OPPONENTS = 3
#: A hint asked at a table that is not a practice table.
REAL_TABLE = "refuse-hint-real-table"
#: The flambeau asked at a practice table: its jar keeps the server's chips, not the bank's.
NO_FLAMBEAU = "refuse-practice-flambeau"


def check_practice(settings: Settings) -> None:
    """Refuse what a new practice table cannot have: the flambeau, whose jar would carry
    the house bank's chips over to the server's next real pot.

    >>> check_practice(Settings.from_options("brelan", {"practice": True}))
    >>> check_practice(Settings.from_options("brelan", {"practice": True, "flambeau": True}))
    Traceback (most recent call last):
    bot.runtime.errors.TableError: ...
    """
    if settings.practice and settings.rules.get("flambeau"):
        raise TableError(NO_FLAMBEAU)


def practice_opponents(seats: int) -> int:
    """How many house players fill a new practice table of ``seats`` seats (one seat stays
    the member's).

    >>> practice_opponents(4), practice_opponents(2), practice_opponents(8)
    (3, 1, 3)
    """
    return max(0, min(PRACTICE_OPPONENTS, MOST_HOUSE, seats - 1))


class PracticeRequests(ManagerParts):
    """Hints at practice tables (mixed into the table manager)."""

    if TYPE_CHECKING:

        def verify_turn(
            self, table: Table, user_id: int, hand_id: int | None = None
        ) -> RuntimeHand: ...

    async def hint(self, table_id: int, user_id: int) -> Advice:
        """What the strong house player would play in ``user_id``'s place, and why, from
        what he may see alone. Refused at a table that is not a practice table
        (:data:`REAL_TABLE`) and to anyone but the player to act."""
        async with self._locked(table_id) as table:
            if not table.settings.practice:
                raise TableError(REAL_TABLE)
            hand = self.verify_turn(table, user_id)
            return hint(view_for(hand, str(user_id)), table.house_memory)
