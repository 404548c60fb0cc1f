"""A tournament as documents (:mod:`bot.view.document`): the registration message, the
standings while it is played, the results, the list of a server's tournaments, the
tournament's section of a table message; and the lines that announce what happens to it.

They only word what the runtime hands them (a
:class:`~bot.runtime.tournament_events.TournamentView`, a table's
:class:`~bot.runtime.public.TournamentTableView`, the events); they never decide a rule.
Besides the document's marks, an announcement line names a table's channel ``<#id>`` (a
thread, on Discord).

>>> doc = tournament_document("en", SAMPLE)
>>> doc.title, doc.section("entrants").name
('Brelan — tournament #3', 'Registered (2 of 9)')
>>> results_document("fr", {**SAMPLE, "status": "finished"}).title
'Brelan — tournoi n°3\\xa0: résultats'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import Lang, render
from bot.runtime.public import StakesView, TournamentTableView
from bot.runtime.tournament_events import (
    EntrantView,
    FinalTable,
    PlayerMoved,
    Registered,
    Reminder,
    Results,
    Started,
    TableBroken,
    TournamentEvent,
    TournamentView,
    Unregistered,
)
from bot.view.document import Document, Section
from bot.view.words import chips, game_colour, game_title, mention

#: The colour of a tournament's messages once it is over or called off.
DONE_COLOUR = 0x888888


def _stamp(unix: float, style: str) -> str:
    return f"<t:{int(unix)}:{style}>"


# -- the parts of a tournament's messages ---------------------------------------------------


def tournament_title(lang: Lang, view: TournamentView) -> str:
    """>>> tournament_title("fr", SAMPLE)
    'Brelan — tournoi n°3'
    """
    return render(lang, "ui-tournament-title", game=game_title(view["game"]), id=view["id"])


def level_line(lang: Lang, level: int, stakes: StakesView) -> str:
    """A level and its stakes.

    >>> level_line("en", 2, {"ante": 2, "min_bet": 2, "max_bet": 20})
    'Level 2: ante 2, bets from 2 to 20'
    """
    if "min_bet" in stakes and "max_bet" in stakes:
        return render(
            lang,
            "ui-tournament-level-limits",
            level=level,
            ante=stakes["ante"],
            low=stakes["min_bet"],
            high=stakes["max_bet"],
        )
    return render(lang, "ui-tournament-level", level=level, ante=stakes["ante"])


def next_level(lang: Lang, hands_left: int | None, next_level_at: float | None) -> str:
    """What is left of a level: hands, or a time (a relative timestamp), or nothing more.

    >>> next_level("en", 3, None), next_level("en", None, 600.0), next_level("fr", None, None)
    ('next level in 3 hands', 'next level <t:600:R>', 'le dernier palier')
    """
    if hands_left is not None:
        return render(lang, "ui-tournament-next-hands", n=hands_left)
    if next_level_at is not None:
        return render(lang, "ui-tournament-next-time", t=_stamp(next_level_at, "R"))
    return render(lang, "ui-tournament-last-level")


def _how(lang: Lang, view: TournamentView) -> list[str]:
    """When it starts, what it costs, what each player gets, the house players."""
    if view["start_at"] is None:
        start = render(lang, "ui-tournament-sit-and-go", n=view["players"])
    else:
        start = render(
            lang,
            "ui-tournament-scheduled",
            at=_stamp(view["start_at"], "f"),
            **{"in": _stamp(view["start_at"], "R")},
            min=view["min_players"],
            n=view["players"],
        )
    lines = [
        start,
        render(
            lang, "ui-tournament-buy-in", n=view["buy_in"], chips=view["chips"], seats=view["seats"]
        ),
    ]
    if view["house"]:
        lines.append(render(lang, "ui-tournament-house", n=view["house"]))
    return lines


def _stakes(lang: Lang, view: TournamentView) -> Section:
    """The schedule of levels, in one line."""
    levels = view["levels"]
    limits = bool(levels) and "max_bet" in levels[0]
    words = [
        f"{s['ante']}/{s.get('min_bet', 0)}/{s.get('max_bet', 0)}" if limits else str(s["ante"])
        for s in levels
    ]
    key = "ui-tournament-every-limits" if limits else "ui-tournament-every"
    text = render(
        lang, key, unit=view["schedule_unit"], n=view["schedule_every"], levels=" · ".join(words)
    )
    return Section("stakes", render(lang, "ui-tournament-stakes"), (text,))


def _prizes(lang: Lang, view: TournamentView) -> Section:
    """The pool and the shares of the places paid for the field so far."""
    name = render(lang, "ui-tournament-prizes")
    if not view["buy_in"]:
        return Section("prizes", name, (render(lang, "ui-tournament-no-prize"),))
    if not view["entrants"]:  # nothing in the pool, nobody to pay yet
        empty = render(lang, "ui-tournament-pool-empty", n=chips(lang, view["buy_in"]))
        return Section("prizes", name, (empty,))
    shares = ", ".join(
        render(lang, "ui-tournament-share", place=i, share=s)
        for i, s in enumerate(view["payouts"], 1)
    )
    field = len(view["entrants"])
    lines = (
        render(lang, "ui-tournament-pool", n=chips(lang, view["pool"])),
        render(lang, "ui-tournament-split", n=field, shares=shares),
    )
    return Section("prizes", name, lines)


def _placed(entrants: Sequence[EntrantView]) -> list[EntrantView]:
    """The entrants out (or placed at the end), best place first."""
    return sorted((e for e in entrants if e["place"] is not None), key=lambda e: e["place"] or 0)


# -- the documents ------------------------------------------------------------------------


def registration_document(lang: Lang, view: TournamentView) -> Document:
    """The registration message: how it starts, the buy-in, the stakes, the prizes, who is
    registered (the Register / Unregister buttons go under it)."""
    who = tuple(mention(e["user"]) for e in view["entrants"])
    registered = Section(
        "entrants",
        render(lang, "ui-tournament-registered", n=len(who), most=view["players"]),
        who or (render(lang, "ui-tournament-nobody"),),
        sep=" ",
    )
    return Document(
        tournament_title(lang, view),
        game_colour(view["game"]),
        description="\n".join(_how(lang, view)),
        sections=(_stakes(lang, view), _prizes(lang, view), registered),
        footer=render(lang, "ui-tournament-register-footer"),
    )


def standings_document(lang: Lang, view: TournamentView) -> Document:
    """While it is played: the level and what is left of it, who is still in (most chips
    first, with his table), who is out (best place first), the prizes."""
    status = []
    if view["level"] is not None:
        stakes = view["levels"][view["level"] - 1]
        status.append(
            level_line(lang, view["level"], stakes)
            + " · "
            + next_level(lang, view["hands_left"], view["next_level_at"])
        )
    playing = sorted(
        (e for e in view["entrants"] if e["place"] is None),
        key=lambda e: (-(e["stack"] or 0), e["table"] or 0, e["user"]),
    )
    still = tuple(
        render(
            lang,
            "ui-tournament-stack",
            who=mention(e["user"]),
            chips=chips(lang, e["stack"] or 0),
            table=e["table"] or 0,
        )
        for e in playing
    )
    sections = [
        Section("in", render(lang, "ui-tournament-in", n=len(still)), still, parts=3, gives_way=2),
    ]
    out = tuple(
        render(lang, "ui-tournament-place", place=e["place"], who=mention(e["user"]))
        for e in _placed(view["entrants"])
    )
    if out:
        sections.append(Section("out", render(lang, "ui-tournament-out"), out, gives_way=1))
    sections.append(_prizes(lang, view))
    return Document(
        tournament_title(lang, view),
        game_colour(view["game"]),
        description="\n".join(status),
        sections=tuple(sections),
    )


def results_document(lang: Lang, view: TournamentView) -> Document:
    """The end: every entrant's place, best first, with his prize."""
    lines = tuple(
        render(
            lang,
            "ui-tournament-prize",
            place=e["place"],
            who=mention(e["user"]),
            prize=chips(lang, e["prize"] or 0),
        )
        if e["prize"]
        else render(lang, "ui-tournament-place", place=e["place"], who=mention(e["user"]))
        for e in _placed(view["entrants"])
    )
    paid = sum(e["prize"] or 0 for e in view["entrants"])
    if paid:
        summary = render(lang, "ui-tournament-paid", n=chips(lang, paid))
    else:
        summary = render(lang, "ui-tournament-free-over")
    title = render(lang, "ui-tournament-results", game=game_title(view["game"]), id=view["id"])
    standings = Section("standings", render(lang, "ui-tournament-standings"), lines, parts=3)
    return Document(title, game_colour(view["game"]), description=summary, sections=(standings,))


