"""Shared helpers for the Brelan/Bouillotte tests: build a deal from short notation and play it.

The storage and runtime tests run on both backends: the ``backend`` fixture is "sqlite" or
"postgres" (skipped, with the reason, when no PostgreSQL server can be had: tests/pgserver.py),
and ``db_target`` is a fresh database of that backend (a file path, or a PostgreSQL URL).
``-m "not postgres"`` runs the SQLite variants only. Tests about SQLite itself carry the
``sqlite_only`` mark with the reason.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from bot.games.brelan import BrelanHand
from bot.games.cards import parse_card, parse_cards
from bot.games.options import BrelanOptions, parse_options
from tests.pgserver import SKIP_REASON, PgServer, session_server

if TYPE_CHECKING:
    from tests.test_runtime_support import Env
    from tests.tournament_robots import TourneyEnv

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_SCENARIOS = REPO_ROOT.parent / "shared" / "scenarios"
PROJECT_SCENARIOS = REPO_ROOT / "scenarios"

ActionSpec = tuple[str, str] | tuple[str, str, int]


def brelan_options(game: str = "brelan", **options: Any) -> BrelanOptions:
    """Parsed options of a Brelan or Bouillotte table."""
    parsed = parse_options(game, options)
    assert isinstance(parsed, BrelanOptions)
    return parsed


def make_hand(
    hands: Sequence[str],
    retourne: str,
    *,
    game: str = "brelan",
    stacks: Sequence[int] | int = 50,
    names: Sequence[str] | None = None,
    carried: int = 0,
    refaits: int = 0,
    **options: Any,
) -> BrelanHand:
    """A deal from cards written like ``"Ah Jh 8c"``, players P1..Pn in order, dealer last."""
    n = len(hands)
    names = list(names) if names is not None else [f"P{i + 1}" for i in range(n)]
    stack_list = [stacks] * n if isinstance(stacks, int) else list(stacks)
    return BrelanHand(
        brelan_options(game, **options),
        names,
        stack_list,
        [parse_cards(h.split()) for h in hands],
        parse_card(retourne),
        carried=carried,
        refaits=refaits,
    )


def play(hand: BrelanHand, actions: Sequence[Sequence[Any]]) -> BrelanHand:
    """Apply ``[player, verb]`` or ``[player, verb, amount]`` actions in order."""
    for action in actions:
        player, verb = action[0], action[1]
        amount = action[2] if len(action) > 2 else None
        hand.act(player, verb, amount)
    return hand


def legal_json(hand: BrelanHand) -> list[dict[str, Any]]:
    return [a.to_json() for a in hand.legal_actions()]


def event_kinds(hand: BrelanHand) -> list[str]:
    return [e.kind for e in hand.events]


def events_of(hand: BrelanHand, kind: str) -> list[dict[str, Any]]:
    return [e.to_json() for e in hand.events if e.kind == kind]


def antes_paid(hand: BrelanHand) -> dict[str, int]:
    """Who put what in the pool as ante (the "ante" event)."""
    paid: dict[str, int] = {}
    for e in hand.events:
        if e.kind == "ante":
            paid.update(e.data["paid"])
    return paid


def showdown_event(hand: BrelanHand) -> dict[str, Any] | None:
    """The data of the "showdown" event, or None when nothing was shown."""
    shown = [dict(e.data) for e in hand.events if e.kind == "showdown"]
    assert len(shown) <= 1
    return shown[0] if shown else None


def revealed(hand: BrelanHand) -> dict[str, tuple[list[str], bool]]:
    """Every hand turned face up at the showdown: name -> (cards, folded)."""
    shown = showdown_event(hand)
    if shown is None:
        return {}
    return {n: (list(cards), n in shown["folded"]) for n, cards in shown["hands"].items()}


def suit_owners(hand: BrelanHand) -> dict[str, tuple[str | None, int]]:
    """Suit -> (owner or None, points counted for him) as announced at the showdown."""
    shown = showdown_event(hand)
    assert shown is not None, "no showdown"
    return {s["suit"]: (s["owner"], s["points"]) for s in shown["suits"]}


def pots_json(hand: BrelanHand) -> list[dict[str, Any]]:
    return [p.to_json() for p in hand.pots]


def payments_json(hand: BrelanHand) -> list[dict[str, Any]]:
    return [p.to_json() for p in hand.payments]


def scenario(
    game: str,
    hands: Mapping[str, str],
    retourne: str,
    actions: Sequence[Sequence[Any]],
    *,
    stacks: Mapping[str, int] | int = 50,
    options: Mapping[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A scenario object of docs/scenarios.md (players in the order of ``hands``)."""
    names = list(hands)
    raw: dict[str, Any] = {
        "game": game,
        "options": dict(options or {}),
        "players": [
            {"name": n, "stack": stacks if isinstance(stacks, int) else stacks[n]} for n in names
        ],
        "hands": {n: h.split() for n, h in hands.items()},
        "retourne": retourne,
        "actions": [list(a) for a in actions],
    }
    raw.update(extra)
    return raw


@pytest.fixture
def four_point_hand() -> BrelanHand:
    """docs/rules.md §5 'Point with a folded hand and precedence', before any action."""
    return make_hand(["Ah Jh 8c", "Kd Qd 8h", "Ts 9s Jc", "Jd 9d 9c"], "Th")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "postgres: the PostgreSQL variant of a storage test")
    config.addinivalue_line(
        "markers", "sqlite_only(reason): a test about SQLite itself, not run on PostgreSQL"
    )


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer | None]:
    """The session's PostgreSQL server (started on first use), or None if there is none."""
    yield from session_server()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    """The storage backend of this variant of the test."""
    if request.param == "postgres":
        only = request.node.get_closest_marker("sqlite_only")
        if only is not None:
            pytest.skip(only.args[0] if only.args else "a test about SQLite itself")
        if request.getfixturevalue("pg_server") is None:
            pytest.skip(SKIP_REASON)
    return str(request.param)


async def new_target(backend: str, folder: Path, server: PgServer | None) -> str:
    """A fresh, migrated database: a file in ``folder``, or a PostgreSQL database."""
    if backend == "sqlite":
        return str(folder / "bot.db")
    assert server is not None
    return await server.create()


@pytest.fixture
async def db_target(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[str]:
    """Where this test's database is: a SQLite file, or a fresh PostgreSQL database (dropped
    when the test ends)."""
    server = request.getfixturevalue("pg_server") if backend == "postgres" else None
    target = await new_target(backend, tmp_path, server)
    yield target
    if server is not None:
        await server.drop(target)


@pytest.fixture
async def env(db_target: str) -> AsyncIterator[Env]:
    """A table manager on a fresh database, with a recording presenter (runtime tests)."""
    from tests.test_runtime_support import make_env

    e = await make_env(db_target)
    yield e
    await e.db.close()


@pytest.fixture
async def tourney(db_target: str) -> AsyncIterator[TourneyEnv]:
    """A table manager on a fresh database, recording the tables' and the tournaments' news
    (tournament tests: tests/tournament_robots.py)."""
    from tests.tournament_robots import make_env

    e = await make_env(db_target)
    yield e
    await e.manager.aclose()
    await e.db.close()
