"""Brag at a Discord table: looking, blind play, seeing, discards, and what stays private.

Three-card Brag is played blind until a player looks: his cards reach him by DM at that
moment and never before; a blind player asking for his cards is refused. Only the hands the
see/cover/showdown rules turn face up are ever public (a folded hand never is).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest
from simsupport import (
    actions_played,
    card_emojis_ready,
    card_tokens,
    custom_ids,
    labels,
    state,
    table_message,
)

from bot.games.base import Event
from bot.games.brag import BragHand
from bot.games.replay import load_record, start_hand
from bot.runtime.games import combo_message, event_message
from bot.storage import Transaction
from bot.ui.render import showdown_embed, table_embed
from bot.ui.views import parse_amount, table_view
from bot.view.words import card, cards, narrate
from tests.public_states import public_state, showdown_report

SEED = 8
BLIND_REFUSAL = "You are playing blind: look at your cards first."


tokens = card_tokens


def shown(codes: Any) -> set[str]:
    return {card(c) for c in codes}


async def open_brag(salon: Any, names: tuple[str, ...], options: str | None = None) -> dict:
    """A Brag table created by slash command, joined and started by buttons."""
    members = {m.id: m for m in (salon.member(n) for n in names)}
    first = next(iter(members.values()))
    extra = {} if options is None else {"options": options}
    created = await first.slash(salon.channel, "table create", game="brag", **extra)
    assert not created.ephemeral, created.response and created.response.content
    for member in members.values():
        joined = await member.click(await table_message(salon), label="Join")
        assert not joined.ephemeral
    started = await first.click(await table_message(salon), label="Start")
    assert not started.ephemeral
    return members


def engine(salon: Any) -> BragHand:
    hand = salon.bot.manager.tables[1].hand
    assert isinstance(hand, BragHand)
    return hand


def seat_lines(message: Any) -> dict[int, str]:
    """Each seated member's line of the table message's Seats field."""
    text = message.embeds[0].fields[0].value
    return {int(m): line for m, line in re.findall(r"<@(\d+)>( — .*)", text)}


def field(message: Any, name: str) -> str:
    return {f.name: f.value for f in message.embeds[0].fields}.get(name, "")


def dm_posts(salon: Any, since: int, until: int | None = None) -> list[tuple[int, str]]:
    """(channel id, text) of every message the bot sent outside the table's channel."""
    channel = f"/channels/{salon.channel.id}/messages"
    return [
        (int(r.path.split("/")[2]), (r.json or {}).get("content", ""))
        for r in salon.env.http_requests[since:until]
        if r.method == "POST"
        and r.path.startswith("/channels/")
        and r.path.endswith("/messages")
        and r.path != channel
    ]


def public_payloads(salon: Any, since: int, until: int | None = None) -> list[Any]:
    """What everyone in the channel sees: table message edits and posts, and the
    interaction answers that are neither ephemeral nor a modal (a modal is the clicker's)."""
    channel = f"/channels/{salon.channel.id}/messages"
    out = []
    for request in salon.env.http_requests[since:until]:
        body = request.json or {}
        if request.path.startswith("/interactions/"):
            data = body.get("data") or {}
            if body.get("type") == 9 or data.get("flags", 0) & 64:
                continue
            out.append(data)
        elif request.path.startswith("/webhooks/"):
            if not body.get("flags", 0) & 64:
                out.append(body)
        elif request.path == channel or request.path.startswith(channel + "/"):
            out.append(body)
    return out


async def click_verb(salon: Any, member: Any, verb: str, amount: int | None = None) -> Any:
    """Click the table message's button for ``verb`` (at ``amount``) as ``member``."""
    hand = state(salon)["hand"]
    wanted = f"salon:a:1:{hand['id']}:{hand['actions']}:{verb}:{'' if amount is None else amount}"
    message = await table_message(salon)
    assert wanted in custom_ids(message), (wanted, custom_ids(message))
    result = await member.click(message, custom_id=wanted)
    assert not result.ephemeral, result.response and result.response.content
    return result


# -- 1. one hand: a looker, a blind better who sees, a folder --------------------------------


