"""``python -m bot.games.replay FILE``: replay a scenario file and print the result as JSON.

See ``SCENARIOS.md``. FILE may be ``-`` for standard input. On an unreadable file or an
illegal action it prints ``{"error": ..., "action": N}`` and exits with status 2.

>>> out = replay_json({"game": "brelan", "players": [{"name": "A", "stack": 5},
...     {"name": "B", "stack": 5}], "hands": {"A": ["Ah", "Kh", "Qh"], "B": ["As", "Ks", "Qs"]},
...     "retourne": "Jh", "actions": [["A", "open", 2], ["B", "raise", 9]]})
>>> out["error"], out["action"]
('B cannot stake 9: B has 4 left, so 4 in all at most', 1)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from bot.games.base import HandRecord, HandState
from bot.games.errors import GameError, IllegalAction


def extra_keys(game: Any) -> tuple[str, ...]:
    """Scenario keys a game adds to the common format."""
    if game == "brag":
        from bot.games import brag

        return tuple(brag.EXTRA_KEYS)
    return ()


def load_record(raw: Any) -> HandRecord:
    """Read a scenario object into a record (raises GameError with a plain message)."""
    game = raw.get("game") if isinstance(raw, dict) else None
    return HandRecord.from_json(raw, extra_keys=extra_keys(game))


def start_hand(record: HandRecord) -> HandState:
    """The engine's state for a record, before its actions."""
    if record.game == "brag":
        from bot.games import brag

        return brag.start_hand(record)
    from bot.games import brelan

    return brelan.start_hand(record)


def replay_record(record: HandRecord) -> HandState:
    """Build the hand and apply every action; raises IllegalAction with ``.index`` set."""
    hand = start_hand(record)
    for index, action in enumerate(record.actions):
        try:
            hand.act(action.player, action.verb, action.amount)
        except IllegalAction as exc:
            exc.index = index  # type: ignore[attr-defined]
            raise
    return hand


def replay_json(raw: Any) -> dict[str, Any]:
    """Replay a parsed scenario; the output object of SCENARIOS.md (or an error object)."""
    try:
        record = load_record(raw)
        hand = replay_record(record)
    except IllegalAction as exc:
        return {"error": str(exc), "action": getattr(exc, "index", None)}
    except GameError as exc:
        return {"error": str(exc), "action": None}
    return hand.summary()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print(
            "usage: python -m bot.games.replay FILE   (FILE may be - for standard input)",
            file=sys.stderr,
        )
        return 2 if not args or args[0] not in ("-h", "--help") else 0
    path = args[0]
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        out: dict[str, Any] = {"error": f"cannot read {path}: {exc.strerror}", "action": None}
    else:
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            out = {"error": f"{path} is not valid JSON: {exc}", "action": None}
        else:
            out = replay_json(raw)
    print(json.dumps(out))
    return 2 if "error" in out else 0


if __name__ == "__main__":
    raise SystemExit(main())
