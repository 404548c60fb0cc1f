"""A house player's decision with its reason: what :func:`bot.house.advice.advise` answers,
what the thinking pause (:mod:`bot.house.timing`) and the arena's tells figures read."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.base import Amount


@dataclass(frozen=True, slots=True)
class Advice:
    """A move and why: ``reason`` a catalogue key (``advice-…``) with its ``params``.

    ``chance`` is the chance of winning the showdown as the player reckoned it (0 to 1;
    0 when it did not reckon one), ``margin`` how clear the choice was (the worth of the
    best move over the next, in pots; 0 is a toss-up), ``forced`` that it had one move.
    """

    verb: str
    amount: Amount
    reason: str
    params: dict[str, int | str] = field(default_factory=dict)
    chance: float = 0.0
    margin: float = 1.0
    forced: bool = False

    @property
    def decision(self) -> tuple[str, Amount]:
        """The move as the engine takes it."""
        return self.verb, self.amount
