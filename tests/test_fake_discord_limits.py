"""The fake Discord's rate limits and faults, as Discord documents them, and what discord.py's
own limiter does against them.

Raw aiohttp requests check the wire format (headers, the 429 body, the global limit, the
interaction endpoints' exemption); discord.py's ``HTTPClient`` checks the behaviour the bot
inherits. Measured with discord.py 2.7 (see each test): twelve messages sent at once to one
channel take three windows (5 + 5 + 2) and meet no 429, the first bucket discovery included,
because a bucket discord.py does not know yet lets one request through and the others wait
for its headers; but discord.py has no global limiter of its own, so sixty messages sent at
once to sixty channels meet the global limit (it then waits ``retry_after`` and goes on).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator

import aiohttp
import discord
import discord.http
import pytest

from bot.loadtest.fakediscord import FakeDiscord, RateLimits, RouteLimit

TOKEN = "fake-token"
AUTH = {"Authorization": f"Bot {TOKEN}"}


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(token=TOKEN, rate_limits=RateLimits())
    await server.start()
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def post(
    http: aiohttp.ClientSession, fake: FakeDiscord, route: str, body: object = None
) -> tuple[int, dict[str, str], object]:
    async with http.post(fake.api_base + route, json=body or {"content": "x"}, headers=AUTH) as r:
        body = await r.json() if r.content_type == "application/json" else None
        return r.status, dict(r.headers), body


async def test_a_channel_takes_five_messages_per_five_seconds(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    route = f"/channels/{fake.channel_id}/messages"
    answers = [await post(http, fake, route) for _ in range(6)]
    for n, (status, headers, _) in enumerate(answers[:5]):
        assert status == 200
        assert headers["X-RateLimit-Limit"] == "5"
        assert headers["X-RateLimit-Remaining"] == str(4 - n)
        assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 5.0
        assert float(headers["X-RateLimit-Reset"]) == pytest.approx(
            time.time() + float(headers["X-RateLimit-Reset-After"]), abs=1.0
        )
    assert len({h["X-RateLimit-Bucket"] for _, h, _ in answers}) == 1
    status, headers, body = answers[5]
    assert status == 429
    assert isinstance(body, dict)
    assert body["message"] == "You are being rate limited."
    assert body["global"] is False
    assert 0 < body["retry_after"] <= 5.0
    assert headers["Retry-After"] == str(max(1, int(-(-body["retry_after"] // 1))))
    assert headers["X-RateLimit-Scope"] == "user"
    assert headers["X-RateLimit-Remaining"] == "0"
    assert headers["Via"]  # discord.py takes a 429 without Via for a Cloudflare ban
    assert [h.route for h in fake.rate_limited] == [route]
    assert fake.invalid_requests == 1
    # another channel is another bucket (its top-level resource differs)
    other = await post(http, fake, f"/channels/{fake.channel_id + 1}/messages")
    assert other[0] == 200 and other[1]["X-RateLimit-Remaining"] == "4"
    # the window resets: the sixth goes through once retry_after has passed
    await asyncio.sleep(body["retry_after"] + 0.05)
    again = await post(http, fake, route)
    assert again[0] == 200 and again[1]["X-RateLimit-Remaining"] == "4"


async def test_edits_share_a_bucket_per_channel(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """An edit's top-level resource is its channel: two messages of one channel share it."""
    route = f"/channels/{fake.channel_id}/messages"
    ids = [str((await post(http, fake, route))[2]["id"]) for _ in range(2)]  # type: ignore[index]
    statuses = []
    for n in range(6):
        url = f"{fake.api_base}{route}/{ids[n % 2]}"
        async with http.patch(url, json={"content": str(n)}, headers=AUTH) as r:
            statuses.append(r.status)
    assert statuses == [200] * 5 + [429]
    elsewhere = await post(http, fake, f"/channels/{fake.channel_id + 7}/messages")
    async with http.patch(
        f"{fake.api_base}/channels/{fake.channel_id + 7}/messages/{elsewhere[2]['id']}",  # type: ignore[index]
        json={"content": "y"},
        headers=AUTH,
    ) as r:
        assert r.status == 200


