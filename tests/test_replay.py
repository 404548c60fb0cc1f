"""The replay contract of docs/scenarios.md: scenario files, the command, its errors."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import HandRecord
from bot.games.replay import load_record, main, replay_json, replay_record
from tests.conftest import PROJECT_SCENARIOS, REPO_ROOT, SHARED_SCENARIOS, scenario


def scenario_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


SHARED_FILES = scenario_files(SHARED_SCENARIOS)
PROJECT_FILES = scenario_files(PROJECT_SCENARIOS)
# Brag is another engine; this suite covers Brelan and Bouillotte.
PROJECT_BRELAN_FILES = [f for f in PROJECT_FILES if f.name.startswith(("brelan-", "bouillotte-"))]


def run_replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The real command of docs/scenarios.md, from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "bot.games.replay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
        check=False,
    )


def check_expect(path: Path, out: dict[str, Any]) -> None:
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    assert expect, f"{path.name} has an empty expect"
    for key, value in expect.items():
        assert key in out, f"{path.name}: no {key!r} in {out}"
        assert out[key] == value, f"{path.name}: {key} expected {value!r}, got {out[key]!r}"


# --------------------------------------------------------- scenario files


@pytest.mark.parametrize("path", SHARED_FILES, ids=[f.name for f in SHARED_FILES])
def test_shared_scenario(path: Path) -> None:
    check_expect(path, replay_json(json.loads(path.read_text(encoding="utf-8"))))


def test_shared_scenarios_present_or_skipped() -> None:
    """The shared scenarios beside the clone; CI (``REQUIRE_SHARED``, set by .ci/run) fails
    without them instead of letting their tests vanish."""
    if not SHARED_SCENARIOS.is_dir():
        if os.environ.get("REQUIRE_SHARED"):
            pytest.fail(f"REQUIRE_SHARED is set, but {SHARED_SCENARIOS} is absent")
        pytest.skip(f"{SHARED_SCENARIOS} is absent")
    assert SHARED_FILES, f"no scenario in {SHARED_SCENARIOS}"


@pytest.mark.parametrize("path", PROJECT_FILES, ids=[f.name for f in PROJECT_FILES])
def test_project_scenario(path: Path) -> None:
    check_expect(path, replay_json(json.loads(path.read_text(encoding="utf-8"))))


def test_project_has_its_own_scenarios() -> None:
    assert len(PROJECT_BRELAN_FILES) >= 8
    for path in PROJECT_BRELAN_FILES:
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert raw["game"] in ("brelan", "bouillotte")
        assert "expect" in raw


def test_scenarios_pass_through_the_real_command() -> None:
    picked = (SHARED_FILES[:1] + PROJECT_BRELAN_FILES[:2]) or PROJECT_BRELAN_FILES
    assert picked
    for path in picked:
        proc = run_replay(str(path))
        assert proc.returncode == 0, proc.stderr
        check_expect(path, json.loads(proc.stdout))


def test_command_reads_standard_input() -> None:
    raw = scenario(
        "brelan",
        {"A": "Ah Kh Qh", "B": "As Ks Qs"},
        "Jh",
        [["A", "open", 2], ["B", "pass"]],
        stacks=10,
    )
    proc = run_replay("-", stdin=json.dumps(raw))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "finished": True,
        "stacks": {"A": 11, "B": 9},
        "pots": [{"amount": 4, "winners": ["A"]}],
        "payments": [],
        "carried": 0,
    }


def test_command_error_exit_status() -> None:
    proc = run_replay("-", stdin="{not json")
    assert proc.returncode == 2
    out = json.loads(proc.stdout)
    assert out["action"] is None and "not valid JSON" in out["error"]


def test_usage_without_argument(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main([])
    assert refused.value.code == 2
    assert "python -m bot.games.replay --help" in capsys.readouterr().err


# ------------------------------------------------------------------ output


def test_pending_deal_output() -> None:
    raw = scenario(
        "brelan",
        {"P1": "Ah Jh 8c", "P2": "Kd Qd 8h", "P3": "Ts 9s Jc", "P4": "Jd 9d 9c"},
        "Th",
        [["P1", "open", 20]],
    )
    assert replay_json(raw) == {
        "finished": False,
        "to_act": "P2",
        "legal": [
            {"verb": "pass"},
            {"verb": "hold", "amount": 20},
            {"verb": "raise", "min": 21, "max": 49},
        ],
        "stacks": {"P1": 29, "P2": 49, "P3": 49, "P4": 49},
    }


def test_refait_output_carries_the_pool() -> None:
    raw = scenario(
        "brelan",
        {"A": "Ah Kh Qh", "B": "As Ks Qs", "C": "Ad Kd Qd"},
        "Jh",
        [["A", "pass"], ["B", "pass"], ["C", "pass"]],
        stacks=10,
        carried=6,
    )
    assert replay_json(raw) == {
        "finished": True,
        "stacks": {"A": 9, "B": 9, "C": 9},
        "pots": [],
        "payments": [],
        "carried": 9,
    }


def test_expect_key_is_ignored() -> None:
    raw = scenario("brelan", {"A": "Ah Kh Qh", "B": "As Ks Qs"}, "Jh", [], stacks=5)
    raw["expect"] = {"finished": "whatever"}
    assert replay_json(raw)["finished"] is False


def test_record_round_trip_and_replay_record() -> None:
    raw = scenario(
        "bouillotte",
        {"A": "Ah Kh Qh", "B": "As Ks Qs", "C": "Ad Kd Qd"},
        "Jh",
        [["A", "carre"], ["B", "decline"], ["B", "hold"], ["C", "pass"], ["A", "hold"]],
        stacks=20,
        options={"flambeau": True},
        carried=3,
        refaits=1,
    )
    record = load_record(raw)
    again = HandRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    assert replay_record(again).summary() == replay_json(raw)


# ------------------------------------------------------------------ errors


def error_of(raw: Any) -> dict[str, Any]:
    out = replay_json(raw)
    assert set(out) == {"error", "action"}, out
    assert isinstance(out["error"], str) and out["error"]
    return out


BASE = scenario(
    "brelan",
    {"P1": "Ah Jh 8c", "P2": "Kd Qd 8h", "P3": "Ts 9s Jc", "P4": "Jd 9d 9c"},
    "Th",
    [["P1", "open", 4], ["P2", "hold"], ["P3", "pass"], ["P4", "hold"]],
)


def variant(**changes: Any) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(json.dumps(BASE))
    raw.update(changes)
    return raw


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (variant(options={"jokers": 2}), "no option 'jokers'"),
        (variant(options={"pot_rule": "best"}), "pot_rule cannot be"),
        (variant(options={"ante": -1}), "ante"),
        (variant(retourne="6h"), "not in this table's deck"),
        (variant(retourne="Ah"), "also in a player's hand"),
        (variant(hands={**BASE["hands"], "P4": ["Jd", "9d", "7c"]}), "not in this table's deck"),
        (variant(hands={**BASE["hands"], "P4": ["Jd", "9d", "Ah"]}), "dealt twice"),
        (variant(hands={**BASE["hands"], "P4": ["Jd", "9d", "Jd"]}), "twice"),
        (variant(hands={**BASE["hands"], "P4": ["Jd", "9d"]}), "3 cards"),
        (variant(hands={**BASE["hands"], "P4": ["Jd", "9d", "Zz"]}), "not a card"),
        (variant(hands={**BASE["hands"], "P4": ["Jd", "9d", ["9c"]]}), "not a card"),
        (variant(hands={**BASE["hands"], "P5": ["Td", "Tc", "Ac"]}), "not a player"),
        (variant(hands={k: v for k, v in BASE["hands"].items() if k != "P4"}), "P4"),
        (variant(retourne=None), "retourne"),
        (variant(game="poker"), "unknown game"),
        (variant(game=None), "game"),
        (variant(players=[]), "players"),
        (variant(players=[{"name": "P1", "stack": -1}]), "stack"),
        (
            variant(players=[{"name": "P1", "stack": 50}], hands={"P1": ["Ah", "Jh", "8c"]}),
            "2 to 5 players",
        ),
        (variant(carried=-2), "carried"),
        (variant(refaits="one"), "refaits"),
        (variant(actions=[["P1"]]), "an action is"),
        (variant(actions=[["P1", "open", 4.5]]), "whole number"),
        (variant(actions="all pass"), "actions"),
        (variant(surprise=1), "unknown key"),
        ([1, 2, 3], "JSON object"),
    ],
)
def test_invalid_file_is_an_error_without_action(raw: Any, words: str) -> None:
    out = error_of(raw)
    assert out["action"] is None
    assert words in out["error"]


@pytest.mark.parametrize(
    ("actions", "index", "words"),
    [
        ([["P2", "open", 4]], 0, "it is P1's turn, not P2's"),
        ([["P1", "open", 4], ["P3", "hold"]], 1, "P2's turn"),
        ([["P9", "pass"]], 0, "not playing"),
        ([["P1", "open", 3]], 0, "at least 4"),
        ([["P1", "open", 50]], 0, "49 in all at most"),
        ([["P1", "open"]], 0, "say how much"),
        ([["P1", "hold"]], 0, "nobody has opened yet"),
        ([["P1", "fly"]], 0, "not an action"),
        ([["P1", "open", 4], ["P2", "raise", 4]], 1, "at least 5"),
        ([["P1", "open", 4], ["P2", "hold", 5]], 1, "only hold for 4"),
        ([["P1", "open", 4], ["P2", "pass", 3]], 1, "takes no amount"),
        ([*BASE["actions"], ["P1", "pass"]], 4, "hand is over"),
    ],
)
def test_illegal_action_names_its_index(actions: list[Any], index: int, words: str) -> None:
    out = error_of(variant(actions=actions))
    assert out["action"] == index
    assert words in out["error"]


def test_short_player_message_speaks_plainly() -> None:
    raw = scenario(
        "brelan",
        {"P1": "Ah Jh 8c", "P2": "Kd Qd 8h", "P3": "Ts 9s Jc"},
        "Th",
        [["P1", "open", 20], ["P2", "hold"], ["P3", "raise", 30]],
        stacks={"P1": 50, "P2": 50, "P3": 13},
    )
    out = error_of(raw)
    assert out == {"error": out["error"], "action": 2}
    assert "P3" in out["error"] and "12" in out["error"]


def test_main_prints_errors_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.json"
    assert main([str(missing)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["action"] is None and "cannot read" in out["error"]

    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main([str(bad)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["action"] is None and "not valid JSON" in out["error"]

    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(variant(actions=[["P2", "pass"]])), encoding="utf-8")
    assert main([str(wrong)]) == 2
    assert json.loads(capsys.readouterr().out)["action"] == 0

    option = tmp_path / "option.json"
    option.write_text(json.dumps(variant(options={"carre": "maybe"})), encoding="utf-8")
    assert main([str(option)]) == 2
    assert json.loads(capsys.readouterr().out)["action"] is None

    good = tmp_path / "good.json"
    good.write_text(json.dumps(BASE), encoding="utf-8")
    assert main([str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["stacks"]["P1"] == 61


def test_main_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(BASE).encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["-"]) == 0
    assert json.loads(capsys.readouterr().out)["pots"] == [{"amount": 16, "winners": ["P1"]}]


def test_unreadable_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["action"] is None and "cannot read" in out["error"]


def test_an_illegal_action_changes_nothing_before_it() -> None:
    # the error is reported, not a partial result
    raw = variant(actions=[["P1", "open", 4], ["P2", "hold"], ["P3", "raise", 2]])
    assert error_of(raw)["action"] == 2
