"""The table message's buttons: persistent, with the table and hand in every custom id.

Three kinds of button, all :class:`discord.ui.DynamicItem` so they keep working after a
restart:

- ``salon:t:<table>:<join|leave|start|cards>``: the table's own controls;
- ``salon:a:<table>:<hand>:<index>:<verb>:<amount>``: one legal action with a preset amount,
  for the move number ``index`` of the hand (a click for a move already played is refused);
- ``salon:o:<table>:<hand>:<index>:<verb>``: "other amount", which opens a modal;
- the older ids without ``index`` are answered as stale (:class:`OldActionButton`).

``<verb>`` is one of :class:`~bot.games.verbs.Verb` (:data:`VERB_IDS`): an id with any other
word matches no button and is never played.

A click on a button of a hand that is over is refused politely; anyone but the player to
act gets "not your turn" or "you are not seated", privately. Every refusal of a click, and
any failure, is answered in one place: :func:`always_answered`.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar

import discord

from bot.games.verbs import Verb
from bot.i18n import Lang, lang_of, render
from bot.i18n.message import Refusal
from bot.runtime import TableError
from bot.runtime.manager import ALREADY_PLAYED
from bot.runtime.public import HandView, LegalAction, PublicState, VariantChoice
from bot.ui.abuse import too_fast_text
from bot.ui.card_emojis import EMOJI_TEXT, option_emoji
from bot.ui.fair_text import fair_explanation
from bot.ui.i18n import say
from bot.ui.limits import BUTTON_LABEL, MODAL_TITLE, OPTION_LABEL, SELECT_PLACEHOLDER, fit_text
from bot.ui.render import CardsPlace, cards_message, coloured_card, verb_label
from bot.ui.replies import answer_failure, in_time, reply_private, too_late
from bot.ui.services import services_of

log = logging.getLogger(__name__)

#: Verbs whose amount is chosen by the player (a range min..max).
MAX_PRESETS = 4
#: The verbs an action button's custom id may carry, as the alternatives of its template:
#: those of :class:`~bot.games.verbs.Verb`; an id with any other word matches no button, and
#: discord.py drops its click unanswered (Discord only sends the ids of the bot's buttons).
VERB_IDS = "|".join(re.escape(verb) for verb in Verb)


# -- which buttons ---------------------------------------------------------------------------


def presets(legal: LegalAction, hand: HandView) -> list[int]:
    """Amounts offered as buttons for a ranged verb: the minimum, the pool, double, all-in.

    >>> presets({"verb": "raise", "min": 5, "max": 30}, {"pool": 4, "vade": 4})
    [5, 8, 30]
    >>> presets({"verb": "open", "min": 4, "max": 9}, {"pool": 4, "vade": 0})
    [4, 8, 9]
    """
    low, high = legal["min"], legal["max"]  # a ranged verb has both
    pool = hand.get("pool") or hand.get("pot") or 0
    vade = hand.get("vade") or 0
    wanted = [low, pool, 2 * vade if vade else 2 * low, high]
    out: list[int] = []
    for amount in wanted:
        if low <= amount <= high and amount not in out:
            out.append(amount)
    return sorted(out)[:MAX_PRESETS]


def table_view(lang: Lang, state: PublicState) -> discord.ui.View:
    """The buttons under the table message for its current state."""
    view = discord.ui.View(timeout=None)
    table_id = state["table_id"]
    hand = state["hand"]
    playing = hand is not None and hand["to_act"] is not None
    controls = [
        ("join", render(lang, "ui-join"), discord.ButtonStyle.success),
        ("leave", render(lang, "ui-leave"), discord.ButtonStyle.secondary),
    ]
    if not playing:
        controls.append(("start", render(lang, "ui-start"), discord.ButtonStyle.primary))
    # My cards is always there; without a hand in play it says so, privately.
    controls.append(("cards", render(lang, "ui-my-cards"), discord.ButtonStyle.primary))
    controls.append(("bump", render(lang, "ui-bump"), discord.ButtonStyle.secondary))
    for what, label, style in controls:
        view.add_item(TableButton(table_id, what, label=label, style=style))
    if not playing or hand is None:
        for item in fair_buttons(lang, state):
            item.row = 1
            view.add_item(item)
        for row_no, choices in enumerate(choice_items(lang, state), start=2):
            for choice_item in choices:
                choice_item.row = row_no
                view.add_item(choice_item)
        return view
    hand_id = hand["id"]
    index = hand["actions"]  # the move these buttons play: a second click is stale
    simple: list[discord.ui.Item[Any]] = []
    ranged: list[list[discord.ui.Item[Any]]] = []
    for legal in hand["legal"]:
        verb = legal["verb"]
        if "min" in legal:
            row: list[discord.ui.Item[Any]] = [
                ActButton(
                    table_id,
                    hand_id,
                    verb,
                    amount,
                    index=index,
                    label=verb_label(lang, verb, amount),
                )
                for amount in presets(legal, hand)
            ]
            word = verb_label(lang, verb).replace(" …", "")
            row.append(
                OtherAmountButton(
                    table_id,
                    hand_id,
                    verb,
                    index=index,
                    label=render(lang, "ui-other", v=word),
                )
            )
            ranged.append(row)
        elif verb == "discard":
            ranged.append(
                [
                    OtherAmountButton(
                        table_id, hand_id, verb, index=index, label=verb_label(lang, verb)
                    )
                ]
            )
        else:
            amount = legal.get("amount")
            label = verb_label(lang, verb, amount)
            if verb == "showdown" and hand["phase"] == "proposal":
                label = render(lang, "ui-agree-show")
            simple.append(
                ActButton(
                    table_id,
                    hand_id,
                    verb,
                    amount,
                    index=index,
                    label=label,
                )
            )
    rows = [simple[i : i + 5] for i in range(0, len(simple), 5)] + ranged
    if len(rows) < 4:
        rows.append(fair_buttons(lang, state))
    for row_no, items in enumerate(rows[:4], start=1):
        for item in items:
            item.row = row_no
            view.add_item(item)
    return view


def fair_buttons(lang: Lang, state: PublicState) -> list[discord.ui.Item[Any]]:
    """✂️ Cut (when someone may cut for the next deal) and 🔒 Fair dealing (how it works)."""
    table_id = state["table_id"]
    fair = state["fair"]
    items: list[discord.ui.Item[Any]] = []
    if fair and fair["cutter"] is not None:
        items.append(TableButton(table_id, "cut", label="✂️ " + render(lang, "label-cut")))
    if fair:
        items.append(TableButton(table_id, "fair", label="🔒 " + render(lang, "label-fair")))
    return items


def choice_items(lang: Lang, state: PublicState) -> list[list[discord.ui.Item[Any]]]:
    """Brag's dealer's choice: the dealer's menu of variants, or Yes / No to his proposal."""
    choice = state["choice"]
    if not choice:
        return []
    table_id = state["table_id"]
    if choice["proposal"] is None:
        return [[VariantSelect(table_id, lang, choice["variants"])]]
    return [
        [
            TableButton(
                table_id, "yes", label="✅ " + render(lang, "label-vote-yes"),
                style=discord.ButtonStyle.success,
            ),
            TableButton(
                table_id, "no", label="❌ " + render(lang, "label-vote-no"),
                style=discord.ButtonStyle.danger,
            ),
        ]
    ]  # fmt: skip


