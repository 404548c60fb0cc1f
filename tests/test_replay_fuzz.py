"""The replay command answers any bytes at all with one JSON object and exit 0 or 2: never a
traceback (issue 11). Fuzzed with hypothesis for a bounded time."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.replay import MAX_BYTES, MAX_DEPTH, main, replay_json
from tests.conftest import PROJECT_SCENARIOS, REPO_ROOT, SHARED_SCENARIOS

SCENARIOS = [
    json.loads(p.read_text())
    for folder in (SHARED_SCENARIOS, PROJECT_SCENARIOS)
    for p in sorted(folder.glob("*.json"))
]
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run(data: bytes, tmp: Path) -> tuple[int, dict[str, Any]]:
    path = tmp / "scenario.json"
    path.write_bytes(data)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main([str(path)])
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, lines
    answer = json.loads(lines[0])
    assert isinstance(answer, dict)
    assert status == (2 if "error" in answer else 0)
    return status, answer


def test_the_three_files_found_from_outside(tmp_path: Path) -> None:
    for data, why in (
        (b"\xff{}", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, f"more than {MAX_DEPTH} levels"),
        (b'{"game": "brelan", "carried": ' + b"9" * 5000 + b"}", "more than 4,300 digits"),
        (b" " * (MAX_BYTES + 1), "larger than"),
    ):
        status, answer = run(data, tmp_path)
        assert status == 2 and why in answer["error"] and answer["action"] is None


def test_the_command_never_prints_a_traceback() -> None:
    for data in (b"\xff{}", b"[" * 100_000):
        out = subprocess.run(
            [sys.executable, "-m", "bot.games.replay", "-"],
            input=data,
            capture_output=True,
            cwd=REPO_ROOT,
            timeout=60,
        )
        assert out.returncode == 2 and out.stderr == b""
        assert "error" in json.loads(out.stdout)


@FUZZ
@given(st.binary(max_size=2000))
def test_any_bytes(tmp_path_factory: Any, data: bytes) -> None:
    run(data, tmp_path_factory.mktemp("fuzz"))


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _mutate(value: Any, path: list[Any], new: Any) -> Any:
    if not path:
        return new
    key, rest = path[0], path[1:]
    if isinstance(value, dict) and value:
        k = list(value)[key % len(value)]
        return {**value, k: _mutate(value[k], rest, new)}
    if isinstance(value, list) and value:
        i = key % len(value)
        return [*value[:i], _mutate(value[i], rest, new), *value[i + 1 :]]
    return new


@FUZZ
@given(
    st.integers(min_value=0, max_value=len(SCENARIOS) - 1),
    st.lists(st.integers(min_value=0, max_value=50), max_size=4),
    JSON,
)
def test_mutated_scenarios(which: int, path: list[int], new: Any) -> None:
    answer = replay_json(_mutate(SCENARIOS[which], path, new))
    assert isinstance(answer, dict) and ("error" in answer or "finished" in answer)
    json.dumps(answer)
