"""The links the Discord side gives to the web pages (docs/web.md): under a showdown, in
``/history`` and ``/leaderboard``, and a member's own link (``/web``).

A link is given only when the bot has a public address (WEB_PUBLIC_URL) and the server has not
turned its pages off. A public message carries the page's plain address (no token: a member
without his link is told how to get one); only a private answer carries a member's token.
Each server's settings are kept a short while (:data:`KEEP_FOR`), so a showdown costs no
query; ``/admin web`` forgets them at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

import discord

from bot.storage import Database, Transaction
from bot.storage.web import WebSettings
from bot.web import links

#: Seconds a server's web settings are kept before they are read again.
KEEP_FOR: Final = 30.0


class WebLinks:
    """Whether a server's pages may be linked, and the links."""

    def __init__(
        self, db: Database, public_url: str | None, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.db = db
        self.public_url = public_url
        self.clock = clock
        self._kept: dict[int, tuple[float, WebSettings]] = {}

    async def settings(self, guild_id: int) -> WebSettings:
        """The server's web settings (kept :data:`KEEP_FOR` seconds)."""
        now = self.clock()
        kept = self._kept.get(guild_id)
        if kept is not None and now - kept[0] < KEEP_FOR:
            return kept[1]
        settings = await self.db.query(Transaction.web_settings, guild_id)
        self._kept[guild_id] = (now, settings)
        return settings

    def forget(self, guild_id: int) -> None:
        """The server's settings changed: read them again next time."""
        self._kept.pop(guild_id, None)

    async def base(self, guild_id: int) -> str | None:
        """The public address when the server's pages may be linked, else None."""
        if self.public_url is None:
            return None
        if (await self.settings(guild_id)).visibility == "off":
            return None
        return self.public_url

    async def hand(self, guild_id: int, hand_id: int) -> str | None:
        """A hand's page (the replayer), or None."""
        base = await self.base(guild_id)
        return None if base is None else links.hand_url(base, guild_id, hand_id)

    async def leaderboard(self, guild_id: int, metric: str, period: str) -> str | None:
        """The leaderboard's page on that metric and period, or None."""
        base = await self.base(guild_id)
        return None if base is None else links.leaderboard_url(base, guild_id, metric, period)

    async def home(self, guild_id: int) -> str | None:
        """The server's home page, or None."""
        base = await self.base(guild_id)
        return None if base is None else links.home_url(base, guild_id)

    async def member_home(self, guild_id: int, user_id: int) -> str | None:
        """A member's own link to the server's home page (for a private answer only), or
        None. The server's key is made the first time."""
        if await self.base(guild_id) is None or self.public_url is None:
            return None
        settings = await self.settings(guild_id)
        if settings.link_key is None:
            settings = await self.db.write(Transaction.change_web_settings, guild_id)
            self._kept[guild_id] = (self.clock(), settings)
        assert settings.link_key is not None
        return links.member_link(
            self.public_url, settings.link_key, guild_id, user_id, now=self.clock()
        )


def link_view(label: str, url: str | None) -> discord.ui.View | None:
    """A message's row holding one link button (none without an address): it opens the page
    in the browser; the bot receives nothing when it is clicked."""
    if url is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url))
    return view
