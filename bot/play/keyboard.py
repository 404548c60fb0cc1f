"""The player's keyboard: one line at a prompt, read without a thread, so that Ctrl-C quits
at once and keys typed before the prompt are never taken for its answer.

On a terminal, whatever was typed while the house players thought (or the table was
printed) is flushed (``termios.tcflush``) right before the prompt is shown, and the player
is told it was ignored. A pipe or a file is a script: each of its lines answers the next
prompt, in order, and nothing is read but at a prompt.
"""

from __future__ import annotations

import asyncio
import os
import struct
import sys
from dataclasses import dataclass, field
from typing import TextIO

try:  # a Unix terminal; elsewhere nothing is typed ahead that could be flushed
    import fcntl
    import termios
except ImportError:  # pragma: no cover - Windows
    fcntl = termios = None  # type: ignore[assignment]

#: The most a line may hold: a longer one is cut (the parsers refuse it in words anyway).
LONGEST = 4096


def pending(fd: int) -> int:
    """Bytes typed on a terminal and not read yet (0 when the system cannot say)."""
    if fcntl is None:
        return 0
    try:
        raw = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
    except OSError:
        return 0
    return int(struct.unpack("i", raw)[0])


@dataclass
class Keyboard:
    """Lines typed on ``fd``, one per prompt, the prompt written to ``out``.

    ``ignored`` is the line said when keys typed before a prompt were flushed."""

    fd: int
    out: TextIO
    ignored: str = ""
    buffer: bytearray = field(default_factory=bytearray)
    ended: bool = False

    @classmethod
    def stdin(cls, ignored: str = "") -> Keyboard:
        return cls(sys.stdin.fileno(), sys.stdout, ignored)

    @property
    def tty(self) -> bool:
        return os.isatty(self.fd)

    def flush_typed_ahead(self) -> bool:
        """Drop what a terminal holds typed before the prompt; True if there was any."""
        if not self.tty or termios is None:
            return False
        there = bool(self.buffer) or pending(self.fd) > 0
        self.buffer.clear()
        termios.tcflush(self.fd, termios.TCIFLUSH)
        return there

    async def line(self, prompt: str) -> str | None:
        """The line typed at ``prompt`` (without its end), or None at the end of input."""
        if self.flush_typed_ahead() and self.ignored:
            self.out.write(self.ignored + "\n")
        self.out.write(prompt + " ")
        self.out.flush()
        while b"\n" not in self.buffer and not self.ended:
            chunk = await self._read()
            if chunk:
                self.buffer += chunk
            else:
                self.ended = True
        if not self.buffer:
            return None
        raw, _, rest = bytes(self.buffer).partition(b"\n")
        self.buffer[:] = rest
        return raw[:LONGEST].decode("utf-8", "replace").rstrip("\r")

    async def _read(self) -> bytes:
        """What the file holds now, waiting for it without blocking the loop (a regular
        file, never waited for, is read at once)."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        try:
            loop.add_reader(self.fd, readable)
        except (OSError, ValueError, NotImplementedError):  # a regular file: epoll refuses it
            return os.read(self.fd, LONGEST)
        try:
            await ready
        finally:
            loop.remove_reader(self.fd)
        try:
            return os.read(self.fd, LONGEST)
        except BlockingIOError:  # woken for nothing: wait again
            return await self._read()
        except OSError:  # a terminal gone (EIO): the end of input
            return b""
