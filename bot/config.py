"""Settings read from the environment (and ``.env`` through python-dotenv)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE = "data/salon.sqlite3"

NO_TOKEN_HELP = """\
No DISCORD_TOKEN is set, so the bot cannot log in to Discord.

To run the bot:
  1. Create an application and a bot at https://discord.com/developers/applications
     (Bot tab: "Reset Token", copy it; enable nothing privileged, the bot needs no intents
     beyond the defaults).
  2. Put the token in a file named .env next to pyproject.toml:
         cp .env.example .env
     then edit .env and set  DISCORD_TOKEN=your-token
  3. Invite the bot with the "bot" and "applications.commands" scopes, then run again:
         .venv/bin/python -m bot

To try the rules without Discord, replay a hand:
         .venv/bin/python -m bot.games.replay scenarios/bouillotte-sans-plus.json
"""


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
TRUE_WORDS = ("1", "true", "yes", "on")


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

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        values = dict(os.environ if env is None else env)
        guild = values.get("GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ValueError("GUILD_ID must be a server id: a number (or leave it empty)")
        level = (values.get("LOG_LEVEL", "").strip() or "INFO").upper()
        if level not in LOG_LEVELS:
            raise ValueError(
                f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)} (it is {level[:20]!r})"
            )
        return cls(
            token=values.get("DISCORD_TOKEN", "").strip() or None,
            database=Path(values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE),
            guild_id=int(guild) if guild else None,
            log_level=level,
            discord_http_debug=values.get("DISCORD_HTTP_DEBUG", "").strip().lower() in TRUE_WORDS,
        )
