"""Table talk: a house player's short line at a moment that matters.

The moment is read from what the whole table saw: the house player's own move once played
(an event of the hand's public narration) or the hand's public end (it led the betting and
lost the showdown: a sigh). The line is drawn from the moment alone, with a random source of
its own, so it never depends on a card nobody was shown (tests/test_house_tells.py). The
runtime says at most one line per hand per house player, in the public log, and only at
tables whose ``talk`` option is on. Lines are catalogue keys (``talk-<moment>-<n>``) of the
period, in the reader's language.

>>> import random
>>> said = {line("carre", random.Random(seed)) for seed in range(30)}
>>> None in said, said - {None} <= set(LINES["carre"][1])
(True, True)
>>> line("no-such-moment", random.Random(2)) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.events import EventKind

#: Per moment: how often a line is said, and the lines (catalogue keys).
LINES: Mapping[str, tuple[float, tuple[str, ...]]] = {
    moment: (chance, tuple(f"talk-{moment}-{i}" for i in range(1, count + 1)))
    for moment, chance, count in (
        ("carre", 0.7, 3),
        ("contre", 0.7, 2),
        ("sur", 0.8, 2),
        ("sans-plus", 0.4, 3),
        ("hold", 0.15, 3),
        ("raise", 0.25, 3),
        ("all-in", 0.6, 3),
        ("see", 0.5, 3),
        ("blind", 0.2, 2),
        ("fold", 0.08, 2),
        ("sigh", 0.5, 3),
    )
}
_STEPS = {"carre": "carre", "contre-carre": "contre", "sur-carre": "sur"}


def moment_of(event: Any) -> str | None:
    """The moment a house player's own move makes, from its public event (an
    :class:`~bot.games.events.Event` or a view's ``PublicEvent``)."""
    kind = event.kind
    data: Mapping[str, Any] = event.data if isinstance(event.data, Mapping) else dict(event.data)
    if kind == EventKind.CARRE:
        return _STEPS.get(str(data.get("step")))
    if kind == EventKind.STAND:
        return "sans-plus"
    if kind in (EventKind.OPEN, EventKind.RAISE, EventKind.TAPIS):
        return "all-in" if data.get("all_in") or kind == EventKind.TAPIS else "raise"
    if kind == EventKind.HOLD:
        return "all-in" if data.get("all_in") else "hold"
    if kind == EventKind.SEE:
        return "see"
    if kind == EventKind.BET:
        return "blind" if data.get("blind") else None
    if kind == EventKind.FOLD:
        return "fold"
    return None


def sighs(events: Sequence[Any]) -> set[str]:
    """The players who led the betting (the last to open, raise or bet) and won nothing at
    a showdown: every fact public."""
    leader = None
    shown = False
    winners: set[str] = set()
    for e in events:
        if e.kind in (EventKind.OPEN, EventKind.RAISE, EventKind.BET, EventKind.CARRE):
            leader = e.player
        elif e.kind in (EventKind.SHOWDOWN, EventKind.SEE, EventKind.REVEAL):
            shown = True
        elif e.kind == EventKind.POT:
            data = e.data if isinstance(e.data, Mapping) else dict(e.data)
            winners.update(data.get("winners") or ())
            if e.player is not None:
                winners.add(e.player)
    if leader is None or not shown or leader in winners or not winners:
        return set()
    return {leader}


def line(moment: str, rng: random.Random) -> str | None:
    """A line for ``moment`` (a catalogue key), or None: not every moment is worth a word."""
    found = LINES.get(moment)
    if found is None:
        return None
    chance, keys = found
    if rng.random() >= chance:
        return None
    return rng.choice(keys)
