"""Numbers and their nouns agree in every message, in both languages: every key is written
with each of its parameters at 0, 1 and 2, and no text says "1 cards", "2 carte" or, in
French, "0 cartes" (French counts 0 as one: "0 carte", or better "aucune carte")."""

from __future__ import annotations

import re
from functools import cache

import pytest
from fluent.syntax import FluentParser, ast

from bot.i18n import LANGS, render, resources, variables

#: The counted nouns of each language: plural → singular.
NOUNS = {
    "en": {
        "cards": "card", "chips": "chip", "players": "player", "hands": "hand", "days": "day",
        "minutes": "minute", "seconds": "second", "characters": "character", "seats": "seat",
        "points": "point", "tables": "table", "deals": "deal", "levels": "level",
        "members": "member", "gifts": "gift", "others": "other", "places": "place",
    },
    "fr": {
        "cartes": "carte", "jetons": "jeton", "joueurs": "joueur", "donnes": "donne",
        "jours": "jour", "minutes": "minute", "secondes": "seconde", "caractères": "caractère",
        "places": "place", "points": "point", "tables": "table", "inscrits": "inscrit",
        "autres": "autre", "derniers": "dernier", "dernières": "dernière", "paliers": "palier",
        "membres": "membre", "dons": "don",
    },
}  # fmt: skip
#: Words that may stand between a number and its noun ("5 house players").
BETWEEN = r"(?:(?:house|tournament|more|other|play|last) )?"
SPACE = "[ \u00a0\u202f]"
#: The CLDR plural categories a variant may be named by (not a choice of words).
PLURALS = frozenset({"zero", "one", "two", "few", "many", "other"})
#: Parameters that name someone or something, never a count ("Berthe deals").
NAMES = frozenset({"dealer", "giver", "game", "who", "w", "player", "admin"})


def _said(lang: str, key: str, names: frozenset[str], name: str, n: int, **chosen: str) -> str:
    params: dict[str, object] = {other: 7 for other in names}
    params.update(chosen)
    params[name] = n
    return render(lang, key, **params)


@cache
def _choices(lang: str) -> dict[str, dict[str, frozenset[str]]]:
    """Per key, each parameter that picks a variant by name (``$unit``: ``hands``,
    ``minutes``) with those names: each is tried, a count may hide in any variant."""
    out: dict[str, dict[str, frozenset[str]]] = {}
    for path in resources(lang):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message):
                found: dict[str, set[str]] = {}
                _variants(entry, found)
                out[entry.id.name] = {k: frozenset(v) for k, v in found.items()}
    return out


def _variants(node: object, found: dict[str, set[str]]) -> None:
    if isinstance(node, ast.SelectExpression) and isinstance(node.selector, ast.VariableReference):
        for variant in node.variants:
            if isinstance(variant.key, ast.Identifier) and variant.key.name not in PLURALS:
                found.setdefault(node.selector.id.name, set()).add(variant.key.name)
    if isinstance(node, ast.BaseNode):
        for value in vars(node).values():
            for child in value if isinstance(value, list) else [value]:
                _variants(child, found)


def _agreement_faults(lang: str) -> list[tuple[str, str, str]]:
    faults = []
    plural = NOUNS[lang]
    wrong = {
        0: plural.values() if lang == "en" else plural,  # "0 chips", "0 jeton"
        1: plural,
        2: plural.values(),
    }
    patterns = {
        n: re.compile(rf"(?<![\d.,\u202f\w]){n}{SPACE}{BETWEEN}(?:{'|'.join(nouns)})\b")
        for n, nouns in wrong.items()
    }
    for key, names in sorted(variables(lang).items()):
        picks: list[dict[str, str]] = [{}] + [
            {selector: word}
            for selector, words in sorted(_choices(lang).get(key, {}).items())
            for word in sorted(words)
        ]
        for name in sorted(names - NAMES):
            for chosen in picks:
                if name in chosen:
                    continue
                for n, pattern in patterns.items():
                    found = pattern.search(_said(lang, key, names, name, n, **chosen))
                    if found:
                        faults.append((key, name, found.group(0)))
    return sorted(set(faults))


@pytest.mark.parametrize("lang", LANGS)
def test_every_number_agrees_with_its_noun(lang: str) -> None:
    assert _agreement_faults(lang) == []


def test_a_count_of_zero_is_never_written_as_one() -> None:
    """Where English tells 0 from 1 ("0 hands played", "1 hand played"), French does too:
    never "une donne jouée" after no hand."""
    en, fr = variables("en"), variables("fr")
    faults = []
    for key, names in sorted(en.items()):
        for name in sorted(names):
            english = {n: _said("en", key, names, name, n) for n in (0, 1)}
            french = {n: _said("fr", key, fr[key], name, n) for n in (0, 1)}
            if (english[0] == english[1]) != (french[0] == french[1]):
                faults.append((key, name, english[0], french[0]))
    assert faults == []
