"""Full public states (:class:`bot.runtime.public.PublicState`) and showdown reports
(:class:`~bot.runtime.public.ShowdownReport`) from the few keys a test sets: the renderers
read every required key with ``[key]``, so a test's partial state is completed here with the
values of a quiet table (no hand, nothing pending)."""

from __future__ import annotations

from typing import Any, cast

from bot.runtime.public import (
    PlayerView,
    PublicHand,
    PublicState,
    SeatView,
    ShowdownReport,
    quiet_state,
)


def seat(k: int = 0, **keys: Any) -> SeatView:
    """A seat, ``seat`` numbered from ``k`` when not given."""
    return cast(SeatView, {"seat": k + 1, "user": k + 1, "stack": 0, **keys})


def player(**keys: Any) -> PlayerView:
    """A player of the hand: nothing staked, in, cards unseen, unless given."""
    out = {"name": "1", "stack": 0, "stake": 0, "folded": False, "cards": None, **keys}
    return cast(PlayerView, out)


def hand(**keys: Any) -> PublicHand:
    """A hand in its betting, its players completed by :func:`player`."""
    out: dict[str, Any] = {
        "id": 1,
        "no": 1,
        "legal": [],
        "actions": 0,
        "deadline": None,
        "phase": "betting",
        "to_act": None,
        "players": [],
        **keys,
    }
    out["players"] = [player(**p) for p in out["players"]]
    return cast(PublicHand, out)


def public_state(**keys: Any) -> PublicState:
    """A table's public state from ``keys``: ``seats`` and ``hand`` (a dict, or None) are
    completed by :func:`seat` and :func:`hand`."""
    out: dict[str, Any] = {**quiet_state(1), **keys}
    out["seats"] = [seat(k, **s) for k, s in enumerate(out["seats"])]
    if out["hand"] is not None:
        out["hand"] = hand(**out["hand"])
    return cast(PublicState, out)


def showdown_report(**keys: Any) -> ShowdownReport:
    """A finished hand's showdown from ``keys``: ``view`` (a dict) is a finished hand's view
    with its players completed by :func:`player`; nothing paid unless given."""
    view: dict[str, Any] = {
        "phase": "finished",
        "to_act": None,
        "players": [],
        **keys.pop("view", {}),
    }
    view["players"] = [player(**p) for p in view["players"]]
    out: dict[str, Any] = {
        "hand_no": 1,
        "game": "brelan",
        "view": view,
        "combos": {},
        "finished": True,
        "stacks": {},
        "pots": [],
        "payments": [],
        "carried": 0,
        **keys,
    }
    return cast(ShowdownReport, out)
