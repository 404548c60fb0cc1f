"""What the presenter is told of a table: its public state (no card before the rules reveal
it) and, privately, each player's cards as he may see them (a part of the table manager)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.runtime.dealers_choice import seat_cap, variants
from bot.runtime.fairness import fair_state
from bot.runtime.house_seats import is_house
from bot.runtime.parts import ManagerParts
from bot.runtime.public import ChoiceView, PublicHand, PublicState, SeatView, legal_json
from bot.runtime.seating import BragSeating
from bot.storage import Transaction

if TYPE_CHECKING:
    from bot.runtime.table import Finished, Table
    from bot.runtime.tournaments import TournamentDirector


class Publishing(ManagerParts):
    """The table's public state and the private delivery of cards (mixed into the manager)."""

    if TYPE_CHECKING:
        tournaments: TournamentDirector

        def cutter(self, table: Table) -> str | None: ...

        def can_start(self, table: Table, seated: Sequence[str] = ()) -> bool: ...

    def public_state(self, table: Table) -> PublicState:
        """Everything anyone at the table may see: no card before the rules reveal it."""
        session = table.session
        hand = table.hand
        seats: list[SeatView] = []
        if session is not None:
            dealing = hand.names[-1] if hand is not None and not hand.finished else None
            for row in session.rows(dealing):
                seats.append(
                    {
                        "seat": row.pos,
                        "user": int(row.name),
                        "stack": row.stack,
                        "sitting_out": row.name in table.sitting_out,
                        "leaving": row.leaving,
                        "dealer": row.dealer,
                        "reserve": row.reserve,
                    }
                )
        hand_state: PublicHand | None = None
        if hand is not None and table.hand_id is not None:  # set together
            hand_state = {
                "id": table.hand_id,
                "no": table.hand_no,
                **table.rules.public_hand(hand),
                "legal": [legal_json(a) for a in hand.legal_actions()],
                "actions": len(table.record.actions) if table.record is not None else 0,
                "deadline": table.deadline,
            }
        state: PublicState = {
            "table_id": table.id,
            "game": table.game,
            "started": session is not None,
            "seats": seats,
            "queue": [int(n) for n in session.queue()] if session else [],
            "carried": session.carried if session else 0,
            "next_hand_at": table.next_deal_at,
            "game_over": bool(session and session.game_over()),
            # before the first deal only storage knows who sits: full_state says it then
            "can_start": session is not None and self.can_start(table),
            "closing": table.closing,
            "needs_attention": table.needs_attention,
            "paused": table.paused,
            "notify": table.settings.notify,
            "fair": fair_state(table, table.settings.reseed_every, self.cutter(table)),
            "choice": self._choice_state(table),
            "hand": hand_state,
        }
        tournament = self.tournaments.table_view(table) if table.tournament else None
        if tournament is not None:
            state["tournament"] = tournament
        if table.settings.practice:
            state["practice"] = True
        return state

    @staticmethod
    def _choice_state(table: Table) -> ChoiceView | None:
        choice, seating = table.choice, table.session
        if choice is None or not isinstance(seating, BragSeating):
            return None
        return {
            "dealer": int(choice.dealer),
            "deadline": choice.deadline,
            "proposal": choice.proposal,
            "votes": {int(k): v for k, v in choice.votes.items()},
            "seated": len(seating.seated()),
            "variants": [
                {"option": k, "value": v, "cap": seat_cap(seating, v) if k == "cards" else None}
                for k, v in variants(seating)
            ],
        }

    async def full_state(self, table: Table) -> PublicState:
        """:meth:`public_state`, with the seats taken before the first deal (which only
        storage knows until the game starts), and whether they may start it."""
        state = self.public_state(table)
        if table.session is None:
            state["seats"] = [
                {"seat": s.seat_no, "user": s.user_id, "stack": s.stack}
                for s in await self.db.query(Transaction.seats, table.id)
            ]
            state["queue"] = [e.user_id for e in await self.db.query(Transaction.queue, table.id)]
            state["can_start"] = self.can_start(table, [str(s["user"]) for s in state["seats"]])
        return state

    async def _publish(self, table: Table) -> None:
        await self._safe(self.presenter.table_update(table.id, await self.full_state(table)))

    async def _deliver_after(self, table: Table, step: Finished) -> None:
        """At the end of a hand, privately, to every player dealt in who had not seen his own
        cards (a blind Brag player who lost or folded without looking, a player whose card
        message failed): his cards of that hand. Nothing for a blind hand kept for the next
        deal, nothing twice to a player who saw his cards."""
        after = step.after
        if after is None:
            return
        for name, (cards, retourne) in after.cards.items():
            user = int(name)
            if is_house(user) or (name not in after.unseen and user not in table.undelivered):
                continue
            ok = await self._safe(
                self.presenter.deliver_cards(table.id, user, cards, retourne, hand_no=step.hand_no)
            )
            if ok:
                table.undelivered.discard(user)
            else:
                table.undelivered.add(user)

    async def _deliver(self, table: Table) -> None:
        """Privately, to every player of the hand in progress, the cards he may see now and
        was not shown yet (Brelan: once the blind carre is over; Brag: when he looks)."""
        hand = table.hand
        if hand is None or hand.finished:
            return
        for name in hand.names:
            if is_house(int(name)):
                continue  # a house player reads its cards from its view
            seen = table.rules.visible(hand, name)
            if seen is None or table.delivered.get(name) == seen:
                continue
            table.delivered[name] = seen
            user = int(name)
            ok = await self._safe(
                self.presenter.deliver_cards(
                    table.id, user, list(seen[0]), seen[1], hand_no=table.hand_no
                )
            )
            if ok:
                table.undelivered.discard(user)
            else:
                table.undelivered.add(user)
