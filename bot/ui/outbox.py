"""The presenter's REST traffic outside interactions: it never holds up a table.

- :class:`Pacer`: one token bucket for every REST call the presenter makes on its own (table
  edits and reposts, turn notices and their deletions, card DMs, showdowns), so the whole bot
  stays under Discord's global limit (50 requests/s; the project's budget is 45). Waiting
  calls are served by priority: card DMs and showdowns, then turn notices, then table edits.
- :class:`Outbox`: one update queue per table message where the latest state wins. A change
  only marks the queue; its worker renders the table when a token is granted and edits the
  message once, so changes that arrive while an edit waits or is in flight cost one edit
  more at most, never one each. A failed edit is retried (429: after ``retry_after``; 5xx
  and timeouts: exponential back-off with jitter, capped) until the message shows the latest
  state; a deleted message is posted again; a channel that is gone is reported once through
  ``on_gone`` and its queue dropped.
- :func:`pacing_trace`: the pacer at the wire. discord.py sends a request again by itself
  after a 429 or a 5xx; each such retry, and any request made with the bot's token by a
  caller that did not wait for a token, waits for one there (interaction callbacks and
  webhooks, outside Discord's global limit, do not).
- Lanes: other calls (a DM, a showdown, a turn notice) run in the background, one after the
  other per lane (a member's DMs, a table's channel posts), so they keep their order.

``flush()``/``idle()`` let tests wait until everything is sent; :class:`Staleness` keeps how
long each edit left the table message behind the game (p50/p99 for the load test).
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import contextvars
import itertools
import logging
import math
import random
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from enum import Enum
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import discord.http

from bot.ui.services import TableMessages

log = logging.getLogger(__name__)

#: Priorities of the pacer (lower first): what a player waits for privately, then the turn
#: notices, then the table message (whose edits merge while they wait).
PRIVATE, NOTICE, TABLE = 0, 1, 2

#: Requests per second the presenter may make, and how many may go at once after a calm:
#: under Discord's global 50 a second and the project's budget of 45 (docs/discord-faults.md).
DEFAULT_RATE = 40.0
DEFAULT_BURST = 20.0
#: Never more than this many calls in any one second, a burst after a calm included
#: (Discord counts its global 50 a second per window, not as a bucket).
PER_SECOND = 45

#: Back-off after a 5xx or a timeout: BASE * 2**attempt seconds, at most CAP, jittered
#: (between half and all of it).
BACKOFF_BASE = 0.5
BACKOFF_CAP = 30.0
#: A 429 that does not say how long to wait.
RATE_LIMIT_WAIT = 1.0
#: Calls other than table edits (a DM, a showdown, a notice) are tried this many times.
SEND_ATTEMPTS = 3
#: How long an edit through a click's interaction may take before REST does it instead
#: (discord.py's webhook client waits out 5xx answers for up to 16 seconds).
CLICK_EDIT_TIMEOUT = 3.0
#: Staleness samples kept (the newest).
STALENESS_SAMPLES = 10_000

#: Discord's JSON error codes the outbox acts on.
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
MISSING_ACCESS = 50001
THREAD_ARCHIVED = 50083


class Fault(Enum):
    """What a failed REST call means for the message it was for."""

    RETRY = "retry"  # 5xx, a timeout, a network error: back off and try again
    RATE_LIMITED = "rate_limited"  # 429: wait what Discord asks, then again
    MESSAGE_GONE = "message_gone"  # 10008: post it again
    CHANNEL_GONE = "channel"  # 10003: the table's channel was deleted
    NO_ACCESS = "access"  # 50001: the bot may no longer see or write there
    ARCHIVED = "archived"  # 50083: the thread was archived: reopen it
    REFUSED = "refused"  # any other 4xx: this payload will never pass


def discord_clock() -> float:
    """Seconds, on discord.py's clock (``discord.utils.utcnow``): the one the bot's timers
    follow, which tests move by hand (a virtual clock)."""
    return discord.utils.utcnow().timestamp()


def classify(exc: BaseException) -> Fault:
    """The meaning of a REST failure."""
    if isinstance(exc, discord.RateLimited):
        return Fault.RATE_LIMITED
    if isinstance(exc, discord.HTTPException):
        if exc.status == 429:
            return Fault.RATE_LIMITED
        if exc.status >= 500:
            return Fault.RETRY
        return {
            UNKNOWN_MESSAGE: Fault.MESSAGE_GONE,
            UNKNOWN_CHANNEL: Fault.CHANNEL_GONE,
            MISSING_ACCESS: Fault.NO_ACCESS,
            THREAD_ARCHIVED: Fault.ARCHIVED,
        }.get(exc.code, Fault.REFUSED)
    if isinstance(exc, (TimeoutError, aiohttp.ClientError, OSError)):
        return Fault.RETRY
    return Fault.REFUSED


def retry_after(exc: BaseException) -> float:
    """Seconds a 429 asks to wait (``RateLimited.retry_after``, the ``Retry-After`` header),
    else :data:`RATE_LIMIT_WAIT`."""
    seconds = getattr(exc, "retry_after", None)
    if seconds is None and isinstance(exc, discord.HTTPException):
        headers = getattr(exc.response, "headers", None) or {}
        with contextlib.suppress(TypeError, ValueError):
            seconds = float(headers.get("Retry-After"))  # type: ignore[arg-type]
    if isinstance(seconds, (int, float)) and seconds >= 0:
        return float(seconds)
    return RATE_LIMIT_WAIT


def backoff(attempt: int, rng: random.Random | None = None) -> float:
    """Seconds to wait before retry number ``attempt`` (0 first) after a 5xx or a timeout."""
    top = min(BACKOFF_CAP, BACKOFF_BASE * 2**attempt)
    return (rng or random).uniform(top / 2, top)


def delay_for(exc: BaseException, attempt: int) -> float:
    return retry_after(exc) if classify(exc) is Fault.RATE_LIMITED else backoff(attempt)


@dataclass
class Token:
    """A pacer token granted to the task that waited for it: good for one request."""

    priority: int
    used: bool = False


#: The token the current task was granted last (:meth:`Pacer.acquire`), spent by its next
#: request (:func:`pacing_trace`).
GRANTED: contextvars.ContextVar[Token | None] = contextvars.ContextVar(
    "salon_pacer_token", default=None
)


class Pacer:
    """A token bucket with priorities: ``rate`` calls per second, ``burst`` at once.

    Waiting callers queue by (priority, arrival); each sleeps until its turn may have come
    (no helper task: a caller only ever waits on its own timer)."""

    def __init__(
        self,
        rate: float = DEFAULT_RATE,
        burst: float = DEFAULT_BURST,
        clock: Callable[[], float] = discord_clock,
    ) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("the pacer needs a positive rate and a burst of at least 1")
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens = burst
        self._stamp = clock()
        self._waiting: list[tuple[int, int]] = []
        self._order = itertools.count()
        #: When the calls of the last second were let through, and when the requests of the
        #: last second went on the wire (:meth:`sending`).
        self._sent: deque[float] = deque()
        self._wire: deque[float] = deque()

    def _window_wait(self) -> float:
        """Seconds until one more call fits in the last second (0: it fits now)."""
        now = self._clock()
        while self._sent and self._sent[0] <= now - 1.0:
            self._sent.popleft()
        return 0.0 if len(self._sent) < PER_SECOND else self._sent[0] + 1.0 - now

    def _take(self) -> None:
        self._tokens = max(0.0, self._tokens - 1)
        self._sent.append(self._clock())

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + max(0.0, now - self._stamp) * self.rate)
        self._stamp = now

    async def acquire(self, priority: int = TABLE) -> None:
        """Wait for a token (served lowest ``priority`` first, then first come)."""
        self._refill()
        if not self._waiting and self._tokens >= 1 and not self._window_wait():
            self._take()
            GRANTED.set(Token(priority))
            return
        ticket = (priority, next(self._order))
        bisect.insort(self._waiting, ticket)
        try:
            while True:
                self._refill()
                rank = bisect.bisect_left(self._waiting, ticket)
                window = self._window_wait()
                if rank == 0 and self._tokens >= 1 - 1e-9 and not window:
                    self._take()
                    GRANTED.set(Token(priority))
                    return
                await asyncio.sleep(max(0.001, window, (rank + 1 - self._tokens) / self.rate))
        finally:
            index = bisect.bisect_left(self._waiting, ticket)
            if index < len(self._waiting) and self._waiting[index] == ticket:
                del self._waiting[index]

    async def sending(self) -> None:
        """A request goes on the wire now: first wait while :data:`PER_SECOND` went in the
        last second. A token is granted before its request is rendered (database reads, a
        picture): on a busy loop, tokens granted over two seconds must not reach Discord
        within one."""
        while True:
            now = self._clock()
            while self._wire and self._wire[0] <= now - 1.0:
                self._wire.popleft()
            if len(self._wire) < PER_SECOND:
                self._wire.append(now)
                return
            await asyncio.sleep(max(0.001, self._wire[0] + 1.0 - now))

    def refund(self) -> None:
        """A token taken but not used (the update it was for was shown another way)."""
        self._tokens = min(self.burst, self._tokens + 1)
        if self._sent:
            self._sent.pop()
        GRANTED.set(None)

    @property
    def waiting(self) -> int:
        """How many calls wait for a token."""
        return len(self._waiting)


def bound_to_global_limit(url: str) -> bool:
    """Whether a request to ``url`` counts against Discord's global limit: the bot's own
    API calls, not interaction callbacks nor webhooks (a click's token), nor the gateway."""
    base = discord.http.Route.BASE
    if not url.startswith(base):
        return False
    return not url[len(base) :].startswith(("/interactions/", "/webhooks/"))


def pacing_trace(pacer: Callable[[], Pacer | None]) -> aiohttp.TraceConfig:
    """An aiohttp trace (discord.py's ``http_trace``) that makes every request sent with the
    bot's token spend a token of ``pacer()``: the one its caller was granted, else (a retry
    of discord.py's after a 429 or a 5xx, a call not paced) a new one, at the caller's
    priority; then :meth:`Pacer.sending`. Before there is a pacer (logging in), requests go
    as they are."""

    async def on_request_start(
        session: aiohttp.ClientSession, context: SimpleNamespace, params: Any
    ) -> None:
        current = pacer()
        if current is None or not bound_to_global_limit(str(params.url)):
            return
        token = GRANTED.get()
        if token is None or token.used:
            await current.acquire(TABLE if token is None else token.priority)
            token = GRANTED.get()
        if token is not None:
            token.used = True
        await current.sending()

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_request_start)
    return trace


