"""What the runtime tells the players, through an interface Discord, a terminal or a test
recorder can implement. Public calls never carry a hidden card."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.i18n.message import Message
from bot.runtime.public import PublicState, ShowdownReport


class Presenter(Protocol):
    """Where a table's news goes."""

    async def table_update(self, table_id: int, public_state: PublicState) -> None:
        """The table's public state changed (seats, pool, whose turn, legal actions)."""

    async def deliver_cards(
        self,
        table_id: int,
        user_id: int,
        cards: list[str],
        retourne: str | None,
        hand_no: int | None = None,
    ) -> bool:
        """Show one player his cards of hand ``hand_no`` privately; False if that failed
        (DMs blocked)."""

    async def announce(self, table_id: int, said: Message, data: dict[str, Any]) -> None:
        """Something happened at the table: a catalogue message (third person, for
        everyone) and its details."""

    async def showdown(self, table_id: int, data: ShowdownReport) -> None:
        """A hand ended with the hands shown."""


class SilentPresenter:
    """Tells nobody anything, at once (the load test, benchmarks): every card is
    "delivered"."""

    async def table_update(self, table_id: int, public_state: PublicState) -> None:
        return None

    async def announce(self, table_id: int, said: Message, data: dict[str, Any]) -> None:
        return None

    async def showdown(self, table_id: int, data: ShowdownReport) -> None:
        return None

    async def deliver_cards(
        self,
        table_id: int,
        user_id: int,
        cards: list[str],
        retourne: str | None,
        hand_no: int | None = None,
    ) -> bool:
        return True


@dataclass
class RecordingPresenter:
    """Keeps everything it is told; users in ``blocked`` refuse private messages."""

    updates: list[tuple[int, PublicState]] = field(default_factory=list)
    deliveries: list[tuple[int, int, list[str], str | None]] = field(default_factory=list)
    announcements: list[tuple[int, Message, dict[str, Any]]] = field(default_factory=list)
    showdowns: list[tuple[int, ShowdownReport]] = field(default_factory=list)
    blocked: set[int] = field(default_factory=set)
    log: list[tuple[str, int, Any]] = field(default_factory=list)

    async def table_update(self, table_id: int, public_state: PublicState) -> None:
        self.updates.append((table_id, public_state))
        self.log.append(("update", table_id, public_state))

    async def deliver_cards(
        self,
        table_id: int,
        user_id: int,
        cards: list[str],
        retourne: str | None,
        hand_no: int | None = None,
    ) -> bool:
        if user_id in self.blocked:
            return False
        self.deliveries.append((table_id, user_id, list(cards), retourne))
        return True

    async def announce(self, table_id: int, said: Message, data: dict[str, Any]) -> None:
        self.announcements.append((table_id, said, data))
        self.log.append(("announce", table_id, {"said": said.key, **said.params, **data}))

    def said(self, table_id: int | None = None) -> list[str]:
        """The keys of the announcements (of one table), in order."""
        return [m.key for t, m, _ in self.announcements if table_id in (None, t)]

    async def showdown(self, table_id: int, data: ShowdownReport) -> None:
        self.showdowns.append((table_id, data))
        self.log.append(("showdown", table_id, data))

    def cards_of(self, table_id: int, user_id: int) -> list[str] | None:
        """The last cards delivered to a player at a table."""
        for t, u, cards, _ in reversed(self.deliveries):
            if t == table_id and u == user_id:
                return cards
        return None
