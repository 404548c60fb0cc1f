"""Tournaments that cannot stall or pay to lose (issue 48): schedules, payouts and starts
that could never end or be played are refused in words; a member who left the server
before the start is never waited for; a registration button drawn before the start is
answered; a member and a server may only have so many tournaments under way."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord.actors
from salon_helpers import add_manager, speak_french
from tournament_helpers import (
    PAUSE,
    create,
    register_all,
    started,
    steady,
    thread_message,
    tournament_message,
    tournament_tables,
)

from bot.storage import Transaction


def private(result: Any) -> str:
    """A private answer's text (its content, or its embed's)."""
    assert result.ephemeral, result.response and result.response.content
    response = result.response
    return str(response.content) + json.dumps(
        [e.to_dict() for e in response.embeds], ensure_ascii=False
    )


#: What /tournament create is given, and the words of its refusal (en, fr).
REFUSED = [
    (
        {"game": "brelan", "schedule": "10 hands: 0"},
        "The last level's ante is 0: the tournament would never end",
        "La passe du dernier palier vaut 0\u00a0: le tournoi ne finirait jamais",
    ),
    (
        {"game": "bouillotte", "schedule": "1 0"},
        "Level 2 is below the level before it",
        "Le palier 2 est plus bas que le précédent",
    ),
    (
        {"game": "brag", "schedule": "0/1/1"},
        "The last level's ante is 0",
        "La passe du dernier palier vaut 0",
    ),
    (
        {"game": "brelan", "schedule": "1000000", "chips": 50},
        "The first level asks 1,000,000 chips a hand, more than the 50 chips each player",
        "plus que les 50 jetons de départ",
    ),
    (
        {"game": "brelan", "payouts": "1/99"},
        "Place 2 would be paid 99%, more than the 1% of the place above it",
        "La place 2 recevrait 99\u00a0%, plus que les 1\u00a0% de la place au-dessus",
    ),
    (
        {"game": "brelan", "start": "<t:999999999999>"},
        "A scheduled start is at most 30 days away.",
        "Un début programmé est au plus dans 30 jours.",
    ),
    (
        {"game": "brag", "seats": 100, "per_table": 2},
        "100 players at 2 per table would open 50 threads at once; a tournament opens at most 20",
        "100 joueurs à 2 par table ouvriraient 50 fils d'un coup",
    ),
]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_tournament_that_could_not_end_or_be_played_is_refused_in_words(
    salon: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    if lang == "fr":
        speak_french(monkeypatch)
    ann = salon.member("ann")
    missed = []  # each choice that was not refused in those words
    for options, en, fr in REFUSED:
        typed = {"seats": 4, "buy_in": 10, **options}
        result = await ann.slash(salon.channel, "tournament create", **typed)
        words = en if lang == "en" else fr
        if not result.ephemeral or words not in private(result):
            missed.append(options)
    assert not missed
    assert not await salon.bot.db.query(Transaction.tournaments, salon.guild.id)
    # the same choices, each within its limit, are taken
    fine = await ann.slash(
        salon.channel,
        "tournament create",
        game="brelan",
        seats=4,
        buy_in=10,
        schedule="10 hands: 1 1 2",
        payouts="50/50",
    )
    assert not fine.ephemeral


async def test_a_member_who_left_before_the_start_is_never_waited_for(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    await create(salon, "brelan", seats=3, buy_in=25, house=1)
    await register_all(salon, ["ann"])
    ann, ben = salon.member("ann"), salon.member("ben")
    salon.guild.remove_member(ann)  # registered, then gone before the start
    await salon.env.settle()
    await register_all(salon, ["ben"])  # the field is full: it starts
    (table,) = tournament_tables(salon)
    his_hands: set[int] = set()  # the hands where his move was played for him
    for _ in range(200):
        hand = salon.bot.manager.public_state(table)["hand"]
        status = (await salon.bot.db.query(Transaction.get_tournament, 1)).status
        if status != "running" or len(his_hands) >= 3:
            break
        to_act = None if hand is None or hand["to_act"] is None else int(hand["to_act"])
        # his turn is never waited for: played at once, before anyone looks
        assert to_act != ann.id, "the table waits for a member who left"
        if to_act == ben.id:
            message = await thread_message(salon, table.id)
            moves = [
                c.custom_id
                for row in message.components
                for c in row.children
                if c.custom_id.startswith(f"salon:a:{table.id}:{hand['id']}:")
            ]
            await ben.click(message, custom_id=sorted(moves)[0])
        else:
            await salon.env.advance_time(PAUSE)
        record = table.record
        if record is not None and any(a[0] == str(ann.id) for a in record.to_json()["actions"]):
            his_hands.add(table.hand_id or 0)
    assert his_hands, "he never had a turn"


async def test_a_registration_button_drawn_before_the_start_is_answered(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started(salon, monkeypatch, "brelan")
    message = await tournament_message(salon)
    assert not message.components  # the buttons are gone from the message
    stored = salon.env.backend.get_message(message.channel.id, message.id)
    for name, what in (("cid", "register"), ("ann", "unregister"), ("ann", "register")):
        data = {"custom_id": f"salon:r:1:{what}", "component_type": 2}
        clicked = await simcord.actors._component_interaction(salon.member(name), stored, data)
        assert private(clicked).startswith("Registration for this tournament is closed."), what


async def test_members_and_servers_have_a_limit_of_tournaments_an_admin_sets(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steady(salon, monkeypatch)
    for _ in range(2):
        assert not (await create(salon, "brelan", seats=4, buy_in=0)).ephemeral
    third = await create(salon, "brelan", seats=4, buy_in=0)
    assert private(third).startswith("You already have 2 tournaments under way")
    boss = add_manager(salon, "boss")
    shown = await boss.slash(salon.channel, "tournament limits")
    assert "at most 5 in all, 2 per member" in private(shown)
    changed = await boss.slash(salon.channel, "tournament limits", per_member=1, server=3)
    assert "at most 3 in all, 1 per member" in private(changed)
    assert not (await create(salon, "brelan", "boss", seats=4, buy_in=0)).ephemeral
    full = await create(salon, "brelan", "cid", seats=4, buy_in=0)
    assert private(full).startswith("This server already has 3 tournaments under way")
    assert len(await salon.bot.db.query(Transaction.tournaments, salon.guild.id)) == 3
    await salon.member("ann").slash(salon.channel, "tournament cancel", tournament=1)
    assert not (await create(salon, "brelan", "cid", seats=4, buy_in=0)).ephemeral