async def test_the_global_limit_spares_interaction_callbacks(http: aiohttp.ClientSession) -> None:
    fake = FakeDiscord(token=TOKEN, rate_limits=RateLimits(global_per_second=10))
    await fake.start()
    try:
        channels = [f"/channels/{fake.channel_id + n}/messages" for n in range(11)]
        answers = [await post(http, fake, route) for route in channels]
        assert [a[0] for a in answers] == [200] * 10 + [429]
        _, headers, body = answers[10]
        assert isinstance(body, dict) and body["global"] is True
        assert 0 < body["retry_after"] <= 1.0
        assert headers["X-RateLimit-Global"] == "true"
        assert headers["X-RateLimit-Scope"] == "global"
        assert "X-RateLimit-Bucket" not in headers
        assert fake.rate_limited[-1].is_global
        # interaction endpoints are not bound to the global limit
        for n in range(5):
            callback = f"/interactions/{900 + n}/token-{n}/callback"
            answer = await post(http, fake, callback, {"type": 4, "data": {"content": "hi"}})
            assert answer[0] == 204, answer
        assert len(fake.rate_limited) == 1 and fake.invalid_requests == 1
    finally:
        await fake.close()


async def test_without_limits_nothing_is_refused(http: aiohttp.ClientSession) -> None:
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    try:
        for _ in range(12):
            status, headers, _ = await post(http, fake, f"/channels/{fake.channel_id}/messages")
            assert status == 200 and "X-RateLimit-Limit" not in headers
        assert fake.rate_limited == []
    finally:
        await fake.close()


