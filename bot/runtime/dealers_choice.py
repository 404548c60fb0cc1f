"""Brag's dealer's choice at the table (docs/rules.md §4, table option ``dealers_choice``).

After each full round of deals the next dealer chooses the variant for the coming round: wild
cards, blind play, three, four or five cards (his alone), or proposes another game (any other
option), which needs a majority of the seated players: each answers Yes or No before the
deadline, and no answer counts as no. Until he chooses (or his time runs out: the game stays)
no hand is dealt. The offer, the vote and the result are stored in the table's options (a
restart finds them), told in the public log, and written into the next deal's record
(``"choice"``; the replay ignores it).

:class:`ChoiceRequests` is a part of :class:`~bot.runtime.manager.TableManager` kept in its
own module.

``public_state()["choice"]``::

    {"dealer": <user id>, "deadline": <unix s>, "proposal": None | {option: value},
     "votes": {"<user id>": true | false}, "variants": [{"option", "value"}, ...]}
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.games.brag_rank import WILD_OPTIONS
from bot.games.brag_session import VARIANT_OPTIONS, can_choose_variant, choose_variant, majority
from bot.games.errors import GameError
from bot.i18n.message import Message
from bot.runtime.errors import TableError, player_error
from bot.runtime.house_seats import is_house
from bot.runtime.parts import ManagerParts
from bot.runtime.seating import BragSeating
from bot.runtime.settings import seat_range
from bot.runtime.table import Choice, Table


def seat_cap(seating: BragSeating, cards: int) -> int:
    """The most players a game of ``cards`` cards seats with the table's other options."""
    rules = {**seating.core.options.to_dict(), "cards": cards}
    rules.pop("game", None)
    return seat_range("brag", rules)[1]


def variants(seating: BragSeating) -> list[tuple[str, Any]]:
    """The variant changes the dealer may make now (the current values left out): the number
    of cards (those whose seat cap fits the players seated), blind play, wild cards."""
    options = seating.core.options
    seated = len(seating.seated())
    out: list[tuple[str, Any]] = []
    for cards in (3, 4, 5):
        if cards != options.cards and seated <= seat_cap(seating, cards):
            out.append(("cards", cards))
    out.append(("blind_allowed", not options.blind_allowed))
    out.extend(("wild", w) for w in WILD_OPTIONS if w != options.wild)
    return out


def describe(changes: dict[str, Any] | None) -> str:
    """A proposal as ``key=value`` words (what the table options are written as)."""
    if not changes:
        return "—"
    return " ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in sorted(changes.items())
    )


