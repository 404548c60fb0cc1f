"""The house's accounts: its bank and its players' wallets, never a member's.

Discord ids are snowflakes far above 2**22, so the small numbers are free for the house:
``0`` is a server's **house bank**, 11-19, 21-29 and 31-39 its players (``level × 10 + n``:
:mod:`bot.i18n.people`). A house
player buys in from its own wallet like anyone, that wallet being filled from the bank just
before (and the bank minting, with a ``grant`` marked ``house bank``, what it lacks), and
when it cashes out its chips go straight back to the bank. So every chip a house player has
is in the ledger, the census stays balanced, and no member's wallet is ever touched.

At a **practice table** (the table option ``practice``) the bank pays every member's buy-in
too (a ``buy_in`` of the bank's, noted ``practice``, naming the member) and takes his stack
back when he leaves (a ``cash_out`` of the bank's): practice chips never enter nor leave a
member's wallet, and the census counts them in the bank's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.i18n.people import HOUSE_LEVELS, is_house

HOUSE_BANK: Final = 0
BANK_NOTE: Final = "house bank"
#: The ledger note of the bank's buy-ins and cash-outs for members at practice tables.
PRACTICE_NOTE: Final = "practice"
#: The highest house player id (house players are 11-19, 21-29, …).
LAST_HOUSE_PLAYER: Final = 10 * len(HOUSE_LEVELS) + 9


def practice_table(options: Mapping[str, Any]) -> bool:
    """Whether a table's options make it a practice table.

    >>> practice_table({"practice": True}), practice_table({})
    (True, False)
    """
    return options.get("practice") is True


__all__ = [
    "BANK_NOTE",
    "HOUSE_BANK",
    "LAST_HOUSE_PLAYER",
    "PRACTICE_NOTE",
    "is_house",
    "practice_table",
]
