"""The real ``python -m bot`` in a subprocess against the fake Discord: clean shutdown on
SIGTERM/SIGINT, a hand resumed with fresh time, one command sync for two starts, and
start-up failures explained in one sentence."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.games.replay import replay_json
from tests.discord_contract import discord_contract  # noqa: F401  (the fixture)
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.usefixtures("discord_contract")

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = ROOT / "tests" / "bot_against_fake.py"
TOKEN = "fake-token"
ALICE, BOB = 1_300_000_000_000_000_011, 1_300_000_000_000_000_012
STEP = 15.0


class BotProcess:
    """One ``python -m bot`` process; its stderr is collected line by line."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.proc.stderr is not None
        async for raw in self.proc.stderr:
            self.lines.append(raw.decode(errors="replace").rstrip())

    @property
    def log(self) -> str:
        return "\n".join(self.lines)

    async def wait_for_line(self, text: str) -> None:
        async with asyncio.timeout(STEP):
            while not any(text in line for line in self.lines):
                if self.proc.returncode is not None:
                    pytest.fail(f"the bot exited ({self.proc.returncode}):\n{self.log}")
                await asyncio.sleep(0.05)

    async def stop(self, sig: int) -> int:
        """Signal the bot and wait for it to exit: a clean stop waits for no table (no
        "still busy" line); ``STEP`` only guards against a hang, whatever the machine's
        speed."""
        self.proc.send_signal(sig)
        async with asyncio.timeout(STEP):
            code = await self.proc.wait()
            await self.reader
        assert "still busy at shutdown" not in self.log, self.log
        return code


