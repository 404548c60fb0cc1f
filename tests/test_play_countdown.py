"""The turn's countdown in the terminal (issue 26, item 2): the time left, in words that
read right in both languages, counted when the frame is printed; ticking on a terminal."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from rich.console import Console

from bot.play.terminal import TerminalPresenter
from tests.public_states import public_state

ROOT = Path(__file__).resolve().parents[1]
DEADLINE = 1_800_000_000
NBSP = "\u00a0"


def frame(lang: str, left: float) -> str:
    """The frame printed ``left`` seconds before the turn ends, on a fixed clock."""
    out = io.StringIO()
    view = TerminalPresenter(
        Console(file=out, width=120, color_system=None), lang, 7, "Céleste", "brelan"
    )
    view.now = lambda: DEADLINE - left
    view.latest[1] = public_state(
        started=True,
        seats=[{"seat": 1, "user": 7, "stack": 30}, {"seat": 2, "user": 8, "stack": 30}],
        hand={
            "to_act": "7",
            "deadline": DEADLINE,
            "players": [{"name": "7", "stack": 30}, {"name": "8", "stack": 30}],
        },
    )
    view.show_table(1)
    view.say(view.time_left(DEADLINE))
    return out.getvalue()


#: (language, seconds left, the turn's line, the status line under the moves)
COUNTDOWNS = [
    ("fr", 59, f"À Céleste de parler — fin du tour dans 59{NBSP}s", f"restant{NBSP}: 59{NBSP}s"),
    ("en", 59, "Céleste to speak — turn ends in 59 s", "time left: 59 s"),
    ("fr", 125, f"fin du tour dans 2{NBSP}min 5{NBSP}s", f"restant{NBSP}: 2{NBSP}min 5{NBSP}s"),
    ("en", 0, "turn ends in 0 s", "time left: 0 s"),
]


@pytest.mark.parametrize(("lang", "left", "turn", "status"), COUNTDOWNS)
def test_the_frame_says_the_time_left(lang: str, left: float, turn: str, status: str) -> None:
    text = frame(lang, left)
    assert turn in text, text
    assert status in text, text
    assert "écoulé" not in text and "runs out" not in text
    assert not re.search(r"\d\d:\d\d:\d\d", text), text  # no clock time for a countdown


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_time_left_ticks_while_the_player_is_asked() -> None:
    session = f"salon-tick-{uuid.uuid4().hex[:8]}"
    command = " ".join(
        [sys.executable, "-m", "bot.play", "--pause", "0", "--seed", "3", "--lang", "fr",
         "--players", "2", "--options", "turn_timeout=120"]
    )  # fmt: skip
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "60", "-c", str(ROOT),
         f"{command}; echo EXIT=$?; sleep 30"],
        check=True,
    )  # fmt: skip

    def left_now() -> int | None:
        screen = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", session],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        found = re.findall(r"temps restant\s*:\s*(?:(\d+)\s*min\s*)?(\d+)\s*s", screen)
        if not found or not screen.rstrip().endswith("quitter)\u00a0:"):
            return None
        minutes, seconds = found[-1]
        return int(minutes or 0) * 60 + int(seconds)

    try:
        first = None
        deadline = time.monotonic() + 60
        while first is None and time.monotonic() < deadline:
            first = left_now()
            time.sleep(0.2)
        assert first is not None, "the player was never asked for a move"
        time.sleep(3.2)
        later = left_now()
        assert later is not None and first - 5 <= later <= first - 2, (first, later)
        subprocess.run(["tmux", "send-keys", "-t", session, "q", "Enter"], check=True)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)


def test_the_options_typed_offline_follow_their_definitions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.play.__main__ import parse_args

    with pytest.raises(SystemExit):
        parse_args(["--lang", "fr", "--options", "turn_timeout=0.5"])
    assert "prend un nombre entier de secondes de 10" in capsys.readouterr().err
    assert parse_args(["--options", "turn_timeout=30"]).options == "turn_timeout=30"
