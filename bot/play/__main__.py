"""Play Brelan, Bouillotte or Brag in a terminal against house players, no Discord needed.

    python -m bot.play --game bouillotte --players 2 --level normal --lang fr
    salon-play --game brag --players strong,easy,easy --seed 7
    python -m bot.play --learn brelan

The same table runtime as on Discord (seats, stakes, the house bank, timers) on a throwaway
database, with :class:`bot.play.terminal.TerminalPresenter` instead of Discord. The table is
a practice table (``practice=off`` in ``--options`` makes it a real one): at your turn,
``h`` asks what the strong house player would do. ``--learn GAME`` plays that game's lesson
(:mod:`bot.play.lesson`).

The command line is checked before a table opens (:mod:`bot.play.args`); the keyboard is
read without a thread (:mod:`bot.play.keyboard`): Ctrl-C quits at once, and keys typed
before a prompt are dropped. What changes at the table is printed as it happens; the whole
table at each deal and at the player's turn.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

from rich.console import Console

from bot.fair.scheme import derive_server_seed
from bot.i18n import Lang, render
from bot.i18n.people import is_house_player
from bot.play.args import parse_args
from bot.play.keyboard import Keyboard
from bot.play.lesson import learn
from bot.play.terminal import TerminalPresenter, choice_line, parse_cards, quits
from bot.runtime import TableError, TableManager
from bot.runtime.public import PublicHand
from bot.storage import Database
from bot.view.explain import hint_text
from bot.view.table import hand_actions
from bot.view.words import cards, game_title

GUILD = CHANNEL = 1
ME = 1000
#: What asks for a hint at your turn.
HINT = ("h", "?")


#: The keyboard the player types on (the process's standard input, set by :func:`main`).
KEYBOARD: list[Keyboard] = []


async def ask(prompt: str) -> str | None:
    """One line typed by the player at ``prompt``; ``None`` at the end of input. Keys typed
    before the prompt are dropped on a terminal (:class:`bot.play.keyboard.Keyboard`)."""
    if not KEYBOARD:
        KEYBOARD.append(Keyboard.stdin())
    return await KEYBOARD[0].line(prompt)


#: Save the cursor, go up a line, clear it; then (after the text) come back to the cursor.
STATUS_LINE = "\x1b7\x1b[1A\r\x1b[2K{}\x1b8"


async def tick(view: TerminalPresenter, deadline: float) -> None:
    """Count the time left down on the status line above the prompt, once a second, while
    the player types (a terminal only: piped output gets the line once, as printed)."""
    out = view.console.file
    while True:
        await asyncio.sleep(1 - (view.now() % 1))
        out.write(STATUS_LINE.format(view.text(view.time_left(deadline))))
        out.flush()


async def my_turn(
    manager: TableManager, view: TerminalPresenter, table: int, hand: PublicHand
) -> bool:
    """Ask the player's move until one is played; False when he quits."""
    lang: Lang = view.lang
    view.show_table(table)
    options = hand_actions(lang, hand)
    view.say(render(lang, "play-your-turn"), "bold")
    for number, choice in enumerate(options, 1):
        view.say(choice_line(lang, number, choice))
    state = view.latest.get(table)
    if state is not None and state.get("practice"):
        view.say(render(lang, "play-hint-how"))
    deadline = hand["deadline"]
    while True:
        ticking: asyncio.Task[None] | None = None
        if deadline is not None:
            view.say(view.time_left(deadline), "bold")
            if view.console.is_terminal:
                ticking = asyncio.create_task(tick(view, deadline))
        try:
            typed = await ask(render(lang, "play-prompt"))
        finally:
            if ticking is not None:
                ticking.cancel()
        if quits(typed):
            return False
        assert typed is not None
        if typed.strip().lower() in HINT:
            try:
                view.say(hint_text(lang, await manager.hint(table, ME)), "cyan")
            except TableError as exc:
                view.refused(exc.message)
            continue
        parsed = view.choice(typed, options)
        if parsed is None:
            continue
        choice, amount = parsed
        played: object = amount
        if choice.verb == "discard":
            mine = list((await manager.my_cards(table, ME))["cards"])
            picked = await which_cards(view, mine)
            if picked is None:
                return False
            played = tuple(mine[n - 1] for n in picked)
        try:
            await manager.act(table, ME, choice.verb, played)  # type: ignore[arg-type]
            return True
        except TableError as exc:
            view.refused(exc.message)


async def which_cards(view: TerminalPresenter, mine: list[str]) -> list[int] | None:
    """The numbers of the cards the player discards, asked until they read right; None
    when he quits."""
    listed = ", ".join(f"{i}) {cards([c])}" for i, c in enumerate(mine, 1))
    while True:
        typed = await ask(render(view.lang, "play-discard-which", cards=listed))
        if quits(typed):
            return None
        assert typed is not None
        picked = parse_cards(view.lang, typed, len(mine))
        if not isinstance(picked, str):
            return picked
        view.say(picked, "yellow")


#: The recave's refusals that only say the table has none: the player sits down again.
NO_RECAVE = ("refuse-no-recave", "refuse-no-replenish")
#: What takes a new cave when offered one (Enter alone too), and what declines it.
YES = ("", "y", "yes", "o", "oui")
NO = ("n", "no", "non")


