"""The per-address request limit of the pages: a token bucket per address.

>>> bucket = RequestLimit(per_minute=60, burst=2, clock=lambda: 0.0)
>>> [bucket.allow("1.2.3.4") for _ in range(3)], bucket.allow("5.6.7.8")
([True, True, False], True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from ipaddress import ip_address
from typing import Final

#: Requests a minute an address may make by default, and how many at once.
DEFAULT_PER_MINUTE: Final = 120
DEFAULT_BURST: Final = 30
#: Addresses remembered at most (the fullest buckets are forgotten first).
MAX_ADDRESSES: Final = 10_000


class RequestLimit:
    """A token bucket per address: ``burst`` requests at once, then ``per_minute``."""

    def __init__(
        self,
        per_minute: int = DEFAULT_PER_MINUTE,
        burst: int = DEFAULT_BURST,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, address: str) -> bool:
        """Whether a request from ``address`` may go through now (it is counted if so)."""
        now = self.clock()
        tokens, at = self._buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens < 1.0:
            self._buckets[address] = (tokens, now)
            return False
        if len(self._buckets) >= MAX_ADDRESSES and address not in self._buckets:
            self._forget(now)
        self._buckets[address] = (tokens - 1.0, now)
        return True

    def _forget(self, now: float) -> None:
        """Drop the addresses whose bucket has filled up again (they lose nothing)."""
        full = [
            a for a, (t, at) in self._buckets.items() if t + (now - at) * self.rate >= self.burst
        ]
        for address in full or list(self._buckets)[: MAX_ADDRESSES // 10]:
            del self._buckets[address]


def client_address(peer: str | None, forwarded_for: str | None) -> str:
    """The address a request is counted against: the peer's, or, when the peer is this
    machine (a reverse proxy in front: Caddy), the last address the proxy added to
    ``X-Forwarded-For``.

    >>> client_address("203.0.113.9", "198.51.100.1")
    '203.0.113.9'
    >>> client_address("127.0.0.1", "9.9.9.9, 1.2.3.4")
    '1.2.3.4'
    """
    if peer is None:
        return "?"
    try:
        local = ip_address(peer).is_loopback
    except ValueError:
        local = False
    if local and forwarded_for:
        last = forwarded_for.split(",")[-1].strip()
        if last:
            return last
    return peer
