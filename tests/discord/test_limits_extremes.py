"""Every message at its extremes, checked against Discord's limits in both languages: the
button sets with the most legal moves, the longest seat lines, every log line with the
largest amounts, the showdown with the most revealed hands, and the list commands at their
largest counts (/table queue, /history, /leaderboard)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord_limits import assert_within_discord_limits, buttons_of
from salon_helpers import add_manager, speak_french
from simsupport import table_message

from bot.games.base import Event
from bot.i18n import Message
from bot.runtime import TableError
from bot.runtime.games import combo_message, event_message
from bot.runtime.public import quiet_state
from bot.storage import Transaction
from bot.storage.models import LeaderboardEntry
from bot.ui import limits
from bot.ui.render import showdown_embed, table_embed
from bot.ui.views import AmountModal, table_view
from bot.view.words import narrate
from tests.public_states import showdown_report

BIG = 10**18 + 987_654_321  # 19-digit snowflakes: the longest mentions (names never shown)
MAX = 10**12  # the largest amount the bot stores (MAX_CHIPS)
LANGS = ["en", "fr"]

#: The most moves each game can offer at once (more than one turn ever offers: a superset).
LEGAL = {
    "brelan": [
        {"verb": "carre", "amount": MAX},
        {"verb": "decline"},
        {"verb": "pass"},
        {"verb": "open", "min": 1, "max": MAX},
        {"verb": "hold", "amount": MAX},
        {"verb": "raise", "min": 2, "max": MAX},
        {"verb": "stand"},
    ],
    "brag": [
        {"verb": "look"},
        {"verb": "fold"},
        {"verb": "bet", "min": 1, "max": MAX},
        {"verb": "see", "amount": MAX},
        {"verb": "cover", "amount": MAX},
        {"verb": "discard", "amount": 2},
        {"verb": "showdown"},
        {"verb": "refuse"},
    ],
}


def _seat(k: int) -> dict[str, Any]:
    return {
        "seat": k + 1,
        "user": BIG + k,
        "stack": MAX,
        "dealer": k == 0,
        "sitting_out": True,
        "leaving": True,
    }


def _player(k: int) -> dict[str, Any]:
    return {
        "name": str(BIG + k),
        "stack": MAX,
        "stake": MAX,
        "cards": None,
        "folded": True,
        "all_in": True,
        "covered": True,
        "hands": 2,
        "blind": True,
    }


def _state(game: str, seats: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        **quiet_state(MAX, game),
        "started": True,
        "seats": [_seat(k) for k in range(seats)],
        "queue": [BIG + 1000 + k for k in range(100)],
        "carried": MAX,
        "hand": {
            "id": MAX,
            "no": MAX,
            "actions": 10**6,
            "phase": "betting",
            "players": [_player(k) for k in range(seats)],
            "retourne": "Ah",
            "pool": MAX,
            "pot": MAX,
            "pots": [MAX] * 16,
            "level": MAX,
            "face_up": ["Ah", "Kd", "Qs"],
            "proposer": str(BIG),
            "vade": MAX // 3,
            "to_act": str(BIG),
            "deadline": 4_102_444_800,
            "legal": legal,
        },
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["brelan", "bouillotte", "brag"])
def test_the_largest_button_set_fits_and_offers_every_move(lang: str, game: str) -> None:
    legal = LEGAL["brag" if game == "brag" else "brelan"]
    view = table_view(lang, _state(game, 16 if game == "brag" else 8, legal))
    assert_within_discord_limits(view)
    verbs = {
        str(item.custom_id).split(":")[-2 if ":a:" in str(item.custom_id) else -1]
        for item in map(buttons_of, view.children)
        if isinstance(item, discord.ui.Button)
    }
    assert {a["verb"] for a in legal} <= verbs  # no move left without its button


@pytest.mark.parametrize("lang", LANGS)
def test_the_longest_seat_lines_all_stay_on_the_table_message(lang: str) -> None:
    state = _state("brag", 16, LEGAL["brag"])
    embed = table_embed(lang, state, log=["x" * 1000] * 6, undelivered=range(BIG, BIG + 16))
    assert_within_discord_limits(embed)
    seats = "\n".join(f.value for f in embed.fields if f.name.startswith(("Seats", "Places")))
    assert all(f"<@{BIG + k}>" in seats for k in range(16))  # every seat is shown


BRELAN_EVENTS = {
    "carre", "decline", "open", "hold", "raise", "fold", "pass", "stand", "deal", "pot",
    "payment", "tapis", "sans_plus_round", "refait", "return", "charlemagne", "decave",
    "next_cave", "recave", "seated", "carried",
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["brelan", "bouillotte", "brag"])
def test_every_log_line_at_its_largest_fits(lang: str, game: str) -> None:
    who = str(BIG)
    kinds = [
        "carre", "decline", "open", "hold", "raise", "fold", "pass", "stand", "deal", "pot",
        "look", "bet", "see", "cover", "discard", "reveal", "keep", "throw",
        "showdown", "refuse", "blind_win", "kept", "carried", "payment", "tapis",
        "sans_plus_round", "refait", "return", "charlemagne", "decave", "next_cave", "recave",
        "seated", "leave",
    ]  # fmt: skip
    if game != "brag":
        kinds = [k for k in kinds if k in BRELAN_EVENTS]
    lines = []
    for kind in kinds:
        data = {
            "kind": kind, "player": who, "stake": MAX, "amount": MAX, "all_in": True,
            "step": "carre", "retourne": "Ah", "winners": [str(BIG + k) for k in range(16)],
            "stage": 3, "by": "brelan carré", "blind": True, "counts": 2 * MAX,
            "seen": str(BIG + 1), "hand": 2, "count": 2, "proposal": True,
            "next_deal": True, "combo": {"kind": "running_flush", "ranks": "A-K-Q", "wilds": 2},
            "to": str(BIG + 2), "carried": MAX, "number": 3, "stack": MAX, "pool": MAX,
            "cards": 5, "players": 16, "pot": MAX, "paid": MAX,
        }  # fmt: skip
        if game != "brag":
            data["combo"] = {"kind": "point", "value": 81, "suit": "d"}
        lines.append(narrate(lang, event_message(Event(kind, who, data), game)))
    timeout = Message.of("log-timeout", user=BIG, verb=Message.of("verb-pass"))
    lines.append(narrate(lang, timeout))
    assert all(0 < len(line) <= limits.FIELD_VALUE for line in lines)
    embed = table_embed(lang, _state(game, 16, []), log=lines, undelivered=())
    assert_within_discord_limits(embed)
    moves = next(f.value for f in embed.fields if f.name in ("Last moves", "Derniers coups"))
    assert moves.endswith(lines[-1])  # the newest line is kept


@pytest.mark.parametrize("lang", LANGS)
def test_the_showdown_with_the_most_hands_shows_them_all(lang: str) -> None:
    names = [str(BIG + k) for k in range(16)]
    shown = {
        n: {
            "cards": ["Ah", "Kd", "Qs"],
            "discards": ["2c", "3d"],
            "hands": [["Ah", "Kd", "Qs"], ["4h", "5h", "6h"]],
        }
        for n in names
    }
    suits = [{"suit": s, "owner": names[0], "points": 99} for s in "shdc"]
    data = showdown_report(
        hand_no=MAX,
        view={"players": [{"name": n, "folded": True} for n in names], "retourne": "Ah"},
        shown=shown,
        combos=dict.fromkeys(names, combo_message({"kind": "prial", "ranks": "3-3-3", "wilds": 3})),
        pots=[{"amount": MAX, "winners": names} for _ in range(16)],
        payments=[{"from": a, "to": names[0], "amount": MAX} for a in names],
        reveal={
            "retourne": "Ah",
            "hands": {},
            "folded": [],
            "suits": suits,
            "combinations": {},
            "combos": {},
        },
        next_hand_at=1,
    )
    embed = showdown_embed(lang, "brag", data)
    assert_within_discord_limits(embed)
    hands = "\n".join(f.value for f in embed.fields if f.name.startswith(("Hands", "Mains")))
    assert all(f"<@{n}>" in hands for n in names)


@pytest.mark.parametrize("lang", LANGS)
def test_every_amount_modal_fits(lang: str) -> None:
    for verb in [*(a["verb"] for a in LEGAL["brelan"]), *(a["verb"] for a in LEGAL["brag"])]:
        hint = f"{MAX} – {MAX}" if verb != "discard" else "Écartez 2 parmi " + "10♠ " * 5
        assert_within_discord_limits(AmountModal(lang, MAX, MAX, verb, hint))


# ------------------------------------------------------------ list commands, through simcord


async def test_the_queue_command_lists_a_long_line_within_one_message(salon: Any) -> None:
    alice = salon.member("alice")
    await alice.slash(salon.channel, "table create", game="bouillotte")
    table = await salon.bot.manager.table_in_channel(salon.channel.id)
    await salon.bot.db.set_queue_cap(salon.guild.id, 100)
    for k in range(200):
        try:
            await salon.bot.manager.join(table, BIG + k)
        except TableError as exc:
            assert str(exc) == "The waiting line is full (100 players)."
            break
    seated = len((await salon.bot.manager.status(table))["seats"])
    text = (await alice.slash(salon.channel, "table queue")).response.content
    assert_within_discord_limits(text)
    assert text.startswith(f"1. <@{BIG + seated}>") and text.endswith("more")


@pytest.mark.parametrize("lang", LANGS)
async def test_history_at_its_largest_count_keeps_its_last_line(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    winners = [str(BIG + k) for k in range(16)]
    hands = [
        SimpleNamespace(
            id=MAX + k,
            table_id=MAX,
            game="bouillotte",
            updated_at=4_102_444_800,
            result={"pots": [{"amount": MAX, "winners": winners}], "carried": 0},
        )
        for k in range(20)
    ]

    async def history(*_args: Any, **_kwargs: Any) -> list[Any]:
        return hands

    monkeypatch.setattr(Transaction, "hand_history", history)
    if lang == "fr":
        speak_french(monkeypatch)
    text = (await salon.member("alice").slash(salon.channel, "history", count=20)).response.content
    assert_within_discord_limits(text)
    last, tail = {
        "en": ("Get a hand's file with /replay.", "more"),
        "fr": ("Obtenez le fichier d'une donne avec /rejouer.", "autres"),
    }[lang]
    lines = text.splitlines()
    assert lines[-1] == last and lines[-2].endswith(tail)  # "… and N more" before it


@pytest.mark.parametrize("lang", LANGS)
async def test_the_leaderboard_at_its_largest_fits(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    entries = [LeaderboardEntry(k + 1, BIG + k, MAX) for k in range(10)]

    async def board(*_args: Any, **_kwargs: Any) -> list[LeaderboardEntry]:
        return entries

    monkeypatch.setattr(Transaction, "leaderboard", board)
    # the public language
    await salon.bot.db.write(Transaction.update_settings, salon.guild.id, locale=lang)
    result = await salon.member("alice").slash(salon.channel, "leaderboard")
    (embed,) = result.response.embeds
    assert_within_discord_limits(discord.Embed.from_dict(embed.to_dict()))
    assert f"<@{BIG + 9}>" in (embed.description or "")


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_summaries_fit_in_one_message(lang: str) -> None:
    from cogs.rules import GAMES, summary

    assert_within_discord_limits("\n\n".join(summary(n, lang) for n in GAMES))


# ------------------------------------------------------------------ the cap, set by the server


async def test_a_manager_sets_the_cap_and_the_next_member_is_refused_in_french(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    boss = add_manager(salon, "boss")
    saved = await boss.slash(salon.channel, "admin settings", queue_cap=2)
    assert "Waiting line: 2 players at most" in saved.response.content
    await boss.slash(salon.channel, "table create", game="bouillotte")
    table = await salon.bot.manager.table_in_channel(salon.channel.id)
    seats = int(salon.bot.manager.tables[table].settings.seats)
    for k in range(seats + 2):  # every seat, then the whole line
        await salon.bot.manager.join(table, BIG + k)
    speak_french(monkeypatch)
    late = await salon.member("zoé").click(await table_message(salon, table), label="Join")
    assert late.ephemeral
    assert late.response.content == "La file d'attente est complète (2 joueurs)."
    assert len((await salon.bot.manager.status(table))["queue"]) == 2
