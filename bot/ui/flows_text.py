"""The words of ``/admin flows``: each pair whose chips go one way, with its evidence."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.i18n import Lang, render
from bot.runtime.games import combo_message
from bot.storage.flows import FlowPair, StrongFold
from bot.ui.economy_text import chips


def holding_text(lang: Lang, fold: StrongFold) -> str:
    """The strong hand folded, in words ("brelan of kings", "pair K-K-7")."""
    try:
        facts = json.loads(fold.holding)
        return render(lang, combo_message(facts))
    except (ValueError, TypeError, AttributeError, KeyError):
        return "?"


def flow_lines(lang: Lang, pairs: Sequence[FlowPair]) -> list[str]:
    """One line per pair (giver → taker, the chips one way, the hands and gifts, what came
    back), then the giver's strong folds to the taker as hand ids (for ``/replay``).

    >>> from bot.storage.flows import ChipFlow
    >>> pair = FlowPair(1, 2, ChipFlow(1, 2, 700, 12, 100, 0.0), ChipFlow(2, 1, 50, 2, 0, 0.0),
    ...     [StrongFold(9, 1, 2, 40, '{"kind": "pair", "ranks": "K-K-7", "wilds": 0}', 0.0)])
    >>> print("\\n".join(flow_lines("en", [pair])))
    <@1> → <@2>: **650 chips** one way (600 chips in 12 hands, 100 chips in gifts; 50 chips back)
    - strong hands folded: #9 (pair K-K-7)
    """
    lines: list[str] = []
    for pair in pairs:
        out, back = pair.out, pair.back
        lines.append(
            render(
                lang,
                "admin-flows-pair",
                giver=f"<@{pair.giver}>",
                taker=f"<@{pair.taker}>",
                net=chips(lang, pair.net),
                won=chips(lang, out.chips - out.gifts),
                hands=out.hands,
                gifts=chips(lang, out.gifts),
                back=chips(lang, back.chips if back else 0),
            )
        )
        if pair.folds:
            folds = ", ".join(f"#{f.hand_id} ({holding_text(lang, f)})" for f in pair.folds)
            lines.append("- " + render(lang, "admin-flows-folds", folds=folds))
    return lines
