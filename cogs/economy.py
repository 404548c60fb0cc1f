"""``/wallet``, ``/daily``, ``/give`` and ``/leaderboard``: the chips of a server's players.

Private answers follow the user's Discord language; public messages (a gift, the
leaderboard) follow the server's language (``/admin settings locale``). A refusal is raised
(:class:`~bot.ui.replies.Refused`, with this command's words for a storage refusal) and
answered privately, in the member's language, by the command tree.
See ``docs/commands-economy.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Message, lang_of, render
from bot.storage import DailyNotReady, InsufficientChips, Transaction
from bot.storage.models import Metric
from bot.storage.transaction import MAX_CHIPS
from bot.ui.abuse import verify_give
from bot.ui.economy_text import (
    COUNTED_FROM_ONE,
    DEFAULT_METRIC,
    METRICS,
    PERIODS,
    chips,
    game_name,
    ledger_line,
    metric_name,
    metric_value,
    when,
)
from bot.ui.i18n import L, catalogue_str
from bot.ui.interaction import guild_id_of, guild_lang
from bot.ui.limits import CONTENT, listing
from bot.ui.render import embed_of
from bot.ui.replies import Refused, reply, reply_private
from bot.ui.season_text import season_option, span_name
from bot.ui.web_links import link_view
from bot.view.document import Document

if TYPE_CHECKING:
    from bot.app import SalonBot

#: Ledger lines shown by ``/wallet`` (own wallet only).
LEDGER_LINES = 5
#: Lines of ``/leaderboard``.
LEADERBOARD_SIZE = 10
#: The leaderboard's colour (Discord's dark green).
LEADERBOARD_COLOUR = 0x1F8B4C
#: The highest season number ``/leaderboard`` takes.
MAX_SEASON = 10**9

METRIC_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=catalogue_str(f"metric-{metric}"), value=metric) for metric in METRICS
]
PERIOD_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=catalogue_str(f"period-{period}"), value=period) for period in PERIODS
]
NO_PINGS = discord.AllowedMentions.none()

#: The refusal of a bot named as a member: bots do not play for chips.
BOTS_REFUSED = Message.of("wallet-bots-do-not-play-for")


class Economy(commands.Cog):
    """Wallets, the daily bonus, gifts between players and the leaderboard."""

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot

    # ------------------------------------------------------------------ /wallet

    @app_commands.command(
        name=L("wallet", "portefeuille"),
        description=L(
            "Show your chips in this server, or another member's",
            "Afficher vos jetons sur ce serveur, ou ceux d'un autre membre",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(member=L("member", "membre"))
    @app_commands.describe(
        member=L(
            "Whose chips to show (yours if left empty)",
            "De qui afficher les jetons (les vôtres si vide)",
        )
    )
    async def wallet(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        """Wallet balance, chips at tables and (for oneself) the latest movements."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        target: discord.abc.User = member or interaction.user
        if target.bot:
            raise Refused(BOTS_REFUSED)
        own = target.id == interaction.user.id
        db = self.bot.db
        wallet = await db.write(Transaction.ensure_wallet, guild_id, target.id)
        seated: list[str] = []
        at_tables = 0
        for table in await db.query(Transaction.open_tables, guild_id):
            seat = await db.query(Transaction.get_seat, table.id, target.id)
            if seat is not None:
                at_tables += seat.stack
                seated.append(
                    f"<#{table.channel_id}> ({game_name(table.game)}): {chips(lang, seat.stack)}"
                )
        if own:
            lines = [render(lang, "wallet-your-chips")]
        else:
            lines = [render(lang, "wallet-chips", who=target.mention)]
        lines.append(render(lang, "wallet-wallet", n=chips(lang, wallet.balance)))
        lines.append(render(lang, "wallet-at-tables", n=chips(lang, at_tables)))
        lines.extend(f"- {line}" for line in seated)
        lines.append(render(lang, "wallet-total", n=chips(lang, wallet.balance + at_tables)))
        if own:
            settings = await db.query(Transaction.settings, guild_id)
            now = discord.utils.utcnow().timestamp()
            if settings.daily_bonus > 0:
                ready_at = (
                    None
                    if wallet.last_daily is None
                    else wallet.last_daily + settings.daily_cooldown
                )
                if ready_at is None or ready_at <= now:
                    lines.append(render(lang, "wallet-daily-bonus-ready-claim-it"))
                else:
                    lines.append(render(lang, "wallet-daily-bonus-ready", at=when(ready_at)))
            entries = await db.query(Transaction.ledger, guild_id, target.id, limit=LEDGER_LINES)
            if entries:
                lines.append(render(lang, "wallet-latest-movements"))
                lines.extend(f"- {ledger_line(lang, e)}" for e in entries)
        await reply_private(
            interaction, listing(lang, lines, limit=CONTENT), allowed_mentions=NO_PINGS
        )

    # ------------------------------------------------------------------ /daily

    @app_commands.command(
        name=L("daily", "quotidien"),
        description=L(
            "Claim your daily bonus of chips", "Réclamer votre bonus quotidien de jetons"
        ),
    )
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        """Pay the daily bonus, or say when it will be ready."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        db = self.bot.db
        settings = await db.query(Transaction.settings, guild_id)
        if settings.daily_bonus <= 0:
            raise Refused("wallet-there-no-daily-bonus-in")
        try:
            claim = await db.write(Transaction.claim_daily, guild_id, interaction.user.id)
        except DailyNotReady as exc:
            raise Refused(
                "wallet-your-daily-bonus-not-ready",
                at=when(exc.ready_at),
                date=when(exc.ready_at, "f"),
            ) from exc
        await reply_private(
            interaction,
            render(
                lang,
                "wallet-daily-bonus-your-wallet-holds",
                n=chips(lang, claim.amount),
                total=chips(lang, claim.balance),
                at=when(claim.next_at),
            ),
        )

    # ------------------------------------------------------------------ /give

    @app_commands.command(
        name=L("give", "donner"),
        description=L(
            "Give chips from your wallet to another member",
            "Donner des jetons de votre portefeuille à un autre membre",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(member=L("member", "membre"), amount=L("amount", "montant"))
    @app_commands.describe(
        member=L("Who receives the chips", "Qui reçoit les jetons"),
        amount=L("How many chips to give (1 or more)", "Combien de jetons donner (1 ou plus)"),
    )
    async def give(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        amount: app_commands.Range[int, 1, MAX_CHIPS],
    ) -> None:
        """Transfer chips; the confirmation is public so the receiver sees it."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        giver = interaction.user
        if member.bot:
            raise Refused(BOTS_REFUSED)
        if member.id == giver.id:
            raise Refused("wallet-you-cannot-give-chips-yourself")
        if amount <= 0:
            raise Refused("wallet-give-at-least-1-chip")
        db = self.bot.db
        await verify_give(db, guild_id, giver, amount)
        try:
            mine, _theirs = await db.write(
                Transaction.transfer, guild_id, giver.id, member.id, amount
            )
        except InsufficientChips as exc:
            raise Refused(
                "wallet-you-have-only-in-your",
                have=Message.of("chips", n=exc.have),
                n=Message.of("chips", n=amount),
            ) from exc
        public = await guild_lang(db, guild_id)
        await reply(
            interaction,
            render(
                public,
                "wallet-gives",
                giver=giver.mention,
                n=chips(public, amount),
                receiver=member.mention,
            ),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=[member]),
        )
        await reply_private(
            interaction, render(lang, "wallet-your-wallet-now-holds", n=chips(lang, mine))
        )

    # ------------------------------------------------------------------ /leaderboard

    @app_commands.command(
        name=L("leaderboard", "classement"),
        description=L(
            "Show the best players of this server", "Afficher les meilleurs joueurs du serveur"
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(
        metric=L("metric", "critère"), period=L("period", "période"), season=L("season", "saison")
    )
    @app_commands.describe(
        metric=L(
            "What to rank players by (net chips if left empty)",
            "Critère de classement (gains nets si vide)",
        ),
        period=L(
            "All time or this week (all time if left empty)",
            "Depuis toujours ou cette semaine (depuis toujours si vide)",
        ),
        season=L(
            "A season's standings instead of a period (pick it in the list)",
            "Le classement d'une saison plutôt qu'une période (à choisir dans la liste)",
        ),
    )
    @app_commands.choices(metric=METRIC_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        metric: app_commands.Choice[str] | None = None,
        period: app_commands.Choice[str] | None = None,
        season: app_commands.Range[int, 1, MAX_SEASON] | None = None,
    ) -> None:
        """A public embed of the top players; mentions ping nobody. A season, when given,
        is shown rather than the period."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        chosen = metric.value if metric is not None else DEFAULT_METRIC
        span = period.value if period is not None else "all"
        db = self.bot.db
        named = None
        if season is not None:
            named = await db.query(Transaction.season, guild_id, season)
            if named is None:
                raise Refused("refuse-season-unknown", n=season)
            span = named.period
        entries = await db.query(
            Transaction.leaderboard, guild_id, cast(Metric, chosen), span, LEADERBOARD_SIZE
        )
        if chosen in COUNTED_FROM_ONE:
            entries = [e for e in entries if e.value > 0]
        if not entries:  # an empty board, said privately
            await reply_private(
                interaction,
                render(
                    lang,
                    "wallet-leaderboard-for-empty-nobody-has",
                    metric=metric_name(lang, chosen),
                    period=span_name(lang, span, named, in_sentence=True),
                ),
            )
        else:
            public = await guild_lang(db, guild_id)
            lines = [
                f"**{e.rank}.** <@{e.user_id}> · {metric_value(public, chosen, e.value)}"
                for e in entries
            ]
            board = Document(
                render(
                    public,
                    "wallet-leaderboard",
                    metric=metric_name(public, chosen),
                    period=span_name(public, span, named),
                ),
                LEADERBOARD_COLOUR,
                description="\n".join(lines),
            )
            web = self.bot.web_links
            url = None if web is None else await web.leaderboard(guild_id, chosen, span)
            view = link_view(render(public, "web-open-page"), url)
            await reply(
                interaction,
                embed=embed_of(public, board),
                allowed_mentions=NO_PINGS,
                view=view or discord.utils.MISSING,
            )

    @leaderboard.autocomplete("season")
    async def _seasons(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        """The server's seasons, the newest first, those whose number or name holds what is
        typed, in the member's language."""
        lang = lang_of(interaction.locale)
        seasons = await self.bot.db.query(Transaction.seasons, guild_id_of(interaction))
        wanted = typed.strip().casefold()
        return [
            app_commands.Choice(name=season_option(lang, s), value=s.number)
            for s in seasons
            if wanted in f"{s.number} {s.name.casefold()}"
        ]


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(Economy(bot))
