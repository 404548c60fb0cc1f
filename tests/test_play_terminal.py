"""Offline play (``python -m bot.play``): a whole hand through a real terminal (tmux), and
every game through the same program with typed moves; no token, no Discord."""

from __future__ import annotations

import asyncio
import io
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import bot.play.__main__ as offline
from bot.i18n import Lang, render
from bot.i18n.people import HOUSE_CHARACTERS
from bot.play.__main__ import parse_args
from bot.runtime.public import PublicHand

ROOT = Path(__file__).resolve().parents[1]
PLAY = [sys.executable, "-m", "bot.play", "--pause", "0", "--seed", "3"]


def run_typed(args: list[str], typed: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    env.pop("DISCORD_TOKEN", None)
    command = PLAY[:3] if "--learn" in args else PLAY  # a lesson takes no --pause nor --seed
    return subprocess.run(
        [*command, *args], input=typed, capture_output=True, text=True, timeout=60, cwd=ROOT,
        env=env,
    )  # fmt: skip


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_whole_hand_in_a_terminal_driven_by_tmux(tmp_path: Path) -> None:
    session = f"salon-play-{uuid.uuid4().hex[:8]}"
    log = tmp_path / "screen.txt"
    command = " ".join(
        [*PLAY, "--game", "bouillotte", "--players", "2", "--hands", "1", "--lang", "fr"]
    )
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "60", "-c", str(ROOT),
         f"{command}; echo EXIT=$?; sleep 30"],
        check=True,
    )  # fmt: skip
    try:
        screen, answered = "", 0
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            screen = subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", session, "-S", "-200"],
                capture_output=True, text=True, check=True,
            ).stdout  # fmt: skip
            if "EXIT=" in screen:
                break
            if screen.rstrip().endswith("quitter)\u00a0:"):
                subprocess.run(["tmux", "send-keys", "-t", session, "1", "Enter"], check=True)
                answered += 1
                time.sleep(0.3)
            time.sleep(0.1)
        log.write_text(screen)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)
    assert "EXIT=0" in screen, screen
    assert answered >= 1, screen
    assert "Bouillotte dans le terminal" in screen
    assert "Vos cartes" in screen
    assert any(f"🤖 {name}" in screen for name, _ in HOUSE_CHARACTERS.values())
    # the hand ended: a showdown, a pot taken, or a refait (everybody passed)
    ended = ("Abattage", "remporte", "prend", "Refait")
    assert any(word in screen for word in ended), screen
    assert "Merci d'avoir joué" in screen


@pytest.mark.parametrize(
    ("game", "extra"),
    [("brelan", []), ("brag", ["--players", "strong,easy,easy"]), ("bouillotte", [])],
)
def test_every_game_plays_offline_with_typed_moves(game: str, extra: list[str]) -> None:
    typed = "\n".join(["9", "2", "1 1", "1", "1 2", "1", "1", "1", "1", "1", "1", "1"] * 8)
    done = run_typed(["--game", game, "--hands", "2", "--lang", "en", *extra], typed)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "in the terminal" in out and "Your move:" in out
    assert "is not one of the moves" in out  # "9" was refused, in words
    assert "Thank you for playing" in out
    assert "<@" not in out and "<t:" not in out  # names and times, no Discord markup


def test_a_four_card_brag_discard_is_typed_by_number() -> None:
    # look (1), discard (1), then the first card by its number (1); then fold or bet at once
    typed = "\n".join(["1", "1", "1", *["1"] * 20])
    four_cards = ["--game", "brag", "--options", "cards=4", "--players", "1"]
    done = run_typed([*four_cards, "--hands", "1", "--lang", "fr"], typed)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    mine = "Vos cartes\u00a0: "  # French puts a no-break space before the colon
    hands = [line.removeprefix(mine).split() for line in out.splitlines() if line.startswith(mine)]
    four = next(h for h in hands if len(h) == 4)  # four cards dealt
    assert "Quelles cartes écartez-vous\u202f? Tapez leurs numéros\u00a0: 1) " + four[0] in out
    assert "Alex écarte 1 carte." in out
    assert hands[-1] == four[1:], hands  # the first card, typed as 1, is gone


