"""The small words of every surface: cards, people, chips, games and moves.

>>> cards(["Kc", "9h"]) == "K\u2663\ufe0f 9\u2665\ufe0f"
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.games import registry
from bot.i18n import Lang, Message, people, render, set_card_writer
from bot.runtime.errors import VERBS


def game_title(game: str) -> str:
    """A game's name as players write it (its registry entry's title), else as given."""
    entry = registry.find(game)
    return entry.title if entry is not None else game


def game_colour(game: str) -> int:
    """The colour of a game's table message and showdown (its registry entry's)."""
    entry = registry.find(game)
    return entry.colour if entry is not None else 0x444444


#: Suits as they are drawn in colour (the emoji forms): hearts and diamonds red, spades and
#: clubs black.
COLOURED_SUITS = {"s": "♠\ufe0f", "h": "♥\ufe0f", "d": "♦\ufe0f", "c": "♣\ufe0f"}


def coloured_card(code: str) -> str:
    """A card in red or black: ``"Ah"`` is ``"A♥️"``.

    >>> coloured_card("Ah") == "A\u2665\ufe0f", coloured_card("Ts") == "10\u2660\ufe0f"
    (True, True)
    """
    if code.startswith("X"):
        return "🃏"
    rank = "10" if code[0] == "T" else code[0]
    return rank + COLOURED_SUITS.get(code[1:2], code[1:2])


set_card_writer(coloured_card)  # every card a surface writes, in colour (Discord may use emojis)


def card(code: str) -> str:
    """A card for reading, as the process's card writer writes it (:func:`coloured_card`)."""
    return render("en", "card", code=code)


def cards(codes: Iterable[str]) -> str:
    """Several cards, spaced."""
    return " ".join(card(c) for c in codes)


def mention(name: str | int) -> str:
    """A member's mention, a house player's name (🤖 Berthe)."""
    return people.mention(name)


def chips(lang: Lang, n: int) -> str:
    """>>> chips("fr", 1), chips("en", 30), chips("fr", 1500)
    ('1 jeton', '30 chips', '1\u202f500 jetons')
    """
    return render(lang, "chips", n=n)


#: Brag verbs whose amount names one of two hands (1 = the kept one, 2 = the new one).
_WHICH_HAND = ("look", "keep")


def verb_help(lang: Lang, verb: str) -> str:
    """What a move means, for help text and /act autocomplete."""
    return render(lang, f"help-{verb}") if verb in VERBS else verb


def verb_label(lang: Lang, verb: str, amount: int | None = None, *, vade: int | None = None) -> str:
    """A move's label (a button, a numbered choice). A hold short of the ``vade`` is all in;
    a hold of 0 is the *tapis* (docs/rules.md §2: nothing left after the ante, in for the pool);
    a pass once there is a vade folds.

    >>> verb_label("en", "raise", 12), verb_label("fr", "hold", 4), verb_label("en", "pass")
    ('Raise to 12', 'Tenir 4', 'Pass')
    >>> verb_label("en", "look", 2), verb_label("en", "look")
    ('Look at hand 2', 'Look at my cards')
    >>> verb_label("en", "hold", 9, vade=20), verb_label("fr", "hold", 0, vade=20)
    ('Hold 9 (all-in)', 'Rester pour la passe')
    >>> verb_label("en", "pass", vade=0), verb_label("fr", "pass", vade=4)
    ('Pass', 'Passer (se coucher)')
    """
    if verb not in VERBS:
        return verb.capitalize()
    if verb in _WHICH_HAND and amount is not None:
        key = f"label-{verb}-hand"
    elif verb == "hold" and amount == 0:
        key = "label-hold-tapis"
    elif verb == "hold" and amount is not None and vade is not None and amount < vade:
        key = "label-hold-all-in"
    elif verb == "pass" and vade:
        key = "label-pass-fold"  # docs/rules.md §2: after the opening a pass folds, stake lost
    else:
        key = f"label-{verb}"
    return render(lang, key, n="…" if amount is None else amount)


def in_sentence(label: str) -> str:
    """A button's label said inside a sentence: without the "…" that tells a button opens
    a choice, so that the sentence's own stop ends it ("jouez : **Écarter**.").

    >>> in_sentence("Écarter…"), in_sentence("Raise to 12")
    ('Écarter', 'Raise to 12')
    """
    return label.rstrip("….").rstrip()


def said_label(lang: Lang, verb: str, amount: int | None = None) -> str:
    """:func:`verb_label` said inside a sentence (see :func:`in_sentence`).

    >>> said_label("en", "discard"), said_label("fr", "hold", 4)
    ('Discard', 'Tenir 4')
    """
    return in_sentence(verb_label(lang, verb, amount))


def narrate(lang: Lang, said: Message) -> str:
    """One line of the table's log: a runtime announcement in the reader's language.

    >>> narrate("fr", Message.of("event-brag-fold", who="<@7>"))
    '<@7> se couche.'
    """
    return render(lang, said)


def hand_winners(result: Any) -> tuple[list[str], int, int]:
    """Who won a stored hand (engine names, in order, once each), the chips of its pots and
    what stayed carried on the table, from its result (the replay summary).

    >>> hand_winners({"pots": [{"amount": 6, "winners": ["300"]}], "carried": 0})
    (['300'], 6, 0)
    >>> hand_winners({"pots": [], "carried": 8}), hand_winners(None)
    (([], 0, 8), ([], 0, 0))
    """
    pots = result.get("pots") if isinstance(result, Mapping) else None
    pots = [p for p in pots if isinstance(p, Mapping)] if isinstance(pots, list) else []
    winners: list[str] = []
    total = 0
    for pot in pots:
        total += int(pot.get("amount", 0))
        for winner in pot.get("winners", []):
            if str(winner) not in winners:
                winners.append(str(winner))
    carried = int(result.get("carried", 0)) if isinstance(result, Mapping) else 0
    return winners, total, carried
