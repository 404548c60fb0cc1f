"""Chips stay exact (issue 11): no grant, setting or wallet passes MAX_CHIPS, far inside 2**53,
so the ledger's running balance never overflows and the census always holds."""

from __future__ import annotations

import pytest

from bot.storage import Database, InvalidAmount, Transaction
from bot.storage.transaction import MAX_CHIPS

GUILD, USER = 1, 2


@pytest.fixture
async def db(db_target: str) -> Database:
    """A fresh database on each backend (tests/conftest.py)."""
    database = await Database.open(db_target)
    yield database  # type: ignore[misc]
    await database.close()


@pytest.mark.parametrize("amount", [2**62, 2**63 - 1, 2**63, 2**64, 10**30, -(2**63)])
async def test_a_huge_grant_is_refused_and_changes_nothing(db: Database, amount: int) -> None:
    before = await db.write(Transaction.balance, GUILD, USER)
    with pytest.raises(InvalidAmount, match="more than"):
        await db.write(Transaction.grant, GUILD, USER, amount)
    assert await db.write(Transaction.balance, GUILD, USER) == before
    assert (await db.query(Transaction.chip_census, GUILD)).balanced
    assert await db.query(Transaction.verify_ledger, GUILD) == []


async def test_grants_stop_at_the_wallet_ceiling(db: Database) -> None:
    room = MAX_CHIPS - await db.write(Transaction.balance, GUILD, USER)
    await db.write(Transaction.grant, GUILD, USER, room)
    assert await db.write(Transaction.balance, GUILD, USER) == MAX_CHIPS < 2**53
    with pytest.raises(InvalidAmount, match="No wallet can hold more than"):
        await db.write(Transaction.grant, GUILD, USER, 1)
    assert (await db.query(Transaction.chip_census, GUILD)).balanced


@pytest.mark.parametrize("key", ["starting_grant", "daily_bonus"])
async def test_a_huge_setting_is_refused(db: Database, key: str) -> None:
    with pytest.raises(InvalidAmount, match="more than"):
        await db.write(Transaction.update_settings, GUILD, **{key: 2**63})
    assert getattr(await db.query(Transaction.settings, GUILD), key) < 2**53


@pytest.mark.parametrize(
    ("game", "options", "why"),
    [
        ("brelan", {"turn_timeout": 1e300}, "turn timer"),
        ("brelan", {"turn_timeout": 0}, "turn timer"),
        ("brelan", {"ante": 10**9}, "ante can be 1000000 chips at most"),
        ("brag", {"max_bet": 10**9}, "max_bet can be"),
        ("bouillotte", {"cave": 10**13}, "cave is 1 to"),
        ("brelan", {"next_hand_delay": 1e9}, "pause before the next hand"),
    ],
)
def test_table_options_are_bounded(game: str, options: dict[str, object], why: str) -> None:
    from bot.games.errors import GameError
    from bot.runtime import TableError
    from bot.runtime.settings import Settings

    with pytest.raises((TableError, GameError), match=why):
        Settings.from_options(game, dict(options))