def variant_value(option: str, value: Any) -> str:
    """A menu value: ``cards=4``, ``wild=twos``, ``blind_allowed=false``."""
    return f"{option}={str(value).lower() if isinstance(value, bool) else value}"


def parse_variant(value: str) -> dict[str, Any]:
    """A menu value back as a change (``keep``: none).

    >>> parse_variant("cards=4"), parse_variant("blind_allowed=false"), parse_variant("keep")
    ({'cards': 4}, {'blind_allowed': False}, {})
    """
    if "=" not in value:
        return {}
    option, raw = value.split("=", 1)
    parsed: Any = raw
    if raw in ("true", "false"):
        parsed = raw == "true"
    elif raw.isdigit():
        parsed = int(raw)
    return {option: parsed}


# -- answering a click -------------------------------------------------------------------------


async def answer_with_table(
    interaction: discord.Interaction,
    table_id: int,
    request: Callable[[], Awaitable[Any]],
) -> Any:
    """Run a table request; answer by editing the table message in the interaction callback.

    A refusal leaves the message as it is (a change made meanwhile is shown by REST, and a
    turn that moved is announced) and goes on to :func:`always_answered`, which answers it
    privately like any other. A request slower than
    :data:`~bot.ui.replies.ANSWER_BUDGET` defers the click first (the message is then edited
    through the interaction's original response). An answer that comes too late for Discord
    (the move is applied all the same) leaves the table message to the outbox.
    """
    services = services_of(interaction)
    presenter = services.presenter
    lang = lang_of(interaction.locale)
    received = discord.utils.utcnow().timestamp()
    with presenter.responding(table_id) as capture:
        try:
            result = await in_time(interaction, request(), thinking=False)
        except Refusal:
            if capture.dirty:
                presenter.refresh(table_id)
            if capture.turn_pending:
                presenter.notify_turn(table_id)
            raise
    version = presenter.outbox.version(table_id)
    kwargs = await presenter.message_kwargs(table_id)
    if interaction.message is None:
        presenter.refresh(table_id)
    else:
        try:
            if interaction.response.is_done():  # deferred: the original is the message
                await interaction.edit_original_response(**kwargs)
            else:
                await interaction.response.edit_message(**kwargs)
        except discord.HTTPException as exc:
            # the request was applied: never let a failed edit fail the click
            if too_late(exc):
                log.info("a click on table %s was answered too late: %s", table_id, exc)
                presenter.refresh(table_id)
            else:
                log.warning("could not edit table %s through a click", table_id, exc_info=True)
                if not interaction.response.is_done():
                    with contextlib.suppress(discord.HTTPException):
                        await reply_private(
                            interaction, render(lang, "ui-done-table-message-could-not")
                        )
                presenter.refresh(table_id, repost=True)
        else:
            presenter.outbox.shown(table_id, version)
            presenter.remember_click(table_id, interaction, received)
    if capture.turn_pending:
        presenter.notify_turn(table_id)
    return result