def cancelled_document(lang: Lang, view: TournamentView) -> Document:
    """A tournament called off: what it was, and that every buy-in went back."""
    return Document(
        tournament_title(lang, view),
        DONE_COLOUR,
        description=render(lang, "ui-tournament-called-off"),
        sections=(_stakes(lang, view),),
    )


def tournament_document(lang: Lang, view: TournamentView) -> Document:
    """The tournament's message as its status has it: the registration, the standings,
    the results, or called off."""
    status = view["status"]
    if status == "registering":
        return registration_document(lang, view)
    if status == "running":
        return standings_document(lang, view)
    if status == "finished":
        return results_document(lang, view)
    return cancelled_document(lang, view)


def tournament_list_lines(
    lang: Lang, views: Sequence[TournamentView], *, times: bool = True
) -> list[str]:
    """A line per tournament: its number, game and state (``times``: when it starts, as a
    timestamp).

    >>> tournament_list_lines("en", [SAMPLE])
    ['#3 Brelan — registration open, 2 of 9 registered']
    """
    lines = []
    for view in views:
        left = sum(1 for e in view["entrants"] if e["place"] is None)
        registered = len(view["entrants"])
        line = render(
            lang,
            "ui-tournament-list-line",
            id=view["id"],
            game=game_title(view["game"]),
            status=view["status"],
            n=left if view["status"] == "running" else registered,
            most=view["players"],
        )
        if times and view["status"] == "registering" and view["start_at"] is not None:
            line += render(lang, "ui-tournament-list-starts", t=_stamp(view["start_at"], "R"))
        lines.append(line)
    return lines


