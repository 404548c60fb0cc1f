"""``python -m bot.ui.tournament_showcase``: a tournament's messages for the README and
docs/tournaments.md, drawn by the real renderer (the documents of :mod:`bot.view.tournament`
as :func:`bot.ui.render.embed_of` fits them into embeds, with the buttons of
:func:`bot.ui.tournament_view.registration_view`), written as Markdown: the registration
message, the announcements, a table's tournament section, the standings and the results of
a nine-player Brelan sit-and-go on an English server.
"""

from __future__ import annotations

import re

import discord

from bot.games.cli import Parser
from bot.games.prizes import prizes
from bot.runtime.public import PublicState
from bot.runtime.tournament_events import (
    Busted,
    EntrantView,
    FinalTable,
    LevelUp,
    PlayerMoved,
    Results,
    Standing,
    Started,
    TableBroken,
    TableSeats,
    TournamentEvent,
    TournamentView,
)
from bot.ui.render import embed_of, table_embed
from bot.ui.showcase import STATE
from bot.ui.tournament_view import registration_view
from bot.view.document import Document
from bot.view.tournament import event_lines, tournament_document

LANG = "en"
#: The members, by id (house players name themselves: 31 is 🤖 Anselme, 32 🤖 Berthe).
NAMES = {
    101: "Armand",
    102: "Céleste",
    103: "Duroc",
    104: "Eugénie",
    105: "Firmin",
    106: "Gilberte",
    107: "Honoré",
}
#: The tables' threads.
THREADS = {201: "Tournament 4 · table 1", 202: "Tournament 4 · table 2"}


def _entrant(
    user: int,
    *,
    table: int | None = None,
    stack: int | None = None,
    place: int | None = None,
    prize: int | None = None,
) -> EntrantView:
    return {
        "user": user,
        "house": user < 100,
        "table": table,
        "stack": stack,
        "place": place,
        "prize": prize,
    }


def sample(status: str) -> TournamentView:
    """The showcase's tournament at one moment: ``registering``, ``running``, ``finished``."""
    base: TournamentView = {
        "id": 4,
        "guild_id": 1,
        "channel_id": 2,
        "game": "brelan",
        "creator_id": 101,
        "status": "registering",
        "buy_in": 100,
        "pool": 600,
        "chips": 50,
        "seats": 5,
        "players": 9,
        "min_players": 2,
        "house": 2,
        "start_at": None,
        "started_at": None,
        "schedule_unit": "hands",
        "schedule_every": 10,
        "levels": [{"ante": a} for a in (1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200)],
        "level": None,
        "next_level_at": None,
        "hands_left": None,
        "payouts": [50, 30, 20],
        "entrants": [_entrant(u) for u in (31, 32, 101, 102, 103, 104, 105, 106)],
        "tables": [],
        "message_ids": {},
    }
    if status == "registering":
        return base
    users = [31, 32, *NAMES]
    if status == "running":
        stacks = {101: 96, 31: 71, 103: 64, 105: 58, 32: 55, 107: 51}
        tables = {101: 1, 31: 1, 103: 2, 105: 2, 32: 1, 107: 2}
        out = {106: 7, 102: 8, 104: 9}
        entrants = [
            _entrant(u, table=tables.get(u), stack=stacks.get(u), place=out.get(u)) for u in users
        ]
        return {
            **base,
            "status": "running",
            "pool": 700,
            "started_at": 1_767_225_600.0,
            "level": 3,
            "hands_left": 4,
            "entrants": entrants,
        }
    places = {101: 1, 105: 2, 31: 3, 103: 4, 32: 5, 107: 6, 106: 7, 102: 8, 104: 9}
    paid = prizes(700, {str(u): p for u, p in places.items()}, (50, 30, 20), {"31", "32"})
    entrants = [_entrant(u, place=places[u], prize=paid[str(u)]) for u in users]
    return {**base, "status": "finished", "pool": 0, "entrants": entrants}


