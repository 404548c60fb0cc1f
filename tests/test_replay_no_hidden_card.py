"""No hidden card ever: no step of a replay, as a document or as HTML, shows a card its reader
could not see at that moment of the hand.

Random Brag sessions (several deals with the pack carried over, blind play, kept hands,
folds, four- and five-card discards, wild jokers, a face-up kept hand) and Brelan and
Bouillotte sessions (carre, refaits) are played by the engines. For every finished hand,
every reader (each player, and the public) and every step, the cards the step shows (the
codes it draws, the cards its text writes, the pictures its HTML asks for) must be among
the cards the hand had shown that reader by then: :func:`bot.runtime.disclosure.cards_known`
of the record cut after that many moves, and the cards left in ``record_for``'s record of the
hand while its pack is in play (the ``null`` s are what the reader may not see).
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.runtime.disclosure import cards_known, record_for
from bot.view.document import Document, HandRow
from bot.view.html import document_html
from bot.view.replay import replay_steps
from bot.view.words import card
from tests.replay_hands import brag_session, brelan_session
from tests.test_disclosure import SESSIONS
from tests.test_runtime_brag import cards_in
from tests.test_view_replay import BRAG

#: A card as a document's text writes it (the coloured card writer: "10♥️"), or a joker.
CARD_TEXT = re.compile(r"(10|[AKQJ98765432])([♠♥♦♣])|(🃏)")
SUIT_LETTERS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
#: A joker written as text names no joker in particular.
ANY_JOKER = "X?"


def cards_of_text(text: str) -> set[str]:
    out = set()
    for rank, suit, joker in CARD_TEXT.findall(text):
        out.add(ANY_JOKER if joker else ("T" if rank == "10" else rank) + SUIT_LETTERS[suit])
    return out


def cards_shown(doc: Document, lang: str) -> set[str]:
    """Every card a step shows: drawn, written, or asked for by its HTML."""
    drawn = {c for row in doc.hands for c in row.cards} | (
        {doc.retourne} if doc.retourne else set()
    )
    words = [doc.title, doc.description, doc.footer, *doc.lines()]
    words += [s.name for s in doc.sections] + [r.who + r.combo for r in doc.hands]
    html = document_html(doc, lang, names={})
    pictured = set(re.findall(r"/cards/(\w\w)\.png", html))
    return drawn | cards_of_text("\n".join(words)) | cards_of_text(html) | pictured


def unseen(shown: set[str], allowed: set[str]) -> set[str]:
    extra = shown - allowed
    if ANY_JOKER in extra and any(c.startswith("X") for c in allowed):
        extra.discard(ANY_JOKER)
    return extra


def check_hand(record: dict[str, Any], lang: str) -> int:
    """Check every step of one hand for every reader; returns how many hidden cards the
    hand held (cards dealt that some reader never saw), so the test knows it was not empty."""
    names = [p["name"] for p in record["players"]]
    dealt = {c for h in record["hands"].values() for c in h}
    hidden = 0
    for reader in (*names, None):
        given_in_play = cards_in(record_for(record, reader, in_play=True))
        replay = replay_steps(record_for(record, reader, in_play=False), reader, lang, hand=1)
        moves = len(record["actions"])
        for n, doc in enumerate(replay.steps):
            so_far = {**record, "actions": record["actions"][: min(n, moves)]}
            allowed = cards_known(so_far, reader) & given_in_play
            leaked = unseen(cards_shown(doc, lang), allowed)
            assert not leaked, (
                f"step {n} shows {sorted(leaked)} to reader {reader}; record: {record}"
            )
        hidden += len(dealt - given_in_play)
    return hidden


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**SESSIONS)
def test_no_step_of_a_brag_session_shows_a_hidden_card(
    seed: int, options: dict[str, Any], players: int
) -> None:
    records = brag_session(seed, options, players, deals=5)
    lang = "fr" if seed % 2 else "en"
    assert sum(check_hand(record, lang) for record in records) > 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(["brelan", "bouillotte"]),
    players=st.integers(2, 5),
)
def test_no_step_of_a_brelan_or_bouillotte_hand_shows_a_hidden_card(
    seed: int, game: str, players: int
) -> None:
    for record in brelan_session(game, seed, players, hands=3):
        check_hand(record, "en" if seed % 2 else "fr")


def test_the_check_would_catch_a_hidden_card() -> None:
    """Not vacuous: a step that drew a folded player's cards, or wrote them, is caught."""
    allowed = cards_known(BRAG, "1")
    secret = "Kd"  # 2 folded blind
    assert secret not in allowed
    step = replay_steps(BRAG, "1", "en", hand=1).steps[-1]
    drawn = Document(step.title, hands=(*step.hands, HandRow("<@9>", (secret,))))
    assert unseen(cards_shown(drawn, "en"), allowed) == {secret}
    written = Document(step.title, description=f"<@9> had {card(secret)}")
    assert unseen(cards_shown(written, "en"), allowed) == {secret}
