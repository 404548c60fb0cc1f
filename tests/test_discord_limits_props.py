"""Discord's limits are kept by construction: random tables at the extremes (16 seats, names
of 32 characters, long logs and waiting lines, Brag's five-card discards and wild cards,
card emojis with the longest ids) render, in both languages, a table message, a showdown and
the turn notices that fit every limit of Discord's docs, and no cut ever splits a mention, a
card emoji or an emoji's parts."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import discord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import Message, render, set_card_writer
from bot.ui.card_emojis import CardEmojis
from bot.ui.render import showdown_embed, table_embed
from bot.view.fitting import fit_text
from bot.view.words import coloured_card
from tests.discord_contract import message_limits
from tests.public_states import public_state, showdown_report

LANGS = ("en", "fr")
RANKS = "23456789TJQKA"
CODES = [r + s for r in RANKS for s in "shdc"]
#: The longest snowflake Discord gives (19 digits) and the house players' ids.
snowflakes = st.integers(10**18, 2**63 - 1)
users = st.one_of(snowflakes, st.sampled_from([11, 12, 13, 14, 21, 22, 31, 32]))
card_codes = st.one_of(st.sampled_from(CODES), st.just("X1"))  # X…: a wild card (joker)
#: Names of up to 32 characters, accents, emojis and joined emojis included.
PIECES = [*"aéÉçœ ßxyz_.-", "👍🏽", "🇫🇷", "👨\u200d👩\u200d👧", "♥\ufe0f"]
names = st.one_of(
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=16)
    .map("".join)
    .filter(lambda name: len(name) <= 32),
    st.sampled_from(["é" * 32, "Ç" * 31 + "👍", "x" * 32]),
)
#: A token is kept whole by every cut: a mention, a channel, a card emoji.
WHOLE = re.compile(r"<(?:a?:\w+:\d+|@[!&]?\d+|#\d+|t:\d+(?::\w)?)>")
BROKEN = re.compile(r"<(?:a?:|@|#|t:)")


def log_line(draw: st.DrawFn) -> str:
    """A narration line: mentions, names, cards and chips, up to past a field's size."""
    parts = draw(
        st.lists(
            st.one_of(
                users.map(lambda u: f"<@{u}>"),
                names,
                st.lists(card_codes, min_size=1, max_size=5).map(lambda c: " ".join(c)),
                st.integers(0, 10**9).map(str),
            ),
            min_size=1,
            max_size=80,
        )
    )
    return " ".join(parts)


@st.composite
def tables(draw: st.DrawFn) -> tuple[dict[str, Any], list[str], list[int]]:
    game = draw(st.sampled_from(["brelan", "bouillotte", "brag"]))
    seated = draw(st.lists(users, min_size=0, max_size=16, unique=True))
    big = st.integers(0, 10**12)
    seats = [
        {
            "user": u,
            "stack": draw(big),
            "dealer": draw(st.booleans()),
            "sitting_out": draw(st.booleans()),
            "leaving": draw(st.booleans()),
        }
        for u in seated
    ]
    keys: dict[str, Any] = {"game": game, "seats": seats, "started": bool(seated)}
    keys["queue"] = draw(st.lists(snowflakes, max_size=60))
    keys["carried"] = draw(big)
    if seated and draw(st.booleans()):
        players = [
            {
                "name": str(u),
                "stack": draw(big),
                "stake": draw(big),
                "folded": draw(st.booleans()),
                "all_in": draw(st.booleans()),
                "blind": draw(st.booleans()),
                "covered": draw(st.booleans()),
                "hands": draw(st.integers(1, 2)),
            }
            for u in seated
        ]
        hand: dict[str, Any] = {"no": draw(big), "players": players, "deadline": 2e9}
        hand["to_act"] = str(draw(st.sampled_from(seated)))
        if game == "brag":
            hand |= {"pot": draw(big), "pots": draw(st.lists(big, max_size=16)), "level": 10**9}
            hand["face_up"] = draw(st.lists(card_codes, max_size=5))
            hand["proposer"] = str(seated[0])
        else:
            hand |= {"pool": draw(big), "vade": draw(big), "retourne": draw(card_codes)}
        keys["hand"] = hand
    log = [log_line(draw) for _ in range(draw(st.integers(0, 40)))]
    undelivered = draw(st.lists(snowflakes, max_size=40))
    return keys, log, undelivered


