"""Why a showdown ended as it did, and what the strong house player would do: documents.

- :func:`showdown_why`: the full count of a showdown and the rule it follows, from its report
  alone (:class:`~bot.runtime.public.ShowdownReport`: only what the showdown showed).
  Brelan and Bouillotte: who was still in, each suit's owner (the highest card still in),
  every card of it on the table (the folded hands' and the retourne included) and its total,
  each player's point, the winner (precedence on a tie), the stages and the brelan payments.
  Brag: the hands shown, their ranks in words, and why one beats the other.
- :func:`hint_text`: a practice table's hint (:func:`bot.house.advice.hint`) in words.

They word the engine's facts; they never decide a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.events import BragComboFacts, BrelanComboFacts, ComboFacts, ShowdownData
from bot.house.thought import Advice
from bot.i18n import SUIT_SYMBOLS, Lang, Message, render
from bot.runtime.games import combo_message
from bot.runtime.public import ShowdownReport
from bot.view.document import Document, Section
from bot.view.table import NOT_PLAYERS
from bot.view.words import cards, chips, game_colour, mention, said_label

#: The suits in the order a count goes through them.
SUITS = "shdc"
#: Brag's kinds of hands, best first (the facts' ``kind``).
BRAG_KINDS = ("prial", "running_flush", "run", "flush", "pair", "high_card")
#: A card's points at Brelan and Bouillotte by rank letter (the others their face value).
POINTS = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10}


def card_points(code: str) -> int:
    """A card's value in a count.

    >>> card_points("Ah"), card_points("Qs"), card_points("9d")
    (11, 10, 9)
    """
    return POINTS.get(code[0], int(code[0]) if code[0].isdigit() else 0)


def showdown_why(lang: Lang, game: str, report: ShowdownReport) -> Document:
    """The full count of a showdown and the rules it follows, privately for whoever asks."""
    title = render(lang, "why-title", n=report["hand_no"])
    reveal = report.get("reveal")
    if reveal is not None:
        sections = _brelan_why(lang, report, reveal)
        retourne = reveal["retourne"]
        description = render(lang, "ui-retourne-turned-card", c=cards([retourne]))
    else:
        sections = _brag_why(lang, report)
        retourne, description = None, ""
    return Document(
        title, game_colour(game), description=description, sections=tuple(sections),
        retourne=retourne,
    )  # fmt: skip


def _order(report: ShowdownReport) -> list[str]:
    """The players in order of play (the first after the dealer first)."""
    return [p["name"] for p in report["view"]["players"]]


# -- Brelan and Bouillotte ---------------------------------------------------------------------


def _brelan_why(lang: Lang, report: ShowdownReport, reveal: ShowdownData) -> list[Section]:
    order = [n for n in _order(report) if n in reveal["hands"]]
    folded = set(reveal["folded"])
    still_in = [n for n in order if n not in folded]
    combos = reveal["combos"]
    sections = []
    who = ", ".join(mention(n) for n in still_in)
    out = [mention(n) for n in order if n in folded]
    players = [render(lang, "why-still-in", w=who)]
    if out:
        players.append(render(lang, "why-folded", w=", ".join(out)))
    sections.append(Section("players", render(lang, "why-players"), tuple(players)))
    brelans = [n for n in still_in if n in combos and combos[n]["kind"] in ("square", "brelan")]
    if brelans:
        lines = [render(lang, "why-brelan-rule")]
        lines += [_point_line(lang, n, combos[n]) for n in brelans]
        sections.append(Section("brelans", render(lang, "why-brelans"), tuple(lines)))
    sections.append(_suits(lang, reveal, order, folded))
    points = [_point_line(lang, n, combos[n]) for n in still_in if n in combos]
    points.append(_winner_line(lang, report, still_in, combos, bool(brelans)))
    sections.append(Section("points", render(lang, "why-points"), tuple(points)))
    sections += _stages_and_payments(lang, report)
    return sections


def _combo(facts: ComboFacts) -> Message:
    """A combination's facts in the catalogue's words."""
    return combo_message(facts)


def _suits(lang: Lang, reveal: ShowdownData, order: Sequence[str], folded: set[str]) -> Section:
    """Each suit: its owner, every card of it on the table with whose it is, the total."""
    owners = {s["suit"]: (s["owner"], s["points"]) for s in reveal["suits"]}
    retourne = reveal["retourne"]
    lines = [render(lang, "why-point-rule")]
    for suit in SUITS:
        on_table = [(c, n) for n in order for c in reveal["hands"][n] if c[1] == suit]
        if retourne[1] == suit:
            on_table.append((retourne, ""))
        if not on_table:
            continue
        owner, total = owners.get(suit, (None, 0))
        sym, word = SUIT_SYMBOLS.get(suit, suit), render(lang, "suit-name", suit=suit)
        listed = " + ".join(_card_of(lang, c, n, owner, folded) for c, n in on_table)
        if owner is None:
            lines.append(render(lang, "why-suit-nobody", sym=sym, word=word, cards=listed))
            continue
        top = max((c for c, n in on_table if n == owner), key=_rank_value)
        lines.append(
            render(
                lang,
                "why-suit",
                sym=sym,
                word=word,
                w=mention(owner),
                top=cards([top]),
                cards=listed,
                n=total,
            )
        )
    return Section("suits", render(lang, "ui-suits-owned-point"), tuple(lines), parts=3)


_RANKS = "23456789TJQKA"


def _rank_value(code: str) -> int:
    return _RANKS.index(code[0])


def _card_of(lang: Lang, code: str, holder: str, owner: str | None, folded: set[str]) -> str:
    """A card of a count, with whose it is: the owner's own, another player's (folded or
    not), the retourne."""
    shown = f"{cards([code])} {card_points(code)}"
    if not holder:
        return render(lang, "why-card-retourne", c=shown)
    if holder == owner:
        return shown
    key = "why-card-folded" if holder in folded else "why-card-of"
    return render(lang, key, c=shown, w=mention(holder))


def _point_line(lang: Lang, name: str, facts: BrelanComboFacts) -> str:
    combo = render(lang, _combo(facts))
    return render(lang, "why-point-of", w=mention(name), combo=combo)


def _winner_line(
    lang: Lang,
    report: ShowdownReport,
    still_in: Sequence[str],
    combos: dict[str, BrelanComboFacts],
    brelan: bool,
) -> str:
    """Who wins the first stage, and why: a brelan, the best point, or precedence."""
    pots = report["pots"]
    winner = pots[0]["winners"][0] if pots and pots[0]["winners"] else None
    if winner is None:
        return render(lang, "why-no-winner")
    if brelan:
        return render(lang, "why-brelan-wins", w=mention(winner))
    value = combos[winner]["value"] if winner in combos else 0
    tied = [n for n in still_in if n != winner and n in combos and combos[n]["value"] == value]
    if tied:
        others = ", ".join(mention(n) for n in tied)
        return render(lang, "why-tie", w=mention(winner), others=others, n=value)
    return render(lang, "why-best-point", w=mention(winner), n=value)


def _stages_and_payments(lang: Lang, report: ShowdownReport) -> list[Section]:
    sections = []
    pots = report["pots"]
    if len(pots) > 1:
        lines = [render(lang, "why-stages-rule")]
        lines += [
            render(
                lang,
                "ui-pot-line-stage",
                k=i,
                n=chips(lang, p["amount"]),
                w=", ".join(mention(w) for w in p["winners"]),
            )
            for i, p in enumerate(pots, 1)
        ]
        sections.append(Section("stages", render(lang, "ui-pots"), tuple(lines)))
    if payments := report["payments"]:
        jar = render(lang, "ui-jar")
        lines = [render(lang, "why-payments-rule")]
        for p in payments:
            a = jar if p["from"] in NOT_PLAYERS else mention(p["from"])
            b = jar if p["to"] in NOT_PLAYERS else mention(p["to"])
            lines.append(render(lang, "ui-pays", a=a, b=b, n=chips(lang, p["amount"])))
        sections.append(Section("payments", render(lang, "ui-brelan-payments"), tuple(lines)))
    return sections


# -- Brag ----------------------------------------------------------------------------------------


def _brag_why(lang: Lang, report: ShowdownReport) -> list[Section]:
    shown = report.get("shown") or {}
    names = [n for n in _order(report) if n in shown]
    lines = [
        render(
            lang,
            "why-brag-hand",
            w=mention(n),
            cards=cards(shown[n]["cards"]),
            combo=_combo(shown[n]["combo"]),
        )
        for n in names
    ]
    sections = [Section("hands", render(lang, "ui-hands"), tuple(lines))]
    why = [render(lang, "why-brag-ranking")]
    pots = report["pots"]
    winners = pots[0]["winners"] if pots else []
    if len(names) >= 2 and winners:
        winner = winners[0]
        losers = [n for n in names if n not in winners]
        for loser in losers:
            why.append(
                _brag_beats(lang, winner, loser, shown[winner]["combo"], shown[loser]["combo"])
            )
        if len(winners) > 1:
            why.append(render(lang, "why-brag-shared", w=", ".join(mention(w) for w in winners)))
    elif winners:
        why.append(render(lang, "why-brag-alone", w=mention(winners[0])))
    sections.append(Section("why", render(lang, "why-brag-title"), tuple(why)))
    return sections


def _brag_beats(
    lang: Lang, winner: str, loser: str, won: BragComboFacts, lost: BragComboFacts
) -> str:
    """Why the winner's hand beats the loser's: a better kind of hand, the higher cards,
    fewer wild cards, or the rule for equal hands."""
    a, b = render(lang, _combo(won)), render(lang, _combo(lost))
    params = {"w": mention(winner), "l": mention(loser), "a": a, "b": b}
    if won["kind"] != lost["kind"]:
        return render(lang, "why-brag-kind", **params)
    if won["ranks"] != lost["ranks"]:
        return render(lang, "why-brag-cards", **params)
    if won["wilds"] != lost["wilds"]:
        return render(lang, "why-brag-wilds", **params)
    return render(lang, "why-brag-equal", **params)


# -- a hint ----------------------------------------------------------------------------------------


def hint_text(lang: Lang, advice: Advice) -> str:
    """A practice table's hint: the strong house player's move and one line of why."""
    amount = advice.amount
    if isinstance(amount, tuple):  # a Brag discard: the cards it throws
        move = f"{said_label(lang, advice.verb)} {cards(amount)}"
    else:
        move = said_label(lang, advice.verb, amount)
    reason = render(lang, Message.of(advice.reason, **advice.params))
    return render(lang, "hint-line", move=move) + "\n" + reason
