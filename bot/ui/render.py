"""Embeds and lines players read: the table message, the showdown, private cards.

Renderers only format what the runtime hands them (``TableManager.public_state``, showdown
data, engine events); they never decide a rule. Mentions inside embeds do not ping.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games import registry
from bot.i18n import SUIT_SYMBOLS, Lang, Message, people, render, set_card_writer
from bot.runtime.errors import VERBS
from bot.runtime.public import ChoiceView, PlayerView, PublicHand, PublicState, SeatView
from bot.ui.card_art import ShowdownPicture, ShowdownRow
from bot.ui.fair_text import fair_lines
from bot.ui.limits import (
    EMBED_TOTAL,
    FIELD_VALUE,
    add_lines_field,
    embed_size,
    fit_embed,
    fit_text,
    listing,
)


def game_title(game: str) -> str:
    """A game's name as players write it (its registry entry's title), else as given."""
    entry = registry.find(game)
    return entry.title if entry is not None else game


def game_colour(game: str) -> int:
    """The colour of a game's table message and showdown (its registry entry's)."""
    entry = registry.find(game)
    return entry.colour if entry is not None else 0x444444


#: A showdown's line for each pot, by the catalogue prefix of the game's own texts (its
#: registry entry's ``text_prefix``); a game without one: Brelan's stages of the pot.
POT_LINES = {"brag": "ui-pot-line-brag"}


#: Suits as Discord draws them in colour (the emoji forms): hearts and diamonds red,
#: spades and clubs black.
COLOURED_SUITS = {"s": "♠\ufe0f", "h": "♥\ufe0f", "d": "♦\ufe0f", "c": "♣\ufe0f"}


def coloured_card(code: str) -> str:
    """A card as Discord shows it in red or black: ``"Ah"`` is ``"A♥️"``.

    >>> coloured_card("Ah") == "A\u2665\ufe0f", coloured_card("Ts") == "10\u2660\ufe0f"
    (True, True)
    """
    if code.startswith("X"):
        return "🃏"
    rank = "10" if code[0] == "T" else code[0]
    return rank + COLOURED_SUITS.get(code[1:2], code[1:2])


set_card_writer(coloured_card)  # every card the Discord layer writes, in colour


def card(code: str) -> str:
    """A card for reading, its suit in red or black (:func:`coloured_card`)."""
    return render("en", "card", code=code)


def cards(codes: Iterable[str]) -> str:
    """Several cards, spaced.

    >>> cards(["Kc", "9h"]) == "K\u2663\ufe0f 9\u2665\ufe0f"
    True
    """
    return " ".join(card(c) for c in codes)


def mention(name: str | int) -> str:
    """A member's mention, a house player's name (🤖 Berthe)."""
    return people.mention(name)


def chips(lang: Lang, n: int) -> str:
    """>>> chips("fr", 1), chips("en", 30), chips("fr", 1500)
    ('1 jeton', '30 chips', '1\u202f500 jetons')
    """
    return render(lang, "chips", n=n)


# -- action labels ------------------------------------------------------------------------


#: Brag verbs whose amount names one of two hands (1 = the kept one, 2 = the new one).
_WHICH_HAND = ("look", "keep")


def verb_help(lang: Lang, verb: str) -> str:
    """What a move means, for help text and /act autocomplete."""
    return render(lang, f"help-{verb}") if verb in VERBS else verb


def verb_label(lang: Lang, verb: str, amount: int | None = None) -> str:
    """A button label.

    >>> verb_label("en", "raise", 12), verb_label("fr", "hold", 4), verb_label("en", "pass")
    ('Raise to 12', 'Tenir 4', 'Pass')
    >>> verb_label("en", "look", 2), verb_label("en", "look")
    ('Look at hand 2', 'Look at my cards')
    """
    if verb not in VERBS:
        return verb.capitalize()
    key = f"label-{verb}-hand" if verb in _WHICH_HAND and amount is not None else f"label-{verb}"
    return render(lang, key, n="…" if amount is None else amount)


# -- narration ------------------------------------------------------------------------------


def narrate(lang: Lang, said: Message, data: Mapping[str, Any] | None = None) -> str:
    """One line of the table's log: a runtime announcement in the reader's language.

    >>> from bot.i18n import Message
    >>> narrate("fr", Message.of("event-brag-fold", who="<@7>"))
    '<@7> se couche.'
    """
    return render(lang, said)


# -- the table message ---------------------------------------------------------------------


def _seat_line(lang: Lang, seat: SeatView, player: PlayerView | None) -> str:
    """A seat: who, the chips he has now (during a hand: those not staked yet), his state."""
    now = seat["stack"] if player is None else player["stack"]
    parts = [f"{mention(seat['user'])} — {chips(lang, now)}"]
    if player is not None:
        parts += _player_marks(lang, player)
    if seat.get("dealer"):
        parts.append(render(lang, "ui-dealer"))
    if seat.get("sitting_out"):
        parts.append(render(lang, "ui-sitting-out"))
    if seat.get("leaving"):
        parts.append(render(lang, "ui-leaving-after-this-hand"))
    return " · ".join(parts)


def _player_marks(lang: Lang, player: PlayerView) -> list[str]:
    """What a seat's line says of its player in the hand: his stake, folded, all in…"""
    marks = []
    if player["stake"]:
        marks.append(render(lang, "ui-stake", n=player["stake"]))
    if player["folded"]:
        marks.append(render(lang, "ui-folded-2"))
    if player.get("all_in"):
        marks.append(render(lang, "ui-all-in-2"))
    if player.get("covered"):
        marks.append(render(lang, "ui-covered-pot"))
    if player.get("hands", 0) > 1:
        marks.append(render(lang, "ui-two-hands-one-kept"))
    if player.get("blind"):
        marks.append(render(lang, "ui-blind"))
    elif player.get("looked"):
        marks.append(render(lang, "ui-has-looked"))
    return marks


