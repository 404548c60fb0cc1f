"""The contract check itself: Discord's description as carried, a request or an answer that
does not fit named by its route and field, and the fake's recorder seeing what the client
sent (JSON and multipart) and what the fake answered."""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.loadtest.fakediscord import recorder
from bot.loadtest.fakediscord.recorder import Exchange
from tests.discord_contract import (
    DESCRIPTION,
    DESCRIPTION_SHA256,
    KNOWN_MISMATCHES,
    Problem,
    match,
    problems,
    unexpected,
)
from tests.fakediscord import FakeDiscord

CHANNEL = "/channels/1100000000000000200/messages"
CALLBACK = "/interactions/1200000000000000001/token-1/callback"
USER = {
    "id": "3",
    "username": "SalonBot",
    "discriminator": "0",
    "global_name": None,
    "avatar": None,
    "bot": True,
    "flags": 0,
    "public_flags": 0,
    "primary_guild": None,
}
#: A message as Discord answers it: every property the description requires.
MESSAGE = {
    "id": "1",
    "channel_id": "2",
    "author": USER,
    "content": "hi",
    "timestamp": "2026-12-01T20:23:17.011727+00:00",
    "edited_timestamp": None,
    "tts": False,
    "mention_everyone": False,
    "mentions": [],
    "mention_roles": [],
    "attachments": [],
    "embeds": [],
    "components": [],
    "pinned": False,
    "type": 0,
    "flags": 0,
}


def exchange(
    method: str,
    route: str,
    body: object = None,
    *,
    status: int = 204,
    answer: object = None,
    query: dict[str, str] | None = None,
) -> Exchange:
    return Exchange(
        method=method,
        route=route,
        query=query or {},
        content_type="application/json" if body is not None else "",
        body=body,  # type: ignore[arg-type]
        multipart=False,
        status=status,
        answer=answer,  # type: ignore[arg-type]
    )


def fields(found: list[Problem]) -> list[tuple[str, str]]:
    return [(p.side, p.field) for p in found]


def test_the_description_is_discords_own_with_its_licence() -> None:
    raw = gzip.decompress(DESCRIPTION.read_bytes())
    assert hashlib.sha256(raw).hexdigest() == DESCRIPTION_SHA256
    assert json.loads(raw)["openapi"].startswith("3.1")
    licence = (DESCRIPTION.parent / "LICENSE").read_text()
    assert "MIT License" in licence and "Discord" in licence
    assert "discord/discord-api-spec" in (DESCRIPTION.parent / "README.md").read_text()


def test_a_route_is_matched_literal_segments_first() -> None:
    assert match("/webhooks/1/tok/messages/@original") == (
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
        {"webhook_id": "1", "webhook_token": "tok"},
    )
    assert match("/webhooks/1/tok/messages/5") is not None
    assert match("/channels/1/nonsense") is None


def test_an_unknown_route_or_method_is_named() -> None:
    (unknown,) = problems(exchange("GET", "/channels/1/nonsense"))
    assert "no such route" in str(unknown) and "/channels/1/nonsense" in str(unknown)
    (wrong,) = problems(exchange("PUT", CHANNEL, {"content": "x"}))
    assert "PUT is not a method" in wrong.message


def test_a_body_against_the_schema_names_the_field() -> None:
    found = problems(exchange("POST", CHANNEL, {"content": 5, "tts": "yes"}))
    assert ("request", "$.content") in fields(found)
    assert ("request", "$.tts") in fields(found)
    assert all(p.path == "/channels/{channel_id}/messages" for p in found)


def test_the_docs_limits_the_description_omits() -> None:
    embed = {
        "title": "t" * 257,
        "fields": [{"name": "n", "value": "v" * 1025}] * 6,
    }
    body = {"content": "x" * 2001, "embeds": [embed]}
    found = fields(problems(exchange("POST", CHANNEL, body, status=200, answer=MESSAGE)))
    assert ("request", "$.content") in found
    assert ("request", "$.embeds[0].title") in found
    assert ("request", "$.embeds[0].fields[5].value") in found
    assert ("request", "$.embeds") in found  # 6,000 in all
    label = {"type": 2, "style": 1, "label": "l" * 81, "custom_id": "c" * 101}
    answer = {"type": 4, "data": {"components": [{"type": 1, "components": [label] * 6}]}}
    found = fields(problems(exchange("POST", CALLBACK, answer)))
    assert ("request", "$.data.components[0].components") in found
    assert ("request", "$.data.components[0].components[0].label") in found
    assert ("request", "$.data.components[0].components[0].custom_id") in found


