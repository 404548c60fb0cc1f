"""The fair dealer: a :class:`~bot.games.cards.Shuffler` that deals by the scheme.

>>> from bot.games.cards import deck_preset
>>> dealer = FairShuffler("ab" * 32, nonce=4, client_seeds={"1": "x", "2": "y"})
>>> deck = dealer.shuffled(deck_preset("20"), ["2", "1"])
>>> dealer.last.client_seed, dealer.last.nonce, [c.code for c in deck] == list(dealer.last.deck)
('y|x', 4, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.fair.scheme import canonical_order, client_seed_of, commitment, shuffle
from bot.games.cards import Card, Shuffler, parse_card


@dataclass(frozen=True, slots=True)
class FairDeal:
    """What a fresh shuffle was made from, and the deck it gave (top card first)."""

    commitment: str
    client_seed: str
    nonce: int
    deck: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The record's ``fair`` key, the server seed still withheld."""
        return {
            "commitment": self.commitment,
            "server_seed": None,
            "client_seed": self.client_seed,
            "nonce": self.nonce,
            "deck": list(self.deck),
        }


class FairShuffler(Shuffler):
    """Shuffles one deal by docs/fairness-spec.md; ``last`` tells how, once it has shuffled."""

    def __init__(self, server_seed: str, nonce: int, client_seeds: Mapping[str, str]) -> None:
        super().__init__()
        self.server_seed = server_seed
        self.commitment = commitment(server_seed)
        self.nonce = nonce
        self.client_seeds = dict(client_seeds)
        self.last: FairDeal | None = None

    def shuffled(self, cards: Sequence[Card], players: Sequence[str] = ()) -> list[Card]:
        client = client_seed_of([self.client_seeds.get(p, "") for p in players])
        order = shuffle(
            self.server_seed, client, self.nonce, canonical_order([c.code for c in cards])
        )
        self.last = FairDeal(self.commitment, client, self.nonce, tuple(order))
        return [parse_card(code) for code in order]
