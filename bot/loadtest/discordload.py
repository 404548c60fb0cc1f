"""``python -m bot.loadtest --discord --tables T --seconds S --seed N``: the real bot against
the fake Discord with Discord's rate limits, members clicking through the gateway.

It starts :class:`~bot.loadtest.fakediscord.FakeDiscord` with Discord's limits on (per-route
buckets, 50 requests a second per bot, a 3-second deadline for an interaction's first answer),
runs the unmodified :class:`~bot.app.SalonBot` in this process on a SQLite file in a
temporary directory (real clock), and opens ``T`` tables, ten channels to a guild, one table a
channel: Bouillotte, Brelan and Brag in turn, each with one member and three house players
who play after a pause of 2 to 6 seconds. Each member runs ``/table create``, presses Join and
Start, then plays: when the table message the fake holds shows his turn, he thinks 2 to 6
seconds and presses one of the action buttons of the message as it is then (a click on a
message that is behind is refused by the bot, as a real one would be). The tables open over
a ramp (``--ramp``, a tenth of a second a table by default); the figures are counted over the
``S`` seconds after it and printed as one JSON object:

- ``actions_per_second``: moves applied (members' and house players'), from the runtime;
- ``rest``: requests bound to the global limit (callbacks, follow-ups and webhook edits of
  interactions are apart, in ``interaction_requests``), per second, and by kind (``budget``:
  table edits, reposts, turn notices and their deletes, DMs and DM channel opens, showdowns);
- ``rate_limited``: 429s answered (``global`` among them), ``invalid_requests``;
- ``first_answer_ms``: from the click's INTERACTION_CREATE to its callback at the fake;
- ``staleness_ms``: from each change of a table (the runtime's call to the presenter) to the
  first write of its message (REST edit, repost or interaction callback) that shows that
  change or a later one (the hand and move number in its buttons' custom ids); changes never
  shown by the end are ``unshown``;
- ``click_edits``: whether table messages were edited through the latest click on them
  (the default; ``--no-click-edits``: every edit by REST, as when nobody clicked for 14
  minutes);
- ``chips_before``/``chips_after``: every chip of the guilds (wallets, seats, pots, jars) once
  the tables are open and after the bot stopped, and whether every guild balances.

Exit status 1 when there were errors or the chips changed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import logging
import math
import random
import re
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl

from bot.games import registry
from bot.games.cli import Parser, number
from bot.loadtest.fakediscord import JSON, FakeDiscord, MessageWrite, RateLimits, custom_ids
from bot.storage import Transaction

TOKEN = "fake-token"
#: Guilds start here (snowflakes far from the fake's own ids).
GUILD_BASE = 1_300_000_000_000_000_000
CHANNEL_BASE = 1_310_000_000_000_000_000
MEMBER_BASE = 1_320_000_000_000_000_000
#: Tables (channels) per guild.
GUILD_SIZE = 10
GAMES = registry.names()
HOUSE_PLAYERS = 3
#: A member's think time and a house player's pause, in seconds (uniform).
THINK = (2.0, 6.0)
HOUSE_PAUSE = (2.0, 6.0)
#: Discord's deadline for an interaction's first answer.
INTERACTION_DEADLINE = 3.0
#: How long a table may show no hand before its member presses Join and Start again (when
#: the message shows them: the member was cleaned out, or the table stopped).
IDLE_RESTART = 30.0
#: How long the tables may take to open after the ramp before the figures start anyway.
OPEN_TIMEOUT = 60.0

TABLE_ID = re.compile(r"salon:t:(\d+):")
ACTION = re.compile(r"salon:[ao]:(\d+):(\d+):(\d+):")
MENTION = re.compile(r"<@!?(\d+)>")


# -- pointing discord.py at the fake -----------------------------------------------------------


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord) -> Any:
    """discord.py's REST base and gateway at the fake server meanwhile (restored after)."""
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


class HumanPause:
    """A house player's pause drawn anew at each move, between ``low`` and ``high`` seconds
    (the manager's ``house_pause`` takes a callable)."""

    def __init__(self, low: float, high: float, rng: random.Random) -> None:
        self.low, self.high, self.rng = low, high, rng

    def __call__(self) -> float:
        return self.rng.uniform(self.low, self.high)


# -- reading a table message -------------------------------------------------------------------


