"""Embeds and lines players read: the table message, the showdown, private cards.

Renderers only format what the runtime hands them (``TableManager.public_state``, showdown
data, engine events); they never decide a rule. Mentions inside embeds do not ping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.ui.i18n import Lang, localise, pick
from bot.ui.limits import (
    EMBED_TOTAL,
    FIELD_VALUE,
    add_lines_field,
    embed_size,
    fit_embed,
    fit_text,
    listing,
)

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_WORDS = {
    "s": ("spades", "pique"),
    "h": ("hearts", "cœur"),
    "d": ("diamonds", "carreau"),
    "c": ("clubs", "trèfle"),
}
GAME_TITLES = {"brelan": "Brelan", "bouillotte": "Bouillotte", "brag": "Brag"}
COLOURS = {"brelan": 0x1F6F43, "bouillotte": 0x8B1E2D, "brag": 0x243B73}


def card(code: str) -> str:
    """A card for reading: ``"Ts"`` is ``"10♠"``, a joker is ``"🃏"``.

    >>> card("Ts"), card("Ah"), card("X1")
    ('10♠', 'A♥', '🃏')
    """
    if code.startswith("X"):
        return "🃏"
    rank = "10" if code[0] == "T" else code[0]
    return f"{rank}{SUIT_SYMBOLS.get(code[1], code[1])}"


def cards(codes: Iterable[str]) -> str:
    """Several cards, spaced.

    >>> cards(["Kc", "9c", "Js"])
    '`K♣` `9♣` `J♠`'
    """
    return " ".join(f"`{card(c)}`" for c in codes)


def mention(name: str | int) -> str:
    return f"<@{name}>"


def chips(lang: Lang, n: int) -> str:
    """>>> chips("fr", 1), chips("en", 30)
    ('1 jeton', '30 chips')
    """
    if lang == "fr":
        return f"{n} jeton" if abs(n) == 1 else f"{n} jetons"
    return f"{n} chip" if abs(n) == 1 else f"{n} chips"


# -- action labels ------------------------------------------------------------------------

_VERBS: dict[str, tuple[str, str]] = {
    "carre": ("Carre", "Carre"),
    "decline": ("Decline", "Refuser"),
    "pass": ("Pass", "Passer"),
    "open": ("Open {n}", "Ouvrir {n}"),
    "hold": ("Hold {n}", "Tenir {n}"),
    "raise": ("Raise to {n}", "Relancer à {n}"),
    "stand": ("Sans plus", "Sans plus"),
    "look": ("Look at my cards", "Regarder mes cartes"),
    "bet": ("Bet {n}", "Miser {n}"),
    "fold": ("Fold", "Se coucher"),
    "see": ("See ({n})", "Voir ({n})"),
    "cover": ("Cover", "Couvrir"),
    "discard": ("Discard…", "Écarter…"),
    "keep": ("Keep", "Garder"),
    "throw": ("Throw", "Jeter"),
    "showdown": ("Propose showdown", "Proposer l'abattage"),
    "refuse": ("Refuse", "Refuser"),
}

#: What each verb means, for help text and /act autocomplete.
VERB_HELP: dict[str, tuple[str, str]] = {
    "carre": ("stake the pool blind, before the cards", "miser la passe à l'aveugle"),
    "decline": ("decline the carre step offered", "refuser le carre proposé"),
    "pass": ("pass (after the opening: fold)", "passer (après l'ouverture : se coucher)"),
    "open": ("open: your total stake", "ouvrir : votre mise totale"),
    "hold": ("hold: match the vade", "tenir : égaler la vade"),
    "raise": ("re-raise: your total stake", "relancer : votre mise totale"),
    "stand": ("sans plus: stand pat", "sans plus : ne plus relancer"),
    "look": ("look at your cards (no longer blind)", "regarder vos cartes"),
    "bet": ("bet: chips put in now", "miser : jetons mis maintenant"),
    "fold": ("fold", "se coucher"),
    "see": ("see: pay to compare hands", "voir : payer pour comparer"),
    "cover": ("cover: put in all you have", "couvrir : mettre tout votre tapis"),
    "discard": ("discard cards (4/5-card brag)", "écarter des cartes"),
    "keep": ("keep this hand", "garder cette main"),
    "throw": ("throw this hand", "jeter cette main"),
    "showdown": ("propose a common showdown", "proposer un abattage commun"),
    "refuse": ("refuse the showdown", "refuser l'abattage"),
}


#: Brag verbs whose amount names one of two hands (1 = the kept one, 2 = the new one).
_WHICH_HAND: dict[str, tuple[str, str]] = {
    "look": ("Look at hand {n}", "Regarder la main {n}"),
    "keep": ("Keep hand {n}", "Garder la main {n}"),
}


def verb_label(lang: Lang, verb: str, amount: int | None = None) -> str:
    """A button label.

    >>> verb_label("en", "raise", 12), verb_label("fr", "hold", 4), verb_label("en", "pass")
    ('Raise to 12', 'Tenir 4', 'Pass')
    >>> verb_label("en", "look", 2), verb_label("en", "look")
    ('Look at hand 2', 'Look at my cards')
    """
    en, fr = _VERBS.get(verb, (verb.capitalize(), verb.capitalize()))
    if verb in _WHICH_HAND and amount is not None:
        en, fr = _WHICH_HAND[verb]
    text = fr if lang == "fr" else en
    if "{n}" in text:
        return text.format(n="…" if amount is None else amount)
    return text


# -- narration ------------------------------------------------------------------------------


def narrate(lang: Lang, text: str, data: Mapping[str, Any], game: str = "") -> str:
    """One line of the table's log from a runtime announcement (an engine event or a note).

    >>> narrate("en", "pot", {"kind": "pot", "amount": 9, "winners": ["7"]}, "brag")
    '<@7> takes 9 chips'
    """
    kind = data.get("kind")
    who = mention(data["player"]) if data.get("player") else ""
    stake = data.get("stake")
    if game == "brag":
        line = _brag_line(lang, str(kind), who, data)
        if line is not None:
            return line
    if kind == "carre":
        step = data.get("step", "carre")
        return pick(lang, "{w} plays {s} ({n})", "{w} fait {s} ({n})", w=who, s=step, n=stake)
    if kind == "decline":
        return pick(lang, "{w} declines the carre", "{w} refuse le carre", w=who)
    if kind == "open":
        return pick(lang, "{w} opens for {n}", "{w} ouvre à {n}", w=who, n=stake)
    if kind == "hold":
        tail = pick(lang, " (all-in)", " (tapis)") if data.get("all_in") else ""
        return pick(lang, "{w} holds at {n}", "{w} tient à {n}", w=who, n=stake) + tail
    if kind == "raise":
        tail = pick(lang, " (all-in)", " (tapis)") if data.get("all_in") else ""
        return pick(lang, "{w} raises to {n}", "{w} relance à {n}", w=who, n=stake) + tail
    if kind in ("fold", "pass"):
        return pick(lang, "{w} passes", "{w} passe", w=who)
    if kind == "stand":
        return pick(lang, "{w}: sans plus", "{w} : sans plus", w=who)
    if kind == "deal":
        if data.get("retourne"):
            return pick(
                lang,
                "Cards dealt; the retourne (turned card) is {c}",
                "Cartes données ; la retourne est {c}",
                c=card(data["retourne"]),
            )
        return pick(lang, "Cards dealt", "Cartes données")
    if kind == "pot":
        by = f" — {data['by']}" if data.get("by") else ""
        return (
            pick(
                lang,
                "{w} takes {n} (stage {k})",
                "{w} remporte {n} (étage {k})",
                w=who,
                n=chips(lang, data.get("amount", 0)),
                k=data.get("stage", 1),
            )
            + by
        )
    if kind == "look":
        return pick(lang, "{w} looks at his cards", "{w} regarde ses cartes", w=who)
    if kind == "bet":
        amount = data.get("amount", stake)
        return pick(lang, "{w} bets {n}", "{w} mise {n}", w=who, n=amount)
    if kind == "see":
        return pick(lang, "{w} sees", "{w} demande à voir", w=who)
    if kind == "ante":
        return pick(lang, "Antes are in", "Les mises de base sont posées")
    if "timeout" in data and data.get("verb"):
        return pick(
            lang,
            "{w} ran out of time: {v}",
            "{w} n'a pas joué à temps : {v}",
            w=mention(data["user"]),
            v=verb_label(lang, str(data["verb"])),
        )
    return localise(lang, text)


def _brag_line(lang: Lang, kind: str, who: str, data: Mapping[str, Any]) -> str | None:
    """A Brag event's line, or None when the common wording fits. Never names a card."""
    n = data.get("amount", 0)
    if kind == "fold":
        return pick(lang, "{w} folds", "{w} se couche", w=who)
    if kind == "pot":
        w = who or ", ".join(mention(x) for x in data.get("winners", []))
        return pick(lang, "{w} takes {n}", "{w} remporte {n}", w=w, n=chips(lang, n))
    if kind == "bet" and data.get("blind"):
        return pick(
            lang,
            "{w} bets {n} blind (counts {c})",
            "{w} mise {n} à l'aveugle (compte {c})",
            w=who,
            n=n,
            c=data.get("counts", 2 * n),
        )
    if kind == "see" and data.get("seen"):
        return pick(
            lang,
            "{w} pays {n} to see {s}",
            "{w} paie {n} pour voir {s}",
            w=who,
            n=n,
            s=mention(data["seen"]),
        )
    if kind == "look" and data.get("hand"):
        return pick(lang, "{w} looks at hand {h}", "{w} regarde la main {h}", w=who, h=data["hand"])
    if kind == "cover":
        return pick(lang, "{w} covers the pot", "{w} couvre le pot", w=who)
    if kind == "discard":
        return pick(
            lang,
            "{w} discards {n}",
            "{w} écarte {n}",
            w=who,
            n=pick(lang, "{c} card(s)", "{c} carte(s)", c=data.get("count", 1)),
        )
    if kind == "reveal":
        return pick(lang, "{w} shows {h}", "{w} montre {h}", w=who, h=data.get("hand", ""))
    if kind == "keep":
        if data.get("blind"):
            return pick(
                lang,
                "{w} keeps his blind hand for the next deal",
                "{w} garde sa main à l'aveugle pour la donne suivante",
                w=who,
            )
        return pick(lang, "{w} keeps hand {h}", "{w} garde la main {h}", w=who, h=data.get("hand"))
    if kind == "throw":
        return pick(lang, "{w} throws a hand away", "{w} jette une main", w=who)
    if kind == "showdown":
        if data.get("proposal"):
            return pick(
                lang, "{w} proposes a common showdown", "{w} propose un abattage commun", w=who
            )
        return pick(lang, "{w} agrees to show", "{w} accepte l'abattage", w=who)
    if kind == "refuse":
        return pick(lang, "{w} refuses the showdown", "{w} refuse l'abattage", w=who)
    if kind == "blind_win":
        return pick(
            lang, "{w} is the last one in, still blind", "{w} reste seul, à l'aveugle", w=who
        )
    if kind == "kept":
        return pick(lang, "{w} plays a kept blind hand", "{w} joue une main gardée", w=who)
    if kind == "carried" and data.get("next_deal"):
        return pick(
            lang,
            "{n} stay on the table for the next deal",
            "{n} restent sur le tapis pour la donne suivante",
            n=chips(lang, n),
        )
    if kind == "carried":
        return pick(
            lang,
            "{n} carried from the last deal",
            "{n} reportés de la donne précédente",
            n=chips(lang, n),
        )
    return None


