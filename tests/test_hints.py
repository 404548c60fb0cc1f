"""A practice table's hint never depends on a card its reader cannot see: deals that differ
only in the hidden cards (the other players' and the pack's) give the same hint, at every one
of his turns, in every game and variant, and its words name none of those cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.brag import BragHand, brag_deck
from bot.games.brelan import BrelanHand, deal_from, deck_for
from bot.games.options import BragOptions, BrelanOptions, parse_options
from bot.house.advice import hint
from bot.house.players import make_player
from bot.house.view import view_for
from bot.view.explain import hint_text
from bot.view.words import cards

#: Deals of one table that differ only in what one seat cannot see.
ARRANGEMENTS = 4


def brelan_deals(rng: random.Random) -> tuple[list[BrelanHand], str, set[str]]:
    """Deals equal for one seat (its cards, the retourne), the others' cards shuffled anew;
    and the codes that seat never sees."""
    game = rng.choice(("brelan", "bouillotte"))
    opts = parse_options(game, {"carre": rng.choice(("off", "free", "forced"))})
    assert isinstance(opts, BrelanOptions)
    n = rng.randint(2, 5)
    names = [f"P{i + 1}" for i in range(n)]
    stacks = [rng.choice((3, 12, 30, 60)) for _ in range(n)]
    deck = list(deck_for(opts, n))
    rng.shuffle(deck)
    hands, retourne = deal_from(deck, n)
    me = rng.randrange(n)
    rest = [c for c in deck if c not in hands[me] and c != retourne]
    deals = []
    for _ in range(ARRANGEMENTS):
        rng.shuffle(rest)
        others = iter(rest[3 * j : 3 * j + 3] for j in range(n - 1))
        dealt = [hands[me] if i == me else next(others) for i in range(n)]
        deals.append(BrelanHand(opts, names, stacks, dealt, retourne))
    hidden = {c.code for c in rest}
    return deals, names[me], hidden


def brag_deals(rng: random.Random) -> tuple[list[BragHand], str, set[str]]:
    opts = parse_options(
        "brag",
        {
            "cards": rng.choice((3, 4, 5)),
            "wild": rng.choice(("none", "twos", "joker")),
            "blind_allowed": rng.random() < 0.8,
        },
    )
    assert isinstance(opts, BragOptions)
    n = rng.randint(2, 5)
    k = opts.cards
    names = [f"P{i + 1}" for i in range(n)]
    stacks = [rng.choice((5, 30, 100)) for _ in range(n)]
    pack = list(brag_deck(opts))
    rng.shuffle(pack)
    me = rng.randrange(n)
    mine = pack[me * k : (me + 1) * k]
    rest = [c for c in pack if c not in mine]
    deals = []
    for _ in range(ARRANGEMENTS):
        rng.shuffle(rest)
        dealt, at = [], 0
        for i in range(n):
            if i == me:
                dealt.append(mine)
            else:
                dealt.append(rest[at : at + k])
                at += k
        deals.append(BragHand(opts, names, stacks, dealt, rest[at:]))
    return deals, names[me], {c.code for c in rest}


@pytest.mark.parametrize("game", ["brelan", "brag"])
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_same_hint_for_every_arrangement_of_the_hidden_cards(game: str, seed: int) -> None:
    rng = random.Random(seed)
    deals, seat, hidden = brelan_deals(rng) if game == "brelan" else brag_deals(rng)
    first = deals[0]
    hidden_text = {cards([c]) for c in hidden}
    mover = make_player("random", random.Random(seed + 1))
    for _ in range(40):
        if first.to_act is None or first.finished:
            break
        if first.to_act == seat:
            advice = [hint(view_for(d, seat)) for d in deals]
            assert all(a == advice[0] for a in advice), advice
            for lang in ("en", "fr"):
                text = hint_text(lang, advice[0])
                assert not {c for c in hidden_text if c in text}, text
        name = first.to_act
        verb, amount = mover.decide(view_for(first, name))
        for deal in deals:
            played = amount
            if verb == "discard" and name != seat and isinstance(deal, BragHand):
                # another player's discard names their own cards, which differ per deal
                held = deal.held[deal.index[name]][0]
                played = tuple(c.code for c in held[: len(amount or ())])
            deal.act(name, verb, played)


@pytest.mark.parametrize(
    ("players", "cave", "first", "reason"),
    [
        (3, 30, [], "advice-look-blind-rival"),  # the others have not looked yet
        (5, 30, [], "advice-look-crowd"),
        (3, 3, [], "advice-look-short"),
        (3, 30, [("look", None), ("bet", 2)], "advice-look-bet-open"),
    ],
)
def test_a_hint_to_look_says_why_blind_play_no_longer_pays_here(
    players: int, cave: int, first: list[tuple[str, int | None]], reason: str
) -> None:
    """The strong level's reasons to look were all told as "blind play is no longer cheap
    enough", even at a first move, against a bet open or with a short stack."""
    options = parse_options("brag", {})
    assert isinstance(options, BragOptions)
    pack = list(brag_deck(options))
    random.Random(3).shuffle(pack)
    names = [f"P{i + 1}" for i in range(players)]
    dealt = [pack[3 * i : 3 * i + 3] for i in range(players)]
    hand = BragHand(options, names, [cave] * players, dealt, pack[3 * players :])
    for verb, amount in first:
        hand.act(names[0], verb, amount)
    found = hint(view_for(hand, str(hand.to_act)))
    assert (found.verb, found.reason) == ("look", reason)
    said = {lang: hint_text(lang, found) for lang in ("en", "fr")}
    assert said["en"] != said["fr"] and all("cheap enough" not in t for t in said.values())
