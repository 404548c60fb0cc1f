"""Discord's limits: every message the bot builds fits, at the largest table and line a
server can make, in both languages; a long line is capped; a failed edit never fails a click
and a deleted table message comes back."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import discord
import pytest
from discord_limits import assert_within_discord_limits
from simsupport import table_message

from bot.runtime.games import combo_message
from bot.storage import Transaction
from bot.ui import limits
from bot.ui.render import showdown_embed, table_embed
from bot.ui.views import AmountModal, table_view
from tests.public_states import public_state, showdown_report
from tests.test_runtime_support import CHANNEL, GUILD, make_env

# -------------------------------------------------------------- the extremes, built


BIG_ID = 10**18 + 123_456_789  # snowflakes are 18-19 digits: the longest mentions


async def _largest_states(tmp_path: Path) -> list[dict[str, Any]]:
    """Public states of the largest tables: a full Bouillotte table with 100 in line, and a
    16-seat Brag table in play (the most seats any game has)."""
    env = await make_env(tmp_path / "bot.db")
    m = env.manager
    await env.db.set_queue_cap(GUILD, 100)
    bouillotte = await m.create_table(GUILD, CHANNEL, "bouillotte", BIG_ID, {"seats": 5})
    for k in range(105):
        await m.join(bouillotte, BIG_ID + k)
    await m.start(bouillotte, BIG_ID)
    brag = await m.create_table(GUILD, CHANNEL + 1, "brag", BIG_ID, {"seats": 16})
    for k in range(16):
        await m.join(brag, BIG_ID + 500 + k)
    await m.start(brag, BIG_ID + 500)
    states = [await m.status(bouillotte), await m.status(brag)]
    assert len(states[0]["queue"]) == 100 and len(states[1]["seats"]) == 16
    await env.db.close()
    return states


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_largest_table_message_fits(tmp_path: Path, lang: str) -> None:
    for state in await _largest_states(tmp_path):
        log = [
            f"<@{BIG_ID + k}> relance à 999 999 999 (tapis) — une très longue ligne du journal "
            f"de la table, numéro {k}"
            for k in range(300)
        ]
        undelivered = {BIG_ID + k for k in range(100)}
        embed = table_embed(lang, state, log=log, undelivered=undelivered)
        view = table_view(lang, state)
        assert_within_discord_limits(embed, view)
        fields = {f.name: f.value for f in embed.fields}
        line = (
            next(v for n, v in fields.items() if n in ("Waiting line", "File d'attente"))
            if (state["queue"])
            else ""
        )
        if state["queue"]:
            assert ("more" if lang == "en" else "autres") in line  # "… and N more"
            assert line.startswith(f"1. <@{state['queue'][0]}>")
        last = fields["Last moves" if lang == "en" else "Derniers coups"]
        assert last.endswith("numéro 299")  # the newest moves are the ones kept


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_largest_showdown_fits(lang: str) -> None:
    names = [str(BIG_ID + k) for k in range(16)]
    shown = {
        n: {
            "cards": ["Ah", "Kd", "Qs"],
            "hand": "run A-K-Q",
            "discards": ["2c", "3d"],
            "hands": [["Ah", "Kd", "Qs", "2c", "3d"], ["4h", "5h", "6h", "7h", "8h"]],
        }
        for n in names
    }
    data = showdown_report(
        hand_no=10**6,
        game="brag",
        view={"players": [{"name": n, "stack": 10**9, "stake": 10**9} for n in names]},
        shown=shown,
        combos={n: combo_message({"kind": "run", "ranks": "A-K-Q", "wilds": 0}) for n in names},
        stacks=dict.fromkeys(names, 10**9),
        pots=[{"amount": 10**9, "winners": names} for _ in range(15)],
    )
    assert_within_discord_limits(showdown_embed(lang, "brag", data))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_amount_modal_fits(lang: str) -> None:
    for verb in ("raise", "open", "bet", "discard", "see", "cover"):
        modal = AmountModal(lang, 10**9, 10**9, verb, "1 – 999999999")
        assert_within_discord_limits(modal)


def test_lists_end_in_and_n_more() -> None:
    text = limits.listing("fr", [f"<@{BIG_ID + k}>" for k in range(100)], " ")
    assert len(text) <= limits.FIELD_VALUE and text.endswith("autres")
    assert limits.listing("en", ["a", "b"]) == "a\nb"


def test_an_embed_over_six_thousand_characters_is_cut_to_fit() -> None:
    embed = discord.Embed(title="t" * 300, description="d\n" * 3000)
    for k in range(30):
        embed.add_field(name=f"f{k}", value="\n".join(["x" * 50] * 40))
    limits.fit_embed("en", embed)
    assert_within_discord_limits(embed)


def test_a_random_log_never_breaks_the_table_message() -> None:
    rng = random.Random(4)
    state = public_state()
    for _ in range(50):
        log = ["é" * rng.randint(0, 3000) for _ in range(rng.randint(0, 40))]
        assert_within_discord_limits(table_embed("fr", state, log=log, undelivered=set()))


# ------------------------------------------------------------------ at the table


async def test_a_long_line_is_capped_and_the_table_keeps_updating(salon: Any) -> None:
    alice = salon.member("alice")
    await alice.slash(salon.channel, "table create", game="bouillotte")
    table = await salon.bot.manager.table_in_channel(salon.channel.id)
    answers = []
    for k in range(40):
        member = salon.member(f"{k:02d}" + "蘭" * 30)  # 32 wide characters: names never shown
        answer = await member.click(await table_message(salon, table), label="Join")
        assert answer.acknowledged  # no click ends in "This interaction failed"
        answers.append(answer)
        shown = await table_message(salon, table)
        assert_within_discord_limits(*shown.embeds)
        text = "\n".join(f.value for f in shown.embeds[0].fields)
        if not answer.ephemeral:  # accepted: the table message shows him at once
            assert f"<@{member.id}>" in text
    state = await salon.bot.manager.status(table)
    seated = len(state["seats"])
    assert len(state["queue"]) == 20
    refused = [a for a in answers if a.ephemeral and "waiting line is full" in a.response.content]
    assert len(refused) == 40 - seated - 20
    assert refused[0].response.content == "The waiting line is full (20 players)."
    message = await table_message(salon, table)
    assert_within_discord_limits(*message.embeds)
    line = next(f.value for f in message.embeds[0].fields if f.name == "Waiting line")
    assert line.count("<@") == 20
    assert not salon.env.errors


class _Response:
    status = 400
    reason = "Bad Request"


async def test_a_failed_edit_is_answered_and_the_table_posted_again(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = salon.member("alice")
    await alice.slash(salon.channel, "table create", game="bouillotte")
    table = await salon.bot.manager.table_in_channel(salon.channel.id)
    before = (await salon.bot.db.query(Transaction.get_table, table)).message_ids["table"]

    async def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise discord.HTTPException(_Response(), "Invalid Form Body")  # type: ignore[arg-type]

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", refuse)
    clicked = await alice.click(await table_message(salon, table), label="Join")
    monkeypatch.undo()

    assert clicked.ephemeral and clicked.response.content.startswith("Done.")
    assert (
        await salon.bot.db.query(Transaction.get_seat, table, alice.id)
    ) is not None  # the join was applied
    after = (await salon.bot.db.query(Transaction.get_table, table)).message_ids["table"]
    assert after != before
    assert all(m.id != before for m in salon.channel.history())  # the old one is removed
    assert f"<@{alice.id}>" in (await table_message(salon, table)).embeds[0].fields[0].value


async def test_a_deleted_table_message_is_posted_again(salon: Any) -> None:
    alice, bob = salon.member("alice"), salon.member("bob")
    await alice.slash(salon.channel, "table create", game="bouillotte")
    table = await salon.bot.manager.table_in_channel(salon.channel.id)
    old = (await salon.bot.db.query(Transaction.get_table, table)).message_ids["table"]
    channel = salon.bot.get_partial_messageable(salon.channel.id)
    await channel.get_partial_message(old).delete()

    await bob.slash(salon.channel, "table join")

    new = (await salon.bot.db.query(Transaction.get_table, table)).message_ids["table"]
    assert new != old
    assert f"<@{bob.id}>" in (await table_message(salon, table)).embeds[0].fields[0].value
