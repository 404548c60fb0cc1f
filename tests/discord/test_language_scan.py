"""Every text the bot sends is in the reader's language: a scan that cannot be fooled.

Random hands of every game and variant are played through Discord (buttons, ``/act`` and its
autocomplete, amounts and table options typed wrong, ``/cards``, ``/table …``, ``/wallet``,
``/leaderboard``, ``/history``), on a French server with
French members, then on an English one. Then every REST request the bot made (table
messages, edits, showdowns, DMs, interaction answers, private or public) is read back, and
no text may hold a phrase that only the other language's catalogue has, a raw catalogue
key, or a ``{placeholder}``; a key missing from the catalogue fails the test too (it is
logged when rendered).
"""

from __future__ import annotations

import logging
import os
import pathlib
import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from fluent.syntax import FluentParser, ast
from salon_helpers import speak_french
from simsupport import custom_ids, moves_played

from bot.i18n import LANGS, keys, resources
from bot.storage import Transaction

#: (game, options) of the tables played, every variant the rules name.
VARIANTS: list[tuple[str, str]] = [
    ("brelan", ""),
    ("brelan", "carre=free"),
    ("brelan", "carre=forced carre_chain=academie pot_rule=single_suit"),
    ("brelan", "pot_rule=fixed flambeau=on"),
    ("bouillotte", ""),
    ("bouillotte", "carre_chain=pagat"),
    ("brag", ""),
    ("brag", "cards=4"),
    ("brag", "cards=5 wild=twos"),
    ("brag", "blind_keep=face_up shuffle_every_hand=on"),
    ("brag", "common_showdown=on see_cost=equal"),
]

#: Catalogue keys look like this in a text (``refuse-not-your-turn``, ``event-brag-fold``).
RAW_KEY = re.compile(
    r"\b(?:refuse|done|log|event|ui|wallet|admin|history|tables|app|abuse|combo|verb|label"
    r"|help|option|dm|metric|period|turns|options|images)-[a-z0-9_-]+\b"
)
PLACEHOLDER = re.compile(r"\{\s*\$?\w+\s*\}|\{\s*\$")
#: Little words of each language that the other never writes: they catch a sentence that
#: is in no catalogue at all (a literal left in the code).
LITTLE_WORDS = {
    "en": re.compile(r"\b(?:the|you|your|is|are|with|and|not|this|of)\b", re.IGNORECASE),
    "fr": re.compile(r"\b(?:vous|votre|les|des|est|avec|une|cette|pas|du)\b", re.IGNORECASE),
}


def _texts(pattern: ast.Pattern | None) -> Iterator[str]:
    """The literal pieces of a Fluent pattern, every variant included."""
    if pattern is None:
        return
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            yield element.value
        elif isinstance(element, ast.Placeable) and isinstance(
            element.expression, ast.SelectExpression
        ):
            for variant in element.expression.variants:
                yield from _texts(variant.value)


@cache
def catalogue_text(lang: str) -> list[str]:
    out = []
    for path in resources(lang):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message):
                out.extend(_texts(entry.value))
    return out


@cache
def foreign_phrases(lang: str) -> frozenset[str]:
    """Phrases of the other language's catalogue that the reader's catalogue never uses:
    two words at least, ten characters at least."""
    other = next(x for x in LANGS if x != lang)
    own = "\n".join(catalogue_text(lang))
    found = set()
    for piece in catalogue_text(other):
        for phrase in re.split(r"[\n*_`()\[\]:;,.!?—«»]+", piece):
            phrase = phrase.strip()
            if len(phrase) >= 10 and " " in phrase and phrase not in own:
                found.add(phrase)
    return frozenset(found)


