"""``python -m bot.web --database URL [--port N] [--host H]``: the web pages without Discord.

Serves the same pages as the bot's own process from a database, read only (a separate web
process beside a cluster of bots, or development): the open tables come from storage
(without their last moves). WEB_PUBLIC_URL and WEB_RATE_LIMIT are read from the environment
and ``.env`` as by the bot; ``--host`` and ``--port`` default to WEB_HOST and WEB_PORT.
Stops on SIGINT or SIGTERM.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.config import DEFAULT_WEB_PORT, ConfigError, Settings, load_settings
from bot.extras import database_or_exit
from bot.games.cli import Parser, whole
from bot.storage.readonly import open_reader
from bot.web.app import WebUnavailable, bound_port, serving
from bot.web.limits import RequestLimit
from bot.web.site import Site
from bot.web.tables import StoredTables

log = logging.getLogger("bot.web")


def parser() -> Parser:
    parser = Parser(
        prog="python -m bot.web",
        description="Serve the salon's web pages from a database, read only, without Discord.",
    )
    parser.add_argument(
        "--database",
        help="a path, sqlite:///… or postgresql://… (default: the bot's, from the environment)",
    )
    parser.add_argument("--host", help="the address to listen on (default: WEB_HOST, 127.0.0.1)")
    parser.add_argument(
        "--port",
        type=whole(0, 65535),
        help=f"the port (default: WEB_PORT, {DEFAULT_WEB_PORT}; 0: any)",
    )
    return parser


async def serve(settings: Settings, database: str, host: str, port: int) -> None:
    """Serve the pages until SIGINT or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    reader = await open_reader(database)
    try:
        site = Site(
            reader,
            StoredTables(reader),
            public_url=settings.web_public_url,
            limit=RequestLimit(settings.web_rate_limit) if settings.web_rate_limit else None,
            trusted_proxies=settings.web_trusted_proxies,
        )
        async with serving(site, host, port) as runner:
            print(f"serving the web pages on http://{host}:{bound_port(runner)}", flush=True)
            await stop.wait()
    finally:
        await reader.close()


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(levelname)s %(name)s: %(message)s")
    database = args.database or str(settings.database_target)
    database_or_exit(database)
    host = args.host or settings.web_host
    port = args.port if args.port is not None else (settings.web_port or DEFAULT_WEB_PORT)
    try:
        asyncio.run(serve(settings, database, host, port))
    except KeyboardInterrupt:
        return 0
    except WebUnavailable as exc:
        print(exc, file=sys.stderr)
        return 1
    except Exception as exc:
        print(f"Could not serve the web pages ({type(exc).__name__}: {exc}).", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