async def test_brag_hand_blind_and_looked_players_until_a_see(salon: Any) -> None:
    members = await open_brag(salon, ("ann", "ben", "cid"))
    dealt_at = 0  # look at every request since the table was created
    hand = state(salon)["hand"]
    hand_id = int(hand["id"])
    looker, blind, folder = (members[int(p["name"])] for p in hand["players"])
    assert hand["to_act"] == str(looker.id)  # order of play: the dealer (last seat) speaks last

    # Nobody has his cards at the deal: everyone plays blind until he looks.
    assert dm_posts(salon, dealt_at) == []
    message = await table_message(salon)
    assert all("blind" in line for line in seat_lines(message).values())
    assert "My cards" in labels(message)
    assert "Look at my cards" in labels(message)

    # A blind player's cards are refused, privately, and nothing about them is said.
    for ask in (
        blind.click(message, label="My cards"),
        blind.slash(salon.channel, "cards"),
    ):
        refused = await ask
        assert refused.ephemeral and refused.response.content == BLIND_REFUSAL
        assert tokens(refused.response.content) == set()

    # The first player looks: his cards come by DM at that moment, to him alone.
    stored = await salon.bot.db.query(Transaction.get_hand, hand_id)
    record, hand_no = stored.record, stored.hand_no
    before_look = len(salon.env.http_requests)
    looked = await looker.click(message, label="Look at my cards")
    assert not looked.ephemeral
    dms = dm_posts(salon, before_look)
    assert [channel for channel, _ in dms] == [looker.user.dm_channel.id]
    assert tokens(dms[0][1]) == shown(record["hands"][str(looker.id)])
    assert "Brag" in dms[0][1] and "hand 1" in dms[0][1]
    assert not [m for m in (blind, folder) for _ in m.user.dm_channel.history()]
    lines = seat_lines(await table_message(salon))
    assert "has looked" in lines[looker.id] and "blind" not in lines[looker.id]
    assert "blind" in lines[blind.id] and "blind" in lines[folder.id]
    mine = await looker.click(await table_message(salon), label="My cards")
    assert mine.ephemeral and tokens(mine.response.content) == tokens(dms[0][1])

    # He bets in the open; the blind player bets blind (half, counting double); the third
    # folds; the looker bets again and the blind player sees him.
    await click_verb(salon, looker, "bet", 1)
    blind_bets = state(salon)["hand"]["legal"]
    assert {"verb": "look"} in blind_bets and not any(a["verb"] == "see" for a in blind_bets)
    await click_verb(salon, blind, "bet", 1)
    message = await table_message(salon)
    assert "bets 1 blind (counts 2)" in field(message, "Last moves")
    assert "Current bet (open terms): 2" in field(message, "Table")
    assert "Bet: other…" in labels(message)
    await click_verb(salon, folder, "fold")
    await click_verb(salon, looker, "bet", 2)
    hand = state(salon)["hand"]
    see = next(a for a in hand["legal"] if a["verb"] == "see")
    assert see["amount"] == 2  # twice his least blind bet
    assert f"See ({see['amount']})" in labels(await table_message(salon))
    refused = await blind.click(await table_message(salon), label="My cards")
    assert refused.ephemeral and refused.response.content == BLIND_REFUSAL
    before_see = len(salon.env.http_requests)
    await click_verb(salon, blind, "see", see["amount"])

    # The seen hand is shown; the blind seer's only if he wins; the folded hand never.
    stored = await salon.bot.db.query(Transaction.get_hand, hand_id)
    assert stored.status == "finished"
    [pot] = stored.result["pots"]
    seer_won = pot["winners"] == [str(blind.id)]
    posts = [
        r.json
        for r in salon.env.http_requests[before_see:]
        if r.method == "POST" and r.path == f"/channels/{salon.channel.id}/messages"
    ]
    assert len(posts) == 1
    showdown = posts[0]["embeds"][0]
    assert showdown["title"] == "Showdown — hand 1"
    public = tokens(showdown)
    hands = {int(n): shown(c) for n, c in record["hands"].items()}
    assert hands[looker.id] <= public
    assert (hands[blind.id] <= public) if seer_won else not (hands[blind.id] & public)
    assert not hands[folder.id] & public
    assert f"<@{folder.id}>" not in json.dumps(showdown)
    for payload in public_payloads(salon, dealt_at):
        assert not tokens(payload) & hands[folder.id], payload
        if not seer_won:
            assert not tokens(payload) & hands[blind.id], payload
    # once the hand is over, the folded player and a losing blind seer get their own cards
    # privately (never anyone else's); a winning seer's were shown to all
    ended = dm_posts(salon, before_see)
    expected = [folder] if seer_won else [blind, folder]
    assert sorted(channel for channel, _ in ended) == sorted(m.user.dm_channel.id for m in expected)
    for member in expected:
        [text] = [t for c, t in ended if c == member.user.dm_channel.id]
        assert tokens(text) == shown(record["hands"][str(member.id)])
        assert text.startswith(f"Hand {hand_no} is over")  # said to be the hand just ended
    assert len(dm_posts(salon, dealt_at)) == 1 + len(expected)

    # Chips: the table's stacks, then the wallets once the table closes, all balance.
    census = await salon.bot.db.query(Transaction.chip_census, salon.guild.id)
    assert census.balanced
    assert not await salon.bot.db.query(Transaction.verify_ledger, salon.guild.id)
    # closed during the pause between hands: the pending deal is cancelled
    closed = await looker.slash(salon.channel, "table close")
    assert not closed.ephemeral
    balances = {
        u: await salon.bot.db.write(Transaction.balance, salon.guild.id, u) for u in members
    }
    assert balances == {u: 1000 - 100 + stored.result["stacks"][str(u)] for u in members}
    assert sum(balances.values()) == 3000
    assert balances[folder.id] == 999  # his ante
    assert (await salon.bot.db.query(Transaction.chip_census, salon.guild.id)).balanced
    assert not await salon.bot.db.query(Transaction.verify_ledger, salon.guild.id)


