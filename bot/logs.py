"""Logging set-up: ``LOG_LEVEL`` for the bot's own loggers, never request bodies by default.

discord.py logs every REST request body and gateway payload at DEBUG (``discord.http``,
``discord.gateway``, ``discord.webhook``): the private card messages included. Those loggers,
and every other library's, stay at INFO or above whatever ``LOG_LEVEL`` says, unless the
operator sets ``DISCORD_HTTP_DEBUG=1`` (see docs/security.md).
"""

from __future__ import annotations

import logging
from typing import TextIO

#: The bot's own loggers, which follow LOG_LEVEL.
OWN_LOGGERS = ("bot", "cogs", "__main__")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure_logging(
    level: str | int, *, discord_debug: bool = False, stream: TextIO | None = None
) -> None:
    """One handler on the root logger; the bot's loggers at ``level``, libraries at
    ``max(level, INFO)`` (discord.py at ``level`` only with ``discord_debug``)."""
    numeric = logging.getLevelName(level) if isinstance(level, str) else level
    if not isinstance(numeric, int):
        raise ValueError(f"unknown log level {level!r}")
    floor = max(numeric, logging.INFO)
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "salon", False):
            root.removeHandler(handler)
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.salon = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(floor)
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(numeric)
    logging.getLogger("discord").setLevel(numeric if discord_debug else floor)
