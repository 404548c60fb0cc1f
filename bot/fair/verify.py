"""Checking a hand's record against docs/fairness-spec.md: commitment, shuffle, and the cards dealt.

:func:`verify_record` returns a :class:`Verdict` whose ``problems`` name every mismatch in
plain words (an empty list: the hand verifies). ``facts`` are message keys and parameters
for ``/verify``; the offline command prints the English ``problems`` and ``notes``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from bot.fair.scheme import canonical_order, commitment, is_server_seed, shuffle
from bot.games import registry
from bot.games.errors import GameError
from bot.games.options import parse_options
from bot.games.replay import load_record, replay_record

#: A record's place in a chain of Brag deals: (commitment, deal number).
DealKey = tuple[str, int]


class Problem(NamedTuple):
    """One mismatch: a catalogue key (``verify-problem-<code>``), its parameters, and the
    English words the offline command prints."""

    code: str
    text: str
    params: Mapping[str, Any] = MappingProxyType({})

    def __str__(self) -> str:
        return self.text


@dataclass
class Verdict:
    """The outcome of checking one record."""

    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: The deck recomputed from the seeds (None when it could not be).
    deck: list[str] | None = None
    #: The seed is not revealed yet, or the deck is withheld: nothing could be checked.
    pending: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems and not self.pending

    def fail(self, code: str, text: str, **params: Any) -> None:
        self.problems.append(Problem(code, text, params))


def table_deck(record: Mapping[str, Any]) -> list[str]:
    """The deck the record's table shuffles (its game's pack), in canonical order."""
    game = str(record.get("game"))
    options = parse_options(game, record.get("options") or {})
    cards = registry.spec(game).deck(options, len(record.get("players") or []))
    return canonical_order([c.code for c in cards])


def dealt_from(record: Mapping[str, Any], deck: Sequence[str]) -> dict[str, Any]:
    """The hands (and retourne) a deal from ``deck`` gives the record's players: the cards
    each is dealt (as many as his hand in the record, else the game's number), one at a time
    from the top, in order of play, then the retourne for a game that turns one; a kept
    blind hand's cards are passed over (Brag)."""
    names = [p["name"] for p in record.get("players") or []]
    game = str(record.get("game"))
    entry = registry.spec(game)
    kept = {c for cards in (record.get("kept") or {}).values() for c in cards or []}
    pack = [c for c in deck if c not in kept]
    per = len(next(iter((record.get("hands") or {}).values()), [])) or entry.cards(
        parse_options(game, record.get("options") or {})
    )
    n = len(names)
    if n * per + (1 if entry.retourne else 0) > len(pack):
        raise ValueError("the deck is too short for the hands")
    out: dict[str, Any] = {
        "hands": {name: [pack[i + j * n] for j in range(per)] for i, name in enumerate(names)}
    }
    if entry.retourne:
        out["retourne"] = pack[n * per]
    return out


def pack_after(record: Mapping[str, Any]) -> list[str]:
    """The pack a finished Brag deal leaves for the next one, top first (by replaying it)."""
    hand = replay_record(load_record(dict(record)))
    return [c.code for c in hand.pack_after()]  # type: ignore[attr-defined]


def chain_key(record: Mapping[str, Any]) -> DealKey | None:
    fair = record.get("fair")
    deal = record.get("deal_no")
    if isinstance(fair, Mapping) and isinstance(deal, int):
        return (str(fair.get("commitment")), deal)
    return None


def verify_record(
    record: Mapping[str, Any], others: Mapping[DealKey, Mapping[str, Any]] | None = None
) -> Verdict:
    """Check one record; ``others`` are records of the same table by :func:`chain_key`, to
    follow a Brag pack that continues an earlier deal."""
    verdict = Verdict()
    fair = record.get("fair")
    if not isinstance(fair, Mapping):
        verdict.fail("no-fair", 'the record has no "fair" key: it was not dealt by the scheme')
        return verdict
    promised = fair.get("commitment")
    seed = fair.get("server_seed")
    if not isinstance(promised, str) or len(promised) != 64:
        verdict.fail("commitment-format", "the commitment is not 64 hexadecimal characters")
        return verdict
    if seed is None:
        verdict.pending = True
        verdict.notes.append(
            "the server seed is not revealed yet: the hand can be checked once it is"
        )
        return verdict
    if not is_server_seed(seed):
        verdict.fail("seed-format", "the server seed is not 64 lowercase hexadecimal characters")
        return verdict
    if commitment(seed) != promised:
        verdict.fail(
            "commitment",
            "sha256(server seed) is not the commitment shown before the deal: the seed was "
            "changed after the commitment",
        )
        return verdict
    deck = fair.get("deck")
    if not isinstance(deck, list):
        verdict.pending = True
        verdict.notes.append("the deck is withheld: the hand's pack is still in play")
        return verdict
    continues = fair.get("continues")
    if continues is None:
        try:
            canonical = table_deck(record)
        except GameError as exc:
            verdict.fail("deck-unknown", f"the table's deck cannot be known: {exc}")
            return verdict
        client = fair.get("client_seed")
        nonce = fair.get("nonce")
        if not isinstance(client, str) or isinstance(nonce, bool) or not isinstance(nonce, int):
            verdict.fail("seeds-missing", "the client seed or the nonce is missing")
            return verdict
        verdict.deck = shuffle(seed, client, nonce, canonical)
        if verdict.deck != deck:
            first = next(
                (i for i, (a, b) in enumerate(zip(verdict.deck, deck, strict=False)) if a != b),
                min(len(deck), len(verdict.deck)),
            )
            verdict.fail(
                "deck",
                f"the deck is not the shuffle of the seeds: it differs at card {first + 1}",
                n=first + 1,
            )
    else:
        verdict.deck = list(deck)
        _check_continuation(record, int(continues), deck, others or {}, verdict)
    _check_deal(record, deck, verdict)
    return verdict


def _check_continuation(
    record: Mapping[str, Any],
    continues: int,
    deck: list[str],
    others: Mapping[DealKey, Mapping[str, Any]],
    verdict: Verdict,
) -> None:
    key = chain_key(record)
    previous = others.get((key[0], key[1] - 1)) if key is not None else None
    if previous is None:
        verdict.notes.append(
            f"the pack continues deal {continues}; the previous deal's file is not among "
            "those given, so the pack was not followed"
        )
        return
    try:
        expected = pack_after(previous)
    except (GameError, KeyError, TypeError, ValueError) as exc:
        verdict.fail("previous", f"the previous deal cannot be replayed: {exc}")
        return
    if expected != deck:
        verdict.fail(
            "continuation", "the pack is not the one the previous deal left: it was rearranged"
        )
    else:
        verdict.notes.append(f"the pack follows from deal {continues} through the previous deal")


def _check_deal(record: Mapping[str, Any], deck: list[str], verdict: Verdict) -> None:
    try:
        dealt = dealt_from(record, deck)
    except (GameError, ValueError, KeyError, TypeError) as exc:
        verdict.fail("dealt-unknown", f"the cards dealt cannot be worked out: {exc}")
        return
    hands = record.get("hands") or {}
    for name, cards in dealt["hands"].items():
        if hands.get(name) != cards:
            verdict.fail(
                "hand",
                f"{name}'s hand is not the cards dealt from the top of the deck",
                user=name,
            )
    if "retourne" in dealt and record.get("retourne") != dealt["retourne"]:
        verdict.fail("retourne", "the retourne is not the card after the hands in the deck")