# -- 2. privacy over many random hands --------------------------------------------------------


@dataclass
class Step:
    """One click (or a wait) and the requests it caused."""

    start: int
    end: int
    hands: list[tuple[int, int | None]]  # (hand id, actions played: None = all) after it
    actor: int | None


def revealed(hand: BragHand) -> set[str]:
    """The cards the rules have turned face up in a deal so far."""
    out: set[str] = set()
    for data in hand.shown.values():
        out |= shown(data["cards"]) | shown(data.get("discards", []))
        for held in data.get("hands", []):
            out |= shown(held)
    if hand.face_up is not None:
        out |= shown(c.code for c in hand.face_up)
    return out


async def modal_value(salon: Any, hand: dict[str, Any], verb: str, rng: random.Random) -> str:
    """What a player types in the amount modal: cards of his own to discard, or chips."""
    legal = next(a for a in hand["legal"] if a["verb"] == verb)
    if verb == "discard":
        h = engine(salon)
        held = list(h.held[h.index[hand["to_act"]]][0])
        picked = rng.sample(held, legal["amount"])
        return " ".join(card(c.code) if rng.random() < 0.5 else c.code for c in picked)
    return str(rng.randint(legal["min"], legal["max"]))


async def random_turn(salon: Any, members: dict[int, Any], rng: random.Random) -> tuple[int, str]:
    """The player to act picks a verb at random, then one of its buttons (a preset amount,
    or the modal: other amount, discard)."""
    hand = state(salon)["hand"]
    actor = members[int(hand["to_act"])]
    message = await table_message(salon)
    by_verb: dict[str, list[str]] = {}
    for custom_id in custom_ids(message):
        parts = custom_id.split(":")
        if parts[1] in "ao" and parts[3] == str(hand["id"]):
            by_verb.setdefault(parts[5], []).append(custom_id)
    assert set(by_verb) == {a["verb"] for a in hand["legal"]}
    verb = rng.choice(sorted(by_verb))
    chosen = rng.choice(by_verb[verb])
    result = await actor.click(message, custom_id=chosen)
    if chosen.startswith("salon:o:") and verb == "discard":
        (menu,) = result.response.components[0]["components"]
        mine = [o["value"] for o in menu["options"]]
        result = await actor.select(
            result.response, mine[: menu["min_values"]], custom_id=menu["custom_id"]
        )
        assert "discarded" in result.response.content, result.response.content
        return int(actor.id), verb
    if chosen.startswith("salon:o:"):
        modal = result.modal
        assert modal is not None
        text_input = modal["components"][0]["components"][0]["custom_id"]
        value = await modal_value(salon, hand, verb, rng)
        result = await actor.submit_modal(result, {text_input: value})
    assert not result.ephemeral, result.response and result.response.content
    return int(actor.id), verb


