"""One error path (issue 27): a player's refusal is a typed error with a catalogue key
(:class:`~bot.i18n.message.Refusal`: TableError, StorageError), answered in one place for
the slash commands (the command tree's ``on_error``) and one for the clicks
(``always_answered``), both through :func:`bot.ui.replies.answer_failure`: privately, in the
reader's language, as a follow-up when the interaction was deferred. Action buttons carry
only the verbs of :class:`~bot.games.verbs.Verb`."""

from __future__ import annotations

import ast
import asyncio
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import discord
import pytest
from salon_helpers import speak_french
from simsupport import actions_played, moves_played, state, table_message

import bot.ui.replies
from bot.i18n import render
from bot.runtime import TableError
from bot.ui.options_text import parse_table_options

ROOT = Path(__file__).resolve().parents[2]


def spy_on_the_one_answer(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts :func:`~bot.ui.replies.answer_failure` sends (it alone calls
    ``bot.ui.replies.reply_private`` through its module: the commands and views call their
    own imported name)."""
    sent: list[str] = []
    real = bot.ui.replies.reply_private

    async def spy(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        sent.append(content)
        await real(interaction, content, **kwargs)

    monkeypatch.setattr(bot.ui.replies, "reply_private", spy)
    return sent


async def seated(salon: Any, game: str = "brelan") -> Any:
    ann = salon.member("ann")
    created = await ann.slash(salon.channel, "table create", game=game)
    assert not created.ephemeral, created.response.content
    joined = await ann.slash(salon.channel, "table join")
    assert joined.ephemeral and "refus" not in joined.response.content.lower()
    return ann


async def brelan_turn(salon: Any) -> tuple[Any, Any]:
    """A Brelan hand of ann and ben, dealt by commands (no carre): the member to act and the
    hand's public state."""
    members = [salon.member(name) for name in ("ann", "ben")]
    await members[0].slash(salon.channel, "table create", game="brelan", options="carre=off")
    for member in members:
        await member.slash(salon.channel, "table join")
    await members[0].slash(salon.channel, "table start")
    hand = state(salon)["hand"]
    return next(m for m in members if str(m.id) == hand["to_act"]), hand


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_refusal_from_a_command_and_from_a_button_is_private_in_the_readers_words(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    ann = await seated(salon)
    if lang == "fr":
        speak_french(monkeypatch)
    answered = spy_on_the_one_answer(monkeypatch)
    expected = render(lang, "refuse-already-seated")

    by_command = await ann.slash(salon.channel, "table join")
    assert by_command.ephemeral and by_command.response.content == expected
    by_button = await ann.click(await table_message(salon), label=render("en", "ui-join"))
    assert by_button.ephemeral and by_button.response.content == expected

    assert answered == [expected, expected]  # both through answer_failure
    assert salon.env.errors == []  # a refusal is an answer, not an error of the bot


async def test_a_refusal_after_a_deferral_comes_as_a_private_follow_up(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request slower than the answer budget is deferred first; its refusal then comes
    as the follow-up, still private, still in the reader's language."""
    ann = await seated(salon)
    speak_french(monkeypatch)
    answered = spy_on_the_one_answer(monkeypatch)

    async def slow_refusal(*_args: Any, **_kwargs: Any) -> None:
        await asyncio.sleep(4)  # virtual seconds: past the 2-second budget
        raise TableError("refuse-already-seated")

    monkeypatch.setattr(salon.bot.manager, "join", slow_refusal)
    expected = render("fr", "refuse-already-seated")

    async def answers(deferral: int, request: Awaitable[Any]) -> None:
        since = len(salon.env.http_requests)
        result = await request
        made = salon.env.http_requests[since:]
        [first] = [r for r in made if r.path.endswith("/callback")]
        [follow_up] = [r for r in made if r.path.startswith("/webhooks/")]
        assert first.json["type"] == deferral
        assert follow_up.method == "POST" and follow_up.json["flags"] & 64  # ephemeral
        said = [*result.followups, result.response][0]
        assert said.ephemeral and said.content == expected

    await answers(5, ann.slash(salon.channel, "table join"))  # "…is thinking", privately
    message = await table_message(salon)
    await answers(6, ann.click(message, label=render("en", "ui-join")))  # a deferred update
    assert answered == [expected, expected]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_value_a_transformer_cannot_read_is_refused_in_the_readers_words(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """/table create's options are read by their transformer (``TableOptions``) before the
    command runs: a bad one is a ``TransformerError`` wrapping the refusal, answered by the
    one answer, privately, in the reader's language; no table is opened."""
    if lang == "fr":
        speak_french(monkeypatch)
    answered = spy_on_the_one_answer(monkeypatch)
    with pytest.raises(TableError) as refused:
        parse_table_options("turn_timeout=0.5", "brelan")
    expected = render(lang, refused.value.message)
    assert ("secondes" in expected) == (lang == "fr")

    ann = salon.member("ann")
    created = await ann.slash(
        salon.channel, "table create", game="brelan", options="turn_timeout=0.5"
    )
    assert created.ephemeral and created.response.content == expected
    assert await salon.bot.manager.table_in_channel(salon.channel.id) is None
    # /table choose reads its options for this channel's table: none here, that is said first
    chosen = await ann.slash(salon.channel, "table choose", options="cards=9")
    no_table = render(lang, "refuse-no-table-in-channel")
    assert chosen.ephemeral and chosen.response.content == no_table
    assert answered == [expected, no_table]
    assert salon.env.errors == []


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_an_amount_typed_wrong_at_act_is_refused_with_the_legal_range(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """/act's amount is read by its transformer (``AmountTransformer``: a number, the cards of
    a discard, else the text as typed); the runtime refuses a text that is no amount, naming
    the move's range and repeating the text, privately, in the reader's language."""
    actor, hand = await brelan_turn(salon)
    ranged = next(a for a in hand["legal"] if "min" in a)
    if lang == "fr":
        speak_french(monkeypatch)
    answered = spy_on_the_one_answer(monkeypatch)
    before = actions_played(salon)

    typed = await actor.slash(salon.channel, "act", verb=ranged["verb"], amount="douze")

    word = render(lang, f"verb-{ranged['verb']}")
    expected = render(
        lang,
        "refuse-amount-range-text",
        verb=word,
        low=ranged["min"],
        high=ranged["max"],
        text="douze",
    )
    assert typed.ephemeral and typed.response.content == expected
    assert answered == [expected]
    assert actions_played(salon) == before


async def test_an_unknown_verb_in_a_custom_id_is_never_played(salon: Any) -> None:
    """A custom id whose verb is not a :class:`~bot.games.verbs.Verb` matches no button:
    discord.py drops the click (no answer), and nothing is played. The same id with the
    verb the player may play does play."""
    actor, hand = await brelan_turn(salon)
    index = moves_played(await table_message(salon))
    forged, genuine = (f"salon:a:1:{hand['id']}:{index}:{verb}:" for verb in ("poke", "pass"))
    assert any(a["verb"] == "pass" for a in hand["legal"]), hand["legal"]

    # a message of the bot carrying both ids (a plain view, stopped: only the dynamic items,
    # the table's buttons, are left to answer its clicks)
    view = discord.ui.View(timeout=None)
    for custom_id in (forged, genuine):
        view.add_item(discord.ui.Button(label=custom_id.split(":")[5], custom_id=custom_id))
    channel = salon.bot.get_partial_messageable(salon.channel.id)
    sent = await channel.send("forged", view=view)
    view.stop()
    message = next(m for m in salon.channel.history() if m.id == sent.id)

    before = actions_played(salon)
    dropped = await actor.click(message, custom_id=forged)
    assert not dropped.acknowledged and dropped.response is None
    assert actions_played(salon) == before

    played = await actor.click(message, custom_id=genuine)
    assert played.acknowledged
    assert actions_played(salon) == (before[0], before[1] + 1)


# -- the source: no refusal is answered anywhere else -----------------------------------------

#: Where a refusal may still be caught in the Discord layer, and why: the table's answer to a
#: click refreshes the table and announces a turn that moved, then re-raises for the one
#: answer; the discard menu gives way to its refusal in the same message; /history lists a
#: hand whose table is gone without refusing anything.
KEPT = {
    ("bot/ui/clicks.py", "answer_with_table"),
    ("bot/ui/tournament_view.py", "answer_with_tournament"),  # the same for a tournament's
    ("bot/ui/selects.py", "callback"),  # DiscardSelect's
    ("cogs/history.py", "_hand_lines"),  # a table gone from storage is listed as "?"
}
#: The refusal types (bot.i18n.message.Refusal and its families).
REFUSALS = {"Refusal", "TableError", "StorageError"}


def caught_refusals(path: Path) -> list[tuple[str, str]]:
    """(file, function) of every ``except`` naming a refusal type in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ExceptHandler) and node.type is not None:
                names = {n.id for n in ast.walk(node.type) if isinstance(n, ast.Name)}
                if names & REFUSALS:
                    found.append((str(path.relative_to(ROOT)), function.name))
    return found


def test_no_refusal_is_answered_outside_the_one_path() -> None:
    discord_layer = [
        *sorted((ROOT / "bot/ui").glob("*.py")),
        *sorted((ROOT / "cogs").glob("*.py")),
        ROOT / "bot/app.py",
        ROOT / "bot/ops.py",
    ]
    caught = [c for path in discord_layer for c in caught_refusals(path)]
    assert set(caught) == KEPT and len(caught) == len(KEPT), caught
    everywhere = [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").glob("*.py")]
    for path in everywhere:
        text = path.read_text(encoding="utf-8")
        assert "except (TableError, StorageError)" not in text, path
        assert "player_errors" not in text, path
    # the table's (and a tournament's) answer re-raises the refusal it caught, for the one
    # answer
    for module, name in KEPT:
        if not name.startswith("answer_with_"):
            continue
        views = ast.parse((ROOT / module).read_text(encoding="utf-8"))
        answer = next(
            f for f in ast.walk(views) if isinstance(f, ast.AsyncFunctionDef) and f.name == name
        )
        handler = next(
            n
            for n in ast.walk(answer)
            if isinstance(n, ast.ExceptHandler)
            and n.type is not None
            and {m.id for m in ast.walk(n.type) if isinstance(m, ast.Name)} & REFUSALS
        )
        assert any(isinstance(n, ast.Raise) and n.exc is None for n in handler.body)


# -- the cogs: a refusal is raised, never answered in place -------------------------------------

#: The calls that answer an interaction.
ANSWERS = {"reply", "reply_private", "send_message", "send", "edit_message", "show_cards"}
#: The classes a refusal is raised as (their first argument: its catalogue key).
RAISED_AS = REFUSALS | {"Refused"}


def answers(node: ast.AST) -> bool:
    """Whether ``node`` awaits an answer to the interaction."""
    for awaited in ast.walk(node):
        if isinstance(awaited, ast.Await) and isinstance(awaited.value, ast.Call):
            func = awaited.value.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ANSWERS:
                return True
    return False


def answered_in_place(source: str, name: str) -> list[str]:
    """Where a cog answers a refusal itself, by the shape such an answer has: an answer in an
    ``except`` handler (an error caught and answered there), or an ``if`` branch that answers
    and then returns (a way out before the command's work). A command's result ends the
    command, or one branch of an ``if``/``else``; a refusal is raised."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ExceptHandler) and any(answers(s) for s in node.body):
            found.append(f"{name}:{node.lineno} answers in an except")
        if isinstance(node, ast.If):
            for branch in (node.body, node.orelse):
                if branch and isinstance(branch[-1], ast.Return) and any(map(answers, branch)):
                    found.append(f"{name}:{node.lineno} answers, then returns")
    return sorted(found)


def refusal_keys() -> set[str]:
    """The catalogue keys raised as refusals anywhere in bot/ and cogs/."""
    keys = set()
    for path in [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in RAISED_AS
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                keys.add(node.args[0].value)
    return keys


def test_no_cog_answers_a_refusal_itself() -> None:
    """A cog raises a refusal (TableError, StorageError, :class:`~bot.ui.replies.Refused`)
    and the command tree answers it; the cog itself answers only results."""
    keys = refusal_keys()
    assert {"refuse-no-table-in-channel", "wallet-give-at-least-1-chip"} <= keys
    for path in sorted((ROOT / "cogs").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert answered_in_place(source, path.name) == []
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "render":
                said = {a.value for a in node.args if isinstance(a, ast.Constant)}
                assert not said & keys, f"{path.name}:{node.lineno} writes the refusal {said}"


def test_the_rule_sees_a_refusal_answered_in_place() -> None:
    """The shapes :func:`answered_in_place` looks for, on a command written the old way."""
    source = (
        "async def give(interaction, member):\n"
        "    if member.bot:\n"
        "        await reply_private(interaction, 'no bots')\n"
        "        return\n"
        "    try:\n"
        "        await pay()\n"
        "    except InsufficientChips:\n"
        "        await interaction.response.send_message('too poor')\n"
        "    if member.id:\n"
        "        await reply(interaction, 'given')\n"
        "    else:\n"
        "        await reply(interaction, 'nobody')\n"
    )
    assert answered_in_place(source, "old.py") == [
        "old.py:2 answers, then returns",
        "old.py:7 answers in an except",
    ]
