"""The table and its showdown as documents (:mod:`bot.view.document`).

These only word what the runtime hands them (``TableManager.public_state``, showdown data);
they never decide a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.games import registry
from bot.games.brelan_payout import FLAMBEAU, POOL
from bot.games.events import RevealData
from bot.i18n import SUIT_SYMBOLS, Lang, render
from bot.i18n.people import house_who, is_house_player
from bot.runtime.public import (
    ChoiceView,
    HandView,
    PlayerView,
    PublicHand,
    PublicState,
    SeatView,
    ShowdownReport,
)
from bot.view.document import ActionView, Document, HandRow, Section, lines_of
from bot.view.fair_text import fair_lines
from bot.view.fitting import listing
from bot.view.tournament import tournament_table_section
from bot.view.words import cards, chips, game_colour, game_title, mention, verb_label

#: A showdown's line for each pot, by the catalogue prefix of the game's own texts (its
#: registry entry's ``text_prefix``); a game without one: Brelan's stages of the pot.
POT_LINES = {"brag": "ui-pot-line-brag"}
#: A payment's ends that are no player: the flambeau (the jar) and the pool that pays it.
NOT_PLAYERS = frozenset({FLAMBEAU, POOL})


# -- the table -----------------------------------------------------------------------------


def table_document(
    lang: Lang,
    state: PublicState,
    *,
    log: Sequence[str] = (),
    undelivered: Iterable[int] = (),
    closed: bool = False,
) -> Document:
    """The table: seats, stacks, stakes, pool, retourne, turn, waiting line and notices.

    Its sections, in order: the seats, at a tournament's table its level (and the title
    names the tournament), the hand in progress or what comes next, the
    table's notices, the last moves, a saved game needing attention. When room is short
    the last moves give way first (the newest stay), then the waiting line."""
    game = state["game"]
    hand = state["hand"]
    tournament = state.get("tournament")
    title = _title(lang, state)
    if closed:
        return Document(title, game_colour(game), description=render(lang, "ui-this-table-closed"))
    sections = [_seats(lang, state)]
    if tournament is not None:
        sections.append(tournament_table_section(lang, tournament))
    if hand is not None:
        sections += _hand(lang, state, hand)
    else:
        sections.append(_between_hands(lang, state))
    sections += _notices(lang, state, undelivered)
    if log:
        sections.append(
            Section("log", render(lang, "ui-last-moves"), tuple(log), keep="last", gives_way=1)
        )
    if state["needs_attention"]:
        note = render(lang, "ui-this-table-s-saved-game")
        sections.append(_section("attention", render(lang, "ui-needs-attention"), note))
    return Document(
        title,
        game_colour(game),
        sections=tuple(sections),
        retourne=hand.get("retourne") if hand is not None else None,
        actions=hand_actions(lang, hand),
    )


def _title(lang: Lang, state: PublicState) -> str:
    """The game and the table (a tournament's table by its tournament and number), and the
    hand in play."""
    game = game_title(state["game"])
    tournament = state.get("tournament")
    if tournament is None:
        title = render(lang, "ui-table-title", game=game, table=state["table_id"])
    else:
        title = render(
            lang,
            "ui-tournament-table-title",
            game=game,
            tournament=tournament["id"],
            table=tournament["no"],
        )
    hand = state["hand"]
    if hand is not None:
        title += render(lang, "ui-hand", hand=hand["no"])
    return title


def _section(key: str, name: str, text: str) -> Section:
    return Section(key, name, lines_of(text))


def _seats(lang: Lang, state: PublicState) -> Section:
    """A line a seat (:func:`seat_line`), or a word to join."""
    hand = state["hand"]
    players = {} if hand is None else {p["name"]: p for p in hand["players"]}
    seats = state["seats"]
    if seats:
        lines = [seat_line(lang, s, players.get(str(s["user"])), state["game"]) for s in seats]
    else:
        lines = [render(lang, "ui-nobody-seated-yet-press-join")]
    return Section("seats", render(lang, "ui-seats"), tuple(lines), parts=4)


def seat_line(
    lang: Lang, seat: SeatView, player: PlayerView | None, game: str | None = None
) -> str:
    """A seat: who, the chips he has now (during a hand: those not staked yet), his state;
    a house player's ways as far as the ``game`` plays them."""
    now = seat["stack"] if player is None else player["stack"]
    parts = [f"{mention(seat['user'])} — {chips(lang, now)}"]
    if is_house_player(seat["user"]):  # whom the members face: its level and its ways
        parts.append(render(lang, house_who(seat["user"], game)))
    if player is not None:
        parts += player_marks(lang, player)
    if seat.get("dealer"):
        parts.append(render(lang, "ui-dealer"))
    if seat.get("sitting_out"):
        parts.append(render(lang, "ui-sitting-out"))
    if seat.get("leaving"):
        parts.append(render(lang, "ui-leaving-after-this-hand"))
    return " · ".join(parts)


def player_marks(lang: Lang, player: PlayerView) -> list[str]:
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


def hand_lines(lang: Lang, hand: HandView) -> list[str]:
    """The table section of a hand: the retourne, the pool or pots, the bet, the cards face
    up (each game's view holds only its own of these keys)."""
    info = []
    if retourne := hand.get("retourne"):
        info.append(render(lang, "ui-retourne-turned-card", c=cards([retourne])))
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


def _hand(lang: Lang, state: PublicState, hand: PublicHand) -> list[Section]:
    """During a hand: the table, whose turn it is and until when, the table closing."""
    sections = []
    info = hand_lines(lang, hand)
    if info:
        sections.append(_section("hand", render(lang, "ui-table"), "\n".join(info)))
    to_act = hand["to_act"]
    if to_act is not None:
        turn = render(lang, "ui-speak", w=mention(to_act))
        if hand["deadline"]:
            turn += render(lang, "ui-time-runs-out-t-r", t=int(hand["deadline"]))
        sections.append(_section("turn", render(lang, "ui-turn"), turn))
    if state["closing"]:
        closes = render(lang, "ui-table-closes-when-this-hand")
        sections.append(_section("closing", render(lang, "ui-closing"), closes))
    return sections


def _between_hands(lang: Lang, state: PublicState) -> Section:
    """With no hand in play: the game over, the next hand's time, or how to start."""
    if state["game_over"]:
        name, text = "ui-game-over", render(lang, "ui-no-more-hands-at-this")
    elif state["next_hand_at"]:
        t = int(state["next_hand_at"])
        name, text = "ui-turn", render(lang, "ui-next-hand-t-r", t=t)
    elif state["started"] or "tournament" in state:  # its director deals
        name, text = "ui-turn", render(lang, "ui-waiting-for-next-deal")
    else:
        name, text = "ui-not-started", render(lang, "ui-join-then-press-start-when")
    return _section("turn", render(lang, name), text)


def _notices(lang: Lang, state: PublicState, undelivered: Iterable[int]) -> list[Section]:
    """The chips carried over, the waiting line, closed DMs, the dealer's choice, fairness,
    a practice table's note."""
    sections = []
    if state["carried"]:
        n = chips(lang, state["carried"])
        text = render(lang, "ui-stay-on-table-from-last", n=n)
        sections.append(_section("carried", render(lang, "ui-carried"), text))
    queue = state["queue"]
    if queue:
        numbered = tuple(f"{i}. {mention(u)}" for i, u in enumerate(queue, 1))
        name = render(lang, "ui-waiting-line")
        sections.append(Section("queue", name, numbered, sep=" ", gives_way=2))
    blocked = sorted(set(undelivered))
    if blocked:
        who = listing(lang, [mention(u) for u in blocked], " ", limit=900)
        text = render(lang, "ui-press-my-cards-or-use", w=who)
        sections.append(_section("undelivered", render(lang, "ui-private-messages-closed"), text))
    choice = state["choice"]
    if choice:
        sections.append(_section("choice", render(lang, "choice-title"), choice_line(lang, choice)))
    fair = fair_lines(lang, state)
    if fair:
        sections.append(_section("fair", "🔒 " + render(lang, "label-fair"), fair))
    if state.get("practice"):
        note = render(lang, "learn-practice-note")
        sections.append(_section("practice", render(lang, "learn-practice"), note))
    return sections


def choice_line(lang: Lang, choice: ChoiceView) -> str:
    """Brag's dealer's choice: who chooses, or the vote so far."""
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


def hand_actions(lang: Lang, hand: PublicHand | None) -> tuple[ActionView, ...]:
    """The moves open to the player to act, labelled."""
    if hand is None:
        return ()
    out = []
    for action in hand["legal"]:
        verb = action["verb"]
        if "min" in action:
            low, high = action["min"], action["max"]
            out.append(ActionView(verb, verb_label(lang, verb), low=low, high=high))
        else:
            amount = action.get("amount")
            label = verb_label(lang, verb, amount, vade=hand.get("vade"))
            out.append(ActionView(verb, label, amount=amount))
    return tuple(out)


# -- the showdown ----------------------------------------------------------------------------


def showdown_document(lang: Lang, game: str, data: ShowdownReport) -> Document:
    """Every hand the rules reveal, the retourne, suits and points, pots and payments."""
    view = data["view"]
    reveal = data.get("reveal")  # Brelan and Bouillotte: the engine's showdown
    retourne = reveal["retourne"] if reveal is not None else view.get("retourne")
    rows, lines = _shown_hands(lang, data)
    sections = []
    if lines:
        sections.append(Section("hands", render(lang, "ui-hands"), tuple(lines), parts=3))
    suits = reveal["suits"] if reveal is not None else []
    owned = [(s["suit"], owner, s["points"]) for s in suits if (owner := s["owner"])]
    if owned:
        points = tuple(
            render(
                lang,
                "ui-points",
                sym=SUIT_SYMBOLS.get(suit, suit),
                word=render(lang, "suit-name", suit=suit),
                w=mention(owner),
                n=n,
            )
            for suit, owner, n in owned
        )
        sections.append(Section("suits", render(lang, "ui-suits-owned-point"), points))
    if pots := data["pots"]:
        prefix = getattr(registry.find(game), "text_prefix", "")
        key = POT_LINES.get(prefix, "ui-pot-line-stage")
        pot_lines = [
            render(
                lang,
                key,
                k=i,
                n=chips(lang, p["amount"]),
                w=", ".join(mention(w) for w in p["winners"]),
            )
            for i, p in enumerate(pots, 1)
        ]
        sections.append(_lines("pots", render(lang, "ui-pots"), pot_lines, parts=2))
    if payments := data["payments"]:
        jar = render(lang, "ui-jar")
        paid = [
            render(
                lang,
                "ui-pays",
                a=jar if p["from"] in NOT_PLAYERS else mention(p["from"]),
                b=jar if p["to"] in NOT_PLAYERS else mention(p["to"]),
                n=chips(lang, p["amount"]),
            )
            for p in payments
        ]
        sections.append(_lines("payments", render(lang, "ui-brelan-payments"), paid, parts=3))
    return Document(
        render(lang, "ui-showdown-hand", n=data["hand_no"]),
        game_colour(game),
        description=render(lang, "ui-retourne-turned-card", c=cards([retourne]))
        if retourne
        else "",
        sections=tuple(sections),
        footer=render(lang, "ui-next-hand-shortly") if data.get("next_hand_at") else "",
        retourne=retourne or None,
        hands=tuple(rows),
    )


def _lines(key: str, name: str, texts: Sequence[str], parts: int) -> Section:
    """A section of texts that may each hold several lines."""
    return Section(key, name, tuple("\n".join(texts).split("\n")), parts=parts)


def _shown_hands(lang: Lang, data: ShowdownReport) -> tuple[list[HandRow], list[str]]:
    """The hands shown (Brag: only those the rules turned face up), as rows and lines."""
    combos = data["combos"]
    revealed = data.get("shown")  # Brag: the hands turned face up
    rows, lines = [], []
    for p in data["view"]["players"]:
        name = p["name"]
        mine = revealed.get(name) if revealed is not None else None
        if revealed is not None and mine is None:
            continue
        shown = mine["cards"] if mine is not None else p["cards"]
        if not shown:
            continue
        combo = render(lang, combos[name]) if name in combos else None
        folded = p["folded"]
        rows.append(HandRow(mention(name), tuple(shown), combo or "", folded))
        line = render(lang, "ui-labelled", label=mention(name), text=cards(shown))
        if combo is not None:
            line += f" — {combo}"
        if folded:
            line += render(lang, "ui-folded")
        if mine is not None:
            line += _brag_extras(lang, mine)
        lines.append(line)
    return rows, lines


def _brag_extras(lang: Lang, shown: RevealData) -> str:
    """A shown Brag hand's discards and, for a player holding two blind hands, both hands."""
    out = ""
    if discards := shown.get("discards"):
        out += render(lang, "ui-discarded", c=cards(discards))
    if hands := shown.get("hands"):
        both = " / ".join(cards(h) for h in hands)
        out += render(lang, "ui-his-two-hands", c=both)
    return out
