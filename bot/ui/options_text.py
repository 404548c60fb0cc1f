"""Table options in words: what each does (``option-help-<name>``) and the values one may
type at ``/table create`` (its ``options`` autocomplete)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.cards import PIQUET_PRESETS
from bot.games.options import option_names, parse_options
from bot.i18n import has, render
from bot.runtime.errors import TableError
from bot.ui.i18n import Lang

#: The values of the options that take a word (booleans are on/off).
CHOICES: dict[str, tuple[str, ...]] = {
    "deck": (*PIQUET_PRESETS, "auto"),
    "ante_by": ("all", "dealer"),
    "min_raise": ("1", "last_raise"),
    "refait_dealer": ("next", "same"),
    "carre": ("off", "free", "forced"),
    "carre_chain": ("carre", "academie", "pagat"),
    "pot_rule": ("recalculate", "single_suit", "fixed"),
    "cards": ("3", "4", "5"),
    "see_cost": ("double", "equal"),
    "wild": (
        "none", "twos", "black_twos", "one_eyed_jacks", "suicide_king", "joker", "two_jokers",
    ),
    "blind_keep": ("keep", "face_up"),
    "notify": ("mention", "dm", "off"),
}  # fmt: skip

#: Runtime options a player may set, per game, with a typical value.
RUNTIME: dict[str, Any] = {
    "turn_timeout": 60,
    "cave": 30,
    "seats": 5,
    "auto_deal": True,
    "next_hand_delay": 5,
    "sit_out_hands": 3,
    "notify": "mention",
    "reseed_every": 20,
}
BRELAN_ONLY: dict[str, Any] = {"max_hands": 20, "replenish": True, "staked": True}
BRAG_ONLY: dict[str, Any] = {"dealers_choice": True}
#: What the table keeps in its options for itself: never listed to players.
INTERNAL = ("runtime", "next_deal_at", "closing", "choice", "last_choice")


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


def current_lines(lang: Lang, options: Mapping[str, Any]) -> list[str]:
    """One line per option: its name, its value and what it does."""
    return [
        render(lang, "option-current", name=name, value=word(value), help=explain(lang, name))
        for name, value in sorted(options.items())
        if name not in INTERNAL
    ]


def suggestions(game: str) -> list[tuple[str, str]]:
    """(option, value) pairs worth offering for a game: every value of a word option, on
    and off for a flag, the default for a number."""
    defaults = parse_options(game).to_dict()
    extra = dict(RUNTIME)
    if game == "brelan":
        extra.update(BRELAN_ONLY)
    if game == "brag":
        extra.update(BRAG_ONLY)
    out: list[tuple[str, str]] = []
    for name in (*option_names(game), *extra):
        default = defaults.get(name, extra.get(name))
        if name in CHOICES:
            out.extend((name, v) for v in CHOICES[name])
        elif isinstance(default, bool):
            out.extend([(name, "on"), (name, "off")])
        else:
            out.append((name, word(default)))
    return out


#: Options whose values include the words "on"/"off" (the carre is off, free or forced).
WORD_VALUED = frozenset({"carre", "notify"})


def parse_table_options(text: str | None) -> dict[str, Any]:
    """``"carre=forced pot_rule=split"`` as a dict; numbers and true/false are typed.

    >>> parse_table_options("carre=forced min_raise=2 flambeau=true")
    {'carre': 'forced', 'min_raise': 2, 'flambeau': True}
    >>> parse_table_options("carre=off flambeau=off")  # "off" is one of the carre's choices
    {'carre': 'off', 'flambeau': False}
    """
    out: dict[str, Any] = {}
    for word in (text or "").replace(",", " ").split():
        if "=" not in word:
            raise TableError("refuse-options-format", word=word)
        key, value = word.split("=", 1)
        key = key.strip().lower()
        lowered = value.lower()
        typed: Any = value
        if key in WORD_VALUED and lowered in ("on", "off"):
            typed = lowered
        elif lowered in ("true", "yes", "on", "oui"):
            typed = True
        elif lowered in ("false", "no", "off", "non"):
            typed = False
        elif value.lstrip("-").isdigit():
            typed = int(value)
        out[key] = typed
    return out
