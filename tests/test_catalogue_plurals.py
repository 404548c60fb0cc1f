"""Numbers and their nouns agree in every message, in both languages: every key is written
with each of its parameters at 0, 1 and 2, and no text says "1 cards", "2 carte" or, in
French, "0 cartes" (French counts 0 as one: "0 carte", or better "aucune carte")."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGS, render, variables

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
#: Parameters that name someone or something, never a count ("Berthe deals").
NAMES = frozenset({"dealer", "giver", "game", "who", "w", "player", "admin"})


def _said(lang: str, key: str, names: frozenset[str], name: str, n: int) -> str:
    params: dict[str, object] = {other: 7 for other in names}
    params[name] = n
    return render(lang, key, **params)


def _agreement_faults(lang: str) -> list[tuple[str, str, str]]:
    faults = []
    plural = NOUNS[lang]
    wrong = {
        0: plural.values() if lang == "en" else plural,  # "0 chips", "0 jeton"
        1: plural,
        2: plural.values(),
    }
    for key, names in sorted(variables(lang).items()):
        for name in sorted(names - NAMES):
            for n, nouns in wrong.items():
                text = _said(lang, key, names, name, n)
                pattern = rf"(?<![\d.,\u202f\w]){n}{SPACE}{BETWEEN}(?:{'|'.join(nouns)})\b"
                found = re.search(pattern, text)
                if found:
                    faults.append((key, name, found.group(0)))
    return faults


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
