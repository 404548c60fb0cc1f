"""A finished hand on the web: its replayer, a page a step (``/g/<server>/hands/<id>?step=N``),
its file (``…/hands/<id>.json``, the ``/replay`` file as this reader may have it), the card
pictures (``/cards/<code>.png``) and the verifier of a file of one's own (``/verify``).

What a reader sees is decided where ``/replay`` decides it
(:func:`bot.runtime.disclosure.record_for`): the reader is the member whose signed link opened
the page (he sees his own cards from the moment he looked at them) or the public. A hand
whose pack is still in play is refused (its file is then the partial record ``/replay``
gives); a hand of another server is not found. On a public page a member who keeps his name
off the public pages is "a player", and his id is replaced in the file too (:func:`masked`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from aiohttp import web
from markupsafe import Markup

from bot.i18n import Lang, render
from bot.runtime.disclosure import record_for
from bot.runtime.history import scenario_of
from bot.runtime.settings import Settings
from bot.storage import NoHand, Transaction
from bot.storage.models import GameTable, Hand
from bot.view.card_art import card_png
from bot.view.fair_text import verifier_data
from bot.view.html import document_html, text_html
from bot.view.replay import Replay, ReplayRefused, replay_stepwise
from bot.view.words import game_title
from bot.web.pages import GUILD, day, page
from bot.web.site import Person, Reader, Refused, Site, id_of, language, reader_of, site_of

log = logging.getLogger(__name__)

routes = web.RouteTableDef()

#: The replays a site keeps drawn (a page a step: paging through a hand replays it once).
REPLAYS_KEPT: Final = 256
#: A card's picture never changes at its address.
CARD_CACHE: Final = "public, max-age=31536000, immutable"
#: A card's code in an address: a rank and a suit, or a joker.
CARD: Final = r"{code:(?:[AKQJT98765432][shdc]|X[12])}"


@dataclass(frozen=True)
class ShownHand:
    """A finished hand of the reader's server: its row, its table, the reader's name in its
    record (None: he was not dealt in), and whether its pack is still in play."""

    stored: Hand
    table: GameTable
    who: str | None
    in_play: bool

    @property
    def players(self) -> list[str]:
        """The names of the record's players, in order of play."""
        return [str(p.get("name")) for p in self.stored.record.get("players", [])]


async def shown_hand(request: web.Request) -> tuple[Reader, Site, ShownHand]:
    """The reader, the site and the hand of the address: 404 for a hand of another server (or
    none), a refusal for a hand called off or not over."""
    reader = await reader_of(request)
    site = site_of(request)
    try:
        stored = await site.db.query(Transaction.get_hand, id_of(request, "hand"))
    except NoHand:
        raise web.HTTPNotFound() from None
    if stored.guild_id != reader.guild_id:
        raise web.HTTPNotFound()  # never another server's hand
    if stored.status == "void":
        raise Refused("web-hand-void", 404, "web-hand-void-title")
    if stored.status != "finished":
        raise Refused("web-hand-not-over", 403, "web-hand-not-yet-title")
    table = await site.db.query(Transaction.get_table, stored.table_id)
    in_play = await site.tables.pack_in_play(site.db, table, stored)
    member = None if reader.member is None else str(reader.member)
    players = {str(p.get("name")) for p in stored.record.get("players", [])}
    return reader, site, ShownHand(stored, table, member if member in players else None, in_play)


async def players_as_shown(
    site: Site, reader: Reader, names: Iterable[str]
) -> tuple[dict[str, Person], dict[str, str]]:
    """The hand's players as the reader sees them, by their name in the record, and the
    aliases (``hidden-1``…) that replace, for a public reader, the ids of the members who
    keep their names off the public pages."""
    ids = {int(n): n for n in names if n.isdigit()}
    stored = await site.db.query(Transaction.web_members, reader.guild_id, set(ids))
    people = {name: reader.person(user, stored.get(user)) for user, name in ids.items()}
    hidden = [n for u, n in ids.items() if reader.public and u in stored and stored[u].hidden]
    return people, {name: f"hidden-{k}" for k, name in enumerate(hidden, 1)}


def masked(value: Any, aliases: Mapping[str, str]) -> Any:
    """A record (as JSON) with each name of ``aliases`` replaced by its alias, wherever it is
    a value or a key: the record still replays and verifies, and names none of them.

    >>> masked({"players": [{"name": "12"}], "hands": {"12": ["Ah"]}, "n": 12}, {"12": "hidden-1"})
    {'players': [{'name': 'hidden-1'}], 'hands': {'hidden-1': ['Ah']}, 'n': 'hidden-1'}
    """
    if not aliases:
        return value
    if isinstance(value, dict):
        return {aliases.get(k, k): masked(v, aliases) for k, v in value.items()}
    if isinstance(value, list):
        return [masked(v, aliases) for v in value]
    if isinstance(value, str):
        return aliases.get(value, value)
    if isinstance(value, int) and not isinstance(value, bool) and str(value) in aliases:
        return aliases[str(value)]
    return value


