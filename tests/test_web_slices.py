"""Pages drawn in slices (bot/web/slices.py): while a page is drawn, the event loop it shares
with the tables runs what is waiting between two slices, for the template and for a hand's
replay alike; what is drawn is the same as in one go; one page works at a time; a page waits
for the tables' requests under way."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import jinja2
import pytest

from bot.runtime.activity import Activity
from bot.view.replay import replay_steps, replay_stepwise
from bot.web import slices

T = TypeVar("T")

RECORD: dict[str, Any] = {
    "game": "brelan",
    "players": [{"name": "1", "stack": 10}, {"name": "2", "stack": 10}],
    "hands": {"1": ["Ah", "Kh", "Qh"], "2": ["8s", "9s", "Ts"]},
    "retourne": "Jh",
    "actions": [["1", "pass"], ["2", "pass"]],
}


async def ticks_during(work: Callable[[], Awaitable[T]]) -> tuple[T, int]:
    """What ``work`` gives, and how often a waiting task (a table's action) ran meanwhile."""
    ticks = 0
    done = False

    async def table() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0)
            if done:
                return
            ticks += 1

    ticker = asyncio.create_task(table())
    await asyncio.sleep(0)  # the table is waiting before the page starts
    ticks = 0
    try:
        result = await work()
    finally:
        done = True
        await ticker
    return result, ticks


async def test_a_template_gives_the_loop_back_between_slices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    template = jinja2.Environment().from_string("{% for k in rows %}<p>{{ k }}</p>{% endfor %}")
    context = {"rows": list(range(50))}
    monkeypatch.setattr(slices, "SLICE", 3600.0)  # one slice: drawn in one go
    whole, ran = await ticks_during(lambda: slices.Pace().render(template, context))
    assert ran == 0 and whole == template.render(context)
    monkeypatch.setattr(slices, "SLICE", 0.0)  # a slice a part: the table runs after each
    sliced, ran = await ticks_during(lambda: slices.Pace().render(template, context))
    assert sliced == whole and ran >= 50


async def test_a_hand_is_replayed_a_move_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(slices, "SLICE", 0.0)
    replay, ran = await ticks_during(
        lambda: slices.Pace().finish(replay_stepwise(RECORD, "1", "en", hand=4))
    )
    assert ran >= len(RECORD["actions"])
    assert replay == replay_steps(RECORD, "1", "en", hand=4)


async def test_a_page_waits_for_the_tables_request_under_way_to_end() -> None:
    activity = Activity()
    order: list[str] = []

    async def table_request() -> None:
        with activity.working():
            order.append("request begins")
            for _ in range(5):  # its steps (a write, the presenter…)
                await asyncio.sleep(0)
            order.append("request ends")

    request = asyncio.create_task(table_request())
    await asyncio.sleep(0)
    await slices.Pace(activity.lull).breathe()
    order.append("page slice")
    await request
    assert order == ["request begins", "request ends", "page slice"]


async def test_tables_that_never_rest_delay_a_page_only_a_moment() -> None:
    activity = Activity()
    with activity.working():
        await asyncio.wait_for(activity.lull(0.01), timeout=5)
        assert activity.busy
    assert not activity.busy
    await asyncio.wait_for(activity.lull(), timeout=5)  # at once: nothing under way


async def test_an_action_arriving_during_a_slice_runs_before_any_other_slice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three pages drawn at once: an action that arrives while one of them works a slice
    (posted to the loop as a socket's data would be) runs before the next slice of any of
    them: pages take turns, and a page's next slice comes after what the loop polled."""
    monkeypatch.setattr(slices, "SLICE", 0.0)
    pace = slices.Pace()
    loop = asyncio.get_running_loop()
    worked = 0
    waited: list[int] = []

    def action(posted_at: int) -> None:
        waited.append(worked - posted_at)

    async def page() -> None:
        nonlocal worked
        async with pace.page():
            for _ in range(4):
                worked += 1
                loop.call_soon(action, worked)
                await pace.breathe()

    await asyncio.gather(page(), page(), page())
    assert len(waited) == 12 and max(waited) == 0, waited


async def test_the_site_reads_its_catalogues_before_the_first_page() -> None:
    """The catalogues and the verifier's texts are read once, at start-up, not by the first
    page while the tables play (it stopped the loop for 60 to 90 ms)."""
    from aiohttp.test_utils import TestServer

    from bot import i18n
    from bot.view.fair_text import verifier_texts
    from bot.web.app import make_app
    from bot.web.site import NoTables, Site

    i18n._bundle.cache_clear()
    i18n.variables.cache_clear()
    verifier_texts.cache_clear()
    server = TestServer(make_app(Site(None, NoTables())))  # type: ignore[arg-type]
    await server.start_server()
    try:
        every = len(i18n.LANGS)
        assert i18n._bundle.cache_info().currsize == every
        assert i18n.variables.cache_info().currsize == every
        assert verifier_texts.cache_info().currsize == every
    finally:
        await server.close()