# -- the table message ---------------------------------------------------------------------


def _seat_line(lang: Lang, seat: Mapping[str, Any], player: Mapping[str, Any] | None) -> str:
    parts = [f"{mention(seat['user'])} — {chips(lang, int(seat['stack']))}"]
    if player is not None:
        if player.get("stake"):
            parts.append(pick(lang, "stake {n}", "mise {n}", n=player["stake"]))
        if player.get("folded"):
            parts.append(pick(lang, "folded", "couché"))
        if player.get("all_in"):
            parts.append(pick(lang, "all-in", "tapis"))
        if player.get("covered"):
            parts.append(pick(lang, "covered the pot", "a couvert le pot"))
        if (player.get("hands") or 0) > 1:
            parts.append(pick(lang, "two hands (one kept)", "deux mains (une gardée)"))
        if player.get("blind") is True:
            parts.append(pick(lang, "blind", "à l'aveugle"))
        elif player.get("looked") is True:
            parts.append(pick(lang, "has looked", "a regardé"))
    if seat.get("dealer"):
        parts.append(pick(lang, "dealer", "donneur"))
    if seat.get("sitting_out"):
        parts.append(pick(lang, "sitting out", "absent"))
    if seat.get("leaving"):
        parts.append(pick(lang, "leaving after this hand", "part après cette donne"))
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
    game = str(state.get("game", "brelan"))
    hand = state.get("hand")
    title = f"{GAME_TITLES.get(game, game)} — table #{state['table_id']}"
    if hand:
        title += pick(lang, " · hand {n}", " · donne {n}", n=hand.get("no"))
    embed = discord.Embed(title=title, colour=COLOURS.get(game, 0x444444))
    if closed:
        embed.description = pick(lang, "This table is closed.", "Cette table est fermée.")
        return embed
    players: dict[str, Mapping[str, Any]] = {}
    if hand:
        players = {str(p["name"]): p for p in hand.get("players", [])}
    seats = state.get("seats") or []
    if seats:
        lines = [_seat_line(lang, s, players.get(str(s["user"]))) for s in seats]
    else:
        lines = [
            pick(lang, "Nobody is seated yet: press Join.", "Personne n'est assis : Rejoindre.")
        ]
    add_lines_field(lang, embed, pick(lang, "Seats", "Places"), lines, most=4)
    if hand:
        info = []
        if hand.get("retourne"):
            info.append(
                pick(
                    lang, "Retourne (turned card): {c}", "Retourne : {c}", c=card(hand["retourne"])
                )
            )
        if hand.get("pool") is not None:
            info.append(pick(lang, "Pool (la passe): {n}", "Passe : {n}", n=hand["pool"]))
        if hand.get("pot") is not None:
            info.append(pick(lang, "Pot: {n}", "Pot : {n}", n=hand["pot"]))
        side = [int(n) for n in hand.get("pots") or []]
        if len(side) > 1:
            info.append(
                pick(
                    lang,
                    "Main pot {m}; side pots {s}",
                    "Pot principal {m} ; pots annexes {s}",
                    m=side[0],
                    s=", ".join(str(n) for n in side[1:]),
                )
            )
        if hand.get("level"):
            info.append(
                pick(
                    lang,
                    "Current bet (open terms): {n}; blind players pay half",
                    "Mise en cours (à découvert) : {n} ; les joueurs à l'aveugle paient moitié",
                    n=hand["level"],
                )
            )
        if hand.get("face_up"):
            info.append(pick(lang, "Face up: {c}", "Face visible : {c}", c=cards(hand["face_up"])))
        if hand.get("proposer"):
            info.append(
                pick(
                    lang,
                    "{w} proposes a common showdown",
                    "{w} propose un abattage commun",
                    w=mention(hand["proposer"]),
                )
            )
        if hand.get("vade"):
            info.append(pick(lang, "Vade (stake to match): {n}", "Vade : {n}", n=hand["vade"]))
        if info:
            embed.add_field(name=pick(lang, "Table", "Tapis"), value="\n".join(info), inline=False)
        to_act = hand.get("to_act")
        if to_act is not None:
            turn = pick(lang, "{w} to speak", "À {w} de parler", w=mention(to_act))
            if hand.get("deadline"):
                turn += pick(
                    lang,
                    " — time runs out <t:{t}:R>",
                    " — temps écoulé <t:{t}:R>",
                    t=int(hand["deadline"]),
                )
            embed.add_field(name=pick(lang, "Turn", "Parole"), value=turn, inline=False)
        if state.get("closing"):
            embed.add_field(
                name=pick(lang, "Closing", "Fermeture"),
                value=pick(
                    lang,
                    "The table closes when this hand ends.",
                    "La table ferme à la fin de cette donne.",
                ),
                inline=False,
            )
    elif state.get("game_over"):
        embed.add_field(
            name=pick(lang, "Game over", "Partie terminée"),
            value=pick(lang, "No more hands at this table.", "Plus de donne à cette table."),
            inline=False,
        )
    elif state.get("next_hand_at"):
        embed.add_field(
            name=pick(lang, "Turn", "Parole"),
            value=pick(
                lang,
                "Next hand <t:{t}:R>.",
                "Prochaine donne <t:{t}:R>.",
                t=int(state["next_hand_at"]),
            ),
            inline=False,
        )
    elif state.get("started"):
        embed.add_field(
            name=pick(lang, "Turn", "Parole"),
            value=pick(lang, "Waiting for the next deal.", "En attente de la prochaine donne."),
            inline=False,
        )
    else:
        embed.add_field(
            name=pick(lang, "Not started", "Pas commencée"),
            value=pick(
                lang,
                "Join, then press Start when two or more are seated.",
                "Rejoignez, puis Démarrer dès que deux joueurs sont assis.",
            ),
            inline=False,
        )
    if state.get("carried"):
        embed.add_field(
            name=pick(lang, "Carried", "Reporté"),
            value=pick(
                lang,
                "{n} stay on the table from the last deal",
                "{n} restent sur le tapis",
                n=chips(lang, int(state["carried"])),
            ),
            inline=False,
        )
    queue = state.get("queue") or []
    if queue:
        embed.add_field(
            name=pick(lang, "Waiting line", "File d'attente"),
            value=listing(lang, [f"{i}. {mention(u)}" for i, u in enumerate(queue, 1)], " "),
            inline=False,
        )
    blocked = sorted(set(undelivered))
    if blocked:
        embed.add_field(
            name=pick(lang, "Private messages closed", "Messages privés fermés"),
            value=pick(
                lang,
                "{w}: press My cards or use /cards.",
                "{w} : bouton Mes cartes ou /cartes.",
                w=listing(lang, [mention(u) for u in blocked], " ", limit=900),
            ),
            inline=False,
        )
    if log:
        embed.add_field(
            name=pick(lang, "Last moves", "Derniers coups"), value=latest(log), inline=False
        )
    if state.get("needs_attention"):
        embed.add_field(
            name=pick(lang, "Needs attention", "À vérifier"),
            value=pick(
                lang,
                "This table's saved game could not be resumed. Its chips are safe; a server "
                "manager can close it with /admin table close, which returns every chip.",
                "La partie enregistrée de cette table n'a pas pu reprendre. Ses jetons sont en "
                "sécurité ; un gérant du serveur peut la fermer avec /admin table fermer, qui "
                "rend tous les jetons.",
            ),
            inline=False,
        )
    # Past 6,000 characters the log gives way first (its newest lines stay), then the
    # line and the closed-DMs list, so the seats stay whole.
    shrink: list[tuple[str, Callable[[int], str]]] = [
        (pick(lang, "Last moves", "Derniers coups"), lambda n: latest(log, limit=n)),
        (
            pick(lang, "Waiting line", "File d'attente"),
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
    title = pick(lang, "Showdown — hand {n}", "Abattage — donne {n}", n=data.get("hand_no", "?"))
    embed = discord.Embed(title=title, colour=COLOURS.get(game, 0x444444))
    retourne = reveal.get("retourne") or view.get("retourne")
    if retourne:
        embed.description = pick(
            lang, "Retourne (turned card): {c}", "Retourne : {c}", c=card(retourne)
        )
    combos: Mapping[str, str] = data.get("combinations") or {}
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
            line += f" — {combos[name]}"
        if p.get("folded"):
            line += pick(lang, " (folded)", " (couché)")
        line += _brag_extras(lang, revealed.get(name) or {})
        lines.append(line)
    if lines:
        add_lines_field(lang, embed, pick(lang, "Hands", "Mains"), lines)
    suits = [s for s in reveal.get("suits", []) if s.get("owner")]
    if suits:
        value = "\n".join(
            pick(
                lang,
                "{sym} {word}: {w}, {n} points",
                "{sym} {word} : {w}, {n} points",
                sym=SUIT_SYMBOLS.get(s["suit"], s["suit"]),
                word=SUIT_WORDS.get(s["suit"], (s["suit"], s["suit"]))[lang == "fr"],
                w=mention(s["owner"]),
                n=s["points"],
            )
            for s in suits
        )
        embed.add_field(
            name=pick(lang, "Suits owned (the point)", "Couleurs (le point)"),
            value=value,
            inline=False,
        )
    pots = data.get("pots") or []
    if pots:
        stage = ("Stage {k}", "Étage {k}")
        if game == "brag":
            stage = ("Pot {k}", "Pot {k}")
        value = "\n".join(
            pick(
                lang,
                stage[0] + ": {n} to {w}",
                stage[1] + " : {n} pour {w}",
                k=i,
                n=chips(lang, int(p["amount"])),
                w=", ".join(mention(w) for w in p["winners"]),
            )
            for i, p in enumerate(pots, 1)
        )
        add_lines_field(lang, embed, pick(lang, "Pots", "Pots"), value.split("\n"), most=2)
    payments = data.get("payments") or []
    if payments:
        value = "\n".join(
            pick(
                lang,
                "{a} pays {b} {n}",
                "{a} paie {n} à {b}",
                a=mention(p["from"]) if p.get("from") else pick(lang, "the jar", "la cagnotte"),
                b=mention(p["to"]) if p.get("to") else pick(lang, "the jar", "la cagnotte"),
                n=chips(lang, int(p["amount"])),
            )
            for p in payments
        )
        add_lines_field(
            lang, embed, pick(lang, "Brelan payments", "Paiements des brelans"), value.split("\n")
        )
    if data.get("next_hand_at"):
        embed.set_footer(text=pick(lang, "Next hand shortly.", "Prochaine donne sous peu."))
    return fit_embed(lang, embed)


def _brag_extras(lang: Lang, shown: Mapping[str, Any]) -> str:
    """A shown Brag hand's discards and, for a player holding two blind hands, both hands."""
    out = ""
    if shown.get("discards"):
        out += pick(lang, "; discarded {c}", " ; écarté {c}", c=cards(shown["discards"]))
    if shown.get("hands"):
        both = " / ".join(cards(h) for h in shown["hands"])
        out += pick(lang, "; his two hands {c}", " ; ses deux mains {c}", c=both)
    return out


def cards_message(
    lang: Lang,
    game: str,
    table_id: int,
    hand_no: int | None,
    hand_cards: Sequence[str],
    retourne: str | None,
) -> str:
    """The private message with a player's cards."""
    head = pick(
        lang,
        "**{g}**, table #{t}{h}: your cards {c}",
        "**{g}**, table n°{t}{h} : vos cartes {c}",
        g=GAME_TITLES.get(game, game),
        t=table_id,
        h=pick(lang, ", hand {n}", ", donne {n}", n=hand_no) if hand_no else "",
        c=cards(hand_cards),
    )
    if retourne:
        head += pick(lang, "\nRetourne (face up): {c}", "\nRetourne : {c}", c=card(retourne))
    return head