async def test_faults_answer_as_discord_does(
    fake: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    route = f"/channels/{fake.channel_id}/messages"
    fake.fail_next("POST", r"/channels/\d+/messages", status=502, times=2)
    fake.unknown_next("PATCH", r"/channels/\d+/messages/\d+", "message")
    fake.rate_limit_next("DELETE", r"/channels/\d+/messages/\d+", retry_after=2.5)
    fake.unknown_next("POST", r"/interactions/\d+/[^/]+/callback", "interaction")
    fake.stall_next("GET", "/users/@me", 0.3)
    assert (await post(http, fake, route))[0] == 502
    assert (await post(http, fake, route))[0] == 502
    created = await post(http, fake, route)
    assert created[0] == 200
    message_id = created[2]["id"]  # type: ignore[index]
    async with http.patch(f"{fake.api_base}{route}/{message_id}", json={}, headers=AUTH) as r:
        assert (r.status, await r.json()) == (404, {"message": "Unknown Message", "code": 10008})
    async with http.delete(f"{fake.api_base}{route}/{message_id}", headers=AUTH) as r:
        assert r.status == 429 and (await r.json())["retry_after"] == 2.5
        assert r.headers["Retry-After"] == "3"
    assert fake.rate_limited[-1].injected
    late = await post(http, fake, "/interactions/1/tok/callback", {"type": 4, "data": {}})
    assert late[0] == 404 and late[2] == {"message": "Unknown interaction", "code": 10062}
    began = time.monotonic()
    async with http.get(f"{fake.api_base}/users/@me", headers=AUTH) as r:
        assert r.status == 200
    assert time.monotonic() - began >= 0.3
    async with http.delete(f"{fake.api_base}{route}/{message_id}", headers=AUTH) as r:
        assert r.status == 204  # each fault answered its count only


async def test_an_interaction_answered_after_three_seconds_is_unknown(
    http: aiohttp.ClientSession,
) -> None:
    fake = FakeDiscord(token=TOKEN, interaction_deadline=0.2)
    await fake.start()
    try:
        fake.interactions["5"] = (str(fake.channel_id), None, time.monotonic())
        await asyncio.sleep(0.25)
        late = await post(http, fake, "/interactions/5/tok/callback", {"type": 4, "data": {}})
        assert late[0] == 404 and late[2] == {"message": "Unknown interaction", "code": 10062}
        fake.interactions["6"] = (str(fake.channel_id), None, time.monotonic())
        first = await post(http, fake, "/interactions/6/tok/callback", {"type": 4, "data": {}})
        second = await post(http, fake, "/interactions/6/tok/callback", {"type": 4, "data": {}})
        assert first[0] == 204
        assert second[0] == 400 and second[2]["code"] == 40060  # type: ignore[index]
    finally:
        await fake.close()


# -- discord.py's limiter against them -------------------------------------------------------


@pytest.fixture
async def client(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[discord.http.HTTPClient]:
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login(TOKEN)
    try:
        yield http
    finally:
        await http.close()


async def test_discord_py_sends_twelve_messages_to_one_channel_without_a_429(
    fake: FakeDiscord, client: discord.http.HTTPClient
) -> None:
    """discord.py lets one request of an unknown bucket through, learns the bucket from its
    headers (5 per 5 s), then waits for the reset itself: 12 messages take three windows and
    not one 429. Measured: 0 429s, about 10.0 s."""
    began = time.monotonic()
    sent = await asyncio.gather(
        *(client.send_message(fake.channel_id, params=_content(n)) for n in range(12))
    )
    elapsed = time.monotonic() - began
    assert len(sent) == 12 and len({m["id"] for m in sent}) == 12
    assert fake.rate_limited == []
    assert 9.5 <= elapsed < 14.0, elapsed
    posts = [r for r in fake.rest_requests if r.method == "POST"]
    assert len(posts) == 12
    gaps = [round(b.at - a.at, 1) for a, b in itertools.pairwise(posts)]
    assert sum(1 for g in gaps if g >= 4.0) == 2, gaps  # two waits for a reset


async def test_discord_py_has_no_global_limiter_of_its_own(
    fake: FakeDiscord, client: discord.http.HTTPClient
) -> None:
    """Sixty messages to sixty channels at once: every bucket is fresh, so discord.py sends
    them all and meets the global limit (50 a second); it waits ``retry_after`` and every
    message is delivered. A bot that must see no 429 paces its own requests."""
    sent = await asyncio.gather(
        *(client.send_message(fake.channel_id + n, params=_content(n)) for n in range(60))
    )
    assert len(sent) == 60
    hits = fake.rate_limited
    assert hits and all(h.is_global for h in hits)
    assert fake.invalid_requests == len(hits)


async def test_discord_py_retries_a_5xx_and_raises_unknown_message(
    fake: FakeDiscord, client: discord.http.HTTPClient
) -> None:
    fake.fail_next("POST", r"/channels/\d+/messages", status=500)
    began = time.monotonic()
    message = await client.send_message(fake.channel_id, params=_content(0))
    assert time.monotonic() - began >= 1.0  # discord.py sleeps 1 s before its retry
    assert len([r for r in fake.rest_requests if r.method == "POST"]) == 2
    fake.unknown_next("PATCH", r"/channels/\d+/messages/\d+", "message")
    with pytest.raises(discord.NotFound) as caught:
        await client.edit_message(fake.channel_id, message["id"], params=_content(1))
    assert caught.value.code == 10008


async def test_discord_py_waits_out_an_injected_429(
    fake: FakeDiscord, client: discord.http.HTTPClient
) -> None:
    fake.rate_limit_next("POST", r"/channels/\d+/messages", retry_after=0.7)
    began = time.monotonic()
    await client.send_message(fake.channel_id, params=_content(0))
    assert time.monotonic() - began >= 0.7
    assert len(fake.rate_limited) == 1


def _content(n: int) -> discord.http.MultipartParameters:
    return discord.http.handle_message_parameters(content=f"message {n}")


def test_route_limits_name_their_top_level_resource() -> None:
    limits = RateLimits(routes=(RouteLimit("POST", r"/guilds/(?P<guild_id>\d+)/x", 1, 1.0, "g"),))
    from bot.loadtest.fakediscord import Limiter

    limiter = Limiter(limits)
    assert limiter.bucket_of("POST", "/guilds/42/x")[:2] == ("g", "42")
    assert limiter.bucket_of("GET", "/guilds/42/x")[0] != "g"
    assert Limiter.exempt("/interactions/1/abc/callback")
    assert not Limiter.exempt("/channels/1/messages")
