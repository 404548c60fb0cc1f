"""The database and its side files are the bot user's only; the token never shows."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.config import Settings
from bot.storage import Database, Transaction


@pytest.fixture
def open_umask() -> Iterator[None]:
    """A permissive umask (022, the usual default), restored afterwards."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_database_files_are_0600_in_a_0700_folder(tmp_path: Path, open_umask: None) -> None:
    path = tmp_path / "state" / "bot" / "salon.sqlite3"
    db = await Database.open(path)
    try:
        await db.query(Transaction.settings, 1)  # a write: the WAL has content
        files = sorted(p.name for p in path.parent.iterdir())
        assert files == ["salon.sqlite3", "salon.sqlite3-shm", "salon.sqlite3-wal"]
        assert {name: mode(path.parent / name) for name in files} == dict.fromkeys(files, 0o600)
        assert mode(path.parent) == 0o700
        assert mode(tmp_path / "state") == 0o700
    finally:
        await db.close()


async def test_an_existing_readable_database_is_narrowed(tmp_path: Path, open_umask: None) -> None:
    path = tmp_path / "salon.sqlite3"
    db = await Database.open(path)
    await db.close()
    path.chmod(0o644)

    db = await Database.open(path)
    await db.close()

    assert mode(path) == 0o600


def test_settings_never_show_the_token() -> None:
    token = "MTIz.secret-token-value"
    settings = Settings.from_env({"DISCORD_TOKEN": token, "GUILD_ID": "42"})

    assert settings.token == token
    assert token not in repr(settings)
    assert token not in str(settings)
    assert token not in f"{settings}"
    with pytest.raises(ValueError) as error:
        Settings.from_env({"DISCORD_TOKEN": token, "LOG_LEVEL": "LOUD"})
    assert token not in str(error.value)
