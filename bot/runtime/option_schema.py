"""Every table option a player may set, defined once (docs/options.md).

The rules options are the engine's (:data:`bot.games.options.RULE_SPECS`); the runtime's are
below. One :class:`~bot.games.options.OptionSpec` per option gives its type, its bounds and
the games that have it; its default is :func:`default`; its help is the catalogue's
``option-help-<name>`` and each choice's meaning ``option-value-<name>-<value>``. From it come
the named parameters of ``/table create`` (their ``app_commands.Range`` bounds), the check of
the options a player types (:func:`check_typed`: ``/table create options:``,
``/table choose``, ``python -m bot.play --options``), the create autocomplete, ``/table
options`` and the table of docs/options.md (:func:`docs_table`, checked by a test).

A stored table is read by :class:`bot.runtime.settings.Settings`, which stays lenient (a
table created before a bound was tightened keeps loading); what a player types is held to
the bounds here.

>>> check_typed("brelan", {"turn_timeout": 0.5})
Traceback (most recent call last):
...
bot.runtime.errors.OptionRefused: The option `turn_timeout` takes a whole number of seconds ...
>>> check_typed("brag", {"cards": 4, "turn_timeout": 30})
{'cards': 4, 'turn_timeout': 30}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.options import (
    BRELAN_GAMES,
    GAMES,
    MAX_OPTION_CHIPS,
    OptionSpec,
    parse_options,
    rule_specs,
)
from bot.runtime.errors import TableError
from bot.runtime.settings import (
    DEFAULT_RESEED_EVERY,
    DEFAULT_SIT_OUT_HANDS,
    DEFAULT_TURN_TIMEOUT,
    MAX_CAVE,
    MAX_NEXT_HAND_DELAY,
    MAX_RESEED_EVERY,
    MAX_TURN_TIMEOUT,
    NOTIFY_MODES,
    default_cave,
    default_seats,
    seat_range,
)

#: The shortest turn a player may choose (a shorter one folds players before they can read).
MIN_TURN_TIMEOUT = 10
#: Hands a player may sit out before he loses his seat, and the most agreed hands.
MAX_SIT_OUT_HANDS = 100
MAX_AGREED_HANDS = 10_000
#: Seconds between a showdown and the next deal at a table opened by /table create.
CREATE_NEXT_HAND_DELAY = 5
#: The most seats of any game (Brag's three-card limit); each game has its own (seat_range).
MOST_SEATS = max(seat_range(g, {})[1] for g in GAMES)

_BRELAN: tuple[str, ...] = ("brelan",)

#: The runtime's options a player may set (bot/runtime/settings.py reads them).
RUNTIME_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("turn_timeout", "count", "seconds", MIN_TURN_TIMEOUT, int(MAX_TURN_TIMEOUT)),
    OptionSpec("cave", "count", "chips", 1, MAX_CAVE),
    OptionSpec("seats", "count", "seats", 2, MOST_SEATS),
    OptionSpec("sit_out_hands", "count", "hands", 1, MAX_SIT_OUT_HANDS),
    OptionSpec("auto_deal", "flag"),
    OptionSpec("next_hand_delay", "count", "seconds", 0, int(MAX_NEXT_HAND_DELAY)),
    OptionSpec("notify", "choice", choices=NOTIFY_MODES),
    OptionSpec("reseed_every", "count", "deals", 1, MAX_RESEED_EVERY),
    OptionSpec("max_hands", "count_or_none", "hands", 1, MAX_AGREED_HANDS, games=_BRELAN),
    OptionSpec("replenish", "flag", games=_BRELAN),
    OptionSpec("staked", "flag", games=_BRELAN),
    OptionSpec("dealers_choice", "flag", games=("brag",)),
    OptionSpec("practice", "flag"),
    OptionSpec("talk", "flag"),
)
_RUNTIME = {s.name: s for s in RUNTIME_SPECS}

#: The named parameters of /table create and the option each sets.
NAMED = {"seats": "seats", "cave": "cave", "ante": "ante", "turn_timer": "turn_timeout"}


def specs(game: str) -> dict[str, OptionSpec]:
    """Every option of a game a player may set: its rules options, then the runtime's."""
    return {**rule_specs(game), **{s.name: s for s in RUNTIME_SPECS if game in s.games}}


