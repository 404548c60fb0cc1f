"""``/rules game``'s page: a game's rules in brief, illustrated.

:func:`rules_document`: the summary, the ranking with an example hand for each combination,
the order of a hand, the game's table options in words (what each does, its default), and
the way to ``/learn`` and to a practice table. :func:`ranking_picture`: the same example
hands drawn by the card art (:mod:`bot.view.card_art`), one row a combination, best first.

>>> [row.cards for row in ranking_picture("en", "brag").rows][:2]
[('3s', '3h', '3d'), ('Ah', '2h', '3h')]
"""

from __future__ import annotations

from bot.games import registry
from bot.i18n import Lang, render
from bot.runtime.option_schema import default
from bot.view.card_art import ShowdownPicture
from bot.view.document import Document, HandRow, Section, lines_of
from bot.view.words import cards, game_colour, game_title

#: A combination: its name's key, an example hand, a note's key ("" for none).
Rank = tuple[str, tuple[str, ...], str]
#: Each combination best first (Brelan's brelan carré and point with the retourne last).
BRELAN_RANKING: tuple[Rank, ...] = (
    ("rules-rank-square", ("Ks", "Kh", "Kd", "Kc"), "rules-note-square"),
    ("rules-rank-brelan", ("9s", "9h", "9c"), ""),
    ("rules-rank-point", ("Ah", "Jh", "8c", "Th"), "rules-note-point"),
)
BRAG_RANKING: tuple[Rank, ...] = (
    ("rules-rank-prial", ("3s", "3h", "3d"), "rules-note-prial"),
    ("rules-rank-running-flush", ("Ah", "2h", "3h"), "rules-note-run"),
    ("rules-rank-run", ("Qs", "Jd", "Tc"), ""),
    ("rules-rank-flush", ("Kc", "9c", "4c"), ""),
    ("rules-rank-pair", ("8s", "8d", "Ah"), ""),
    ("rules-rank-high-card", ("Ad", "Js", "7h"), ""),
)
#: Each game's ranking and the order of its hand (a key whose lines are the steps).
PAGES: dict[str, tuple[tuple[Rank, ...], str]] = {
    "brelan": (BRELAN_RANKING, "rules-order-brelan"),
    "bouillotte": (BRELAN_RANKING, "rules-order-bouillotte"),
    "brag": (BRAG_RANKING, "rules-order-brag"),
}


def rules_document(lang: Lang, game: str) -> Document:
    """One game's page: summary, ranking, the order of a hand, its options, /learn."""
    ranking, order = PAGES.get(game, ((), ""))
    sections = []
    if ranking:
        lines = tuple(
            render(
                lang,
                "rules-rank-line-note",
                k=i,
                name=render(lang, key),
                cards=cards(example),
                note=render(lang, note),
            )
            if note
            else render(lang, "rules-rank-line", k=i, name=render(lang, key), cards=cards(example))
            for i, (key, example, note) in enumerate(ranking, 1)
        )
        sections.append(Section("ranking", render(lang, "rules-page-ranking"), lines))
    if order:
        steps = lines_of(render(lang, order))
        sections.append(Section("order", render(lang, "rules-page-order"), steps, parts=2))
    options = tuple(
        render(
            lang,
            "rules-option-line",
            name=spec.name,
            value=_value(default(game, spec.name)),
            help=render(lang, f"option-help-{spec.name}"),
        )
        for spec in registry.spec(game).rules
    )
    if options:
        sections.append(Section("options", render(lang, "rules-page-options"), options, parts=3))
    learn = (render(lang, "rules-learn-line", game=game),)
    sections.append(Section("learn", render(lang, "rules-page-learn"), learn))
    return Document(
        game_title(game), game_colour(game), description=render(lang, f"rules-{game}"),
        sections=tuple(sections),
    )  # fmt: skip


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return "none" if value is None else str(value)


def ranking_picture(lang: Lang, game: str) -> ShowdownPicture | None:
    """The ranking's example hands drawn, best first (None for a game without one)."""
    ranking = PAGES.get(game, ((), ""))[0]
    if not ranking:
        return None
    rows = tuple(
        HandRow(render(lang, key), example, render(lang, note) if note else "")
        for key, example, note in ranking
    )
    return ShowdownPicture(
        title=render(lang, "rules-picture-title", game=game_title(game)), rows=rows
    )