async def peek(salon: Any, peeker: Any) -> bool:
    """He presses My cards: his own visible cards, privately, or a refusal (False)."""
    answer = await peeker.click(await table_message(salon), label="My cards")
    assert answer.ephemeral
    got = tokens(answer.response.content)
    h = engine(salon)
    i = h.index.get(str(peeker.id))
    if i is None or h.folded[i] or (h.blind[i] and not (h.current == i and h.choosing is not None)):
        assert got == set(), answer.response.content
        return False
    cards = h.held[i][h.choosing] if h.choosing is not None and h.current == i else h.held[i][0]
    assert got == shown(c.code for c in cards)
    return True


async def play_randomly(
    salon: Any, members: dict[int, Any], rng: random.Random, hands: int
) -> list[Step]:
    steps: list[Step] = []
    peeks = {True: 0, False: 0}  # cards shown, refused
    for _ in range(hands * 40):
        before, start = actions_played(salon), len(salon.env.http_requests)
        current = state(salon)["hand"]
        actor = None
        if current is not None and current["no"] > hands:
            break
        if current is None or current["to_act"] is None:
            await salon.env.advance_time(10)  # the pause between hands
        else:
            if rng.random() < 0.05:
                peeks[await peek(salon, rng.choice(list(members.values())))] += 1
                start = len(salon.env.http_requests)
            elif len(steps) == 3 and not peeks[False]:  # someone not dealt in asks
                peeks[await peek(salon, salon.member("outsider"))] += 1
                start = len(salon.env.http_requests)
            actor, verb = await random_turn(salon, members, rng)
            hand = state(salon)["hand"]
            if verb == "look" and hand and hand["to_act"] is not None and rng.random() < 0.5:
                requests = len(salon.env.http_requests)
                peeks[await peek(salon, members[actor])] += 1
                assert len(salon.env.http_requests) == requests + 1  # his ephemeral answer
        after = actions_played(salon)
        around: list[tuple[int, int | None]] = []
        if before[0] is not None:  # a hand that ended in this step: all its actions
            around.append((before[0], after[1] if after[0] == before[0] else None))
        if after[0] is not None and after[0] != before[0]:
            around.append((after[0], after[1]))
        steps.append(Step(start, len(salon.env.http_requests), around, actor))
    assert peeks[True] and peeks[False], peeks
    return steps


async def check_privacy(salon: Any, members: dict[int, Any], steps: list[Step]) -> dict:
    """Every public payload and every DM, checked against the stored hand records."""
    records = {}
    for stored in await salon.bot.db.query(Transaction.hand_history, salon.guild.id, limit=100):
        records[stored.id] = load_record(stored.record)
    for step in steps:  # the hand still being played is not in the history yet
        for hand_id, _ in step.hands:
            if hand_id not in records:
                records[hand_id] = load_record(
                    (await salon.bot.db.query(Transaction.get_hand, hand_id)).record
                )
    owner = {m.user.dm_channel.id: uid for uid, m in members.items() if m.user.dm_channel}
    seen = {"showdowns": 0, "dms": 0, "public_cards": 0, "discards": 0, "hidden": 0}
    for step in steps:
        allowed: set[str] = set()
        hidden: set[str] = set()
        deals = {}
        for hand_id, count in step.hands:
            record = records[hand_id]
            hand = start_hand(record)
            assert isinstance(hand, BragHand)
            for action in record.actions[:count]:
                hand.act(action.player, action.verb, action.amount)
            deals[hand_id] = (record, hand, count)
            dealt = {card(c.code) for h in record.hands.values() for c in h}
            for h in record.extra.get("kept", {}).values():
                dealt |= shown(h)
            allowed |= revealed(hand)
            hidden |= dealt - revealed(hand)
        for payload in public_payloads(salon, step.start, step.end):
            found = tokens(payload)
            assert found <= allowed, (found - allowed, payload)
            assert not found & hidden
            seen["public_cards"] += len(found)
            seen["hidden"] += bool(hidden)
            embeds = payload.get("embeds") or []
            seen["showdowns"] += any(e.get("title", "").startswith("Showdown") for e in embeds)
        for channel, text in dm_posts(salon, step.start, step.end):
            user = owner[channel]
            if _end_of_hand_dm(deals, str(user), tokens(text)):
                seen["dms"] += 1
                continue
            assert user == step.actor, "a DM to someone who did not just act"
            [(hand_id, count)] = step.hands  # during a hand, cards go to the one who looks
            record, hand, _ = deals[hand_id]
            name = str(user)
            done = [a.verb for a in record.actions[:count] if a.player == name]
            assert "look" in done, "a DM to a player who never looked"
            i = hand.index[name]
            choosing = hand.current == i and hand.choosing is not None
            cards = hand.held[i][hand.choosing or 0] if choosing else hand.held[i][0]
            assert tokens(text) == shown(c.code for c in cards), text
            own = {card(c.code) for c in record.hands[name]}
            own |= shown(record.extra.get("kept", {}).get(name, []))
            assert tokens(text) <= own
            seen["dms"] += 1
            seen["discards"] += done[-1] == "discard"
    return seen


