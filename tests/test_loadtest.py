"""``python -m bot.loadtest``: a small run prints its figures, and no chip moves (the load
itself is measured by hand, not here: see docs/architecture.md, "Load")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
KEYS = {
    "tables",
    "processes",
    "actions",
    "actions_per_second",
    "latency_ms",
    "chips_before",
    "chips_after",
    "errors",
    "resume_seconds",
}


def python_m(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m module args`` from the repository's root, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", module, *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def loadtest(*args: str) -> dict[str, Any]:
    out = python_m("bot.loadtest", *args)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1, out.stdout  # one JSON object, nothing else
    result: dict[str, Any] = json.loads(lines[0])
    return result


@pytest.mark.parametrize("loop", [["--closed"], ["--rate", "3"]], ids=["closed", "open"])
def test_a_small_run_prints_its_figures(tmp_path: Path, loop: list[str]) -> None:
    db = tmp_path / "load.db"
    result = loadtest(
        *("--database", f"sqlite:///{db}", "--processes", "1", "--tables", "6"),
        *("--seconds", "2", "--seed", "3", *loop),
    )
    assert set(result) >= KEYS
    assert result["tables"] == 6 and result["processes"] == 1
    assert result["actions"] > 0 and result["actions_per_second"] > 0
    latency = result["latency_ms"]
    assert 0 < latency["p50"] <= latency["p99"] <= latency["max"]
    assert result["errors"] == 0, result["error_kinds"]
    assert result["chips_before"] == result["chips_after"] > 0
    assert result["resume_seconds"] is None


def test_a_worker_killed_mid_run_resumes_its_tables(db_target: str) -> None:
    """SQLite: the killed worker's file lock goes with it; PostgreSQL: two workers hold
    their tables' leases, and the restarted one takes its own back."""
    result = loadtest(
        *("--database", db_target, "--processes", "2", "--tables", "6"),
        *("--seconds", "3", "--seed", "5", "--closed", "--kill-one-at", "1"),
    )
    assert result["errors"] == 0, result["error_kinds"]
    assert result["chips_before"] == result["chips_after"] > 0
    assert result["chips_balanced"]
    assert isinstance(result["resume_seconds"], float) and result["resume_seconds"] > 0
    assert result["actions"] > 0


def test_a_database_in_use_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "load.db")
    loadtest("--database", db, "--tables", "2", "--seconds", "0.5", "--closed")
    out = python_m("bot.loadtest", "--database", db, "--tables", "2")
    assert out.returncode != 0 and "its own" in out.stderr


def test_the_pages_beside_the_tables_report_both_halves(tmp_path: Path) -> None:
    """``--web-rate``: the worker serves the pages, the parent asks them in the second half;
    the report has the pages' latencies and the tables' without and with them (the figures
    themselves are measured by hand: docs/web.md)."""
    db = tmp_path / "load.db"
    result = loadtest(
        *("--database", f"sqlite:///{db}", "--processes", "1", "--tables", "3"),
        *("--seconds", "3", "--seed", "2", "--rate", "4", "--web-rate", "20"),
    )
    pages = result["pages"]
    assert pages["requests"] > 0 and set(pages["p99_ms_by_page"]) == {
        "home",
        "leaderboard",
        "profile",
        "replay",
    }
    assert pages["errors"] == 0, pages["error_kinds"]
    tables = result["tables_latency_ms"]
    assert tables["without_pages"]["p99"] is not None and tables["with_pages"]["p99"] is not None
    assert result["chips_before"] == result["chips_after"]


def test_the_pages_in_windows_over_the_whole_run(tmp_path: Path) -> None:
    """``--web-windows W``: windows without and with the pages in turn; both sides have
    actions, and the pages are asked over half the run."""
    db = tmp_path / "load.db"
    result = loadtest(
        *("--database", f"sqlite:///{db}", "--processes", "1", "--tables", "3"),
        *("--seconds", "4", "--seed", "2", "--rate", "4", "--web-rate", "20"),
        *("--web-windows", "1"),
    )
    pages = result["pages"]
    assert pages["requests"] > 0 and pages["errors"] == 0, pages["error_kinds"]
    assert pages["seconds"] == pytest.approx(2.0, abs=0.05)
    tables = result["tables_latency_ms"]
    assert tables["without_pages"]["p99"] is not None and tables["with_pages"]["p99"] is not None
    assert result["chips_before"] == result["chips_after"]
    # what each page of that database costs the loop
    out = python_m(
        "bot.loadtest.pagecost",
        *("--database", f"sqlite:///{db}", "--pages", "20", "--tables", "3", "--seed", "2"),
    )
    assert out.returncode == 0, out.stderr
    cost = json.loads(out.stdout)
    assert cost["pages"] == 20 and cost["answers"].get("200", 0) > 0
    assert cost["loop_ms_per_page"] > 0 and cost["stretch_ms"]["max"] > 0
    assert set(cost["loop_ms_by_page"]) <= {"home", "leaderboard", "profile", "replay"}
    assert all(ms > 0 for ms in cost["loop_ms_by_page"].values())


def test_calibrate_prints_the_machine_speed_first_and_the_cpu_per_action(tmp_path: Path) -> None:
    """``--calibrate``: a line with a fixed pure-Python workload's speed, then the object,
    which gives the CPU milliseconds per action (no server beside SQLite)."""
    out = python_m(
        "bot.loadtest",
        *("--database", str(tmp_path / "load.db"), "--tables", "3", "--seconds", "1"),
        *("--seed", "2", "--closed", "--calibrate"),
    )
    assert out.returncode == 0, out.stderr
    first, last = (json.loads(line) for line in out.stdout.strip().splitlines())
    assert first["calibrate_loops_per_second"] > 0
    assert last["calibrate_loops_per_second"] == first["calibrate_loops_per_second"]
    assert last["cpu_ms_per_action"]["bot"] > 0 and last["cpu_ms_per_action"]["server"] is None