def table_embed(
    lang: Lang,
    state: PublicState,
    *,
    log: Sequence[str] = (),
    undelivered: Iterable[int] = (),
    closed: bool = False,
) -> discord.Embed:
    """The public table message: seats, stacks, stakes, pool, retourne, turn and queue.

    Its fields, in order: the seats (:func:`_add_seats`), the hand in progress or what comes
    next (:func:`_add_hand`, :func:`_add_between_hands`), the table's notices
    (:func:`_add_notices`), the last moves, then the whole cut to Discord's size
    (:func:`_shrink_to_fit`)."""
    embed = _table_header(lang, state)
    if closed:
        embed.description = render(lang, "ui-this-table-closed")
        return embed
    _add_seats(lang, embed, state)
    hand = state["hand"]
    if hand is not None:
        _add_hand(lang, embed, state, hand)
    else:
        _add_between_hands(lang, embed, state)
    _add_notices(lang, embed, state, undelivered)
    if log:
        embed.add_field(name=render(lang, "ui-last-moves"), value=latest(log), inline=False)
    if state["needs_attention"]:
        _field(
            embed, render(lang, "ui-needs-attention"), render(lang, "ui-this-table-s-saved-game")
        )
    _shrink_to_fit(lang, embed, log, state["queue"])
    return fit_embed(lang, embed)


def _field(embed: discord.Embed, name: str, value: str) -> None:
    """A field of the table message, on its own line."""
    embed.add_field(name=name, value=value, inline=False)


def _table_header(lang: Lang, state: PublicState) -> discord.Embed:
    """The table message with its title alone: the game, the table, the hand's number."""
    game = state["game"]
    hand = state["hand"]
    title = render(lang, "ui-table-title", game=game_title(game), table=state["table_id"])
    if hand is not None:
        title += render(lang, "ui-hand", hand=hand["no"])
    return discord.Embed(title=title, colour=game_colour(game))


def _add_seats(lang: Lang, embed: discord.Embed, state: PublicState) -> None:
    """The seats field: a line a seat (:func:`_seat_line`), or a word to join."""
    hand = state["hand"]
    players = {} if hand is None else {p["name"]: p for p in hand["players"]}
    seats = state["seats"]
    if seats:
        lines = [_seat_line(lang, s, players.get(str(s["user"]))) for s in seats]
    else:
        lines = [render(lang, "ui-nobody-seated-yet-press-join")]
    add_lines_field(lang, embed, render(lang, "ui-seats"), lines, most=4)


