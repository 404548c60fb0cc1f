"""``python -m bot.fair verify FILE...``: check exported hands offline (docs/fairness-spec.md).

A FILE may be a scenario file or a folder of them. Every file is checked: the commitment is
the server seed's SHA-256, the deck is the shuffle of the seeds, and the hands (and the
retourne) are the cards dealt from its top. A Brag deal that continues an earlier pack is
followed through the previous deal when its file is given too. Exit status: 0 when every
file verifies, 1 when any does not (each one is named with the reason), 2 for bad usage.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.fair.verify import DealKey, chain_key, verify_record
from bot.games.cli import Parser, whole


def _files(arguments: Sequence[str]) -> list[Path]:
    found: list[Path] = []
    for argument in arguments:
        path = Path(argument)
        found.extend(sorted(path.glob("*.json")) if path.is_dir() else [path])
    return found


def verify_files(arguments: Sequence[str], out: Any = sys.stdout) -> int:
    """Check the files; print one line per file; return the exit status."""
    records: dict[Path, Any] = {}
    status = 0
    for path in _files(arguments):
        try:
            records[path] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"MISMATCH {path}: the file cannot be read as JSON ({exc})", file=out)
            status = 1
    if not records and status == 0:
        print("no scenario file found", file=out)
        return 1
    chain: dict[DealKey, Any] = {}
    for record in records.values():
        key = chain_key(record) if isinstance(record, dict) else None
        if key is not None:
            chain[key] = record
    for path, record in records.items():
        if not isinstance(record, dict):
            print(f"MISMATCH {path}: a scenario file is a JSON object", file=out)
            status = 1
            continue
        verdict = verify_record(record, chain)
        notes = "".join(f"; {n}" for n in verdict.notes)
        if verdict.problems:
            print(f"MISMATCH {path}: {'; '.join(map(str, verdict.problems))}{notes}", file=out)
            status = 1
        elif verdict.pending:
            print(f"UNVERIFIED {path}{notes}", file=out)
            status = 1
        else:
            fair = record["fair"]
            print(
                f"OK {path}: commitment {fair['commitment'][:12]}…, nonce {fair['nonce']}{notes}",
                file=out,
            )
    return status


def bench(shuffles: int, out: Any = sys.stdout) -> float:
    """Time the scheme: fair shuffles of 52 cards per second (one core)."""
    import time

    from bot.fair.scheme import canonical_order, derive_server_seed, shuffle
    from bot.games.cards import deck_preset

    deck = canonical_order([c.code for c in deck_preset("52")])
    seed = derive_server_seed("bench", 0)
    start = time.perf_counter()
    for nonce in range(shuffles):
        shuffle(seed, "a|b|c|d", nonce, deck)
    rate = shuffles / (time.perf_counter() - start)
    print(f"{rate:,.0f} shuffles of 52 cards per second ({shuffles:,} shuffles)", file=out)
    return rate


def parser() -> Parser:
    parser = Parser(
        prog="python -m bot.fair",
        description="Check exported hands offline (docs/fairness-spec.md), or time the dealing "
        "scheme.",
        epilog="Exit status of verify: 0 when every file verifies, 1 when any does not, "
        "2 for bad usage.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    verify = commands.add_parser(
        "verify", help="check scenario files: commitment, shuffle and cards dealt"
    )
    verify.add_argument(
        "files",
        metavar="FILE_OR_FOLDER",
        nargs="+",
        help="a scenario file, or a folder of them (its *.json)",
    )
    timing = commands.add_parser("bench", help="fair shuffles of 52 cards per second")
    timing.add_argument(
        "shuffles",
        metavar="SHUFFLES",
        nargs="?",
        type=whole(1),
        default=20_000,
        help="how many shuffles to time (default: 20000)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "bench":
        bench(args.shuffles)
        return 0
    return verify_files(args.files)


if __name__ == "__main__":
    raise SystemExit(main())
