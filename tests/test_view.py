"""The view model (bot.view): one document a message, drawn alike by Discord and the terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.i18n import Lang, Message, render
from bot.play.terminal import choice_line, parse_choice
from bot.runtime.games import event_message
from bot.ui.render import embed_of, showdown_embed, table_embed
from bot.view.document import ActionView, Document, Section, document_lines
from bot.view.table import hand_actions, showdown_document, table_document
from bot.view.words import cards, narrate, verb_label
from tests.conftest import make_hand, play
from tests.public_states import public_state, showdown_report

ROOT = Path(__file__).resolve().parents[1]

#: A Bouillotte hand: Berthe opened 8, Anatole to speak with a raise to choose.
STATE = public_state(
    game="bouillotte",
    started=True,
    seats=[{"user": 1, "stack": 30, "dealer": True}, {"user": 2, "stack": 30}],
    queue=[7, 8],
    hand={
        "no": 3,
        "retourne": "9d",
        "pool": 4,
        "vade": 8,
        "to_act": "2",
        "deadline": 1795575748.0,
        "players": [{"name": "1", "stack": 22, "stake": 8}, {"name": "2", "stack": 30}],
        "legal": [
            {"verb": "fold"},
            {"verb": "hold", "amount": 8},
            {"verb": "raise", "min": 9, "max": 30},
        ],
    },
)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_is_one_document_in_the_readers_language(lang: str) -> None:
    doc = table_document(lang, STATE, log=["a", "b"])  # type: ignore[arg-type]
    keys = [s.key for s in doc.sections]
    assert keys == ["seats", "hand", "turn", "queue", "log"]
    assert doc.title == render(lang, "ui-table-title", game="Bouillotte", table=1) + render(
        lang, "ui-hand", hand=3
    )
    assert doc.retourne == "9d"  # the turned card as a code, for a surface that draws cards
    turn = doc.section("turn")
    assert turn is not None and "<@2>" in turn.text and "<t:1795575748:R>" in turn.text
    assert [a.verb for a in doc.actions] == ["fold", "hold", "raise"]
    assert doc.actions[1].amount == 8 and (doc.actions[2].low, doc.actions[2].high) == (9, 30)
    log = doc.section("log")
    assert log is not None and log.keep == "last" and log.gives_way == 1


def test_discord_and_the_terminal_draw_the_same_document() -> None:
    doc = table_document("fr", STATE, log=["Berthe ouvre."])
    embed = table_embed("fr", STATE, log=["Berthe ouvre."])
    assert embed.title == doc.title and embed.colour is not None
    assert embed.colour.value == doc.colour
    assert [f.name for f in embed.fields] == [s.name for s in doc.sections]
    by_name = {f.name: f.value for f in embed.fields}
    queue = doc.section("queue")
    assert queue is not None and by_name[queue.name] == "1. <@7> 2. <@8>"  # one line of names
    lines = document_lines(doc)
    assert lines[0] == f"== {doc.title} =="
    for section in doc.sections:
        assert f"[{section.name}]" in lines
        assert all(line in lines for line in section.text.split("\n"))


def test_a_section_too_long_for_discord_is_cut_there_but_whole_in_the_document() -> None:
    long = tuple(f"line {i} " + "x" * 40 for i in range(100))
    doc = Document("t", sections=(Section("seats", "Seats", long, parts=2),))
    assert list(doc.lines()) == list(long)
    embed = embed_of("en", doc)
    assert [f.name for f in embed.fields] == ["Seats", "Seats (2)"]
    assert embed.fields[-1].value is not None and "more" in embed.fields[-1].value
    assert len(document_lines(doc)) == 102  # the terminal shows every line


def test_the_moves_are_numbered_from_the_documents_actions() -> None:
    hand = STATE["hand"]
    assert hand is not None
    actions = hand_actions("en", hand)
    shown = [choice_line("en", k, a) for k, a in enumerate(actions, 1)]
    assert shown == [  # what a move means, where its label does not say it
        "1) Fold",
        "2) Hold 8 — match the vade",
        "3) Raise to … — re-raise: your total stake (9 to 30: type 3 then the amount)",
    ]
    assert parse_choice("en", "3 12", actions) == (actions[2], 12)
    assert isinstance(parse_choice("en", "3 99", actions), str)  # out of range: said why
    assert hand_actions("en", None) == ()
    assert ActionView("fold", "Fold") == actions[0]


@pytest.mark.parametrize(
    ("lang", "tapis", "all_in", "said"),
    [
        ("en", "Stay in (pool only)", "Hold 9 (all-in)", "<@P2> stays in with no chips left"),
        ("fr", "Rester pour la passe", "Tenir 9 (tapis)", "<@P2> reste en jeu sans jeton"),
    ],
)
def test_a_short_hold_says_all_in_and_nothing_left_says_for_the_pool(
    lang: Lang, tapis: str, all_in: str, said: str
) -> None:
    """docs/rules.md §2: with nothing left after the ante a player stays in for the pool only
    (the button read "Hold 0"); a hold short of the vade is all in (it read "Hold 9")."""
    hand = make_hand(["Ah Jh 8c", "Kd Ks Kc", "Ts 9s Jc"], "Th", stacks=[50, 1, 10])
    play(hand, [("P1", "open", 20)])
    view = {**hand.public_view(), "legal": [a.to_json() for a in hand.legal_actions()]}
    assert [a.label for a in hand_actions(lang, view)] == [  # type: ignore[arg-type]
        render(lang, "label-pass-fold"),  # after the opening a pass folds
        tapis,
    ]
    assert verb_label(lang, "pass", vade=0) == render(lang, "label-pass")  # before it: a pass
    events = hand.act("P2", "hold")
    assert narrate(lang, event_message(events[0], "bouillotte")).startswith(said)
    view = {**hand.public_view(), "legal": [a.to_json() for a in hand.legal_actions()]}
    assert [a.label for a in hand_actions(lang, view)][1] == all_in  # type: ignore[arg-type]
    assert verb_label(lang, "hold", 20, vade=20) == verb_label(lang, "hold", 20)  # the vade


def test_the_showdown_document_holds_the_hands_as_codes_and_as_words() -> None:
    data = showdown_report(
        hand_no=3,
        game="bouillotte",
        view={
            "retourne": "9d",
            "players": [
                {"name": "1", "cards": ["Ah", "Ad", "As"]},
                {"name": "2", "cards": ["Kc", "Qc", "Jc"], "folded": True},
            ],
        },
        combos={"1": Message.of("combo-brelan", rank="A")},
        pots=[{"amount": 16, "winners": ["1"]}],
        next_hand_at=1.0,
    )
    doc = showdown_document("en", "bouillotte", data)
    assert doc.retourne == "9d"
    assert [(r.who, r.cards, r.folded) for r in doc.hands] == [
        ("<@1>", ("Ah", "Ad", "As"), False),
        ("<@2>", ("Kc", "Qc", "Jc"), True),
    ]
    hands = doc.section("hands")
    assert hands is not None and hands.lines[0].startswith(f"<@1>: {cards(['Ah', 'Ad', 'As'])}")
    assert doc.footer and doc.section("pots") is not None
    embed = showdown_embed("en", "bouillotte", data)
    assert embed.footer.text == doc.footer and embed.description == doc.description


def test_the_view_model_and_offline_play_load_without_discord() -> None:
    code = (
        "import sys, bot.view.table, bot.view.fair_text, bot.play.terminal;"
        "print('discord' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


@pytest.mark.parametrize(("lang", "jar"), [("en", "the jar"), ("fr", "la cagnotte")])
def test_a_flambeau_chip_at_the_showdown_is_paid_to_the_jar(lang: str, jar: str) -> None:
    """A brelan's flambeau chips (``to: "flambeau"``) are the jar's, not a player's: the
    showdown is drawn (it used to fail on mentioning "flambeau")."""
    data = showdown_report(
        game="bouillotte",
        view={"players": [{"name": "1", "cards": ["Ah", "Ad", "As"]}]},
        payments=[
            {"from": "2", "to": "1", "amount": 2},
            {"from": "1", "to": "flambeau", "amount": 2},
        ],
    )
    paid = showdown_document(lang, "bouillotte", data).section("payments")
    assert paid is not None and len(paid.lines) == 2
    assert "<@2>" in paid.lines[0] and "<@1>" in paid.lines[0]
    assert "<@1>" in paid.lines[1] and jar in paid.lines[1]
