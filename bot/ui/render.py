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


def _seat_line(lang: Lang, seat: Mapping[str, Any], player: Mapping[str, Any] | None) -> str:
    """A seat: who, the chips he has now (during a hand: those not staked yet), his state."""
    now = seat["stack"] if player is None or player.get("stack") is None else player["stack"]
    parts = [f"{mention(seat['user'])} — {chips(lang, int(now))}"]
    if player is not None:
        if player.get("stake"):
            parts.append(render(lang, "ui-stake", n=player["stake"]))
        if player.get("folded"):
            parts.append(render(lang, "ui-folded-2"))
        if player.get("all_in"):
            parts.append(render(lang, "ui-all-in-2"))
        if player.get("covered"):
            parts.append(render(lang, "ui-covered-pot"))
        if (player.get("hands") or 0) > 1:
            parts.append(render(lang, "ui-two-hands-one-kept"))
        if player.get("blind") is True:
            parts.append(render(lang, "ui-blind"))
        elif player.get("looked") is True:
            parts.append(render(lang, "ui-has-looked"))
    if seat.get("dealer"):
        parts.append(render(lang, "ui-dealer"))
    if seat.get("sitting_out"):
        parts.append(render(lang, "ui-sitting-out"))
    if seat.get("leaving"):
        parts.append(render(lang, "ui-leaving-after-this-hand"))
    return " · ".join(parts)