def check_turn(interaction: discord.Interaction, table_id: int, hand_id: int) -> None:
    """Refuse (:class:`TableError`, answered by :func:`always_answered`) a click from anyone
    but the player to act, or on an old hand: the runtime's own turn check
    (``verify_turn``), before asking it to play."""
    manager = services_of(interaction).manager
    table = manager.tables.get(table_id)
    if table is None or table.closed:
        raise TableError("refuse-no-such-table")
    manager.verify_turn(table, interaction.user.id, hand_id)


async def show_cards(interaction: discord.Interaction, table_id: int) -> None:
    """The player's cards, privately (the fallback when DMs are closed)."""
    services = services_of(interaction)
    lang = lang_of(interaction.locale)
    mine = await in_time(
        interaction, services.manager.my_cards(table_id, interaction.user.id), thinking=True
    )
    services.presenter.cards_seen(table_id, interaction.user.id)
    state = await services.presenter.state(table_id)
    hand = state["hand"] if state is not None else None
    guild = interaction.guild
    place = CardsPlace(
        table_id, mine.get("hand_no") or (hand["no"] if hand else None), interaction.channel_id,
        guild.name if guild else "",
    )  # fmt: skip
    game = state["game"] if state is not None else ""
    text = cards_message(lang, game, place, mine["cards"], mine.get("retourne"))
    if mine.get("ended") and mine.get("said") is not None:  # the hand he asks about is over
        text = render(lang, mine["said"]) + "\n" + text
    await reply_private(interaction, text)


SUIT_LETTERS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def parse_amount(raw: str) -> int | tuple[str, ...]:
    """A typed amount: a whole number, or the cards of a discard (as the engine takes them).

    >>> parse_amount(" 12 "), parse_amount("Ks, qd"), parse_amount("10♠ <:salon_Ah:12>")
    (12, ('Ks', 'qd'), ('10s', 'Ah'))
    """
    text = raw.replace("\ufe0f", "").strip()  # a suit pasted in its emoji form
    text = EMOJI_TEXT.sub(r" \1 ", text).strip()  # a card emoji pasted from a message
    if re.fullmatch(r"\d+", text):
        return int(text)
    for symbol, letter in SUIT_LETTERS.items():
        text = text.replace(symbol, letter)
    return tuple(re.split(r"[\s,;]+", text.replace("`", " ").strip()))


