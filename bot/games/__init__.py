"""The rules engine: the games as pure state machines (no discord, no storage, no runtime).

The games this package plays are declared here, once: importing ``bot.games`` (which importing
any of its modules does first) registers Brelan, Bouillotte and Brag in
:mod:`bot.games.registry`, in the order ``/table create`` offers them. Everything else asks
the registry.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games import brag, brag_session, brelan, session
from bot.games.options import (
    BOUILLOTTE_DEFAULTS,
    BRAG_RULES,
    BRELAN_RULES,
    BragOptions,
    BrelanOptions,
    brag_limits,
)
from bot.games.registry import GameSpec, register

#: Brag's standard cave (docs/rules.md is silent; ten maximum bets at the default limits).
BRAG_CAVE = 100


def _brelan_game(name: str, title: str, colour: int) -> GameSpec:
    """Brelan and Bouillotte: one engine (:class:`~bot.games.brelan.BrelanHand`), three cards
    each and the retourne; Bouillotte changes some defaults and the table around it."""
    return GameSpec(
        name=name,
        title=title,
        hand=brelan.BrelanHand,
        start_hand=brelan.start_hand,
        options=BrelanOptions,
        rules=BRELAN_RULES,
        verbs=brelan.VERBS,
        deck=brelan.deck_for,
        cards=lambda options: 3,
        retourne=True,
        min_seats=brelan.MIN_PLAYERS,
        most_seats=lambda options: brelan.MAX_PLAYERS[options.game],
        seats=session.DEFAULT_SEATS[name],
        cave=session.DEFAULT_CAVE[name],
        colour=colour,
        runtime="bot.runtime.games:BrelanRules",
        house="bot.house.view:brelan_view",
    )


def _brag_seats(options: BragOptions) -> int:
    """The engine's limit (17 players of three-card Brag, 10 of four or five cards), and never
    more than the pack can deal while a kept blind hand lies on the table."""
    pack = len(brag.brag_deck(options))
    return min(brag.MAX_PLAYERS[options.cards], pack // options.cards - 1)


register(
    replace(
        _brelan_game("brelan", "Brelan", 0x1F6F43), agreed_hands=True, replenish=True, staked=True
    )
)
register(
    replace(
        _brelan_game("bouillotte", "Bouillotte", 0x8B1E2D), defaults=BOUILLOTTE_DEFAULTS, queue=True
    )
)
register(
    GameSpec(
        name="brag",
        title="Brag",
        hand=brag.BragHand,
        start_hand=brag.start_hand,
        options=BragOptions,
        rules=BRAG_RULES,
        check=brag_limits,
        verbs=brag.VERBS,
        deck=lambda options, players: brag.brag_deck(options),
        cards=lambda options: int(options.cards),
        min_seats=brag.MIN_PLAYERS,
        most_seats=_brag_seats,
        seats=brag_session.DEFAULT_MAX_SEATS,
        cave=BRAG_CAVE,
        extra_keys=brag.EXTRA_KEYS,
        text_prefix="brag",
        dealers_choice=True,
        colour=0x243B73,
        runtime="bot.runtime.games:BragRules",
        house="bot.house.view:brag_view",
    )
)
