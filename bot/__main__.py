"""``python -m bot`` (or the ``salon-bot`` script): start the Discord bot."""

from __future__ import annotations

import logging
import sys

from dotenv import load_dotenv

from bot.config import NO_TOKEN_HELP, Settings


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
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from bot.app import run

    run(settings)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
