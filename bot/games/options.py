"""Table options of docs/scenarios.md, with each game's defaults and validation.

>>> o = parse_options("bouillotte", {"carre": "forced"})
>>> o.carre, o.sans_plus, o.pot_rule, o.brelan_pay
('forced', True, 'single_suit', 2)
>>> parse_options("brelan", {"cards": 4})
Traceback (most recent call last):
...
bot.games.errors.OptionError: brelan has no option 'cards'; its options are: deck, ante, ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal, cast

from bot.games import registry
from bot.games.cards import PIQUET_PRESETS
from bot.games.errors import OptionError

#: The games (:data:`bot.games.registry.GAMES`, read at each use).
GAMES: Sequence[str] = registry.GAMES


@dataclass(frozen=True, slots=True)
class BrelanOptions:
    """Options of Brelan and Bouillotte (docs/rules.md §2-3)."""

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
    """Options of three-, four- and five-card Brag (docs/rules.md §4)."""

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


#: The options of the games of this package (a game registered elsewhere brings its own).
Options = BrelanOptions | BragOptions

#: Bouillotte's own defaults over :class:`BrelanOptions` (its registry entry's ``defaults``).
BOUILLOTTE_DEFAULTS: Mapping[str, Any] = {
    "deck": "auto",
    "refait_dealer": "same",
    "carre": "free",
    "sans_plus": True,
    "pot_rule": "single_suit",
    "brelan_pay": 2,
    "square_pay": 4,
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


#: The games played with :class:`BrelanOptions`: Brelan and Bouillotte, read at each use.
BRELAN_GAMES: Sequence[str] = registry.games_where(lambda g: g.options is BrelanOptions)

OptionKind = Literal["count", "count_or_none", "choice", "flag"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option, once: how it is typed, its bounds, the games that have it.

    ``count``: a whole number of ``unit`` (chips, seconds, hands, seats, deals) from ``low``
    to ``high``; ``count_or_none`` the same or ``none``; ``choice`` one of ``choices``;
    ``flag`` on or off. What it does is the catalogue's ``option-help-<name>``, what each
    choice means ``option-value-<name>-<value>`` (docs/options.md).

    ``games`` matters for the runtime's options (``bot.runtime.option_schema``): every game
    by default. A rules option belongs to the games whose registry entry lists it.
    """

    name: str
    kind: OptionKind
    unit: str = "chips"
    low: int = 0
    high: int = 0
    choices: tuple[Any, ...] = ()
    games: Sequence[str] = GAMES

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


def _chip_count(name: str, low: int = 0) -> OptionSpec:
    return OptionSpec(name, "count", "chips", low, MAX_OPTION_CHIPS)


def _pick(name: str, choices: tuple[Any, ...]) -> OptionSpec:
    return OptionSpec(name, "choice", choices=choices)


def _flag(name: str) -> OptionSpec:
    return OptionSpec(name, "flag")


_ANTE = _chip_count("ante")
_ANTE_BY = _pick("ante_by", ("all", "dealer"))

#: The rules options of Brelan and Bouillotte (docs/rules.md §2-3), in the order they are listed:
#: the one definition the engine's checks, the Discord commands, the options text, the
#: autocomplete and docs/options.md are made from. Their registry entries name them.
BRELAN_RULES: tuple[OptionSpec, ...] = (
    _pick("deck", (*PIQUET_PRESETS, "auto")),
    _ANTE,
    _ANTE_BY,
    _pick("min_raise", ("1", "last_raise")),
    _pick("refait_dealer", ("next", "same")),
    _pick("carre", ("off", "free", "forced")),
    _pick("carre_chain", ("carre", "academie", "pagat")),
    _flag("sans_plus"),
    _pick("pot_rule", ("recalculate", "single_suit", "fixed")),
    _chip_count("brelan_pay"),
    _chip_count("square_pay"),
    _flag("flambeau"),
)
#: The rules options of Brag (docs/rules.md §4), likewise.
BRAG_RULES: tuple[OptionSpec, ...] = (
    _pick("deck", ("52",)),
    _ANTE,
    _ANTE_BY,
    _pick("cards", (3, 4, 5)),
    _chip_count("min_bet", 1),
    _chip_count("max_bet", 1),
    OptionSpec("max_raise", "count_or_none", "chips", 1, MAX_OPTION_CHIPS),
    _flag("blind_allowed"),
    _pick("see_cost", ("double", "equal")),
    _pick(
        "wild",
        ("none", "twos", "black_twos", "one_eyed_jacks", "suicide_king", "joker", "two_jokers"),
    ),
    _pick("blind_keep", ("keep", "face_up")),
    _flag("common_showdown"),
    _flag("shuffle_every_hand"),
)


def brag_limits(options: BragOptions) -> None:
    """Brag's bet limits, checked together (its registry entry's ``check``)."""
    if options.min_bet < 1:
        raise OptionError("option min_bet must be at least 1 chip", key="option-min-bet")
    if options.max_bet < options.min_bet:
        raise OptionError("option max_bet must be at least min_bet", key="option-max-bet")


def rule_specs(game: str) -> dict[str, OptionSpec]:
    """The rules options of a game, by name, in the order its registry entry lists them."""
    return {s.name: s for s in registry.spec(game).rules}


def _check_for(spec: OptionSpec) -> Callable[[Any], Any]:
    """The engine's check of one option (its errors name a catalogue key)."""
    if spec.kind == "choice":
        return _choice(spec.name, spec.choices)
    if spec.kind == "flag":
        return _boolean(spec.name)
    if spec.kind == "count_or_none":
        return _optional_chips(spec.name)
    return _chips(spec.name)


#: Each game's checks, by option name, with the entry they were made for.
_CHECKS: dict[str, tuple[registry.GameSpec, dict[str, Callable[[Any], Any]]]] = {}


def _checks(game: registry.GameSpec) -> dict[str, Callable[[Any], Any]]:
    made = _CHECKS.get(game.name)
    if made is None or made[0] is not game:
        made = _CHECKS[game.name] = (game, {s.name: _check_for(s) for s in game.rules})
    return made[1]


def option_names(game: str) -> tuple[str, ...]:
    """The option names a game accepts."""
    return tuple(_checks(registry.spec(game)))


def parse_options(game: str, raw: Mapping[str, Any] | None = None) -> Options:
    """Validate ``raw`` against the game's options and fill in its defaults.

    The result is the game's options class (:data:`Options` for the games of this package).
    """
    entry = registry.spec(game)  # UnknownGame, an OptionError, for any other name
    raw = dict(raw or {})
    checks = _checks(entry)
    values: dict[str, Any] = dict(entry.defaults)
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
    options = entry.options(game=game, **values)
    if entry.check is not None:
        entry.check(options)
    return cast(Options, options)


def option_fields(options: Options) -> tuple[str, ...]:
    return tuple(f.name for f in fields(options) if f.name != "game")
