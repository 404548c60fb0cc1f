"""What every page needs: the site (its database reader, its tables, its settings), the
request's reader (which server, which member, which language, what the server allows) and
how people are named.

A page module asks :func:`reader_of` first: it refuses what the server's consent refuses
(``off`` or unknown: 404; ``members`` without a link: a page saying how to get one) and takes
a member's signed link in (a cookie scoped to the server's path from then on).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from aiohttp import web

from bot.i18n import LANGS, Lang, Message, people, render
from bot.runtime import export
from bot.runtime.public import PublicState
from bot.storage import Database, Transaction
from bot.storage.models import GameTable, Hand
from bot.storage.web import WebMember, WebSettings
from bot.view.replay import Replay
from bot.web import links
from bot.web.limits import LOOPBACK, Network, RequestLimit
from bot.web.slices import Pace

#: Discord's CDN, the only place an avatar is shown from (the Content-Security-Policy's too).
AVATARS = "https://cdn.discordapp.com"
#: The cookie keeping the reader's choice of language (the switch).
LANG_COOKIE = "salon_lang"


@dataclass(frozen=True)
class TableShown:
    """An open table as its message shows it: its public state and its last moves."""

    state: PublicState
    log: tuple[Message, ...] = ()


class TableSource(Protocol):
    """Where the pages find a server's open tables: the bot's own tables in its process
    (:class:`bot.web.tables.LiveTables`), or storage (:class:`bot.web.tables.StoredTables`);
    and whether a finished hand's pack is still in play (its replay is then refused)."""

    async def open_tables(self, guild_id: int) -> list[TableShown]: ...

    async def pack_in_play(self, db: Database, table: GameTable, hand: Hand) -> bool: ...

    async def lull(self) -> None:
        """Return when a page may work a slice without making a table wait (at once when
        no table plays on this event loop)."""


class NoTables:
    """No table is shown (a site with nothing to read them from); whether a pack is in play
    is read from storage."""

    async def lull(self) -> None:
        return None

    async def open_tables(self, guild_id: int) -> list[TableShown]:
        return []

    async def pack_in_play(self, db: Database, table: GameTable, hand: Hand) -> bool:
        return await export.pack_in_play(db, table, hand)


@dataclass
class Site:
    """What the pages share: the database they read (a read-only reader, never the tables'
    writer), where the open tables come from, the public address, the request limit."""

    db: Database
    tables: TableSource = field(default_factory=NoTables)
    #: WEB_PUBLIC_URL, for the addresses the pages write (None: relative ones).
    public_url: str | None = None
    #: Requests an address may make (None: no limit, e.g. the benchmark).
    limit: RequestLimit | None = None
    #: WEB_TRUSTED_PROXIES: the peers whose ``X-Forwarded-For`` names the visitor.
    trusted_proxies: tuple[Network, ...] = LOOPBACK
    clock: Callable[[], float] = time.time
    #: The hands replayed lately (:mod:`bot.web.hands`), by hand, reader and language.
    replays: OrderedDict[tuple[int, str | None, Lang], Replay] = field(default_factory=OrderedDict)
    #: How the pages share the event loop with the tables (:mod:`bot.web.slices`).
    pace: Pace = field(init=False)

    def __post_init__(self) -> None:
        self.pace = Pace(self.tables.lull)

    @property
    def secure(self) -> bool:
        """Whether the site is reached over HTTPS (cookies are then ``Secure``)."""
        return (self.public_url or "").startswith("https://")


SITE = web.AppKey("site", Site)


def site_of(request: web.Request) -> Site:
    """The site a request reached."""
    return request.app[SITE]


@dataclass(frozen=True)
class Person:
    """Someone as a page names him: a name, an avatar (or none), a profile to link to."""

    user_id: int
    name: str
    avatar: str = ""
    profile: bool = True


@dataclass(frozen=True)
class Reader:
    """Who reads a page: the server's pages he opened, as which member (a signed link) or
    nobody in particular, in which language, under which settings of the server."""

    guild_id: int
    lang: Lang
    settings: WebSettings
    member: int | None = None

    @property
    def public(self) -> bool:
        """Whether the reader is not a member of the server (a public page)."""
        return self.member is None

    def person(self, user_id: int, stored: WebMember | None) -> Person:
        """How this reader sees ``user_id``: a house player by its name; a member by the
        name and avatar his server shows, unless he hid them from public pages."""
        if people.is_house_player(user_id):
            return Person(user_id, people.house_name(user_id), profile=False)
        if stored is not None and stored.hidden and self.public:
            return Person(user_id, render(self.lang, "web-hidden-player"), profile=False)
        if stored is None:
            return Person(user_id, render(self.lang, "ui-player-n", n=str(user_id)[-4:]))
        avatar = stored.avatar if stored.avatar.startswith(AVATARS + "/") else ""
        return Person(user_id, stored.name, avatar)

    def url(self, page: str = "") -> str:
        """A path under the server's pages (``leaderboard``, ``players/12``…)."""
        return links.guild_path(self.guild_id) + page


#: Where a request keeps the reader :func:`reader_of` let in.
READER = web.RequestKey("salon.reader", Reader)