def spec(name: str) -> OptionSpec:
    """An option's definition, whatever the game (for a name shared by several, such as
    ``deck``, the widest: the bounds of a named parameter)."""
    if name in _RUNTIME:
        return _RUNTIME[name]
    found = [s for g in GAMES for s in rule_specs(g).values() if s.name == name]
    if not found:
        raise KeyError(name)
    return max(found, key=lambda s: (s.high, len(s.choices)))


def default(game: str, name: str) -> Any:
    """What a table opened by /table create has when the option is not given."""
    rules = parse_options(game).to_dict()
    if name in rules:
        return rules[name]
    return {
        "turn_timeout": int(DEFAULT_TURN_TIMEOUT),
        "cave": default_cave(game),
        "seats": default_seats(game),
        "sit_out_hands": DEFAULT_SIT_OUT_HANDS,
        "auto_deal": True,
        "next_hand_delay": CREATE_NEXT_HAND_DELAY,
        "notify": NOTIFY_MODES[0],
        "reseed_every": DEFAULT_RESEED_EVERY,
        "max_hands": None,
        "replenish": False,
        "staked": False,
        "dealers_choice": False,
        "practice": False,
        "talk": True,
    }[name]


def refusal(option: OptionSpec, value: Any) -> TableError:
    """Why a typed value is not one the option takes, in words (never a Python value)."""
    name = option.name
    if option.kind == "flag":
        return TableError("option-boolean", option=name)
    if option.kind == "choice":
        shown = ", ".join(f"`{v}`" for v in option.choices)
        return TableError("option-choice", option=name, value=str(value)[:40], choices=shown)
    return TableError(
        "option-count",
        option=name,
        unit=option.unit,
        low=option.low,
        high=option.high,
        none="yes" if option.kind == "count_or_none" else "no",
    )


def check_typed(game: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The options a player typed, each held to its definition; refused in words.

    An option of another game is left to the table's own check, which names the game that
    has it (``max_hands``: "Only Brelan plays an agreed number of hands").
    """
    mine = specs(game)
    known = {s.name for g in GAMES for s in specs(g).values()}
    out: dict[str, Any] = {}
    for name, value in raw.items():
        option = mine.get(name)
        if option is None and name not in known:
            raise TableError(
                "option-unknown",
                game=game,
                option=str(name)[:40],
                options=", ".join(f"`{n}`" for n in mine),
            )
        if option is not None and not option.accepts(value):
            raise refusal(option, value)
        out[name] = None if value == "none" and option and option.kind != "choice" else value
    return out


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return "none" if value is None else str(value)


def docs_table() -> str:
    """The Markdown table of docs/options.md: every option, its values, its defaults."""
    rows = [
        "| option | values | Brelan | Bouillotte | Brag |",
        "|---|---|---|---|---|",
    ]
    names: dict[str, None] = {}
    for game in GAMES:
        names.update(dict.fromkeys(specs(game)))
    for name in names:
        per_game = {g: specs(g).get(name) for g in GAMES}
        first = next(s for s in per_game.values() if s is not None)
        if first.kind == "flag":
            values = "`on`, `off`"
        elif first.kind == "choice":
            values = " / ".join(
                ", ".join(f"`{v}`" for v in s.choices)
                for s in dict.fromkeys(s for s in per_game.values() if s is not None)
            )
        elif name == "seats":
            brelan, brag = seat_range("brelan", {}), seat_range("brag", {})
            four, five = (seat_range("brag", {"cards": k})[1] for k in (4, 5))
            values = (
                f"{brelan[0]} to {brelan[1]} seats; Brag {brag[0]} to {brag[1]} "
                f"({four} with four cards, {five} with five)"
            )
        else:
            values = f"{first.low:,} to {first.high:,} {first.unit}"
            if first.kind == "count_or_none":
                values += ", or `none`"
        cells = ["—" if per_game[g] is None else f"`{_cell(default(g, name))}`" for g in GAMES]
        rows.append(f"| `{name}` | {values} | {' | '.join(cells)} |")
    return "\n".join(rows) + "\n"


__all__ = [
    "BRELAN_GAMES",
    "CREATE_NEXT_HAND_DELAY",
    "MAX_OPTION_CHIPS",
    "MIN_TURN_TIMEOUT",
    "MOST_SEATS",
    "NAMED",
    "RUNTIME_SPECS",
    "check_typed",
    "default",
    "docs_table",
    "refusal",
    "spec",
    "specs",
]