def strings(value: Any, key: str = "") -> Iterator[str]:
    """Every text a payload shows (not ids, custom ids, urls or command definitions)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in ("custom_id", "url", "id", "proxy_url", "icon_url", "message_reference"):
                yield from strings(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v, key)
    elif isinstance(value, str):
        yield value


def sent_texts(salon: Any, since: int) -> list[tuple[str, str]]:
    """(path, text) of everything the bot sent to Discord since request ``since``."""
    out = []
    for request in salon.env.http_requests[since:]:
        if "/commands" in request.path or request.json is None:
            continue
        out.extend((request.path, text) for text in strings(request.json))
    return out


async def play_random_hands(salon: Any, hands: int, rng: random.Random) -> int:
    """Open a table of each variant in its own channel and play random hands there
    through buttons and ``/act``; returns the number of hands played."""
    names = [f"p{i}" for i in range(5)]
    members = [salon.member(n) for n in names]
    by_id = {m.id: m for m in members}
    played = 0
    per_table = max(1, hands // len(VARIANTS))
    k = 0
    while played < hands:
        game, options = VARIANTS[k % len(VARIANTS)]
        channel = salon.guild.create_text_channel(f"table-{k}")
        creator = members[k % len(members)]
        opts = f"{options} auto_deal=off".strip()
        await creator.slash(channel, "table create", game=game, options=opts)
        table_id = await salon.bot.manager.table_in_channel(channel.id)
        assert table_id is not None, (game, options)
        seated = members[: 5 if game != "brag" else rng.randint(2, 5)]
        for i, member in enumerate(seated):
            if i % 2:
                await member.slash(channel, "table join")
            else:
                message = await _message(salon, channel, table_id)
                await member.click(message, custom_id=_join(table_id))
        for _ in range(per_table):
            if played >= hands or not await _play_one(salon, channel, table_id, by_id, rng):
                break
            played += 1
        await members[0].slash(channel, "wallet")
        await members[1].slash(channel, "leaderboard")
        await members[2].slash(channel, "history")
        await members[3].slash(channel, "table options")
        await members[4].slash(channel, "table leave")
        await creator.slash(channel, "table close")
        if k < 2:  # the economy and the rules, once per language
            await members[0].slash(channel, "daily")
            await members[0].slash(channel, "daily")  # refused: not ready yet
            await members[1].slash(channel, "give", member=members[2], amount=5)
            await members[1].slash(channel, "give", member=members[1], amount=5)
            await members[2].slash(channel, "rules")
            await members[2].slash(channel, "replay", hand=1)
            await members[3].slash(channel, "table join")  # no table here any more
            for typed in ("turn_timeout=0.5", "pot_rule=best", "abc", "seats=🃏"):
                await members[3].slash(channel, "table create", game=game, options=typed)
        k += 1
    return played


def _join(table_id: int) -> str:
    return f"salon:t:{table_id}:join"


async def _message(salon: Any, channel: Any, table_id: int) -> Any:
    message_id = (await salon.bot.db.query(Transaction.get_table, table_id)).message_ids["table"]
    for message in channel.history():
        if message.id == message_id:
            return message
    raise AssertionError("the table message is gone")


async def _play_one(
    salon: Any, channel: Any, table_id: int, by_id: dict[int, Any], rng: random.Random
) -> bool:
    manager = salon.bot.manager
    table = manager.tables.get(table_id)
    if table is None or len(table.session.seated() if table.session else [1, 2]) < 2:
        return False
    starter = next(iter(by_id.values()))
    before = table.hand_no
    await starter.slash(channel, "table start")
    if manager.tables[table_id].hand_no == before:  # the game is over, or too few players
        return False
    hand_id = manager.tables[table_id].hand_id
    for _ in range(80):
        table = manager.tables[table_id]
        hand = manager.public_state(table)["hand"]
        if table.hand_id != hand_id or hand is None or hand["to_act"] is None:
            return True
        actor = by_id[int(hand["to_act"])]
        legal = [a for a in hand["legal"] if a["verb"] != "discard"] or hand["legal"]
        action = rng.choice(legal)
        roll = rng.random()
        if roll < 0.08:  # somebody else tries to play: refused privately
            other = rng.choice([m for m in by_id.values() if m is not actor])
            await other.slash(channel, "act", verb=action["verb"])
        if roll < 0.15:
            await actor.slash(channel, "cards")
        if 0.15 <= roll < 0.2:  # the move's list, then an amount typed wrong (issue 26)
            await actor.autocomplete(channel, "act", "verb", "")
            ranged = next((a for a in hand["legal"] if "min" in a), None)
            if ranged is not None:
                typed = rng.choice(["abc", "-3", "2,5", "🃏", str(10**30)])
                await actor.slash(channel, "act", verb=ranged["verb"], amount=typed)
        if action["verb"] == "discard":
            mine = await manager.my_cards(table_id, actor.id)
            chosen = mine["cards"][: int(action.get("amount") or 1)]
            await actor.slash(channel, "act", verb="discard", amount=" ".join(chosen))
            continue
        amount = action.get("amount", action.get("min"))
        if "min" in action and rng.random() < 0.5:
            amount = rng.randint(action["min"], action["max"])
        if roll < 0.5:
            await _act(actor, channel, action["verb"], amount)
            continue
        message = await _message(salon, channel, table_id)
        wanted = (
            f"salon:a:{table_id}:{hand_id}:{moves_played(message)}:{action['verb']}:"
            f"{'' if amount is None else amount}"
        )
        ids = custom_ids(message)
        if wanted not in ids:  # a ranged amount has no button of its own: use /act
            await _act(actor, channel, action["verb"], amount)
            continue
        await actor.click(message, custom_id=wanted)
    raise AssertionError("the hand did not end")


async def _act(actor: Any, channel: Any, verb: str, amount: int | None) -> None:
    if amount is None:
        await actor.slash(channel, "act", verb=verb)
    else:
        await actor.slash(channel, "act", verb=verb, amount=str(amount))


def assert_all_in(lang: str, texts: list[tuple[str, str]]) -> None:
    foreign = foreign_phrases(lang)
    every_key = keys("en") | keys("fr")
    problems = []
    for path, text in texts:
        for phrase in foreign:
            if phrase in text:
                problems.append((path, f"foreign phrase {phrase!r}", text))
        for key in RAW_KEY.findall(text):
            if key in every_key or key.count("-") >= 1:
                problems.append((path, f"raw key {key!r}", text))
        if PLACEHOLDER.search(text):
            problems.append((path, "placeholder", text))
        other = next(x for x in LANGS if x != lang)
        words = LITTLE_WORDS[other].findall(re.sub(r"<[@#]\d+>|https?://\S+", "", text))
        if words:
            problems.append((path, f"foreign words {words}", text))
    assert not problems, problems[:10]


@pytest.mark.parametrize(("lang", "hands"), [("fr", 200), ("en", 200)])
async def test_every_text_is_in_the_readers_language(
    salon: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    lang: str,
    hands: int,
) -> None:
    if lang == "fr":
        speak_french(monkeypatch)
        await salon.bot.db.write(Transaction.update_settings, salon.guild.id, locale="fr")
    since = len(salon.env.http_requests)
    with caplog.at_level(logging.ERROR, logger="bot.i18n"):
        played = await play_random_hands(salon, hands, random.Random(hands))
    assert played >= hands
    texts = sent_texts(salon, since)
    if os.environ.get("SALON_SCAN_DUMP"):
        pathlib.Path(os.environ["SALON_SCAN_DUMP"] + f".{lang}").write_text(
            "\n----\n".join(text for _, text in texts), encoding="utf-8"
        )
    assert len(texts) > 20 * hands  # the scan read what the players read
    assert_all_in(lang, texts)
    unknown = [r.getMessage() for r in caplog.records if r.name == "bot.i18n"]
    assert not unknown, unknown[:5]


def test_the_scan_sees_a_foreign_phrase() -> None:
    """The scan fails on an English line on a French server (it can fail)."""
    with pytest.raises(AssertionError):
        assert_all_in("fr", [("/x", "Ouvrir 4 · It is not your turn.")])
    with pytest.raises(AssertionError):
        assert_all_in("en", [("/x", "Ce n'est pas à vous de parler.")])
    with pytest.raises(AssertionError):
        assert_all_in("en", [("/x", "refuse-not-your-turn")])
    with pytest.raises(AssertionError):
        assert_all_in("fr", [("/x", "Something new is not in the catalogue.")])
    assert_all_in("fr", [("/x", "Ce n'est pas à vous de parler.")])
