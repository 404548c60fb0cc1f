"""Cards, notation, the deck presets of docs/rules.md §1 and seeded shuffles."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from bot.games.brelan import deal_from, deck_for
from bot.games.cards import (
    ALL_CARDS,
    DECK_PRESETS,
    FULL_PACK,
    JOKERS,
    PIQUET_PRESETS,
    SUITS,
    Card,
    Shuffler,
    deck_preset,
    format_cards,
    parse_card,
    parse_cards,
)
from bot.games.errors import CardError, SetupError
from tests.conftest import brelan_options

RANK_OF = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "9": 9, "8": 8, "7": 7, "6": 6}
RANK_OF.update({str(r): r for r in range(2, 10)})

#: docs/rules.md §1, the table of presets: name -> (ranks in the notation, number of cards).
PRESETS: dict[str, tuple[str, int]] = {
    "36": ("A K Q J T 9 8 7 6", 36),
    "32": ("A K Q J T 9 8 7", 32),
    "28": ("A K Q J T 9 8", 28),
    "24": ("A K Q J T 9", 24),
    "20": ("A K Q J T", 20),
    "20-pagat": ("A K Q 9 8", 20),
    "24-pagat": ("A K Q J 9 8", 24),
    "16-pagat": ("A K 9 8", 16),
}


def ranks_of(cards: tuple[Card, ...] | list[Card]) -> set[int]:
    return {c.rank for c in cards}


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize("rank", list("AKQJT98765432"))
@pytest.mark.parametrize("suit", list("shdc"))
def test_every_card_parses_and_prints_back(rank: str, suit: str) -> None:
    card = parse_card(rank + suit)
    assert card.code == str(card) == rank + suit
    assert card.rank == RANK_OF[rank]
    assert card.suit == suit
    assert not card.is_joker


@pytest.mark.parametrize(
    ("code", "points"),
    [
        ("Ah", 11),
        ("Ks", 10),
        ("Qd", 10),
        ("Jc", 10),
        ("Th", 10),
        ("9s", 9),
        ("8d", 8),
        ("7c", 7),
        ("6h", 6),
        ("2s", 2),
    ],
)
def test_piquet_point_values(code: str, points: int) -> None:
    assert parse_card(code).points == points


def test_jokers() -> None:
    x1, x2 = parse_card("X1"), parse_card("X2")
    assert x1.is_joker and x2.is_joker and x1 is not x2
    assert (x1, x2) == JOKERS
    assert x1.pretty() == "🃏"


def test_cards_are_interned_and_pickle_to_themselves() -> None:
    assert parse_card("Ah") is parse_card("Ah")
    assert pickle.loads(pickle.dumps(parse_card("Td"))) is parse_card("Td")
    assert len({c.index for c in ALL_CARDS}) == 54
    assert len(FULL_PACK) == 52


def test_pretty_form() -> None:
    assert parse_card("Ah").pretty() == "A♥"
    assert parse_card("Td").pretty() == "10♦"
    assert parse_card("9s").pretty() == "9♠"
    assert parse_card("Jc").pretty() == "J♣"


@pytest.mark.parametrize(
    "text", ["1h", "Ax", "A", "", "AhK", "Zz", "11h", "X3", "Ahh", " ", "hA", "10"]
)
def test_bad_notation_is_a_card_error(text: str) -> None:
    with pytest.raises(CardError, match="is not a card"):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 14, 1.5, ["Ah"], ("A", "h"), {"card": "Ah"}])
def test_non_text_is_a_card_error(value: Any) -> None:
    with pytest.raises(CardError):
        parse_card(value)


def test_parse_cards_and_format() -> None:
    cards = parse_cards(["Ah", "Kd", "9c"])
    assert format_cards(cards) == "Ah Kd 9c"
    assert parse_cards([]) == []


def test_parse_cards_rejects_a_duplicate() -> None:
    with pytest.raises(CardError, match="twice"):
        parse_cards(["Ah", "Kd", "Ah"])


def test_card_error_is_a_value_error_with_a_plain_message() -> None:
    with pytest.raises(ValueError, match="like 'Ah' or 'Td'"):
        parse_card("??")


# ------------------------------------------------------------------ presets


@pytest.mark.parametrize("name", list(PRESETS))
def test_deck_presets_of_rules_section_1(name: str) -> None:
    ranks, size = PRESETS[name]
    deck = deck_preset(name)
    assert len(deck) == size
    assert len(set(deck)) == size
    assert ranks_of(deck) == {RANK_OF[r] for r in ranks.split()}
    for rank in ranks_of(deck):
        assert {c.suit for c in deck if c.rank == rank} == set(SUITS)
    # highest rank first
    assert [c.rank for c in deck] == sorted((c.rank for c in deck), reverse=True)
    assert not any(c.is_joker for c in deck)


def test_preset_names() -> None:
    assert set(PIQUET_PRESETS) == set(PRESETS)
    assert set(DECK_PRESETS) == {*PRESETS, "52"}


def test_full_pack_and_jokers() -> None:
    assert deck_preset("52") == FULL_PACK
    assert ranks_of(FULL_PACK) == set(range(2, 15))
    assert deck_preset("52", jokers=2)[-2:] == JOKERS
    assert len(deck_preset("52", jokers=1)) == 53


def test_unknown_preset() -> None:
    with pytest.raises(CardError, match="unknown deck"):
        deck_preset("40")


@pytest.mark.parametrize(("players", "size"), [(2, 24), (3, 24), (4, 24), (5, 28)])
def test_bouillotte_auto_deck(players: int, size: int) -> None:
    assert len(deck_for(brelan_options("bouillotte"), players)) == size


@pytest.mark.parametrize("name", list(PRESETS))
def test_explicit_deck_option(name: str) -> None:
    for game in ("brelan", "bouillotte"):
        assert deck_for(brelan_options(game, deck=name), 4) == deck_preset(name)


def test_brelan_default_deck_is_28() -> None:
    assert deck_for(brelan_options("brelan"), 5) == deck_preset("28")
    assert deck_for(brelan_options("brelan"), 2) == deck_preset("28")


# ------------------------------------------------------------------ dealing


def test_deal_is_one_card_at_a_time_then_the_retourne() -> None:
    order = parse_cards(["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "Ah", "Kh", "Qh"])
    hands, retourne = deal_from(order, 3)
    assert [format_cards(h) for h in hands] == ["As Js 8s", "Ks Ts Ah", "Qs 9s Kh"]
    assert retourne.code == "Qh"


def test_deal_needs_enough_cards() -> None:
    with pytest.raises(SetupError, match="too few"):
        deal_from(deck_preset("16-pagat")[:15], 5)
    hands, _ = deal_from(deck_preset("16-pagat"), 5)  # 16 = 5 * 3 + 1, just enough
    assert len(hands) == 5


# ---------------------------------------------------------------- shuffling


def test_seeded_shuffle_is_deterministic() -> None:
    deck = deck_preset("28")
    a = Shuffler(seed=42).shuffled(deck)
    assert " ".join(c.code for c in a) == (
        "Td Ts Qd 9h 8c Kd Kh Qc Jd Qh 8s Js Tc Jc 8h Ah Jh Ad Th 8d Ks 9d Kc Qs 9c As Ac 9s"
    )
    assert Shuffler(seed=42).shuffled(deck) == a
    assert sorted(a, key=lambda c: c.index) == list(deck)
    named = Shuffler(seed="table-1").shuffled(deck)
    assert " ".join(c.code for c in named) == (
        "Ks 8c Ts Ac Th Kc As Ad 8d Tc Qh Jd 8h 9s Jc Ah Jh 9c 9h 9d Kh Td 8s Qd Kd Qs Js Qc"
    )


def test_seeded_shuffler_sequence_is_repeatable() -> None:
    deck = deck_preset("24")
    s1, s2 = Shuffler(seed=3), Shuffler(seed=3)
    assert [s1.shuffled(deck) for _ in range(3)] == [s2.shuffled(deck) for _ in range(3)]
    assert s1.choice(list(deck)) == s2.choice(list(deck))


def test_different_seeds_give_different_orders() -> None:
    deck = deck_preset("36")
    orders = {tuple(Shuffler(seed=s).shuffled(deck)) for s in range(20)}
    assert len(orders) == 20


def test_shuffle_does_not_touch_its_input() -> None:
    deck = list(deck_preset("20"))
    copy = list(deck)
    Shuffler(seed=1).shuffled(deck)
    assert deck == copy


def test_unseeded_shuffler_is_cryptographic() -> None:
    import secrets

    assert isinstance(Shuffler().rng, secrets.SystemRandom)
    deck = deck_preset("32")
    assert sorted(Shuffler().shuffled(deck), key=lambda c: c.index) == list(deck)
