"""Hand history: a finished hand as a docs/scenarios.md file that replays to the same result.

What the file shows of the cards is decided by :func:`bot.runtime.disclosure.record_for`:
whole once the deal's pack is retired, only what the reader saw while it is in play.
"""

from __future__ import annotations

import json
from typing import Any

from bot.games.errors import GameError
from bot.games.replay import load_record, replay_json, replay_record
from bot.runtime.disclosure import record_for
from bot.runtime.games import GAME_RULES, RuntimeHand
from bot.runtime.public import ShowdownReport
from bot.storage.models import Hand


def scenario_of(hand: Hand, reader: str | None, *, in_play: bool) -> dict[str, Any]:
    """The record of a finished hand as ``reader`` may see it, plus ``"expect"``: its
    result. ``in_play``: the deal's pack can still come into play (see
    :func:`~bot.runtime.disclosure.record_for`)."""
    if hand.status != "finished":
        raise ValueError("only a finished hand can be exported")
    out = record_for(dict(hand.record), reader, in_play=in_play)
    out["expect"] = hand.result
    return out


def export_scenario(hand: Hand, reader: str | None, *, in_play: bool) -> str:
    """The scenario as the text of a file (JSON, two-space indent)."""
    return json.dumps(scenario_of(hand, reader, in_play=in_play), indent=2) + "\n"


def replays_to_expect(scenario: dict[str, Any]) -> bool:
    """Whether replaying the scenario gives its ``expect``."""
    expect = scenario.get("expect")
    raw = {k: v for k, v in scenario.items() if k != "expect"}
    return replay_json(raw) == expect


def showdown_of(hand: Hand) -> ShowdownReport | None:
    """A finished hand's showdown as its post told it (the presenter's
    :class:`~bot.runtime.public.ShowdownReport`: only what the showdown showed), rebuilt by
    replaying its record; None for a hand that did not end in a showdown or does not replay.
    """
    if hand.status != "finished" or hand.game not in GAME_RULES:
        return None
    try:
        played: RuntimeHand = replay_record(load_record(hand.record))  # type: ignore[assignment]
        report = GAME_RULES[hand.game].end_report(played, hand.hand_no).showdown
    except (GameError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None
    if report is not None:
        report["hand_id"] = hand.id
    return report
