"""``python -m bot.play``'s command line: every option with a bad value is refused in one
clear line on stderr (exit 2) before a table opens; ``--help``'s examples all work."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.registry import GAMES
from bot.play.args import EXAMPLES, parse_args
from bot.runtime.option_schema import specs

BAD = [
    (["--game", "bouillotte", "--players", "4"], "--players: a Bouillotte table of 4 seats"),
    (["--game", "brelan", "--players", "strong,easy,easy,easy,easy"], "--players"),
    (["--players", "0"], "--players: from 1 to 4"),
    (["--players", "²"], "--players"),
    (["--players", "9" * 5000], "--players"),
    (["--players", "genius"], "--players"),
    (["--level", "god"], "--level"),
    (["--game", "poker"], "--game"),
    (["--learn", "poker"], "--learn"),
    (["--game", "brelan", "--learn", "brag"], "--learn plays brag's lesson alone: --game"),
    (["--learn", "brag", "--players", "3"], "--players would change nothing"),
    (["--options", "cards=4 carre=forced"], "Bouillotte has no option “cards”"),
    (["--game", "brag", "--options", "carre=forced"], "Brag has no option “carre”"),
    (["--options", "seats=9"], "A Bouillotte table has 2 to 5 seats."),
    (["--game", "brelan", "--options", "seats=9"], "A Brelan table has 2 to 5 seats."),
    (["--options", "turn_timeout=abc"], "turn_timeout takes a whole number"),
    (["--options", "nonsense"], "is not a table option"),
    (["--options", "cave=" + "9" * 5000], "--options"),
    (["--hands", "-1"], "--hands"),
    (["--hands", "²"], "--hands"),
    (["--hands", "9" * 5000], "--hands"),
    (["--hands", "1e9"], "--hands"),
    (["--pause", "-5"], "--pause"),
    (["--pause", "nan"], "--pause"),
    (["--pause", "inf"], "--pause"),
    (["--pause", "1e300"], "--pause"),
    (["--pause", "soon"], "--pause"),
    (["--name", ""], "--name: a name has 1 to 32 characters"),
    (["--name", "   "], "--name"),
    (["--name", "x" * 33], "--name"),
    (["--name", "Al\x1b[2Jex"], "--name: a name holds no control characters"),
    (["--seed", "-3"], "--seed"),
    (["--seed", "²"], "--seed"),
    (["--seed", "9" * 5000], "--seed"),
    (["--lang", "de"], "--lang"),
    (["--unknown"], "unrecognized arguments"),
]


@pytest.mark.parametrize(("argv", "said"), BAD, ids=[" ".join(a)[:40] for a, _ in BAD])
def test_a_bad_value_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    with pytest.raises(SystemExit) as ended:
        parse_args(["--lang", "en", *argv])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err, err
    assert "Traceback" not in err and len(err) < 400, err


def test_every_example_of_help_works() -> None:
    examples = [line.strip() for line in EXAMPLES.splitlines() if "python -m bot.play" in line]
    assert len(examples) >= 3
    for example in examples:
        args = parse_args(shlex.split(example)[3:])
        assert args.levels
    assert parse_args(["--game", "brelan", "--options", "carre=forced"]).table_options
    assert parse_args(["--game", "brag", "--options", "cards=4"]).table_options["cards"] == 4


def test_more_seats_make_room_for_four_house_players() -> None:
    args = parse_args(["--game", "bouillotte", "--players", "4", "--options", "seats=5"])
    assert args.levels == ["normal"] * 4


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    game=st.sampled_from(GAMES),
    key=st.sampled_from(sorted({n for g in GAMES for n in specs(g)} | {"x", ""})),
    value=st.one_of(
        st.integers(-10, 10**6).map(str),
        st.sampled_from(["on", "off", "none", "forced", "²", "1.5", "nan", "", "=", "9" * 5000]),
        st.text(max_size=8),
    ),
)
def test_any_option_value_is_taken_or_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], game: str, key: str, value: str
) -> None:
    capsys.readouterr()  # what an earlier example wrote
    try:
        args = parse_args(["--game", game, "--players", "1", "--options", f"{key}={value}"])
    except SystemExit as ended:
        assert ended.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("python -m bot.play: --options: "), err
    else:
        assert isinstance(args.table_options, dict)