def events() -> list[TournamentEvent]:
    """What the channel is told, from the start to the prizes."""
    tables = (
        TableSeats(11, 1, 201, (101, 31, 102, 32, 104)),
        TableSeats(12, 2, 202, (103, 105, 106, 107)),
    )
    standings = (Standing(101, 1, 438), Standing(105, 2, 262), Standing(31, 3, 0))
    return [
        Started(4, tables, 9),
        LevelUp(4, 2, {"ante": 2}),
        Busted(4, user=104, place=9, table_no=1, left=8),
        PlayerMoved(4, user=107, source=12, target=11, source_no=2, target_no=1),
        TableBroken(4, 12, 2, 202, ((103, 1), (105, 1))),
        FinalTable(4, 11, 1, 201, (101, 31, 32, 103, 105, 107)),
        Results(4, standings, 700),
    ]


def _named(text: str) -> str:
    """Mentions as a reader sees them: members and channels by name."""
    text = re.sub(r"<@(\d+)>", lambda m: "@" + NAMES[int(m[1])], text)
    text = re.sub(r"<#(\d+)>", lambda m: "#" + THREADS[int(m[1])], text)
    return re.sub(r"<t:\d+:R>", "in 12 minutes", text)


def embed_markdown(doc: Document, buttons: discord.ui.View | None = None) -> str:
    """A document as Discord draws it (:func:`~bot.ui.render.embed_of`), and its buttons,
    as the README quotes a message."""
    embed = embed_of(LANG, doc)
    lines = [f"> **{embed.title}**"]
    lines += [f"> {line}" for line in (embed.description or "").split("\n") if line]
    for field in embed.fields:
        lines.append(f"> **{field.name}**")
        lines += [f"> {line}" for line in str(field.value).split("\n")]
    if embed.footer.text:
        lines.append(f"> _{embed.footer.text}_")
    if buttons is not None:
        labels = [
            item.item.label
            for item in buttons.children
            if isinstance(item, discord.ui.DynamicItem) and isinstance(item.item, discord.ui.Button)
        ]
        lines.append("> " + " ".join(f"[{label}]" for label in labels))
    return _named("\n".join(lines))


def tournament_markdown() -> str:
    """Every message of the showcase, with a heading each."""
    registering = sample("registering")
    parts = [
        "**The registration message** (edited in place as players register):",
        embed_markdown(
            tournament_document(LANG, registering), registration_view(LANG, registering)
        ),
        "**Announcements** in the channel (one message for what happens at once):",
        "\n".join(
            f"> {_named(line)}" for e in events() for line in event_lines(LANG, e, {11: 201})
        ),
        "**A table's message** in its thread (the seats and the hand as at any table):",
        _table_section(),
        "**The standings** (the same message, once play has begun):",
        embed_markdown(tournament_document(LANG, sample("running"))),
        "**The results** (the same message at the end, and posted with the winner's line):",
        embed_markdown(tournament_document(LANG, sample("finished"))),
    ]
    return "\n\n".join(parts) + "\n"


def _table_section() -> str:
    """The title and the tournament section of a tournament table's message."""
    state: PublicState = {
        **STATE,
        "game": "brelan",
        "tournament": {
            "id": 4,
            "no": 1,
            "level": 3,
            "stakes": {"ante": 3},
            "hands_left": 4,
            "next_level_at": None,
            "final": False,
            "left": 6,
        },
    }
    embed = table_embed(LANG, state)
    section = next(f for f in embed.fields if str(f.name).startswith("Tournament"))
    lines = [f"> **{embed.title}**", "> …", f"> **{section.name}**"]
    lines += [f"> {line}" for line in str(section.value).split("\n")]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    Parser(
        prog="python -m bot.ui.tournament_showcase",
        description="Print a tournament's messages as Markdown, for the README and "
        "docs/tournaments.md. It takes no option.",
    ).parse_args(argv)
    print(tournament_markdown())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
