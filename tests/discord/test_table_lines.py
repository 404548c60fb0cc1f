"""The table message's seat lines: what each player has now."""

from __future__ import annotations

from bot.ui.render import table_embed
from tests.public_states import public_state


def test_a_seat_shows_the_chips_not_yet_staked_during_a_hand() -> None:
    state = public_state(
        table_id=3,
        seats=[{"user": 7, "stack": 30}, {"user": 8, "stack": 30}],
        hand={
            "no": 2,
            "to_act": "8",
            "players": [
                {"name": "7", "stack": 18, "stake": 12},
                {"name": "8", "stack": 28, "stake": 2},
            ],
        },
    )
    for lang, words in (("en", ("18 chips", "stake 12")), ("fr", ("18 jetons", "mise 12"))):
        embed = table_embed(lang, state)
        seats = next(f.value for f in embed.fields if "<@7>" in f.value)
        line = next(x for x in seats.split("\n") if "<@7>" in x)
        assert all(w in line for w in words) and "30" not in line, line
    between = table_embed("en", {**state, "hand": None})
    assert "30 chips" in next(f.value for f in between.fields if "<@7>" in f.value)
