"""Fair dealing in the table runtime (docs/fairness-spec.md, docs/fairness.md).

:class:`Fairness` keeps each table's seeds in storage: one **current** server seed whose
commitment the table message shows, the players' client seeds, the nonce. It builds the
:class:`~bot.fair.dealer.FairShuffler` of each deal, writes the record's ``fair`` key, retires
a seed after ``reseed_every`` deals, at a player's request or when the table closes, and
reveals it once no pack shuffled with it can come into play. It never imports discord: what
players are told comes back as facts for the manager to announce.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bot.fair.dealer import FairShuffler
from bot.fair.scheme import client_seed_of, commitment, new_client_seed, new_server_seed
from bot.games.base import HandRecord
from bot.runtime.public import FairView
from bot.runtime.seating import Seating
from bot.storage.seeds import ServerSeed
from bot.storage.transaction import Transaction


class FairTable(Protocol):
    """What fair dealing reads of a live table."""

    id: int
    session: Seating | None
    record: HandRecord | None
    seed: ServerSeed | None

    def playing(self) -> bool: ...


def pack_at_deal(record: HandRecord) -> list[str]:
    """The pack a Brag deal was dealt from, top first: the cards dealt one at a time in
    order of play, then the pack left (``deck``). Kept blind hands are not in it."""
    names = [p.name for p in record.players]
    per = len(record.hands[names[0]]) if names else 0
    dealt = [record.hands[name][j].code for j in range(per) for name in names]
    return dealt + [str(c) for c in record.extra.get("deck", [])]


@dataclass(frozen=True)
class Revealed:
    """A seed just made public, with how many hands it dealt."""

    seed: ServerSeed
    hands: int


class Fairness:
    """Seeds and fair shuffles for every table of a manager.

    ``server_seeds(n)`` draws a new server seed, ``n`` being how many the database holds
    (``secrets`` by default, which needs no count; self-play derives them from its seed and
    ``n``);
    ``client_seeds(user)`` a player's default seed when he sits down.
    """

    def __init__(
        self,
        server_seeds: Callable[[int], str] | None = None,
        client_seeds: Callable[[int], str] | None = None,
    ) -> None:
        self.server_seeds = server_seeds or (lambda _count: new_server_seed())
        #: Whether drawing a seed needs the number of seeds stored (a count of every table's
        #: seeds: one statement more, skipped for the default draw).
        self._counts_seeds = server_seeds is not None
        self.new_client_seed = client_seeds or (lambda _user: new_client_seed())
        #: Tables known to have no retired seed waiting to be revealed: the end of each hand
        #: need not read their seeds. A table leaves it when a seed retires, or when it is
        #: loaded again (after a failed write, whose reveals rolled back).
        self._none_waiting: set[int] = set()
        #: Each table's players' seeds as stored, learnt from a committed transaction (a
        #: deal need not read them): every change of a seed goes through :meth:`set_seed`.
        self._client_seeds: dict[int, dict[int, str]] = {}

    def forget(self, table_id: int) -> None:
        """The table is loaded again (or dropped): what was known of its seeds is not."""
        self._none_waiting.discard(table_id)
        self._client_seeds.pop(table_id, None)

    async def client_seeds(self, tx: Transaction, table_id: int) -> dict[int, str]:
        """The players' seeds at the table (a copy), read once and kept once committed."""
        known = self._client_seeds.get(table_id)
        if known is not None:
            return dict(known)
        seeds = await tx.client_seeds(table_id)
        read = dict(seeds)
        tx.after_commit(lambda: self._client_seeds.__setitem__(table_id, read))
        return seeds

    async def set_seed(self, tx: Transaction, table_id: int, user_id: int, seed: str) -> None:
        """Store a player's seed; what was known of the table's seeds is updated once the
        write commits (until then the table's seeds are read from the transaction)."""
        await tx.set_client_seed(table_id, user_id, seed)
        self._client_seeds.pop(table_id, None)

        def learnt() -> None:
            known = self._client_seeds.get(table_id)
            if known is not None:
                known[user_id] = seed

        tx.after_commit(learnt)

    # ------------------------------------------------------------------ seeds

    async def ensure_seed(self, tx: Transaction, table_id: int) -> ServerSeed:
        """The table's current server seed, drawing one if it has none."""
        current = await tx.current_server_seed(table_id)
        if current is not None:
            return current
        count = await tx.count_server_seeds() if self._counts_seeds else 0
        seed = self.server_seeds(count)
        return await tx.add_server_seed(table_id, seed, commitment(seed))

    async def seat_seed(self, tx: Transaction, table_id: int, user_id: int) -> str:
        """A player sits down: his default client seed, drawn at random."""
        seed = self.new_client_seed(user_id)
        await self.set_seed(tx, table_id, user_id, seed)
        return seed

    async def player_seed(self, tx: Transaction, table_id: int, user_id: int) -> str:
        """A player's client seed at the table (drawn now if he has none yet)."""
        seeds = await self.client_seeds(tx, table_id)
        if user_id in seeds:
            return seeds[user_id]
        return await self.seat_seed(tx, table_id, user_id)

    # ------------------------------------------------------------------ deals

    async def shuffler(self, tx: Transaction, table: FairTable) -> FairShuffler:
        """The shuffler of the next deal: the current seed, its nonce, every seat's seed."""
        seed = table.seed or await self.ensure_seed(tx, table.id)
        table.seed = seed
        seeds = await self.client_seeds(tx, table.id)
        for name in table.session.seated() if table.session is not None else []:
            if int(name) not in seeds:
                seeds[int(name)] = await self.seat_seed(tx, table.id, int(name))
        return FairShuffler(seed.server_seed, seed.deals, {str(u): s for u, s in seeds.items()})

    async def dealt(
        self, tx: Transaction, table: FairTable, record: HandRecord, shuffler: FairShuffler
    ) -> None:
        """Write the deal's ``fair`` key into its record and count the deal."""
        seed = table.seed
        assert seed is not None
        deal_no = record.extra.get("deal_no")
        deal = deal_no if isinstance(deal_no, int) else seed.deals + 1
        if shuffler.last is not None:
            record.extra["fair"] = shuffler.last.to_json()
            shuffled = True
        else:  # Brag's pack continuity: the pack in hand comes from an earlier shuffle
            players = [p.name for p in record.players]
            record.extra["fair"] = {
                "commitment": seed.commitment,
                "server_seed": None,
                "client_seed": client_seed_of([shuffler.client_seeds.get(n, "") for n in players]),
                "nonce": seed.deals,
                "continues": seed.shuffled_at,
                "deck": pack_at_deal(record),
            }
            shuffled = False
        table.seed = await tx.count_deal(seed, deal, shuffled=shuffled)

    # --------------------------------------------------------- retiring seeds

    def due(self, table: FairTable, reseed_every: int) -> bool:
        """The current seed has dealt its share, or a player asked for a new one."""
        seed = table.seed
        return seed is not None and (seed.reseed_asked or seed.deals >= reseed_every)

    async def retire(self, tx: Transaction, table: FairTable) -> ServerSeed:
        """Retire the current seed and draw the next; the next deal shuffles a fresh pack."""
        old = table.seed or await self.ensure_seed(tx, table.id)
        self._none_waiting.discard(table.id)
        await tx.retire_server_seed(old.id)
        table.seed = await self.ensure_seed(tx, table.id)
        if table.session is not None:
            table.session.ask_fresh_shuffle()
        return table.seed

    async def reveal_ready(self, tx: Transaction, table: FairTable) -> list[Revealed]:
        """Reveal every retired seed none of whose packs can still come into play."""
        out: list[Revealed] = []
        if table.id in self._none_waiting:
            return out
        waiting = False
        for seed in await tx.server_seeds(table.id):
            if seed.status != "retired":
                continue
            if self._in_play(table, seed):
                waiting = True
                continue
            shown = await tx.reveal_server_seed(seed.id)
            out.append(Revealed(shown, await tx.hands_dealt_with(shown)))
        if not waiting:
            self._none_waiting.add(table.id)
        return out

    @staticmethod
    def _in_play(table: FairTable, seed: ServerSeed) -> bool:
        record = table.record if table.playing() else None
        if record is not None:
            fair = record.extra.get("fair")
            if isinstance(fair, dict) and fair.get("commitment") == seed.commitment:
                return True
        if table.session is None or seed.last_deal is None:
            return False
        live = table.session.live_from(record)
        return live is not None and seed.last_deal >= live

    async def close(self, tx: Transaction, table_id: int) -> list[Revealed]:
        """The table closed: every pack is retired, every seed revealed."""
        out: list[Revealed] = []
        for seed in await tx.server_seeds(table_id):
            if seed.status != "revealed":
                shown = await tx.reveal_server_seed(seed.id)
                out.append(Revealed(shown, await tx.hands_dealt_with(shown)))
        return out


def cut_randomness() -> str:
    """Fresh randomness a cut mixes into the cutter's seed."""
    return secrets.token_hex(16)


def fair_state(table: FairTable, reseed_every: int, cut_by: str | None) -> FairView | None:
    """The public part: the commitment, deals made with it, the next cutter."""
    seed = table.seed
    if seed is None:
        return None
    return {
        "commitment": seed.commitment,
        "deals": seed.deals,
        "reseed_every": reseed_every,
        "reseed_asked": seed.reseed_asked,
        "cutter": None if cut_by is None else int(cut_by),
    }
