"""A message for a player as a fact: a catalogue key and its parameters, never a sentence.

Lower layers (the runtime, storage) raise and announce :class:`Message` values; the Discord
layer renders them in the reader's language with :func:`bot.i18n.render`.

>>> m = Message("table-closed", {"table": 3})
>>> m.key, dict(m.params)
('table-closed', {'table': 3})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

_EMPTY: Mapping[str, Any] = MappingProxyType({})


def _key(message: Message) -> str:
    return message.key


#: How ``str()`` writes a message (English, for logs and tests): the catalogue
#: (:mod:`bot.i18n`) plugs its renderer in as it loads, so this module needs nothing of it.
_english: Callable[[Message], str] = _key


def set_english(writer: Callable[[Message], str]) -> None:
    """How ``str(message)`` and ``str(refusal)`` read (``bot.i18n`` sets its English)."""
    global _english
    _english = writer


@dataclass(frozen=True, slots=True)
class Message:
    """A catalogue key with its parameters (numbers, names, mentions)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    @classmethod
    def of(cls, key: str, **params: Any) -> Message:
        """``Message.of("key", n=3)``: the short form."""
        return cls(key, MappingProxyType(dict(params)))

    def __str__(self) -> str:
        """The English text, for logs and tests; players get :func:`bot.i18n.render`."""
        return _english(self)


class Refusal(Exception):
    """A refusal whose text for the player is a catalogue message, not a sentence.

    ``exc.message`` is the :class:`Message` the Discord layer renders in the reader's
    language; ``str(exc)`` is its English rendering, for logs and tests.
    """

    def __init__(self, message: Message | str, /, **params: Any) -> None:
        self.message = message if isinstance(message, Message) else Message.of(message, **params)
        super().__init__(self.message.key)

    def __str__(self) -> str:
        return _english(self.message)
