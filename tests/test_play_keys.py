"""Offline play and lessons driven by random keystrokes on a real terminal (a pty, in the
test's process): digits, letters, ``²``, emoji, huge numbers, empty lines, the end of input,
Ctrl-C, and keys typed while the house players think. No run prints a traceback, and every
line the game takes is the one typed at its prompt, never one typed ahead."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import pty
import re
import select
import signal
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import bot.play.__main__ as offline
from bot.i18n import render
from bot.play.args import parse_args
from bot.play.keyboard import Keyboard
from bot.play.terminal import TerminalPresenter

#: What a player may type at a prompt; ``EOF`` is Ctrl-D, ``INTERRUPT`` Ctrl-C.
EOF, INTERRUPT = "<eof>", "<interrupt>"
KEYS = st.sampled_from(
    ["1", "2", "3", "4", "1 5", "2 7", "3 12", "²", "1²", "😀", "9" * 5000, "", " ", "h", "?",
     "abc", "-1", "0", "1 99999999999", "y", "n", "o", "1 1", "1 2", "٣", "q"]
)  # fmt: skip
#: Some keys, then the end: q, Ctrl-D, Ctrl-C (or more keys, answered by q past the most).
ANSWERS = st.tuples(st.lists(KEYS, max_size=30), st.sampled_from(["q", EOF, INTERRUPT, "1"])).map(
    lambda keys: [*keys[0], keys[1]]
)
ROOT = Path(__file__).resolve().parents[1]
#: The most prompts a run answers before it types q.
MOST_PROMPTS = 40


def no_echo(fd: int) -> None:
    """The terminal does not write back what is typed (the test reads nothing back)."""
    attrs = termios.tcgetattr(fd)
    attrs[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


@dataclass
class Typist(Keyboard):
    """A keyboard on a pty that types each answer once its prompt is shown (after the
    flush), and keys ahead whenever the table moves; it checks each line it gives back."""

    master: int = -1
    answers: list[str] = field(default_factory=list)
    asked: int = 0
    typed: str | None = None
    closed: bool = False

    async def line(self, prompt: str) -> str | None:
        self.asked += 1
        want = self.answers.pop(0) if self.answers else "q"
        if self.asked > MOST_PROMPTS:
            want = "q"
        if want == INTERRUPT:
            raise KeyboardInterrupt
        self.typed = want
        got = await super().line(prompt)
        if want == EOF:
            assert got is None, (prompt, got)
        else:  # a terminal keeps 4095 characters of a line: a longer paste is cut there
            assert got is not None and want.startswith(got), (prompt, want[:40], got)
            assert len(got) == len(want) or len(got) >= 4000, (prompt, want[:40], got)
        self.typed = None
        return got

    async def _read(self) -> bytes:
        if self.typed is not None and not self.closed:
            if self.typed == EOF:
                os.close(self.master)
                self.closed = True
            else:
                os.write(self.master, self.typed.encode() + b"\n")
            self.typed = None
        return await super()._read()

    def type_ahead(self, keys: str) -> None:
        if not self.closed:
            os.write(self.master, keys.encode() + b"\n")


def keyboard(out: io.StringIO, answers: list[str], lang: str) -> Typist:
    master, slave = os.openpty()
    no_echo(slave)
    return Typist(slave, out, render(lang, "play-typed-ahead"), master=master, answers=answers)


#: Discord's words, which the terminal never prints: its buttons, its slash commands, code.
DISCORD_WORDS = re.compile(
    r"(?i)\bpress (?!enter)|button|bouton|appuyez (?!sur entrée)|appuyez dessus|cliquez|"
    r"\bclick|`|✂|\bJoin\b|Rejoindre|/verify|/vérifier|/table|/learn|/cards|/cartes|<@|<t:"
)


def check_run(out: str, caplog: pytest.LogCaptureFixture, code: int, lang: str) -> None:
    assert "Traceback" not in out, out[-3000:]
    leak = DISCORD_WORDS.search(out)
    assert leak is None, out[max(0, leak.start() - 300) : leak.end() + 100]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert code in (0, 1, 130), out[-2000:]
    if code == 130:  # Ctrl-C: a goodbye line, at once
        assert out.rstrip().endswith(render(lang, "play-interrupted")), out[-2000:]


@settings(
    max_examples=24,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(["bouillotte", "brelan", "brag"]),
    lang=st.sampled_from(["en", "fr"]),
    answers=ANSWERS,
    ahead=st.lists(st.sampled_from(["1", "2 5", "q", "²"]), max_size=6),
)
def test_random_keys_never_break_offline_play(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    game: str,
    lang: str,
    answers: list[str],
    ahead: list[str],
) -> None:
    out = io.StringIO()
    typist = keyboard(out, list(answers), lang)
    shown = TerminalPresenter.announce
    early = list(ahead)

    async def announce(self: TerminalPresenter, *args: object) -> None:
        await shown(self, *args)  # type: ignore[arg-type]
        if early:
            typist.type_ahead(early.pop(0))  # typed while the house players think

    monkeypatch.setattr(TerminalPresenter, "announce", announce)
    monkeypatch.setattr(offline, "KEYBOARD", [typist])
    args = parse_args(
        ["--game", game, "--lang", lang, "--pause", "0", "--seed", "5", "--hands", "2",
         "--players", "2", "--options", "next_hand_delay=0"]
    )  # fmt: skip
    try:
        code = offline.run(args, Console(file=out, width=100))
    finally:
        for fd in (typist.fd, typist.master):
            if not (fd == typist.master and typist.closed):
                os.close(fd)
    check_run(out.getvalue(), caplog, code, lang)


@settings(
    max_examples=18,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(["bouillotte", "brelan", "brag"]),
    lang=st.sampled_from(["en", "fr"]),
    answers=ANSWERS,
    ahead=st.lists(st.sampled_from(["1", "3", "", "q"]), max_size=6),
)
def test_random_keys_never_break_a_lesson(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    game: str,
    lang: str,
    answers: list[str],
    ahead: list[str],
) -> None:
    out = io.StringIO()
    typist = keyboard(out, list(answers), lang)
    said = TerminalPresenter.say
    early = list(ahead)

    def say(self: TerminalPresenter, line: str, style: str | None = None) -> None:
        said(self, line, style)
        if early and line.startswith("=="):
            typist.type_ahead(early.pop(0))  # typed while the page is printed

    monkeypatch.setattr(TerminalPresenter, "say", say)
    monkeypatch.setattr(offline, "KEYBOARD", [typist])
    args = parse_args(["--learn", game, "--lang", lang])
    try:
        code = offline.run(args, Console(file=out, width=100))
    finally:
        os.close(typist.fd)
        if not typist.closed:
            os.close(typist.master)
    check_run(out.getvalue(), caplog, code, lang)


def test_a_real_terminal_drops_keys_typed_ahead_and_quits_at_ctrl_c() -> None:
    """The program itself on a pty: keys typed while the house players think are dropped
    (and the player told), Ctrl-C at a prompt quits at once with a goodbye (exit 130)."""
    env = {**os.environ, "COLUMNS": "100", "PYTHONIOENCODING": "utf-8", "TERM": "dumb"}
    env.pop("DISCORD_TOKEN", None)
    command = [sys.executable, "-m", "bot.play", "--lang", "en", "--seed", "3", "--pause",
               "0.3", "--players", "3"]  # fmt: skip
    pid, master = pty.fork()
    if pid == 0:  # the child: the pty is its terminal
        os.chdir(ROOT)
        os.execve(sys.executable, command, env)
    screen = b""

    def read_until(wanted: bytes, count: int, within: float) -> None:
        nonlocal screen
        ends = time.monotonic() + within
        while screen.count(wanted) < count and time.monotonic() < ends:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    screen += os.read(master, 65536)
                except OSError:
                    return
        assert screen.count(wanted) >= count, screen.decode(errors="replace")[-3000:]

    prompt = b"q to quit):"
    try:
        read_until(prompt, 1, 30)
        os.write(master, b"1\n")  # pass or fold: the house players play on
        os.write(master, b"2\n")  # typed at once, before any prompt: never played
        read_until(prompt, 2, 30)
        assert b"Keys typed before this question were ignored" in screen.split(prompt)[1]
        time.sleep(0.3)
        asked = time.monotonic()
        os.write(master, b"\x03")  # Ctrl-C at the prompt
        read_until(b"Thank you for playing", 1, 5)
        _, status = os.waitpid(pid, 0)
        assert time.monotonic() - asked < 3  # at once, not after an Enter
    finally:
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(master)
    text = screen.decode(errors="replace")
    assert "Traceback" not in text, text[-3000:]
    assert "Interrupted: the table is closed." in text
    assert os.waitstatus_to_exitcode(status) == 130
