"""The table session (seats, dealer, carried pool, queue) as JSON, kept in the table's
options under ``runtime`` so a restart finds it again.

>>> from bot.games.cards import Shuffler
>>> s = TableSession.start("bouillotte", ["1", "2", "3"], Shuffler(seed=2))
>>> s.join_queue("4")
>>> session_from_json(session_to_json(s)) == s
True
"""

from __future__ import annotations

from typing import Any

from bot.games.options import BrelanOptions, parse_options
from bot.games.session import QueueEntry, TableSession


def session_to_json(s: TableSession) -> dict[str, Any]:
    return {
        "game": s.game,
        "options": s.options.to_dict(),
        "seats": list(s.seats),
        "stacks": dict(s.stacks),
        "dealer": s.dealer,
        "carried": s.carried,
        "refaits": s.refaits,
        "hands_played": s.hands_played,
        "cave": s.cave,
        "max_hands": s.max_hands,
        "replenish": s.replenish,
        "queue": [[e.name, e.cave] for e in s.queue],
        "decaved": sorted(s.decaved),
        "leaving": sorted(s.leaving),
        "caves": {k: list(v) for k, v in s.caves.items()},
        "old_seats": dict(s.old_seats),
    }


def session_from_json(raw: dict[str, Any]) -> TableSession:
    options = parse_options(raw["game"], raw["options"])
    assert isinstance(options, BrelanOptions)
    return TableSession(
        game=raw["game"],
        options=options,
        seats=list(raw["seats"]),
        stacks={str(k): int(v) for k, v in raw["stacks"].items()},
        dealer=int(raw["dealer"]),
        carried=int(raw["carried"]),
        refaits=int(raw["refaits"]),
        hands_played=int(raw["hands_played"]),
        cave=int(raw["cave"]),
        max_hands=raw.get("max_hands"),
        replenish=bool(raw.get("replenish", False)),
        queue=[QueueEntry(name, cave) for name, cave in raw.get("queue", [])],
        decaved=set(raw.get("decaved", [])),
        leaving=set(raw.get("leaving", [])),
        caves={k: list(v) for k, v in raw.get("caves", {}).items()},
        old_seats={str(k): int(v) for k, v in raw.get("old_seats", {}).items()},
    )
