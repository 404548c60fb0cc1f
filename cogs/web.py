"""``/web``: a member's own link to his server's web pages, and his name on its public pages.

The link is signed with the server's key (:mod:`bot.web.links`), expires after
:data:`~bot.web.links.LINK_DAYS` days and is answered privately: it opens the pages as him.
``/web name: hide`` keeps his name and avatar off the public pages (``show``: back on). See
docs/web.md; the server's managers choose who reads the pages with ``/admin web``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import lang_of, render
from bot.storage import Transaction
from bot.ui.i18n import L
from bot.ui.interaction import guild_id_of
from bot.ui.replies import Refused, reply_private
from bot.web import links

if TYPE_CHECKING:
    from bot.app import SalonBot

NAME_CHOICES = [
    app_commands.Choice(name=L("show", "montrer"), value="show"),
    app_commands.Choice(name=L("hide", "masquer"), value="hide"),
]


class Web(commands.Cog):
    """A member's link to the web pages."""

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("web", "web"),
        description=L(
            "Your own link to this server's web pages (leaderboards, profiles, hands)",
            "Votre lien vers les pages web du serveur (classements, profils, donnes)",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(name=L("name", "nom"))
    @app_commands.describe(
        name=L(
            "Show or hide your name and avatar on the public pages",
            "Montrer ou masquer votre nom et votre avatar sur les pages publiques",
        )
    )
    @app_commands.choices(name=NAME_CHOICES)
    async def web(
        self, interaction: discord.Interaction, name: app_commands.Choice[str] | None = None
    ) -> None:
        """Privately: the member's link (and, with ``name``, his choice saved first)."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        db = self.bot.db
        user = interaction.user
        if name is not None:
            await db.write(
                Transaction.set_member_hidden,
                guild_id,
                user.id,
                user.display_name,
                name.value == "hide",
            )
        server = interaction.guild.name if interaction.guild is not None else None
        settings = await db.write(Transaction.change_web_settings, guild_id, name=server)
        public_url = self.bot.settings.web_public_url
        if settings.visibility == "off":
            raise Refused("web-pages-off")
        if public_url is None or settings.link_key is None:
            raise Refused("web-no-public-url")
        now = discord.utils.utcnow().timestamp()
        link = links.member_link(public_url, settings.link_key, guild_id, user.id, now=now)
        lines = [render(lang, "web-your-link", link=link, days=links.LINK_DAYS)]
        if settings.visibility == "public":
            lines.append(render(lang, "web-public-home", link=links.home_url(public_url, guild_id)))
            member = await db.query(Transaction.web_members, guild_id, [user.id])
            hidden = user.id in member and member[user.id].hidden
            lines.append(render(lang, "web-name-hidden" if hidden else "web-name-shown"))
        await reply_private(interaction, "\n".join(lines), suppress_embeds=True)


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(Web(bot))