@dataclass(frozen=True)
class TableMessage:
    """What a member sees of a table message."""

    table_id: int
    message: Mapping[str, JSON]
    custom_ids: tuple[str, ...]
    #: The hand and move number the action buttons play (None: no hand in play).
    hand_id: int | None
    index: int | None
    #: The user whose turn the message shows (a house player shows no mention).
    to_act: int | None
    seated: frozenset[int]

    @property
    def actions(self) -> list[str]:
        """The action buttons that play at once (not the "other amount" modal)."""
        return [c for c in self.custom_ids if c.startswith("salon:a:")]

    @property
    def signature(self) -> tuple[int, int] | None:
        return None if self.hand_id is None or self.index is None else (self.hand_id, self.index)


def read_table(message: Mapping[str, JSON]) -> TableMessage | None:
    """The table shown by a message, or None if it is not a table message."""
    ids = custom_ids(message)
    table = next((int(m[1]) for c in ids if (m := TABLE_ID.match(c))), None)
    action = next((m for c in ids if (m := ACTION.match(c))), None)
    if table is None and action is not None:
        table = int(action[1])
    if table is None:
        return None
    to_act, seated = None, frozenset[int]()
    for embed in message.get("embeds") or []:
        for item in embed.get("fields") or []:
            name, value = str(item.get("name", "")), str(item.get("value", ""))
            if name in ("Turn", "Tour") and (found := MENTION.search(value)):
                to_act = int(found[1])
            if name.startswith(("Seats", "Places")):
                seated |= {int(u) for u in MENTION.findall(value)}
    return TableMessage(
        table,
        message,
        tuple(ids),
        int(action[2]) if action else None,
        int(action[3]) if action else None,
        to_act,
        seated,
    )


def state_signature(state: Mapping[str, Any]) -> tuple[int, int] | None:
    """The runtime's public state as a table message's buttons show it: (hand, move) while
    someone is to act, None otherwise."""
    hand = state.get("hand")
    if not hand or hand.get("to_act") is None or hand.get("id") is None:
        return None
    return int(hand["id"]), int(hand.get("actions", 0))


# -- staleness ---------------------------------------------------------------------------------


@dataclass
class Staleness:
    """Matches the runtime's table changes to the message writes that show them."""

    #: Per table: pending changes (sequence, time, signature), oldest first.
    pending: dict[int, list[tuple[int, float, tuple[int, int] | None]]] = field(
        default_factory=dict
    )
    seq: int = 0
    samples: list[tuple[float, float]] = field(default_factory=list)  # (change time, delay)

    def changed(self, table_id: int, signature: tuple[int, int] | None, at: float) -> None:
        self.seq += 1
        self.pending.setdefault(table_id, []).append((self.seq, at, signature))

    def shown(self, table_id: int, signature: tuple[int, int] | None, at: float) -> None:
        """A write of the table message showing ``signature`` at ``at``: the latest change
        with that signature made before it, and every change before that one, are shown."""
        pending = self.pending.get(table_id)
        if not pending:
            return
        upto = None
        for i in range(len(pending) - 1, -1, -1):
            _, when, sig = pending[i]
            if sig == signature and when <= at:
                upto = i
                break
        if upto is None:
            return
        for _, when, _ in pending[: upto + 1]:
            self.samples.append((when, at - when))
        del pending[: upto + 1]

    def unshown(self, before: float) -> int:
        return sum(1 for p in self.pending.values() for _, when, _ in p if when < before)


# -- the run -----------------------------------------------------------------------------------


@dataclass
class Figures:
    """Everything counted during a run (times are ``time.monotonic()``)."""

    clicks: dict[str, float] = field(default_factory=dict)  # interaction id -> sent at
    creates: int = 0
    #: Join or Start pressed again on a table that showed no hand for a while.
    restarts: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    budget: list[tuple[float, str]] = field(default_factory=list)  # (at, kind)
    actions: list[float] = field(default_factory=list)
    staleness: Staleness = field(default_factory=Staleness)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


class ErrorCount(logging.Handler):
    """Counts the bot's ERROR log records (a failed click, a failed task)."""

    def __init__(self, figures: Figures) -> None:
        super().__init__(logging.ERROR)
        self.figures = figures

    def emit(self, record: logging.LogRecord) -> None:
        self.figures.error(f"log:{record.name}")


