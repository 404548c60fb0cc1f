"""Every REST call the bot makes is covered by its declaration of permissions
(bot/ui/permissions.py), so the invite asks for all it uses and the checks at create refuse
what a strict server would fail later.

The bot plays what a server sees of it (card emojis uploaded, a table played to its
showdown, /rules and /replay with their files, a tournament whose tables open threads and
are called off, their threads archived) while simcord records each request. Each request's
route is looked up in :data:`ROUTES`, which says what Discord requires for it (Discord's
docs, discord/discord-api-docs); a route missing from the table fails the test, so a new
kind of call must be thought about before it ships.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from simcord.types import HttpLogEntry
from simsupport import card_emojis_ready, play_hand, table_message
from tournament_helpers import steady

from bot.ui.permissions import Place, every_flag, needed
from tests.discord.salon_helpers import add_manager

#: What a request needs: (permissions required, permissions tried but not required: the bot
#: does without when refused).
Needs = tuple[frozenset[str], frozenset[str]]
NOTHING: Needs = (frozenset(), frozenset())


def _of(*required: str, tried: tuple[str, ...] = ()) -> Needs:
    return frozenset(required), frozenset(tried)


def post(entry: HttpLogEntry, thread: bool) -> Needs:
    """Create Message: Send Messages (Send Messages in Threads in a thread); an embed needs
    Embed Links, a file Attach Files; a reply would need Read Message History."""
    body = entry.json if isinstance(entry.json, dict) else {}
    flags = {"view_channel", "send_messages_in_threads" if thread else "send_messages"}
    flags |= {"embed_links"} if body.get("embeds") else set()
    flags |= {"attach_files"} if body.get("attachments") else set()
    flags |= {"read_message_history"} if body.get("message_reference") else set()
    return frozenset(flags), frozenset()


def edit(entry: HttpLogEntry, thread: bool) -> Needs:
    """Edit Message: its author may edit content, embeds and components; a new file needs
    Attach Files, an embed Embed Links (else Discord hides it)."""
    body = entry.json if isinstance(entry.json, dict) else {}
    flags = {"view_channel"}
    flags |= {"embed_links"} if body.get("embeds") else set()
    new_files = [a for a in body.get("attachments") or [] if "id" not in a]
    flags |= {"attach_files"} if new_files else set()
    return frozenset(flags), frozenset()


def answer(entry: HttpLogEntry, thread: bool) -> Needs:
    """An interaction's answer, follow-up or edit: Discord checks them against the bot's
    permissions (change log, 2023-11-01) for embeds and files."""
    body = entry.json if isinstance(entry.json, dict) else {}
    data = body.get("data", body) if isinstance(body.get("data", body), dict) else {}
    flags = {"embed_links"} if data.get("embeds") else set()
    flags |= {"attach_files"} if data.get("attachments") else set()
    return frozenset(flags), frozenset()


def thread_edit(entry: HttpLogEntry, thread: bool) -> Needs:
    """Modify a thread: archiving it is its creator's right (the bot opened it); reopening
    an unlocked one needs only to post there; locking needs Manage Threads, which the bot
    tries and does without."""
    body = entry.json if isinstance(entry.json, dict) else {}
    assert thread and set(body) <= {"archived", "locked"}, body
    if body.get("archived") is False:
        return _of("view_channel", "send_messages_in_threads")
    return _of("view_channel", tried=("manage_threads",) if body.get("locked") else ())


def always(needs: Needs) -> Callable[[HttpLogEntry, bool], Needs]:
    return lambda _entry, _thread: needs


#: (method, route with ids as {id} and tokens as {token}) -> what Discord requires for it.
ROUTES: dict[tuple[str, str], Callable[[HttpLogEntry, bool], Needs]] = {
    # the application's own: no channel permission (the applications.commands scope)
    ("GET", "/oauth2/applications/@me"): always(NOTHING),
    ("GET", "/applications/@me"): always(NOTHING),
    ("GET", "/users/@me"): always(NOTHING),
    ("GET", "/applications/{id}/commands"): always(NOTHING),
    ("PUT", "/applications/{id}/commands"): always(NOTHING),
    ("GET", "/applications/{id}/guilds/{id}/commands"): always(NOTHING),
    ("PUT", "/applications/{id}/guilds/{id}/commands"): always(NOTHING),
    # application-owned emojis: "USE_EXTERNAL_EMOJIS is not required to use app emojis"
    ("GET", "/applications/{id}/emojis"): always(NOTHING),
    ("POST", "/applications/{id}/emojis"): always(NOTHING),
    # interactions: answered with their token
    ("POST", "/interactions/{id}/{token}/callback"): answer,
    ("POST", "/webhooks/{id}/{token}"): answer,
    ("GET", "/webhooks/{id}/{token}/messages/@original"): always(NOTHING),
    ("PATCH", "/webhooks/{id}/{token}/messages/@original"): answer,
    ("PATCH", "/webhooks/{id}/{token}/messages/{id}"): answer,
    ("DELETE", "/webhooks/{id}/{token}/messages/@original"): always(NOTHING),
    # DMs: no server, no permission (a member may refuse them: the bot does without)
    ("POST", "/users/@me/channels"): always(NOTHING),
    # a server's channels and threads
    ("GET", "/channels/{id}"): always(_of("view_channel")),
    ("POST", "/channels/{id}/messages"): post,
    ("PATCH", "/channels/{id}/messages/{id}"): edit,
    ("DELETE", "/channels/{id}/messages/{id}"): always(_of("view_channel")),  # its own
    ("POST", "/channels/{id}/threads"): always(_of("view_channel", "create_public_threads")),
    ("PATCH", "/channels/{id}"): thread_edit,
}


def shape(path: str) -> str:
    """A request's route: ids as {id}, interaction tokens as {token}."""
    path = re.sub(r"^/(interactions|webhooks)/(\d+)/[^/]+", r"/\1/{id}/{token}", path)
    return re.sub(r"/\d+(?=/|$)", "/{id}", path)


