"""Settings read from the environment, and from a ``.env`` file in the current directory.

Precedence, for each key: a variable set in the environment wins over the same key in
``.env`` (``.env`` only fills what the environment leaves unset). In the Docker image,
``SALON_DATA_DIR=/data`` is set and the database is ``/data/salon.sqlite3`` whatever
``DATABASE_PATH`` says, so a ``.env`` made for a local run cannot move it off the volume.

``DATABASE_URL`` chooses the storage backend: ``postgresql://user:password@host/db`` is
PostgreSQL (several bot processes may share it: docs/scaling.md); ``sqlite:///path`` or a
plain path is SQLite, as ``DATABASE_PATH`` is.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.eventloop import LoopError, loop_of
from bot.extras import MissingExtra, installed
from bot.runtime.shards import ShardSet
from bot.storage.database import is_postgres_url, redact_url, sqlite_path
from bot.web.limits import LOOPBACK, Network, trusted_proxies

DEFAULT_DATABASE = "data/salon.sqlite3"
DATABASE_NAME = "salon.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")
#: MEMBER_EVENTS: ask Discord for the members intent (auto: fall back without it if refused).
MEMBER_EVENTS = ("auto", "on", "off")

NO_TOKEN_HELP = (
    "No DISCORD_TOKEN is set: create a file named .env in the folder you start the bot from "
    "(copy .env.example) with DISCORD_TOKEN=<the token from the Bot tab of "
    "https://discord.com/developers/applications>, or set it in the environment, then start "
    "again. To play without Discord meanwhile: python -m bot.play (in the terminal, against "
    "house players)."
)


class ConfigError(ValueError):
    """A setting the operator must fix; ``str()`` is one sentence saying how."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The bot's configuration; see ``.env.example`` for every key.

    The token never appears in ``repr()`` or ``str()`` (nor in any error message), so a
    logged or printed ``Settings`` cannot leak it.
    """

    token: str | None = field(repr=False)
    database: Path
    guild_id: int | None
    log_level: str
    #: DISCORD_HTTP_DEBUG: discord.py's DEBUG logs (every REST body, card DMs included).
    discord_http_debug: bool = False
    #: DATABASE_PATH was set but SALON_DATA_DIR (Docker) overrode it.
    database_overridden: bool = False
    #: CARD_EMOJIS (on unless "off"): draw and upload the 52 card emojis, write cards with them.
    card_emojis: bool = False
    #: SHARD_COUNT and SHARD_IDS: the Discord shards (and so the tables) this process runs.
    shards: ShardSet = field(default_factory=ShardSet)
    #: DATABASE_URL when it names PostgreSQL (its password is never shown); None: SQLite at
    #: ``database``.
    database_url: str | None = field(default=None, repr=False)
    #: MEMBER_EVENTS: "auto" asks for the privileged members intent (a member leaving the
    #: server leaves his tables at once) and starts without it if Discord refuses; "on"
    #: makes the refusal a start-up error; "off" never asks.
    member_events: str = "auto"
    #: WEB_HOST and WEB_PORT: where the web pages listen (docs/web.md); ``web_port`` None:
    #: not served by this process (WEB_PORT=off, and every Settings a test builds).
    web_host: str = "127.0.0.1"
    web_port: int | None = None
    #: WEB_PUBLIC_URL: the pages' address as players reach it (a proxy in front), for the
    #: links the bot posts; None: the bot posts none.
    web_public_url: str | None = None
    #: WEB_RATE_LIMIT: requests a minute one address may make (0: no limit).
    web_rate_limit: int = 120
    #: WEB_TRUSTED_PROXIES: the proxies whose X-Forwarded-For names the visitor (loopback).
    web_trusted_proxies: tuple[Network, ...] = LOOPBACK
    #: EVENT_LOOP: the loop the bot runs on, ``uvloop`` or ``asyncio`` (bot/eventloop.py).
    event_loop: str = "asyncio"

    @property
    def web(self) -> bool:
        """Whether the web pages exist for this bot (served here, or beside it at the public
        address): members' names and avatars are then stored as they play."""
        return self.web_port is not None or self.web_public_url is not None

    @property
    def postgres(self) -> bool:
        """Whether the bot stores on PostgreSQL (else the SQLite file ``database``)."""
        return self.database_url is not None

    @property
    def database_target(self) -> str | Path:
        """What :class:`~bot.storage.Database` opens: the PostgreSQL URL or the SQLite file."""
        return self.database_url if self.database_url is not None else self.database

    @property
    def database_label(self) -> str:
        """Where the data is, for messages (a URL without its password)."""
        if self.database_url is not None:
            return redact_url(self.database_url)
        return str(self.database)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read the settings; raises :class:`ConfigError` with one sentence."""
        values = dict(os.environ if env is None else env)
        guild = values.get("GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(
                "GUILD_ID must be a server id (a number: right-click the server with "
                "Developer Mode on, Copy Server ID) or empty; fix it in .env or the environment."
            )
        level = (values.get("LOG_LEVEL", "").strip() or "INFO").upper()
        if level not in LOG_LEVELS:
            raise ConfigError(
                f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level[:20]!r}; "
                "fix it in .env or the environment."
            )
        database = Path(values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE)
        url = values.get("DATABASE_URL", "").strip()
        database_url: str | None = None
        if is_postgres_url(url):
            if not installed("asyncpg"):
                raise ConfigError(str(MissingExtra("asyncpg", "DATABASE_URL=postgresql://…")))
            database_url = url
        elif url:
            if "://" in url and not url.lower().startswith("sqlite://"):
                raise ConfigError(
                    "DATABASE_URL must be postgresql://user:password@host/database, "
                    "sqlite:///path/to/file or a file path, not "
                    f"{redact_url(url).split('://')[0]!r}://...; fix it in .env or the environment."
                )
            try:
                database = Path(sqlite_path(url))
            except ValueError as exc:
                raise ConfigError(f"{exc}; fix DATABASE_URL in .env or the environment.") from exc
        data_dir = values.get("SALON_DATA_DIR", "").strip()
        overridden = False
        if data_dir:
            forced = Path(data_dir) / DATABASE_NAME
            overridden = bool(values.get("DATABASE_PATH", "").strip()) and database != forced
            database = forced
        try:
            shards = ShardSet.parse(values.get("SHARD_COUNT"), values.get("SHARD_IDS"))
        except ValueError as exc:
            raise ConfigError(
                "SHARD_COUNT must be a whole number of shards (1 or more) and SHARD_IDS the "
                f"shards this process runs, like 0,1 ({exc}); fix it in .env or the environment."
            ) from exc
        member_events = member_events_of(values.get("MEMBER_EVENTS", ""))
        web = web_settings_of(values)
        try:
            event_loop = loop_of(values)
        except LoopError as exc:
            raise ConfigError(str(exc)) from exc
        return cls(
            token=values.get("DISCORD_TOKEN", "").strip() or None,
            database=database,
            guild_id=int(guild) if guild else None,
            log_level=level,
            discord_http_debug=values.get("DISCORD_HTTP_DEBUG", "").strip().lower() in TRUE_WORDS,
            database_overridden=overridden,
            card_emojis=values.get("CARD_EMOJIS", "").strip().lower() not in FALSE_WORDS,
            shards=shards,
            database_url=database_url,
            member_events=member_events,
            **web,
            event_loop=event_loop,
        )


def load_settings(folder: Path | None = None) -> Settings:
    """The settings of a command: the environment, and ``.env`` in ``folder`` (the current
    one) for what the environment leaves unset; :class:`ConfigError` with one sentence."""
    from dotenv import load_dotenv

    load_dotenv((Path.cwd() if folder is None else folder) / ".env", override=False)
    return Settings.from_env()


def member_events_of(value: str) -> str:
    """MEMBER_EVENTS as ``auto``, ``on`` or ``off`` (also 1/true/yes and 0/false/no).

    >>> member_events_of(""), member_events_of("ON"), member_events_of("no")
    ('auto', 'on', 'off')
    """
    word = value.strip().lower() or "auto"
    if word in TRUE_WORDS:
        return "on"
    if word in FALSE_WORDS:
        return "off"
    if word not in MEMBER_EVENTS:
        raise ConfigError(
            "MEMBER_EVENTS must be auto (ask for the Server Members Intent, go on without it "
            f"if Discord refuses), on or off, not {word[:20]!r}; fix it in .env or the "
            "environment."
        )
    return word


#: The port the web pages listen on unless WEB_PORT says otherwise.
DEFAULT_WEB_PORT = 8080


def web_settings_of(values: Mapping[str, str]) -> dict[str, Any]:
    """WEB_HOST, WEB_PORT (``off`` turns the pages off), WEB_PUBLIC_URL, WEB_RATE_LIMIT,
    WEB_TRUSTED_PROXIES.

    >>> web_settings_of({})["web_port"], web_settings_of({"WEB_PORT": "off"})["web_port"]
    (8080, None)
    >>> web_settings_of({"WEB_PUBLIC_URL": "https://salon.example/"})["web_public_url"]
    'https://salon.example'
    """
    port_text = values.get("WEB_PORT", "").strip().lower()
    port: int | None
    if port_text in FALSE_WORDS:
        port = None
    elif not port_text:
        port = DEFAULT_WEB_PORT
    elif port_text.isdigit() and 0 < int(port_text) < 65536:
        port = int(port_text)
    else:
        raise ConfigError(
            f"WEB_PORT must be a port number (1 to 65535) or off, not {port_text[:20]!r}; fix "
            "it in .env or the environment."
        )
    url = values.get("WEB_PUBLIC_URL", "").strip().rstrip("/") or None
    if url is not None and not url.lower().startswith(("https://", "http://")):
        raise ConfigError(
            "WEB_PUBLIC_URL must be the pages' address as players reach it, like "
            "https://salon.example.org; fix it in .env or the environment."
        )
    limit = values.get("WEB_RATE_LIMIT", "").strip()
    if limit and not limit.isdigit():
        raise ConfigError(
            "WEB_RATE_LIMIT must be a whole number of requests a minute per address (0: no "
            "limit); fix it in .env or the environment."
        )
    try:
        proxies = trusted_proxies(values.get("WEB_TRUSTED_PROXIES", ""))
    except ValueError as exc:
        raise ConfigError(
            f"WEB_TRUSTED_PROXIES must list the addresses or networks of the proxies in front "
            f"of the pages (like 172.18.0.0/16), separated by commas: {exc}; fix it in .env "
            "or the environment."
        ) from None
    return {
        "web_host": values.get("WEB_HOST", "").strip() or "127.0.0.1",
        "web_port": port,
        "web_public_url": url,
        "web_rate_limit": int(limit) if limit else 120,
        "web_trusted_proxies": proxies,
    }
