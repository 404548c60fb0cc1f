"""What the load command measures besides latency: this machine's speed and CPU time.

- :func:`calibrate`: a fixed pure-Python workload's speed, in loops per second on one core
  (``--calibrate``), so that the README's absolute figures can be compared across machines:
  a machine with twice the figure runs the bot's Python about twice as fast. Never change
  the workload: it is the yardstick.
- :class:`ServerCpu`: the CPU time of a PostgreSQL server on this machine (its postmaster
  and every process it started, those that ended included), read from ``/proc``; None for a
  server elsewhere (or SQLite, which runs inside the bot's processes).

>>> calibrate(0.01) > 0
True
>>> ticks_of("42 (postgres) S 1 0 0 0 -1 0 0 0 0 0 7 3 2 1 20")
(1, 10, 3)
"""

from __future__ import annotations

import ipaddress
import os
import time
from pathlib import Path
from typing import Final

PROC: Final = Path("/proc")


def _loop() -> int:
    """One loop of the yardstick: integer arithmetic, a dict, strings, a sort, calls."""
    counts: dict[int, int] = {}
    total = 0
    x = 12345
    for i in range(1000):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        key = x % 97
        counts[key] = counts.get(key, 0) + i
        total += len(str(x))
    ranked = sorted(counts.items(), key=lambda item: item[1])
    return total + ranked[0][0]


def calibrate(seconds: float = 1.0) -> float:
    """Loops of the fixed workload per second, on one core, for about ``seconds``."""
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(10):
            _loop()
        done += 10
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def ticks_of(stat: str) -> tuple[int, int, int]:
    """``(parent pid, own CPU ticks, ended children's CPU ticks)`` from a ``/proc/PID/stat``
    line."""
    fields = stat[stat.rindex(")") + 2 :].split()
    return int(fields[1]), int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14])


class ServerCpu:
    """CPU seconds used so far by a PostgreSQL server on this machine (its postmaster's pid)."""

    def __init__(self, postmaster: int) -> None:
        self.postmaster = postmaster
        self.hz = os.sysconf("SC_CLK_TCK")

    @classmethod
    def find(cls, backend: int, server_address: str | None) -> ServerCpu | None:
        """The server of a connection whose backend pid is ``backend``, when it runs on this
        machine (``server_address`` is a loopback address, or None for a Unix socket)."""
        if server_address is not None and not ipaddress.ip_address(server_address).is_loopback:
            return None
        try:
            parent, _, _ = ticks_of((PROC / str(backend) / "stat").read_text())
            name = (PROC / str(parent) / "comm").read_text().strip()
        except (OSError, ValueError, IndexError):
            return None
        return cls(parent) if name in ("postgres", "postmaster") else None

    def seconds(self) -> float:
        """The postmaster's CPU time, its children's (running and ended): server-wide."""
        total = 0
        for entry in PROC.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                parent, own, ended = ticks_of((entry / "stat").read_text())
            except (OSError, ValueError, IndexError):
                continue
            if int(entry.name) == self.postmaster:
                total += own + ended
            elif parent == self.postmaster:
                total += own
        return total / self.hz
