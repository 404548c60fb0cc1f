"""``/table …``, ``/act`` and ``/cards``: the tables of a server, by slash command.

The same requests are on the table message's buttons (``bot.ui.buttons``); this cog only
adds the typed way and the table's creation. What is typed is read by the transformers of
``bot.ui.transformers`` before a command runs; refusals (TableError, StorageError, Refused),
raised here or there, are answered privately by the bot's command tree.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import registry
from bot.games.base import Amount
from bot.games.verbs import Verb
from bot.i18n import Message, lang_of, render
from bot.i18n.people import HOUSE_CHARACTERS, house_who
from bot.runtime import TableError
from bot.runtime.option_schema import CREATE_NEXT_HAND_DELAY, NAMED, check_typed, spec
from bot.runtime.practice import practice_opponents
from bot.runtime.settings import MAX_CAVE
from bot.storage import Transaction
from bot.ui.abuse import bot_may_run_a_table
from bot.ui.i18n import L, catalogue_str, say
from bot.ui.interaction import guild_id_of, guild_lang, table_here
from bot.ui.limits import CONTENT, listing
from bot.ui.options_text import current_lines
from bot.ui.render import embed_of, table_embed
from bot.ui.replies import answered_in_time, reply, reply_private
from bot.ui.transformers import AmountTransformer, ChoiceOptions, TableOptions, VerbTransformer
from bot.ui.views import DYNAMIC_ITEMS, show_cards
from bot.view.document import Document, Section
from bot.view.words import verb_label

if TYPE_CHECKING:
    from bot.app import SalonBot

#: How /table create names a game when its title alone would not say it (a translation).
CHOICE_NAMES = {"brag": L("Three-card Brag", "Brag à trois cartes")}
#: The games of /table create, in the registry's order.
GAME_CHOICES = [
    app_commands.Choice(name=CHOICE_NAMES.get(g.name, L(g.title, g.title)), value=g.name)
    for g in registry.specs()
]
LEVEL_CHOICES = [
    app_commands.Choice(name=L("easy", "facile"), value="easy"),
    app_commands.Choice(name=L("normal", "moyen"), value="normal"),
    app_commands.Choice(name=L("strong", "fort"), value="strong"),
]
#: The house's characters, each with its level and trait (/table house add character:).
CHARACTER_CHOICES = [
    app_commands.Choice(
        name=catalogue_str("house-character", name=name, who=house_who(uid)), value=name
    )
    for uid, (name, _) in HOUSE_CHARACTERS.items()
]
#: The bounds of /table create's named parameters: those of the options they set, from
#: their one definition (bot/runtime/option_schema.py, docs/options.md).
SEATS, CAVE, ANTE, TURN = (spec(NAMED[n]) for n in ("seats", "cave", "ante", "turn_timer"))


def chips_command(
    group: app_commands.Group,
    callback: Any,
    name: app_commands.locale_str,
    description: app_commands.locale_str,
    *,
    amount: app_commands.locale_str,
    reserve: bool = False,
) -> app_commands.Command[Any, Any, None]:
    """``callback`` as one of ``group``'s commands that bring chips to one's place (``/table
    recave``, ``/table reserve``): its name, description and amount's help, and which request
    it makes (``reserve`` in its extras)."""
    command = group.command(name=name, description=description, extras={"reserve": reserve})
    return app_commands.describe(amount=amount)(command(callback))


class Tables(commands.Cog):
    """Open, join, start and play tables."""

    table = app_commands.Group(
        name=L("table", "table"),
        description=L("Card tables in this channel", "Les tables de jeu de ce salon"),
        guild_only=True,
    )

    def __init__(self, bot: SalonBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    async def _answer(
        self, interaction: discord.Interaction, request: Callable[[int], Awaitable[Message]]
    ) -> None:
        """Run a request on this channel's table; its message goes back privately."""
        text = await request(await table_here(interaction))
        await reply_private(interaction, say(lang_of(interaction.locale), text))

    # -- /table create ------------------------------------------------------------------

    @table.command(
        name=L("create", "créer"),
        description=L("Open a table in this channel", "Ouvrir une table dans ce salon"),
    )
    @app_commands.rename(
        game=L("game", "jeu"),
        seats=L("seats", "places"),
        cave=L("cave", "cave"),
        ante=L("ante", "mise"),
        turn_timer=L("turn_timer", "minuterie"),
        options=L("options", "options"),
        house=L("house", "maison"),
        level=L("level", "niveau"),
    )
    @app_commands.describe(
        game=L("Which game", "Quel jeu"),
        seats=L(
            "Number of seats (Brelan 2-5; Brag more)", "Nombre de places (Brelan 2-5, Brag plus)"
        ),
        cave=L("Chips each player brings to the table", "Jetons apportés par chaque joueur"),
        ante=L("Ante each player puts in the pool", "Mise de base de chaque joueur"),
        turn_timer=L("Seconds to act before the automatic move", "Secondes pour jouer"),
        options=L("Other table options as key=value (see /rules)", "Autres options, clé=valeur"),
        house=L(
            "House players (computer players) to seat at once, 0-4",
            "Joueurs de la maison (l'ordinateur) à asseoir tout de suite, 0 à 4",
        ),
        level=L("How well the house players play", "Le niveau des joueurs de la maison"),
    )
    @app_commands.choices(game=GAME_CHOICES, level=LEVEL_CHOICES)
    @app_commands.check(bot_may_run_a_table)
    @answered_in_time(public=True)  # a slow answer is deferred publicly: the table message
    async def create(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        seats: app_commands.Range[int, SEATS.low, SEATS.high] | None = None,
        cave: app_commands.Range[int, CAVE.low, CAVE.high] | None = None,
        ante: app_commands.Range[int, ANTE.low, ANTE.high] | None = None,
        turn_timer: app_commands.Range[int, TURN.low, TURN.high] | None = None,
        options: app_commands.Transform[dict[str, Any], TableOptions] | None = None,
        house: app_commands.Range[int, 0, 4] = 0,
        level: app_commands.Choice[str] | None = None,
    ) -> None:
        """Open a table; the answer is the table message with its buttons."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        settings = await self.bot.db.query(Transaction.settings, interaction.guild_id)
        chosen: dict[str, Any] = {"next_hand_delay": CREATE_NEXT_HAND_DELAY}
        chosen.update(settings.table_defaults.get(game.value, {}))
        chosen.update(options or {})
        named = {"seats": seats, "cave": cave, "ante": ante, "turn_timer": turn_timer}
        # the named parameters are held to the same definitions as the options text
        chosen.update(
            check_typed(game.value, {NAMED[k]: v for k, v in named.items() if v is not None})
        )
        table_id = await self.bot.manager.create_table(
            interaction.guild_id,
            interaction.channel_id,
            game.value,
            interaction.user.id,
            chosen,
        )
        if house == 0 and chosen.get("practice") is True:  # a practice table fills itself
            house = practice_opponents(self.bot.manager.tables[table_id].settings.seats)
        for _ in range(house):
            await self.bot.manager.add_house(
                table_id, interaction.user.id, level.value if level else "normal"
            )
        kwargs = await self.bot.presenter.message_kwargs(table_id)
        message_id = await reply(interaction, **kwargs)  # the response, or after a deferral
        if message_id is not None:
            await self.bot.db.write(
                Transaction.update_table, table_id, message_ids={"table": message_id}
            )

    # -- seats --------------------------------------------------------------------------

    # -- /table house add|remove ---------------------------------------------------------

    house = app_commands.Group(
        name=L("house", "maison"),
        description=L(
            "House players: computer players at this table",
            "Joueurs de la maison : l'ordinateur à cette table",
        ),
        parent=table,
    )

    @house.command(
        name=L("add", "ajouter"),
        description=L(
            "Seat a house player (the table's creator or a server manager)",
            "Asseoir un joueur de la maison (le créateur de la table ou un gérant)",
        ),
    )
    @app_commands.rename(level=L("level", "niveau"), character=L("character", "personnage"))
    @app_commands.describe(
        level=L(
            "How well it plays (default: normal); a character of that level is drawn",
            "Son niveau de jeu (par défaut : moyen) ; un personnage de ce niveau est tiré",
        ),
        character=L(
            "Who sits down (a level and a way of playing)",
            "Qui s'assied (un niveau et une manière)",
        ),
    )
    @app_commands.choices(level=LEVEL_CHOICES, character=CHARACTER_CHOICES)
    @answered_in_time
    async def house_add(
        self,
        interaction: discord.Interaction,
        level: app_commands.Choice[str] | None = None,
        character: app_commands.Choice[str] | None = None,
    ) -> None:
        manager = interaction.permissions.manage_guild
        await self._answer(
            interaction,
            lambda t: self.bot.manager.add_house(
                t,
                interaction.user.id,
                level.value if level else "normal",
                manager=manager,
                character=character.value if character else None,
            ),
        )

    @house.command(
        name=L("remove", "retirer"),
        description=L(
            "Send the last house player away (at the end of its hand)",
            "Renvoyer le dernier joueur de la maison (à la fin de sa donne)",
        ),
    )
    @answered_in_time
    async def house_remove(self, interaction: discord.Interaction) -> None:
        manager = interaction.permissions.manage_guild
        await self._answer(
            interaction,
            lambda t: self.bot.manager.remove_house(t, interaction.user.id, manager=manager),
        )

    @table.command(
        name=L("join", "rejoindre"),
        description=L(
            "Sit down (buying in the cave), or join the waiting line",
            "S'asseoir (en payant la cave) ou entrer dans la file",
        ),
    )
    @answered_in_time
    async def join(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, lambda t: self.bot.manager.join(t, interaction.user.id))

    @table.command(
        name=L("leave", "quitter"),
        description=L(
            "Leave the table with your chips (at the end of the hand), or the line",
            "Quitter la table avec vos jetons (en fin de donne) ou la file",
        ),
    )
    @answered_in_time
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, lambda t: self.bot.manager.leave(t, interaction.user.id))

    # -- chips to one's place: /table recave and /table reserve, one command under two names --

    @app_commands.rename(amount=L("amount", "montant"))
    @answered_in_time
    async def bring_chips(
        self,
        interaction: discord.Interaction,
        amount: app_commands.Range[int, 1, MAX_CAVE] | None = None,
    ) -> None:
        """Chips from the wallet to this table: a new cave after losing one (``/table
        recave``) or a reserve cave (``/table reserve``), as the command's ``extras`` say."""
        command = interaction.command
        manager = self.bot.manager
        reserve = command is not None and command.extras.get("reserve", False)
        request = manager.add_reserve_cave if reserve else manager.recave
        await self._answer(interaction, lambda t: request(t, interaction.user.id, amount))

    recave = chips_command(
        table,
        bring_chips,
        L("recave", "recaver"),
        L(
            "Buy a new cave after losing yours (Bouillotte; Brelan with replenish)",
            "Racheter une cave après l'avoir perdue",
        ),
        amount=L("Chips to bring (default: the table's cave)", "Jetons (par défaut : la cave)"),
    )
    reserve = chips_command(
        table,
        bring_chips,
        L("reserve", "réserve"),
        L(
            "Staked Brelan: put a reserve cave on the table",
            "Brelan à caves : poser une cave de réserve",
        ),
        amount=L("Chips (default and most: the table's cave)", "Jetons (au plus la cave)"),
        reserve=True,
    )

    @table.command(
        name=L("start", "démarrer"), description=L("Deal the first hand", "Donner la première main")
    )
    @answered_in_time
    async def start(self, interaction: discord.Interaction) -> None:
        table_id = await table_here(interaction)
        await self.bot.manager.start(
            table_id, interaction.user.id, manager=interaction.permissions.manage_guild
        )
        await reply_private(
            interaction, render(lang_of(interaction.locale), "tables-cards-are-dealt")
        )

    # -- Brag's dealer's choice (docs/brag.md) ---------------------------------------------

    @table.command(
        name=L("choose", "choisir"),
        description=L(
            "Brag, dealer's choice: keep the game, change the variant, or propose another game",
            "Brag, choix du donneur : garder le jeu, changer de variante ou proposer un autre jeu",
        ),
    )
    @app_commands.rename(options=L("options", "options"))
    @app_commands.describe(
        options=L(
            "key=value, e.g. cards=4 wild=twos (yours) or ante=2 (a vote); empty: keep the game",
            "clé=valeur, ex. cards=4 wild=twos (à vous) ou ante=2 (un vote) ; vide : garder",
        )
    )
    @answered_in_time
    async def choose(
        self,
        interaction: discord.Interaction,
        options: app_commands.Transform[dict[str, Any], ChoiceOptions] | None = None,
    ) -> None:
        await self._answer(
            interaction,
            lambda t: self.bot.manager.choose_game(t, interaction.user.id, options or {}),
        )

    # -- fair dealing (docs/fairness.md) ------------------------------------------------

    @table.command(
        name=L("seed", "graine"),
        description=L(
            "Show or choose your seed for fair dealing at this table",
            "Voir ou choisir votre graine pour la donne équitable à cette table",
        ),
    )
    @app_commands.rename(text=L("text", "texte"))
    @app_commands.describe(
        text=L(
            "Your new seed: any text up to 64 characters, without | (empty: show yours)",
            "Votre nouvelle graine : un texte de 64 caractères au plus, sans | (vide : la voir)",
        )
    )
    @answered_in_time
    async def seed(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 64] | None = None
    ) -> None:
        await self._answer(
            interaction, lambda t: self.bot.manager.client_seed(t, interaction.user.id, text)
        )

    @table.command(
        name=L("cut", "couper"),
        description=L(
            "Cut the deck for the next deal (the player before the dealer)",
            "Couper le paquet pour la prochaine donne (le joueur placé avant le donneur)",
        ),
    )
    @answered_in_time
    async def cut(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, lambda t: self.bot.manager.cut(t, interaction.user.id))

    @table.command(
        name=L("reseed", "nouvelle-graine"),
        description=L(
            "Ask for a new server seed; the old one is then revealed",
            "Demander une nouvelle graine du serveur ; l'ancienne est alors révélée",
        ),
    )
    @answered_in_time
    async def reseed(self, interaction: discord.Interaction) -> None:
        await self._answer(
            interaction, lambda t: self.bot.manager.ask_reseed(t, interaction.user.id)
        )

    @table.command(
        name=L("status", "état"),
        description=L("Show this channel's table", "Afficher la table de ce salon"),
    )
    @answered_in_time
    async def status(self, interaction: discord.Interaction) -> None:
        table_id = await table_here(interaction)
        state = await self.bot.manager.status(table_id)
        embed = table_embed(lang_of(interaction.locale), state)
        await reply_private(interaction, "", embed=embed)

    @table.command(
        name=L("watch", "regarder"),
        description=L(
            "Follow a table privately, as the public sees it (no card)",
            "Suivre une table en privé, comme le public la voit (aucune carte)",
        ),
    )
    @app_commands.rename(number=L("table", "table"))
    @app_commands.describe(
        number=L("The table's number (this channel's table if empty)", "Le numéro de la table")
    )
    @answered_in_time
    async def watch(
        self,
        interaction: discord.Interaction,
        number: app_commands.Range[int, 1, 2**53 - 1] | None = None,  # Discord: 53 bits
    ) -> None:
        """The public view of a table, privately, with a word on joining it; never a card."""
        lang = lang_of(interaction.locale)
        table_id = await table_here(interaction) if number is None else number
        table = self.bot.manager.tables.get(table_id)
        if table is None or table.guild_id != interaction.guild_id:
            raise TableError("refuse-no-such-table")
        state = await self.bot.manager.status(table_id)
        seated = any(s["user"] == interaction.user.id for s in state["seats"])
        note = render(
            lang,
            "tables-watch-seated" if seated else "tables-watch-spectator",
            channel=table.channel_id,
        )
        await reply_private(interaction, note, embed=table_embed(lang, state))

    @table.command(
        name=L("queue", "file"), description=L("Who waits for a seat", "Qui attend une place")
    )
    @answered_in_time
    async def queue(self, interaction: discord.Interaction) -> None:
        table_id = await table_here(interaction)
        state = await self.bot.manager.status(table_id)
        lang = lang_of(interaction.locale)
        line = state.get("queue") or []
        if not line:
            text = render(lang, "tables-nobody-waiting")
        else:
            text = listing(lang, [f"{i}. <@{u}>" for i, u in enumerate(line, 1)], limit=CONTENT)
        await reply_private(interaction, text)

    @table.command(
        name=L("options", "options"),
        description=L("The rules and settings of this table", "Règles et réglages de cette table"),
    )
    @answered_in_time
    async def options(self, interaction: discord.Interaction) -> None:
        table_id = await table_here(interaction)
        table = self.bot.manager.tables[table_id]
        shown = {k: v for k, v in table.options().items() if k != "runtime"}
        parsed = self.bot.manager.engine_options(table_id)
        rules = parsed.to_dict() if hasattr(parsed, "to_dict") else {}
        lang = lang_of(interaction.locale)
        title = render(lang, "options-title")
        lines = tuple(current_lines(lang, {**rules, **shown}))
        doc = Document(title, sections=(Section("options", title, lines, parts=6),))
        await reply_private(interaction, "", embed=embed_of(lang, doc))

    @table.command(
        name=L("close", "fermer"),
        description=L(
            "Close the table: every stack goes home (creator or Manage Server)",
            "Fermer la table : chacun récupère ses jetons",
        ),
    )
    @answered_in_time
    async def close(self, interaction: discord.Interaction) -> None:
        table_id = await table_here(interaction)
        perms = interaction.permissions
        text = await self.bot.manager.close(table_id, interaction.user.id, force=perms.manage_guild)
        if table_id in self.bot.manager.tables:  # it closes when the hand in play ends
            await reply_private(interaction, say(lang_of(interaction.locale), text))
        else:  # closed: said publicly, in the server's language
            public = await guild_lang(self.bot.db, guild_id_of(interaction))
            await reply(interaction, say(public, text))

    # -- playing ------------------------------------------------------------------------

    @app_commands.command(
        name=L("act", "jouer"),
        description=L(
            "Play your turn at this channel's table", "Jouer votre coup à la table de ce salon"
        ),
    )
    @app_commands.rename(verb=L("verb", "coup"), amount=L("amount", "montant"))
    @app_commands.describe(
        verb=L("What to do (the list shows what you may do now)", "Le coup à jouer"),
        amount=L("Chips (or cards to discard) when the move takes them", "Jetons ou cartes"),
    )
    @app_commands.guild_only()
    @answered_in_time
    async def act(
        self,
        interaction: discord.Interaction,
        verb: app_commands.Transform[Verb | str, VerbTransformer],
        amount: app_commands.Transform[Amount, AmountTransformer] | None = None,
    ) -> None:
        """Play the move typed (read by the transformers); the runtime refuses an illegal one,
        naming the moves that are legal."""
        table_id = await table_here(interaction)
        lang = lang_of(interaction.locale)
        self.bot.presenter.player_moved(table_id, interaction.user.id)
        await self.bot.manager.act(table_id, interaction.user.id, verb, amount)
        done = verb_label(lang, verb, amount if isinstance(amount, int) else None)
        await reply_private(interaction, render(lang, "tables-played", v=done))

    @app_commands.command(
        name=L("cards", "cartes"),
        description=L(
            "Your cards in the hand being played (only you see them)",
            "Vos cartes de la donne en cours (vous seul les voyez)",
        ),
    )
    @app_commands.guild_only()
    @answered_in_time
    async def cards(self, interaction: discord.Interaction) -> None:
        table_id = await table_here(interaction)
        await show_cards(interaction, table_id)


async def setup(bot: SalonBot) -> None:
    await bot.add_cog(Tables(bot))
