"""Bad input in every field a member types into, in both languages (issue 26, item 1).

Every command option that takes text (``/act``'s move and amount, ``/table create``'s and
``/table choose``'s options, ``/table seed``) and the amount modal behind the "other…"
button get words, negatives, zero, a huge number, decimals, an emoji and nothing; the number
options get their bounds and what Discord lets through. Every answer is read back: it
names the bad input in the reader's words, and holds no Python value (``None``, ``('abc',)``,
``[…]``, ``{…}``), no ``$``, no raw catalogue key and no snake_case word outside code.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
import simcord
from salon_helpers import speak_french
from simsupport import custom_ids, state, table_message
from test_language_scan import assert_all_in

from bot.runtime.settings import MAX_CAVE
from bot.storage import Transaction

HUGE = str(10**30)
#: What a member may type where a number or a word is wanted.
BAD_TEXT = ["abc", "-3", "0", HUGE, "2.5", "2,5", "🃏", " "]
#: Catalogue keys, snake_case words (outside code spans), Python values.
RAW_KEY = re.compile(
    r"\b(?:refuse|done|log|event|ui|wallet|admin|history|tables|app|abuse|combo|verb|label"
    r"|help|option|options|dm|metric|period|turns|images|play|choice)-[a-z0-9_-]+\b"
)
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
CODE = re.compile(r"`[^`]*`")
#: A quote that is not an apostrophe inside a word (French writes "n'est", "l'option").
PYTHON_QUOTE = re.compile(r"(?<![A-Za-zÀ-ÿ])'|'(?![A-Za-zÀ-ÿ])")
PYTHON = re.compile(r"\bNone\b|[(\[{$]")
#: In a table's picture (an embed: "Voir (5)"), a parenthesis may be prose; a tuple is not.
PYTHON_IN_EMBED = re.compile(r"\bNone\b|\(\s*['\"]|,\)|[\[{$]")


def texts(result: Any, embeds: bool = True) -> list[str]:
    """What the member reads in an answer: its text, and its embeds."""
    out = []
    for message in [result.response, *result.followups]:
        if message is None:
            continue
        out.append(message.content or "")
        for embed in message.embeds if embeds else ():
            out.extend([embed.title or "", embed.description or ""])
            out.extend(f"{f.name}\n{f.value}" for f in embed.fields)
    return [t for t in out if t]


def problems_in(text: str, python: re.Pattern[str] = PYTHON) -> list[str]:
    found = []
    prose = CODE.sub("", text)
    for pattern, what in ((python, "python"), (PYTHON_QUOTE, "quote"), (RAW_KEY, "raw key")):
        found += [f"{what} {m!r}" for m in pattern.findall(prose)]
    found += [f"snake_case {m!r}" for m in SNAKE.findall(prose)]
    return found


class Reader:
    """Every answer of the test, each checked, then the whole scanned for the language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.read: list[tuple[str, str]] = []
        self.problems: list[tuple[str, str, list[str]]] = []

    def check(self, what: str, result: Any, names: str | None = None) -> str:
        said = "\n".join(texts(result))
        assert said, f"{what}: no answer"
        self.read.append((what, said))
        found = problems_in("\n".join(texts(result, embeds=False)))
        found += problems_in(said, PYTHON_IN_EMBED)
        shown = (names or "").strip()[:20]  # a long input is repeated cut short
        if shown and shown not in said:
            found.append(f"does not name {names!r}")
        if found:
            self.problems.append((what, said, found))
        return said

    def done(self) -> None:
        if os.environ.get("SALON_SCAN_DUMP"):  # every answer, to read them
            print("\n".join(f"{w} => {t}" for w, t in self.read))
        assert not self.problems, self.problems[:8]
        assert_all_in(self.lang, self.read)


async def started(salon: Any, game: str, options: str) -> dict[int, Any]:
    names = ("ann", "ben", "cid")
    members = {m.id: m for m in (salon.member(n) for n in names)}
    first = next(iter(members.values()))
    await first.slash(salon.channel, "table create", game=game, options=options)
    for member in members.values():
        await member.slash(salon.channel, "table join")
    await first.click(await table_message(salon), custom_id="salon:t:1:start")
    return members


def refused_by_discord(call: Any) -> bool:
    """Discord's client refuses a value an option's type or bounds forbid: the bot never
    sees it (simcord raises as Discord would)."""
    return isinstance(call, simcord.backend.errors.OptionError)


