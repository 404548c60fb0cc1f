"""Every command, subcommand and option has a French name and description."""

from __future__ import annotations

from typing import Any

import pytest
from salon_helpers import command, speak_french
from simsupport import table_message


def walk(node: dict[str, Any], path: str) -> list[tuple[str, dict[str, Any]]]:
    out = [(path, node)]
    for option in node.get("options") or []:
        out += walk(option, f"{path} {option['name']}")
    return out


async def test_every_name_and_description_is_translated(salon: Any) -> None:
    # every command the bot registers, walked from its own tree (a new command is checked
    # the day it is added), each as Discord stores it once synced
    names = sorted(c.name for c in salon.bot.tree.get_commands())
    assert {"table", "act", "notify", "verify", "admin"} <= set(names), names
    for name in names:
        for path, node in walk(command(salon, name), name):
            french = node.get("name_localizations") or {}
            assert french.get("fr"), f"/{path} has no French name"
            assert (node.get("description_localizations") or {}).get("fr"), path
            for choice in node.get("choices") or []:
                assert (choice.get("name_localizations") or {}).get("fr"), (path, choice)


async def test_table_commands_answer_in_french(salon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    speak_french(monkeypatch)
    alice = salon.member("alice")
    nothing = await alice.slash(salon.channel, "table join")
    assert nothing.ephemeral and "Il n'y a pas de table" in nothing.response.content
    await alice.slash(salon.channel, "table create", game="brelan")
    joined = await alice.slash(salon.channel, "table join")
    assert "Vous vous asseyez avec" in joined.response.content
    again = await alice.click(await table_message(salon), custom_id="salon:t:1:join")
    assert again.ephemeral and "déjà assis" in again.response.content