def test_bad_arguments_are_refused_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--players", "genius"])
    assert "--players" in capsys.readouterr().err
    assert parse_args(["--players", "strong,easy"]).levels == ["strong", "easy"]
    assert parse_args(["--players", "3", "--level", "easy"]).levels == ["easy"] * 3


@pytest.mark.parametrize(
    ("game", "lang", "again"),
    [
        ("bouillotte", "fr", "Alex recave pour 3 jetons."),  # the rules' recave
        ("brag", "en", "Alex sits down with 3 chips."),  # no recave at Brag: sits down again
    ],
)
def test_a_cleaned_out_player_is_offered_a_new_cave(
    monkeypatch: pytest.MonkeyPatch, game: str, lang: Lang, again: str
) -> None:
    offer = render(lang, "play-recave-ask")
    offers: list[str] = []

    async def typed(prompt: str) -> str:
        if prompt.strip() == offer:
            offers.append(prompt)
            return "o" if len(offers) == 1 else "n"  # yes the first time, then no
        return "1"  # the first move, whatever it is: caves of 3 go quickly

    monkeypatch.setattr(offline, "ask", typed)
    args = parse_args(
        ["--game", game, "--lang", lang, "--pause", "0", "--seed", "4", "--hands", "40",
         "--options", "cave=3", "--players", "easy,easy"]
    )  # fmt: skip
    screen = io.StringIO()
    assert asyncio.run(offline.play(args, Console(file=screen, width=100))) == 0
    out = screen.getvalue()
    assert offers, out  # cleaned out within 40 hands of caves of 3, and asked
    out_line = "Alex is cleaned out." if lang == "en" else "Alex est décavé."
    after = out.partition(out_line)[2]
    assert again in after, out  # the new cave is taken, in the table's log
    dealt = "Hand" if lang == "en" else "La donne"
    assert dealt in after.partition(again)[2], after  # and play goes on
    assert ("Thank you for playing" if lang == "en" else "Merci d'avoir joué") in out


def test_the_same_seed_plays_the_same_game_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    async def typed(prompt: str) -> str:
        # the first move every time, and no new cave: the game ends
        return "n" if prompt == render("en", "play-recave-ask") else "1"

    monkeypatch.setattr(offline, "ask", typed)

    def game() -> list[str]:
        args = parse_args(
            ["--game", "bouillotte", "--lang", "en", "--pause", "0", "--seed", "4", "--hands",
             "6", "--options", "cave=5", "--players", "normal,easy"]
        )  # fmt: skip
        screen = io.StringIO()
        assert asyncio.run(offline.play(args, Console(file=screen, width=100))) == 0
        # the seats in order, the cards, every move and line of talk: not the clock
        kept = ("Your cards", "🤖", "Alex —", "Retourne")
        return [line for line in screen.getvalue().splitlines() if line.startswith(kept)]

    first = game()
    assert any(line.startswith("Your cards") for line in first), first
    assert game() == first  # the draw for seats was not seeded before: the deals differed


def test_a_player_who_cleans_out_the_house_is_told_and_offered_new_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    house_ask = render("en", "play-house-ask")
    asked: list[str] = []

    async def typed(prompt: str) -> str:
        asked.append(prompt.strip())
        return "y" if asked.count(house_ask) == 1 else "n"  # new players once, then the end

    async def all_in(manager: Any, view: Any, table: int, hand: PublicHand) -> bool:
        """The player stakes all he may every time: someone is soon cleaned out."""
        order = ("carre", "open", "raise", "bet", "hold", "see", "look", "showdown", "stand")
        move = min(hand["legal"], key=lambda a: order.index(a["verb"]) if a["verb"] in order else 9)
        await manager.act(table, offline.ME, move["verb"], move.get("max", move.get("amount")))
        return True

    monkeypatch.setattr(offline, "ask", typed)
    monkeypatch.setattr(offline, "my_turn", all_in)
    args = parse_args(
        ["--game", "bouillotte", "--lang", "en", "--pause", "0", "--seed", "2", "--hands", "40",
         "--options", "cave=3", "--players", "easy"]
    )  # fmt: skip
    screen = io.StringIO()
    assert asyncio.run(offline.play(args, Console(file=screen, width=100))) == 0
    out = screen.getvalue()
    told = out.find("Every house player is cleaned out: you win the table with")
    assert told > 0 and asked.count(house_ask) >= 1, out  # it ended without a word before
    after = out[told:]
    assert "sits down with 3 chips." in after and "Hand 2 is dealt." in after, after
    # the pause before a deal (half a second here) is not said to be none
    assert "dealt in 1 second." in out and "in 0 seconds" not in out, out


