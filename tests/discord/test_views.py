"""The table message's buttons, one by one: presets, custom ids, stale clicks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from simsupport import play_hand, state, table_message

from bot.ui.views import ActButton, presets, table_view


@dataclass
class FakeResponse:
    sent: list[tuple[str, bool]] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str = "", *, ephemeral: bool = False, **_: Any) -> None:
        self.sent.append((content, ephemeral))


@dataclass
class FakeUser:
    id: int


@dataclass
class FakeInteraction:
    client: Any
    user: FakeUser
    response: FakeResponse = field(default_factory=FakeResponse)
    locale: discord.Locale = discord.Locale.british_english
    message: Any = None
    extras: dict[str, Any] = field(default_factory=dict)  # as discord.Interaction has


def test_presets_stay_in_range_and_unique() -> None:
    assert presets({"verb": "raise", "min": 9, "max": 9}, {"pool": 4, "vade": 8}) == [9]
    assert presets({"verb": "bet", "min": 1, "max": 50}, {"pot": 6}) == [1, 2, 6, 50]


def test_view_offers_exactly_the_legal_actions() -> None:
    state_ = {
        "table_id": 3,
        "fair": None,
        "hand": {
            "id": 8,
            "actions": 0,
            "phase": "betting",
            "to_act": "1",
            "pool": 4,
            "vade": 4,
            "legal": [
                {"verb": "pass"},
                {"verb": "hold", "amount": 4},
                {"verb": "raise", "min": 5, "max": 20},
            ],
        },
    }
    ids = [item.custom_id for item in table_view("en", state_).children]  # type: ignore[attr-defined]
    assert "salon:a:3:8:0:pass:" in ids and "salon:a:3:8:0:hold:4" in ids
    assert {"salon:a:3:8:0:raise:5", "salon:a:3:8:0:raise:8", "salon:a:3:8:0:raise:20"} <= set(ids)
    assert "salon:o:3:8:0:raise" in ids
    assert not any(":open" in i or ":carre" in i for i in ids)


def test_a_short_hold_button_says_all_in_and_a_tapis_says_for_the_pool() -> None:
    def labels(lang: str, hold: int) -> list[str]:
        hand = {"id": 8, "actions": 0, "phase": "betting", "to_act": "1", "pool": 4, "vade": 20,
                "legal": [{"verb": "pass"}, {"verb": "hold", "amount": hold}]}  # fmt: skip
        view = table_view(lang, {"table_id": 3, "fair": None, "hand": hand})  # type: ignore[arg-type]
        return [b.item.label for b in view.children if isinstance(b, ActButton)]

    assert labels("en", 9) == ["Pass (fold)", "Hold 9 (all-in)"]  # the vade is 20: all he has
    assert labels("fr", 0) == ["Passer (se coucher)", "Rester pour la passe"]  # the tapis
    assert labels("en", 20)[1] == "Hold 20"


async def test_a_click_on_a_finished_hand_is_refused_politely(salon: Any) -> None:
    members = {m.id: m for m in (salon.member(n) for n in ("ann", "ben"))}
    first = next(iter(members.values()))
    await first.slash(salon.channel, "table create", game="brelan")
    for member in members.values():
        await member.slash(salon.channel, "table join")
    await first.click(await table_message(salon), custom_id="salon:t:1:start")
    old = state(salon)["hand"]
    await play_hand(salon, members)
    button = ActButton(1, old["id"], "pass", None)
    interaction = FakeInteraction(salon.bot, FakeUser(int(old["to_act"])))
    await button.callback(interaction)  # type: ignore[arg-type]
    [(text, ephemeral)] = interaction.response.sent
    assert ephemeral and "hand that is over" in text
