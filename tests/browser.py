"""A real browser for the tests: Debian's chromium (``/usr/bin/chromium``, or
``CHROMIUM_PATH``) driven by Playwright, never a browser Playwright downloads, and a tiny
local HTTP server for the pages it opens.

Without the browser (or Playwright) a test using :func:`chromium` is skipped on a
developer's machine, and fails under CI, where ``.ci/run`` installs Debian's ``chromium`` and
sets ``REQUIRE_BROWSER``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

#: Chromium's switches for a headless run in a container, offline.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    path = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
    return path if Path(path).is_file() else None


def _missing(why: str) -> None:
    if os.environ.get("REQUIRE_BROWSER"):  # CI: the browser tests must run, not skip
        pytest.fail(f"REQUIRE_BROWSER is set, but {why}")
    pytest.skip(why)


@contextmanager
def chromium() -> Iterator[Any]:
    """A Playwright browser (sync API) on Debian's chromium."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed (pip install -e '.[dev]')")
    path = chromium_path()
    if path is None:
        _missing("chromium is missing (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


#: A page's answer: its body and its content type.
Answer = tuple[bytes, str]


@contextmanager
def serve(
    routes: Mapping[str, Answer | Callable[[], Answer]], headers: Mapping[str, str] | None = None
) -> Iterator[str]:
    """Serve ``routes`` (a path to a body and content type) on 127.0.0.1, with ``headers``
    on every answer; yields the base address. Anything else is a 404."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            found = routes.get(self.path.split("?")[0])
            if found is None:
                self.send_error(404)
                return
            body, kind = found() if callable(found) else found
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
