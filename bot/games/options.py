"""Table options of SCENARIOS.md, with each game's defaults and validation.

>>> o = parse_options("bouillotte", {"carre": "forced"})
>>> o.carre, o.sans_plus, o.pot_rule, o.brelan_pay
('forced', True, 'single_suit', 2)
>>> parse_options("brelan", {"cards": 4})
Traceback (most recent call last):
...
bot.games.errors.OptionError: brelan has no option 'cards'; its options are: deck, ante, ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from bot.games.cards import PIQUET_PRESETS
from bot.games.errors import OptionError

GameName = Literal["brelan", "bouillotte", "brag"]
GAMES: tuple[str, ...] = ("brelan", "bouillotte", "brag")


@dataclass(frozen=True, slots=True)
class BrelanOptions:
    """Options of Brelan and Bouillotte (RULES.md §2-3)."""

    game: str = "brelan"
    deck: str = "28"
    ante: int = 1
    ante_by: str = "all"
    min_raise: str = "1"
    refait_dealer: str = "next"
    carre: str = "off"
    carre_chain: str = "academie"
    sans_plus: bool = False
    pot_rule: str = "recalculate"
    brelan_pay: int = 0
    square_pay: int = 0
    flambeau: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Only the options, without ``game``."""
        d = asdict(self)
        del d["game"]
        return d


@dataclass(frozen=True, slots=True)
class BragOptions:
    """Options of three-, four- and five-card Brag (RULES.md §4)."""

    game: str = "brag"
    deck: str = "52"
    ante: int = 1
    ante_by: str = "all"
    cards: int = 3
    min_bet: int = 1
    max_bet: int = 10
    max_raise: int | None = None
    blind_allowed: bool = True
    see_cost: str = "double"
    wild: str = "none"
    blind_keep: str = "keep"
    common_showdown: bool = False
    shuffle_every_hand: bool = False

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        del d["game"]
        return d


Options = BrelanOptions | BragOptions

_GAME_DEFAULTS: dict[str, dict[str, Any]] = {
    "brelan": {},
    "bouillotte": {
        "deck": "auto",
        "refait_dealer": "same",
        "carre": "free",
        "sans_plus": True,
        "pot_rule": "single_suit",
        "brelan_pay": 2,
        "square_pay": 4,
    },
    "brag": {},
}


#: The largest amount a table option may name (an ante, a bet limit, a payment).
MAX_OPTION_CHIPS = 1_000_000


def _chips(name: str) -> Callable[[Any], Any]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise OptionError(
                f"option {name} must be a whole number of chips, 0 or more",
                key="option-whole-chips",
                option=name,
            )
        if value > MAX_OPTION_CHIPS:
            raise OptionError(
                f"option {name} can be {MAX_OPTION_CHIPS} chips at most",
                key="option-chips-max",
                option=name,
                most=MAX_OPTION_CHIPS,
            )
        return value

    return check


def _choice(name: str, values: tuple[Any, ...]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        for v in values:
            if value == v and type(value) is type(v):
                return v
        # Accept numbers written as strings and the reverse, as JSON writers vary.
        for v in values:
            if str(value) == str(v) and not isinstance(value, bool):
                return v
        shown = ", ".join(str(v) for v in values)
        raise OptionError(
            f"option {name} cannot be {value!r}; choose one of: {shown}",
            key="option-choice",
            option=name,
            value=str(value),
            choices=shown,
        )

    return check


def _boolean(name: str) -> Callable[[Any], Any]:
    def check(value: Any) -> bool:
        if not isinstance(value, bool):
            raise OptionError(
                f"option {name} must be true or false", key="option-boolean", option=name
            )
        return value

    return check


def _optional_chips(name: str) -> Callable[[Any], Any]:
    inner = _chips(name)

    def check(value: Any) -> int | None:
        if value is None or value == "none":
            return None
        result: int = inner(value)
        if result == 0:
            raise OptionError(
                f"option {name} must be at least 1 chip, or none",
                key="option-chips-or-none",
                option=name,
            )
        return result

    return check


_BRELAN_CHECKS: dict[str, Callable[[Any], Any]] = {
    "deck": _choice("deck", (*PIQUET_PRESETS, "auto")),
    "ante": _chips("ante"),
    "ante_by": _choice("ante_by", ("all", "dealer")),
    "min_raise": _choice("min_raise", ("1", "last_raise")),
    "refait_dealer": _choice("refait_dealer", ("next", "same")),
    "carre": _choice("carre", ("off", "free", "forced")),
    "carre_chain": _choice("carre_chain", ("carre", "academie", "pagat")),
    "sans_plus": _boolean("sans_plus"),
    "pot_rule": _choice("pot_rule", ("recalculate", "single_suit", "fixed")),
    "brelan_pay": _chips("brelan_pay"),
    "square_pay": _chips("square_pay"),
    "flambeau": _boolean("flambeau"),
}

_BRAG_CHECKS: dict[str, Callable[[Any], Any]] = {
    "deck": _choice("deck", ("52",)),
    "ante": _chips("ante"),
    "ante_by": _choice("ante_by", ("all", "dealer")),
    "cards": _choice("cards", (3, 4, 5)),
    "min_bet": _chips("min_bet"),
    "max_bet": _chips("max_bet"),
    "max_raise": _optional_chips("max_raise"),
    "blind_allowed": _boolean("blind_allowed"),
    "see_cost": _choice("see_cost", ("double", "equal")),
    "wild": _choice(
        "wild",
        ("none", "twos", "black_twos", "one_eyed_jacks", "suicide_king", "joker", "two_jokers"),
    ),
    "blind_keep": _choice("blind_keep", ("keep", "face_up")),
    "common_showdown": _boolean("common_showdown"),
    "shuffle_every_hand": _boolean("shuffle_every_hand"),
}


def option_names(game: str) -> tuple[str, ...]:
    """The option names a game accepts."""
    return tuple(_BRAG_CHECKS if game == "brag" else _BRELAN_CHECKS)


def parse_options(game: str, raw: Mapping[str, Any] | None = None) -> Options:
    """Validate ``raw`` against the game's options and fill in its defaults."""
    if game not in GAMES:
        raise OptionError(f"unknown game {game!r}; the games are: {', '.join(GAMES)}")
    raw = dict(raw or {})
    checks = _BRAG_CHECKS if game == "brag" else _BRELAN_CHECKS
    values: dict[str, Any] = dict(_GAME_DEFAULTS[game])
    for name, value in raw.items():
        check = checks.get(name)
        if check is None:
            raise OptionError(
                f"{game} has no option {name!r}; its options are: {', '.join(checks)}",
                key="option-unknown",
                game=game,
                option=str(name),
                options=", ".join(checks),
            )
        values[name] = check(value)
    if game == "brag":
        brag = BragOptions(**values)
        if brag.min_bet < 1:
            raise OptionError("option min_bet must be at least 1 chip", key="option-min-bet")
        if brag.max_bet < brag.min_bet:
            raise OptionError("option max_bet must be at least min_bet", key="option-max-bet")
        return brag
    return BrelanOptions(game=game, **values)


def option_fields(options: Options) -> tuple[str, ...]:
    return tuple(f.name for f in fields(options) if f.name != "game")
