"""The garbage collector of a long-running table process.

A bot process holds some hundreds of thousands of long-lived objects (the code, the message
catalogue, every resumed table's state). CPython's default collector walks all of them on each
full collection, and makes one every few hundred thousand allocations: under load those walks
were the pauses of tens of milliseconds that made the slowest actions slow (see
docs/scaling.md). :func:`settle` moves what start-up made out of the collector's sight and
collects the young objects less often. Reference counting still frees almost everything at
once; only cycles wait for the collector.
"""

from __future__ import annotations

import gc
from typing import Final

#: Allocations between two young collections, and young collections per older one.
THRESHOLDS: Final = (20_000, 20, 20)


def settle() -> None:
    """Call once start-up is over (tables resumed): freeze the objects alive now and space
    the collections out."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
