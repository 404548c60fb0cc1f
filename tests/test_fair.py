"""The dealing scheme of docs/fairness-spec.md (bot.fair), its verifier and its commands.

Fixed vectors pin the algorithm to the bit; tampering with a deck, a hand, the retourne, the
seed or the commitment fails verification; the shuffle is uniform; the stand-alone verifier of
docs/fairness.md, run as a separate program, agrees with the project's.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.fair.dealer import FairShuffler
from bot.fair.scheme import (
    canonical_order,
    check_client_seed,
    client_seed_of,
    commitment,
    derive_server_seed,
    is_server_seed,
    numbers,
    shuffle,
)
from bot.fair.verify import verify_record
from bot.games.base import HandRecord, Player
from bot.games.brelan import deal_from
from bot.games.cards import deck_preset, parse_card

ROOT = Path(__file__).resolve().parents[1]
VECTORS = json.loads((ROOT / "tests/fair_vectors.json").read_text())["vectors"]
SEED = derive_server_seed("tests", 0)


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{len(v['deck'])}-cards")
def test_the_scheme_gives_the_committed_vectors(vector: dict[str, Any]) -> None:
    seed, client, nonce = vector["server_seed"], vector["client_seed"], vector["nonce"]
    assert commitment(seed) == vector["commitment"]
    assert list(islice(numbers(seed, client, nonce), 8)) == vector["first_numbers"]
    assert canonical_order(sorted(vector["canonical"])) == vector["canonical"]
    assert shuffle(seed, client, nonce, vector["canonical"]) == vector["deck"]


def test_the_canonical_order_is_suit_then_rank_then_jokers() -> None:
    deck = canonical_order([c.code for c in deck_preset("52", jokers=2)])
    assert deck[:3] == ["As", "Ks", "Qs"] and deck[13] == "Ah" and deck[-3:] == ["2c", "X1", "X2"]


def test_seeds_commitments_and_client_seeds() -> None:
    assert is_server_seed(SEED) and not is_server_seed(SEED.upper())
    assert len(commitment(SEED)) == 64 and commitment(SEED) != SEED
    assert client_seed_of(["a", "b", "c"]) == "a|b|c"
    assert derive_server_seed("tests", 0) == SEED != derive_server_seed("tests", 1)
    assert check_client_seed("my lucky seed") is None
    assert check_client_seed("a|b") == "refuse-seed-characters"
    assert check_client_seed("x" * 65) == "refuse-seed-long"
    assert check_client_seed("  ") == "refuse-seed-empty"
    assert check_client_seed("two\nlines") == "refuse-seed-characters"


def test_the_fair_dealer_shuffles_for_the_players_in_order_of_play() -> None:
    dealer = FairShuffler(SEED, 3, {"1": "one", "2": "two"})
    cards = dealer.shuffled(deck_preset("28"), ["2", "1"])
    assert dealer.last is not None
    assert dealer.last.client_seed == "two|one" and dealer.last.nonce == 3
    expected = shuffle(SEED, "two|one", 3, canonical_order([c.code for c in deck_preset("28")]))
    assert [c.code for c in cards] == expected == list(dealer.last.deck)


def test_the_shuffle_is_uniform() -> None:
    """Chi-square over which card comes first, 5,200 shuffles of 52 cards (fixed seeds):
    51 degrees of freedom, refused above 90 (p < 0.001 for a fair shuffle)."""
    deck = canonical_order([c.code for c in deck_preset("52")])
    counts = dict.fromkeys(deck, 0)
    shuffles = 5200
    for nonce in range(shuffles):
        counts[shuffle(SEED, "uniform", nonce, deck)[0]] += 1
    expected = shuffles / len(deck)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 90, chi2
    # and the last position too (Fisher-Yates's first swap)
    last = dict.fromkeys(deck, 0)
    for nonce in range(shuffles):
        last[shuffle(SEED, "uniform", nonce, deck)[-1]] += 1
    assert sum((n - expected) ** 2 / expected for n in last.values()) < 90


def test_a_biased_shuffle_fails_the_uniformity_check() -> None:
    """The check can fail: a shuffle that never moves the ace of spades is caught."""
    deck = canonical_order([c.code for c in deck_preset("52")])
    counts = dict.fromkeys(deck, 0)
    for nonce in range(5200):
        order = shuffle(SEED, "biased", nonce, deck)
        if nonce % 4 == 0:
            order.remove("As")
            order.insert(0, "As")
        counts[order[0]] += 1
    chi2 = sum((n - 100) ** 2 / 100 for n in counts.values())
    assert chi2 > 90


def brelan_record(seed: str = SEED, nonce: int = 0, client: str = "a|b|c") -> dict[str, Any]:
    deck = shuffle(seed, client, nonce, canonical_order([c.code for c in deck_preset("28")]))
    hands, retourne = deal_from([parse_card(c) for c in deck], 3)
    record = HandRecord(
        game="brelan",
        players=[Player("1", 50), Player("2", 50), Player("3", 50)],
        hands={str(i + 1): h for i, h in enumerate(hands)},
        retourne=retourne,
    ).to_json()
    record["fair"] = {
        "commitment": commitment(seed),
        "server_seed": seed,
        "client_seed": client,
        "nonce": nonce,
        "deck": deck,
    }
    return record


def test_a_fair_record_verifies() -> None:
    verdict = verify_record(brelan_record())
    assert verdict.ok, verdict.problems


def swap(cards: list[str], i: int, j: int) -> None:
    cards[i], cards[j] = cards[j], cards[i]


def tamper_deck(r: dict[str, Any]) -> None:
    swap(r["fair"]["deck"], 0, 20)


def tamper_hand(r: dict[str, Any]) -> None:
    r["hands"]["1"][0] = r["fair"]["deck"][20]


def tamper_retourne(r: dict[str, Any]) -> None:
    r["retourne"] = r["fair"]["deck"][25]


def tamper_seed(r: dict[str, Any]) -> None:
    r["fair"]["server_seed"] = derive_server_seed("other", 0)


def tamper_commitment(r: dict[str, Any]) -> None:
    r["fair"]["commitment"] = commitment(derive_server_seed("other", 0))


def tamper_nonce(r: dict[str, Any]) -> None:
    r["fair"]["nonce"] = 1


@pytest.mark.parametrize(
    ("tamper", "code"),
    [
        (tamper_deck, "deck"),
        (tamper_hand, "hand"),
        (tamper_retourne, "retourne"),
        (tamper_seed, "commitment"),
        (tamper_commitment, "commitment"),
        (tamper_nonce, "deck"),
    ],
)
def test_any_tampering_fails_verification(tamper: Any, code: str) -> None:
    record = copy.deepcopy(brelan_record())
    tamper(record)
    verdict = verify_record(record)
    assert not verdict.ok
    assert code in [p.code for p in verdict.problems]


def test_a_record_whose_seed_is_secret_is_not_verified_yet() -> None:
    record = brelan_record()
    record["fair"]["server_seed"] = None
    verdict = verify_record(record)
    assert verdict.pending and not verdict.ok and not verdict.problems


def write_records(folder: Path, records: list[dict[str, Any]]) -> list[str]:
    paths = []
    for n, record in enumerate(records):
        path = folder / f"hand-{n}.json"
        path.write_text(json.dumps(record))
        paths.append(str(path))
    return paths


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def docs_verifier(tmp_path: Path) -> Path:
    text = (ROOT / "docs/fairness.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code is not None
    assert len(code.group(1).strip().splitlines()) <= 40
    path = tmp_path / "verify.py"
    path.write_text(code.group(1))
    return path


def test_the_command_and_the_docs_verifier_agree_on_good_and_tampered_files(
    tmp_path: Path,
) -> None:
    good = [brelan_record(nonce=n) for n in range(3)]
    bad = copy.deepcopy(good[1])
    tamper_hand(bad)
    folder = tmp_path / "good"
    folder.mkdir()
    write_records(folder, good)
    ours = run(["-m", "bot.fair", "verify", str(folder)])
    assert ours.returncode == 0, ours.stdout
    assert ours.stdout.count("OK ") == 3
    theirs = run([str(docs_verifier(tmp_path)), *sorted(map(str, folder.glob("*.json")))])
    assert theirs.returncode == 0 and theirs.stdout.count("OK") == 3, theirs.stdout
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(bad))
    ours = run(["-m", "bot.fair", "verify", str(folder), str(broken)])
    assert ours.returncode == 1
    assert "MISMATCH" in ours.stdout and "broken.json" in ours.stdout
    assert "1's hand is not the cards dealt" in ours.stdout
    theirs = run([str(docs_verifier(tmp_path)), str(broken)])
    assert theirs.returncode == 1 and "MISMATCH" in theirs.stdout


def test_the_command_explains_its_usage() -> None:
    done = run(["-m", "bot.fair"])
    assert done.returncode == 2 and "python -m bot.fair --help" in done.stderr
    shown = run(["-m", "bot.fair", "--help"])
    assert shown.returncode == 0 and "usage: python -m bot.fair" in shown.stdout
    assert "verify" in shown.stdout and "bench" in shown.stdout


@settings(max_examples=60, deadline=None)
@given(
    seed=st.binary(min_size=32, max_size=32).map(bytes.hex),
    client=st.text(max_size=30).filter(lambda t: "|" not in t),
    nonce=st.integers(min_value=0, max_value=10**6),
    swap_at=st.integers(min_value=1, max_value=27),
)
def test_every_fair_deal_verifies_and_any_swap_is_caught(
    seed: str, client: str, nonce: int, swap_at: int
) -> None:
    record = brelan_record(seed, nonce, client)
    deck = shuffle(seed, client, nonce, canonical_order([c.code for c in deck_preset("28")]))
    assert sorted(deck) == sorted(c.code for c in deck_preset("28"))
    assert verify_record(record).ok
    swapped = copy.deepcopy(record)
    swap(swapped["fair"]["deck"], 0, swap_at)
    assert not verify_record(swapped).ok
