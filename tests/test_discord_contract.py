"""The contract checker itself: an answer that does not fit Discord's API description is
named by its route and field (what the end-to-end tests assert stays empty)."""

from __future__ import annotations

from tests.discord_contract import check_answer, check_request, route_of


def test_routes_are_the_descriptions() -> None:
    assert route_of("/users/@me") == "/users/@me"
    assert route_of("/channels/12/threads") == "/channels/{channel_id}/threads"
    assert route_of("/channels/12/nothing") is None
    assert check_answer("GET", "/channels/12/nothing", 200, {}) == [
        "GET /channels/12/nothing: no such route in Discord's API"
    ]
    assert check_answer("DELETE", "/gateway/bot", 204, None) == [
        "DELETE /gateway/bot: no such method in Discord's API"
    ]


def test_a_misfit_names_its_field() -> None:
    # what the fake answered before: a deferral's resource with a message, no schema has it
    deferred = {
        "interaction": {"id": "1", "type": 2},
        "resource": {"type": 5, "message": {}},
    }
    found = check_answer("POST", "/interactions/1/t/callback", 200, deferred)
    assert found and all(f.startswith("POST /interactions/") for f in found)
    assert ".resource" in found[0]
    synced = [
        {
            "id": "1",
            "application_id": "2",
            "version": "3",
            "type": 1,
            "name": "rules",
            "description": "d",
            "default_member_permissions": 8,
        }
    ]
    found = check_answer("PUT", "/applications/2/guilds/3/commands", 200, synced)
    assert found == [
        "PUT /applications/{application_id}/guilds/{guild_id}/commands "
        "[0].default_member_permissions: int is not string/null"
    ]
    assert check_request("POST", "/users/@me/channels", {"recipient_id": 5}) == []
    dm = {"id": 5, "type": 1, "flags": 0, "recipients": []}
    assert check_answer("POST", "/users/@me/channels", 200, dm) == [
        "POST /users/@me/channels .id: int is not string (no oneOf option fits)"
    ]