async def people_of(site: Site, reader: Reader, user_ids: Iterable[int]) -> dict[int, Person]:
    """Each of ``user_ids`` as the reader sees him (one query)."""
    ids = {int(u) for u in user_ids}
    stored = await site.db.query(Transaction.web_members, reader.guild_id, ids)
    return {u: reader.person(u, stored.get(u)) for u in ids}


def language(request: web.Request) -> Lang:
    """The reader's language: the switch (``?lang=``), then his cookie, then the first of
    ``Accept-Language`` the pages speak (English by default)."""
    asked = request.query.get("lang") or request.cookies.get(LANG_COOKIE)
    if asked in LANGS:
        return asked
    return accepted(request.headers.get("Accept-Language", ""))


def accepted(header: str) -> Lang:
    """The language an ``Accept-Language`` header prefers among the pages' own.

    >>> accepted("de-DE,fr;q=0.8,en;q=0.5"), accepted("en-GB,fr;q=0.9"), accepted("")
    ('fr', 'en', 'en')
    """
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        lang = tag.strip().lower()[:2]
        if lang in LANGS and weight > 0:
            ranked.append((-weight, index, lang))
    return min(ranked)[2] if ranked else "en"


#: The largest id a database holds (SQLite's and PostgreSQL's 64-bit integers).
LARGEST_ID = 2**63 - 1


def id_of(request: web.Request, key: str) -> int:
    """The id the address gives under ``key``: ASCII digits only (``int()`` and ``\\d`` also
    take other scripts' digits, which would name another id); 404 otherwise, or for one no
    database could hold."""
    given = request.match_info.get(key, "")
    if not (given.isascii() and given.isdigit()):
        raise web.HTTPNotFound()
    value = int(given)
    if value > LARGEST_ID:
        raise web.HTTPNotFound()
    return value


class MembersOnly(Exception):
    """The server shows its pages to its members only and the reader brought no valid link;
    ``expired``: he brought one, refused (expired, forged or revoked); ``guild_id``: the
    server (its refusal links back to its home, without its name)."""

    def __init__(self, lang: Lang, expired: bool, guild_id: int | None = None) -> None:
        super().__init__("members only")
        self.lang = lang
        self.expired = expired
        self.guild_id = guild_id


class Refused(Exception):
    """A page refused with its words: ``key`` (the catalogue's text), ``title`` (its
    title's key) and the answer's ``status``."""

    def __init__(self, key: str, status: int, title: str = "web-refused-title") -> None:
        super().__init__(key)
        self.key = key
        self.status = status
        self.title = title


async def reader_of(request: web.Request) -> Reader:
    """The reader of a page under ``/g/{guild}/``: refuses with 404 a server whose pages are
    off (or that the database does not know), with :class:`MembersOnly` a reader without a
    valid link to a members-only server; a valid link in the address (``?k=``) is kept in a
    cookie and the page is loaded again without it."""
    site = site_of(request)
    guild_id = id_of(request, "guild")
    lang = language(request)
    settings = await site.db.query(Transaction.web_settings, guild_id)
    known = settings.link_key is not None or await site.db.query(Transaction.guild_known, guild_id)
    if settings.visibility == "off" or not known:
        raise web.HTTPNotFound()
    now = site.clock()
    given = request.query.get(links.TOKEN_PARAM)
    if given is not None:
        member = links.verify(settings.link_key, guild_id, given, now=now)
        if member is None or await _departed(site, guild_id, member, given):
            raise MembersOnly(lang, expired=True, guild_id=guild_id)
        raise _keep_token(request, guild_id, given, now, site.secure)
    kept = request.cookies.get(links.MEMBER_COOKIE)
    member = None if kept is None else links.verify(settings.link_key, guild_id, kept, now=now)
    if member is not None and kept is not None and await _departed(site, guild_id, member, kept):
        member = None
    if member is None and settings.visibility != "public":
        raise MembersOnly(lang, expired=kept is not None, guild_id=guild_id)
    reader = request[READER] = Reader(guild_id, lang, settings, member)
    return reader


def reader_known(request: web.Request) -> Reader | None:
    """The reader :func:`reader_of` let in, if it did (a refusal after it keeps his server's
    header and links)."""
    return request.get(READER)


async def _departed(site: Site, guild_id: int, member: int, token: str) -> bool:
    """Whether the member left the server after his link was made (left, kicked, banned):
    it then opens nothing, at once; a link asked for after he came back does."""
    left = await site.db.query(Transaction.departed_at, guild_id, member)
    return left is not None and links.issued_at(token) <= left


def _keep_token(
    request: web.Request, guild_id: int, token: str, now: float, secure: bool
) -> web.HTTPSeeOther:
    """Load the page again without the token in its address, the token in a cookie that only
    this server's pages receive, until the link expires."""
    query = {k: v for k, v in request.query.items() if k != links.TOKEN_PARAM}
    target = request.rel_url.with_query(query)
    answer = web.HTTPSeeOther(str(target))
    expires = int(token.split(".")[1])
    answer.set_cookie(
        links.MEMBER_COOKIE,
        token,
        path=links.guild_path(guild_id),
        max_age=max(0, expires - int(now)),
        httponly=True,
        secure=secure,
        samesite="Lax",
    )
    return answer