def _hand_lines(lang: Lang, hand: PublicHand) -> list[str]:
    """The table field of a hand: the retourne, the pool or pots, the bet, the cards face up
    (each game's view holds only its own of these keys)."""
    info = []
    if retourne := hand.get("retourne"):
        info.append(render(lang, "ui-retourne-turned-card", c=card(retourne)))
    if (pool := hand.get("pool")) is not None:
        info.append(render(lang, "ui-pool-la-passe", n=pool))
    if (pot := hand.get("pot")) is not None:
        info.append(render(lang, "ui-pot", n=pot))
    side = hand.get("pots", [])
    if len(side) > 1:
        rest = ", ".join(str(n) for n in side[1:])
        info.append(render(lang, "ui-main-pot-side-pots", m=side[0], s=rest))
    if level := hand.get("level"):
        info.append(render(lang, "ui-current-bet-open-terms-blind", n=level))
    if face_up := hand.get("face_up"):
        info.append(render(lang, "ui-face-up", c=cards(face_up)))
    if proposer := hand.get("proposer"):
        info.append(render(lang, "ui-proposes-common-showdown", w=mention(proposer)))
    if vade := hand.get("vade"):
        info.append(render(lang, "ui-vade-stake-match", n=vade))
    return info


def _add_hand(lang: Lang, embed: discord.Embed, state: PublicState, hand: PublicHand) -> None:
    """During a hand: the table field, whose turn it is and until when, the table closing."""
    info = _hand_lines(lang, hand)
    if info:
        _field(embed, render(lang, "ui-table"), "\n".join(info))
    to_act = hand["to_act"]
    if to_act is not None:
        turn = render(lang, "ui-speak", w=mention(to_act))
        if hand["deadline"]:
            turn += render(lang, "ui-time-runs-out-t-r", t=int(hand["deadline"]))
        _field(embed, render(lang, "ui-turn"), turn)
    if state["closing"]:
        _field(embed, render(lang, "ui-closing"), render(lang, "ui-table-closes-when-this-hand"))


def _add_between_hands(lang: Lang, embed: discord.Embed, state: PublicState) -> None:
    """With no hand in play: the game over, the next hand's time, or how to start."""
    if state["game_over"]:
        _field(embed, render(lang, "ui-game-over"), render(lang, "ui-no-more-hands-at-this"))
    elif state["next_hand_at"]:
        t = int(state["next_hand_at"])
        _field(embed, render(lang, "ui-turn"), render(lang, "ui-next-hand-t-r", t=t))
    elif state["started"]:
        _field(embed, render(lang, "ui-turn"), render(lang, "ui-waiting-for-next-deal"))
    else:
        _field(embed, render(lang, "ui-not-started"), render(lang, "ui-join-then-press-start-when"))


def _add_notices(
    lang: Lang, embed: discord.Embed, state: PublicState, undelivered: Iterable[int]
) -> None:
    """The chips carried over, the waiting line, closed DMs, the dealer's choice, fairness."""
    if state["carried"]:
        n = chips(lang, state["carried"])
        _field(embed, render(lang, "ui-carried"), render(lang, "ui-stay-on-table-from-last", n=n))
    queue = state["queue"]
    if queue:
        _field(embed, render(lang, "ui-waiting-line"), _queue_listing(lang, queue))
    blocked = sorted(set(undelivered))
    if blocked:
        who = listing(lang, [mention(u) for u in blocked], " ", limit=900)
        _field(
            embed,
            render(lang, "ui-private-messages-closed"),
            render(lang, "ui-press-my-cards-or-use", w=who),
        )
    choice = state["choice"]
    if choice:
        _field(embed, render(lang, "choice-title"), choice_line(lang, choice))
    fair = fair_lines(lang, state)
    if fair:
        _field(embed, "🔒 " + render(lang, "label-fair"), fair)


def _queue_listing(lang: Lang, queue: Sequence[int], limit: int = FIELD_VALUE) -> str:
    """The waiting line, numbered, within ``limit`` characters."""
    return listing(lang, [f"{i}. {mention(u)}" for i, u in enumerate(queue, 1)], " ", limit)


