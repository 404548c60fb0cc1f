"""What a reader sees is in his language, with no raw key in the prose (issue 26, items 2-3):
the turn's countdown, /act's autocomplete, /table options."""

from __future__ import annotations

import re
from typing import Any

import pytest
from salon_helpers import speak_french
from simsupport import actions_played, state, table_message

from bot.i18n import render
from bot.runtime.errors import VERBS
from bot.storage import Transaction
from bot.ui.render import table_embed
from tests.public_states import public_state

#: A word written like an option's value or a key (``single_suit``, ``face_up``).
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
#: Code spans, where a value to type is shown as it is typed.
CODE = re.compile(r"`[^`]*`")


async def _started(salon: Any, game: str = "bouillotte", options: str = "") -> dict[int, Any]:
    members = {m.id: m for m in (salon.member(n) for n in ("ann", "ben", "cid"))}
    first = next(iter(members.values()))
    extra = {"options": options} if options else {}
    await first.slash(salon.channel, "table create", game=game, **extra)
    for member in members.values():
        await member.slash(salon.channel, "table join")
    await first.click(await table_message(salon), custom_id="salon:t:1:start")
    return members


def _turn_field(lang: str, deadline: int) -> str:
    state = public_state(
        started=True,
        seats=[{"user": 7, "stack": 30}],
        hand={"to_act": "7", "deadline": deadline},
    )
    embed = table_embed(lang, state)
    return next(str(f.value) for f in embed.fields if f.name == render(lang, "ui-turn"))


@pytest.mark.parametrize(
    ("lang", "expected", "wrong"),
    [
        ("fr", "fin du tour <t:1800000000:R>", "écoulé"),
        ("en", "turn ends <t:1800000000:R>", "runs"),
    ],
)
def test_the_countdown_reads_right_once_discord_fills_it_in(
    lang: str, expected: str, wrong: str
) -> None:
    """Discord writes ``<t:…:R>`` as "dans 59 secondes" / "in 59 seconds": the words before
    it must make a sentence with that ("fin du tour dans 59 secondes")."""
    turn = _turn_field(lang, 1_800_000_000)
    assert turn.endswith(expected), turn
    assert wrong not in turn


async def test_the_table_message_counts_the_turn_down_in_french(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    await salon.bot.db.write(Transaction.update_settings, salon.guild.id, locale="fr")
    await _started(salon)
    message = await table_message(salon)
    text = "\n".join(str(f.value) for e in message.embeds for f in e.fields)
    deadline = int(state(salon)["hand"]["deadline"])
    assert f"fin du tour <t:{deadline}:R>" in text, text


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_act_autocomplete_names_the_moves_in_the_members_language(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    members = await _started(salon)
    if lang == "fr":
        speak_french(monkeypatch)
    hand = state(salon)["hand"]
    actor = members[int(hand["to_act"])]
    offered = await actor.autocomplete(salon.channel, "act", "verb", "")
    assert {c["value"] for c in offered} == {a["verb"] for a in hand["legal"]}
    for choice in offered:
        verb, name = choice["value"], choice["name"]
        assert name.startswith(render(lang, f"label-{verb}", n="…")), name
        if lang == "fr":
            # no English verb of the game in the French names ("pass — passer …")
            english = "|".join(v for v in VERBS if v != "carre")  # a French word too
            assert not re.search(rf"\b(?:{english})\b", name), name
    if lang == "fr":
        # a French member may type the French word: the list narrows to it
        typed = render("fr", f"label-{offered[0]['value']}", n="…")[:3].lower()
        narrowed = await actor.autocomplete(salon.channel, "act", "verb", typed)
        assert offered[0]["value"] in {c["value"] for c in narrowed}


async def test_act_takes_the_move_in_the_members_words(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    members = await _started(salon)
    speak_french(monkeypatch)
    hand = state(salon)["hand"]
    actor = members[int(hand["to_act"])]
    assert any(a["verb"] == "decline" for a in hand["legal"]), hand["legal"]
    before = actions_played(salon)
    played = await actor.slash(salon.channel, "act", verb="Refuser")
    assert played.ephemeral and played.response.content.startswith("Joué"), played.response
    assert actions_played(salon) == (before[0], before[1] + 1)


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("bouillotte", "carre=forced refait_dealer=next notify=dm"),
        ("brag", "wild=one_eyed_jacks blind_keep=face_up see_cost=equal max_raise=none"),
        ("brelan", "pot_rule=single_suit carre_chain=pagat ante_by=dealer min_raise=last_raise"),
    ],
)
async def test_table_options_explain_each_value_in_the_readers_words(
    salon: Any, monkeypatch: pytest.MonkeyPatch, game: str, options: str
) -> None:
    ann = salon.member("ann")
    await ann.slash(salon.channel, "table create", game=game, options=options)
    speak_french(monkeypatch)
    shown = await ann.slash(salon.channel, "table options")
    text = "\n".join(f.value for e in shown.response.embeds for f in e.fields)
    for pair in options.split():
        name, value = pair.split("=")
        # the value to type, as code, then what it means in French
        meaning = render("fr", f"option-value-{name}-{value}") if value != "none" else ""
        assert f"`{name}` = `{value}`" in text, (pair, text)
        if meaning:
            assert f"`{name}` = `{value}`\u00a0: {meaning}" in text, (pair, text)
    prose = CODE.sub("", text)
    assert not SNAKE.findall(prose), SNAKE.findall(prose)
    # no value left in parentheses in the prose, as in "(next) ou … (same)"
    assert not re.search(r"\((?:next|same|all|dealer|none|off|free|forced)\)", prose), prose
    assert "single_suit" not in prose and "face_up" not in prose


def test_the_single_suit_value_in_french() -> None:
    from bot.ui.options_text import current_lines

    (line,) = current_lines("fr", {"pot_rule": "single_suit"})
    assert line.startswith(
        "`pot_rule` = `single_suit`\u00a0: la couleur gagnante du premier étage reste la seule"
    ), line
