"""The pages' addresses and a member's signed link (standard library only: the cogs build
links with it, the pages check them).

A member's link carries a token ``<user>.<expires>.<mac>``: the HMAC-SHA256, under his
server's key (``web_guilds.link_key``), of the server, the member and the moment the link
expires. The pages recompute it and compare in constant time (:func:`hmac.compare_digest`);
a new key (``/admin web rotate``) makes every earlier link fail. A token names one server: it
opens no other.

>>> key = "ab" * 32
>>> token = sign(key, 5, 123, 1_000)
>>> verify(key, 5, token, now=999.0), verify(key, 6, token, now=999.0)
(123, None)
>>> verify(key, 5, token, now=1_000.0), verify("cd" * 32, 5, token, now=0.0)
(None, None)
>>> hand_url("https://salon.example/", 5, 42)
'https://salon.example/g/5/hands/42'
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from typing import Final
from urllib.parse import urlencode

#: Days a member's link opens his server's pages.
LINK_DAYS: Final = 7
#: The query parameter that carries a member's token on his first visit.
TOKEN_PARAM: Final = "k"
#: The cookie that carries it afterwards (scoped to the server's path).
MEMBER_COOKIE: Final = "salon_member"
_TOKEN: Final = re.compile(r"([0-9]{1,20})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})")


def _mac(key: str, guild_id: int, user_id: int, expires: int) -> str:
    message = f"salon-web:{guild_id}:{user_id}:{expires}".encode()
    digest = hmac.new(bytes.fromhex(key), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def sign(key: str, guild_id: int, user_id: int, expires: int) -> str:
    """The token of ``user_id``'s link to ``guild_id``'s pages, valid until ``expires``."""
    return f"{user_id}.{expires}.{_mac(key, guild_id, user_id, expires)}"


def verify(key: str | None, guild_id: int, token: str, *, now: float) -> int | None:
    """The member a token names, if it was signed with ``key`` for ``guild_id`` and has not
    expired; else None."""
    match = _TOKEN.fullmatch(token)
    if key is None or match is None:
        return None
    user_id, expires = int(match[1]), int(match[2])
    expected = _mac(key, guild_id, user_id, expires)
    if not hmac.compare_digest(expected.encode(), match[3].encode()):
        return None
    return user_id if now < expires else None


def issued_at(token: str) -> int:
    """When a (verified) token's link was made: :data:`LINK_DAYS` before it expires.

    >>> issued_at(sign("ab" * 32, 5, 123, 1_000_000))
    395200
    """
    return int(token.split(".")[1]) - LINK_DAYS * 86_400


def guild_path(guild_id: int) -> str:
    """The path under which a server's pages (and its member cookie) live."""
    return f"/g/{guild_id}/"


def _base(public_url: str) -> str:
    return public_url.rstrip("/")


def home_url(public_url: str, guild_id: int) -> str:
    """A server's home page."""
    return _base(public_url) + guild_path(guild_id)


def leaderboard_url(
    public_url: str, guild_id: int, metric: str | None = None, period: str | None = None
) -> str:
    """A server's leaderboard, on a metric and a period.

    >>> leaderboard_url("http://x", 5, "prials", "week")
    'http://x/g/5/leaderboard?metric=prials&period=week'
    """
    query = {k: v for k, v in (("metric", metric), ("period", period)) if v}
    tail = f"?{urlencode(query)}" if query else ""
    return f"{home_url(public_url, guild_id)}leaderboard{tail}"


def player_url(public_url: str, guild_id: int, user_id: int) -> str:
    """A player's profile."""
    return f"{home_url(public_url, guild_id)}players/{user_id}"


def hand_url(public_url: str, guild_id: int, hand_id: int) -> str:
    """A hand's replayer (its first step; ``?step=N`` for another)."""
    return f"{home_url(public_url, guild_id)}hands/{hand_id}"


def hand_json_url(public_url: str, guild_id: int, hand_id: int) -> str:
    """A hand's replay file, as ``/replay`` gives it."""
    return f"{hand_url(public_url, guild_id, hand_id)}.json"


def member_link(public_url: str, key: str, guild_id: int, user_id: int, *, now: float) -> str:
    """A member's own link to his server's home page, valid :data:`LINK_DAYS` days.

    >>> member_link("http://x", "ab" * 32, 5, 123, now=0).startswith("http://x/g/5/?k=123.604800.")
    True
    """
    token = sign(key, guild_id, user_id, int(now) + LINK_DAYS * 86_400)
    return f"{home_url(public_url, guild_id)}?{TOKEN_PARAM}={token}"