def classify(fake: FakeDiscord, method: str, route: str, body: JSON) -> str:
    """Where a REST request goes in the budget."""
    if route.startswith("/interactions/"):
        return "callbacks"
    if route.startswith("/webhooks/"):
        return "followups" if method == "POST" else "webhook_edits"
    if route == "/users/@me/channels":
        return "dm_opens"
    found = re.fullmatch(r"/channels/(\d+)/messages(?:/(\d+))?", route)
    if found is None:
        return "other"
    if method == "PATCH":
        return "edits"
    if method == "DELETE":
        return "deletes"
    if method != "POST":
        return "other"
    if int(found[1]) in fake.dm_channels.values():
        return "dms"
    data = body if isinstance(body, dict) else {}
    if any(TABLE_ID.match(c) for c in custom_ids(data)):
        return "reposts"
    if data.get("embeds"):
        return "showdowns"
    return "turn_notices"


INTERACTION_KINDS = ("callbacks", "followups", "webhook_edits")


@dataclass
class Table:
    """One table of the run: its guild, channel, member and game."""

    k: int
    guild_id: int
    channel_id: int
    member: int
    game: str
    table_id: int | None = None
    latest: TableMessage | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    last_hand_seen: float = 0.0


class Load:
    """One run: the fake, the bot, the members."""

    def __init__(self, args: argparse.Namespace, workdir: Path) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.workdir = workdir
        self.fake = FakeDiscord(
            token=TOKEN,
            rate_limits=RateLimits() if args.rate_limits else None,
            interaction_deadline=INTERACTION_DEADLINE,
            keep_requests=False,
        )
        self.figures = Figures()
        self.tables: list[Table] = []
        self.by_id: dict[int, Table] = {}
        self.by_channel: dict[str, Table] = {}
        self.window = (0.0, math.inf)
        #: Set once every table is open (its member seated, the first hand started).
        self.all_open = asyncio.Event()
        self.opened = 0
        self.clicked_ids: dict[str, str] = {}
        #: The presenter's own staleness figures, when it keeps them (bot.ui.outbox).
        self.presenter_staleness: dict[str, float | None] | None = None

    # -- set-up --------------------------------------------------------------------------

    def plan(self) -> None:
        for k in range(self.args.tables):
            guild = GUILD_BASE + (k // GUILD_SIZE) * 10
            table = Table(k, guild, CHANNEL_BASE + k, MEMBER_BASE + k, GAMES[k % len(GAMES)])
            self.tables.append(table)
            self.by_channel[str(table.channel_id)] = table
        guilds: dict[int, list[Table]] = {}
        for table in self.tables:
            guilds.setdefault(table.guild_id, []).append(table)
        for guild_id, tables in guilds.items():
            self.fake.add_guild(
                guild_id, [t.channel_id for t in tables], [t.member for t in tables]
            )
        self.fake.write_listeners.append(self.on_write)
        self.fake.request_listeners.append(self.on_request)

    def on_request(self, method: str, route: str, body: JSON) -> None:
        self.figures.budget.append((time.monotonic(), classify(self.fake, method, route, body)))

    def on_write(self, write: MessageWrite) -> None:
        if write.kind in ("delete", "followup"):
            return
        seen = read_table(write.message)
        table = self.by_channel.get(write.channel_id)
        if seen is None or table is None:
            return
        if table.table_id is None:
            table.table_id = seen.table_id
            self.by_id[seen.table_id] = table
        table.latest = seen
        if seen.hand_id is not None:
            table.last_hand_seen = write.at
        table.changed.set()
        self.figures.staleness.shown(seen.table_id, seen.signature, write.at)

    def watch_runtime(self, bot: Any) -> None:
        """Note the time of every change the runtime hands to the presenter."""
        presenter = bot.presenter
        publish = presenter.table_update
        staleness, actions = self.figures.staleness, self.figures.actions
        moves: dict[int, tuple[int, int] | None] = {}

        async def table_update(table_id: int, public_state: dict[str, Any]) -> None:
            now = time.monotonic()
            signature = state_signature(public_state)
            staleness.changed(table_id, signature, now)
            hand = public_state.get("hand") or {}
            move = (int(hand["id"]), int(hand.get("actions", 0))) if hand.get("id") else None
            before = moves.get(table_id)
            if move is not None and before is not None and move[0] == before[0]:
                actions.extend([now] * max(0, move[1] - before[1]))
            moves[table_id] = move
            await publish(table_id, public_state)

        presenter.table_update = table_update

    # -- a member ------------------------------------------------------------------------

    def user(self, table: Table) -> dict[str, JSON]:
        return self.fake.user(table.member, name="member")

    async def wait_change(self, table: Table, timeout: float) -> None:
        table.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.changed.wait(), timeout)

    async def click(self, table: Table, custom_id: str) -> None:
        assert table.latest is not None
        payload = await self.fake.click(
            table.latest.message, custom_id, user=self.user(table), guild_id=table.guild_id
        )
        self.figures.clicks[str(payload["id"])] = self.fake.interactions[str(payload["id"])][2]
        self.clicked_ids[str(payload["id"])] = custom_id

    async def open_table(self, table: Table, rng: random.Random) -> None:
        options = [
            {"name": "game", "type": 3, "value": table.game},
            {"name": "house", "type": 4, "value": HOUSE_PLAYERS},
        ]
        await self.fake.dispatch_interaction(
            "table",
            [{"name": "create", "type": 1, "options": options}],
            user=self.user(table),
            channel_id=table.channel_id,
            guild_id=table.guild_id,
        )
        self.figures.creates += 1
        for what in ("join", "start"):
            deadline = time.monotonic() + 30
            while table.latest is None and time.monotonic() < deadline:
                await self.wait_change(table, 1.0)
            if table.latest is None:
                self.figures.error("table-not-created")
                return
            await asyncio.sleep(rng.uniform(0.5, 1.5))
            await self.click(table, f"salon:t:{table.table_id}:{what}")
            await self.wait_change(table, 5.0)

    async def play(self, table: Table, ends: asyncio.Future[float]) -> None:
        rng = random.Random(f"{self.args.seed}-{table.k}")
        await asyncio.sleep(table.k * self.args.ramp / max(1, self.args.tables))
        end = math.inf
        try:
            try:
                await self.open_table(table, rng)
            finally:
                self.opened += 1
                if self.opened == len(self.tables):
                    self.all_open.set()
            clicked: tuple[int, int] | None = None
            while time.monotonic() < end:
                if ends.done():
                    end = ends.result()
                seen = table.latest
                if seen is None:
                    await self.wait_change(table, 1.0)
                    continue
                now = time.monotonic()
                if seen.to_act == table.member and seen.actions and seen.signature != clicked:
                    await asyncio.sleep(rng.uniform(*THINK))
                    if time.monotonic() >= end:
                        break
                    seen = table.latest
                    assert seen is not None
                    if seen.to_act != table.member or not seen.actions:
                        continue
                    clicked = seen.signature
                    await self.click(table, rng.choice(seen.actions))
                    continue
                if seen.hand_id is None and now - table.last_hand_seen > IDLE_RESTART:
                    # the table stopped (the member cleaned out, or left): sit and start again
                    table.last_hand_seen = now
                    for what in ("join", "start"):
                        button = f"salon:t:{table.table_id}:{what}"
                        if table.latest is not None and button in table.latest.custom_ids:
                            self.figures.restarts += 1
                            await self.click(table, button)
                            await self.wait_change(table, 3.0)
                    continue
                await self.wait_change(table, 1.0)
        except Exception as exc:  # a driver failure is an error of the run, never a crash
            self.figures.error(f"driver:{type(exc).__name__}")

    # -- the whole run -------------------------------------------------------------------

    async def census(self, database: Path) -> tuple[int, int, bool]:
        """(chips held, chips minted, every guild balanced) over the run's guilds."""
        from bot.storage import Database

        db = await Database.open(database)
        held = minted = 0
        balanced = True
        try:
            for guild_id in sorted({t.guild_id for t in self.tables}):
                count = await db.query(Transaction.chip_census, guild_id)
                held += count.held
                minted += count.minted
                balanced = balanced and count.balanced
        finally:
            await db.close()
        return held, minted, balanced

    async def run(self) -> dict[str, Any]:
        from bot.app import SalonBot
        from bot.config import Settings

        self.plan()
        database = self.workdir / "salon.sqlite3"
        errors = ErrorCount(self.figures)
        logging.getLogger().addHandler(errors)
        await self.fake.start()
        bot: SalonBot | None = None
        try:
            with pointed_at(self.fake):
                settings = Settings(
                    token=TOKEN,
                    database=database,
                    guild_id=self.fake.guild_id,
                    log_level="WARNING",
                )
                bot = SalonBot(settings)
                bot._connection.guild_ready_timeout = 0.5
                running = asyncio.create_task(bot.start(TOKEN), name="salon-bot")
                started = time.monotonic()
                while not bot.is_ready():
                    if running.done():
                        running.result()
                        raise RuntimeError("the bot stopped before it was ready")
                    if time.monotonic() - started > 120:
                        raise RuntimeError("the bot was not ready within 120 s")
                    await asyncio.sleep(0.05)
                bot.manager.house_pause = HumanPause(*HOUSE_PAUSE, random.Random(self.args.seed))
                if not self.args.click_edits:
                    bot.presenter.click_edits_for = 0.0
                self.watch_runtime(bot)
                ends = asyncio.get_running_loop().create_future()
                players = [asyncio.create_task(self.play(t, ends)) for t in self.tables]
                # the figures count from when every table is open (the ramp at least)
                await asyncio.sleep(self.args.ramp)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.all_open.wait(), OPEN_TIMEOUT)
                chips_start = await self.live_census(bot)
                start = time.monotonic()
                end = start + self.args.seconds
                self.window = (start, end)
                ends.set_result(end)
                await asyncio.gather(*players)
                await asyncio.sleep(1.0)  # writes in flight land
                unshown = self.figures.staleness.unshown(end - 2 * HOUSE_PAUSE[1])
                presenter_counters = getattr(bot.presenter, "counters", None)
                quantile = getattr(bot.presenter, "staleness", None)
                if callable(quantile):
                    self.presenter_staleness = {
                        name: None if (v := quantile(q)) is None else round(v * 1000, 1)
                        for name, q in (("p50", 0.5), ("p99", 0.99), ("max", 1.0))
                    }
                await bot.close()
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(running, 30)
        finally:
            if bot is not None and not bot.is_closed():
                await bot.close()
            await self.fake.close()
            logging.getLogger().removeHandler(errors)
        held, minted, balanced = await self.census(database)
        return self.report(chips_start, (held, minted, balanced), unshown, presenter_counters)

    async def live_census(self, bot: Any) -> tuple[int, int]:
        held = minted = 0
        for guild_id in sorted({t.guild_id for t in self.tables}):
            count = await bot.db.query(Transaction.chip_census, guild_id)
            held += count.held
            minted += count.minted
        return held, minted

    def report(
        self,
        chips_start: tuple[int, int],
        chips_end: tuple[int, int, bool],
        unshown: int,
        presenter_counters: Any,
    ) -> dict[str, Any]:
        start, end = self.window
        seconds = end - start
        figures, fake = self.figures, self.fake

        def inside(at: float) -> bool:
            return start <= at < end

        budget, interaction, rest = self._budget(inside)
        waits, unanswered, late = self._clicks(inside)
        stale = sorted(d for at, d in figures.staleness.samples if inside(at))
        hits = [h for h in fake.rate_limited if inside(h.at)]
        actions = sum(1 for at in figures.actions if inside(at))
        held, minted, balanced = chips_end
        made = (held - chips_start[0]) - (minted - chips_start[1])
        errors = dict(figures.errors)
        if unanswered:
            errors["clicks-unanswered"] = unanswered
        if late:
            errors["clicks-answered-after-3s"] = late
        counters = (
            dataclasses.asdict(presenter_counters)
            if dataclasses.is_dataclass(presenter_counters)
            and not isinstance(presenter_counters, type)
            else None
        )
        return {
            "tables": self.args.tables,
            "guilds": len({t.guild_id for t in self.tables}),
            "seconds": round(seconds, 1),
            "ramp_seconds": self.args.ramp,
            "rate_limits": self.args.rate_limits,
            "click_edits": self.args.click_edits,
            "actions": actions,
            "actions_per_second": round(actions / seconds, 1),
            "clicks": len(waits) + unanswered,
            "rest_requests": rest,
            "rest_per_second": round(rest / seconds, 1),
            "interaction_requests": interaction,
            "budget": dict(sorted(budget.items(), key=lambda kv: -kv[1])),
            "budget_per_second": {
                k: round(v / seconds, 2) for k, v in sorted(budget.items(), key=lambda kv: -kv[1])
            },
            "rate_limited": len(hits),
            "rate_limited_global": sum(1 for h in hits if h.is_global),
            "rate_limited_whole_run": len(fake.rate_limited),
            "invalid_requests": fake.invalid_requests,
            "first_answer_ms": milliseconds(waits),
            "staleness_ms": {**milliseconds(stale), "samples": len(stale), "unshown": unshown},
            "refused_clicks": self._refused_clicks(inside),
            "restart_clicks": figures.restarts,
            "chips_before": chips_start[0],
            "chips_after": held,
            "chips_minted_during_run": minted - chips_start[1],
            "chips_unchanged": made == 0 and balanced,
            "errors": sum(errors.values()),
            "error_kinds": errors,
            "presenter_counters": counters,
            "presenter_staleness_ms": self.presenter_staleness,
        }

    def _budget(
        self, inside: Callable[[float], bool]
    ) -> tuple[dict[str, int], dict[str, int], int]:
        """The window's REST requests by kind, the interaction requests apart, and their sum."""
        budget: dict[str, int] = {}
        for at, kind in self.figures.budget:
            if inside(at):
                budget[kind] = budget.get(kind, 0) + 1
        interaction = {k: budget.pop(k) for k in INTERACTION_KINDS if k in budget}
        return budget, interaction, sum(budget.values())

    def _clicks(self, inside: Callable[[float], bool]) -> tuple[list[float], int, int]:
        """The window's clicks: the waits for their first answer (sorted), how many were
        never answered, and how many were answered after Discord's 3 seconds."""
        figures, answers = self.figures, self.fake.callback_attempts
        sent_inside = {i: sent for i, sent in figures.clicks.items() if inside(sent)}
        waits = sorted(answers[i] - sent for i, sent in sent_inside.items() if i in answers)
        missed = [i for i in sent_inside if i not in answers]
        if missed and self.args.debug:
            for i in missed:
                at = sent_inside[i] - self.window[1]
                print(f"unanswered {self.clicked_ids.get(i)} at {at:+.2f} s", file=sys.stderr)
        late = sum(1 for i in self.fake.late_interactions if inside(figures.clicks.get(i, -1.0)))
        return waits, len(missed), late

    def _refused_clicks(self, inside: Callable[[float], bool]) -> int:
        """The window's move clicks answered by a private refusal (type 4 answers)."""
        return sum(
            1
            for r in self.fake.interaction_responses
            if self.clicked_ids.get(r.interaction_id, "").startswith("salon:a:")
            and inside(self.figures.clicks.get(r.interaction_id, -1.0))
            and r.type == 4
        )


