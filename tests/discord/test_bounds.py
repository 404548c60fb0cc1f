"""Every number a command takes has a documented range (issue 11): Discord refuses what is
outside it before the bot sees it, and the runtime and storage check again."""

from __future__ import annotations

from typing import Any

NUMBER_TYPES = {4, 10}  # integer, number


def _options(node: dict[str, Any], path: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for option in node.get("options", []) or []:
        here = f"{path} {option['name']}"
        if option["type"] in (1, 2):  # a subcommand or a group
            out += _options(option, here)
        else:
            out.append((here, option))
    return out


async def test_every_number_option_has_a_minimum_and_a_maximum(salon: Any) -> None:
    unbounded = []
    for command in (
        salon.env.backend.list_commands(None)
        if hasattr(salon.env.backend, "list_commands")
        else salon.bot.tree.get_commands()
    ):
        payload = command if isinstance(command, dict) else command.to_dict(salon.bot.tree)
        for path, option in _options(payload, payload["name"]):
            if option["type"] in NUMBER_TYPES and (
                option.get("min_value") is None or option.get("max_value") is None
            ):
                unbounded.append(path)
    assert unbounded == []
