"""The public state the runtime hands every reader is exactly what bot.runtime.public says:
real states of Brelan, Bouillotte and Brag (before the start, in a hand, after it, during a
dealer's choice, with fair dealing, while closing) and real showdowns of the three games are
checked key by key against the TypedDicts: no unknown key, every required key there, each
value of its declared type."""

from __future__ import annotations

import json
import types
import typing
from typing import Any, NotRequired, get_args, get_origin, get_type_hints

import pytest

from bot.runtime import TableError, public
from bot.runtime.public import (
    BRAG_HAND_KEYS,
    BRAG_PLAYER_KEYS,
    BRELAN_HAND_KEYS,
    BRELAN_PLAYER_KEYS,
    PublicState,
    ShowdownReport,
)
from bot.runtime.selfplay import choose
from tests.test_runtime_support import CHANNEL, GUILD, Env, friendly, play_until_hand_over

USERS = (101, 102, 103, 104)


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and typing.is_typeddict(tp)


def check(value: Any, tp: Any, where: str = "state") -> None:
    """``value`` is of type ``tp`` (TypedDicts checked key by key, recursively)."""
    if tp is Any:
        return
    origin = get_origin(tp)
    if origin is NotRequired:
        check(value, get_args(tp)[0], where)
    elif origin in (typing.Union, types.UnionType):
        errors = []
        for option in get_args(tp):
            try:
                check(value, option, where)
                return
            except AssertionError as exc:
                errors.append(str(exc))
        raise AssertionError(f"{where}: {value!r} is none of {tp}: {errors}")
    elif tp is None or tp is type(None):
        assert value is None, f"{where}: {value!r} is not None"
    elif _is_typeddict(tp):
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        hints = get_type_hints(tp)
        unknown = set(value) - set(hints)
        assert not unknown, f"{where}: keys {unknown} are not in {tp.__name__}"
        missing = tp.__required_keys__ - set(value)
        assert not missing, f"{where}: required keys {missing} of {tp.__name__} are missing"
        for key, item in value.items():
            check(item, hints[key], f"{where}.{key}")
    elif origin is list:
        assert isinstance(value, list), f"{where}: {value!r} is not a list"
        (inner,) = get_args(tp)
        for i, item in enumerate(value):
            check(item, inner, f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        key_type, item_type = get_args(tp)
        for key, item in value.items():
            check(key, key_type, f"{where} key")
            check(item, item_type, f"{where}[{key!r}]")
    elif tp is float:
        assert isinstance(value, int | float) and not isinstance(value, bool), where
    elif tp is int:
        assert isinstance(value, int) and not isinstance(value, bool), f"{where}: {value!r}"
    else:
        assert isinstance(value, tp), f"{where}: {value!r} is not a {tp}"


def check_state(state: Any) -> None:
    """A public state, and its hand written with its own game's keys only."""
    check(state, PublicState)
    json.dumps(state)  # plain JSON
    hand = state["hand"]
    if hand is None:
        return
    if state["game"] == "brag":
        hand_keys, player_keys = BRAG_HAND_KEYS, BRAG_PLAYER_KEYS
    else:
        hand_keys, player_keys = BRELAN_HAND_KEYS, BRELAN_PLAYER_KEYS
    assert set(hand) == hand_keys, set(hand) ^ hand_keys
    for player in hand["players"]:
        assert set(player) == player_keys, set(player) ^ player_keys


def check_all(env: Env) -> int:
    """Every state the runtime published so far; how many."""
    for _table, state in env.presenter.updates:
        check_state(state)
    return len(env.presenter.updates)


async def seated(env: Env, game: str, n: int = 3, **options: object) -> int:
    table = await env.manager.create_table(GUILD, CHANNEL, game, USERS[0], dict(options))
    for user in USERS[:n]:
        await env.manager.join(table, user)
    return table


def test_the_checker_catches_a_wrong_key_and_a_wrong_type() -> None:
    good: dict[str, Any] = {"verb": "raise", "min": 4, "max": 30}
    check(good, public.LegalAction)
    for bad in ({"verb": "raise", "minimum": 4}, {"amount": 4}, {"verb": "raise", "min": "4"}):
        try:
            check(bad, public.LegalAction)
        except AssertionError:
            continue
        raise AssertionError(f"{bad} passed")


async def test_brelan_and_bouillotte_states(env: Env) -> None:
    m = env.manager
    for game in ("brelan", "bouillotte"):
        table = await seated(env, game, n=4, auto_deal=False)
        check_state(await m.status(table))  # seats before the first deal
        hand_id = await m.start(table)
        state = await m.status(table)
        check_state(state)
        assert state["hand"] is not None and state["hand"]["id"] == hand_id
        assert await play_until_hand_over(m, table) == hand_id
        check_state(await m.status(table))
        await m.close(table, USERS[0])
    assert check_all(env) > 10


async def test_brag_states_through_hands(env: Env) -> None:
    m = env.manager
    table = await seated(env, "brag", n=3)
    check_state(await m.status(table))
    await m.start(table, USERS[0])
    import random

    rng = random.Random(7)
    seen_finished = False
    for _ in range(60):
        state = await m.status(table)
        check_state(state)
        hand = state["hand"]
        if hand is None or hand["to_act"] is None:
            seen_finished = seen_finished or hand is not None
            break
        verb, amount = choose(rng, hand["legal"])
        await m.act(table, int(hand["to_act"]), verb, amount)
    await m.close(table, USERS[0])  # closing while a hand may be in play
    assert check_all(env) > 3


async def test_a_dealers_choice_pending(env: Env) -> None:
    from tests.test_runtime_choice import choice_table, fold_round

    table = await choice_table(env)
    choice = await fold_round(env, table)
    assert choice is not None
    state = await env.manager.status(table)
    assert state["choice"] is not None
    check_state(state)
    dealer = state["choice"]["dealer"]
    await env.manager.choose_game(table, dealer, {"cards": 4})
    check_state(await env.manager.status(table))
    check_all(env)


async def test_can_start_says_whether_start_would_deal(env: Env) -> None:
    """``can_start`` is :meth:`TableManager.verify_start` as a bool, for anyone allowed: false
    with one player seated (start refuses), true with two, false while a hand is played."""
    m = env.manager
    table = await seated(env, "brelan", n=1, auto_deal=False)
    assert (await m.status(table))["can_start"] is False
    with pytest.raises(TableError, match="two"):
        await m.start(table, USERS[0])
    await m.join(table, USERS[1])
    assert (await m.status(table))["can_start"] is True
    await m.start(table, USERS[0])
    assert (await m.status(table))["can_start"] is False
    await play_until_hand_over(m, table)
    assert (await m.status(table))["can_start"] is True  # auto_deal off: a click deals
    check_all(env)


async def test_showdowns_of_the_three_games(env: Env) -> None:
    """Every showdown the presenter is told is a ShowdownReport: Brelan's and Bouillotte's
    with the engine's ``reveal``, Brag's with its ``shown`` hands."""
    import random

    m = env.manager
    rng = random.Random(11)
    for game in ("brelan", "bouillotte", "brag"):
        table = await seated(env, game, n=3, auto_deal=False)
        for _ in range(12):
            await m.start(table, USERS[0])
            while (hand := (await m.status(table))["hand"]) is not None:
                assert hand["to_act"] is not None
                if game == "brag":
                    verb, amount = choose(rng, hand["legal"])
                else:
                    verb, amount = friendly(hand["legal"])
                await m.act(table, int(hand["to_act"]), verb, amount)
        await m.close(table, USERS[0])
    games = []
    for _table, report in env.presenter.showdowns:
        check(report, ShowdownReport, f"{report['game']} showdown")
        assert ("reveal" in report) == (report["game"] != "brag")
        assert ("shown" in report) == (report["game"] == "brag")
        games.append(report["game"])
    assert set(games) == {"brelan", "bouillotte", "brag"}, games


async def test_tournament_tables_say_their_level(db_target: str) -> None:
    """A tournament table's state has its ``tournament`` (by hands and by minutes), of the
    declared shape, at every update."""
    import random

    from tests.tournament_robots import make_env, open_tournament, play

    for game, schedule in (("brag", "3 minutes: 1/1/4 2/2/8"), ("bouillotte", None)):
        env = await make_env(db_target)
        options = {} if schedule is None else {"schedule": schedule}
        tid = await open_tournament(env, game, **options)
        env, _moves = await play(env, tid, random.Random(5))
        states = [s for _t, s in env.presenter.updates if "tournament" in s]
        assert len(states) > 10
        for state in states:
            check_state(state)
        timed = [s["tournament"]["next_level_at"] for s in states]
        if schedule is None:
            assert {s["tournament"]["hands_left"] for s in states} >= {1, 2}
            assert set(timed) == {None}
        else:
            assert all(isinstance(t, float) for t in timed[:3])
        assert states[-1]["tournament"]["final"]
        await env.manager.aclose()
        await env.db.close()