class ChoiceRequests(ManagerParts):
    """The dealer's choice and the vote (mixed into the table manager)."""

    # ------------------------------------------------------------------ offering

    def choice_due(self, table: Table) -> bool:
        """A full round of deals just ended at a table with the option: the dealer chooses."""
        seating = table.session
        return (
            table.settings.dealers_choice
            and isinstance(seating, BragSeating)
            and can_choose_variant(seating.core)
            and len(seating.core.order()) >= 2
        )

    def offer_choice(self, table: Table) -> Message:
        """Open the choice for the next dealer (lock held; the caller stores the table).
        A house dealer chooses at once."""
        seating = table.session
        assert isinstance(seating, BragSeating)
        dealer = seating.core.seats[seating.core.next_dealer()]
        table.choice = Choice(dealer, self.clock.now() + table.settings.turn_timeout)
        if is_house(int(dealer)):
            options = [None, *variants(seating)]
            pick = self.house_rng().choice(options)
            return self._settle(table, None if pick is None else {pick[0]: pick[1]})
        return Message.of("log-choice-offered", user=int(dealer))

    # ------------------------------------------------------------------ requests

    async def choose_game(
        self, table_id: int, user_id: int, changes: dict[str, Any] | None
    ) -> Message:
        """The dealer keeps the game (``changes`` empty), changes the variant (his alone), or
        proposes another game, put to a vote of the seated players."""
        async with self._locked(table_id) as table:
            choice = table.choice
            if choice is None:
                raise TableError("refuse-choice-none")
            if choice.proposal is not None:
                raise TableError("refuse-choice-voting")
            if str(user_id) != choice.dealer:
                raise TableError("refuse-choice-who", user=int(choice.dealer))
            changes = dict(changes or {})
            if changes and not set(changes) <= set(VARIANT_OPTIONS):
                self._check(table, changes, votes={n: True for n in self._voters(table)})
                choice.proposal = changes
                choice.votes = {choice.dealer: True}
                choice.deadline = self.clock.now() + table.settings.turn_timeout
                said = Message.of("log-choice-proposed", user=user_id, changes=describe(changes))
                self._house_votes(table)
                if set(choice.votes) >= set(self._voters(table)):
                    said = self._settle(table, changes)
            else:
                said = self._settle(table, changes or None)
            await self._commit_choice(table, said)
            return Message.of("done-choice")

    async def vote_game(self, table_id: int, user_id: int, yes: bool) -> Message:
        """A seated player answers the dealer's proposal (once)."""
        async with self._locked(table_id) as table:
            choice = table.choice
            name = str(user_id)
            if choice is None or choice.proposal is None:
                raise TableError("refuse-vote-none")
            if name not in self._voters(table):
                raise TableError("refuse-vote-not-seated")
            if name in choice.votes:
                raise TableError("refuse-vote-twice")
            choice.votes[name] = yes
            said = Message.of("log-vote", user=user_id, vote="yes" if yes else "no")
            if set(choice.votes) >= set(self._voters(table)):
                await self._say(table, said, {"user": user_id, "vote": yes})
                said = self._settle(table, choice.proposal)
            await self._commit_choice(table, said)
            return Message.of("done-vote", vote="yes" if yes else "no")

    async def _on_choice_due(self, table_id: int, deadline: float) -> None:
        """The dealer's (or the vote's) time is up: the game stays, or the votes are counted
        (no answer counts as no)."""
        async with self._locked(table_id, quiet=True) as table:
            choice = table.choice if table is not None else None
            if table is None or choice is None or choice.deadline != deadline:
                return
            said = self._settle(table, choice.proposal, timed_out=choice.proposal is None)
            await self._commit_choice(table, said)

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _voters(table: Table) -> list[str]:
        return table.session.seated() if table.session is not None else []

    def _house_votes(self, table: Table) -> None:
        """House players answer at once: yes or no, as their chances fall."""
        choice = table.choice
        assert choice is not None
        rng = self.house_rng()
        for name in self._voters(table):
            if is_house(int(name)) and name not in choice.votes:
                choice.votes[name] = rng.random() < 0.5

    @staticmethod
    def _check(table: Table, changes: dict[str, Any], votes: dict[str, bool]) -> None:
        seating = table.session
        assert isinstance(seating, BragSeating) and table.choice is not None
        try:
            choose_variant(seating.core, table.choice.dealer, changes, votes)
        except GameError as exc:
            raise player_error(exc) from exc

    def _settle(
        self, table: Table, changes: dict[str, Any] | None, *, timed_out: bool = False
    ) -> Message:
        """End the choice: apply the variant or the voted game, or keep the game; remember
        what happened for the next deal's record; returns the log line."""
        choice, seating = table.choice, table.session
        assert choice is not None and isinstance(seating, BragSeating)
        voted = choice.proposal is not None
        votes = dict(choice.votes)
        result = "kept"
        if changes:
            approved = not voted or majority(seating.core, votes)
            if approved:
                seating.core = choose_variant(seating.core, choice.dealer, changes, votes)
                table.settings = replace(table.settings, rules={**table.settings.rules, **changes})
                result = "changed"
            else:
                result = "refused"
        table.last_choice = {
            "dealer": choice.dealer,
            "changes": changes or {},
            "votes": votes if voted else None,
            "result": result,
        }
        table.choice = None
        dealer = int(choice.dealer)
        if result == "changed":
            return Message.of("log-choice-changed", user=dealer, changes=describe(changes))
        if result == "refused":
            yes = sum(1 for v in votes.values() if v)
            return Message.of(
                "log-choice-refused", user=dealer, yes=yes, n=len(self._voters(table))
            )
        key = "log-choice-timeout" if timed_out else "log-choice-kept"
        return Message.of(key, user=dealer)

    async def _commit_choice(self, table: Table, said: Message) -> None:
        async with self._write(table) as tx:
            await tx.update_table(table.id, options=table.options())
        settled = table.choice is None
        await self._say(table, said, {"choice": table.last_choice if settled else None})
        if settled and await self._maybe_deal(table, force=True) is not None:
            return
        self._arm(table)
        await self._publish(table)
