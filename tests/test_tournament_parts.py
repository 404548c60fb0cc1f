"""The pure parts of tournaments: the levels' schedule, the payouts' split, the places of
players out in the same hand, the house's prizes going back, the balancing plan."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.errors import OptionError
from bot.games.levels import Level, Schedule, default_schedule, parse_schedule
from bot.games.prizes import bust_places, parse_payouts, payout_split, prize_amounts, prizes
from bot.i18n import render
from bot.runtime.balancing import Move, TableLoad, plan
from bot.runtime.errors import TableError
from bot.runtime.tournament_spec import TournamentSpec

# -------------------------------------------------------------------------------- levels


def test_a_schedule_by_hands_rises_every_n_hands_and_stays_at_the_last() -> None:
    s = parse_schedule("bouillotte", "3 hands: 1 2 4")
    assert [s.level_at(hands=h) for h in range(10)] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2]
    assert [s.hands_left(hands=h) for h in (0, 2, 3, 6)] == [3, 1, 3, None]
    assert s.next_level_at(started_at=0, now=100) is None


def test_a_schedule_by_minutes_rises_with_the_clock() -> None:
    s = parse_schedule("brelan", "10 minutes: 1 2 3")
    assert [s.level_at(seconds=t) for t in (0, 599, 600, 1199, 1200, 10**6)] == [0, 0, 1, 1, 2, 2]
    assert s.next_level_at(started_at=1000, now=1000) == 1600
    assert s.next_level_at(started_at=1000, now=2300) is None
    assert s.hands_left(hands=5) is None


def test_each_game_has_a_default_schedule_of_its_kind() -> None:
    assert all(lv.min_bet is None for lv in default_schedule("brelan").levels)
    brag = default_schedule("brag").levels
    assert all(lv.min_bet is not None and lv.max_bet is not None for lv in brag)
    antes = [lv.ante for lv in default_schedule("bouillotte").levels]
    assert antes == sorted(antes)


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("brelan", "10 hands: 1 x"),
        ("brelan", "10 hands: 1/1/10"),  # Brelan has no bet limits
        ("brag", "10 hands: 1 2"),  # Brag's levels name them
        ("brag", "10 hands: 1/10/5"),  # minimum above maximum
        ("brelan", "0 hands: 1 2"),
        ("brelan", "10 hands: " + " ".join(["1"] * 41)),
    ],
)
def test_a_schedule_the_game_cannot_play_is_refused(game: str, text: str) -> None:
    with pytest.raises(OptionError) as caught:
        parse_schedule(game, text)
    assert caught.value.key is not None
    assert caught.value.key.startswith("refuse-tournament-schedule")


@pytest.mark.parametrize(
    ("game", "text", "said"),
    [
        ("brelan", "0 hands: 1 2", "1 to 1,000 hands"),
        ("brelan", "2000 minutes", "1 to 1,000 minutes"),
        ("brelan", "10 hands: " + " ".join(["1"] * 41), "at most 40 levels, not 41"),
        ("brag", "10 hands: 1 2", "2/2/20"),
        ("brelan", "10 hands: 1/1/10", "the ante alone"),
        ("brelan", "10 hands: 1 2000000", "1,000,000 chips at most"),
        ("brelan", "10 hands: 1 " + "9" * 5000, "1,000,000 chips at most"),
        ("brag", "10 hands: 1/10/5", "at most its maximum"),
    ],
)
def test_a_schedule_past_a_limit_is_told_which(game: str, text: str, said: str) -> None:
    """A schedule past a limit is told the limit, not "cannot be read" (issue 46)."""
    with pytest.raises(OptionError) as caught:
        parse_schedule(game, text)
    assert caught.value.key != "refuse-tournament-schedule"
    words = render("en", caught.value.key or "", **caught.value.params)
    assert said in words and "cannot be read" not in words, words
    french = render("fr", caught.value.key or "", **caught.value.params)
    assert "Impossible de lire" not in french


def test_a_schedule_with_a_key_no_number_holds_cannot_be_read() -> None:
    with pytest.raises(OptionError) as caught:
        parse_schedule("brelan", "10 hands: 1 ²")
    assert caught.value.key == "refuse-tournament-schedule"


def test_a_schedule_is_stored_as_json() -> None:
    s = Schedule("minutes", 5, (Level(1, 1, 5), Level(2, 2, 10)))
    assert Schedule.from_json(s.to_json()) == s


# -------------------------------------------------------------------------------- payouts


def test_the_default_split_pays_three_from_five_entrants() -> None:
    assert payout_split(2) == payout_split(4) == (100,)
    assert payout_split(5) == payout_split(40) == (50, 30, 20)
    assert payout_split(3, (40, 30, 20, 10)) == (40, 30, 20)
    assert prize_amounts(500, (50, 30, 20)) == [250, 150, 100]
    assert prize_amounts(500, (40, 30, 20)) == [223, 166, 111]  # weighed again, left to 1st


@pytest.mark.parametrize("text", ["", "50/x", "60/30", "0/100", "/".join(["5"] * 20 + ["0"])])
def test_a_split_that_does_not_pay_the_pool_is_refused(text: str) -> None:
    with pytest.raises(OptionError):
        parse_payouts(text)


def test_a_house_player_in_the_money_gives_its_prize_to_the_members_pro_rata() -> None:
    places = {"m1": 1, "h": 2, "m3": 3, "m4": 4}
    assert prizes(1000, places, (50, 30, 20), house={"h"}) == {
        "m1": 500 + 214 + 1,  # 5/7 of the 300, and the odd chip to the best placed
        "h": 0,
        "m3": 200 + 85,
        "m4": 0,
    }


def test_with_no_member_in_the_money_the_best_placed_member_takes_the_pool() -> None:
    places = {"h1": 1, "h2": 2, "h3": 3, "m": 4, "n": 5}
    assert prizes(500, places, (50, 30, 20), house={"h1", "h2", "h3"}) == {
        "h1": 0, "h2": 0, "h3": 0, "m": 500, "n": 0,
    }  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    pool=st.integers(0, 10**6),
    field=st.integers(2, 30),
    house=st.integers(0, 9),
    seed=st.integers(0, 10**6),
)
def test_prizes_always_pay_the_whole_pool_and_nothing_to_the_house(
    pool: int, field: int, house: int, seed: int
) -> None:
    names = [f"p{i}" for i in range(field)]
    rng = random.Random(seed)
    rng.shuffle(names)
    houses = set(names[: min(house, field - 1)])
    places = {n: i + 1 for i, n in enumerate(names)}
    paid = prizes(pool, places, payout_split(field), house=houses)
    assert sum(paid.values()) == pool
    assert all(paid[h] == 0 for h in houses) and all(v >= 0 for v in paid.values())


# -------------------------------------------------------------------------------- places


def test_players_out_in_one_hand_are_placed_by_their_stack_at_its_start() -> None:
    assert bust_places([("a", 3), ("b", 8)], left_before=6) == {"b": 5, "a": 6}


def test_equal_stacks_share_the_better_place_and_its_prizes() -> None:
    places = bust_places([("a", 4), ("b", 4), ("c", 1)], left_before=3)
    assert places == {"a": 1, "b": 1, "c": 3}
    assert prizes(100, places, (60, 40)) == {"a": 50, "b": 50, "c": 0}


# -------------------------------------------------------------------------------- balancing


def load(table: int, players: str, movable: str | None = None, idle: bool = True) -> TableLoad:
    names = tuple(players)
    return TableLoad(table, table, names, names if movable is None else tuple(movable), idle)


def test_tables_within_one_player_stay_as_they_are() -> None:
    assert plan([load(1, "abcde"), load(2, "fghi")], seats=5).moves == ()


def test_the_fullest_table_gives_one_player_to_the_emptiest() -> None:
    moves = plan([load(1, "abcde"), load(2, "fgh"), load(3, "ijkl")], seats=5).moves
    assert moves == (Move("a", 1, 2),)


def test_a_player_in_a_hand_in_play_waits_for_its_end() -> None:
    assert plan([load(1, "abcde", "", idle=False), load(2, "fgh")], seats=5).moves == ()
    moved = plan([load(1, "abcde", "e", idle=False), load(2, "fgh")], seats=5).moves
    assert moved == (Move("e", 1, 2),)  # he sat out of that hand


def test_a_table_is_broken_when_the_others_can_hold_its_players() -> None:
    result = plan([load(1, "abc"), load(2, "de"), load(3, "fgh")], seats=4)
    assert result.broken == (2,)
    assert result.moves == (Move("d", 2, 1), Move("e", 2, 3))


def test_a_table_in_a_hand_is_not_broken_another_may_be() -> None:
    result = plan([load(1, "ab", idle=False), load(2, "cde")], seats=5)
    assert result.broken == (2,) and len(result.moves) == 3
    assert plan([load(1, "ab", idle=False), load(2, "cd", idle=False)], seats=5) == plan([], 5)


@settings(max_examples=200, deadline=None)
@given(
    sizes=st.lists(st.integers(0, 6), min_size=1, max_size=6),
    seats=st.integers(2, 6),
    busy=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_a_plan_never_loses_a_player_nor_overfills_a_table(
    sizes: list[int], seats: int, busy: list[bool]
) -> None:
    sizes = [min(s, seats) for s in sizes]
    loads, n = [], 0
    for i, size in enumerate(sizes):
        names = tuple(f"p{n + k}" for k in range(size))
        n += size
        loads.append(TableLoad(i + 1, i + 1, names, () if busy[i] else names, not busy[i]))
    result = plan(loads, seats)
    seated = {t.table_id: list(t.players) for t in loads}
    for move in result.moves:
        seated[move.source].remove(move.player)
        seated[move.target].append(move.player)
    assert all(not seated[t] for t in result.broken)
    assert sorted(p for t in seated.values() for p in t) == sorted(
        p for t in loads for p in t.players
    )
    assert all(len(p) <= seats for t, p in seated.items() if t not in result.broken)
    live = [len(p) for t, p in seated.items() if t not in result.broken]
    if not any(busy[: len(sizes)]) and live:
        assert max(live) - min(live) <= 1  # all tables between hands: balanced at once
        assert sum(live) > seats * (len(live) - 1) or len(live) == 1  # merged what could be


# -------------------------------------------------------------------------------- the spec


def test_a_tournament_spec_checks_its_choices() -> None:
    spec = TournamentSpec.checked("brag", seats=6, players=12, schedule="15 minutes")
    assert spec.schedule.unit == "minutes" and spec.tables_for(12) == 2
    for wrong in (
        {"seats": 9, "players": 9},  # Brelan seats five at most
        {"players": 1},
        {"house": 5, "players": 5},  # a member is needed
        {"payouts": "60/30"},
        {"chips": 0},
        {"min_players": 10, "players": 9},
    ):
        with pytest.raises(TableError):
            TournamentSpec.checked("brelan", **wrong)  # type: ignore[arg-type]