def _end_of_hand_dm(deals: dict[int, Any], name: str, sent: set[str]) -> bool:
    """A DM at the end of a hand that ended in this step: the player's own cards of it, never
    a blind hand he keeps for the next deal (nor anyone else's)."""
    for record, hand, _ in deals.values():
        if not hand.finished or name not in hand.index:
            continue
        own = {card(c.code) for c in record.hands[name]}
        own |= shown(record.extra.get("kept", {}).get(name, []))
        if sent and sent <= own:
            assert name not in hand.kept_after, "a blind hand kept for the next deal was sent"
            return True
    return False


@pytest.mark.parametrize(
    ("options", "names", "hands", "card_emojis"),
    [
        ("common_showdown=true", ("ann", "ben", "cid", "dan"), 10, False),
        ("cards=4", ("ann", "ben", "cid"), 6, False),
        ("cards=4", ("ann", "ben", "cid"), 6, True),
    ],
)
async def test_public_messages_never_show_an_unrevealed_brag_card(
    salon: Any, options: str, names: tuple[str, ...], hands: int, card_emojis: bool
) -> None:
    if card_emojis:
        await card_emojis_ready(salon)
    rng = random.Random(SEED)
    members = await open_brag(salon, names, options)
    steps = await play_randomly(salon, members, rng, hands=hands)
    seen = await check_privacy(salon, members, steps)
    assert seen["showdowns"] >= 2 and seen["dms"] >= 4 and seen["public_cards"] > 0
    assert seen["hidden"] > 0
    assert seen["discards"] > 0 if "cards=4" in options else seen["discards"] == 0
    census = await salon.bot.db.query(Transaction.chip_census, salon.guild.id)
    assert census.balanced and not await salon.bot.db.query(
        Transaction.verify_ledger, salon.guild.id
    )


# -- 3. four-card brag: the Discard… modal -------------------------------------------------


