"""A house player's style: how a character leans away from its level's plain play.

The numbers are multipliers (1.0: the level's own play) or shifts (0.0): a ``tight``
character needs a better hand to play, a ``bluff`` above 1 bluffs more, ``carre`` above 1
carres more, ``blind`` above 1 stays blind longer at Brag, ``slow`` above 1 slow-plays more.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Style:
    """How a character plays its level (see the module)."""

    tight: float = 0.0
    bluff: float = 1.0
    carre: float = 1.0
    blind: float = 1.0
    slow: float = 1.0


#: The level's own play.
PLAIN = Style()

#: The characters' traits (bot/i18n/people.py names them): close, free, in love with the
#: carre, blind.
TRAITS: dict[str, Style] = {
    "tight": Style(tight=1.0, bluff=0.4, slow=0.7),
    "loose": Style(tight=-1.0, bluff=2.0, slow=1.2),
    "carre": Style(carre=3.0, bluff=1.2),
    "blind": Style(blind=2.5, carre=1.8),
}


def style_of(trait: str | None) -> Style:
    """The style of a trait (the level's plain play for none).

    >>> style_of("carre").carre, style_of(None) is PLAIN
    (3.0, True)
    """
    return TRAITS.get(trait or "", PLAIN)