@st.composite
def showdowns(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from(["brelan", "bouillotte", "brag"]))
    seated = draw(st.lists(users, min_size=2, max_size=16, unique=True))
    big = st.integers(0, 10**12)
    hand = st.lists(card_codes, min_size=3, max_size=5)
    players = [{"name": str(u), "cards": draw(hand), "folded": draw(st.booleans())} for u in seated]
    combo = st.sampled_from(["prial", "running-flush", "run", "flush", "pair", "high-card"])
    combos = {
        str(u): Message.of(
            f"combo-brag-{draw(combo)}", ranks="A K Q", wilds=draw(st.integers(0, 3))
        )
        for u in seated
    }
    keys: dict[str, Any] = {"game": game, "view": {"players": players}, "combos": combos}
    if game == "brag":
        keys["shown"] = {
            str(u): {
                "cards": draw(hand),
                "hand": "x",
                "combo": {},
                "discards": draw(st.lists(card_codes, max_size=5)),
                "hands": draw(st.lists(hand, max_size=2)),
            }
            for u in seated
        }
    pots = st.fixed_dictionaries(
        {"amount": big, "winners": st.lists(users.map(str), min_size=1, max_size=16)}
    )
    keys["pots"] = draw(st.lists(pots, max_size=16))
    payment = st.fixed_dictionaries({"from": users.map(str), "to": users.map(str), "amount": big})
    keys["payments"] = draw(st.lists(payment, max_size=60))
    keys["hand_no"] = draw(big)
    keys["next_hand_at"] = 2e9
    return keys


def texts(embed: discord.Embed) -> Iterator[str]:
    yield from (embed.title or "", embed.description or "", embed.footer.text or "")
    for field in embed.fields:
        yield field.name or ""
        yield field.value or ""


def assert_within(embed: discord.Embed) -> None:
    """Every limit of Discord's docs, and every mention, emoji and card whole."""
    problems = list(message_limits("$", {"embeds": [embed.to_dict()]}))
    assert problems == []
    for text in texts(embed):
        assert_whole(text)


def assert_whole(text: str) -> None:
    left = WHOLE.sub("", text)
    assert BROKEN.search(left) is None, f"a cut token in {text!r}"
    for suit in "♠♥♦♣":
        assert text.count(suit) == text.count(suit + "\ufe0f"), f"a cut card in {text!r}"
    assert not re.search("\u200d(…|$)", text), f"a cut joined emoji in {text!r}"
    assert not re.search("[\U0001f3fb-\U0001f3ff\ufe0f]", text[:1]), text


@contextlib.contextmanager
def card_writer(emojis: bool) -> Iterator[None]:
    """Cards as coloured text, or as card emojis with the longest ids."""
    if emojis:
        set_card_writer(CardEmojis({c: 2**63 - 1 for c in CODES}).text)
    try:
        yield
    finally:
        set_card_writer(coloured_card)


FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(table=tables(), emojis=st.booleans())
def test_a_table_message_fits_discord_at_any_size(
    table: tuple[dict[str, Any], list[str], list[int]], emojis: bool
) -> None:
    keys, log, undelivered = table
    state = public_state(**keys)
    with card_writer(emojis):
        for lang in LANGS:
            assert_within(table_embed(lang, state, log=log, undelivered=undelivered))


@FAST
@given(report=showdowns(), emojis=st.booleans())
def test_a_showdown_fits_discord_at_any_size(report: dict[str, Any], emojis: bool) -> None:
    data = showdown_report(**report)
    with card_writer(emojis):
        for lang in LANGS:
            assert_within(showdown_embed(lang, data["game"], data))


@given(user=snowflakes, hand=st.integers(0, 10**12), channel=snowflakes, message=snowflakes)
def test_the_turn_notices_fit_a_message(user: int, hand: int, channel: int, message: int) -> None:
    link = f"https://discord.com/channels/{channel}/{channel}/{message}"
    for lang in LANGS:
        for key in ("turn-ping", "turn-dm"):
            text = render(lang, key, user=user, hand=hand, link=link)
            assert list(message_limits("$", {"content": text})) == []


@given(
    text=st.lists(st.one_of(names, users.map(lambda u: f"<@{u}>")), max_size=40),
    size=st.integers(2, 300),
)
def test_a_cut_text_keeps_its_mentions_and_emojis_whole(text: list[str], size: int) -> None:
    whole = " ".join(text)
    cut = fit_text(whole, size)
    assert len(cut) <= size
    assert_whole(cut)