def typed_amount(verb: str, raw: str | None) -> int | tuple[str, ...] | None:
    """The amount of a move as typed (/act, the "other…" modal): None when nothing is, the
    cards of a discard, a whole number, else the text as typed, for the refusal to repeat.

    >>> typed_amount("raise", " "), typed_amount("raise", "2,5"), typed_amount("raise", "12")
    (None, ('2,5',), 12)
    """
    if raw is None or not raw.strip():
        return None
    value = parse_amount(raw)
    return value if verb == "discard" or isinstance(value, int) else (raw.strip(),)


async def play(
    interaction: discord.Interaction,
    table_id: int,
    hand_id: int,
    verb: str,
    amount: int | tuple[str, ...] | None,
    index: int | None = None,
) -> None:
    """A legal-action click: checked, played, answered with the updated table message.

    ``index``: the number of moves already played when the button was drawn; a click for a
    move already played is refused, even when the turn has come back to the same player."""
    check_turn(interaction, table_id, hand_id)
    services = services_of(interaction)
    services.presenter.player_moved(table_id, interaction.user.id)
    await answer_with_table(
        interaction,
        table_id,
        lambda: services.manager.act(
            table_id,
            interaction.user.id,
            verb,
            amount,
            hand_id=hand_id,
            index=index,
        ),
    )


# -- the buttons ---------------------------------------------------------------------------

Handler = TypeVar("Handler", bound=Callable[[Any, discord.Interaction], Awaitable[None]])


def always_answered(handler: Handler) -> Handler:
    """The one place a click's or a modal's failure is answered: a refusal (``TableError``,
    ``StorageError``) privately, in the clicking member's language; anything else logged and
    answered privately too, instead of ending in Discord's bare "This interaction failed"
    (:func:`~bot.ui.replies.answer_failure`, which answers the slash commands too)."""

    @functools.wraps(handler)
    async def wrapper(self: Any, interaction: discord.Interaction) -> None:
        try:
            await handler(self, interaction)
        except Exception as exc:
            await answer_failure(
                interaction,
                exc,
                unexpected="ui-something-went-wrong-on-our",
                what=f"a click on {getattr(self, 'custom_id', self)}",
            )

    return wrapper  # type: ignore[return-value]


