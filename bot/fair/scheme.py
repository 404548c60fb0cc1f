"""The dealing scheme of ``docs/fairness-spec.md``, exact to the bit, in standard-library Python.

The bot commits to a secret **server seed** (its SHA-256, the **commitment**, is shown
before any deal made with it); the players add their **client seeds**; the **nonce** counts
the deals made with the server seed. An HMAC-SHA256 stream of 32-bit numbers drives a
Fisher-Yates shuffle of the table's deck in canonical order.

>>> seed = "00" * 32
>>> commitment(seed)[:16]
'60e05bd1b195af2f'
>>> deck = canonical_order(["Ah", "Kh", "As", "X1", "Ks"])
>>> deck
['As', 'Ks', 'Ah', 'Kh', 'X1']
>>> shuffle(seed, "alice|bob", 0, deck) == shuffle(seed, "alice|bob", 0, deck)
True
>>> sorted(shuffle(seed, "alice|bob", 1, deck)) == sorted(deck)
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Sequence

#: Suits in canonical order (docs/fairness-spec.md, "The shuffle", step 1).
SUIT_ORDER = "shdc"
#: Ranks from highest to lowest.
RANK_ORDER = "AKQJT98765432"
#: What joins the dealt players' client seeds into the deal's client seed.
SEPARATOR = "|"
#: Longest client seed a player may choose (characters).
MAX_CLIENT_SEED = 64
_HEX = frozenset("0123456789abcdef")


def new_server_seed() -> str:
    """32 bytes from ``secrets``, as 64 lowercase hex characters."""
    return secrets.token_hex(32)


def new_client_seed() -> str:
    """A default client seed for a player who sits down: 16 random hex characters."""
    return secrets.token_hex(8)


def is_server_seed(text: object) -> bool:
    """Whether ``text`` is 64 lowercase hex characters."""
    return isinstance(text, str) and len(text) == 64 and set(text) <= _HEX


def commitment(server_seed: str) -> str:
    """``sha256(server_seed)`` as 64 lowercase hex characters."""
    return hashlib.sha256(server_seed.encode("ascii")).hexdigest()


def client_seed_of(seeds: Sequence[str]) -> str:
    """The client seed of a deal: the dealt players' seeds in order of play, joined by ``|``."""
    return SEPARATOR.join(seeds)


def derive_server_seed(master: str, n: int) -> str:
    """A reproducible server seed (self-play and tests): the first digest of the scheme's
    stream keyed by ``master``, for client seed ``"server-seed"`` and nonce ``n``."""
    return hmac.new(master.encode(), f"server-seed:{n}:0".encode(), hashlib.sha256).hexdigest()


def mix_seed(seed: str, fresh: str) -> str:
    """A client seed after a cut: the old seed and fresh randomness hashed together
    (16 hex characters, so the seed stays short enough to read)."""
    return hashlib.sha256(f"{seed}:{fresh}".encode()).hexdigest()[:16]


def card_key(code: str) -> tuple[int, int, str]:
    """Sort key of the canonical order: suit (s h d c), then rank high to low, jokers last."""
    if code.startswith("X"):
        return (len(SUIT_ORDER), 0, code)
    return (SUIT_ORDER.index(code[1]), RANK_ORDER.index(code[0]), code)


def canonical_order(codes: Sequence[str]) -> list[str]:
    """The cards of a deck in canonical order (docs/fairness-spec.md step 1)."""
    return sorted(codes, key=card_key)


def numbers(server_seed: str, client_seed: str, nonce: int) -> Iterator[int]:
    """The stream of unsigned 32-bit big-endian numbers (docs/fairness-spec.md step 2)."""
    key = server_seed.encode("ascii")
    k = 0
    while True:
        message = f"{client_seed}:{nonce}:{k}".encode()
        digest = hmac.new(key, message, hashlib.sha256).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(digest[i : i + 4], "big")
        k += 1


def shuffle(server_seed: str, client_seed: str, nonce: int, deck: Sequence[str]) -> list[str]:
    """Fisher-Yates over ``deck`` (already in canonical order), top card first (step 3)."""
    out = list(deck)
    stream = numbers(server_seed, client_seed, nonce)
    for i in range(len(out) - 1, 0, -1):
        span = i + 1
        limit = (2**32 // span) * span
        v = next(stream)
        while v >= limit:
            v = next(stream)
        j = v % span
        out[i], out[j] = out[j], out[i]
    return out


def check_client_seed(text: str) -> str | None:
    """Why a chosen client seed is refused (a catalogue key), or None when it is fine."""
    if not text or not text.strip():
        return "refuse-seed-empty"
    if len(text) > MAX_CLIENT_SEED:
        return "refuse-seed-long"
    if SEPARATOR in text or not text.isprintable():
        return "refuse-seed-characters"
    return None