def table_embed(
    lang: Lang,
    state: Mapping[str, Any],
    *,
    log: Sequence[str] = (),
    undelivered: Iterable[int] = (),
    closed: bool = False,
) -> discord.Embed:
    """The public table message: seats, stacks, stakes, pool, retourne, turn and queue."""
    game = str(state.get("game", ""))
    hand = state.get("hand")
    title = render(lang, "ui-table-title", game=game_title(game), table=state["table_id"])
    if hand:
        title += render(lang, "ui-hand", hand=hand.get("no"))
    embed = discord.Embed(title=title, colour=game_colour(game))
    if closed:
        embed.description = render(lang, "ui-this-table-closed")
        return embed
    players: dict[str, Mapping[str, Any]] = {}
    if hand:
        players = {str(p["name"]): p for p in hand.get("players", [])}
    seats = state.get("seats") or []
    if seats:
        lines = [_seat_line(lang, s, players.get(str(s["user"]))) for s in seats]
    else:
        lines = [render(lang, "ui-nobody-seated-yet-press-join")]
    add_lines_field(lang, embed, render(lang, "ui-seats"), lines, most=4)
    if hand:
        info = []
        if hand.get("retourne"):
            info.append(render(lang, "ui-retourne-turned-card", c=card(hand["retourne"])))
        if hand.get("pool") is not None:
            info.append(render(lang, "ui-pool-la-passe", n=hand["pool"]))
        if hand.get("pot") is not None:
            info.append(render(lang, "ui-pot", n=hand["pot"]))
        side = [int(n) for n in hand.get("pots") or []]
        if len(side) > 1:
            info.append(
                render(
                    lang, "ui-main-pot-side-pots", m=side[0], s=", ".join(str(n) for n in side[1:])
                )
            )
        if hand.get("level"):
            info.append(render(lang, "ui-current-bet-open-terms-blind", n=hand["level"]))
        if hand.get("face_up"):
            info.append(render(lang, "ui-face-up", c=cards(hand["face_up"])))
        if hand.get("proposer"):
            info.append(render(lang, "ui-proposes-common-showdown", w=mention(hand["proposer"])))
        if hand.get("vade"):
            info.append(render(lang, "ui-vade-stake-match", n=hand["vade"]))
        if info:
            embed.add_field(name=render(lang, "ui-table"), value="\n".join(info), inline=False)
        to_act = hand.get("to_act")
        if to_act is not None:
            turn = render(lang, "ui-speak", w=mention(to_act))
            if hand.get("deadline"):
                turn += render(lang, "ui-time-runs-out-t-r", t=int(hand["deadline"]))
            embed.add_field(name=render(lang, "ui-turn"), value=turn, inline=False)
        if state.get("closing"):
            embed.add_field(
                name=render(lang, "ui-closing"),
                value=render(lang, "ui-table-closes-when-this-hand"),
                inline=False,
            )
    elif state.get("game_over"):
        embed.add_field(
            name=render(lang, "ui-game-over"),
            value=render(lang, "ui-no-more-hands-at-this"),
            inline=False,
        )
    elif state.get("next_hand_at"):
        embed.add_field(
            name=render(lang, "ui-turn"),
            value=render(lang, "ui-next-hand-t-r", t=int(state["next_hand_at"])),
            inline=False,
        )
    elif state.get("started"):
        embed.add_field(
            name=render(lang, "ui-turn"),
            value=render(lang, "ui-waiting-for-next-deal"),
            inline=False,
        )
    else:
        embed.add_field(
            name=render(lang, "ui-not-started"),
            value=render(lang, "ui-join-then-press-start-when"),
            inline=False,
        )
    if state.get("carried"):
        embed.add_field(
            name=render(lang, "ui-carried"),
            value=render(lang, "ui-stay-on-table-from-last", n=chips(lang, int(state["carried"]))),
            inline=False,
        )
    queue = state.get("queue") or []
    if queue:
        embed.add_field(
            name=render(lang, "ui-waiting-line"),
            value=listing(lang, [f"{i}. {mention(u)}" for i, u in enumerate(queue, 1)], " "),
            inline=False,
        )
    blocked = sorted(set(undelivered))
    if blocked:
        embed.add_field(
            name=render(lang, "ui-private-messages-closed"),
            value=render(
                lang,
                "ui-press-my-cards-or-use",
                w=listing(lang, [mention(u) for u in blocked], " ", limit=900),
            ),
            inline=False,
        )
    choice = state.get("choice")
    if choice:
        embed.add_field(
            name=render(lang, "choice-title"), value=choice_line(lang, choice), inline=False
        )
    fair = fair_lines(lang, state)
    if fair:
        embed.add_field(name="🔒 " + render(lang, "label-fair"), value=fair, inline=False)
    if log:
        embed.add_field(name=render(lang, "ui-last-moves"), value=latest(log), inline=False)
    if state.get("needs_attention"):
        embed.add_field(
            name=render(lang, "ui-needs-attention"),
            value=render(lang, "ui-this-table-s-saved-game"),
            inline=False,
        )
    # Past 6,000 characters the log gives way first (its newest lines stay), then the
    # line and the closed-DMs list, so the seats stay whole.
    shrink: list[tuple[str, Callable[[int], str]]] = [
        (render(lang, "ui-last-moves"), lambda n: latest(log, limit=n)),
        (
            render(lang, "ui-waiting-line"),
            lambda n: listing(lang, [f"{i}. {mention(u)}" for i, u in enumerate(queue, 1)], " ", n),
        ),
    ]
    for name, value_within in shrink:
        over = embed_size(embed) - EMBED_TOTAL
        index = next((k for k, f in enumerate(embed.fields) if f.name == name), None)
        if over <= 0 or index is None:
            continue
        room = max(60, len(embed.fields[index].value or "") - over)
        embed.set_field_at(index, name=name, value=value_within(room) or "…", inline=False)
    return fit_embed(lang, embed)


def choice_line(lang: Lang, choice: Mapping[str, Any]) -> str:
    """Brag's dealer's choice on the table message: who chooses, or the vote so far."""
    dealer, t = int(choice["dealer"]), int(choice["deadline"])
    proposal = choice.get("proposal")
    if proposal is None:
        return render(lang, "choice-choosing", user=dealer, t=t)
    votes = choice.get("votes") or {}
    yes = sum(1 for v in votes.values() if v)
    changes = " ".join(f"`{k}={v}`" for k, v in sorted(proposal.items()))
    return render(
        lang,
        "choice-voting",
        user=dealer,
        changes=changes,
        yes=yes,
        no=len(votes) - yes,
        left=max(0, int(choice.get("seated", 0)) - len(votes)),
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