def free_port() -> int:
    """A port nothing listens on now (the web pages of the bot under test take it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def bot_env(fake: FakeDiscord, database: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE"))}
    env.update(
        DISCORD_TOKEN=TOKEN,
        DATABASE_PATH=str(database),
        GUILD_ID=str(fake.guild_id),
        LOG_LEVEL="INFO",
        PYTHONPATH=str(ROOT),
        WEB_PORT=str(free_port()),
    )
    env.update(extra)
    return env


@contextlib.asynccontextmanager
async def bot_process(
    fake: FakeDiscord, database: Path, *args: str, cwd: Path | None = None, **extra: str
) -> AsyncIterator[BotProcess]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(LAUNCHER),
        fake.api_base,
        fake.gateway_url,
        *args,
        env=bot_env(fake, database, **extra),
        cwd=cwd or ROOT,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    bot = BotProcess(proc)
    try:
        yield bot
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(bot.reader, STEP)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(token=TOKEN)
    await server.start()
    yield server
    await server.close()


async def answer(fake: FakeDiscord, name: str, options: list[Any], user: int) -> dict[str, Any]:
    sent = await fake.dispatch_interaction(name, options, user=fake.user(user))
    await fake.wait_until(
        lambda: any(r.interaction_id == sent["id"] for r in fake.interaction_responses), STEP
    )
    reply = next(r for r in fake.interaction_responses if r.interaction_id == sent["id"])
    return reply.data


def table(sub: str, **values: Any) -> list[Any]:
    inner = [{"name": k, "type": 3, "value": v} for k, v in values.items()]
    return [{"name": sub, "type": 1, "options": inner}]


def hand_row(database: Path) -> tuple[int, int, float | None, dict[str, Any]]:
    """(hand id, actions, turn deadline, pending summary) of the hand in progress."""
    with contextlib.closing(sqlite3.connect(database)) as conn:
        hand_id, raw, deadline = conn.execute(
            "SELECT id, record, turn_deadline FROM hands WHERE status = 'in_progress'"
        ).fetchone()
    record = json.loads(raw)
    return hand_id, len(record["actions"]), deadline, replay_json(record)


async def play_one(fake: FakeDiscord, database: Path) -> int:
    """The player to act plays his first legal move through /act; the new action count."""
    _, before, _, pending = hand_row(database)
    legal = pending["legal"][0]
    options = [{"name": "verb", "type": 3, "value": legal["verb"]}]
    amount = legal.get("min", legal.get("amount"))
    if amount is not None:
        options.append({"name": "amount", "type": 3, "value": str(amount)})
    data = await answer(fake, "act", options, int(pending["to_act"]))
    assert data["content"].startswith("Played"), data
    return before + 1


async def test_sigterm_closes_cleanly_and_the_hand_resumes_with_fresh_time(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    database = tmp_path / "salon.sqlite3"
    port = free_port()
    async with bot_process(fake, database, WEB_PORT=str(port)) as bot:
        await bot.wait_for_line("invite the bot with: https://discord.com/oauth2/authorize")
        # the web pages, in the bot's process, on by default (docs/web.md)
        await bot.wait_for_line(f"the web pages are served on http://127.0.0.1:{port}")
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{port}/healthz") as health,
            session.get(f"http://127.0.0.1:{port}/g/{fake.guild_id}/") as home,
        ):
            assert (health.status, home.status) == (200, 404)  # nothing of that server yet
        await answer(
            fake, "table", table("create", game="brelan", options="turn_timeout=600"), ALICE
        )
        for user in (ALICE, BOB):
            await answer(fake, "table", table("join"), user)
        await answer(fake, "table", table("start"), ALICE)
        played = await play_one(fake, database)
        hand_id, actions, deadline, _ = hand_row(database)
        assert actions == played and deadline is not None

        assert await bot.stop(signal.SIGTERM) == 0
    assert "stopped" in bot.log and "Traceback" not in bot.log
    assert not Path(f"{database}-wal").exists()

    await asyncio.sleep(1.1)  # the fresh deadline is measurably later
    async with bot_process(fake, database) as again:
        await again.wait_for_line("resumed 1 open table(s)")
        await again.wait_for_line("logged in as")
        same, count, fresh, _ = hand_row(database)
        assert (same, count) == (hand_id, actions)
        assert fresh is not None and fresh > deadline + 1
        assert await play_one(fake, database) == actions + 1
        assert await again.stop(signal.SIGINT) == 0
    assert not Path(f"{database}-wal").exists()
    # two starts, one command sync: the second start found the same commands in the database
    puts = [r for r in fake.rest_requests if r.method == "PUT" and r.route.endswith("/commands")]
    assert len(puts) == 1
    assert "slash commands unchanged since the last sync" in again.log


async def test_a_taken_web_port_is_one_sentence(fake: FakeDiscord, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with bot_process(fake, tmp_path / "db.sqlite3", WEB_PORT=str(port)) as bot:
            code = await asyncio.wait_for(bot.proc.wait(), STEP)
            await bot.reader
    assert code != 0 and "Traceback" not in bot.log
    assert bot.lines[-1].startswith(f"Could not serve the web pages on 127.0.0.1:{port} (")
    assert bot.lines[-1].endswith(
        "set WEB_PORT to a free port (or WEB_PORT=off to serve none), then start again."
    )


async def test_a_refused_token_is_one_sentence(fake: FakeDiscord, tmp_path: Path) -> None:
    async with bot_process(fake, tmp_path / "db.sqlite3", DISCORD_TOKEN="wrong") as bot:
        code = await asyncio.wait_for(bot.proc.wait(), STEP)
        await bot.reader
    assert code != 0
    assert "Traceback" not in bot.log and " ERROR " not in bot.log
    assert bot.lines[-1:] == [
        "Discord refused the token (401 Unauthorized): set DISCORD_TOKEN in .env to the token "
        "from the Bot tab of https://discord.com/developers/applications (Reset Token if "
        "unsure), then start again."
    ]


async def test_an_unreachable_discord_is_one_sentence(fake: FakeDiscord, tmp_path: Path) -> None:
    await fake.close()  # nothing listens on that port any more: connection refused
    async with bot_process(fake, tmp_path / "db.sqlite3") as bot:
        code = await asyncio.wait_for(bot.proc.wait(), STEP)
        await bot.reader
    assert code != 0
    assert "Traceback" not in bot.log and " ERROR " not in bot.log
    assert bot.lines[-1].startswith("Could not reach Discord (")
    assert "check this machine's internet connection" in bot.lines[-1]


async def test_tracebacks_only_at_debug(fake: FakeDiscord, tmp_path: Path) -> None:
    await fake.close()
    async with bot_process(fake, tmp_path / "db.sqlite3", LOG_LEVEL="DEBUG") as bot:
        assert await asyncio.wait_for(bot.proc.wait(), STEP) != 0
        await bot.reader
    assert "Traceback" in bot.log
    assert bot.lines[-1].startswith("Could not reach Discord (")
