"""One schema for table options (issue 26, item 7): every option of every game, typed in
/table create's options text and, where one exists, given as its named parameter, with
values just inside and just outside each bound. Both paths agree: the table is opened with
the value (a whole number stays one), or both refuse it, in the same words; a value
outside a named parameter's range is refused by Discord itself, and the options text
refuses it naming the same bounds."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.games.options import GAMES, OptionSpec
from bot.i18n import render
from bot.runtime.option_schema import NAMED, specs
from bot.runtime.settings import seat_range

#: The option each named parameter of /table create sets, the other way round.
PARAMETER = {option: parameter for parameter, option in NAMED.items()}
#: Options that need another to be valid at their bound (min_bet above the default max_bet).
COMPANION = {"min_bet": "max_bet=1000000"}


def bounds(game: str, spec: OptionSpec) -> tuple[int, int]:
    """The bounds of a number option at this game (the seats depend on the game)."""
    if spec.name == "seats":
        return seat_range(game, {})
    return spec.low, spec.high


def cases(game: str, spec: OptionSpec) -> list[tuple[str, bool]]:
    """(typed value, whether it is inside the option's bounds) for one option."""
    if spec.kind == "flag":
        return [("on", True), ("off", True), ("maybe", False), ("1", False)]
    if spec.kind == "choice":
        return [*((str(v), True) for v in spec.choices), ("nope", False)]
    low, high = bounds(game, spec)
    out = [(str(low), True), (str(high), True), (str(low - 1), False), (str(high + 1), False)]
    out.append((f"{low}.5", False))  # a decimal: integers stay integers
    if spec.kind == "count_or_none":
        out.append(("none", True))
    return out


def expected(spec: OptionSpec, typed: str) -> Any:
    if spec.kind == "flag":
        return typed == "on"
    if spec.kind == "choice":
        return next(v for v in spec.choices if str(v) == typed)
    if typed == "none":
        return None
    return int(typed)


class Opener:
    """Opens tables in fresh channels and says what came of each request."""

    def __init__(self, salon: Any) -> None:
        self.salon = salon
        self.member = salon.member("ann")
        self.count = 0

    async def open(self, game: str, **options: Any) -> tuple[str, Any]:
        """("accepted", table) or ("refused", words) or ("discord", None)."""
        self.count += 1
        channel = self.salon.guild.create_text_channel(f"t{self.count}")
        try:
            answer = await self.member.slash(channel, "table create", game=game, **options)
        except simcord.backend.errors.OptionError:
            return "discord", None  # Discord's client refuses it: the bot never sees it
        table_id = await self.salon.bot.manager.table_in_channel(channel.id)
        if table_id is None:
            assert answer.ephemeral, answer.response
            return "refused", answer.response.content
        assert not answer.ephemeral
        return "accepted", self.salon.bot.manager.tables[table_id]


def value_of(salon: Any, table: Any, name: str) -> Any:
    if hasattr(table.settings, name):
        return getattr(table.settings, name)
    return getattr(salon.bot.manager.engine_options(table.id), name)


@pytest.mark.parametrize("game", GAMES)
async def test_every_option_agrees_on_both_paths(salon: Any, game: str) -> None:
    opener = Opener(salon)
    disagreements = []
    for name, spec in specs(game).items():
        for typed, inside in cases(game, spec):
            text = " ".join(filter(None, [f"{name}={typed}", COMPANION.get(name)]))
            outcome, got = await opener.open(game, options=text)
            if inside:
                assert outcome == "accepted", (game, text, got)
                assert value_of(salon, got, name) == expected(spec, typed), (game, text)
                stored = got.options().get(name)
                if spec.kind == "count" and stored is not None:
                    assert type(stored) is int, (game, text, stored)  # a whole number
            else:
                assert outcome == "refused", (game, text, outcome)
                assert "`" + name + "`" in got or name in got, (game, text, got)
                if spec.kind in ("count", "count_or_none") and name != "seats":
                    low, high = bounds(game, spec)
                    for bound in (low, high):  # the bounds, written the reader's way
                        assert render("en", "chips", n=bound).split()[0] in got, (text, got)
            parameter = PARAMETER.get(name)
            if parameter is None or not typed.lstrip("-").isdigit():
                continue
            named, also = await opener.open(game, **{parameter: int(typed)})
            if named == "discord":
                assert outcome == "refused", (game, name, typed)
                assert not spec.low <= int(typed) <= spec.high, (game, name, typed)
                continue
            if (named, outcome) == ("accepted", "accepted"):
                assert value_of(salon, also, name) == value_of(salon, got, name)
            elif (named, also) != (outcome, got):
                disagreements.append((game, name, typed, (named, also), (outcome, got)))
    assert not disagreements, disagreements


def test_a_stored_table_from_before_the_schema_still_loads() -> None:
    """Old options JSON stays valid: a table stored with a half-second turn or a decimal
    pause (never accepted from a player now) is read back as it was."""
    from bot.runtime.settings import Settings

    old = Settings.from_options("brelan", {"turn_timeout": 0.5, "next_hand_delay": 2.5})
    assert (old.turn_timeout, old.next_hand_delay) == (0.5, 2.5)
    assert old.to_options()["turn_timeout"] == 0.5
    assert (
        type(Settings.from_options("brag", {"turn_timeout": 30}).to_options()["turn_timeout"])
        is int
    )
