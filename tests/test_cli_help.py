"""Every ``python -m`` entry point of bot/ and cogs/ (and every script of pyproject.toml) has a
real ``--help``: it prints a line per option and stops, writing nothing and starting nothing;
a bad value is refused in one line on stderr with exit status 2.

The entry points are found here (a ``__main__`` guard or a package's ``__main__.py``), so a new
one without ``--help`` fails. They run in this process (imports are shared, so the whole file
takes seconds), in an empty folder, with the event loop forbidden and a time limit.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import re
import runpy
import signal
import sys
import tomllib
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import bot.eventloop

ROOT = Path(__file__).resolve().parents[1]
GUARD = re.compile(r"^if __name__ == [\"']__main__[\"']:", re.M)
LIMIT = 15.0  # seconds: --help that takes longer is running the program
SKIPPED = {"__pycache__", ".git", ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"}


def entry_points() -> list[str]:
    """The modules ``python -m`` runs: a package with a ``__main__.py`` by the package's name,
    any other module with a ``__main__`` guard by its own."""
    found: set[str] = set()
    for package in ("bot", "cogs"):
        for path in (ROOT / package).rglob("*.py"):
            if "__pycache__" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            if path.name == "__main__.py":
                found.add(".".join(parts[:-1]))
            elif GUARD.search(path.read_text(encoding="utf-8")):
                found.add(".".join(parts))
    return sorted(found)


ENTRY_POINTS = entry_points()
SCRIPTS: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]


def repo_files() -> dict[str, tuple[int, int]]:
    """Every file of the repository (caches aside) with its size and modification time."""
    files: dict[str, tuple[int, int]] = {}
    stack = [ROOT]
    while stack:
        folder = stack.pop()
        for path in folder.iterdir():
            if path.is_dir():
                if path.name not in SKIPPED:
                    stack.append(path)
            elif path.name != ".git":
                stat = path.stat()
                files[str(path.relative_to(ROOT))] = (stat.st_size, stat.st_mtime_ns)
    return files


class Overran(BaseException):
    """The entry point was still running after :data:`LIMIT` seconds."""


@dataclass
class Run:
    code: object
    out: str
    err: str
    parsers: list[argparse.ArgumentParser] = field(default_factory=list)
    written: list[str] = field(default_factory=list)


def run(
    module: str,
    args: list[str],
    cwd: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    *,
    call: str | None = None,
) -> Run:
    """``python -m module args`` (or the script function ``call``, ``module:function``) in
    ``cwd``: its exit status, output, the parsers it built and the files it wrote."""
    parsers: list[argparse.ArgumentParser] = []
    build = argparse.ArgumentParser.__init__

    def record(self: argparse.ArgumentParser, *a: Any, **k: Any) -> None:
        build(self, *a, **k)
        parsers.append(self)

    def no_loop(main: Any, *a: Any, **k: Any) -> None:
        if hasattr(main, "close"):
            main.close()
        raise AssertionError("it started an event loop: the program ran")

    def overran(signum: int, frame: FrameType | None) -> None:
        raise Overran

    before = repo_files()
    capsys.readouterr()
    code: object = None
    alarm = signal.signal(signal.SIGALRM, overran)
    signal.setitimer(signal.ITIMER_REAL, LIMIT)
    try:
        with monkeypatch.context() as patch, warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # run_module of an imported module
            patch.chdir(cwd)
            patch.setattr(argparse.ArgumentParser, "__init__", record)
            patch.setattr(asyncio, "run", no_loop)
            patch.setattr(bot.eventloop, "run", no_loop)
            patch.setattr(sys, "argv", [module if call is None else call, *args])
            try:
                if call is None:
                    runpy.run_module(module, run_name="__main__", alter_sys=True)
                else:
                    name, _, function = call.partition(":")
                    code = getattr(importlib.import_module(name), function)()
            except SystemExit as stop:
                code = stop.code
            except Overran:
                code = f"still running after {LIMIT:g} s"
            except Exception as exc:  # the test reports what happened
                code = f"raised {exc!r}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, alarm)
    out, err = capsys.readouterr()
    after = repo_files()
    written = sorted(str(p.relative_to(cwd)) for p in cwd.rglob("*"))
    written += [f"repo: {name}" for name in sorted(after.keys() - before.keys())]
    written += [f"repo: {name} (removed)" for name in sorted(before.keys() - after.keys())]
    written += [
        f"repo: {name} (changed)"
        for name in before.keys() & after.keys()
        if before[name] != after[name]
    ]
    return Run(code, out, err, parsers, written)


def undocumented(parser: argparse.ArgumentParser) -> list[str]:
    """The options, arguments and commands of ``parser`` that ``--help`` says nothing of."""
    missing: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            told = {choice.dest for choice in action._choices_actions if choice.help}
            missing += [f"{parser.prog} {name}" for name in action.choices if name not in told]
        elif not action.help:
            missing.append(f"{parser.prog} {'/'.join(action.option_strings) or action.dest}")
    return missing


def commands(parser: argparse.ArgumentParser) -> list[str]:
    return [
        name
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    ]


def check_help(shown: Run, what: str, command: str = "") -> argparse.ArgumentParser:
    """``shown`` is a help (of ``command``'s parser): exit 0, a usage line, every option
    told, nothing written."""
    assert shown.code in (0, None), f"{what}: exit {shown.code!r}\n{shown.err[-2000:]}"
    assert shown.out.startswith("usage: "), f"{what} printed no help: {shown.out[:300]!r}"
    assert "Traceback" not in shown.err, f"{what}: {shown.err[-2000:]}"
    assert not shown.written, f"{what} wrote {shown.written}"
    assert shown.parsers, f"{what} does not parse its arguments with argparse"
    root = shown.parsers[0]
    if command:
        root = next(p for p in shown.parsers if p.prog == f"{shown.parsers[0].prog} {command}")
    assert not undocumented(root), f"{what}: no help= for {undocumented(root)}"
    for action in root._actions:
        for option in action.option_strings:
            if action.help != argparse.SUPPRESS:
                assert option in shown.out, f"{what}'s help does not show {option}"
    return root


def test_every_entry_point_is_found() -> None:
    known = {"bot", "bot.play", "bot.fair", "bot.loadtest", "bot.web", "bot.runtime.selfplay"}
    assert known <= set(ENTRY_POINTS), ENTRY_POINTS
    assert "bot.games.bench" in ENTRY_POINTS and "bot.ui.card_art" in ENTRY_POINTS
    assert not [name for name in ENTRY_POINTS if name.endswith("__main__")]


@pytest.mark.parametrize("module", ENTRY_POINTS)
def test_help_prints_every_option_and_does_nothing(
    module: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = check_help(run(module, ["--help"], tmp_path, monkeypatch, capsys), module)
    for command in commands(root):
        shown = run(module, [command, "--help"], tmp_path, monkeypatch, capsys)
        check_help(shown, f"{module} {command}", command)


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_the_installed_scripts_have_help_too(
    script: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    call = SCRIPTS[script]
    module = call.partition(":")[0].removesuffix(".__main__")
    assert module in ENTRY_POINTS
    check_help(run(module, ["--help"], tmp_path, monkeypatch, capsys, call=call), script)


BAD_VALUES = [
    ("bot.runtime.selfplay", ["robots.sqlite3", "--hands", "-1"], "--hands"),
    ("bot.runtime.selfplay", ["robots.sqlite3", "--hands", "9" * 5000], "--hands"),
    ("bot.games.brag_bench", ["fast"], "SECONDS"),
    ("bot.games.bench", ["--seconds", "inf"], "--seconds"),
    ("bot.fair", ["bench", "many"], "SHUFFLES"),
    ("bot.fair", ["check", "hands/"], "verify"),
    (
        "bot.house.arena",
        ["--game", "brelan", "--players", "strong,easy", "--hands", "0"],
        "--hands",
    ),
    ("bot.loadtest", ["--database", "load.sqlite3", "--tables", "0"], "--tables"),
    ("bot.web", ["--port", "70000"], "--port"),
    ("bot", ["sync", "--guild", "my-server"], "--guild"),
    ("bot.ui.card_art", ["--bench", "picture.png"], "--bench"),
    ("bot.storage.retention", ["archive", "--database", "x.sqlite3", "--days", "-3"], "--days"),
]


@pytest.mark.parametrize(("module", "args", "named"), BAD_VALUES)
def test_a_bad_value_is_refused_in_one_line(
    module: str,
    args: list[str],
    named: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    refused = run(module, args, tmp_path, monkeypatch, capsys)
    assert refused.code == 2, f"exit {refused.code!r}: {refused.out[-500:]}{refused.err[-1500:]}"
    lines = refused.err.splitlines()
    assert len(lines) == 1, refused.err
    assert named in lines[0] and "--help" in lines[0], lines[0]
    assert len(lines[0]) < 300  # a huge number is not quoted whole
    assert refused.out == ""
    assert not refused.written, refused.written