async def try_slash(member: Any, channel: Any, name: str, **options: Any) -> Any:
    try:
        return await member.slash(channel, name, **options)
    except simcord.backend.errors.OptionError as exc:
        return exc


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_every_field_refuses_bad_input_in_words(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    if lang == "fr":
        speak_french(monkeypatch)
        await salon.bot.db.write(Transaction.update_settings, salon.guild.id, locale="fr")
    reader = Reader(lang)
    members = await started(salon, "bouillotte", "carre=off")
    hand = state(salon)["hand"]
    actor = members[int(hand["to_act"])]
    other = next(m for uid, m in members.items() if str(uid) != hand["to_act"])
    ranged = next(a for a in hand["legal"] if "min" in a)

    # /act: the move, then the amount of a ranged move, typed wrong
    for typed in [*BAD_TEXT, "fly"]:
        answer = await actor.slash(salon.channel, "act", verb=typed)
        reader.check(f"/act verb={typed!r}", answer, names=typed)
    for typed in BAD_TEXT:
        answer = await actor.slash(salon.channel, "act", verb=ranged["verb"], amount=typed)
        names = None if typed in ("0", "-3", HUGE) else typed
        said = reader.check(f"/act {ranged['verb']} amount={typed!r}", answer, names=names)
        assert answer.ephemeral, said
    answer = await actor.slash(salon.channel, "act", verb=ranged["verb"])  # no amount
    reader.check(f"/act {ranged['verb']} with no amount", answer)
    answer = await other.slash(salon.channel, "act", verb=ranged["verb"], amount="abc")
    reader.check("/act out of turn", answer)

    # the "other…" button's modal, every bad input
    message = await table_message(salon)
    other_button = next(c for c in custom_ids(message) if c.startswith("salon:o:"))
    for typed in BAD_TEXT:
        salon.bot.clicks.clicks.clear()  # a member typing this fast is not a robot
        shown = await actor.click(await table_message(salon), custom_id=other_button)
        modal = shown.modal
        assert modal is not None, (typed, texts(shown))
        field = modal["components"][0]["components"][0]["custom_id"]
        answer = await actor.submit_modal(shown, {field: typed})
        names = None if typed in ("0", "-3", HUGE) else typed.strip() or None
        reader.check(f"modal amount={typed!r}", answer, names=names)
        assert state(salon)["hand"]["to_act"] == hand["to_act"]  # nothing was played

    # /table create options and /table choose options, typed wrong
    bad_options = [
        "turn_timeout=0.5", "turn_timeout=abc", "turn_timeout=-3", "turn_timeout=0",
        f"turn_timeout={HUGE}", "cave=2,5", "seats=🃏", "ante=-3", "pot_rule=best", "abc",
        "flambeau=maybe", "max_hands=0", "sit_out_hands=", "=3", "carre=on notify=🃏",
    ]  # fmt: skip
    for typed in bad_options:
        channel = salon.guild.create_text_channel(f"t-{len(reader.read)}")
        answer = await actor.slash(channel, "table create", game="brelan", options=typed)
        reader.check(f"/table create options={typed!r}", answer)
        assert answer.ephemeral
        assert await salon.bot.manager.table_in_channel(channel.id) is None
    for typed in ["cards=6", "wild=abc", "ante=2.5", "abc"]:
        answer = await actor.slash(salon.channel, "table choose", options=typed)
        reader.check(f"/table choose options={typed!r}", answer)

    # the number options: what Discord lets through is answered in words; the rest it
    # refuses itself
    for name, value in [
        ("table recave", 1), ("table recave", MAX_CAVE), ("table reserve", 1),
        ("table watch", 1), ("table watch", 2**53 - 1),
    ]:  # fmt: skip
        option = "table" if name == "table watch" else "amount"
        answer = await actor.slash(salon.channel, name, **{option: value})
        reader.check(f"/{name} {value}", answer)
    for name, option, value in [
        ("table recave", "amount", 0), ("table recave", "amount", 10**30),
        ("table recave", "amount", 2.5), ("table recave", "amount", "abc"),
        ("table create", "seats", 1), ("table create", "turn_timer", 9),
        ("table create", "cave", -3), ("table create", "ante", 10**30),
    ]:  # fmt: skip
        extra = {"game": "brelan"} if name == "table create" else {}
        call = await try_slash(actor, salon.channel, name, **extra, **{option: value})
        assert refused_by_discord(call), (name, option, value)
    answer = await actor.slash(salon.channel, "table seed", text="abc")
    reader.check("/table seed abc", answer)
    reader.done()


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_brag_amounts_and_discards_typed_wrong(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Brag: a bet typed wrong, then (four cards) a discard typed wrong."""
    if lang == "fr":
        speak_french(monkeypatch)
    reader = Reader(lang)
    members = await started(salon, "brag", "cards=4 blind_allowed=off")
    for _ in range(6):
        hand = state(salon)["hand"]
        actor = members[int(hand["to_act"])]
        verbs = {a["verb"]: a for a in hand["legal"]}
        if "discard" in verbs:
            for typed in [*BAD_TEXT, "Ah Ah", "10♠ 10♠"]:
                answer = await actor.slash(salon.channel, "act", verb="discard", amount=typed)
                shown = None if typed in ("0", "-3", HUGE, "2,5", "10♠ 10♠", "Ah Ah") else typed
                reader.check(f"discard {typed!r}", answer, names=shown)
            mine = (await salon.bot.manager.my_cards(1, actor.id))["cards"]
            await actor.slash(salon.channel, "act", verb="discard", amount=mine[0])
            continue
        if "bet" in verbs:
            for typed in BAD_TEXT:
                answer = await actor.slash(salon.channel, "act", verb="bet", amount=typed)
                names = None if typed in ("0", "-3", HUGE) else typed.strip() or None
                reader.check(f"bet {typed!r}", answer, names=names)
            await actor.slash(salon.channel, "act", verb="fold")
            break
        await actor.slash(salon.channel, "act", verb=hand["legal"][0]["verb"])
    assert reader.read, "no Brag move was typed"
    reader.done()
