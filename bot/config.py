"""Settings read from the environment, and from a ``.env`` file in the current directory.

Precedence, for each key: a variable set in the environment wins over the same key in
``.env`` (``.env`` only fills what the environment leaves unset). In the Docker image,
``SALON_DATA_DIR=/data`` is set and the database is ``/data/salon.sqlite3`` whatever
``DATABASE_PATH`` says, so a ``.env`` made for a local run cannot move it off the volume.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.runtime.shards import ShardSet

DEFAULT_DATABASE = "data/salon.sqlite3"
DATABASE_NAME = "salon.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")

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
        return cls(
            token=values.get("DISCORD_TOKEN", "").strip() or None,
            database=database,
            guild_id=int(guild) if guild else None,
            log_level=level,
            discord_http_debug=values.get("DISCORD_HTTP_DEBUG", "").strip().lower() in TRUE_WORDS,
            database_overridden=overridden,
            card_emojis=values.get("CARD_EMOJIS", "").strip().lower() not in FALSE_WORDS,
            shards=shards,
        )
