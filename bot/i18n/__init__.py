"""The one message catalogue: every text a player reads, in English and French.

Messages live in Fluent files (``bot/i18n/locales/<lang>/*.ftl``, Project Fluent syntax,
rendered by ``fluent.runtime``): a key, its parameters, plural forms by CLDR rules ("1 jeton",
"3 jetons"), numbers formatted for the language. Nothing else in the project writes a
sentence for a player.

>>> render("fr", "chips", n=1), render("fr", "chips", n=3), render("en", "chips", n=1)
('1 jeton', '3 jetons', '1 chip')
>>> render("fr", Message.of("chips", n=1500))
'1\u202f500 jetons'
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number
from fluent.syntax import FluentParser, ast

from bot.games.cards import SUIT_SYMBOLS as SUIT_SYMBOLS
from bot.i18n.message import Message, set_english
from bot.i18n.people import name_mentions

__all__ = ["LANGS", "Lang", "Message", "has", "keys", "lang_of", "render", "variables", "warm"]

log = logging.getLogger(__name__)

Lang = str  # "en" or "fr"
LANGS: tuple[Lang, ...] = ("en", "fr")
LOCALES = Path(__file__).resolve().parent / "locales"


def lang_of(locale: object) -> Lang:
    """``"fr"`` for any French locale (``fr``, ``fr-FR``, a discord.Locale), else ``"en"``.

    >>> lang_of("fr"), lang_of("en-US"), lang_of(None)
    ('fr', 'en', 'en')
    """
    return "fr" if locale is not None and str(locale).lower().startswith("fr") else "en"


def resources(lang: Lang) -> list[Path]:
    """The catalogue files of a language, in a fixed order."""
    return sorted((LOCALES / lang).glob("*.ftl"))


@cache
def _bundle(lang: Lang) -> FluentBundle:
    bundle = FluentBundle([lang], use_isolating=False)
    for path in resources(lang):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


@cache
def keys(lang: Lang) -> frozenset[str]:
    """Every message key of a language's catalogue."""
    return frozenset(variables(lang))


@cache
def variables(lang: Lang) -> dict[str, frozenset[str]]:
    """Each message key of a language with the parameters (``$name``) it uses."""
    out: dict[str, frozenset[str]] = {}
    for path in resources(lang):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                names: set[str] = set()
                _collect(entry, names)
                out[entry.id.name] = frozenset(names)
    return out


def _collect(node: Any, names: set[str]) -> None:
    if isinstance(node, ast.VariableReference):
        names.add(node.id.name)
    if isinstance(node, ast.BaseNode):
        for value in vars(node).values():
            for child in value if isinstance(value, list) else [value]:
                _collect(child, names)


def warm() -> None:
    """Read every language's catalogue now (a start-up step): read on first use instead,
    each costs the event loop tens of milliseconds in one go, while the tables play."""
    for lang in LANGS:
        _bundle(lang)
        variables(lang)


def has(key: str) -> bool:
    """Whether the key exists in every language."""
    return all(key in keys(lang) for lang in LANGS)


def plain_card(code: str) -> str:
    """A card as text: ``"Ts"`` is ``"10♠"``, a joker ``"🃏"``.

    >>> plain_card("Ts"), plain_card("Ah"), plain_card("X1")
    ('10♠', 'A♥', '🃏')
    """
    if code.startswith("X"):
        return "🃏"
    rank = "10" if code[0] == "T" else code[0]
    return f"{rank}{SUIT_SYMBOLS.get(code[1:2], code[1:2])}"


_card_writer: Callable[[str], str] = plain_card


def set_card_writer(writer: Callable[[str], str]) -> None:
    """How a ``card`` message is written (the Discord layer sets its card emojis)."""
    global _card_writer
    _card_writer = writer
    _said.clear()  # a text may hold a card written the old way


def render(lang: Lang, message: Message | str, /, **params: Any) -> str:
    """The message in ``lang``; a key may be given with its parameters as keywords.

    The built-in message ``card`` (parameter ``code``) is a card, written by the card
    writer. An unknown key or a missing parameter is logged and rendered in English, never
    shown raw.
    """
    if isinstance(message, Message):
        key, values = message.key, {**message.params, **params}
    else:
        key, values = message, params
    if key == "card":
        return _card_writer(str(values.get("code", "")))
    lang = lang if lang in LANGS else "en"
    try:
        cache_key = (lang, key, tuple(sorted((k, type(v), v) for k, v in values.items())))
        said = _said.get(cache_key)
    except TypeError:  # a parameter no cache can hold (a nested Message): formatted anew
        return _format(lang, key, values)[0]
    if said is None:
        said, clean = _format(lang, key, values)
        if clean:  # a text that logged an error is formatted (and logged) again next time
            if len(_said) >= SAID_KEPT:
                _said.clear()
            _said[cache_key] = said
    return said


#: Texts already formatted, by language, key and parameters (a page, a log, a table
#: message write the same words many times); at most :data:`SAID_KEPT`.
_said: dict[tuple[str, str, tuple[tuple[str, type, Any], ...]], str] = {}
SAID_KEPT = 16384


def _format(lang: Lang, key: str, values: dict[str, Any]) -> tuple[str, bool]:
    """The text, and whether it was formatted without an error."""
    for attempt in (lang, "en"):
        bundle = _bundle(attempt)
        if not bundle.has_message(key):
            continue
        pattern = bundle.get_message(key).value
        if pattern is None:
            continue
        text, errors = bundle.format_pattern(pattern, _fluent_args(attempt, values))
        if errors:
            log.error("message %s (%s): %s", key, attempt, errors)
            if attempt != "en":
                continue
        # a house player is named, never mentioned
        return name_mentions(str(text)), not errors and attempt == lang
    log.error("unknown message key %s", key)
    return "…", False


set_english(lambda message: render("en", message))  # str(Message), str(Refusal)

#: Parameters that hold a Discord id: written as digits, never as a grouped number.
ID_PARAMS = frozenset({"user", "by", "owner", "winner", "member", "channel", "guild"})
#: Numbers that name something (a hand, a table, a seat): never grouped ("hand 1001").
NAMING_PARAMS = frozenset({"hand", "table", "seat", "place", "t", "tournament"})


def _fluent_args(lang: Lang, values: dict[str, Any]) -> dict[str, Any]:
    """Fluent takes strings and numbers: a nested :class:`Message` is rendered in the same
    language, an id is kept as digits, anything else is written as text."""
    out: dict[str, Any] = {}
    for k, v in values.items():
        if isinstance(v, Message):
            out[k] = render(lang, v)
        elif k in ID_PARAMS or isinstance(v, bool) or not isinstance(v, int | float | str):
            out[k] = str(v)
        elif k in NAMING_PARAMS and isinstance(v, int):
            out[k] = fluent_number(v, useGrouping=False)
        else:
            out[k] = v
    return out
