"""Which event loop a process runs: uvloop where it is installed, else asyncio's own.

uvloop (libuv under asyncio's interface) runs the loop itself, its timers, futures' callbacks
and sockets in C: a round trip to PostgreSQL, or any wakeup, costs the bot less CPU
(docs/scaling.md, "What made PostgreSQL faster"). The bot (``python -m bot``) and the load
command's workers start their loop here. ``EVENT_LOOP`` chooses: ``auto`` (the default:
uvloop if it can be imported), ``uvloop`` (it must be), ``asyncio``. uvloop is the ``fast``
extra (bot/extras.py): without it the bot runs on asyncio's loop.

>>> loop_of({"EVENT_LOOP": "asyncio"}), loop_of({"EVENT_LOOP": " UVloop "})
('asyncio', 'uvloop')
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine, Mapping
from typing import Any, Final, TypeVar

from bot import extras
from bot.extras import MissingExtra

T = TypeVar("T")

#: The choices of ``EVENT_LOOP``.
LOOPS: Final = ("auto", "uvloop", "asyncio")


class LoopError(ValueError):
    """``EVENT_LOOP`` names no loop, or uvloop is asked for and not installed."""


def loop_of(environ: Mapping[str, str] | None = None) -> str:
    """The loop ``EVENT_LOOP`` asks for (``auto`` resolved): ``uvloop`` or ``asyncio``."""
    word = (os.environ if environ is None else environ).get("EVENT_LOOP", "").strip().lower()
    word = word or "auto"
    if word not in LOOPS:
        raise LoopError(
            f"EVENT_LOOP must be auto, uvloop or asyncio, not {word[:20]!r}; fix it in .env or "
            "the environment."
        )
    installed = extras.installed("uvloop")
    if word == "uvloop" and not installed:
        raise LoopError(str(MissingExtra("uvloop", "EVENT_LOOP=uvloop")))
    if word == "auto":
        return "uvloop" if installed else "asyncio"
    return word


def run(main: Coroutine[Any, Any, T], loop: str | None = None) -> T:
    """``asyncio.run(main)`` on the loop ``loop`` names (default: :func:`loop_of`)."""
    if (loop or loop_of()) == "uvloop":
        import uvloop

        return uvloop.run(main)
    return asyncio.run(main)
