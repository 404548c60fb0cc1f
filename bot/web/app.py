"""The web application: the page modules' routes, the templates, the static files, the
safety of every answer, ``/healthz``, and starting and stopping the server.

Every answer carries the security headers (:data:`SECURITY_HEADERS`, a Content-Security-
Policy without inline script or style that lets Discord's CDN serve avatars); an address over
its request limit gets 429; a refusal is a page in the reader's language.

A page module is a module with a ``routes`` (an aiohttp ``RouteTableDef``) named in
:data:`PAGE_MODULES` (docs/web.md, "Adding a page").
"""

from __future__ import annotations

import contextlib
import importlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Final

import aiohttp_jinja2
import jinja2
from aiohttp import web

from bot import i18n
from bot.storage import Transaction
from bot.view.fair_text import verifier_texts
from bot.web.limits import client_address
from bot.web.links import guild_path
from bot.web.site import AVATARS, SITE, MembersOnly, Refused, Site, reader_known

log = logging.getLogger(__name__)

HERE: Final = Path(__file__).resolve().parent
TEMPLATES: Final = HERE / "templates"
STATIC: Final = HERE / "static"
#: The modules whose ``routes`` the application serves, in order.
PAGE_MODULES: Final[tuple[str, ...]] = ("bot.web.pages", "bot.web.hands")

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; "
    f"img-src 'self' data: {AVATARS}; connect-src 'self'; font-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The request limit, the refusals as pages, the security headers on every answer."""
    site = request.app[SITE]
    if site.limit is not None and request.path != "/healthz":
        address = client_address(
            request.remote, request.headers.get("X-Forwarded-For"), site.trusted_proxies
        )
        if not site.limit.allow(address):
            return _secured(
                await _refusal(request, "web-too-many-requests", 429, {"Retry-After": "10"})
            )
    async with site.pace.page():  # in its turn, after the tables' requests under way
        try:
            response = await handler(request)
        except MembersOnly as refused:
            key = "web-link-refused" if refused.expired else "web-members-only"
            home = None if refused.guild_id is None else guild_path(refused.guild_id)
            response = await _refusal(request, key, 403, home=home)
        except Refused as refused:
            response = await _refusal(request, refused.key, refused.status, title=refused.title)
        except web.HTTPNotFound:
            response = await _refusal(request, "web-not-found", 404)
        except web.HTTPException as exc:
            if exc.status >= 400:
                response = await _refusal(request, "web-refused", exc.status)
            else:
                exc.headers.update(SECURITY_HEADERS)
                raise
    return _secured(response)


def _secured(response: web.StreamResponse) -> web.StreamResponse:
    response.headers.update(SECURITY_HEADERS)
    if "Cache-Control" not in response.headers:
        # member pages must not sit in a shared cache; the static files say otherwise
        response.headers["Cache-Control"] = "private, no-store"
    return response


#: Each refusal's title.
REFUSALS: Final = {
    "web-not-found": "web-not-found-title",
    "web-members-only": "web-members-only-title",
    "web-link-refused": "web-link-refused-title",
    "web-too-many-requests": "web-too-many-requests-title",
    "web-refused": "web-refused-title",
}


async def _refusal(
    request: web.Request,
    key: str,
    status: int,
    headers: dict[str, str] | None = None,
    *,
    title: str | None = None,
    home: str | None = None,
) -> web.Response:
    """A refusal's page: under the server's header and links when the reader was let into
    its pages (a hand in play, a bad hand number), or a link to its home (members only)."""
    from bot.web.pages import page

    title = title or REFUSALS[key]
    reader = reader_known(request)
    extra = {"home": home} if reader is None and home is not None else {}
    response = await page(
        request, reader, "refused.html", status=status, key=key, title=title, **extra
    )
    response.headers.update(headers or {})
    return response


async def healthz(request: web.Request) -> web.Response:
    """200 while the pages' database answers (for Docker's HEALTHCHECK and a proxy)."""
    try:
        await request.app[SITE].db.query(Transaction.guild_known, 0)
    except Exception:
        log.warning("the pages' database does not answer", exc_info=True)
        return web.json_response({"status": "unavailable"}, status=503)
    return web.json_response({"status": "ok"})


async def index(request: web.Request) -> web.Response:
    """The root: no server is listed (each server's pages are reached by its own link)."""
    from bot.web.pages import page

    return await page(request, None, "index.html")


def make_app(site: Site, *, modules: tuple[str, ...] = PAGE_MODULES) -> web.Application:
    """The application serving ``site``: every page module's routes, ``/healthz``,
    ``/static/``, the templates (autoescaped)."""
    app = web.Application(middlewares=[guard])
    app[SITE] = site
    aiohttp_jinja2.setup(
        app,
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # compiled once at start-up, never looked at again on disk
    )
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/", index)
    for name in modules:
        app.router.add_routes(importlib.import_module(name).routes)
    app.router.add_get("/static/{name}", static_file)
    app.on_response_prepare.append(_static_cache)
    app.on_startup.append(_warm_up)
    return app


#: The files under ``/static/``, by name: read from the directory once (a name the
#: directory does not hold, however long or strange, is a 404 and never reaches the disk).
STATIC_FILES: Final = {f.name: f for f in STATIC.iterdir() if f.is_file()}


async def static_file(request: web.Request) -> web.StreamResponse:
    """One of :data:`STATIC_FILES`; anything else is not found."""
    found = STATIC_FILES.get(request.match_info["name"])
    if found is None:
        raise web.HTTPNotFound()
    return web.FileResponse(found)


async def _warm_up(app: web.Application) -> None:
    """Before the first request (not while the tables play): compile every template, read
    the catalogues and the verifier's texts (the first page would otherwise stop the loop
    for some 60 to 90 ms)."""
    env = aiohttp_jinja2.get_env(app)
    for name in env.list_templates(extensions=["html"]):
        env.get_template(name)
    i18n.warm()
    for lang in i18n.LANGS:
        verifier_texts(lang)


async def _static_cache(request: web.Request, response: web.StreamResponse) -> None:
    if request.path.startswith("/static/"):
        response.headers["Cache-Control"] = "public, max-age=3600"
        response.headers.update(SECURITY_HEADERS)


class WebUnavailable(OSError):
    """The pages could not listen where WEB_HOST and WEB_PORT say (one sentence)."""

    def __init__(self, host: str, port: int, error: OSError) -> None:
        super().__init__(
            f"Could not serve the web pages on {host}:{port} ({error}): set WEB_PORT to a free "
            "port (or WEB_PORT=off to serve none), then start again."
        )


@contextlib.asynccontextmanager
async def serving(site: Site, host: str, port: int) -> AsyncIterator[web.AppRunner]:
    """``async with serving(site, host, port):`` the pages are served meanwhile (port 0:
    any free port; the runner's ``addresses`` say which); :class:`WebUnavailable` when they
    cannot listen there."""
    runner = web.AppRunner(
        make_app(site), access_log=None, handle_signals=False, shutdown_timeout=2.0
    )
    await runner.setup()
    try:
        try:
            await web.TCPSite(runner, host, port).start()
        except OSError as exc:
            raise WebUnavailable(host, port, exc) from exc
        log.info("the web pages are served on http://%s:%s", host, bound_port(runner) or port)
        yield runner
    finally:
        await runner.cleanup()


def bound_port(runner: web.AppRunner) -> int | None:
    """The port a started runner listens on."""
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            return int(address[1])
    return None
