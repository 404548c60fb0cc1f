"""``/tournament create|start|cancel|status|list``: a server's tournaments (docs/tournaments.md).

``/tournament create`` answers with the tournament's message itself (the registration, with
its Register / Unregister buttons: ``bot.ui.tournament_view``), which the tournament
presenter edits in place from then on. The schedule, the payouts, the start and the
tournament are read by the transformers of ``bot.ui.tournament_args``; every refusal
(theirs, the runtime's, this cog's) is answered privately by the command tree, in the
member's language.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import registry
from bot.games.levels import Schedule, has_ante
from bot.i18n import Message, lang_of
from bot.runtime.option_schema import CREATE_NEXT_HAND_DELAY
from bot.runtime.tournament_limits import (
    DEFAULT_PER_MEMBER,
    DEFAULT_PER_SERVER,
    MOST_UNDER_WAY,
    limits_of,
    set_limits,
)
from bot.runtime.tournament_spec import MOST_CHIPS, MOST_HOUSE, MOST_PLAYERS, TournamentSpec
from bot.storage.txbase import MAX_CHIPS
from bot.ui.i18n import L, say
from bot.ui.interaction import guild_id_of
from bot.ui.permissions import Place, lacking, missing
from bot.ui.render import embed_of
from bot.ui.replies import Refused, answered_in_time, reply, reply_private
from bot.ui.tournament_args import PayoutsArg, ScheduleArg, StartArg, TournamentArg
from bot.ui.tournament_view import RegisterButton, answer_drawn_before
from bot.view.tournament import tournament_document, tournament_list_document

if TYPE_CHECKING:
    from bot.app import SalonBot

log = logging.getLogger(__name__)

#: The games a tournament may be of (those with an ante to raise), in the registry's order.
GAME_CHOICES = [
    app_commands.Choice(name=L(g.title, g.title), value=g.name)
    for g in registry.specs()
    if has_ante(g.name)
]
Callback = TypeVar("Callback", bound=Callable[..., Awaitable[Any]])
#: How many past tournaments ``/tournament list past:true`` shows.
PAST_SHOWN = 20


def picks_a_tournament(command: Callback) -> Callback:
    """The ``tournament`` option of a command: its French name and its help."""
    described = app_commands.describe(
        tournament=L("Which tournament (default: this channel's)", "Quel tournoi (ce salon)")
    )(command)
    return app_commands.rename(tournament=L("tournament", "tournoi"))(described)


def may_run_a_tournament(interaction: discord.Interaction) -> None:
    """Refuse a channel where the bot could not run a tournament: a thread (its tables
    open threads of their own), or a permission it needs there missing (named, with what it
    is for: :data:`~bot.ui.permissions.NEEDS`), before any chip moves."""
    if isinstance(interaction.channel, discord.Thread):
        raise Refused("refuse-tournament-in-thread")
    lacks = missing(Place.TOURNAMENT, interaction.app_permissions)
    if lacks:
        raise Refused("refuse-tournament-permission", **lacking(*lacks[0]))


class Tournaments(commands.Cog):
    """Create, follow and call off tournaments."""

    tournament = app_commands.Group(
        name=L("tournament", "tournoi"),
        description=L("Tournaments on this server", "Les tournois de ce serveur"),
        guild_only=True,
    )

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RegisterButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RegisterButton)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a registration button its message no longer shows is answered too
        (:func:`~bot.ui.tournament_view.answer_drawn_before`)."""
        await answer_drawn_before(interaction)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Left or kicked (the members intent): see :meth:`member_gone`."""
        await self.member_gone(payload.guild_id, payload.user.id)

    @commands.Cog.listener()
    async def on_member_ban(
        self, guild: discord.Guild, user: discord.User | discord.Member
    ) -> None:
        """Banned: see :meth:`member_gone`."""
        await self.member_gone(guild.id, user.id)

    async def member_gone(self, guild_id: int, user_id: int) -> None:
        """A member gone from the server before a tournament he registered for starts is
        seated sitting out at its start, never waited for (``member_left``); at the tables
        the lifecycle cog lets him go."""
        director = self.bot.manager.tournaments
        if user_id == getattr(self.bot.user, "id", None) or not director.registering(guild_id):
            return
        try:
            await director.member_left(guild_id, user_id)
        except Exception:
            log.exception("could not mark member %s departed in %s", user_id, guild_id)

    async def _here(self, interaction: discord.Interaction, number: int | None) -> int:
        """The tournament named, else the one under way in this channel (or whose table is
        played in this thread); a refusal says which to name."""
        guild_id = guild_id_of(interaction)
        director = self.bot.manager.tournaments
        if number is not None:
            if (await director.status(number))["guild_id"] != guild_id:
                raise Refused("refuse-tournament-unknown")
            return number
        channel = interaction.channel
        places = {interaction.channel_id, getattr(channel, "parent_id", None)}
        here = [
            v["id"]
            for v in await director.tournaments(guild_id)
            if v["channel_id"] in places or any(t["channel_id"] in places for t in v["tables"])
        ]
        if not here:
            raise Refused("refuse-tournament-none-here")
        if len(here) > 1:
            raise Refused("refuse-tournament-which", ids=", ".join(f"#{i}" for i in here))
        return here[0]

    # -- /tournament create ---------------------------------------------------------------

    @tournament.command(
        name=L("create", "créer"),
        description=L(
            "Open a tournament's registration in this channel",
            "Ouvrir les inscriptions à un tournoi dans ce salon",
        ),
    )
    @app_commands.rename(
        game=L("game", "jeu"),
        seats=L("seats", "places"),
        buy_in=L("buy_in", "entrée"),
        schedule=L("schedule", "paliers"),
        payouts=L("payouts", "prix"),
        house=L("house", "maison"),
        start=L("start", "début"),
        min_players=L("min_players", "minimum"),
        per_table=L("per_table", "par_table"),
        chips=L("chips", "jetons"),
    )
    @app_commands.describe(
        game=L("Which game", "Quel jeu"),
        seats=L(
            "Players in all: it starts when that many have registered (scheduled: at most)",
            "Joueurs en tout : il commence à ce nombre d'inscrits (programmé : au plus)",
        ),
        buy_in=L(
            "Chips each member pays into the prize pool (0: free)",
            "Jetons versés à la cagnotte par chaque membre (0 : gratuit)",
        ),
        schedule=L(
            "Rising stakes, e.g. 10 hands: 1 2 3 5 8 (default: the game's)",
            "Mises montantes, ex. 10 donnes : 1 2 3 5 8 (par défaut : celles du jeu)",
        ),
        payouts=L(
            "The prize pool's split, e.g. 60/30/10 (default 50/30/20)",
            "Partage de la cagnotte, ex. 60/30/10 (par défaut 50/30/20)",
        ),
        house=L(
            "House players (computer players) who enter at once",
            "Joueurs de la maison (l'ordinateur) inscrits tout de suite",
        ),
        start=L(
            "A scheduled start: 2h, 1h30, 21:00 (UTC) or a timestamp (default: when full)",
            "Un début programmé : 2h, 1h30, 21:00 (UTC) ou un horodatage (défaut : si complet)",
        ),
        min_players=L(
            "A scheduled start's minimum field (default 2; else every buy-in is refunded)",
            "Minimum d'inscrits d'un début programmé (2 ; sinon tout est remboursé)",
        ),
        per_table=L(
            "Seats at each table (default: the game's)",
            "Places à chaque table (par défaut : celles du jeu)",
        ),
        chips=L(
            "Tournament chips each player starts with (default: the game's cave)",
            "Jetons de tournoi de départ de chaque joueur (par défaut : la cave du jeu)",
        ),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @answered_in_time(public=True)  # a slow answer is deferred publicly: the message
    async def create(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        seats: app_commands.Range[int, 2, MOST_PLAYERS],
        buy_in: app_commands.Range[int, 0, MAX_CHIPS],
        schedule: app_commands.Transform[Schedule, ScheduleArg] | None = None,
        payouts: app_commands.Transform[tuple[int, ...], PayoutsArg] | None = None,
        house: app_commands.Range[int, 0, MOST_HOUSE] = 0,
        start: app_commands.Transform[float, StartArg] | None = None,
        min_players: app_commands.Range[int, 2, MOST_PLAYERS] | None = None,
        per_table: app_commands.Range[int, 2, 16] | None = None,
        chips: app_commands.Range[int, 1, MOST_CHIPS] | None = None,
    ) -> None:
        """Open the registration; the answer is the tournament's message with its buttons."""
        guild_id = guild_id_of(interaction)
        may_run_a_tournament(interaction)
        assert interaction.channel_id is not None
        spec = TournamentSpec.checked(
            game.value,
            seats=per_table,
            players=seats,
            buy_in=buy_in,
            chips=chips,
            schedule=schedule,
            payouts=payouts,
            house=house,
            start_at=start,
            min_players=min_players,
            next_hand_delay=CREATE_NEXT_HAND_DELAY,
        )
        messages = self.bot.tournament_messages
        with messages.responding(None):  # the answer is the message: no edit meanwhile
            tid = await self.bot.manager.tournaments.create(
                guild_id,
                interaction.channel_id,
                interaction.user.id,
                spec,
                manager=interaction.permissions.manage_guild,
            )
        message_id = await reply(interaction, **await messages.message_kwargs(tid))
        if message_id is not None:
            await self.bot.manager.tournaments.set_message_ids(tid, {"message": message_id})
        else:
            messages.refresh(tid)  # no id given: the outbox posts it

    # -- the tournament's life --------------------------------------------------------------

    @tournament.command(
        name=L("start", "lancer"),
        description=L(
            "Start now with those registered (its creator or a server manager)",
            "Lancer maintenant avec les inscrits (son créateur ou un gérant)",
        ),
    )
    @picks_a_tournament
    @app_commands.rename(fill=L("fill_house", "compléter"))
    @app_commands.describe(
        fill=L(
            "House players take the places left first",
            "Des joueurs de la maison prennent d'abord les places libres",
        ),
    )
    @answered_in_time
    async def start(
        self,
        interaction: discord.Interaction,
        tournament: app_commands.Transform[int, TournamentArg] | None = None,
        fill: bool = False,
    ) -> None:
        tid = await self._here(interaction, tournament)
        text = await self.bot.manager.tournaments.start(
            tid,
            interaction.user.id,
            manager=interaction.permissions.manage_guild,
            fill_house=fill,
        )
        await reply_private(interaction, say(lang_of(interaction.locale), text))

    @tournament.command(
        name=L("cancel", "annuler"),
        description=L(
            "Call a tournament off, every buy-in refunded (a server manager; its creator "
            "before the start)",
            "Annuler un tournoi, chaque entrée remboursée (un gérant ; son créateur avant "
            "le début)",
        ),
    )
    @picks_a_tournament
    @answered_in_time
    async def cancel(
        self,
        interaction: discord.Interaction,
        tournament: app_commands.Transform[int, TournamentArg] | None = None,
    ) -> None:
        tid = await self._here(interaction, tournament)
        text = await self.bot.manager.tournaments.cancel(
            tid, interaction.user.id, manager=interaction.permissions.manage_guild
        )
        await reply_private(interaction, say(lang_of(interaction.locale), text))

    @tournament.command(
        name=L("limits", "limites"),
        description=L(
            "Show or set how many tournaments may be under way at once (a server manager)",
            "Afficher ou régler combien de tournois peuvent être en cours (un gérant)",
        ),
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.rename(per_member=L("per_member", "par_membre"), server=L("server", "serveur"))
    @app_commands.describe(
        per_member=L(
            f"Under way at once per member (default {DEFAULT_PER_MEMBER})",
            f"En cours à la fois par membre (par défaut {DEFAULT_PER_MEMBER})",
        ),
        server=L(
            f"Under way at once on this server (default {DEFAULT_PER_SERVER})",
            f"En cours à la fois sur ce serveur (par défaut {DEFAULT_PER_SERVER})",
        ),
    )
    @answered_in_time
    async def limits(
        self,
        interaction: discord.Interaction,
        per_member: app_commands.Range[int, 1, MOST_UNDER_WAY] | None = None,
        server: app_commands.Range[int, 1, MOST_UNDER_WAY] | None = None,
    ) -> None:
        """With no option, show the limits; otherwise change the given ones. Private."""
        guild_id, db = guild_id_of(interaction), self.bot.db
        if (per_member, server) == (None, None):
            now = await limits_of(db, guild_id)
        else:
            now = await set_limits(db, guild_id, per_member=per_member, per_server=server)
        text = Message.of("tournament-limits-shown", server=now.per_server, member=now.per_member)
        await reply_private(interaction, say(lang_of(interaction.locale), text))

    # -- reading ----------------------------------------------------------------------------

    @tournament.command(
        name=L("status", "état"),
        description=L(
            "A tournament's registration, standings or results, privately",
            "Les inscrits, le classement ou les résultats d'un tournoi, en privé",
        ),
    )
    @picks_a_tournament
    @answered_in_time
    async def status(
        self,
        interaction: discord.Interaction,
        tournament: app_commands.Transform[int, TournamentArg] | None = None,
    ) -> None:
        tid = await self._here(interaction, tournament)
        lang = lang_of(interaction.locale)
        view = await self.bot.manager.tournaments.status(tid)
        await reply_private(interaction, "", embed=embed_of(lang, tournament_document(lang, view)))

    @tournament.command(
        name=L("list", "liste"),
        description=L(
            "The tournaments of this server, privately", "Les tournois de ce serveur, en privé"
        ),
    )
    @app_commands.rename(past=L("past", "passés"))
    @app_commands.describe(
        past=L("Also those over or called off", "Aussi ceux terminés ou annulés")
    )
    @answered_in_time
    async def listing(self, interaction: discord.Interaction, past: bool = False) -> None:
        director = self.bot.manager.tournaments
        views = await director.tournaments(guild_id_of(interaction), live=not past)
        if past:
            views = views[-PAST_SHOWN:]
        lang = lang_of(interaction.locale)
        await reply_private(
            interaction, "", embed=embed_of(lang, tournament_list_document(lang, views))
        )


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(Tournaments(bot))
