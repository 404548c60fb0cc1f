"""What players ask of fair dealing: their seed, the cut, a new server seed, a verdict.

:class:`FairRequests` is a part of :class:`~bot.runtime.manager.TableManager` kept in its own
module; it uses the manager's tables, storage and presenter. See docs/fairness.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.fair.scheme import check_client_seed, mix_seed
from bot.fair.verify import Problem, verify_record
from bot.i18n.message import Message
from bot.runtime.errors import TableError, player_error
from bot.runtime.fairness import Revealed, cut_randomness
from bot.runtime.house_seats import is_house
from bot.runtime.parts import ManagerParts
from bot.storage import StorageError, Transaction
from bot.storage.errors import NoHand

if TYPE_CHECKING:
    from bot.runtime.table import Table


@dataclass(frozen=True)
class VerifyReport:
    """``/verify`` for one hand: what was committed and, once the seed is revealed, the
    deck recomputed and the verdict. ``status``: ``ok``, ``mismatch``, ``sealed`` (the seed
    is still secret), ``in_play`` (its pack can still be dealt) or ``unfair`` (a hand dealt
    without the scheme)."""

    hand_id: int
    hand_no: int
    game: str
    status: str
    commitment: str | None = None
    server_seed: str | None = None
    client_seed: str | None = None
    nonce: int | None = None
    continues: int | None = None
    deck: list[str] | None = None
    problems: tuple[Problem, ...] = ()
    #: Deals left before the seed is replaced (``sealed`` with the seed still current).
    deals_left: int | None = None


class FairRequests(ManagerParts):
    """Seeds, cut, reseed and verification requests (mixed into the table manager)."""

    def cutter(self, table: Table) -> str | None:
        """Who may cut for the next deal: the player before its dealer (never the house).

        Between hands that is the player before the next dealer. During a hand the deal
        passes to the left when it ends, so the player before the next dealer is the one
        dealing now."""
        session = table.session
        if session is None:
            return None
        who: str | None
        if table.playing() and table.hand is not None:
            who = table.hand.names[-1]
        else:
            order = session.next_order()
            who = order[-2] if len(order) >= 2 else None
        return None if who is None or is_house(int(who)) else who

    async def _announce_seed(
        self, table: Table, revealed: Revealed, extra: dict[str, Any] | None = None
    ) -> None:
        seed = revealed.seed
        await self._say(
            table,
            Message.of(
                "log-seed-revealed",
                seed=seed.server_seed,
                commitment=seed.commitment[:12],
                n=revealed.hands,
            ),
            {"server_seed": seed.server_seed, "commitment": seed.commitment, **(extra or {})},
        )

    async def reveal_closed(self) -> None:
        """Reveal the seeds of tables that closed without it (a crash in between)."""
        async with self.db.transaction() as tx:
            for table_id in await tx.closed_tables_with_secret_seeds():
                await self.fair.close(tx, table_id)

    async def client_seed(self, table_id: int, user_id: int, text: str | None = None) -> Message:
        """Show the player's seed at the table, or set it to ``text`` (from the next deal)."""
        async with self._locked(table_id) as table:
            seated = await self.db.query(Transaction.get_seat, table.id, user_id) is not None
            queued = any(
                e.user_id == user_id for e in await self.db.query(Transaction.queue, table.id)
            )
            if not (seated or queued):
                raise TableError("refuse-seed-not-seated")
            if text is not None:
                problem = check_client_seed(text)
                if problem is not None:
                    raise TableError(problem, most=64)
            async with self._write(table) as tx:
                if text is None:
                    seed = await self.fair.player_seed(tx, table.id, user_id)
                else:
                    seed = text
                    await self.fair.set_seed(tx, table.id, user_id, seed)
        return Message.of("done-seed-set" if text is not None else "done-seed-shown", seed=seed)

    async def cut(self, table_id: int, user_id: int) -> Message:
        """The player before the dealer cuts: fresh randomness goes into his seed, for the
        next deal. Once per deal."""
        async with self._locked(table_id) as table:
            who = self.cutter(table)
            if who is None:
                raise TableError("refuse-cut-nobody")
            if who != str(user_id):
                raise TableError("refuse-cut-who", user=int(who))
            nonce = table.seed.deals if table.seed is not None else 0
            if table.cut_for == nonce:
                raise TableError("refuse-cut-done")
            async with self._write(table) as tx:
                old = await self.fair.player_seed(tx, table.id, user_id)
                seed = mix_seed(old, cut_randomness())
                await self.fair.set_seed(tx, table.id, user_id, seed)
            table.cut_for = nonce
            await self._say(table, Message.of("log-cut", user=user_id), {"user": user_id})
            await self._publish(table)
        return Message.of("done-cut", seed=seed)

    async def ask_reseed(self, table_id: int, user_id: int) -> Message:
        """A seated player asks for a new server seed: after the hand in play, else now.
        The old one is revealed once no pack shuffled with it can be dealt."""
        async with self._locked(table_id) as table:
            if await self.db.query(Transaction.get_seat, table.id, user_id) is None:
                raise TableError("refuse-reseed-not-seated")
            seed = table.seed
            if seed is not None and seed.reseed_asked:
                raise TableError("refuse-reseed-asked")
            revealed: list[Revealed] = []
            later = seed is not None and table.playing()
            async with self._write(table) as tx:
                if seed is not None and later:
                    await tx.ask_reseed(seed.id)
                    table.seed = await tx.current_server_seed(table.id)
                else:
                    await self.fair.retire(tx, table)
                    revealed = await self.fair.reveal_ready(tx, table)
                    await tx.update_table(table.id, options=table.options())
            key = "log-reseed-asked" if later else "log-reseeded"
            await self._say(table, Message.of(key, user=user_id), {"user": user_id})
            for one in revealed:
                await self._announce_seed(table, one)
            await self._publish(table)
        return Message.of("done-reseed-later" if later else "done-reseeded")

    async def verify_hand(self, hand_id: int) -> VerifyReport:
        """A finished hand checked against its commitment (as anyone may see it)."""
        try:
            stored = await self.db.query(Transaction.get_hand, hand_id)
        except NoHand as exc:
            raise TableError("refuse-verify-no-hand", hand=hand_id) from exc
        except StorageError as exc:
            raise player_error(exc) from exc
        if stored.status != "finished":
            raise TableError("refuse-hand-not-over")
        record = stored.record
        fair = record.get("fair")
        base: dict[str, Any] = {
            "hand_id": stored.id,
            "hand_no": stored.hand_no,
            "game": stored.game,
        }
        if not isinstance(fair, dict):
            return VerifyReport(**base, status="unfair")
        facts: dict[str, Any] = {
            "commitment": fair.get("commitment"),
            "client_seed": fair.get("client_seed"),
            "nonce": fair.get("nonce"),
            "continues": fair.get("continues"),
        }
        seed = fair.get("server_seed")
        if seed is None:
            left = None
            table = self.tables.get(stored.table_id)
            now = table.seed if table is not None else None
            if table is not None and now is not None and now.commitment == fair.get("commitment"):
                left = max(0, table.settings.reseed_every - now.deals)
            return VerifyReport(**base, **facts, status="sealed", deals_left=left)
        if await self.pack_in_play(stored):
            return VerifyReport(**base, **facts, server_seed=seed, status="in_play")
        others = {}
        previous = await self.db.query(Transaction.previous_deal, stored)
        if previous is not None:
            key = (str(fair.get("commitment")), int(previous.record["deal_no"]))
            others[key] = previous.record
        verdict = verify_record(record, others)
        return VerifyReport(
            **base,
            **facts,
            server_seed=seed,
            deck=verdict.deck,
            problems=tuple(verdict.problems),
            status="mismatch" if verdict.problems else "ok",
        )
