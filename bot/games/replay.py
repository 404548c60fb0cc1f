"""``python -m bot.games.replay FILE``: replay a scenario file and print the result as JSON.

See ``docs/scenarios.md``. FILE may be ``-`` for standard input. On an unreadable file or an
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

from bot.games import registry
from bot.games.base import HandRecord, HandState
from bot.games.cli import Parser
from bot.games.errors import GameError, IllegalAction, SetupError


def extra_keys(game: Any) -> tuple[str, ...]:
    """Scenario keys a game adds to the common format (none for a game it does not know)."""
    found = registry.find(game)
    return found.extra_keys if found is not None else ()


def load_record(raw: Any) -> HandRecord:
    """Read a scenario object into a record (raises GameError with a plain message)."""
    game = raw.get("game") if isinstance(raw, dict) else None
    return HandRecord.from_json(raw, extra_keys=extra_keys(game))


def start_hand(record: HandRecord) -> HandState:
    """The engine's state for a record, before its actions (its game's registry entry builds
    it; an unknown game is an ``OptionError``)."""
    return registry.spec(record.game).start_hand(record)


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


#: The largest scenario file the command reads, and the deepest nesting of its JSON.
MAX_BYTES = 1 << 20
MAX_DEPTH = 64


def replay_json(raw: Any) -> dict[str, Any]:
    """Replay a parsed scenario; the output object of docs/scenarios.md (or an error object).

    Never raises: a value the engine did not expect is reported as an error of the file.
    """
    try:
        record = load_record(raw)
        hand = replay_record(record)
        return hand.summary()
    except IllegalAction as exc:
        return {"error": str(exc), "action": getattr(exc, "index", None)}
    except GameError as exc:
        return {"error": str(exc), "action": None}
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as exc:
        return {"error": f"the scenario is not valid: {type(exc).__name__}", "action": None}


def parse_scenario(data: bytes, name: str = "the file") -> Any:
    """The JSON of a scenario file, or a :class:`GameError` saying in one sentence why not:
    too large, not UTF-8, nested too deep, not JSON (numbers of more than 4,300 digits
    included).

    >>> parse_scenario(b"\\xff{}")
    Traceback (most recent call last):
    ...
    bot.games.errors.SetupError: the file is not UTF-8 text
    """
    if len(data) > MAX_BYTES:
        raise SetupError(f"{name} is larger than {MAX_BYTES // 1024} KiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SetupError(f"{name} is not UTF-8 text") from None
    depth = deepest = 0
    for char in text:  # strings may hold brackets: this over-counts, never under-counts
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        raise SetupError(f"{name} nests its JSON more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        if "digits" in str(exc):  # Python refuses integers of more than 4,300 digits
            raise SetupError(f"{name} holds a number of more than 4,300 digits") from None
        raise SetupError(f"{name} is not valid JSON: {exc}") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(
        prog="python -m bot.games.replay",
        description="Replay a scenario file (docs/scenarios.md) and print the result as JSON; "
        'on an unreadable file or an illegal action, {"error": ..., "action": N} and exit '
        "status 2.",
    )
    parser.add_argument("file", metavar="FILE", help="the scenario file, or - for standard input")
    path: str = parser.parse_args(argv).file
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        out: dict[str, Any] = {"error": f"cannot read {path}: {exc.strerror}", "action": None}
    else:
        try:
            out = replay_json(parse_scenario(data, path))
        except GameError as exc:
            out = {"error": str(exc), "action": None}
    print(json.dumps(out))
    return 2 if "error" in out else 0


if __name__ == "__main__":
    raise SystemExit(main())
