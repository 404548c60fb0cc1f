"""Every request the real discord.py client sends with the bot's token waits for the bot's
pacer (issue 47), against the fake Discord: the start (log-in apart, commands sync), a
Brelan table with house players to its showdowns, and discord.py's own retries after a 429
and a 502 on the table message's edit, which it sends again by itself: without a token,
those were the requests that met a global 429 at 500 tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.paced_requests import Watch, watching
from tests.test_e2e_faults import EDIT, Table, fake, play_rounds, rest_only, table

__all__ = ["fake", "rest_only", "table"]  # the fixtures, from the faults' end-to-end tests


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Set up before the bot logs in (listed before ``table``)."""
    with watching(monkeypatch) as seen:
        yield seen


async def test_every_request_and_every_retry_waits_for_the_pacer(
    watch: Watch, table: Table, rest_only: Any
) -> None:
    fake = table.fake
    limited = fake.rate_limit_next("PATCH", EDIT, retry_after=0.3)
    await play_rounds(table, 2)
    await table.until(lambda: limited.hits == 1, "a house move's edit, refused (429)")
    failed = fake.fail_next("PATCH", EDIT, status=502)
    await play_rounds(table, 2)
    await table.until(lambda: failed.hits == 1, "a house move's edit, failed (502)")
    await table.caught_up()
    edits = [s for s in watch.sends if s.startswith("PATCH /channels/")]
    assert len(edits) > sum(1 for m, p in watch.paced if m == "PATCH")  # retried by discord.py
    assert any(s.startswith("PUT /applications/") for s in watch.sends)  # the sync
    watch.assert_all_paced()
    table.assert_no_errors()
