"""Table options in words: what each does (``option-help-<name>``), what each value of a
word option means (``option-value-<name>-<value>``), the values one may type at ``/table
create`` (its ``options`` autocomplete), and the options text itself (``key=value …``).

Every option comes from its one definition, ``bot.runtime.option_schema`` (docs/options.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.games import registry
from bot.i18n import Lang, has, render
from bot.runtime.errors import TableError
from bot.runtime.option_schema import RUNTIME_SPECS, check_typed, default, specs

#: The values of the options that take a word (booleans are on/off), every game together.
CHOICES: dict[str, tuple[str, ...]] = {}
for _game in registry.names():
    for _spec in specs(_game).values():
        if _spec.kind == "choice":
            known = CHOICES.get(_spec.name, ())
            CHOICES[_spec.name] = (*known, *(str(v) for v in _spec.choices if str(v) not in known))

#: What the table keeps in its options for itself: never listed to players.
INTERNAL = ("runtime", "next_deal_at", "closing", "choice", "last_choice", "departed")
#: The runtime options a player may set (the rest are the game's rules).
RUNTIME: tuple[str, ...] = tuple(s.name for s in RUNTIME_SPECS)


def word(value: Any) -> str:
    """An option's value as a player types it.

    >>> word(True), word(None), word(12), word("free")
    ('on', 'none', '12', 'free')
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    return "none" if value is None else str(value)


def explain(lang: Lang, name: str) -> str:
    """What an option does, in the reader's language."""
    key = f"option-help-{name}"
    return render(lang, key) if has(key) else name


def meaning(lang: Lang, name: str, value: Any) -> str | None:
    """What one value of a word option means, in the reader's language (None for numbers
    and flags, which the option's help explains).

    >>> meaning("fr", "pot_rule", "single_suit")
    'la couleur gagnante du premier étage reste la seule'
    """
    key = f"option-value-{name}-{word(value)}"
    return render(lang, key) if has(key) else None


def current_lines(lang: Lang, options: Mapping[str, Any]) -> list[str]:
    """One line per option: its name and value as code, what the value means, what the
    option does; never a raw value in the prose."""
    out = []
    for name, value in sorted(options.items()):
        if name in INTERNAL:
            continue
        said = meaning(lang, name, value)
        key = "option-current" if said is None else "option-current-meaning"
        shown = {"name": name, "value": word(value), "help": explain(lang, name)}
        out.append(render(lang, key, **shown, **({} if said is None else {"meaning": said})))
    return out


def suggestions(game: str) -> list[tuple[str, str]]:
    """(option, value) pairs worth offering for a game: every value of a word option, on
    and off for a flag, the default for a number (or its lowest, when it has none)."""
    out: list[tuple[str, str]] = []
    for name, spec in specs(game).items():
        if spec.kind == "choice":
            out.extend((name, str(v)) for v in spec.choices)
        elif spec.kind == "flag":
            out.extend([(name, "on"), (name, "off")])
        else:
            value = default(game, name)
            out.append((name, word(spec.low if value is None else value)))
    return out


def suggestion_help(lang: Lang, name: str, value: str) -> str:
    """The words after ``name=value`` in the autocomplete: what the value means, else what
    the option does."""
    return meaning(lang, name, value) or explain(lang, name)


#: Options whose values include the words "on"/"off" (the carre is off, free or forced).
WORD_VALUED = frozenset({"carre", "notify"})
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
#: Options are separated by spaces, or by commas before the next ``key=`` ("cave=2,5" is
#: one option with a decimal, refused as such; "carre=free,flambeau=on" two).
SEPARATOR = re.compile(r"\s+|,(?=[^\s,=]+=)")


def parse_table_options(text: str | None, game: str | None = None) -> dict[str, Any]:
    """``"carre=forced pot_rule=split"`` as a dict; whole numbers and on/off are typed.

    With ``game``, each option is held to its definition (``check_typed``): a decimal, a
    word or a number out of bounds is refused in words, as the named parameters are.

    >>> parse_table_options("carre=forced min_raise=2 flambeau=true")
    {'carre': 'forced', 'min_raise': 2, 'flambeau': True}
    >>> parse_table_options("carre=off flambeau=off")  # "off" is one of the carre's choices
    {'carre': 'off', 'flambeau': False}
    >>> parse_table_options("turn_timeout=0.5", "brelan")
    Traceback (most recent call last):
    ...
    bot.runtime.errors.OptionRefused: The option `turn_timeout` takes a whole number of seconds ...
    """
    out: dict[str, Any] = {}
    for piece in SEPARATOR.split((text or "").strip()):
        if not piece:
            continue
        key, _, value = piece.partition("=")
        key = key.strip().lower()
        if not key or "=" not in piece:
            raise TableError("refuse-options-format", word=piece[:40])
        lowered = value.lower()
        typed: Any = value
        if key in WORD_VALUED and lowered in ("on", "off"):
            typed = lowered
        elif lowered in ("true", "yes", "on", "oui"):
            typed = True
        elif lowered in ("false", "no", "off", "non"):
            typed = False
        elif WHOLE_NUMBER.fullmatch(value):
            typed = int(value)
        out[key] = typed
    return out if game is None else check_typed(game, out)
