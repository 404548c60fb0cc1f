"""Layer boundaries: the rules engine and storage never import discord."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_engine_and_storage_never_import_discord() -> None:
    for package in ("bot/games", "bot/storage"):
        for path in sorted((ROOT / package).rglob("*.py")):
            bad = {m for m in imported_modules(path) if m.split(".")[0] == "discord"}
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_engine_imports_without_discord_loaded() -> None:
    code = (
        "import sys, bot.games.brelan, bot.games.replay, bot.games.session, bot.games.bench;"
        "print('discord' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


def test_bot_without_token_explains_what_to_do(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-m", "bot"], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert out.returncode == 1
    assert "DISCORD_TOKEN" in out.stderr and ".env" in out.stderr
    assert "python -m bot.play" in out.stderr  # and how to play without Discord meanwhile


def test_fair_dealing_uses_only_the_engine_and_the_standard_library() -> None:
    """bot.fair is what anyone may re-run: the scheme itself is standard library alone."""
    for path in sorted((ROOT / "bot/fair").rglob("*.py")):
        for module in imported_modules(path):
            top = module.split(".")[0]
            allowed = top in sys.stdlib_module_names or module.startswith(("bot.games", "bot.fair"))
            assert allowed, f"{path.relative_to(ROOT)} imports {module}"
    scheme = imported_modules(ROOT / "bot/fair/scheme.py")
    assert all(m.split(".")[0] in sys.stdlib_module_names for m in scheme), scheme


def test_house_players_use_only_the_engine_and_the_standard_library() -> None:
    for path in sorted((ROOT / "bot/house").rglob("*.py")):
        for module in imported_modules(path):
            top = module.split(".")[0]
            allowed = top in sys.stdlib_module_names or module.startswith(
                ("bot.games", "bot.house")
            )
            assert allowed, f"{path.relative_to(ROOT)} imports {module}"


def test_the_runtime_and_offline_play_stay_off_the_discord_bot() -> None:
    """The runtime never imports discord; offline play borrows the renderers but never the
    bot, its cogs or its presenter."""
    for path in sorted((ROOT / "bot/runtime").rglob("*.py")):
        bad = {m for m in imported_modules(path) if m.split(".")[0] == "discord"}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
    for path in sorted((ROOT / "bot/play").rglob("*.py")):
        bad = {
            m
            for m in imported_modules(path)
            if m.startswith(("bot.app", "cogs", "bot.ui.presenter", "bot.ui.views"))
        }
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
