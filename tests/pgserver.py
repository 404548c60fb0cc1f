"""A throwaway PostgreSQL server for the test session, and a fresh database per test.

With ``TEST_DATABASE_URL`` set (a URL whose user may ``CREATE DATABASE``), the tests use that
server. Otherwise the first test that needs PostgreSQL starts one: ``initdb`` into a temporary
folder (as the ``postgres`` user when the tests run as root: initdb refuses root), the server
on 127.0.0.1 and a free port, tuned for tests (no fsync). It stops at the end of the session.
Without either, the PostgreSQL variants of the tests are skipped with one line saying why.

Each test gets its own database, copied from a template migrated once (``CREATE DATABASE ...
TEMPLATE``, about 20 ms), and dropped when the test ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage import Database

T = TypeVar("T")
TEMPLATE = "salon_template"
#: Server settings for speed (nothing here must survive a crash) and quick deadlock checks.
SETTINGS = {
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "300",
    "deadlock_timeout": "100ms",
    "listen_addresses": "127.0.0.1",
}
SKIP_REASON = (
    "PostgreSQL variant skipped: no PostgreSQL server binaries (initdb) found and "
    "TEST_DATABASE_URL is not set"
)


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to the end from synchronous code, even inside a running loop."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:  # handed to the caller
            box["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def with_database(url: str, name: str) -> str:
    """``url`` naming another database on the same server."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def find_bindir() -> Path | None:
    """The newest PostgreSQL server binaries: Debian's layout, then the PATH."""

    def version(path: str) -> tuple[int, ...]:
        number = Path(path).parent.parent.name
        return tuple(int(p) for p in number.split(".") if p.isdigit())

    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    if candidates:
        return Path(candidates[-1]).parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalServer:
    """A PostgreSQL cluster in a temporary folder, run by ``pg_ctl``."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="salon-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.user: str | None = None
        if os.geteuid() == 0:  # initdb refuses root: the cluster belongs to postgres
            self.user = "postgres"
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self.root.chmod(0o700)

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        done = subprocess.run(
            [*prefix, *command], capture_output=True, text=True, cwd=self.root, check=False
        )
        if done.returncode:
            log = self.root / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{' '.join(command)} failed ({done.returncode}): {done.stderr}{done.stdout}{tail}"
            )

    def start(self) -> str:
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--no-instructions",
        )
        options = " ".join(f"-c {key}={value}" for key, value in SETTINGS.items())
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.root / "server.log"),
            "-o",
            f"-p {self.port} -k {self.root} {options}",
            "-w",
            "start",
        )
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError):
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


class PgServer:
    """A server the tests may create databases on (``admin_url`` is allowed to)."""

    _names = itertools.count(1)

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.prefix = f"salon_test_{os.getpid()}"
        self.template = f"{self.prefix}_{TEMPLATE}"

    async def _admin(self, *statements: str) -> None:
        conn = await asyncpg.connect(self.admin_url)
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()

    async def prepare(self) -> None:
        """Make the migrated template every test database is copied from."""
        await self._admin(
            f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)',
            f"CREATE DATABASE \"{self.template}\" TEMPLATE template0 ENCODING 'UTF8'",
        )
        db = await Database.open(with_database(self.admin_url, self.template))
        await db.close()

    async def create(self, *, migrated: bool = True) -> str:
        """A new database (migrated, or empty); returns its URL."""
        name = f"{self.prefix}_{next(self._names)}"
        source = self.template if migrated else "template0"
        await self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{source}"')
        return with_database(self.admin_url, name)

    async def drop(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        await self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    async def finish(self) -> None:
        await self._admin(f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)')


def session_server() -> Iterator[PgServer | None]:
    """The session's server (None: no PostgreSQL here); the body of the pytest fixture."""
    given = os.environ.get("TEST_DATABASE_URL", "").strip()
    local: LocalServer | None = None
    if given:
        server = PgServer(given)
    else:
        bindir = find_bindir()
        if bindir is None:
            if os.environ.get("REQUIRE_POSTGRES"):  # CI: the variants must run, not skip
                raise RuntimeError(f"REQUIRE_POSTGRES is set, but: {SKIP_REASON}")
            yield None
            return
        local = LocalServer(bindir)
        try:
            server = PgServer(local.start())
        except BaseException:
            local.stop()
            raise
    try:
        run_async(server.prepare())
        yield server
    finally:
        if local is not None:
            local.stop()
        else:
            run_async(server.finish())