def offline_game(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], answer: Any
) -> tuple[str, list[str]]:
    """A game typed in the test's process: ``answer(prompt, asked)`` gives each line."""
    asked: list[str] = []

    async def typed(prompt: str) -> str | None:
        asked.append(prompt)
        return answer(prompt, asked) if len(asked) < 200 else None

    monkeypatch.setattr(offline, "ask", typed)
    args = parse_args(["--pause", "0", "--seed", "4", *argv])
    screen = io.StringIO()
    assert asyncio.run(offline.play(args, Console(file=screen, width=100))) == 0
    return screen.getvalue(), asked


def test_the_new_cave_question_is_asked_until_yes_or_no(monkeypatch: pytest.MonkeyPatch) -> None:
    offer = render("fr", "play-recave-ask")
    answers = iter(["1", "²", "n"])

    def answer(prompt: str, asked: list[str]) -> str:
        return next(answers) if prompt == offer else "1"

    out, asked = offline_game(
        monkeypatch,
        ["--game", "bouillotte", "--lang", "fr", "--hands", "40", "--options", "cave=3",
         "--players", "easy,easy"],
        answer,
    )  # fmt: skip
    assert asked.count(offer) == 3, out  # "1" ended the game before
    assert "«\u00a01\u00a0» n'est ni oui ni non\u00a0: Entrée ou o pour oui" in out


def test_a_wrong_card_number_is_said_and_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    which = render("en", "play-discard-which", cards="")
    picks = iter(["", "9", "1 1", "²", "1"])

    def answer(prompt: str, asked: list[str]) -> str:
        return next(picks) if prompt.startswith(which.rstrip()) else "1"

    out, _ = offline_game(
        monkeypatch,
        ["--game", "brag", "--lang", "en", "--hands", "1", "--options", "cards=4",
         "--players", "1"],
        answer,
    )  # fmt: skip
    said = "Type the numbers of the cards, from 1 to 4, separated by spaces."
    assert out.count(said) == 4, out
    assert "has no «" not in out and "“”" not in out and "Alex discards 1 card." in out


def test_only_what_changed_is_printed_before_the_first_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out, _ = offline_game(
        monkeypatch, ["--game", "bouillotte", "--lang", "en", "--hands", "1", "--players", "3"],
        lambda prompt, asked: "q",
    )  # fmt: skip
    before = out.split("Your move:")[0]
    assert before.count("== Bouillotte — table #1") <= 2, before  # the deal, the turn
    assert len(before.splitlines()) < 80, before  # about 240 lines before
    assert before.count("Commitment") == 1 and before.count("Play chips lent") == 1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_terminal_says_its_own_words_not_discord_s(lang: Lang) -> None:
    from bot.i18n import Message
    from bot.play.terminal import terminal_lines, worded

    discord = [
        render(lang, "ui-join-then-press-start-when"),
        render(lang, "fair-cutter", user="<@5>"),  # no cut offline: the line goes
        render(lang, "ui-nobody-seated-yet-press-join"),
    ]
    assert terminal_lines(lang, discord) == [
        render(lang, "play-not-started"), render(lang, "play-nobody-seated")
    ]  # fmt: skip
    revealed = worded(lang, Message.of("log-seed-revealed", commitment="ab", n=2, seed="cd"))
    assert revealed is not None and "/v" not in revealed and "`" not in revealed
    assert worded(lang, Message.of("log-cut", user=5)) is None
    for key in ("refuse-house-gives-seat", "refuse-hint-real-table"):
        said = worded(lang, Message.of(key)) or ""
        assert not re.search(r"(?i)press|appuyez|rejoindre|join|`", said), said
