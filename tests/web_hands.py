"""A server's hands for the replayer's tests (tests/test_web_hands.py, the browser test): a
database played once by the runtime with fair dealing, copied for each test.

- a Brelan table played two hands then closed: every seed revealed, the pages verify them;
- a Bouillotte table with two finished hands, still open: its seed is still secret;
- a Brag table with a finished deal whose pack is still in play, and its next deal;
- a Brag table played two deals (the second continues the first's pack), then closed;
- a hand in play and a hand called off at the Bouillotte table;
- a finished hand of another server.

Members: the first player has a name with markup, the second keeps his name off the public
pages; the server shows its pages to the public.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import shutil
from dataclasses import dataclass
from pathlib import Path

from bot.fair.scheme import derive_server_seed
from bot.runtime.clock import ManualClock
from bot.runtime.manager import TableManager
from bot.runtime.presenter import RecordingPresenter
from bot.storage import Database, Transaction
from bot.web import links
from tests.test_disclosure import _random_action
from tests.test_runtime_support import CHANNEL, GUILD, Env, play_until_hand_over

USERS = (701_001, 701_002, 701_003, 701_004)
EVIL = '<img src=x onerror="alert(1)">Zoé'
OTHER_GUILD = 3
NOW = 1_800_000_000.0


@dataclass(frozen=True)
class Hands:
    """The database's file and the ids of its hands."""

    path: Path
    brelan: tuple[int, ...]  # seeds revealed
    bouillotte: tuple[int, ...]  # seed still secret
    brag_in_play: int
    brag_table: int
    brag: tuple[int, ...]  # seeds revealed
    playing: int
    void: int
    other_guild: int
    bouillotte_table: int


def fair_manager(db: Database, seed: str = "web") -> TableManager:
    """A manager dealing by the fair scheme, its seeds derived from ``seed``."""
    return TableManager(
        db,
        RecordingPresenter(),
        clock=ManualClock(),
        server_seeds=lambda n: derive_server_seed(seed, n),
        client_seeds=lambda user: hashlib.sha256(f"{seed}:{user}".encode()).hexdigest()[:16],
    )


async def play_hand(env: Env, table: int, rng: random.Random) -> int:
    """The hand in play, played at random to its end; its id."""
    hand_id = (await env.manager.status(table))["hand"]["id"]
    while await _random_action(env, table, rng):
        state = await env.manager.status(table)
        if state["hand"] is None or state["hand"]["id"] != hand_id:
            break
    return int(hand_id)


async def _table(m: TableManager, guild: int, game: str, users: tuple[int, ...]) -> int:
    channel = CHANNEL + len(m.tables) + 100 * guild
    table = await m.create_table(guild, channel, game, users[0], {"auto_deal": False})
    for user in users:
        await m.join(table, user)
    await m.start(table)
    return table


async def build(path: Path) -> Hands:
    """Play the hands (see the module) into the database at ``path``."""
    db = await Database.open(path)
    m = fair_manager(db)
    await m.resume()
    env = Env(db, ManualClock(), RecordingPresenter(), m, path)
    rng = random.Random(7)
    try:
        brelan_table = await _table(m, GUILD, "brelan", USERS[:3])
        brelan = [await play_until_hand_over(m, brelan_table)]
        await m.start(brelan_table)
        brelan.append(await play_until_hand_over(m, brelan_table))
        await m.close(brelan_table, USERS[0])
        bouillotte_table = await _table(m, GUILD, "bouillotte", USERS[:3])
        bouillotte = [await play_until_hand_over(m, bouillotte_table)]
        await m.start(bouillotte_table)
        bouillotte.append(await play_until_hand_over(m, bouillotte_table))
        await m.start(bouillotte_table)
        void = (await m.status(bouillotte_table))["hand"]["id"]
        await m.void_hand(bouillotte_table, USERS[0])
        await m.start(bouillotte_table)
        playing = (await m.status(bouillotte_table))["hand"]["id"]
        closed_brag = await _table(m, GUILD, "brag", USERS[:3])
        brag = [await play_hand(env, closed_brag, rng)]
        await m.start(closed_brag)
        brag.append(await play_hand(env, closed_brag, rng))
        await m.close(closed_brag, USERS[0])
        brag_table = await _table(m, GUILD, "brag", USERS[:3])
        in_play = await play_hand(env, brag_table, rng)
        await m.start(brag_table)
        other_table = await _table(m, OTHER_GUILD, "brelan", USERS[2:4])
        other = await play_until_hand_over(m, other_table)
        await db.write(Transaction.change_web_settings, GUILD, visibility="public", min_hands=1)
        await db.write(Transaction.remember_member, GUILD, USERS[0], EVIL, "")
        await db.write(Transaction.remember_member, GUILD, USERS[2], "Carole", "")
        await db.write(Transaction.set_member_hidden, GUILD, USERS[1], "Hidden Bob", True)
        return Hands(
            path,
            tuple(brelan),
            tuple(bouillotte),
            in_play,
            brag_table,
            tuple(brag),
            int(playing),
            int(void),
            other,
            bouillotte_table,
        )
    finally:
        await m.aclose()
        await db.close()


def built(folder: Path) -> Hands:
    """Build the hands once, in ``folder``."""
    return asyncio.run(build(folder / "hands.db"))


def copy_of(hands: Hands, folder: Path) -> Hands:
    """The same hands in a copy of the database (a test may change it)."""
    target = folder / "hands.db"
    shutil.copyfile(hands.path, target)
    return Hands(**{**hands.__dict__, "path": target})


async def token(db: Database, user: int, guild: int = GUILD) -> str:
    """A member's signed token (the server's key is made if it has none)."""
    settings = await db.write(Transaction.change_web_settings, guild)
    assert settings.link_key is not None
    return links.sign(settings.link_key, guild, user, int(NOW) + 3600)
