"""The replayer's steps (bot/view/replay.py) and a document drawn as safe HTML
(bot/view/html.py)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.games.replay import replay_json
from bot.runtime.disclosure import record_for
from bot.view.document import Document, HandRow, Section
from bot.view.fair_text import verifier_data
from bot.view.html import card_html, document_html, text_html
from bot.view.replay import ReplayRefused, replay_steps
from tests.replay_hands import brelan_session

ROOT = Path(__file__).resolve().parents[1]

#: 1 looks and bets, 2 folds blind, 3 looks and pays to see 1, who wins: only 1's hand is
#: turned face up, at the showdown.
BRAG: dict[str, Any] = {
    "game": "brag",
    "players": [{"name": "1", "stack": 20}, {"name": "2", "stack": 20}, {"name": "3", "stack": 20}],
    "hands": {"1": ["Ah", "Ad", "7c"], "2": ["Ks", "Kd", "Kc"], "3": ["2c", "5d", "9s"]},
    "actions": [["1", "look"], ["1", "bet", 2], ["2", "fold"], ["3", "look"], ["3", "see"]],
}
BRELAN: dict[str, Any] = {
    "game": "brelan",
    "players": [{"name": "1", "stack": 10}, {"name": "2", "stack": 10}],
    "hands": {"1": ["Ah", "Kh", "Qh"], "2": ["8s", "9s", "Ts"]},
    "retourne": "Jh",
    "actions": [["1", "open", 2], ["2", "hold"]],
}


def rows(doc: Document) -> dict[str, tuple[str, ...]]:
    return {row.who: row.cards for row in doc.hands}


def section_text(doc: Document, key: str) -> str:
    section = doc.section(key)
    return "" if section is None else section.text


def test_a_brag_hand_step_by_step_as_the_seer_saw_it() -> None:
    replay = replay_steps(BRAG, "3", "en", hand=2)
    assert len(replay.steps) == len(replay.titles) == 1 + len(BRAG["actions"]) + 1
    assert replay.titles[0] == "The deal" and replay.titles[-1] == "Payouts"
    assert replay.titles[2] == "<@1> bets 2."
    deal = replay.steps[0]
    assert deal.title == "Brag — hand #2, step 1 of 7"
    assert section_text(deal, "move") == "Hand 2 is dealt."
    assert "<@1> — 19 chips · stake 1 · blind" in section_text(deal, "seats")
    assert "dealer" in section_text(deal, "seats").split("\n")[-1]
    assert section_text(deal, "turn") == "<@1> to speak"
    # his own cards from the moment he looks, never before
    assert [rows(s).get("<@3>") for s in replay.steps] == [None] * 4 + [("2c", "5d", "9s")] * 3
    # 1's hand is turned face up at the see, and not before
    assert [rows(s).get("<@1>") for s in replay.steps] == [None] * 5 + [("Ah", "Ad", "7c")] * 2
    see = replay.steps[5]
    assert section_text(see, "move").split("\n") == [
        "<@3> pays 4 to see <@1>.",
        "<@1> shows pair A-A-7.",
        "<@1> takes 9 chips.",
    ]
    end = replay.steps[-1]
    assert end.hands[0] == HandRow("<@1>", ("Ah", "Ad", "7c"), "pair A-A-7")
    assert section_text(end, "pots") == "Pot 1: 9 chips to <@1>"
    assert section_text(end, "stacks").split("\n") == [
        "<@1> — 26 chips (+6)",
        "<@2> — 19 chips (−1)",
        "<@3> — 15 chips (−5)",
    ]
    # the blind folder's kings are in no step, for anyone
    for reader in ("1", "2", "3", None):
        for step in replay_steps(BRAG, reader, "fr", hand=2).steps:
            assert "Kd" not in {c for r in step.hands for c in r.cards}
            assert "K♦" not in "\n".join(step.lines())


def test_a_stranger_sees_no_private_cards_and_a_blind_player_none_of_his_own() -> None:
    for reader in (None, "2", "someone else"):
        replay = replay_steps(BRAG, reader, "en", hand=2)
        assert all(s.section("yours") is None for s in replay.steps)
        assert {w for s in replay.steps for w in rows(s)} == {"<@1>"}


def test_a_hand_won_without_a_showdown_ends_as_the_table_said_it() -> None:
    folded = {**BRAG, "actions": [["1", "look"], ["1", "bet", 2], ["2", "fold"], ["3", "fold"]]}
    last = replay_steps(folded, "3", "en", hand=4).step(4)
    assert "<@1> wins 5 chips uncontested." in list(last.lines()), list(last.lines())


def test_a_brelan_showdown_in_french() -> None:
    replay = replay_steps(BRELAN, "2", "fr", hand=9)
    assert replay.titles == (
        "La distribution",
        "<@1> ouvre à 2.",
        "<@2> tient à 2.",
        "Les paiements",
    )
    assert all(step.retourne == "Jh" for step in replay.steps)
    assert rows(replay.steps[0]) == {"<@2>": ("8s", "9s", "Ts")}
    assert replay.steps[0].section("yours") is not None
    end = replay.steps[-1]
    assert end.title == "Brelan — donne n° 9, étape 4 sur 4"
    assert section_text(end, "move") == "Abattage — donne 9"
    assert {r.who for r in end.hands} == {"<@1>", "<@2>"} and all(r.combo for r in end.hands)
    assert end.section("yours") is None  # his cards are face up with the others
    summary = replay_json(BRELAN)
    assert f"<@1> — {summary['stacks']['1']} jetons (+3)" in section_text(end, "stacks")
    assert section_text(end, "pots")


def test_the_carre_is_played_before_the_cards_are_seen() -> None:
    hands = [
        h
        for seed in range(40)
        for h in brelan_session("bouillotte", seed, 3, 2)
        if any(a[1] == "carre" for a in h["actions"])
    ]
    assert hands, "no carre in 40 sessions"
    record = hands[0]
    reader = record["players"][0]["name"]
    replay = replay_steps(record, reader, "en", hand=1)
    assert replay.steps[0].retourne is None and replay.steps[0].section("yours") is None
    assert any(step.retourne for step in replay.steps)


def test_a_refused_record_says_why() -> None:
    partial = record_for(BRAG, "1", in_play=True)
    with pytest.raises(ReplayRefused) as refused:
        replay_steps(partial, "1", "en", hand=1)
    assert refused.value.message.key == "replay-refused-in-play"
    unfinished = {**BRAG, "actions": BRAG["actions"][:2]}
    illegal = {**BRAG, "actions": [["2", "bet", 1]]}
    for bad in (unfinished, illegal, {**BRAG, "game": "poker"}, {"game": "brag"}):
        with pytest.raises(ReplayRefused) as refused:
            replay_steps(bad, "1", "en", hand=1)
        assert refused.value.message.key == "replay-refused-unreadable"


def test_the_replay_file_and_the_stored_record_replay_alike() -> None:
    file = {**copy.deepcopy(BRAG), "expect": replay_json(BRAG), "deal_no": 3, "live_since": 1}
    file["fair"] = {"commitment": "0" * 64, "server_seed": None, "client_seed": "a", "nonce": 0}
    given = record_for(file, "3", in_play=False)
    assert replay_steps(given, "3", "en", hand=2) == replay_steps(BRAG, "3", "en", hand=2)


# -- HTML --------------------------------------------------------------------------------------


def test_every_text_is_escaped_and_members_are_named() -> None:
    names = {"1": "<script>alert(1)</script>", "2": 'Zoé "Z"'}
    assert text_html("<@1> & <@2>", "fr", names) == (
        '<span class="who">&lt;script&gt;alert(1)&lt;/script&gt;</span> &amp; '
        '<span class="who">Zoé &quot;Z&quot;</span>'
    )
    assert text_html("<@99> <i>", "fr", names) == '<span class="who">un joueur</span> &lt;i&gt;'
    assert text_html("<@99>", "en", {}) == '<span class="who">a player</span>'
    assert text_html("**<@2>** `a<b`", "en", names) == (
        '<strong><span class="who">Zoé &quot;Z&quot;</span></strong> <code>a&lt;b</code>'
    )
    assert text_html("<t:0:R>", "en", {}) == (
        '<time datetime="1970-01-01T00:00:00+00:00">1970-01-01 00:00 UTC</time>'
    )


def test_cards_are_images_of_the_card_art_and_nothing_else_is() -> None:
    assert card_html("X1", lambda c: f"/g/1/cards/{c}.png") == (
        '<img class="card" src="/g/1/cards/X1.png" alt="🃏" width="60" height="84">'
    )
    assert 'class="card folded"' in card_html("2c", folded=True)
    for bad in ('"><script>', "Zz", "../etc/passwd", "A"):
        assert card_html(bad) == ""


def test_a_replay_step_as_html() -> None:
    step = replay_steps(BRELAN, "2", "en", hand=9).steps[-1]
    names = {"1": "Anatole", "2": "Berthe <b>"}
    out = document_html(step, "en", names=names)
    assert out.startswith('<article class="doc"') and out.endswith("</article>")
    srcs = re.findall(r'src="/cards/(\w+)\.png"', out)
    assert srcs == ["Jh", "Ah", "Kh", "Qh", "8s", "9s", "Ts"]  # the retourne, then each hand
    assert 'alt="J♥"' in out and "Retourne" in out
    assert "Berthe &lt;b&gt;" in out and "<b>" not in out and "<@" not in out
    assert '<section class="doc-section" data-key="stacks"><h3>Chips after the hand</h3><ul>' in out
    assert "style=" not in out and "<script" not in out


def test_a_section_of_one_line_of_names_and_a_footer() -> None:
    doc = Document(
        "T",
        description="a\nb",
        sections=(Section("queue", "Line", ("1. <@1>", "2. <@2>"), sep=" "),),
        footer="<@3>",
    )
    out = document_html(doc, "en", names={"1": "A", "2": "B", "3": "C"})
    assert '<p class="doc-description">a<br>b</p>' in out
    assert '<p>1. <span class="who">A</span> 2. <span class="who">B</span></p>' in out
    assert '<footer class="doc-footer"><span class="who">C</span></footer>' in out
    assert "doc-cards" not in out  # no card, no card block


def test_the_verifiers_texts_are_safe_json_and_cover_what_verify_js_says() -> None:
    out = verifier_data("fr", {"7": "</script><b>&"})
    assert not {"<", ">", "&"} & set(out)
    data = json.loads(out)
    assert data["names"] == {"7": "</script><b>&"}
    texts = data["texts"]
    assert texts["verify-problem-hand"].startswith("la main de <@{user}> ")
    assert "{deck}" in texts["verify-web-shuffled"] and "{n}" in texts["verify-problem-deck"]
    script = (ROOT / "bot/web/static/verify.js").read_text(encoding="utf-8")
    named = set(re.findall(r'"((?:verify|html)-[a-z-]+)"', script))
    codes = set(re.findall(r'fail\("([a-z-]+)"', script))
    assert named - {"verify-problem-deck", "verify-problem-hand", "verify-problem-retourne"}
    assert named | {f"verify-problem-{c}" for c in codes} <= set(texts)