def percentile(ordered: list[float], q: float) -> float | None:
    """The nearest-rank percentile of a sorted list (None when empty)."""
    if not ordered:
        return None
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


def milliseconds(ordered: list[float]) -> dict[str, float | None]:
    def ms(q: float) -> float | None:
        value = percentile(ordered, q)
        return None if value is None else round(value * 1000, 1)

    return {"p50": ms(0.5), "p99": ms(0.99), "max": ms(1.0)}


@contextlib.asynccontextmanager
async def workdir() -> AsyncIterator[Path]:
    with tempfile.TemporaryDirectory(prefix="salon-load-") as path:
        yield Path(path)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    async with workdir() as path:
        return await Load(args, path).run()


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = Parser(
        prog="python -m bot.loadtest --discord",
        description="The real bot against a fake Discord with its rate limits; one JSON object.",
    )
    parser.add_argument("--tables", type=int, default=20, help="tables played (default: 20)")
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="how long the members play (default: 60)"
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="the members' and the deals' seed (default: 1)"
    )
    parser.add_argument(
        "--ramp",
        type=number(0),
        default=None,
        help="seconds over which the tables open (default: TABLES/10, at least 5)",
    )
    parser.add_argument(
        "--no-rate-limits",
        dest="rate_limits",
        action="store_false",
        help="the fake enforces no rate limit (to see what the bot would send)",
    )
    parser.add_argument(
        "--no-click-edits",
        dest="click_edits",
        action="store_false",
        help="every table message edit by REST, as when no member clicked for 14 minutes",
    )
    parser.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0:
        parser.error("--tables is 1 or more, --seconds above 0")
    if args.ramp is None:
        args.ramp = max(5.0, args.tables / 10)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    result = asyncio.run(run(args))
    print(json.dumps(result), flush=True)
    return 0 if result["errors"] == 0 and result["chips_unchanged"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
