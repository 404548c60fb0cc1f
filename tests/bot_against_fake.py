"""Run ``python -m bot`` (``bot.__main__.main``) against a fake Discord, for subprocess tests.

Usage: ``python tests/bot_against_fake.py API_BASE GATEWAY_URL [bot arguments...]``. Only
discord.py's two addresses change (and the guild-ready wait is shortened); everything else
is the real entry point, settings from the environment and ``.env``, signals included.
"""

from __future__ import annotations

import sys
from typing import Any

import discord.gateway
import discord.http
import yarl


def main() -> int:
    api, gateway, *args = sys.argv[1:]
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)

    from bot.app import SalonBot

    original = SalonBot.__init__

    def quick_ready(self: SalonBot, *a: Any, **kw: Any) -> None:
        original(self, *a, **kw)
        self._connection.guild_ready_timeout = 0.05

    SalonBot.__init__ = quick_ready  # type: ignore[method-assign]
    from bot.__main__ import main as bot_main

    return bot_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
