"""A tournament's messages as documents: docs/tournaments.md's sample is
what the real renderer draws, and the largest tournament a server can make still fits
Discord's limits, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_limits import CONTENT, assert_within_discord_limits

from bot.i18n import LANGS, Lang
from bot.runtime.tournament_events import (
    EntrantView,
    Reminder,
    Results,
    Standing,
    Started,
    TableBroken,
    TableSeats,
)
from bot.runtime.tournament_spec import MOST_PLAYERS
from bot.ui.render import embed_of
from bot.ui.tournament_presenter import message_chunks
from bot.ui.tournament_showcase import sample, tournament_markdown
from bot.ui.tournament_view import registration_view
from bot.view.tournament import event_lines, tournament_document, tournament_list_document

ROOT = Path(__file__).resolve().parents[2]
#: The longest ids Discord hands out (19 digits).
BIG = 10**18


def test_the_docs_show_the_showcase_tournament() -> None:
    shown = tournament_markdown()
    for page in ("docs/tournaments.md",):
        text = (ROOT / page).read_text(encoding="utf-8")
        assert shown in text, f"{page}: regenerate with python -m bot.ui.tournament_showcase"


def largest(status: str) -> dict:
    """The showcase's tournament at its largest: a hundred entrants of 19-digit ids, forty
    levels of a million chips, a split of twenty places, amounts of 10^12."""
    view = dict(sample(status))
    entrants: list[EntrantView] = []
    for n in range(MOST_PLAYERS):
        place = None if status == "running" and n < 60 else n + 1
        entrants.append(
            {
                "user": BIG + n,
                "house": False,
                "table": n % 12 + 1 if place is None else None,
                "stack": 10**12 if place is None else None,
                "place": place if status != "registering" else None,
                "prize": 10**12 if status == "finished" else None,
            }
        )
    view.update(
        game="brag",
        players=MOST_PLAYERS,
        buy_in=10**12,
        pool=10**14,
        levels=[{"ante": 10**6, "min_bet": 10**6, "max_bet": 10**6}] * 40,
        payouts=[5] * 20,
        entrants=entrants,
        start_at=4_102_444_800.0,
        level=40,
        next_level_at=4_102_444_800.0,
    )
    return view


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("status", ["registering", "running", "finished", "cancelled"])
def test_the_largest_tournament_message_fits(lang: Lang, status: str) -> None:
    view = largest(status)
    view["status"] = status
    embed = embed_of(lang, tournament_document(lang, view))  # type: ignore[arg-type]
    buttons = registration_view(lang, view) if status == "registering" else None  # type: ignore[arg-type]
    assert_within_discord_limits(embed, buttons)
    listed = embed_of(lang, tournament_list_document(lang, [view] * 50))  # type: ignore[list-item]
    assert_within_discord_limits(listed)


@pytest.mark.parametrize("lang", LANGS)
def test_the_longest_announcements_go_out_in_messages_that_fit(lang: Lang) -> None:
    users = tuple(BIG + n for n in range(MOST_PLAYERS))
    tables = tuple(TableSeats(n, n, BIG + n, users[n * 5 : n * 5 + 5]) for n in range(20))
    events = [
        Reminder(1, users, 4_102_444_800.0),
        Started(1, tables, MOST_PLAYERS),
        TableBroken(1, 3, 3, BIG, tuple((u, 19) for u in users[:5])),
        Results(1, tuple(Standing(u, i + 1, 10**12) for i, u in enumerate(users)), 10**14),
    ]
    lines = [line for e in events for line in event_lines(lang, e, {})]
    chunks = message_chunks(lines)
    assert all(len(c) <= CONTENT for c in chunks)
    assert "\n".join(chunks).split() == "\n".join(lines).split()  # nothing lost