class Staleness:
    """How long each table message edit left the message behind: from the first change it
    shows that was not shown yet to the edit's success (the newest samples)."""

    def __init__(self, size: int = STALENESS_SAMPLES) -> None:
        self.samples: deque[float] = deque(maxlen=size)

    def add(self, seconds: float) -> None:
        self.samples.append(max(0.0, seconds))

    def quantile(self, q: float) -> float | None:
        """The ``q`` quantile (0..1, nearest rank) of the samples; None without any."""
        if not self.samples:
            return None
        ordered = sorted(self.samples)
        rank = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
        return ordered[rank]

    @property
    def p50(self) -> float | None:
        return self.quantile(0.50)

    @property
    def p99(self) -> float | None:
        return self.quantile(0.99)


@dataclass
class TableQueue:
    """One table message's pending update: which version of the table it must show."""

    table_id: int
    #: The newest version the message must show, and the newest known shown.
    wanted: int = 0
    shown: int = 0
    #: The version the edit in flight rendered (None: no edit in flight).
    sending: int | None = None
    #: An interaction answer showed a newer version while an edit was in flight: the edit
    #: may land after it, so the message is edited once more.
    overtaken: bool = False
    repost: bool = False
    closed: bool = False
    #: When the first change not shown yet happened (for the staleness).
    since: float | None = None
    attempt: int = 0
    task: asyncio.Task[None] | None = None

    @property
    def due(self) -> bool:
        return self.wanted > self.shown or self.repost or self.overtaken