def _shrink_to_fit(
    lang: Lang, embed: discord.Embed, log: Sequence[str], queue: Sequence[int]
) -> None:
    """Past 6,000 characters the log gives way first (its newest lines stay), then the
    line and the closed-DMs list, so the seats stay whole."""
    shrink: list[tuple[str, Callable[[int], str]]] = [
        (render(lang, "ui-last-moves"), lambda n: latest(log, limit=n)),
        (render(lang, "ui-waiting-line"), lambda n: _queue_listing(lang, queue, n)),
    ]
    for name, value_within in shrink:
        over = embed_size(embed) - EMBED_TOTAL
        index = next((k for k, f in enumerate(embed.fields) if f.name == name), None)
        if over <= 0 or index is None:
            continue
        room = max(60, len(embed.fields[index].value or "") - over)
        embed.set_field_at(index, name=name, value=value_within(room) or "…", inline=False)


def choice_line(lang: Lang, choice: ChoiceView) -> str:
    """Brag's dealer's choice on the table message: who chooses, or the vote so far."""
    dealer, t = choice["dealer"], int(choice["deadline"])
    proposal = choice["proposal"]
    if proposal is None:
        return render(lang, "choice-choosing", user=dealer, t=t)
    votes = choice["votes"]
    yes = sum(1 for v in votes.values() if v)
    changes = " ".join(f"`{k}={v}`" for k, v in sorted(proposal.items()))
    return render(
        lang,
        "choice-voting",
        user=dealer,
        changes=changes,
        yes=yes,
        no=len(votes) - yes,
        left=max(0, choice["seated"] - len(votes)),
        t=t,
    )


def latest(lines: Sequence[str], limit: int = FIELD_VALUE) -> str:
    """The newest lines of a log that fit in ``limit`` characters, oldest first.

    >>> latest(["first", "second", "third"], limit=12).split()
    ['second', 'third']
    """
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = fit_text(line, limit)
        if size + len(line) + (1 if kept else 0) > limit:
            break
        kept.append(line)
        size += len(line) + (1 if len(kept) > 1 else 0)
    return "\n".join(reversed(kept))


# -- the showdown ----------------------------------------------------------------------------


def showdown_embed(lang: Lang, game: str, data: Mapping[str, Any]) -> discord.Embed:
    """Every hand the rules reveal, the retourne, suits and points, pots and payments."""
    view = data.get("view") or {}
    reveal = data.get("reveal") or {}
    title = render(lang, "ui-showdown-hand", n=data.get("hand_no", "?"))
    embed = discord.Embed(title=title, colour=game_colour(game))
    retourne = reveal.get("retourne") or view.get("retourne")
    if retourne:
        embed.description = render(lang, "ui-retourne-turned-card", c=card(retourne))
    combos: Mapping[str, Message] = data.get("combos") or {}
    revealed: Mapping[str, Mapping[str, Any]] = data.get("shown") or {}
    lines = []
    for p in view.get("players", []):
        name = str(p["name"])
        if "shown" in data and name not in revealed:
            continue  # Brag: only the hands the rules turned face up
        shown = revealed[name].get("cards") if name in revealed else p.get("cards")
        if not shown:
            continue
        line = f"{mention(name)}: {cards(shown)}"
        if name in combos:
            line += f" — {render(lang, combos[name])}"
        if p.get("folded"):
            line += render(lang, "ui-folded")
        line += _brag_extras(lang, revealed.get(name) or {})
        lines.append(line)
    if lines:
        add_lines_field(lang, embed, render(lang, "ui-hands"), lines)
    suits = [s for s in reveal.get("suits", []) if s.get("owner")]
    if suits:
        value = "\n".join(
            render(
                lang,
                "ui-points",
                sym=SUIT_SYMBOLS.get(s["suit"], s["suit"]),
                word=render(lang, "suit-name", suit=s["suit"]),
                w=mention(s["owner"]),
                n=s["points"],
            )
            for s in suits
        )
        embed.add_field(
            name=render(lang, "ui-suits-owned-point"),
            value=value,
            inline=False,
        )
    pots = data.get("pots") or []
    if pots:
        prefix = getattr(registry.find(game), "text_prefix", "")
        key = POT_LINES.get(prefix, "ui-pot-line-stage")
        value = "\n".join(
            render(
                lang,
                key,
                k=i,
                n=chips(lang, int(p["amount"])),
                w=", ".join(mention(w) for w in p["winners"]),
            )
            for i, p in enumerate(pots, 1)
        )
        add_lines_field(lang, embed, render(lang, "ui-pots"), value.split("\n"), most=2)
    payments = data.get("payments") or []
    if payments:
        value = "\n".join(
            render(
                lang,
                "ui-pays",
                a=mention(p["from"]) if p.get("from") else render(lang, "ui-jar"),
                b=mention(p["to"]) if p.get("to") else render(lang, "ui-jar"),
                n=chips(lang, int(p["amount"])),
            )
            for p in payments
        )
        add_lines_field(lang, embed, render(lang, "ui-brelan-payments"), value.split("\n"))
    if data.get("next_hand_at"):
        embed.set_footer(text=render(lang, "ui-next-hand-shortly"))
    return fit_embed(lang, embed)


