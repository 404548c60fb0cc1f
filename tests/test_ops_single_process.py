"""A second bot process on the same SQLite file refuses to start, in one sentence (issue 11)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ops import AlreadyRunning, hold_database

ROOT = Path(__file__).resolve().parents[1]


def test_a_second_holder_of_the_database_is_refused(tmp_path: Path) -> None:
    database = tmp_path / "data" / "salon.sqlite3"
    held = hold_database(database)
    try:
        with pytest.raises(AlreadyRunning):
            hold_database(database)
    finally:
        held.close()
    hold_database(database).close()  # free again once the first holder is gone


def test_a_second_bot_process_refuses_to_start(tmp_path: Path) -> None:
    database = tmp_path / "salon.sqlite3"
    held = hold_database(database)  # the first bot
    try:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(ROOT),
            "HOME": str(tmp_path),
            "DISCORD_TOKEN": "not-a-real-token",
            "DATABASE_PATH": str(database),
        }
        out = subprocess.run(
            [sys.executable, "-m", "bot"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
            timeout=60,
        )
    finally:
        held.close()
    assert out.returncode != 0
    assert out.stderr.strip().startswith("Another bot process is already running on")
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
