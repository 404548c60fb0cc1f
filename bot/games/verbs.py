"""Every move a player may make at any game of the bot, as one enumeration.

A :class:`Verb` is a ``str`` (``Verb.RAISE == "raise"``): records, JSON and the catalogue keys
built from a verb (``verb-raise``, ``label-raise``, ``help-raise``) read exactly as they did with
bare strings. Each game's entry in :mod:`bot.games.registry` lists the verbs it uses; a game
cannot be registered with a verb that is not here.

>>> Verb("raise") is Verb.RAISE, f"label-{Verb.RAISE}", Verb.of("poke")
(True, 'label-raise', None)
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Verb"]


class Verb(StrEnum):
    """A move, by the word the engines, the records and the button custom ids use."""

    # Brelan and Bouillotte (docs/rules.md §2-3)
    CARRE = "carre"
    DECLINE = "decline"
    PASS = "pass"
    OPEN = "open"
    HOLD = "hold"
    RAISE = "raise"
    STAND = "stand"
    # Brag (docs/rules.md §4, docs/brag.md)
    LOOK = "look"
    BET = "bet"
    FOLD = "fold"
    SEE = "see"
    COVER = "cover"
    DISCARD = "discard"
    KEEP = "keep"
    THROW = "throw"
    SHOWDOWN = "showdown"
    REFUSE = "refuse"

    @classmethod
    def of(cls, word: object) -> Verb | None:
        """The verb ``word`` is, or None (``word in Verb`` raises for a string on 3.11).

        >>> Verb.of("fold"), Verb.of("Fold"), Verb.of(3)
        (<Verb.FOLD: 'fold'>, None, None)
        """
        if not isinstance(word, str):
            return None
        try:
            return cls(word)
        except ValueError:
            return None