def tournament_list_document(lang: Lang, views: Sequence[TournamentView]) -> Document:
    """A server's tournaments, one line each."""
    lines = tournament_list_lines(lang, views)
    title = render(lang, "ui-tournament-list")
    if not lines:
        return Document(title, description=render(lang, "ui-tournament-list-empty"))
    return Document(title, sections=(Section("tournaments", title, tuple(lines), parts=4),))


def tournament_table_section(lang: Lang, link: TournamentTableView) -> Section:
    """A tournament table's own section of its table message: the level and what is left
    of it, the final table, the players still in."""
    lines = [
        level_line(lang, link["level"], link["stakes"])
        + " · "
        + next_level(lang, link["hands_left"], link["next_level_at"])
    ]
    if link["final"]:
        lines.append(render(lang, "ui-tournament-final"))
    lines.append(render(lang, "ui-tournament-left", n=link["left"]))
    return Section("tournament", render(lang, "ui-tournament-section", id=link["id"]), tuple(lines))


# -- the announcements --------------------------------------------------------------------


def event_lines(lang: Lang, event: TournamentEvent, channels: Mapping[int, int]) -> list[str]:
    """The lines announcing ``event`` in the tournament's channel (none for a registration:
    the registration message shows it). ``channels`` gives each live table's channel (by
    table id), named ``<#id>`` where the players must go.

    >>> from bot.runtime.tournament_events import Busted
    >>> event_lines("en", Busted(3, user=7, place=5, table_no=1, left=4), {})
    ['<@7> is out and finishes in place 5; 4 still in.']
    """
    if isinstance(event, (Registered, Unregistered)):
        return []
    lines = [render(lang, event.message())]
    if isinstance(event, Started):
        for table in event.tables:
            who = ", ".join(mention(u) for u in table.players)
            lines.append(
                render(
                    lang,
                    "tournament-table-where",
                    table=table.no,
                    channel=f"<#{table.channel_id}>",
                    players=who,
                )
            )
    elif isinstance(event, PlayerMoved) and event.target in channels:
        where = f"<#{channels[event.target]}>"
        lines.append(render(lang, "tournament-moved-where", table=event.target_no, channel=where))
    elif isinstance(event, TableBroken):
        lines += [
            render(lang, "tournament-broken-to", user=user, table=no) for user, no in event.moved
        ]
    elif isinstance(event, FinalTable):
        where = f"<#{event.channel_id}>"
        lines.append(render(lang, "tournament-moved-where", table=event.no, channel=where))
    elif isinstance(event, Reminder) and event.users:
        who = " ".join(mention(u) for u in event.users)
        lines.append(render(lang, "tournament-reminder-who", who=who))
    return lines


def pinged(event: TournamentEvent) -> tuple[int, ...]:
    """The members an announcement pings: the registered before the start, each player at
    the start (where his table is), a player moved to another table. Busts, levels and
    results ping nobody."""
    if isinstance(event, Reminder):
        return event.users
    if isinstance(event, Started):
        return tuple(u for t in event.tables for u in t.players)
    if isinstance(event, PlayerMoved):
        return (event.user,)
    if isinstance(event, TableBroken):
        return tuple(user for user, _no in event.moved)
    return ()


def announces_results(event: TournamentEvent) -> bool:
    """Whether the announcement carries the results document (the end)."""
    return isinstance(event, Results)


#: A tournament registering, for the examples (doctests) and the showcase.
SAMPLE: TournamentView = {
    "id": 3,
    "guild_id": 1,
    "channel_id": 2,
    "game": "brelan",
    "creator_id": 10,
    "status": "registering",
    "buy_in": 100,
    "pool": 200,
    "chips": 50,
    "seats": 5,
    "players": 9,
    "min_players": 2,
    "house": 0,
    "start_at": None,
    "started_at": None,
    "schedule_unit": "hands",
    "schedule_every": 10,
    "levels": [{"ante": 1}, {"ante": 2}, {"ante": 3}],
    "level": None,
    "next_level_at": None,
    "hands_left": None,
    "payouts": [100],
    "entrants": [
        {"user": 1001, "house": False, "table": None, "stack": None, "place": 1, "prize": 200},
        {"user": 1002, "house": False, "table": None, "stack": None, "place": 2, "prize": None},
    ],
    "tables": [],
    "message_ids": {},
}