def test_a_snowflake_may_be_a_number_in_a_request_but_not_in_an_answer() -> None:
    body = {"content": "x", "allowed_mentions": {"users": [1100000000000000300], "parse": []}}
    assert problems(exchange("POST", CHANNEL, body, status=200, answer=MESSAGE)) == []
    wrong = dict(MESSAGE, id=1)
    found = problems(exchange("POST", CHANNEL, body, status=200, answer=wrong))
    assert fields(found) == [("answer", "$.id")]


def test_an_answer_against_its_status() -> None:
    missing = {k: v for k, v in MESSAGE.items() if k != "author"}
    found = problems(exchange("POST", CHANNEL, {"content": "x"}, status=200, answer=missing))
    assert [(p.field, p.message) for p in found] == [("$", "'author' is a required property")]
    refused = {"message": "Missing Permissions", "code": 50013}
    assert problems(exchange("POST", CHANNEL, {"content": "x"}, status=403, answer=refused)) == []
    ratelimited = {"message": "You are being rate limited.", "retry_after": 1.0, "global": False}
    found = problems(exchange("POST", CHANNEL, {"content": "x"}, status=429, answer=ratelimited))
    assert fields(found) == [("answer", "$")]  # Discord's 429 has its code
    assert problems(exchange("POST", CHANNEL, {"content": "x"}, status=503)) == []


def test_a_callback_answer_is_held_to_the_docs_rules() -> None:
    update = exchange(
        "POST",
        CALLBACK,
        {"type": 7, "data": {"content": "x"}},
        status=200,
        answer={"interaction": {"id": "1", "type": 2}},
        query={"with_response": "true"},
    )
    found = fields(problems(update))
    assert ("answer", "$.interaction.type") in found
    assert ("answer", "$.resource.message") in found


def test_no_mismatch_of_the_fake_is_excused_any_more() -> None:
    """Issue 47's fidelity points are fixed in the fake: the list of excused answers is empty,
    and an answer as the fake gave it before (type 2 for an update, no message) fails."""
    assert KNOWN_MISMATCHES == ()
    update = exchange(
        "POST", CALLBACK, {"type": 7}, status=200, answer={"interaction": {"id": "1", "type": 2}}
    )
    left, seen = unexpected([update])
    assert ("answer", "$.interaction.type") in fields(left) and seen == set()
    body = {"content": "x" * 2001}
    left, _ = unexpected([exchange("POST", CHANNEL, body, status=200, answer=MESSAGE)])
    assert fields(left) == [("request", "$.content")]


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


async def test_the_recorder_sees_json_multipart_and_the_answer(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    seen: list[Exchange] = []
    recorder.LISTENERS.append(seen.append)
    headers = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.api_base}/channels/{fake.channel_id}/messages"
    try:
        async with aiohttp.ClientSession(headers=headers) as session:
            async with session.post(url, json={"content": "x" * 2001}) as response:
                assert response.status == 200
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps({"content": "picture", "tts": 1}))
            form.add_field("files[0]", b"png", filename="a.png", content_type="image/png")
            async with session.post(url, data=form) as response:
                assert response.status == 200
    finally:
        recorder.LISTENERS.remove(seen.append)
    assert [(e.method, e.status, e.multipart) for e in seen] == [
        ("POST", 200, False),
        ("POST", 200, True),
    ]
    assert seen[1].body == {"content": "picture", "tts": 1}
    assert isinstance(seen[0].answer, dict)
    assert seen[0].answer["channel_id"] == str(fake.channel_id)
    assert ("request", "$.content") in fields(problems(seen[0]))
    assert ("request", "$.tts") in fields(problems(seen[1]))
