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


#: The two Brelan games (they share their options; Bouillotte changes some defaults).
BRELAN_GAMES: tuple[str, ...] = ("brelan", "bouillotte")

OptionKind = Literal["count", "count_or_none", "choice", "flag"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option, once: how it is typed, its bounds, the games that have it.

    ``count``: a whole number of ``unit`` (chips, seconds, hands, seats, deals) from ``low``
    to ``high``; ``count_or_none`` the same or ``none``; ``choice`` one of ``choices``;
    ``flag`` on or off. What it does is the catalogue's ``option-help-<name>``, what each
    choice means ``option-value-<name>-<value>`` (docs/options.md).
    """

    name: str
    kind: OptionKind
    unit: str = "chips"
    low: int = 0
    high: int = 0
    choices: tuple[Any, ...] = ()
    games: tuple[str, ...] = GAMES

    def accepts(self, value: Any) -> bool:
        """Whether a typed value is one this option takes (numbers are whole numbers).

        >>> spec = OptionSpec("ante", "count", low=0, high=10)
        >>> spec.accepts(3), spec.accepts(11), spec.accepts(0.5), spec.accepts(True)
        (True, False, False, False)
        """
        if self.kind == "flag":
            return isinstance(value, bool)
        if self.kind == "choice":
            return any(str(value) == str(v) and not isinstance(value, bool) for v in self.choices)
        if self.kind == "count_or_none" and value in (None, "none"):
            return True
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.low <= value <= self.high
        )


def _chip_count(name: str, low: int = 0, games: tuple[str, ...] = GAMES) -> OptionSpec:
    return OptionSpec(name, "count", "chips", low, MAX_OPTION_CHIPS, games=games)


def _pick(name: str, choices: tuple[Any, ...], games: tuple[str, ...] = GAMES) -> OptionSpec:
    return OptionSpec(name, "choice", choices=choices, games=games)


def _flag(name: str, games: tuple[str, ...] = GAMES) -> OptionSpec:
    return OptionSpec(name, "flag", games=games)


_BRAG: tuple[str, ...] = ("brag",)

#: Every rules option of every game: the one definition the engine's checks, the Discord
#: commands, the options text, the autocomplete and docs/options.md are made from.
RULE_SPECS: tuple[OptionSpec, ...] = (
    _pick("deck", (*PIQUET_PRESETS, "auto"), BRELAN_GAMES),
    _pick("deck", ("52",), _BRAG),
    _chip_count("ante"),
    _pick("ante_by", ("all", "dealer")),
    _pick("min_raise", ("1", "last_raise"), BRELAN_GAMES),
    _pick("refait_dealer", ("next", "same"), BRELAN_GAMES),
    _pick("carre", ("off", "free", "forced"), BRELAN_GAMES),
    _pick("carre_chain", ("carre", "academie", "pagat"), BRELAN_GAMES),
    _flag("sans_plus", BRELAN_GAMES),
    _pick("pot_rule", ("recalculate", "single_suit", "fixed"), BRELAN_GAMES),
    _chip_count("brelan_pay", games=BRELAN_GAMES),
    _chip_count("square_pay", games=BRELAN_GAMES),
    _flag("flambeau", BRELAN_GAMES),
    _pick("cards", (3, 4, 5), _BRAG),
    _chip_count("min_bet", 1, _BRAG),
    _chip_count("max_bet", 1, _BRAG),
    OptionSpec("max_raise", "count_or_none", "chips", 1, MAX_OPTION_CHIPS, games=_BRAG),
    _flag("blind_allowed", _BRAG),
    _pick("see_cost", ("double", "equal"), _BRAG),
    _pick(
        "wild",
        ("none", "twos", "black_twos", "one_eyed_jacks", "suicide_king", "joker", "two_jokers"),
        _BRAG,
    ),
    _pick("blind_keep", ("keep", "face_up"), _BRAG),
    _flag("common_showdown", _BRAG),
    _flag("shuffle_every_hand", _BRAG),
)


def rule_specs(game: str) -> dict[str, OptionSpec]:
    """The rules options of a game, by name, in the order of :data:`RULE_SPECS`."""
    return {s.name: s for s in RULE_SPECS if game in s.games}


def _check_for(spec: OptionSpec) -> Callable[[Any], Any]:
    """The engine's check of one option (its errors name a catalogue key)."""
    if spec.kind == "choice":
        return _choice(spec.name, spec.choices)
    if spec.kind == "flag":
        return _boolean(spec.name)
    if spec.kind == "count_or_none":
        return _optional_chips(spec.name)
    return _chips(spec.name)


_BRELAN_CHECKS: dict[str, Callable[[Any], Any]] = {
    s.name: _check_for(s) for s in rule_specs("brelan").values()
}
_BRAG_CHECKS: dict[str, Callable[[Any], Any]] = {
    s.name: _check_for(s) for s in rule_specs("brag").values()
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
