"""Start-up as an operator meets it: an installed ``salon-bot`` reading ``.env`` from the
current folder, one-sentence configuration errors, --help/--version, the health check,
the Docker database location, and command sync only when the commands changed."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.app import sync_only
from bot.config import NO_TOKEN_HELP, ConfigError, Settings
from bot.ops import HEALTH_MAX_AGE, beat, health, heartbeat_path, invite_url
from bot.storage import inline
from tests.fakebot import TOKEN, point_discord_at, running_bot
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``salon-bot`` installed (not editable) in a fresh venv; dependencies come from the
    test venv through a .pth file, so only the project itself is built."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    purelib = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import sysconfig;print(sysconfig.get_paths()['purelib'])",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    here = [p for p in sys.path if p.endswith("site-packages")]
    (Path(purelib) / "test-deps.pth").write_text("\n".join(here) + "\n")
    build = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps", str(ROOT)],
        capture_output=True,
        text=True,
        cwd=tmp_path_factory.mktemp("build"),
    )
    assert build.returncode == 0, build.stdout + build.stderr
    return venv / "bin" / "salon-bot"


def run(
    program: Path, folder: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    clean = {"PATH": "/usr/bin:/bin", "HOME": str(folder), **(env or {})}
    return subprocess.run(
        [str(program), *args], capture_output=True, text=True, cwd=folder, env=clean, timeout=60
    )


def test_the_installed_script_reads_env_from_the_current_folder(
    installed: Path, tmp_path: Path
) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nLOG_LEVEL=LOUD\n")

    out = run(installed, tmp_path)

    assert out.returncode == 2
    assert out.stderr.splitlines() == [
        "Configuration error: LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL,"
        " not 'LOUD'; fix it in .env or the environment."
    ]


def test_the_environment_wins_over_env(installed: Path, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("LOG_LEVEL=LOUD\n")

    out = run(installed, tmp_path, env={"LOG_LEVEL": "warning"})

    assert out.returncode == 1
    assert out.stderr.strip() == NO_TOKEN_HELP


def test_a_bad_guild_id_is_one_sentence(installed: Path, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nGUILD_ID=my-server\n")

    out = run(installed, tmp_path)

    assert out.returncode == 2
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Configuration error: GUILD_ID must be")
    assert "Traceback" not in out.stderr


def test_help_and_version_do_not_start_the_bot(installed: Path, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\n")

    shown = run(installed, tmp_path, "--help")
    version = run(installed, tmp_path, "--version")

    assert shown.returncode == 0 and "usage: salon-bot" in shown.stdout
    assert "sync" in shown.stdout and "health" in shown.stdout
    assert version.returncode == 0 and version.stdout.strip() == "salon-bot 0.1.0"
    assert not (tmp_path / "data").exists()  # nothing started, no database created


def test_health_reads_the_heartbeat(installed: Path, tmp_path: Path) -> None:
    env = {"DATABASE_PATH": str(tmp_path / "salon.sqlite3")}
    missing = run(installed, tmp_path, "health", env=env)
    assert missing.returncode == 1 and missing.stdout.startswith("unhealthy: no heartbeat")

    heartbeat_path(tmp_path / "salon.sqlite3").write_text(json.dumps({"at": time.time()}))
    fresh = run(installed, tmp_path, "health", env=env)
    assert fresh.returncode == 0 and fresh.stdout.startswith("healthy")

    stale = time.time() - HEALTH_MAX_AGE - 5
    heartbeat_path(tmp_path / "salon.sqlite3").write_text(json.dumps({"at": stale}))
    old = run(installed, tmp_path, "health", env=env)
    assert old.returncode == 1 and "old" in old.stdout


def test_in_docker_the_database_stays_on_the_volume() -> None:
    local = {"DATABASE_PATH": "data/salon.sqlite3"}
    assert Settings.from_env(local).database == Path("data/salon.sqlite3")
    docker = Settings.from_env({**local, "SALON_DATA_DIR": "/data"})
    assert docker.database == Path("/data/salon.sqlite3") and docker.database_overridden
    example = (ROOT / ".env.example").read_text().splitlines()
    assert not [line for line in example if line.startswith("DATABASE_PATH")]
    assert "SALON_DATA_DIR=/data" in (ROOT / "Dockerfile").read_text()


def test_the_event_loop_is_chosen_by_event_loop() -> None:
    """uvloop by default where it is installed (the fast extra), asyncio's own on
    request; a wrong word is one sentence."""
    assert Settings.from_env({}).event_loop == "uvloop"
    assert Settings.from_env({"EVENT_LOOP": "asyncio"}).event_loop == "asyncio"
    with pytest.raises(ConfigError, match="EVENT_LOOP"):
        Settings.from_env({"EVENT_LOOP": "trio"})


def test_the_invite_url_asks_for_the_permissions_the_bot_uses() -> None:
    """View Channel, Send Messages, Send Messages in Threads, Embed Links (issue 46: also)
    Attach Files for the showdown picture and Create Public Threads for tournaments."""
    url = invite_url(42)
    assert "scope=bot+applications.commands" in url
    assert "permissions=309237697536" in url  # README's: tests/test_permissions.py


async def test_commands_are_synced_only_when_changed_or_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    point_discord_at(monkeypatch, fake)
    database = tmp_path / "salon.sqlite3"

    def puts() -> int:
        return sum(1 for r in fake.rest_requests if r.method == "PUT")

    try:
        async with running_bot(fake, database):
            assert puts() == 1
        async with running_bot(fake, database):
            pass
        assert puts() == 1  # same commands: no write to Discord
        async with running_bot(fake, database, guild_id=None):
            pass
        assert puts() == 2  # another scope (global) is synced once
        settings = Settings(token=TOKEN, database=database, guild_id=None, log_level="INFO")
        await sync_only(settings, fake.guild_id)  # python -m bot sync --guild ID
        assert puts() == 3
        assert fake.rest_requests[-1].route.endswith(f"/guilds/{fake.guild_id}/commands")
    finally:
        await fake.close()


async def reopen(bot: Any, database: Path, *, read_only: bool) -> None:
    """Open the bot's SQLite file again, read-only as a file or a volume the bot may not
    write is (chmod does nothing as root: SQLite is asked for a read-only file instead)."""
    await bot.db.close()
    if not read_only:
        await bot.db.connect()
        return
    conn = await inline.connect(f"file:{database}?mode=ro", uri=True, isolation_level=None)
    conn.row_factory = sqlite3.Row
    bot.db._conn = conn


async def test_the_heartbeat_needs_a_live_gateway_and_a_writable_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    point_discord_at(monkeypatch, fake)
    database = tmp_path / "salon.sqlite3"
    try:
        async with running_bot(fake, database) as bot:
            assert await beat(bot)
            assert health(database)[0]
            # a read-only database: no heartbeat
            await reopen(bot, database, read_only=True)
            assert await bot.db.get_meta("nothing") is None  # it reads
            assert not await bot.db.writable()
            assert not await beat(bot)
            await reopen(bot, database, read_only=False)
            assert await beat(bot)
            await bot.db.close()  # the database is gone: no heartbeat
            assert not await beat(bot)
            await bot.db.connect()
        assert not await beat(bot)  # closed: no gateway
    finally:
        await fake.close()


def test_the_image_caches_dependencies_and_passes_signals() -> None:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    copies = [i for i, line in enumerate(lines) if line.startswith("COPY")]
    # dependencies (at the lock's versions) before any code
    assert lines[copies[0]] == "COPY pyproject.toml constraints.txt ./"
    assert any("pip install -r" in line for line in lines[copies[0] : copies[1]])
    assert 'CMD ["python", "-m", "bot"]' in lines  # exec form: the bot gets SIGTERM
    # the heartbeat, and the web pages' /healthz (docs/web.md)
    assert 'CMD ["python", "-m", "bot", "health", "--web"]' in lines
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert {".env", ".venv", ".git", "data", "tests"} <= set(ignored)
    compose = (ROOT / "compose.yaml").read_text()
    assert "salon-data:/data" in compose and "env_file: .env" in compose


def test_compose_runs_postgres_and_two_clusters_on_their_own_shards() -> None:
    """compose.cluster.yaml: one PostgreSQL service and two bots, each on half the shards of
    the same database (docs/scaling.md); compose.yaml stays the single SQLite bot."""
    compose = (ROOT / "compose.cluster.yaml").read_text()
    assert (
        "image: postgres:15" in compose
        and "image: postgres" not in (ROOT / "compose.yaml").read_text()
    )
    urls = re.findall(r"DATABASE_URL: (postgresql://\S+)", compose)
    assert len(urls) == 3 and len(set(urls)) == 1  # both clusters and the pages on one database
    assert 'command: ["python", "-m", "bot.web"]' in compose  # the pages apart, read only
    assert re.findall(r'SHARD_COUNT: "(\d+)"', compose) == ["2", "2"]
    assert sorted(re.findall(r'SHARD_IDS: "([\d,]+)"', compose)) == ["0", "1"]
