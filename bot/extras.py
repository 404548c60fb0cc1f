"""The optional dependencies (pyproject.toml's extras): what each is for, and the one sentence
an operator reads when the one a setting asks for is not installed.

- ``postgres``: asyncpg, PostgreSQL's driver, for ``DATABASE_URL=postgresql://…``;
- ``fast``: uvloop, the event loop in C (``EVENT_LOOP``, bot/eventloop.py); without it the
  bot runs on asyncio's own loop.

The default (SQLite, asyncio's loop) needs neither. The Docker image installs both, and so
does the ``dev`` extra (the tests cover PostgreSQL). Nothing here imports them: a module that
needs one imports it where it is used, after :func:`require`.

>>> EXTRAS["asyncpg"], EXTRAS["uvloop"]
('postgres', 'fast')
>>> print(MissingExtra("uvloop", "EVENT_LOOP=uvloop"))  # doctest: +NORMALIZE_WHITESPACE
EVENT_LOOP=uvloop needs uvloop, which is not installed: in the bot's folder,
pip install -c constraints.txt -e '.[fast]', then start again.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import Final

#: Each optional module and the extra of pyproject.toml that installs it.
EXTRAS: Final = {"asyncpg": "postgres", "uvloop": "fast"}


class MissingExtra(RuntimeError):
    """A setting needs an optional module that is not installed; the message says which
    extra installs it."""

    def __init__(self, module: str, purpose: str) -> None:
        self.module = module
        self.extra = EXTRAS[module]
        super().__init__(
            f"{purpose} needs {module}, which is not installed: in the bot's folder, "
            f"pip install -c constraints.txt -e '.[{self.extra}]', then start again."
        )


def installed(module: str) -> bool:
    """Whether ``module`` can be imported (without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a module hidden or broken in sys.modules
        return False


def require(module: str, purpose: str) -> None:
    """:class:`MissingExtra` unless ``module`` (one of :data:`EXTRAS`) is installed;
    ``purpose`` names what asks for it (``DATABASE_URL=postgresql://…``)."""
    if not installed(module):
        raise MissingExtra(module, purpose)


def database_or_exit(target: str | os.PathLike[str]) -> None:
    """For a command's ``--database``: exit 2 with :class:`MissingExtra`'s one line when
    ``target`` is a PostgreSQL URL (bot.storage.database.is_postgres_url, which imports this
    module) and asyncpg is not installed."""
    postgres = str(target).strip().lower().startswith(("postgresql://", "postgres://"))
    if postgres and not installed("asyncpg"):
        print(MissingExtra("asyncpg", "a postgresql:// database"), file=sys.stderr)
        raise SystemExit(2)
