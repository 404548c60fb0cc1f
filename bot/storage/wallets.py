"""Wallets and the ledger: every chip movement of a member (or of the house), in one transaction."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from bot.i18n.message import Message
from bot.storage.errors import (
    DailyNotReady,
    InsufficientChips,
    InvalidAmount,
    SelfTransfer,
)
from bot.storage.house import BANK_NOTE, HOUSE_BANK, PRACTICE_NOTE, is_house
from bot.storage.models import (
    MINTING_KINDS,
    ChipCensus,
    DailyClaim,
    LedgerEntry,
    LedgerKind,
    LedgerMismatch,
    Wallet,
)
from bot.storage.txbase import MAX_CHIPS, TransactionBase, whole_chips

#: SQL: the card tables that belong to a tournament (their seats and pots hold tournament
#: chips, which the census leaves out: docs/tournaments.md).
TOURNAMENT_TABLES: Final = "SELECT table_id FROM tournament_tables"


class WalletTransaction(TransactionBase):
    """Wallets, the ledger, the chip census."""

    if TYPE_CHECKING:

        async def record_gift(
            self, guild_id: int, from_user: int, to_user: int, chips: int
        ) -> None: ...

    # -- wallets and ledger --------------------------------------------------------------

    async def _wallet(self, guild_id: int, user_id: int) -> Wallet | None:
        """The wallet, locked in a PostgreSQL write transaction (its balance decides a debit)."""
        row = await self._one(
            "SELECT * FROM wallets WHERE guild_id = ? AND user_id = ?" + self.for_update,
            (guild_id, user_id),
        )
        if row is None:
            return None
        return Wallet(
            guild_id=row["guild_id"],
            user_id=row["user_id"],
            balance=row["balance"],
            last_daily=row["last_daily"],
            created_at=row["created_at"],
        )

    async def _post(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        kind: LedgerKind,
        *,
        table_id: int | None = None,
        hand_id: int | None = None,
        counterpart_id: int | None = None,
        note: str | None = None,
    ) -> None:
        """Write a ledger entry; the ``ledger_apply`` trigger moves the wallet balance.

        No wallet may pass :data:`MAX_CHIPS` (a larger balance would overflow SQLite's
        integers and break the census for good on an append-only ledger)."""
        if amount == 0:
            return
        if abs(amount) > MAX_CHIPS:
            raise InvalidAmount("refuse-amount-max", most=MAX_CHIPS)
        if amount > 0:
            rows = await self._all(
                "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?" + self.for_update,
                (guild_id, user_id),
            )
            if rows and int(rows[0]["balance"]) + amount > MAX_CHIPS:
                raise InvalidAmount("refuse-wallet-max", most=MAX_CHIPS)
        await self._run(
            "INSERT INTO ledger (guild_id, user_id, amount, kind, table_id, hand_id,"
            " counterpart_id, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, user_id, amount, kind, table_id, hand_id, counterpart_id, note, self.now),
        )

    async def ensure_wallet(self, guild_id: int, user_id: int) -> Wallet:
        """The user's wallet, created on first use with the guild's starting grant."""
        wallet = await self._wallet(guild_id, user_id)
        if wallet is not None:
            return wallet
        await self._ensure_guild(guild_id)
        settings = await self.settings(guild_id)
        _, created = await self._run(  # 0 if a concurrent transaction made it (PostgreSQL)
            "INSERT INTO wallets (guild_id, user_id, balance, created_at) VALUES (?, ?, 0, ?)"
            " ON CONFLICT (guild_id, user_id) DO NOTHING",
            (guild_id, user_id, self.now),
        )
        if created and not is_house(user_id):  # the house gets no welcome grant
            await self._post(guild_id, user_id, settings.starting_grant, "grant", note="welcome")
        return cast(Wallet, await self._wallet(guild_id, user_id))

    async def fund_house_player(self, guild_id: int, user_id: int, amount: int) -> None:
        """Fill a house player's wallet up to ``amount`` from the house bank, the bank first
        minting what it lacks (a ``grant`` noted ``house bank``)."""
        wallet = await self.ensure_wallet(guild_id, user_id)
        need = amount - wallet.balance
        if need <= 0:
            return
        bank = await self.ensure_wallet(guild_id, HOUSE_BANK)
        if bank.balance < need:
            await self._post(guild_id, HOUSE_BANK, need - bank.balance, "grant", note=BANK_NOTE)
        await self.transfer(guild_id, HOUSE_BANK, user_id, need, note=BANK_NOTE)

    async def bank_buys_in(self, guild_id: int, table_id: int, user_id: int, amount: int) -> None:
        """A member's buy-in at a practice table, paid by the house bank (which first mints
        what it lacks): his wallet never moves."""
        bank = await self.ensure_wallet(guild_id, HOUSE_BANK)
        if bank.balance < amount:
            await self._post(guild_id, HOUSE_BANK, amount - bank.balance, "grant", note=BANK_NOTE)
        await self._post(
            guild_id, HOUSE_BANK, -amount, "buy_in",
            table_id=table_id, counterpart_id=user_id, note=PRACTICE_NOTE,
        )  # fmt: skip

    async def return_to_house_bank(self, guild_id: int, user_id: int) -> None:
        """Everything in a house player's wallet goes back to the house bank."""
        wallet = await self.ensure_wallet(guild_id, user_id)
        if wallet.balance > 0:
            await self.transfer(guild_id, user_id, HOUSE_BANK, wallet.balance, note=BANK_NOTE)

    async def balance(self, guild_id: int, user_id: int) -> int:
        """Chips in the user's wallet (creating it on first use)."""
        return (await self.ensure_wallet(guild_id, user_id)).balance

    async def grant(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        *,
        by: int | None = None,
        note: str | None = None,
    ) -> int:
        """An admin adds (or, with a negative amount, removes) chips; returns the balance."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
            raise InvalidAmount("refuse-adjust-zero")
        if abs(amount) > MAX_CHIPS:
            raise InvalidAmount("refuse-amount-max", most=MAX_CHIPS)
        wallet = await self.ensure_wallet(guild_id, user_id)
        if wallet.balance + amount < 0:
            raise InsufficientChips(
                wallet.balance,
                -amount,
                Message.of("refuse-take-too-much", have=wallet.balance, take=-amount),
            )
        await self._post(guild_id, user_id, amount, "admin", counterpart_id=by, note=note)
        return wallet.balance + amount

    async def claim_daily(self, guild_id: int, user_id: int) -> DailyClaim:
        """Pay the daily bonus, or raise :class:`DailyNotReady` within the cooldown."""
        wallet = await self.ensure_wallet(guild_id, user_id)
        settings = await self.settings(guild_id)
        if wallet.last_daily is not None:
            ready_at = wallet.last_daily + settings.daily_cooldown
            if self.now < ready_at:
                raise DailyNotReady(ready_at - self.now, ready_at)
        await self._post(guild_id, user_id, settings.daily_bonus, "daily")
        await self._run(
            "UPDATE wallets SET last_daily = ? WHERE guild_id = ? AND user_id = ?",
            (self.now, guild_id, user_id),
        )
        return DailyClaim(
            amount=settings.daily_bonus,
            balance=wallet.balance + settings.daily_bonus,
            next_at=self.now + settings.daily_cooldown,
        )

    async def transfer(
        self, guild_id: int, from_id: int, to_id: int, amount: int, *, note: str | None = None
    ) -> tuple[int, int]:
        """Move chips between two wallets; returns both new balances ``(sender, receiver)``."""
        amount = whole_chips(amount)
        if from_id == to_id:
            raise SelfTransfer()
        # both wallets in id order: two opposite transfers lock them in the same order
        first, second = sorted((from_id, to_id))
        wallets = {first: await self.ensure_wallet(guild_id, first)}
        wallets[second] = await self.ensure_wallet(guild_id, second)
        source, target = wallets[from_id], wallets[to_id]
        if source.balance < amount:
            raise InsufficientChips(source.balance, amount)
        await self._post(guild_id, from_id, -amount, "transfer", counterpart_id=to_id, note=note)
        await self._post(guild_id, to_id, amount, "transfer", counterpart_id=from_id, note=note)
        await self.record_gift(guild_id, from_id, to_id, amount)
        return source.balance - amount, target.balance + amount

    async def ledger(self, guild_id: int, user_id: int, *, limit: int = 20) -> list[LedgerEntry]:
        """The user's latest ledger entries, newest first."""
        rows = await self._all(
            "SELECT * FROM ledger WHERE guild_id = ? AND user_id = ? ORDER BY id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return [
            LedgerEntry(
                id=r["id"],
                guild_id=r["guild_id"],
                user_id=r["user_id"],
                amount=r["amount"],
                kind=r["kind"],
                table_id=r["table_id"],
                hand_id=r["hand_id"],
                counterpart_id=r["counterpart_id"],
                note=r["note"],
                created_at=r["created_at"],
            )
            for r in rows
        ]

    async def verify_ledger(self, guild_id: int) -> list[LedgerMismatch]:
        """Every wallet of the guild whose balance is not the sum of its ledger entries."""
        rows = await self._all(
            "SELECT user_id, balance, total FROM (SELECT w.user_id, w.balance,"
            " (SELECT COALESCE(SUM(l.amount), 0) FROM ledger AS l"
            "   WHERE l.guild_id = w.guild_id AND l.user_id = w.user_id)"
            " + COALESCE((SELECT s.balance FROM ledger_snapshots AS s"
            "   WHERE s.guild_id = w.guild_id AND s.user_id = w.user_id), 0) AS total"
            " FROM wallets AS w WHERE w.guild_id = ?) AS summed"
            " WHERE balance <> total ORDER BY user_id",
            (guild_id,),
        )
        return [LedgerMismatch(r["user_id"], r["balance"], int(r["total"])) for r in rows]

    async def chip_census(self, guild_id: int) -> ChipCensus:
        """Count the guild's chips in wallets, seats, table pots, the jar and the tournaments'
        pools vs. those minted (tournament tables hold tournament chips: not counted)."""
        marks = ", ".join("?" for _ in MINTING_KINDS)
        return ChipCensus(
            guild_id=guild_id,
            wallets=await self._scalar(
                "SELECT SUM(balance) FROM wallets WHERE guild_id = ?", (guild_id,)
            ),
            stacks=await self._scalar(
                f"SELECT SUM(stack) FROM seats WHERE guild_id = ?"
                f" AND table_id NOT IN ({TOURNAMENT_TABLES})",
                (guild_id,),
            ),
            pots=await self._scalar(
                f"SELECT SUM(pot) FROM card_tables WHERE guild_id = ?"
                f" AND id NOT IN ({TOURNAMENT_TABLES})",
                (guild_id,),
            ),
            pools=await self._scalar(
                "SELECT SUM(pool) FROM tournaments WHERE guild_id = ?", (guild_id,)
            ),
            jar=await self.jar_balance(guild_id),
            minted=await self._scalar(
                f"SELECT SUM(amount) FROM ledger WHERE guild_id = ? AND kind IN ({marks})",
                (guild_id, *MINTING_KINDS),
            )
            + await self._scalar(  # what the archived rows minted
                "SELECT minted FROM ledger_checkpoints WHERE guild_id = ?", (guild_id,)
            ),
        )