@dataclass
class Lane:
    """Background calls run one after the other (a member's DMs, a table's channel posts)."""

    jobs: deque[Callable[[], Awaitable[None]]] = field(default_factory=deque)
    task: asyncio.Task[None] | None = None


class Outbox:
    """The table messages' update queues, the lanes and the pacer of one presenter."""

    def __init__(
        self,
        presenter: TableMessages,
        pacer: Pacer | None = None,
        clock: Callable[[], float] = discord_clock,
    ) -> None:
        self.presenter = presenter
        self.pacer = pacer or Pacer()
        self.clock = clock
        self.queues: dict[int, TableQueue] = {}
        self.versions: dict[int, int] = {}
        self.lanes: dict[Hashable, Lane] = {}
        self.staleness = Staleness()
        #: Tables whose channel was reported gone (reported once).
        self.gone: set[int] = set()
        self._others: set[asyncio.Task[Any]] = set()
        self.closed = False

    # -- versions --------------------------------------------------------------------------

    def version(self, table_id: int) -> int:
        """How many changes the table has had (the state a render shows)."""
        return self.versions.get(table_id, 0)

    def changed(self, table_id: int) -> int:
        """The table's state changed (an interaction may show it itself); its new version."""
        version = self.versions[table_id] = self.version(table_id) + 1
        return version

    # -- the table message -------------------------------------------------------------------

    def request(self, table_id: int, *, repost: bool = False, closed: bool = False) -> None:
        """The table message must show the table as it is now (posted again at the bottom
        with ``repost``; the last time, closed, with ``closed``). Returns at once."""
        if self.closed or table_id in self.gone:
            return
        queue = self.queues.get(table_id)
        if queue is None:
            queue = self.queues[table_id] = TableQueue(table_id)
        if self.version(table_id) <= queue.shown:  # asked again with no change known
            self.changed(table_id)  # (a mark of the message, a refresh): it counts as one
        queue.wanted = max(queue.wanted, self.version(table_id))
        queue.repost = queue.repost or repost
        queue.closed = queue.closed or closed
        if queue.since is None:
            queue.since = self.clock()
        if queue.task is None or queue.task.done():
            queue.task = asyncio.create_task(self._work(queue), name=f"table-{table_id}-outbox")

    def shown(self, table_id: int, version: int) -> None:
        """An interaction answer showed the table at ``version``."""
        queue = self.queues.get(table_id)
        if queue is None:
            return
        if queue.sending is not None and queue.sending < version:
            queue.overtaken = True  # the edit in flight may land after it, older
        queue.shown = max(queue.shown, version)
        if queue.shown >= queue.wanted:
            queue.since = None

    def pending(self, table_id: int) -> bool:
        queue = self.queues.get(table_id)
        return queue is not None and (queue.due or queue.sending is not None)

    def drop(self, table_id: int) -> None:
        """Forget a table: its queue and its lanes' waiting calls (a call in flight ends)."""
        queue = self.queues.pop(table_id, None)
        if queue is not None and queue.task is not None and queue.task is not _current():
            queue.task.cancel()
        lane = self.lanes.get(("table", table_id))
        if lane is not None:
            lane.jobs.clear()
        self.versions.pop(table_id, None)

    async def _work(self, queue: TableQueue) -> None:
        table_id = queue.table_id
        while self.queues.get(table_id) is queue and queue.due:
            # a recent click's interaction edits the message outside the global budget
            paced = queue.repost or self.presenter.click_handle(table_id) is None
            if paced:
                await self.pacer.acquire(TABLE)
                if self.queues.get(table_id) is not queue or not queue.due:
                    self.pacer.refund()
                    return
            version = self.version(table_id)
            since, queue.since = queue.since, None
            repost, queue.repost = queue.repost, False
            queue.overtaken = False
            queue.sending = version
            try:
                fault = await self._send(queue, repost=repost, paced=paced)
            except Exception:
                log.exception("could not update the message of table %s", table_id)
                fault = Fault.REFUSED
            finally:
                queue.sending = None
            if fault is None:
                queue.attempt = 0
                queue.shown = max(queue.shown, version)
                if since is not None:
                    self.staleness.add(self.clock() - since)
            elif fault is Fault.REFUSED:
                queue.shown = max(queue.shown, version)  # the same payload would fail again
            else:  # not shown: what it should have shown is still to show
                if since is not None:
                    queue.since = since if queue.since is None else min(since, queue.since)
                queue.repost = queue.repost or repost or fault is Fault.MESSAGE_GONE
        if queue.closed and self.queues.get(table_id) is queue and not queue.due:
            self.drop(table_id)
            self.presenter.closed_shown(table_id)

    async def _send(self, queue: TableQueue, *, repost: bool, paced: bool = True) -> Fault | None:
        """One edit (or repost) of a table message; the fault that stopped it, None if shown.

        Waits out a 429 or a 5xx before returning it, so the caller just tries again.
        ``paced``: a pacer token was taken for it; without one the edit goes through the
        table's latest click (:meth:`~bot.ui.presenter.DiscordPresenter.click_handle`), or
        waits for a token when that click cannot edit this message."""
        table_id = queue.table_id
        counters = self.presenter.counters
        try:
            place = await self.presenter.table_place(table_id)
        except Exception:
            log.warning("could not read where table %s's message is", table_id, exc_info=True)
            await asyncio.sleep(backoff(queue.attempt))
            queue.attempt += 1
            return Fault.RETRY
        if place is None:  # no message to show yet (the table is being opened)
            queue.repost = False
            return Fault.REFUSED
        channel_id, message_id = place
        handle = None if paced else self.presenter.click_handle(table_id)
        if handle is not None and (repost or handle.message_id != message_id):
            self.presenter.forget_click(table_id, handle)  # a click on an older message
            handle = None
        if handle is None and not paced:
            await self.pacer.acquire(TABLE)
        kwargs = await self.presenter.render_table(table_id, closed=queue.closed)
        if handle is not None:
            try:
                await handle.interaction.edit_original_response(**kwargs)
            except Exception as exc:  # expired, refused, or Discord's fault: REST shows it
                log.info("table %s: a click's token could not edit the message: %s", table_id, exc)
                counters.click_edits_refused += 1
                self.presenter.forget_click(table_id, handle)
                return Fault.RETRY
            counters.click_edits += 1
            return None
        messageable = self.presenter.bot.get_partial_messageable(channel_id)
        old = messageable.get_partial_message(message_id) if message_id else None
        try:
            counters.requests += 1
            if old is not None and not repost:
                await old.edit(**kwargs)
                counters.table_edits += 1
                return None
            counters.reposts += 1
            posted = await messageable.send(**kwargs)
        except Exception as exc:
            return await self._failed(queue, channel_id, exc, "edit")
        await self.presenter.table_moved(table_id, channel_id, posted.id)
        if old is not None:
            self.background(self._delete(old), f"table-{table_id}-old-message")
        return None

    async def _delete(self, old: discord.PartialMessage) -> None:
        await self.pacer.acquire(TABLE)
        self.presenter.counters.requests += 1
        with contextlib.suppress(discord.HTTPException):
            await old.delete()

    async def _failed(
        self, queue: TableQueue, channel_id: int, exc: BaseException, what: str
    ) -> Fault:
        """Act on a failed table edit: wait, reopen a thread, or report a gone channel."""
        table_id = queue.table_id
        counters = self.presenter.counters
        fault = classify(exc)
        if fault in (Fault.CHANNEL_GONE, Fault.NO_ACCESS):
            self.report_gone(table_id, fault.value)
            return fault
        if fault is Fault.ARCHIVED:
            if await self.unarchive(table_id, channel_id):
                counters.retries += 1
                return Fault.RETRY
            return Fault.NO_ACCESS
        if fault is Fault.MESSAGE_GONE:
            log.info("the message of table %s is gone: posting it again", table_id)
            counters.retries += 1
            return fault
        if fault is Fault.REFUSED:
            log.warning(
                "Discord refused the %s of table %s's message", what, table_id, exc_info=exc
            )
            return fault
        if fault is Fault.RATE_LIMITED:
            counters.rate_limited += 1
        wait = delay_for(exc, queue.attempt)
        queue.attempt += 1
        counters.retries += 1
        log.info("table %s's message: %s (%s), again in %.1fs", table_id, what, exc, wait)
        await asyncio.sleep(wait)
        return fault

    async def unarchive(self, table_id: int, channel_id: int) -> bool:
        """Reopen an archived thread; a refusal reports the channel gone ("access")."""
        await self.pacer.acquire(TABLE)
        self.presenter.counters.requests += 1
        try:
            await self.presenter.bot.http.edit_channel(channel_id, archived=False)
        except discord.HTTPException as exc:
            if exc.status in (403, 404):
                self.report_gone(table_id, "access")
                return False
            await asyncio.sleep(delay_for(exc, 0))
            return True  # try the update again (it meets the archive again if still closed)
        log.info("reopened the archived thread of table %s", table_id)
        return True

    # -- a channel that is gone ------------------------------------------------------------

    def report_gone(self, table_id: int, reason: str) -> None:
        """The table's channel is gone ("channel") or closed to the bot ("access"): tell
        ``on_channel_gone`` once, and drop the table's queue."""
        self.drop(table_id)
        if table_id in self.gone:
            return
        self.gone.add(table_id)
        log.warning("table %s: its channel is no longer reachable (%s)", table_id, reason)
        hook = self.presenter.on_channel_gone
        if hook is not None:
            self.background(hook(table_id, reason), f"table-{table_id}-gone")

    # -- other calls -------------------------------------------------------------------------

    def run(self, key: Hashable, job: Callable[[], Awaitable[None]]) -> None:
        """Run ``job`` in the background after the lane's earlier jobs."""
        if self.closed:
            return
        lane = self.lanes.setdefault(key, Lane())
        lane.jobs.append(job)
        if lane.task is None or lane.task.done():
            lane.task = asyncio.create_task(self._lane(key, lane), name=f"lane-{key}")

    async def _lane(self, key: Hashable, lane: Lane) -> None:
        while lane.jobs:
            job = lane.jobs.popleft()
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("a background call of %s failed", key)
        if self.lanes.get(key) is lane:
            del self.lanes[key]

    async def call(
        self,
        priority: int,
        send: Callable[[], Awaitable[Any]],
        *,
        attempts: int | None = None,
    ) -> Any:
        """One REST call through the pacer, tried again after a 429 or a 5xx (at most
        ``attempts`` times in all, :data:`SEND_ATTEMPTS` by default); the last failure is
        raised."""
        counters = self.presenter.counters
        attempts = SEND_ATTEMPTS if attempts is None else attempts
        for attempt in itertools.count():
            await self.pacer.acquire(priority)
            counters.requests += 1
            try:
                return await send()
            except Exception as exc:
                fault = classify(exc)
                if fault is Fault.RATE_LIMITED:
                    counters.rate_limited += 1
                if fault not in (Fault.RETRY, Fault.RATE_LIMITED) or attempt + 1 >= attempts:
                    raise
                counters.retries += 1
                await asyncio.sleep(delay_for(exc, attempt))
        raise AssertionError("unreachable")

    def background(self, work: Awaitable[Any], name: str) -> None:
        """A task the outbox keeps until it ends (flush waits for it)."""

        async def run() -> None:
            try:
                await work
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s failed", name)

        task = asyncio.create_task(run(), name=name)
        self._others.add(task)
        task.add_done_callback(self._others.discard)

    # -- waiting for it all ------------------------------------------------------------------

    def _tasks(self) -> set[asyncio.Task[Any]]:
        tasks = {q.task for q in self.queues.values() if q.task is not None}
        tasks |= {lane.task for lane in self.lanes.values() if lane.task is not None}
        tasks |= self._others
        return {t for t in tasks if not t.done() and t is not _current()}

    def idle(self) -> bool:
        """Whether nothing is waiting to be sent."""
        return not self._tasks()

    async def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queue and lane is drained (or ``timeout`` seconds); whether it
        is."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while tasks := self._tasks():
            left = None if deadline is None else deadline - loop.time()
            if left is not None and left <= 0:
                return False
            await asyncio.wait(tasks, timeout=left)
        return True

    async def aclose(self, grace: float = 2.0) -> None:
        """Send what can be sent within ``grace`` seconds, then cancel the rest."""
        await self.flush(grace)
        self.closed = True
        tasks = self._tasks()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _current() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None