async def replay_of(site: Site, shown: ShownHand, lang: Lang) -> Replay:
    """The hand's steps as its reader may see them (kept: paging through a hand replays it
    once). A record that does not replay to its end is refused."""
    key = (shown.stored.id, shown.who, lang)
    kept = site.replays.get(key)
    if kept is not None:
        site.replays.move_to_end(key)
        return kept
    record = record_for(dict(shown.stored.record), shown.who, in_play=False)
    try:
        replay = await site.pace.finish(
            replay_stepwise(record, shown.who, lang, hand=shown.stored.hand_no)
        )
    except ReplayRefused as refused:
        log.warning("hand %s does not replay", shown.stored.id, exc_info=True)
        raise Refused(refused.message.key, 404, "web-hand-unreadable-title") from refused
    site.replays[key] = replay
    while len(site.replays) > REPLAYS_KEPT:
        site.replays.popitem(last=False)
    return replay


def step_number(asked: str | None, steps: int) -> int:
    """The step ``?step=`` asks for, from 1 to ``steps`` (the first when it is no number).

    >>> step_number("3", 5), step_number("99", 5), step_number("-1", 5), step_number("x", 5)
    (3, 5, 1, 1)
    """
    try:
        n = int(asked or "1")
    except ValueError:
        n = 1
    return max(1, min(steps, n))


async def fairness(site: Site, shown: ShownHand, lang: Lang) -> tuple[str, str]:
    """Where the hand's fair dealing stands: ``revealed`` (the page may verify it), else
    ``sealed`` or ``unfair`` with the words saying when it can be checked, or why not."""
    fair = shown.stored.record.get("fair")
    if not isinstance(fair, dict):
        return "unfair", render(lang, "verify-unfair")
    if fair.get("server_seed"):
        return "revealed", ""
    seed = await site.db.query(Transaction.current_server_seed, shown.table.id)
    if seed is None or seed.commitment != fair.get("commitment"):
        return "sealed", render(lang, "web-verify-sealed-retired")
    try:
        every = Settings.from_options(shown.table.game, dict(shown.table.options)).reseed_every
    except (KeyError, TypeError, ValueError):
        return "sealed", render(lang, "web-verify-sealed-retired")
    return "sealed", render(lang, "web-verify-sealed", n=max(1, every - seed.deals))


@routes.get(GUILD + r"/hands/{hand:[0-9]{1,20}}")
async def hand_page(request: web.Request) -> web.Response:
    """One step of a finished hand: the seats, the pool, the retourne, the cards shown then,
    the move in words (the payouts at the last step), the steps, the verifier."""
    reader, site, shown = await shown_hand(request)
    if shown.in_play:
        raise Refused("replay-refused-in-play", 403, "web-hand-not-yet-title")
    lang = reader.lang
    replay = await replay_of(site, shown, lang)
    count = replay.count
    n = step_number(request.query.get("step"), count)
    people, aliases = await players_as_shown(site, reader, shown.players)
    names = {name: person.name for name, person in people.items()}
    hand_id = shown.stored.id
    here = reader.url(f"hands/{hand_id}")

    def at(k: int) -> str | None:
        return f"{here}?step={k}" if 1 <= k <= count and k != n else None

    state, said = await fairness(site, shown, lang)
    shown_as = {aliases.get(name, name): person.name for name, person in people.items()}
    drawn = Markup(document_html(replay.step(n - 1), lang, names=names, kind=f"game-{replay.game}"))
    await site.pace.breathe()
    steps = [
        {"url": f"{here}?step={k}", "on": k == n, "title": Markup(text_html(t, lang, names))}
        for k, t in enumerate(replay.titles, 1)
    ]
    await site.pace.breathe()
    return await page(
        request,
        reader,
        "hand.html",
        heading=render(lang, "web-hand-heading", id=hand_id),
        facts=render(
            lang,
            "web-hand-facts",
            game=game_title(shown.stored.game),
            table=shown.table.id,
            no=shown.stored.hand_no,
            when=day(shown.stored.updated_at),
        ),
        n=n,
        count=count,
        first=at(1),
        previous=at(n - 1),
        following=at(n + 1),
        last=at(count),
        drawn=drawn,
        steps=steps,
        notice=render(lang, "web-hand-own-cards" if shown.who else "web-hand-public"),
        fair=state,
        fair_said=said,
        file=f"{here}.json",
        texts=Markup(verifier_data(lang, shown_as)),  # JSON without <, > or &
    )


@routes.get(GUILD + r"/hands/{hand:[0-9]{1,20}}.json")
async def hand_file(request: web.Request) -> web.Response:
    """The hand's ``/replay`` file as this reader may have it: whole once its pack is
    retired, else only the cards he saw (``"partial": true``)."""
    reader, site, shown = await shown_hand(request)
    _, aliases = await players_as_shown(site, reader, shown.players)
    scenario = scenario_of(shown.stored, shown.who, in_play=shown.in_play)
    body = json.dumps(masked(scenario, aliases), indent=2) + "\n"
    name = f"hand-{shown.stored.id}.json"
    return web.Response(
        text=body,
        content_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@routes.get("/cards/" + CARD + ".png")
async def card_picture(request: web.Request) -> web.Response:
    """A card drawn by the card art of the showdown picture (drawn once, kept in memory)."""
    return web.Response(
        body=card_png(request.match_info["code"]),
        content_type="image/png",
        headers={"Cache-Control": CARD_CACHE},
    )


@routes.get("/verify")
async def verify_page(request: web.Request) -> web.Response:
    """The verifier of a hand's file of the reader's own, checked in his browser."""
    lang = language(request)
    return await page(request, None, "verify.html", texts=Markup(verifier_data(lang, {})))
