"""Installs that are the same tomorrow: constraints.txt pins every package the project installs,
pyproject.toml's pins agree with it, CI and the image install with it, base images by digest."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
#: Packages whose private members or internals the code uses: one version, exactly.
REACHED_INTO = {
    "aiosqlite": "bot/storage/inline.py subclasses its connection's private members",
    "discord-py": "the bot sets its connection state, reads its command tree",
    "aiohttp": "bot/loadtest/pagecost.py times its request handler by name",
    "simcord": "the Discord tests patch its settle loop (Env._settle_internal) and payloads",
}


def lock_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ci_lock", ROOT / ".ci" / "lock.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ci_lock", module)
    spec.loader.exec_module(module)
    return module


def locked() -> dict[str, str]:
    """constraints.txt as {canonical name: version}."""
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version and " " not in line, f"not an exact pin: {line!r}"
            pins[canonicalize_name(name)] = version
    return pins


def test_the_lock_pins_every_package_the_project_installs_at_its_installed_version() -> None:
    tool = lock_tool()
    installed = {name: dist.version for name, dist in tool.closure().items()}
    pins = locked()
    assert {n: v for n, v in installed.items() if pins.get(n) != v} == {}, (
        "installed here at another version than constraints.txt's: pip install -c "
        "constraints.txt -e '.[dev]' (or, after changing pyproject.toml, python .ci/lock.py)"
    )
    assert set(pins) - set(installed) == set(), "pinned but not needed: python .ci/lock.py"
    # the walk goes past the direct requirements: aiohttp's own, asyncpg and uvloop (extras)
    assert {"yarl", "multidict", "frozenlist", "asyncpg", "uvloop", "pytest"} <= set(pins)
    assert canonicalize_name("salon-cards-bot") not in pins  # the project itself is not pinned


def test_pyproject_pins_agree_with_the_lock_and_pin_exactly_what_the_code_reaches_into() -> None:
    tool = lock_tool()
    pins = locked()
    requirements = {canonicalize_name(r.name): r for r in tool.requirements()}
    for name, requirement in requirements.items():
        assert name in pins, f"{requirement} is not in constraints.txt"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"pyproject.toml asks {requirement}, constraints.txt has {pins[name]}"
        )
    for name, why in REACHED_INTO.items():
        specs = list(requirements[name].specifier)
        assert [s.operator for s in specs] == ["=="], f"{name} must be pinned exactly: {why}"
    extras = tool.project()["optional-dependencies"]
    assert [Requirement(r).name for r in extras["postgres"]] == ["asyncpg"]
    assert [Requirement(r).name for r in extras["fast"]] == ["uvloop"]
    assert "salon-cards-bot[postgres,fast]" in extras["dev"]  # the tests cover both
    direct = {canonicalize_name(Requirement(r).name) for r in tool.project()["dependencies"]}
    assert not {"asyncpg", "uvloop"} & direct  # SQLite on asyncio's loop needs neither


def test_ci_and_the_image_install_with_the_lock() -> None:
    run = (ROOT / ".ci" / "run").read_text()
    installs = [line for line in run.splitlines() if "pip install" in line and "-e" in line]
    assert installs and all("-c constraints.txt" in line for line in installs), installs
    docker = (ROOT / "Dockerfile").read_text()
    assert "COPY pyproject.toml constraints.txt ./" in docker
    pip = [line for line in docker.splitlines() if "pip install -r" in line]
    assert len(pip) == 1 and "-c constraints.txt" in pip[0]
    assert "['postgres']" in docker and "['fast']" in docker  # the cluster profile's asyncpg
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert "constraints.txt" not in ignored and "*.txt" not in ignored


def test_base_images_are_pinned_by_digest() -> None:
    digest = re.compile(r"@sha256:[0-9a-f]{64}\b")
    froms = re.findall(r"^FROM\s+(\S+)", (ROOT / "Dockerfile").read_text(), re.MULTILINE)
    assert froms and all(digest.search(image) for image in froms), froms
    composed = (ROOT / "compose.yaml").read_text() + (ROOT / "compose.cluster.yaml").read_text()
    images = re.findall(r"^\s*image:\s*(\S+)", composed, re.MULTILINE)
    pulled = [image for image in images if image != "salon-bot"]  # salon-bot is built here
    assert len(pulled) == 3 and all(digest.search(image) for image in pulled), pulled
