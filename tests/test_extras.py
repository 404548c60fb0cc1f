"""asyncpg and uvloop are extras (postgres, fast): the SQLite default runs without them, and a
setting that needs a missing one is refused in one line that says what to install."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings
from bot.extras import MissingExtra
from bot.storage.database import Database

ROOT = Path(__file__).resolve().parents[1]
URL = "postgresql://salon:secret@db.example/salon"
#: What the refusal tells to run (the README's install, with the extra).
INSTALL_POSTGRES = "pip install -c constraints.txt -e '.[postgres]'"

#: Every module of bot/ and cogs/ imported with asyncpg and uvloop missing, a database opened
#: and the loop chosen; prints the modules that failed.
WITHOUT_EXTRAS = """
import asyncio, importlib, pkgutil, sys
sys.modules["asyncpg"] = sys.modules["uvloop"] = None
import bot, cogs
failed = []
for package in (bot, cogs):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        try:
            importlib.import_module(info.name)
        except ImportError as exc:
            failed.append(info.name)
from bot.eventloop import loop_of
from bot.storage import Database
async def main():
    async with Database(":memory:") as db:
        return await db.get_meta("nothing")
assert asyncio.run(main()) is None
print(loop_of({}), *sorted(failed))
"""


def hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """As if ``modules`` were not installed (an import raises ModuleNotFoundError)."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_the_sqlite_default_runs_without_asyncpg_and_uvloop() -> None:
    out = subprocess.run(
        [sys.executable, "-c", WITHOUT_EXTRAS], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    # every module imports (asyncpg is imported where PostgreSQL connects); asyncio's loop
    assert out.stdout.split() == ["asyncio"]


def test_a_postgresql_url_without_asyncpg_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    hide(monkeypatch, "asyncpg")
    with pytest.raises(ConfigError) as refused:
        Settings.from_env({"DATABASE_URL": URL})
    assert "DATABASE_URL=postgresql://" in str(refused.value)
    assert INSTALL_POSTGRES in str(refused.value)
    assert "secret" not in str(refused.value)
    assert Settings.from_env({}).database_url is None  # SQLite: nothing to install
    with pytest.raises(MissingExtra, match=re.escape(INSTALL_POSTGRES)):
        Database(URL)


def test_event_loop_uvloop_without_uvloop_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    hide(monkeypatch, "uvloop")
    assert Settings.from_env({}).event_loop == "asyncio"  # auto: asyncio's own loop
    with pytest.raises(ConfigError) as refused:
        Settings.from_env({"EVENT_LOOP": "uvloop"})
    assert str(refused.value).startswith("EVENT_LOOP=uvloop needs uvloop")
    assert "pip install -c constraints.txt -e '.[fast]'" in str(refused.value)


def test_the_bot_refuses_a_postgresql_url_without_asyncpg_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hide(monkeypatch, "asyncpg")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", URL)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    from bot.__main__ import main

    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and INSTALL_POSTGRES in err, err


@pytest.mark.parametrize(
    ("module", "argv"),
    [
        ("bot.web.__main__", ["--database", URL]),
        ("bot.storage.retention", ["archive", "--database", URL]),
        ("bot.loadtest.__main__", ["--database", URL]),
        ("bot.loadtest.ratios", ["--postgres", URL]),
    ],
)
def test_commands_given_a_postgresql_url_without_asyncpg_exit_2_in_one_line(
    module: str,
    argv: list[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    hide(monkeypatch, "asyncpg")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    main = importlib.import_module(module).main
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and INSTALL_POSTGRES in err, err
    assert "secret" not in err
