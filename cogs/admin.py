"""``/admin grant``, ``/admin settings``, ``/admin limits``, ``/admin audit``, ``/admin flows``,
``/admin web``, ``/admin season start|end`` and ``/admin table void|close``:
the server's economy, seasons and table rescue, for its managers.

The group is hidden from members without Manage Server (``default_permissions``), and each
command checks that permission again when it runs, because a server's admins can override
Discord's defaults for any role or member. See ``docs/commands-economy.md``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Message, lang_of, render
from bot.storage import InsufficientChips, Transaction
from bot.storage.database import DEFAULT_QUEUE_CAP, MAX_QUEUE_CAP, MAX_RETENTION_DAYS
from bot.storage.flows import FLOW_MIN_HANDS, FLOW_THRESHOLD
from bot.storage.seasons import SEASON_NAME_LENGTH
from bot.storage.transaction import MAX_CHIPS
from bot.storage.web import DEFAULT_MIN_HANDS, MAX_MIN_HANDS, Visibility
from bot.ui.abuse import give_limits, save_give_limits
from bot.ui.economy_text import audit_lines, chips, settings_text
from bot.ui.flows_text import flow_lines
from bot.ui.i18n import L, say
from bot.ui.interaction import guild_id_of, guild_lang, table_here
from bot.ui.limits import CONTENT, listing
from bot.ui.render import embed_of
from bot.ui.replies import Refused, reply, reply_private
from bot.ui.safe_text import plain
from bot.ui.season_text import season_end_document, season_started
from bot.web.links import home_url

if TYPE_CHECKING:
    from bot.app import SalonBot

#: Upper bounds of the settings, to catch typos (a bonus of 10^9 chips).
MAX_CHIPS_SETTING = 1_000_000
MAX_COOLDOWN_HOURS = 24 * 30
REASON_LENGTH = 200
AUDIT_DEFAULT = 15
AUDIT_MAX = 25
#: The most hands ``/admin limits grant_hands`` may ask for.
MAX_GRANT_HANDS = 10_000


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Admin(
    commands.GroupCog,
    group_name=L("admin", "admin"),
    group_description=L(
        "Manage the chips and settings of this server",
        "Gérer les jetons et les réglages du serveur",
    ),
):
    """Chips granted or taken back by an admin, and the economy settings."""

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=L("grant", "accorder"),
        description=L(
            "Give chips to a member, or take some back with a negative amount",
            "Donner des jetons à un membre, ou en reprendre avec un montant négatif",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.rename(
        member=L("member", "membre"), amount=L("amount", "montant"), reason=L("reason", "motif")
    )
    @app_commands.describe(
        member=L("Whose wallet changes", "Le portefeuille à modifier"),
        amount=L(
            "Chips to add; negative to take back (never below zero)",
            "Jetons à ajouter ; négatif pour en reprendre (jamais sous zéro)",
        ),
        reason=L("Why, kept in the ledger", "Pourquoi, gardé dans le registre"),
    )
    async def grant(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        amount: app_commands.Range[int, -MAX_CHIPS, MAX_CHIPS],
        reason: app_commands.Range[str, 1, REASON_LENGTH] | None = None,
    ) -> None:
        """An ``admin`` ledger entry; announced publicly in the server's language."""
        guild_id = guild_id_of(interaction)
        if member.bot:
            raise Refused("admin-bots-do-not-play-for")
        if amount == 0:
            raise Refused("admin-give-or-take-whole-number")
        db = self.bot.db
        try:
            balance = await db.write(
                Transaction.grant, guild_id, member.id, amount, by=interaction.user.id, note=reason
            )
        except InsufficientChips as exc:
            raise Refused(
                "admin-has-in-their-wallet-you",
                who=member.mention,
                have=Message.of("chips", n=exc.have),
                n=Message.of("chips", n=-amount),
            ) from exc
        public = await guild_lang(db, guild_id)
        if amount > 0:
            text = render(
                public,
                "admin-grants-their-wallet-holds",
                admin=interaction.user.mention,
                n=chips(public, amount),
                who=member.mention,
                total=chips(public, balance),
            )
        else:
            text = render(
                public,
                "admin-takes-back-from-their-wallet",
                admin=interaction.user.mention,
                n=chips(public, -amount),
                who=member.mention,
                total=chips(public, balance),
            )
        if reason:
            text += render(public, "admin-reason", r=plain(reason))
        await reply(
            interaction,
            text,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=[member]),
        )

    @app_commands.command(
        name=L("settings", "réglages"),
        description=L(
            "Show or change the economy settings of this server",
            "Afficher ou modifier les réglages d'économie du serveur",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.rename(
        starting_grant=L("starting_grant", "dotation_de_départ"),
        daily_bonus=L("daily_bonus", "bonus_quotidien"),
        daily_cooldown_hours=L("daily_cooldown_hours", "délai_quotidien_heures"),
        locale=L("locale", "langue"),
        queue_cap=L("queue_cap", "file_maximum"),
        retention_days=L("retention_days", "conservation_jours"),
    )
    @app_commands.describe(
        retention_days=L(
            "Days finished hands stay before they are archived (0 keeps them all)",
            "Jours de conservation des donnes finies avant archivage (0 : toujours)",
        ),
        queue_cap=L(
            f"Members who may wait for a seat at one table (default {DEFAULT_QUEUE_CAP})",
            f"Membres pouvant attendre une place à une table (par défaut {DEFAULT_QUEUE_CAP})",
        ),
        starting_grant=L(
            "Chips a new player's wallet starts with",
            "Jetons du portefeuille d'un nouveau joueur",
        ),
        daily_bonus=L(
            "Chips paid by /daily (0 turns it off)",
            "Jetons payés par /quotidien (0 le désactive)",
        ),
        daily_cooldown_hours=L(
            "Hours between two daily bonuses",
            "Heures entre deux bonus quotidiens",
        ),
        locale=L(
            "Language of the bot's public messages",
            "Langue des messages publics du bot",
        ),
    )
    @app_commands.choices(
        locale=[
            app_commands.Choice(name=L("English", "Anglais"), value="en"),
            app_commands.Choice(name=L("French", "Français"), value="fr"),
        ]
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        starting_grant: app_commands.Range[int, 0, MAX_CHIPS_SETTING] | None = None,
        daily_bonus: app_commands.Range[int, 0, MAX_CHIPS_SETTING] | None = None,
        daily_cooldown_hours: app_commands.Range[float, 0, MAX_COOLDOWN_HOURS] | None = None,
        locale: app_commands.Choice[str] | None = None,
        queue_cap: app_commands.Range[int, 1, MAX_QUEUE_CAP] | None = None,
        retention_days: app_commands.Range[int, 0, MAX_RETENTION_DAYS] | None = None,
    ) -> None:
        """With no option, show the settings; otherwise change the given ones. Private."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        db = self.bot.db
        if queue_cap is not None:
            await db.set_queue_cap(guild_id, queue_cap)
        if retention_days is not None:
            await db.set_retention_days(guild_id, retention_days)
        cap_line = render(
            lang, "admin-waiting-line-players-at-most", n=await db.queue_cap(guild_id)
        )
        cap_line += "\n" + render(lang, "admin-retention", n=await db.retention_days(guild_id))
        if (starting_grant, daily_bonus, daily_cooldown_hours, locale) == (None,) * 4:
            saved = await db.query(Transaction.settings, guild_id)
            changed = (queue_cap, retention_days) != (None, None)
        else:
            cooldown = None if daily_cooldown_hours is None else round(daily_cooldown_hours * 3600)
            saved = await db.write(
                Transaction.update_settings,
                guild_id,
                starting_grant=starting_grant,
                daily_bonus=daily_bonus,
                daily_cooldown=cooldown,
                locale=None if locale is None else locale.value,
            )
            changed = True
        title = render(lang, "admin-settings-saved" if changed else "admin-settings-here")
        await reply_private(interaction, f"{title}\n{settings_text(lang, saved)}\n{cap_line}")

    @app_commands.command(
        name=L("limits", "limites"),
        description=L(
            "Show or change the limits on /give (anti-abuse)",
            "Afficher ou modifier les limites de /donner (anti-abus)",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.rename(
        cooldown_seconds=L("cooldown_seconds", "délai_secondes"),
        daily_cap=L("daily_cap", "plafond_quotidien"),
        account_days=L("account_days", "âge_compte_jours"),
        member_days=L("member_days", "ancienneté_jours"),
        grant_hands=L("grant_hands", "donnes_dotation"),
        grant_stake=L("grant_stake", "mise_dotation"),
    )
    @app_commands.describe(
        cooldown_seconds=L("Seconds between two gifts by a member", "Secondes entre deux dons"),
        daily_cap=L(
            "Chips a member may give in 24 h (0: no cap)",
            "Jetons donnés en 24 h (0 : sans plafond)",
        ),
        account_days=L(
            "Minimum age of the giver's Discord account", "Âge minimum du compte Discord"
        ),
        member_days=L("Minimum days in this server to give", "Jours minimum sur ce serveur"),
        grant_hands=L(
            "Hands to play before the welcome grant may be given (0: at once)",
            "Donnes à jouer avant de pouvoir donner la dotation de bienvenue (0 : tout de suite)",
        ),
        grant_stake=L(
            "Chips of a locked welcome grant a member may stake in caves and buy-ins",
            "Jetons d'une dotation bloquée qu'un membre peut miser (caves, entrées)",
        ),
    )
    async def limits(
        self,
        interaction: discord.Interaction,
        cooldown_seconds: app_commands.Range[int, 0, 7 * 86400] | None = None,
        daily_cap: app_commands.Range[int, 0, MAX_CHIPS_SETTING] | None = None,
        account_days: app_commands.Range[float, 0, 3650] | None = None,
        member_days: app_commands.Range[float, 0, 3650] | None = None,
        grant_hands: app_commands.Range[int, 0, MAX_GRANT_HANDS] | None = None,
        grant_stake: app_commands.Range[int, 0, MAX_CHIPS_SETTING] | None = None,
    ) -> None:
        """With no option, show the /give limits; otherwise change the given ones. Private."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        current = await give_limits(self.bot.db, guild_id)
        changes: dict[str, Any] = {
            "cooldown": cooldown_seconds,
            "daily_cap": daily_cap,
            "min_account_days": account_days,
            "min_member_days": member_days,
            "grant_hands": grant_hands,
            "grant_stake": grant_stake,
        }
        saved = replace(current, **{k: v for k, v in changes.items() if v is not None})
        if saved != current:
            await save_give_limits(self.bot.db, guild_id, saved)
        await reply_private(
            interaction,
            render(
                lang,
                "admin-give-limits-cooldown-s-daily",
                c=saved.cooldown,
                d=saved.daily_cap or render(lang, "admin-none"),
                a=saved.min_account_days,
                m=saved.min_member_days,
                g=saved.grant_hands,
                s=chips(lang, saved.grant_stake),
            ),
        )

    @app_commands.command(
        name=L("flows", "flux"),
        description=L(
            "Pairs of members whose chips go one way (alternate accounts, chip dumping)",
            "Paires de membres dont les jetons vont dans un seul sens (comptes doubles)",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.rename(threshold=L("threshold", "seuil"), days=L("days", "jours"))
    @app_commands.describe(
        threshold=L(
            f"Chips gone one way between two members ({FLOW_THRESHOLD} if left empty)",
            f"Jetons passés dans un seul sens entre deux membres ({FLOW_THRESHOLD} si vide)",
        ),
        days=L(
            "Only pairs active in the last days (all time if left empty)",
            "Seulement les paires actives ces derniers jours (depuis toujours si vide)",
        ),
    )
    async def flows(
        self,
        interaction: discord.Interaction,
        threshold: app_commands.Range[int, 1, MAX_CHIPS] = FLOW_THRESHOLD,
        days: app_commands.Range[int, 1, 3650] | None = None,
    ) -> None:
        """The pairs whose one-way flow reaches the threshold, with the hands as evidence
        (strong hands folded by the giver to the taker), privately."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        since = 0.0 if days is None else discord.utils.utcnow().timestamp() - days * 86_400
        pairs = await self.bot.db.query(
            Transaction.flow_pairs,
            guild_id,
            threshold=threshold,
            min_hands=FLOW_MIN_HANDS,
            since=since,
        )
        lines = flow_lines(lang, pairs)
        head = render(lang, "admin-flows-title", n=chips(lang, threshold))
        if days is not None:
            head += "\n" + render(lang, "admin-flows-window", days=days)
        if not lines:
            body = render(lang, "admin-flows-none")
        else:
            body = listing(lang, lines, limit=CONTENT - len(head) - 10)
        await reply_private(
            interaction, f"{head}\n{body}", allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(
        name=L("audit", "audit"),
        description=L(
            "A member's latest chip movements, with the balance after each",
            "Les derniers mouvements de jetons d'un membre, avec le solde après chacun",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.rename(member=L("member", "membre"), count=L("count", "nombre"))
    @app_commands.describe(
        member=L("Whose ledger", "Le registre de qui"),
        count=L(
            f"How many movements ({AUDIT_DEFAULT} if left empty, {AUDIT_MAX} at most)",
            f"Combien de mouvements ({AUDIT_DEFAULT} si vide, {AUDIT_MAX} au plus)",
        ),
    )
    async def audit(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        count: app_commands.Range[int, 1, AUDIT_MAX] = AUDIT_DEFAULT,
    ) -> None:
        """The member's ledger, newest first, privately."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        balance = await self.bot.db.write(Transaction.balance, guild_id, member.id)
        entries = await self.bot.db.query(Transaction.ledger, guild_id, member.id, limit=count)
        title = render(lang, "admin-ledger-balance", m=member.mention, n=chips(lang, balance))
        if not entries:
            body = render(lang, "admin-no-movement-yet")
        else:
            body = listing(lang, audit_lines(lang, balance, entries), limit=CONTENT - 200)
        await reply_private(
            interaction, f"{title}\n{body}", allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(
        name=L("web", "web"),
        description=L(
            "Who may read this server's web pages; revoke every member's link",
            "Qui peut lire les pages web du serveur ; révoquer les liens des membres",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.rename(
        visibility=L("visibility", "visibilité"),
        min_hands=L("min_hands", "donnes_minimum"),
        rotate=L("rotate", "renouveler"),
    )
    @app_commands.describe(
        visibility=L(
            "public: anyone; members: with their own link (/web); off: no page",
            "publiques : tout le monde ; membres : avec leur lien (/web) ; désactivées",
        ),
        min_hands=L(
            f"Hands a player needs to be ranked on the pages (default {DEFAULT_MIN_HANDS})",
            f"Donnes pour être classé sur les pages (par défaut {DEFAULT_MIN_HANDS})",
        ),
        rotate=L(
            "A new key: every link given so far stops working",
            "Une nouvelle clé : tous les liens donnés cessent de fonctionner",
        ),
    )
    @app_commands.choices(
        visibility=[
            app_commands.Choice(name=L("public", "publiques"), value="public"),
            app_commands.Choice(name=L("members", "membres"), value="members"),
            app_commands.Choice(name=L("off", "désactivées"), value="off"),
        ]
    )
    async def web(
        self,
        interaction: discord.Interaction,
        visibility: app_commands.Choice[str] | None = None,
        min_hands: app_commands.Range[int, 0, MAX_MIN_HANDS] | None = None,
        rotate: bool = False,
    ) -> None:
        """With no option, show the web settings; otherwise change them. Private."""
        lang = lang_of(interaction.locale)
        guild_id = guild_id_of(interaction)
        saved = await self.bot.db.write(
            Transaction.change_web_settings,
            guild_id,
            visibility=None if visibility is None else cast(Visibility, visibility.value),
            min_hands=min_hands,
            name=interaction.guild.name if interaction.guild is not None else None,
            rotate=rotate,
        )
        if self.bot.web_links is not None:
            self.bot.web_links.forget(guild_id)
        seen = render(lang, f"web-visibility-{saved.visibility}")
        lines = [render(lang, "web-settings", visibility=seen, min=saved.min_hands)]
        if rotate:
            lines.append(render(lang, "web-links-revoked"))
        public_url = self.bot.settings.web_public_url
        if public_url is None:
            lines.append(render(lang, "web-settings-no-public-url"))
        elif saved.visibility != "off":
            lines.append(render(lang, "web-home-address", link=home_url(public_url, guild_id)))
        await reply_private(interaction, "\n".join(lines), suppress_embeds=True)

    season = app_commands.Group(
        name=L("season", "saison"),
        description=L(
            "The server's seasons: standings that start and end (Manage Server)",
            "Les saisons du serveur : des classements avec un début et une fin (Gérer le serveur)",
        ),
    )

    @season.command(
        name=L("start", "commencer"),
        description=L(
            "Start the next season: every hand from now on counts in its standings",
            "Commencer la saison suivante : chaque donne compte désormais pour son classement",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.rename(name=L("name", "nom"))
    @app_commands.describe(
        name=L(
            "A name for the season (its number alone if left empty)",
            "Un nom pour la saison (son numéro seul si vide)",
        )
    )
    async def season_start(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, SEASON_NAME_LENGTH] | None = None,
    ) -> None:
        """Open the next season (refused while one is open); announced publicly."""
        guild_id = guild_id_of(interaction)
        db = self.bot.db
        season = await db.write(
            Transaction.start_season, guild_id, name or "", by=interaction.user.id
        )
        public = await guild_lang(db, guild_id)
        await reply(
            interaction,
            season_started(public, season),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @season.command(
        name=L("end", "terminer"),
        description=L(
            "End the season: its standings are kept as they are and its champions announced",
            "Terminer la saison : son classement est gardé tel quel et ses champions annoncés",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def season_end(self, interaction: discord.Interaction) -> None:
        """Archive the open season's standings (once) and announce its champions here."""
        guild_id = guild_id_of(interaction)
        db = self.bot.db
        season = await db.write(Transaction.end_season, guild_id, by=interaction.user.id)
        async with db.read() as tx:
            players = await tx.season_players(guild_id, season.number)
            champions = await tx.season_champions(guild_id, season.number)
        public = await guild_lang(db, guild_id)
        await reply(
            interaction,
            embed=embed_of(public, season_end_document(public, season, players, champions)),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    table = app_commands.Group(
        name=L("table", "table"),
        description=L(
            "Rescue the table of this channel (Manage Server)",
            "Secourir la table de ce salon (Gérer le serveur)",
        ),
    )

    async def _table_here(self, interaction: discord.Interaction) -> int:
        return await table_here(interaction)

    @table.command(
        name=L("void", "annuler"),
        description=L(
            "Call off the hand in play: every stake goes back, the table goes on",
            "Annuler la donne en cours : chacun reprend sa mise, la table continue",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def table_void(self, interaction: discord.Interaction) -> None:
        """Only a server manager may undo a hand; the hand's record names him."""
        table_id = await self._table_here(interaction)
        text = await self.bot.manager.void_hand(table_id, interaction.user.id)
        await reply_private(interaction, say(lang_of(interaction.locale), text))

    @table.command(
        name=L("close", "fermer"),
        description=L(
            "Close the table now, calling off a hand in play; every stack goes home",
            "Fermer la table tout de suite, en annulant la donne en cours ; chacun reprend "
            "ses jetons",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def table_close(self, interaction: discord.Interaction) -> None:
        """Close at once (the ledger's cash-outs name the admin)."""
        table_id = await self._table_here(interaction)
        text = await self.bot.manager.close_now(table_id, interaction.user.id)
        await reply_private(interaction, say(lang_of(interaction.locale), text))


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(Admin(bot))
