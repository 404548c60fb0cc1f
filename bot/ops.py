"""Operations: command sync only when the commands changed, the health heartbeat, the
invite URL, and the errors an operator can meet at start, each as one sentence."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import sqlite3
import time
from pathlib import Path
from typing import IO, Any, Protocol

import aiohttp
import discord
from discord import app_commands

from bot.config import Settings
from bot.storage import Database
from bot.ui.outbox import PRIVATE, Pacer
from bot.ui.permissions import invite_permissions
from bot.web.app import WebUnavailable

log = logging.getLogger(__name__)

#: Everything the bot does on a server, derived from what each feature needs
#: (:data:`bot.ui.permissions.NEEDS`: see, post, embeds, files, threads).
BOT_PERMISSIONS = invite_permissions()
SCOPES = ("bot", "applications.commands")
#: The database key holding the hash of the last command payload synced, per scope.
SYNC_KEY = "command_sync:{scope}"
#: Seconds between two heartbeats; the health check wants one younger than HEALTH_MAX_AGE.
HEARTBEAT_EVERY = 20.0
HEALTH_MAX_AGE = 90.0


class Running(Protocol):
    """What the operations use of the bot (:class:`~bot.app.SalonBot`, which wires them in)."""

    @property
    def application_id(self) -> int | None: ...

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    @property
    def latency(self) -> float: ...

    @property
    def db(self) -> Database: ...

    @property
    def settings(self) -> Settings: ...

    def is_ready(self) -> bool: ...

    def is_closed(self) -> bool: ...


def invite_url(application_id: int) -> str:
    """The URL that adds the bot to a server with exactly the permissions it uses.

    >>> invite_url(123)
    'https://discord.com/oauth2/authorize?client_id=123&scope=bot+applications.commands&permissions=309237697536'
    """
    return discord.utils.oauth_url(application_id, permissions=BOT_PERMISSIONS, scopes=SCOPES)


# -- command sync ------------------------------------------------------------------------------


async def command_payload(tree: app_commands.CommandTree, guild: discord.Object | None) -> Any:
    """What ``tree.sync(guild=guild)`` would send (translated like discord.py does)."""
    commands = tree._get_all_commands(guild=guild)
    translator = tree.translator
    if translator is not None:
        return [await c.get_translated_payload(tree, translator) for c in commands]
    return [c.to_dict(tree) for c in commands]


def payload_hash(payload: Any) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


async def sync_commands(
    bot: Running, *, guild_id: int | None, force: bool = False, pacer: Pacer | None = None
) -> bool:
    """Sync the commands to ``guild_id`` (None: globally) if they changed since the last
    sync recorded in the database (or if ``force``); returns whether a sync was sent. The
    sync is one request, after a token of ``pacer`` (the bot's one pace, when given)."""
    guild = None if guild_id is None else discord.Object(id=guild_id)
    if guild is not None:
        bot.tree.copy_global_to(guild=guild)
    scope = "global" if guild_id is None else str(guild_id)
    key = SYNC_KEY.format(scope=scope)
    digest = payload_hash([bot.application_id, await command_payload(bot.tree, guild)])
    if not force and await bot.db.get_meta(key) == digest:
        log.info("slash commands unchanged since the last sync (%s): not synced", scope)
        return False
    if pacer is not None:
        await pacer.acquire(PRIVATE)
    await bot.tree.sync(guild=guild)
    await bot.db.set_meta(key, digest)
    log.info("slash commands synced (%s)", scope)
    return True


# -- health ------------------------------------------------------------------------------------


def heartbeat_path(database: Path) -> Path:
    """Where the heartbeat is written: next to the database."""
    return database.with_name(database.name + ".heartbeat")


async def beat(bot: Running) -> bool:
    """Write the heartbeat if the gateway is live and the database takes a write."""
    gateway_live = bot.is_ready() and not bot.is_closed() and bot.latency == bot.latency
    if not gateway_live:
        return False
    if not await bot.db.writable():
        log.warning("the database does not take writes: no heartbeat")
        return False
    path = heartbeat_path(Path(bot.settings.database))
    path.write_text(json.dumps({"at": time.time(), "gateway": True, "database": True}))
    return True


async def heartbeat_loop(bot: Running) -> None:
    while not bot.is_closed():
        await beat(bot)
        await asyncio.sleep(HEARTBEAT_EVERY)


#: The retention task runs this long after the start, then once a day.
RETENTION_FIRST = 300
RETENTION_EVERY = 86_400


async def retention_loop(bot: Running) -> None:
    """Once a day, move each server's hands and ledger rows older than its retention to the
    archive folder beside the database (bot.storage.retention); a failure is logged and the
    next day tries again."""
    from bot.storage.retention import archive_all, archive_folder

    await asyncio.sleep(RETENTION_FIRST)
    while not bot.is_closed():
        try:
            done = await archive_all(bot.db, archive_folder(bot.settings.database))
            if done.hands or done.ledger_rows:
                log.info(
                    "archived %d hand(s) and %d ledger row(s): %s",
                    done.hands,
                    done.ledger_rows,
                    ", ".join(p.name for p in done.files),
                )
        except Exception:
            log.exception("archiving old hands failed; it runs again tomorrow")
        await asyncio.sleep(RETENTION_EVERY)


def health(database: Path, *, now: float | None = None) -> tuple[bool, str]:
    """(healthy, one sentence) from the heartbeat file the running bot writes."""
    path = heartbeat_path(database)
    try:
        data = json.loads(path.read_text())
        age = (time.time() if now is None else now) - float(data["at"])
    except (OSError, ValueError, KeyError, TypeError):
        return False, f"unhealthy: no heartbeat at {path} (is the bot running?)"
    if age > HEALTH_MAX_AGE:
        return False, f"unhealthy: the last heartbeat is {age:.0f} s old"
    return True, f"healthy: heartbeat {age:.0f} s ago (gateway connected, database writable)"


def web_health(host: str, port: int, *, timeout: float = 5.0) -> tuple[bool, str]:
    """(healthy, one sentence) from the web pages' ``/healthz`` on this machine."""
    import urllib.error
    import urllib.request

    local = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    url = f"http://{local}:{port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            ok = answer.status == 200
    except (urllib.error.URLError, OSError) as exc:
        return False, f"unhealthy: the web pages do not answer at {url} ({exc})"
    if not ok:
        return False, f"unhealthy: the web pages answer {url} with an error"
    return True, f"healthy: heartbeat fresh and the web pages answer at {url}"


# -- start-up errors -----------------------------------------------------------------------------

TOKEN_HELP = (
    "set DISCORD_TOKEN in .env to the token from the Bot tab of "
    "https://discord.com/developers/applications (Reset Token if unsure)"
)


def explain(error: BaseException, settings: Any) -> str | None:
    """One sentence telling the operator what went wrong and what to do, or None for an
    error that is not the operator's to fix (a bug: show the traceback)."""
    if isinstance(error, WebUnavailable):
        return str(error)
    if isinstance(error, discord.LoginFailure):
        return f"Discord refused the token (401 Unauthorized): {TOKEN_HELP}, then start again."
    if isinstance(error, discord.PrivilegedIntentsRequired):
        if getattr(settings, "member_events", None) == "on":
            return (
                "Discord refused the Server Members Intent that MEMBER_EVENTS=on asks for: "
                "enable Server Members Intent in the Bot tab of "
                "https://discord.com/developers/applications (Privileged Gateway Intents), "
                "or set MEMBER_EVENTS=auto to start without it, then start again."
            )
        return (
            "Discord refused an intent the bot asked for: enable it in the Bot tab of the "
            "developer portal or update the bot."
        )
    if isinstance(error, discord.Forbidden):
        return (
            "Discord refused to register the slash commands (403): invite the bot again with "
            "the applications.commands scope (the invite URL is in the README)."
        )
    unreachable = (aiohttp.ClientConnectionError, discord.GatewayNotFound, ConnectionError)
    if isinstance(error, (*unreachable, asyncio.TimeoutError)):
        return (
            f"Could not reach Discord ({type(error).__name__}): check this machine's internet "
            "connection, DNS and firewall, then start the bot again."
        )
    if isinstance(error, discord.ConnectionClosed):
        return (
            f"Discord closed the connection (code {error.code}): check the token and the "
            "bot's settings in the developer portal, then start again."
        )
    if settings.postgres and isinstance(error, (sqlite3.Error, OSError)):
        return (
            f"Could not use the PostgreSQL database at {settings.database_label} ({error}): "
            "check DATABASE_URL (user, password, host, port, database) and that the server "
            "is running and reachable from this machine."
        )
    if isinstance(error, (sqlite3.Error, PermissionError, IsADirectoryError)):
        return (
            f"Could not open the database at {settings.database} ({error}): check "
            "DATABASE_PATH and that its folder is writable by the bot's user."
        )
    return None


class AlreadyRunning(Exception):
    """Another bot process holds this database."""


def hold_database(database: Path) -> IO[bytes]:
    """Take the database's process lock (``<database>.lock``, an exclusive ``flock``) for
    the life of this process; :class:`AlreadyRunning` when another process holds it.

    Two bot processes on one SQLite file (an overlapping redeploy) would both run its tables.
    The lock is the operating system's: it goes away with the process, even on SIGKILL.
    """
    import fcntl

    database.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = database.with_name(database.name + ".lock")
    handle = open(os.open(path, os.O_CREAT | os.O_RDWR, 0o600), "r+b")  # noqa: SIM115
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise AlreadyRunning(str(database)) from None
    return handle
