"""``python -m bot.loadtest --discord``: the real bot against the fake Discord with its rate
limits, three tables for a few seconds; and the pieces its figures rest on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.loadtest.discordload import HumanPause, Staleness, read_table, state_signature
from tests.discord_contract import discord_contract  # noqa: F401  (the fixture)

pytestmark = pytest.mark.usefixtures("discord_contract")

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--tables", "3", "--seconds", "8", "--seed", "1", "--ramp", "2"]

KEYS = {
    "tables",
    "seconds",
    "actions",
    "actions_per_second",
    "rest_requests",
    "rest_per_second",
    "interaction_requests",
    "budget",
    "budget_per_second",
    "rate_limited",
    "rate_limited_global",
    "invalid_requests",
    "first_answer_ms",
    "staleness_ms",
    "chips_before",
    "chips_after",
    "chips_unchanged",
    "errors",
    "error_kinds",
}


def test_three_tables_play_against_the_fake_discord() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "bot.loadtest", "--discord", *ARGS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert set(result) >= KEYS, KEYS - set(result)
    assert result["tables"] == 3 and result["rate_limits"] is True
    assert result["errors"] == 0, result["error_kinds"]
    assert result["chips_unchanged"] is True
    assert result["chips_before"] == result["chips_after"] > 0
    assert result["actions"] > 0  # the house players and the members played
    # house moves edit the table message, through the member's latest click (outside the
    # global limit) once he clicked, by REST before
    edits = result["budget"].get("edits", 0) + result["interaction_requests"].get(
        "webhook_edits", 0
    )
    assert edits > 0
    assert result["click_edits"] is True
    # a member may not have had his turn within 8 s; when he did, the click was answered
    assert result["clicks"] == result["interaction_requests"].get("callbacks", 0)
    assert result["rate_limited"] == 0 and result["invalid_requests"] == 0
    assert result["staleness_ms"]["samples"] > 0


def test_staleness_runs_from_a_change_to_the_write_that_shows_it() -> None:
    stale = Staleness()
    stale.changed(1, (7, 0), 10.0)
    stale.changed(1, (7, 1), 11.0)
    stale.changed(1, (7, 2), 11.5)
    stale.shown(1, (7, 0), 10.2)  # shows the first change only
    stale.shown(1, (7, 9), 12.0)  # a state never reported: nothing matches
    assert stale.unshown(before=100.0) == 2
    stale.shown(1, (7, 2), 12.5)  # shows the last: the one before is shown by it too
    delays = sorted(round(d, 2) for _, d in stale.samples)
    assert delays == [0.2, 1.0, 1.5]
    assert stale.unshown(before=100.0) == 0


def test_a_table_message_is_read_as_a_member_sees_it() -> None:
    message = {
        "id": "5",
        "channel_id": "9",
        "embeds": [
            {
                "fields": [
                    {"name": "Seats", "value": "<@42> — 50 chips\n🤖 Berthe — 49 chips"},
                    {"name": "Turn", "value": "<@42> to speak"},
                ]
            }
        ],
        "components": [
            {
                "type": 1,
                "components": [
                    {"type": 2, "custom_id": "salon:t:3:join"},
                    {"type": 2, "custom_id": "salon:a:3:12:4:call:2"},
                    {"type": 2, "custom_id": "salon:o:3:12:4:raise"},
                ],
            }
        ],
    }
    seen = read_table(message)
    assert seen is not None
    assert (seen.table_id, seen.signature, seen.to_act) == (3, (12, 4), 42)
    assert seen.actions == ["salon:a:3:12:4:call:2"] and seen.seated == {42}
    assert read_table({"components": []}) is None
    assert state_signature({"hand": {"id": 12, "actions": 4, "to_act": "42"}}) == (12, 4)
    assert state_signature({"hand": {"id": 12, "actions": 4, "to_act": None}}) is None


def test_a_house_pause_is_drawn_anew_at_each_move() -> None:
    import random

    pause = HumanPause(2.0, 6.0, random.Random(1))
    draws = {round(pause(), 6) for _ in range(20)}
    assert len(draws) == 20 and all(2.0 <= d <= 6.0 for d in draws)


def test_without_click_edits_every_table_edit_is_rest() -> None:
    """``--no-click-edits``: as when no member clicked for 14 minutes, every edit of a table
    message is a REST request bound to the global limit."""
    run = subprocess.run(
        [sys.executable, "-m", "bot.loadtest", "--discord", *ARGS, "--no-click-edits"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["click_edits"] is False
    assert result["budget"].get("edits", 0) > 0
    assert result["interaction_requests"].get("webhook_edits", 0) == 0
    assert result["presenter_counters"]["click_edits"] == 0