async def test_four_card_brag_discard_through_the_modal(salon: Any) -> None:
    members = await open_brag(salon, ("ann", "ben", "cid"), "cards=4")
    hand = state(salon)["hand"]
    first = members[int(hand["to_act"])]
    before = len(salon.env.http_requests)
    await click_verb(salon, first, "look")
    [(_, dealt_text)] = dm_posts(salon, before)
    record = (await salon.bot.db.query(Transaction.get_hand, int(hand["id"]))).record
    dealt = record["hands"][str(first.id)]
    assert tokens(dealt_text) == shown(dealt) and len(dealt) == 4

    # After looking he must discard one card first (or fold): a Discard… button.
    hand = state(salon)["hand"]
    assert hand["legal"] == [{"verb": "discard", "amount": 1}, {"verb": "fold"}]
    message = await table_message(salon)
    assert "Discard…" in labels(message)
    other = next(m for m in members.values() if m is not first)
    refused = await other.click(message, label="Discard…")
    assert refused.ephemeral and refused.modal is None
    assert "not your turn" in refused.response.content
    opened = await first.click(message, label="Discard…")
    assert opened.ephemeral and opened.modal is None  # a menu of his own cards, privately
    assert opened.response.content == "Choose the card you discard."
    (row,) = opened.response.components
    (menu,) = row["components"]
    assert sorted(o["value"] for o in menu["options"]) == sorted(dealt)
    assert {o["label"] for o in menu["options"]} == {card(c) for c in dealt}
    assert menu["min_values"] == menu["max_values"] == 1

    played = actions_played(salon)
    # Chosen in the menu, the discard is played; a second menu opened before is stale.
    thrown = dealt[-1]
    older = await first.click(await table_message(salon), label="Discard…")
    opened = await first.click(await table_message(salon), label="Discard…")
    (menu,) = opened.response.components[0]["components"]
    before = len(salon.env.http_requests)
    done = await first.select(opened.response, [thrown], custom_id=menu["custom_id"])
    assert "1 card discarded" in done.response.content
    assert actions_played(salon)[1] == played[1] + 1
    stale = await first.select(older.response, [dealt[0]], custom_id=menu["custom_id"])
    assert "already" in stale.response.content
    assert actions_played(salon)[1] == played[1] + 1
    stored = await salon.bot.db.query(Transaction.get_hand, int(hand["id"]))
    assert stored.record["actions"][-1] == [str(first.id), "discard", [thrown]]
    [(_, kept_text)] = dm_posts(salon, before)  # his three played cards, privately
    assert tokens(kept_text) == shown(c for c in dealt if c != thrown)
    for payload in public_payloads(salon, before):
        assert not tokens(payload), payload
    message = await table_message(salon)
    assert "discards 1 card." in field(message, "Last moves")
    legal = {a["verb"] for a in state(salon)["hand"]["legal"]}
    assert "bet" in legal and "discard" not in legal

    # The next player looks and discards by slash command, the cards typed the same way.
    await click_verb(salon, first, "bet", 1)
    second = members[int(state(salon)["hand"]["to_act"])]
    looked = await second.slash(salon.channel, "act", verb="look")
    assert looked.ephemeral and "Played" in looked.response.content
    his = (await salon.bot.db.query(Transaction.get_hand, int(hand["id"]))).record["hands"][
        str(second.id)
    ]
    discarded = await second.slash(salon.channel, "act", verb="discard", amount=card(his[0]))
    assert discarded.ephemeral and "Played" in discarded.response.content
    stored = await salon.bot.db.query(Transaction.get_hand, int(hand["id"]))
    assert stored.record["actions"][-1] == [str(second.id), "discard", [his[0]]]


# -- the pieces, without Discord ----------------------------------------------------------------


def test_brag_buttons_name_what_they_do() -> None:
    def view_labels(hand: dict[str, Any]) -> dict[str, str]:
        hand = {"id": 5, "to_act": "1", "actions": 0, "phase": "betting", **hand}
        view = table_view("en", {"table_id": 2, "fair": None, "hand": hand})
        buttons = [item.item for item in view.children]  # type: ignore[attr-defined]
        return {button.custom_id: button.label for button in buttons}

    two_hands = view_labels(
        {"pot": 6, "legal": [{"verb": "look", "amount": 1}, {"verb": "look", "amount": 2}]}
    )
    assert two_hands["salon:a:2:5:0:look:1"] == "Look at hand 1"
    assert two_hands["salon:a:2:5:0:look:2"] == "Look at hand 2"
    betting = view_labels(
        {
            "pot": 6,
            "level": 4,
            "legal": [
                {"verb": "look"},
                {"verb": "fold"},
                {"verb": "bet", "min": 2, "max": 5},
                {"verb": "see", "amount": 4},
            ],
        }
    )
    assert betting["salon:a:2:5:0:look:"] == "Look at my cards"
    assert betting["salon:a:2:5:0:see:4"] == "See (4)"
    assert betting["salon:o:2:5:0:bet"] == "Bet: other…"
    assert {"salon:a:2:5:0:bet:2", "salon:a:2:5:0:bet:4", "salon:a:2:5:0:bet:5"} <= set(betting)
    asked = view_labels({"phase": "proposal", "legal": [{"verb": "showdown"}, {"verb": "refuse"}]})
    assert asked == {
        "salon:t:2:join": "Join",
        "salon:t:2:leave": "Leave",
        "salon:t:2:cards": "My cards",
        "salon:t:2:bump": "🔝 Bump",
        "salon:a:2:5:0:showdown:": "Agree to show",
        "salon:a:2:5:0:refuse:": "Refuse",
    }
    discard = view_labels({"legal": [{"verb": "discard", "amount": 2}, {"verb": "fold"}]})
    assert discard["salon:o:2:5:0:discard"] == "Discard…"
    assert parse_amount("`K♥` 10♣") == ("Kh", "10c")