def channel_of(path: str) -> int | None:
    found = re.match(r"^/channels/(\d+)", path)
    return int(found.group(1)) if found else None


def flags_at(place: Place, thread: bool) -> set[str]:
    return {flag for flag, _need in needed(place, thread)}


async def play_what_a_server_sees(salon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Card emojis, a Bouillotte hand to its showdown, /rules and /replay, a tournament
    whose table opens a thread, called off by a manager (its thread archived)."""
    await card_emojis_ready(salon)
    members = {m.id: m for m in (salon.member(n) for n in ("alice", "bob", "carol", "dave"))}
    first = members[min(members)]
    await first.slash(salon.channel, "table create", game="bouillotte")
    for member in members.values():
        await member.click(await table_message(salon), label="Join")
    await first.click(await table_message(salon), label="Start")
    hand_id = await play_hand(salon, members)
    await salon.env.advance_time(40)  # the turn notices and the next hand's deal
    await first.slash(salon.channel, "rules", game="brelan")
    await first.slash(salon.channel, "replay", hand=hand_id)

    hall = salon.guild.create_text_channel("tournaments")
    steady(salon, monkeypatch)
    await salon.member("ann").slash(
        hall, "tournament create", game="brag", seats=3, buy_in=25, house=1
    )
    await register_all_in(salon, hall, ["ann", "ben"])
    await add_manager(salon, "boss").slash(hall, "tournament cancel", tournament=1)
    await salon.env.advance_time(60)
    await salon.bot.presenter.flush(30)


async def register_all_in(salon: Any, channel: Any, names: list[str]) -> None:
    """Each member clicks Register on the tournament's message in ``channel``."""
    for name in names:
        message = next(m for m in reversed(channel.history()) if m.components)
        await salon.member(name).click(message, custom_id="salon:r:1:register")


@pytest.mark.parametrize("card_emojis", [True])
async def test_every_rest_call_the_bot_makes_is_covered_by_its_permissions(
    salon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    await play_what_a_server_sees(salon, monkeypatch)
    backend = salon.env.backend
    requests = list(salon.env.http_requests)
    unknown = sorted({(e.method, shape(e.path)) for e in requests} - set(ROUTES))
    assert unknown == [], "routes with no entry in ROUTES: say what Discord requires for them"

    seen: set[tuple[str, str]] = set()
    for entry in requests:
        route = (entry.method, shape(entry.path))
        seen.add(route)
        where = channel_of(entry.path)
        channel = backend.channels.get(where) if where is not None else None
        thread = bool(channel is not None and channel.is_thread)
        required, _tried = ROUTES[route](entry, thread)
        assert required <= every_flag(), (route, required - every_flag())
        if channel is None or channel.guild_id is None:  # an answer, or a DM
            if route[1].startswith(("/interactions/", "/webhooks/")):
                assert required <= flags_at(Place.ANSWERS, False), (route, required)
            continue
        home = backend.channels[channel.parent_id] if thread else channel
        # what each place needs is what /table create and /tournament create check
        place = Place.TOURNAMENT if home.name == "tournaments" else Place.TABLE
        allowed = flags_at(place, thread) | (flags_at(Place.TABLE, True) if thread else set())
        assert required <= allowed, (route, place, required - allowed)

    # the scenario did reach what the invite's new permissions are for
    for route in [
        ("POST", "/channels/{id}/threads"),  # Create Public Threads
        ("PATCH", "/channels/{id}"),  # the thread archived
        ("POST", "/applications/{id}/emojis"),  # the card emojis
    ]:
        assert route in seen, route
    files = [e for e in requests if isinstance(e.json, dict) and e.json.get("attachments")]
    assert any(e.path.startswith("/channels/") for e in files)  # the showdown picture
