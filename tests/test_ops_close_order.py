"""The bot's lifecycles: what ``setup_hook`` (and ``on_ready``) opens, ``close()`` closes in
the reverse order, once (two closes at once, a close after it), even when the setup failed
halfway; a database handed in stays its opener's. Stub resources stand in for the database,
the presenter and the table manager: no Discord, no storage."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import bot.app
from bot.app import SalonBot
from bot.config import Settings


class Resources:
    """Stubs of what the bot opens, each saying when it opens and closes."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.fail_manager = False
        resources = self

        class Db:
            dialect = "sqlite"

            @classmethod
            async def open(cls, target: Any, clock: Any = None) -> Db:
                resources.events.append("open database")
                return cls()

            async def checkpoint(self) -> None:
                resources.events.append("checkpoint database")

            async def close(self) -> None:
                resources.events.append("close database")

        class Presenter:
            def __init__(self, bot: SalonBot, **options: Any) -> None:
                resources.events.append("open presenter")

            async def aclose(self, grace: float) -> None:
                assert grace == bot.app.SHUTDOWN_GRACE
                resources.events.append("close presenter")

        class Manager:
            def __init__(self, db: Db, presenter: Presenter, **options: Any) -> None:
                if resources.fail_manager:
                    raise RuntimeError("the manager could not start")
                resources.events.append("open manager")

            async def resume(self, *, fresh_turns: bool) -> list[int]:
                return []

            def keep_leases(self) -> None:
                pass

            async def aclose(self, grace: float) -> None:
                resources.events.append("close manager")

        class TournamentMessages:  # closed with the table messages, in their step
            def __init__(self, *args: Any) -> None:
                pass

            async def aclose(self, grace: float) -> None:
                pass

        self.Db, self.Presenter, self.Manager = Db, Presenter, Manager
        self.TournamentMessages = TournamentMessages

    def loop(self, name: str) -> Any:
        async def forever(_bot: SalonBot) -> None:
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                self.events.append(f"stop {name}")
                raise

        return forever


@pytest.fixture
def resources(monkeypatch: pytest.MonkeyPatch) -> Resources:
    stubs = Resources()
    monkeypatch.setattr(bot.app, "Database", stubs.Db)
    monkeypatch.setattr(bot.app, "DiscordPresenter", stubs.Presenter)
    monkeypatch.setattr(bot.app, "TableManager", stubs.Manager)
    monkeypatch.setattr(bot.app, "DiscordTournamentPresenter", stubs.TournamentMessages)
    monkeypatch.setattr(bot.app, "heartbeat_loop", stubs.loop("heartbeat"))
    monkeypatch.setattr(bot.app, "retention_loop", stubs.loop("retention"))

    async def no_sync(*args: Any, **kwargs: Any) -> None:
        pass

    monkeypatch.setattr(bot.app, "sync_commands", no_sync)
    return stubs


async def make_bot(tmp_path: Path, resources: Resources, **options: Any) -> SalonBot:
    """A bot as ``async with bot:`` makes it (its loop set up), before ``login`` would call
    ``setup_hook``; its Discord connection says when it closes."""
    settings = Settings(
        token=None, database=tmp_path / "salon.sqlite3", guild_id=None, log_level="INFO"
    )
    salon = SalonBot(settings, extensions=(), **options)
    await salon._async_setup_hook()
    original = salon._close_client

    async def close_client() -> None:
        resources.events.append("close client")
        await original()

    salon._close_client = close_client  # type: ignore[method-assign]
    return salon


async def test_close_undoes_the_setup_in_reverse_order_once(
    tmp_path: Path, resources: Resources
) -> None:
    salon = await make_bot(tmp_path, resources)
    await salon.setup_hook()
    salon.heartbeat = True
    await salon.on_ready()  # the heartbeat and the archiving start once ready
    await asyncio.sleep(0)
    assert resources.events == ["open database", "open presenter", "open manager"]

    await asyncio.gather(salon.close(), salon.close())  # a signal and ``async with`` at once
    await salon.close()
    assert salon.stopping and salon.is_closed()
    assert resources.events[3:] == [
        "stop retention",
        "stop heartbeat",
        "close manager",
        "close presenter",  # the last table updates, while HTTP and the database are open
        "close client",
        "checkpoint database",
        "close database",
    ]


async def test_a_setup_failed_halfway_closes_what_it_opened(
    tmp_path: Path, resources: Resources
) -> None:
    resources.fail_manager = True
    salon = await make_bot(tmp_path, resources)
    with pytest.raises(RuntimeError, match="could not start"):
        await salon.setup_hook()
    await salon.close()
    await salon.close()
    assert resources.events == [
        "open database",
        "open presenter",
        "close presenter",
        "close client",
        "checkpoint database",
        "close database",
    ]


async def test_a_database_handed_in_is_left_to_its_opener(
    tmp_path: Path, resources: Resources
) -> None:
    database: Any = resources.Db()
    salon = await make_bot(tmp_path, resources, database=database)
    await salon.setup_hook()
    assert salon.db is database
    await salon.close()
    assert resources.events == [
        "open presenter",
        "open manager",
        "close manager",
        "close presenter",
        "close client",
    ]


async def test_the_web_pages_open_after_the_manager_and_close_before_it(
    tmp_path: Path, resources: Resources, monkeypatch: pytest.MonkeyPatch
) -> None:
    @contextlib.asynccontextmanager
    async def serving(site: Any, host: str, port: int) -> AsyncIterator[None]:
        resources.events.append(f"serve pages on {host}:{port}")
        yield
        resources.events.append("stop pages")

    class Reader:
        async def close(self) -> None:
            resources.events.append("close the pages' reader")

    async def open_reader(target: Any) -> Reader:
        assert target == "salon.sqlite3"  # the bot's own database, read only
        resources.events.append("open the pages' reader")
        return Reader()

    monkeypatch.setattr(bot.app, "serving", serving)
    monkeypatch.setattr(bot.app, "open_reader", open_reader)
    monkeypatch.setattr(resources.Db, "path", "salon.sqlite3", raising=False)
    monkeypatch.setattr(resources.Presenter, "latest", {}, raising=False)
    monkeypatch.setattr(resources.Presenter, "logs", {}, raising=False)
    settings = Settings(
        token=None,
        database=tmp_path / "salon.sqlite3",
        guild_id=None,
        log_level="INFO",
        web_port=8123,
    )
    salon = SalonBot(settings, extensions=())
    await salon._async_setup_hook()
    await salon.setup_hook()
    await salon.close()
    assert resources.events[:5] == [
        "open database",
        "open presenter",
        "open manager",
        "open the pages' reader",
        "serve pages on 127.0.0.1:8123",
    ]
    assert resources.events[5:8] == ["stop pages", "close the pages' reader", "close manager"]