class Throttled:
    """Refuses, privately and politely, a member who clicks faster than ``CLICKS`` allows."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        data: Mapping[str, Any] = interaction.data or {}
        button = str(data.get("custom_id", ""))
        if services_of(interaction).clicks.allow(interaction.user.id, button):
            return True
        await reply_private(interaction, too_fast_text(lang_of(interaction.locale)))
        return False


class TableButton(
    Throttled,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"salon:t:(?P<table>\d+):(?P<what>join|leave|start|cards|bump|cut|fair|yes|no)",
):
    """Join, Leave, Start, My cards, Bump (the table message back at the bottom), Cut and
    Fair dealing (how the deck is dealt, privately)."""

    def __init__(
        self,
        table_id: int,
        what: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or what, BUTTON_LABEL),
                style=style,
                custom_id=f"salon:t:{table_id}:{what}",
            )
        )
        self.table_id = table_id
        self.what = what

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> TableButton:
        return cls(int(match["table"]), match["what"])

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        table_id, user = self.table_id, interaction.user.id
        if self.what == "cards":
            await show_cards(interaction, table_id)
        elif self.what == "bump":
            await reply_private(interaction, render(lang_of(interaction.locale), "turn-bumped"))
            services.presenter.refresh(table_id, repost=True)
        elif self.what == "fair":
            status = await in_time(interaction, services.manager.status(table_id), thinking=True)
            await reply_private(interaction, fair_explanation(lang_of(interaction.locale), status))
        elif self.what in ("yes", "no"):
            yes = self.what == "yes"
            await answer_with_table(
                interaction, table_id, lambda: services.manager.vote_game(table_id, user, yes)
            )
        elif self.what == "cut":
            await answer_with_table(
                interaction, table_id, lambda: services.manager.cut(table_id, user)
            )
        elif self.what == "join":
            await answer_with_table(
                interaction, table_id, lambda: services.manager.join(table_id, user)
            )
        elif self.what == "leave":
            await answer_with_table(
                interaction, table_id, lambda: services.manager.leave(table_id, user)
            )
        else:
            manager = interaction.permissions.manage_guild
            await answer_with_table(
                interaction,
                table_id,
                lambda: services.manager.start(table_id, user, manager=manager),
            )


class ActButton(
    Throttled,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"salon:a:(?P<table>\d+):(?P<hand>\d+):(?P<index>\d+):(?P<verb>{VERB_IDS}):(?P<amount>\d*)",
):
    """One legal action, with its amount when it has one, for the move number ``index``."""

    def __init__(
        self,
        table_id: int,
        hand_id: int,
        verb: str,
        amount: int | None,
        *,
        index: int = 0,
        label: str | None = None,
    ) -> None:
        style = (
            discord.ButtonStyle.danger
            if verb in ("pass", "fold")
            else (discord.ButtonStyle.primary)
        )
        custom_id = (
            f"salon:a:{table_id}:{hand_id}:{index}:{verb}:{'' if amount is None else amount}"
        )
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or verb, BUTTON_LABEL), style=style, custom_id=custom_id
            )
        )
        self.table_id, self.hand_id, self.verb, self.amount = table_id, hand_id, verb, amount
        self.index = index

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActButton:
        amount = int(match["amount"]) if match["amount"] else None
        return cls(
            int(match["table"]),
            int(match["hand"]),
            Verb(match["verb"]),
            amount,
            index=int(match["index"]),
        )

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.table_id, self.hand_id, self.verb, self.amount, self.index)


class AmountModal(discord.ui.Modal):
    """Any other amount for a ranged action (or the cards of a discard)."""

    def __init__(
        self, lang: Lang, table_id: int, hand_id: int, verb: str, hint: str, index: int = 0
    ) -> None:
        super().__init__(title=fit_text(verb_label(lang, verb, None), MODAL_TITLE), timeout=300)
        self.table_id, self.hand_id, self.verb, self.index = table_id, hand_id, verb, index
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            label=render(lang, "ui-amount") if verb != "discard" else render(lang, "ui-cards"),
            placeholder=hint[:100],
            max_length=40,
        )
        self.add_item(self.amount)

    @always_answered
    async def on_submit(self, interaction: discord.Interaction) -> None:
        await play(
            interaction,
            self.table_id,
            self.hand_id,
            self.verb,
            typed_amount(self.verb, self.amount.value),
            self.index,
        )


class OtherAmountButton(
    Throttled,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"salon:o:(?P<table>\d+):(?P<hand>\d+):(?P<index>\d+):(?P<verb>{VERB_IDS})",
):
    """Opens a modal for an amount the presets do not offer."""

    def __init__(
        self, table_id: int, hand_id: int, verb: str, *, index: int = 0, label: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or verb, BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"salon:o:{table_id}:{hand_id}:{index}:{verb}",
            )
        )
        self.table_id, self.hand_id, self.verb, self.index = table_id, hand_id, verb, index

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> OtherAmountButton:
        return cls(
            int(match["table"]), int(match["hand"]), Verb(match["verb"]), index=int(match["index"])
        )

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        check_turn(interaction, self.table_id, self.hand_id)
        lang = lang_of(interaction.locale)
        services = services_of(interaction)
        state = await services.presenter.state(self.table_id)
        hand = state["hand"] if state is not None else None
        legals = hand["legal"] if hand is not None else []
        hint = ""
        for legal in legals:
            if legal["verb"] == self.verb and "min" in legal:
                hint = render(lang, "ui-from", a=legal["min"], b=legal["max"])
        if self.verb == "discard":
            count = next(
                (a.get("amount") or 1 for a in legals if a["verb"] == "discard"),
                1,
            )
            await offer_discard(interaction, self.table_id, self.hand_id, self.index, count)
            return
        await interaction.response.send_modal(
            AmountModal(lang, self.table_id, self.hand_id, self.verb, hint, self.index)
        )


async def offer_discard(
    interaction: discord.Interaction, table_id: int, hand_id: int, index: int, count: int
) -> None:
    """Four- and five-card Brag: a private menu of the player's own cards, to pick the
    ``count`` he throws away."""
    lang = lang_of(interaction.locale)
    services = services_of(interaction)
    mine = await services.manager.my_cards(table_id, interaction.user.id)
    view = discord.ui.View(timeout=None)
    view.add_item(DiscardSelect(table_id, hand_id, index, count, list(mine["cards"]), lang))
    await reply_private(interaction, render(lang, "ui-discard-pick", n=count), view=view)


class DiscardSelect(
    Throttled,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"salon:d:(?P<table>\d+):(?P<hand>\d+):(?P<index>\d+):(?P<count>\d)",
):
    """The cards a Brag player discards, chosen in a menu of his own cards."""

    def __init__(
        self,
        table_id: int,
        hand_id: int,
        index: int,
        count: int,
        codes: list[str] | None = None,
        lang: Lang = "en",
    ) -> None:
        options = [
            discord.SelectOption(label=coloured_card(c), value=c, emoji=option_emoji(c))
            for c in codes or ["-"]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"salon:d:{table_id}:{hand_id}:{index}:{count}",
                placeholder=render(lang, "ui-discard-pick", n=count)[:150],
                min_values=count,
                max_values=count,
                options=options,
            )
        )
        self.table_id, self.hand_id, self.index, self.count = table_id, hand_id, index, count

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> DiscardSelect:
        return cls(
            int(match["table"]), int(match["hand"]), int(match["index"]), int(match["count"])
        )

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        services = services_of(interaction)
        chosen = tuple(self.item.values)
        act = services.manager.act(
            self.table_id,
            interaction.user.id,
            "discard",
            chosen,
            hand_id=self.hand_id,
            index=self.index,
        )
        try:
            await in_time(interaction, act, thinking=False)
            text = render(lang, "ui-discard-done", n=len(chosen))
        except Refusal as exc:  # the menu gives way to the refusal, in the same message
            text = say(lang, exc)
        if interaction.response.is_done():  # deferred: the menu is the original response
            await interaction.edit_original_response(content=text, view=None)
        else:
            await interaction.response.edit_message(content=text, view=None)


class VariantSelect(
    Throttled,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"salon:v:(?P<table>\d+)",
):
    """The dealer's choice at Brag: keep the game or pick a variant (the dealer only)."""

    def __init__(
        self, table_id: int, lang: Lang = "en", variants: list[VariantChoice] | None = None
    ) -> None:
        options = [discord.SelectOption(label=render(lang, "choice-keep"), value="keep")]
        for v in (variants or [])[:24]:
            value = variant_value(str(v["option"]), v["value"])
            label = render(
                lang,
                f"choice-{v['option'].replace('_', '-')}",
                value=str(v["value"]),
                cap=v["cap"] or 0,
            )
            options.append(discord.SelectOption(label=fit_text(label, OPTION_LABEL), value=value))
        super().__init__(
            discord.ui.Select(
                custom_id=f"salon:v:{table_id}",
                placeholder=fit_text(render(lang, "choice-placeholder"), SELECT_PLACEHOLDER),
                options=options,
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> VariantSelect:
        return cls(int(match["table"]))

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        changes = parse_variant(self.item.values[0]) if self.item.values else {}
        table_id, user = self.table_id, interaction.user.id
        await answer_with_table(
            interaction, table_id, lambda: services.manager.choose_game(table_id, user, changes)
        )


class OldActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"salon:[ao]:(?P<table>\d+):(?P<hand>\d+):(?P<verb>{VERB_IDS})(?::\d*)?",
):
    """An action button drawn before moves were numbered: answered as stale, never played."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(label="…", custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> OldActionButton:
        return cls(match.string)

    @always_answered
    async def callback(self, interaction: discord.Interaction) -> None:
        await reply_private(interaction, say(lang_of(interaction.locale), ALREADY_PLAYED))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableButton,
    ActButton,
    DiscardSelect,
    VariantSelect,
    OtherAmountButton,
    OldActionButton,
)
