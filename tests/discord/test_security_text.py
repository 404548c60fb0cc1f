"""Text typed by an admin or member is shown to others as text, never as live Markdown or
mentions; the client pings only the users a message names (docs/security.md)."""

from __future__ import annotations

from typing import Any

from bot.app import DEFAULT_MENTIONS
from bot.storage import Transaction
from tests.discord.salon_helpers import add_manager, last_callback

HOSTILE = "[prize](https://evil.example) @everyone\n# FREE CHIPS <@&1234>"


async def test_a_grant_reason_is_posted_as_plain_text(salon: Any) -> None:
    boss, bob = add_manager(salon, "boss"), salon.member("bob")

    given = await boss.slash(salon.channel, "admin grant", member=bob, amount=5, reason=HOSTILE)

    assert not given.ephemeral
    content = given.response.content
    reason = content.split("Reason: ", 1)[1]
    assert reason == ("\\[prize](https://evil.example) @\u200beveryone # FREE CHIPS <@&1234>"), (
        reason
    )
    assert "\n" not in content  # no line of its own, so no heading
    mentions = last_callback(salon)["data"]["allowed_mentions"]
    assert mentions["parse"] == [] and mentions["users"] == [bob.id]
    # the ledger keeps what the admin typed; the wallet shows it as text
    entry = (await salon.bot.db.query(Transaction.ledger, salon.guild.id, bob.id))[0]
    assert entry.note == HOSTILE
    wallet = await bob.slash(salon.channel, "wallet")
    assert "granted by an admin: \\[prize](https://evil.example)" in wallet.response.content


async def test_the_client_pings_named_users_only_by_default(salon: Any) -> None:
    assert salon.bot.allowed_mentions is not None
    default = salon.bot.allowed_mentions
    assert default is DEFAULT_MENTIONS
    assert (default.everyone, default.roles, default.users, default.replied_user) == (
        False,
        False,
        True,
        False,
    )
    alice, bob = salon.member("alice"), salon.member("bob")
    await alice.slash(salon.channel, "table create", game="brelan")
    await alice.slash(salon.channel, "table join")
    await bob.slash(salon.channel, "table join")

    closed = await alice.slash(salon.channel, "table close")

    assert not closed.ephemeral
    sent = last_callback(salon)["data"]["allowed_mentions"]
    assert "everyone" not in sent["parse"] and "roles" not in sent["parse"]
