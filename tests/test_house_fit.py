"""The strong level's fitted answers (issue 33): the memory learns how each player's moves
follow his chance, from the hands shown, and stays small and back-compatible."""

from __future__ import annotations

import json

import pytest

from bot.games.cards import deck_preset
from bot.house import arena
from bot.house.brelan_odds import chance_curve
from bot.house.memory import (
    MARGINS,
    PRIOR_RAISE_FIT,
    PRIOR_STAY_FIT,
    TableMemory,
    chance_bin,
    margin_bin,
)


def test_the_chance_curve_rises_and_falls_with_more_rivals() -> None:
    deck = tuple(c.index for c in deck_preset("24"))
    one, three = chance_curve(deck, 4, 1), chance_curve(deck, 4, 3)
    assert list(one) == sorted(one) and list(three) == sorted(three)
    assert all(a >= b for a, b in zip(one, three, strict=True))
    assert three[0] < 0.05 and one[-1] > 0.8


def test_a_player_on_the_pots_odds_is_fitted_so() -> None:
    memory = TableMemory()
    arena.run_arena("bouillotte", ["strong", "normal", "normal", "normal"], 400, 5, memory=memory)
    stay, up = memory.profile("S1").fitted()  # a normal player: he holds when his chance pays
    assert stay[margin_bin(-0.25)] < 0.15 < 0.85 < stay[margin_bin(0.25)]
    assert up[chance_bin(0.2)] < 0.1
    raw = memory.to_json()
    assert "fit:stay" in raw["players"]["S1"]
    assert len(json.dumps(raw)) < 20_000
    again = TableMemory.from_json(json.loads(json.dumps(raw)))
    assert again.profile("S1").fitted() == (stay, up)


def test_an_old_memory_loads_with_the_prior_answers() -> None:
    old = {"deals": 3, "players": {"P1": {"opening": [2.0, 1.0], "last": [3.0]}}}
    memory = TableMemory.from_json(old)
    stay, up = memory.profile("P1").fitted()
    assert stay == PRIOR_STAY_FIT and up == PRIOR_RAISE_FIT
    assert len(stay) == len(MARGINS) + 1


def test_the_paired_comparison_weighs_a_change() -> None:
    from bot.house import brelan_strong, compare

    out = compare.compare("bouillotte", hands=6, seed=3, rollouts=1, changes={"FITTED": False})
    assert out["changes"] == {"FITTED": False} and brelan_strong.FITTED is True
    assert list(out["by_spot"]) == list(compare.SPOTS)
    assert compare.main(["--game", "brelan", "--change", "NOPE=1"]) == 2


def test_every_curve_a_table_may_ask_for_is_shipped_as_reckoned() -> None:
    """The curves are read from bot/house/curves.json (one reckoned costs a table's event
    loop some 0.1 s): every deck and table size is there, with the values reckoning gives."""
    from bot.house import brelan_odds

    shipped = brelan_odds._shipped_curves()
    keys = [brelan_odds._curve_key(*key) for key in brelan_odds.every_curve()]
    assert sorted(shipped) == sorted(keys)
    for key in brelan_odds.every_curve()[::37]:  # a few: each takes a tenth of a second
        assert shipped[brelan_odds._curve_key(*key)] == brelan_odds.reckon_curve(*key)


def test_the_strong_level_never_reckons_a_curve_at_a_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.house import brelan_odds

    def refuse(*_: object) -> tuple[float, ...]:
        raise AssertionError("a curve reckoned while a table plays")

    monkeypatch.setattr(brelan_odds, "reckon_curve", refuse)
    brelan_odds.chance_curve.cache_clear()
    try:
        for game in ("brelan", "bouillotte"):
            for players in (["strong", "normal"], ["strong", "strong", "normal", "easy", "normal"]):
                arena.run_arena(game, players, 12, 3, memory=TableMemory())
        assert brelan_odds.chance_curve.cache_info().currsize > 0  # curves were asked for
    finally:
        brelan_odds.chance_curve.cache_clear()


def test_a_maniac_is_read_as_re_raising_all_in_whenever_he_can(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A maniac's holds of another maniac's all in leave him no re-raise to make: only the
    answers where he could re-raise say how often he does, and all of his went all in."""
    from bot.house import memory as memory_module

    read = {}
    monkeypatch.setattr(memory_module, "OPENINGS_LEND", False)  # his re-raises alone
    for chances in (True, False):
        monkeypatch.setattr(memory_module, "RAISE_CHANCES", chances)
        memory = TableMemory()
        players = ["normal", "maniac", "maniac", "maniac"]
        arena.run_arena("bouillotte", players, 300, 5, memory=memory)
        read[chances] = memory.profile("S1")
    maniac, before = read[True], read[False]
    up = maniac.fitted()[1]
    # where he spoke most (with a chance below 0.55), every answer that could re-raise did
    assert min(up[chance_bin(c)] for c in (0.1, 0.4, 0.5)) > 0.85
    assert max(before.fitted()[1][chance_bin(c)] for c in (0.1, 0.4, 0.5)) < 0.5
    assert maniac.all_in_rate() > 0.9
    normal = TableMemory()
    arena.run_arena("bouillotte", ["strong", "normal", "normal", "normal"], 300, 5, memory=normal)
    assert normal.profile("S1").all_in_rate() < 0.3


def test_a_brelan_maniac_who_opens_weak_hands_is_read_as_re_raising_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At Brelan a maniac opens all in first and is rarely seen with a bet to answer: his
    openings of weak hands lend his re-raises their prior, so he is not read as the careful
    re-raiser of the prior where he was never seen answering; normal players, who open
    weak hands hardly ever, keep the prior."""
    from bot.house import memory as memory_module

    up, seen = {}, {}
    for lend in (True, False):  # as the level plays, then without the lending
        if not lend:
            monkeypatch.setattr(memory_module, "OPENINGS_LEND", False)
        memory = TableMemory()
        arena.run_arena("brelan", ["strong", "maniac", "maniac", "maniac"], 200, 5, memory=memory)
        maniac = memory.profile("S1")
        up[lend], seen[lend] = maniac.fitted()[1], maniac.get("fit:raise", 16)
        if lend:
            assert maniac.loose_openings() > 0.9
    unseen = [chance_bin(c) for c in (0.5, 0.65, 0.75) if seen[True][chance_bin(c)] == 0]
    assert unseen, "the maniac was never seen answering a bet with such a hand"
    assert min(up[True][b] for b in unseen) > 0.9
    assert max(up[False][b] for b in unseen) < 0.6
    normal = TableMemory()
    arena.run_arena("brelan", ["strong", "normal", "normal", "normal"], 200, 5, memory=normal)
    for seat in ("S1", "S2", "S3"):
        profile = normal.profile(seat)
        assert profile.loose_openings() < 0.1
        assert profile.fitted()[1][chance_bin(0.2)] < 0.1
