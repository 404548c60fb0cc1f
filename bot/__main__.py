"""``python -m bot`` (or the ``salon-bot`` script): start the Discord bot."""

from __future__ import annotations

import sys

from dotenv import load_dotenv

from bot.config import NO_TOKEN_HELP, Settings
from bot.logs import configure_logging


def main() -> int:
    load_dotenv()
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if settings.token is None:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return 1
    configure_logging(settings.log_level, discord_debug=settings.discord_http_debug)
    from bot.app import run

    run(settings)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
