"""What a reader may see of a hand's record (docs/fairness-spec.md, "What a record may show,
and when").

:func:`record_for` is the one place that decides it; every path that gives a record out
(``/replay``, exports on request, verification) goes through it. While the deal's pack is in
play (Brag's pack continuity carries it into the next deals; a kept blind hand is held for the
next deal), a record shows only the cards face up to the table and, to a player dealt in, the
cards the bot showed him: the pack's order, undealt cards, other players' folded or unseen
hands, their four- and five-card discards and a kept blind hand are ``null``, and the record
says ``"partial": true``. Once the pack is retired the record is given whole.

>>> record = {"game": "brag", "options": {"blind_allowed": False},
...     "players": [{"name": "A", "stack": 9}, {"name": "B", "stack": 9}],
...     "hands": {"A": ["Ah", "Ad", "Ac"], "B": ["2c", "7d", "9s"]},
...     "actions": [["A", "fold"]], "deal_no": 1, "live_since": 1}
>>> seen = record_for(record, "B", in_play=True)
>>> seen["hands"], seen["partial"]
({'A': None, 'B': ['2c', '7d', '9s']}, True)
>>> record_for(record, "B", in_play=False) == record
True
"""

from __future__ import annotations

import copy
from typing import Any

from bot.games.errors import GameError
from bot.games.replay import load_record, start_hand
from bot.runtime.games import GAME_RULES, RuntimeHand

#: Keys of a record that hold cards nobody at the table has seen while the pack is in play.
_PACK_KEYS = ("deck",)


def cards_known(record: dict[str, Any], reader: str | None) -> set[str]:
    """The card codes ``reader`` has seen in this deal: everything turned face up to the
    table and, for a player dealt in, every card the bot showed him privately along the way
    (replayed action by action). ``None`` reads as the public."""
    try:
        rules = GAME_RULES[record["game"]]
        parsed = load_record(record)
        hand: RuntimeHand = start_hand(parsed)  # type: ignore[assignment]
    except (GameError, KeyError, TypeError, AttributeError):
        return set()
    known: set[str] = set()

    def look() -> None:
        known.update(rules.public_cards(hand))
        if reader is not None and reader in hand.index:
            seen = rules.visible(hand, reader)
            if seen is not None:
                known.update(seen[0])
                if seen[1] is not None:
                    known.add(seen[1])

    look()
    for action in parsed.actions:
        try:
            hand.act(action.player, action.verb, action.amount)
        except GameError:
            break
        look()
    return known


def record_for(record: dict[str, Any], reader: str | None, *, in_play: bool) -> dict[str, Any]:
    """The record as ``reader`` may be given it (``None``: a reader who was not dealt in).

    ``in_play``: the deal's pack (or a blind hand kept from it) can still come into play.
    """
    out = copy.deepcopy(record)
    if not in_play:
        return out
    known = cards_known(record, reader)

    def shown(cards: Any) -> list[str] | None:
        if isinstance(cards, list) and cards and all(c in known for c in cards):
            return list(cards)
        return None

    hands = record.get("hands")
    out["hands"] = {n: shown(c) for n, c in hands.items()} if isinstance(hands, dict) else {}
    if out.get("retourne") is not None and out["retourne"] not in known:
        out["retourne"] = None
    for key in _PACK_KEYS:
        if key in out:
            out[key] = None
    kept = record.get("kept")
    if isinstance(kept, dict):
        out["kept"] = {n: shown(c) for n, c in kept.items()}
    out["actions"] = [_action_for(a, known) for a in record.get("actions", [])]
    fair = record.get("fair")
    if isinstance(fair, dict):
        out["fair"] = {**fair, "deck": None}
    out["partial"] = True
    return out


def _action_for(action: Any, known: set[str]) -> Any:
    """An action with the cards it names (a discard) hidden unless the reader saw them."""
    if (
        isinstance(action, list)
        and len(action) == 3
        and isinstance(action[2], list)
        and not all(isinstance(c, str) and c in known for c in action[2])
    ):
        return [action[0], action[1], None]
    return copy.deepcopy(action)
