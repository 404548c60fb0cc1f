"""The per-address request limit of the pages: a token bucket per address.

>>> bucket = RequestLimit(per_minute=60, burst=2, clock=lambda: 0.0)
>>> [bucket.allow("1.2.3.4") for _ in range(3)], bucket.allow("5.6.7.8")
([True, True, False], True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network
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


Network = IPv4Network | IPv6Network
#: The proxies trusted by default to say who their client is: this machine only.
LOOPBACK: Final[tuple[Network, ...]] = (ip_network("127.0.0.0/8"), ip_network("::1/128"))


def trusted_proxies(text: str) -> tuple[Network, ...]:
    """The proxies WEB_TRUSTED_PROXIES names: addresses or networks separated by commas or
    spaces (empty: :data:`LOOPBACK`); ValueError names the first one that is neither.

    >>> [str(n) for n in trusted_proxies("172.18.0.0/16, 10.0.0.7")]
    ['172.18.0.0/16', '10.0.0.7/32']
    """
    words = text.replace(",", " ").split()
    if not words:
        return LOOPBACK
    out: list[Network] = []
    for word in words:
        try:
            out.append(ip_network(word, strict=False))
        except ValueError:
            raise ValueError(f"{word[:40]!r} is neither an IP address nor a network") from None
    return tuple(out)


def _trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ip_address(address)
    except ValueError:
        return False
    return any(ip.version == n.version and ip in n for n in trusted)


def client_address(
    peer: str | None, forwarded_for: str | None, trusted: tuple[Network, ...] = LOOPBACK
) -> str:
    """The address a request is counted against: the peer's, unless the peer is a trusted
    proxy (``trusted``: this machine by default, WEB_TRUSTED_PROXIES otherwise, e.g. Caddy
    in its own container); then the last address in ``X-Forwarded-For`` that is not itself
    a trusted proxy. Anyone else's ``X-Forwarded-For`` is ignored (it would choose its own
    bucket).

    >>> client_address("203.0.113.9", "198.51.100.1")
    '203.0.113.9'
    >>> client_address("127.0.0.1", "9.9.9.9, 1.2.3.4")
    '1.2.3.4'
    >>> client_address("172.18.0.3", "1.2.3.4", trusted_proxies("172.18.0.0/16"))
    '1.2.3.4'
    """
    if peer is None:
        return "?"
    if not forwarded_for or not _trusted(peer, trusted):
        return peer
    hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, trusted):
            return hop
    return hops[0] if hops else peer
