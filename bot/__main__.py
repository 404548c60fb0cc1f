"""``python -m bot`` (or the ``salon-bot`` script): start the Discord bot.

``salon-bot`` runs the bot; ``salon-bot sync [--guild ID]`` syncs the slash commands and
stops; ``salon-bot health`` checks the heartbeat of a running bot (``--web``: and that its
web pages answer ``/healthz``; the Docker HEALTHCHECK).
Every error an operator can meet is one sentence on stderr and a non-zero exit status
(tracebacks only with LOG_LEVEL=DEBUG).
"""

from __future__ import annotations

import asyncio
import logging
import sys
from importlib import metadata

from bot.config import NO_TOKEN_HELP, ConfigError, Settings, load_settings
from bot.games.cli import Parser, whole
from bot.logs import configure_logging

log = logging.getLogger("bot.main")

#: Exit statuses.
OK, FAILED, BAD_CONFIG = 0, 1, 2


def version() -> str:
    try:
        return metadata.version("salon-cards-bot")
    except metadata.PackageNotFoundError:
        return "unknown"


def parser() -> Parser:
    parser = Parser(
        prog="salon-bot",
        description=(
            "The Salon cards Discord bot (Brelan, Bouillotte, Brag). Settings come from the "
            "environment and from a .env file in the current directory (the environment wins)."
        ),
    )
    parser.add_argument("--version", action="version", version=f"salon-bot {version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("run", help="start the bot (the default)")
    sync = commands.add_parser("sync", help="sync the slash commands to Discord now, then stop")
    sync.add_argument("--guild", type=whole(1), metavar="ID", help="to this server only")
    health = commands.add_parser("health", help="exit 0 if the running bot's heartbeat is fresh")
    health.add_argument(
        "--web",
        action="store_true",
        help="and its web pages answer /healthz (unless WEB_PORT=off)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return BAD_CONFIG
    if args.command == "health":
        from bot.ops import health, web_health

        healthy, sentence = health(settings.database)
        if healthy and args.web and settings.web_port is not None:
            healthy, sentence = web_health(settings.web_host, settings.web_port)
        print(sentence)
        return OK if healthy else FAILED
    if settings.token is None:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return FAILED
    configure_logging(settings.log_level, discord_debug=settings.discord_http_debug)
    if settings.database_overridden:
        log.warning(
            "DATABASE_PATH is ignored: SALON_DATA_DIR puts the database in %s", settings.database
        )
    return start(settings, args.command or "run", getattr(args, "guild", None))


def start(settings: Settings, command: str, guild: int | None) -> int:
    """Run the bot (or the sync); explain a failure in one sentence."""
    from bot.app import run, sync_only
    from bot.ops import AlreadyRunning, explain, hold_database

    if command != "sync" and not settings.postgres:
        try:
            lock = hold_database(settings.database)  # noqa: F841 (held until the process ends)
        except AlreadyRunning:
            print(
                f"Another bot process is already running on {settings.database}: stop it "
                "first (two processes on one database would play the same tables twice).",
                file=sys.stderr,
            )
            return FAILED
    try:
        if command == "sync":
            asyncio.run(sync_only(settings, guild))
        else:
            run(settings)
    except KeyboardInterrupt:  # before the signal handlers were installed
        return OK
    except Exception as exc:
        sentence = explain(exc, settings)
        if sentence is None:
            sentence = (
                f"The bot stopped on an unexpected error ({type(exc).__name__}: {exc}); "
                "start it with LOG_LEVEL=DEBUG to see the details."
            )
        log.debug("what stopped the bot", exc_info=exc)
        print(sentence, file=sys.stderr)
        return FAILED
    return OK


if __name__ == "__main__":
    raise SystemExit(main())