async def agreed(view: TerminalPresenter, question: str) -> bool:
    """Ask a yes-or-no question until it is answered; Enter alone is yes, q is no."""
    while True:
        typed = await ask(question)
        if quits(typed):
            return False
        answer = (typed or "").strip().lower()
        if answer in YES or answer in NO:
            return answer in YES
        view.say(render(view.lang, "play-yes-or-no", text=answer[:20]), "yellow")


async def come_back(manager: TableManager, view: TerminalPresenter, table: int) -> bool:
    """The player is cleaned out: offer him a new cave (a practice table lends it); True
    when he sits down again."""
    lang: Lang = view.lang
    if not await agreed(view, render(lang, "play-recave-ask")):
        return False
    # Bouillotte's recave; where the rules have none (Brag, Brelan without replenishing)
    # the cleaned-out player simply sits down again
    try:
        await manager.recave(table, ME)  # the table's log says it; the reply speaks of Discord
        return True
    except TableError as exc:
        refused = exc
    if refused.message.key in NO_RECAVE:
        try:
            await manager.join(table, ME)
            return True
        except TableError as exc:
            refused = exc
    view.refused(refused.message)
    return False


async def house_back(
    manager: TableManager, view: TerminalPresenter, table: int, levels: list[str], stack: int
) -> bool:
    """Every house player is cleaned out: say so, and offer new ones of the same levels;
    True when they sit down and the next deal is on its way."""
    lang: Lang = view.lang
    view.say(render(lang, "play-house-out", n=stack), "bold green")
    if not await agreed(view, render(lang, "play-house-ask")):
        return False
    try:
        for level in levels:
            await manager.add_house(table, ME, level)
        state = await manager.status(table)
        if state["hand"] is None and state["next_hand_at"] is None:
            await manager.start(table, ME)  # else the deal is already on its way
    except TableError as exc:
        view.refused(exc.message)
        return False
    return True


async def play(args: argparse.Namespace, console: Console) -> int:
    """Open the table, play until the player quits, is out, or ``--hands`` are played."""
    with tempfile.TemporaryDirectory(prefix="salon-play-") as folder:
        db = await Database.open(Path(folder) / "play.sqlite3")
        view = TerminalPresenter(console, args.lang, ME, args.name, args.game)
        seed = args.seed
        decisions = random.Random(seed)
        manager = TableManager(
            db,
            view,
            # fair dealing (docs/fairness.md); --seed makes its seeds reproducible
            server_seeds=None if seed is None else lambda n: derive_server_seed(str(seed), n),
            client_seeds=None if seed is None else lambda user: f"offline-{user}-{seed}",
            house_pause=args.pause,
            house_rng=lambda: random.Random(decisions.getrandbits(64)),
            draw_seed=None if seed is None else str(seed),
        )
        played = 0
        try:
            view.header = render(
                args.lang,
                "play-welcome",
                game=game_title(args.game),
                name=args.name,
                n=len(args.levels),
            )
            view.say(view.header, "bold")
            options = dict(args.table_options)
            table = await manager.create_table(GUILD, CHANNEL, args.game, ME, options)
            await manager.join(table, ME)
            for level in args.levels:
                await manager.add_house(table, ME, level)
            await manager.start(table, ME)
            seen: set[int] = set()
            while True:
                if table not in manager.tables:
                    break
                state = await manager.status(table)
                hand = state["hand"]
                current = hand["id"] if hand else None
                played = len(seen - {current})
                if args.hands and played >= args.hands:
                    break
                seated = any(s["user"] == ME for s in state["seats"]) or ME in state["queue"]
                if not seated and not await come_back(manager, view, table):
                    break  # cleaned out, and no new cave
                if hand is None:
                    if state["next_hand_at"] is None and seated:
                        mine = [s["stack"] for s in state["seats"] if s["user"] == ME]
                        alone = not any(is_house_player(s["user"]) for s in state["seats"])
                        if (
                            alone
                            and mine
                            and await house_back(manager, view, table, args.levels, mine[0])
                        ):
                            continue
                        break  # no next hand to wait for
                    await asyncio.sleep(0.05)
                    continue
                seen.add(hand["id"])
                if hand["to_act"] == str(ME):
                    if not await my_turn(manager, view, table, hand):
                        break
                else:
                    await asyncio.sleep(0.05)
        finally:
            if table_open := [t for t in manager.tables.values() if not t.closed]:
                for t in table_open:
                    await manager.close_now(t.id, ME)
            await db.close()
    console.print(render(args.lang, "play-bye", n=played))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    console = Console(highlight=False)
    KEYBOARD[:] = [Keyboard.stdin(render(args.lang, "play-typed-ahead"))]
    return run(args, console)


def run(args: argparse.Namespace, console: Console) -> int:
    """Play (or take the lesson) to its end; Ctrl-C quits at once with a goodbye line
    (exit 130), never a traceback."""
    try:
        if args.learn:
            lesson = learn(args.learn, args.lang, args.name, ME, console, ask)
            return 0 if asyncio.run(lesson) else 1
        return asyncio.run(play(args, console))
    except KeyboardInterrupt:
        console.print()
        console.print(render(args.lang, "play-interrupted"))
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
