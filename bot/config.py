"""Settings read from the environment (and ``.env`` through python-dotenv)."""

from __future__ import annotations

import os
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Settings:
    """The bot's configuration; see ``.env.example`` for every key."""

    token: str | None
    database: Path
    guild_id: int | None
    log_level: str

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        values = dict(os.environ if env is None else env)
        guild = values.get("GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ValueError("GUILD_ID must be a server id: a number (or leave it empty)")
        return cls(
            token=values.get("DISCORD_TOKEN", "").strip() or None,
            database=Path(values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE),
            guild_id=int(guild) if guild else None,
            log_level=(values.get("LOG_LEVEL", "").strip() or "INFO").upper(),
        )