def _brag_extras(lang: Lang, shown: Mapping[str, Any]) -> str:
    """A shown Brag hand's discards and, for a player holding two blind hands, both hands."""
    out = ""
    if shown.get("discards"):
        out += render(lang, "ui-discarded", c=cards(shown["discards"]))
    if shown.get("hands"):
        both = " / ".join(cards(h) for h in shown["hands"])
        out += render(lang, "ui-his-two-hands", c=both)
    return out


@dataclass(frozen=True)
class CardsPlace:
    """Where a card DM's hand is played: table, hand, channel, server, a link to the table."""

    table: int
    hand: int | None = None
    channel: int | None = None
    server: str = ""
    link: str = ""


def jump_url(guild_id: int, channel_id: int, message_id: int | str | None) -> str:
    """A link to a message (or to the channel when there is none).

    >>> jump_url(1, 2, 3), jump_url(1, 2, None)
    ('https://discord.com/channels/1/2/3', 'https://discord.com/channels/1/2')
    """
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}{tail}"


def cards_message(
    lang: Lang,
    game: str,
    place: CardsPlace,
    hand_cards: Sequence[str],
    retourne: str | None,
) -> str:
    """The private message with a player's cards: the game, hand, table, channel and server
    it belongs to, the cards, the retourne, and a link back to the table.

    >>> print(cards_message("en", "brelan", CardsPlace(2, 7, 5, "Salon"), ["Ah"], "9c"))
    **Brelan** — hand 7, table #2 in <#5> (Salon)
    Your cards: A♥️
    Retourne (face up): 9♣️
    """
    lines = [
        render(
            lang,
            "dm-cards-where",
            game=game_title(game),
            hand=place.hand or 0,
            table=place.table,
            channel=place.channel or 0,
            server=place.server or "-",
        ),
        render(lang, "dm-cards-yours", cards=cards(hand_cards)),
    ]
    if retourne:
        lines.append(render(lang, "dm-cards-retourne", card=cards([retourne])))
    if place.link:
        lines.append(render(lang, "dm-cards-link", link=place.link))
    return "\n".join(lines)


def showdown_picture(
    lang: Lang, game: str, data: Mapping[str, Any], names: Mapping[int, str]
) -> ShowdownPicture:
    """The showdown's picture (drawn by :mod:`bot.ui.card_art`): the same hands, retourne
    and lines as :func:`showdown_embed`, players by name rather than mention."""

    def named(text: str) -> str:
        return re.sub(
            r"<@(\d+)>",
            lambda m: names.get(int(m[1])) or render(lang, "ui-player-n", n=m[1][-4:]),
            people.name_mentions(text),
        ).replace("🤖 ", "")  # a house player by its name: the picture's font has no robot

    embed = showdown_embed(lang, game, data)
    view = data.get("view") or {}
    reveal = data.get("reveal") or {}
    revealed: Mapping[str, Mapping[str, Any]] = data.get("shown") or {}
    combos: Mapping[str, Message] = data.get("combos") or {}
    rows = []
    for p in view.get("players", []):
        name = str(p["name"])
        if "shown" in data and name not in revealed:
            continue
        shown = revealed[name].get("cards") if name in revealed else p.get("cards")
        if not shown:
            continue
        combo = render(lang, combos[name]) if name in combos else ""
        rows.append(ShowdownRow(named(f"<@{name}>"), tuple(shown), combo, bool(p.get("folded"))))
    hands_field = render(lang, "ui-hands")
    lines = tuple(
        named(line)
        for field in embed.fields
        if not str(field.name).startswith(hands_field)
        for line in str(field.value).split("\n")
    )
    retourne = reveal.get("retourne") or view.get("retourne")
    return ShowdownPicture(
        title=str(embed.title),
        rows=tuple(rows),
        retourne=retourne,
        retourne_label=render(lang, "ui-retourne-label"),
        lines=lines,
    )