def test_brag_showdown_embed_and_table_lines() -> None:
    view = {
        "players": [
            {"name": "1", "folded": True, "cards": None},
            {"name": "2", "folded": False, "cards": ["Ah", "Kd", "2c"]},
            {"name": "3", "folded": False, "cards": ["7s", "7d", "9c"]},
        ]
    }
    data = showdown_report(
        hand_no=4,
        game="brag",
        view=view,
        shown={
            "2": {"cards": ["Ah", "Kd", "2c"], "hand": "high card A-K-2", "discards": ["4h"]},
            "3": {"cards": ["7s", "7d", "9c"], "hand": "pair 7-7-9"},
        },
        combos={
            "2": combo_message({"kind": "high_card", "ranks": "A-K-2", "wilds": 0}),
            "3": combo_message({"kind": "pair", "ranks": "7-7-9", "wilds": 0}),
        },
        pots=[{"amount": 9, "winners": ["3"]}, {"amount": 4, "winners": ["2"]}],
    )
    embed = showdown_embed("en", "brag", data).to_dict()
    text = json.dumps(embed, ensure_ascii=False)
    assert "<@1>" not in text  # the folded hand is never shown
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields["Hands"].splitlines() == [
        f"<@2>: {cards(['Ah', 'Kd', '2c'])} — high card A-K-2; discarded {card('4h')}",
        f"<@3>: {cards(['7s', '7d', '9c'])} — pair 7-7-9",
    ]
    assert fields["Pots"] == "Pot 1: 9 chips to <@3>\nPot 2: 4 chips to <@2>"
    assert "Brelan payments" not in fields
    pair = {"kind": "pair", "ranks": "7-7-9", "wilds": 0}
    events = [
        Event("pot", None, {"amount": 9, "winners": ["3"], "shown": True}),
        Event("bet", "2", {"amount": 2, "blind": True, "counts": 4}),
        Event("see", "3", {"amount": 4, "seen": "2"}),
        Event("fold", "1", {}),
        Event("reveal", "3", {"cards": ["7s", "7d", "9c"], "hand": "pair 7-7-9", "combo": pair}),
    ]
    lines = [narrate("en", event_message(e, "brag")) for e in events]
    assert lines == [
        "<@3> takes 9 chips.",
        "<@2> bets 2 blind (counts 4).",
        "<@3> pays 4 to see <@2>.",
        "<@1> folds.",
        "<@3> shows pair 7-7-9.",
    ]
    state = public_state(
        game="brag",
        seats=[{"user": 1, "stack": 0}, {"user": 2, "stack": 40}],
        hand={
            "no": 2,
            "pot": 13,
            "pots": [9, 4],
            "level": 4,
            "face_up": ["Ah", "Kd", "2c"],
            "to_act": "2",
            "players": [
                {
                    "name": "1",
                    "stack": 0,
                    "covered": True,
                    "blind": False,
                    "looked": True,
                    "stake": 9,
                },
                {"name": "2", "stack": 40, "blind": True, "looked": False, "hands": 2, "stake": 4},
            ],
        },
    )
    table = {f.name: f.value for f in table_embed("en", state).fields}
    assert table["Seats"].splitlines() == [
        "<@1> — 0 chips · stake 9 · covered the pot · has looked",
        "<@2> — 40 chips · stake 4 · two hands (one kept) · blind",
    ]
    assert table["Table"].splitlines() == [
        "Pot: 13",
        "Main pot 9; side pots 4",
        "Current bet (open terms): 4; blind players pay half",
        f"Face up: {cards(['Ah', 'Kd', '2c'])}",
    ]
