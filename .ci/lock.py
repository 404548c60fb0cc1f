"""Write constraints.txt: every distribution the project needs, at the version installed here.

    python .ci/lock.py           # rewrite constraints.txt from this environment
    python .ci/lock.py --check   # exit 1 if constraints.txt says otherwise

Run it in an environment made by ``pip install -c constraints.txt -e '.[dev]'`` after changing
a pin in pyproject.toml (pip first, with the old line of the package removed from
constraints.txt). The closure is walked from pyproject.toml's dependencies and all its extras
through each installed distribution's requirements (markers evaluated here: a package only
another platform needs is not listed, and installs there unpinned). No hashes: pip's
--require-hashes needs the hash of every platform's wheel, which only an index can give.
tests/test_lock.py checks the file against the environment and pyproject.toml.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "constraints.txt"
HEADER = """\
# Every package the bot, its extras (postgres, fast) and its tests install, at one version:
#   pip install -c constraints.txt -e '.[dev]'
# The same versions in CI (.ci/run) and in the Docker image. Written by `python .ci/lock.py`
# from an environment installed with it; tests/test_lock.py checks it. Do not edit by hand.
"""


def project() -> dict[str, object]:
    """pyproject.toml's ``[project]`` table."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        table: dict[str, object] = tomllib.load(file)["project"]
    return table


def requirements() -> list[Requirement]:
    """The project's own requirements and every extra's, its self-references left out."""
    table = project()
    name = canonicalize_name(str(table["name"]))
    extras: dict[str, list[str]] = table.get("optional-dependencies", {})  # type: ignore[assignment]
    lines = list(table.get("dependencies", []))  # type: ignore[call-overload]
    for group in extras.values():
        lines += group
    return [r for r in map(Requirement, lines) if canonicalize_name(r.name) != name]


def applies(requirement: Requirement, extras: frozenset[str]) -> bool:
    """Whether ``requirement``'s marker holds here for a distribution asked with ``extras``."""
    if requirement.marker is None:
        return True
    here = {str(key): str(value) for key, value in default_environment().items()}
    return any(requirement.marker.evaluate({**here, "extra": extra}) for extra in extras or {""})


def closure() -> dict[str, metadata.Distribution]:
    """Every installed distribution the project's requirements reach, by canonical name;
    ``KeyError`` names one that is required and not installed."""
    found: dict[str, metadata.Distribution] = {}
    todo = [r for r in requirements() if applies(r, frozenset())]
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        key = (name, frozenset(requirement.extras))
        if key in seen:
            continue
        seen.add(key)
        try:
            dist = metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError:
            raise KeyError(f"{requirement.name} is required and not installed") from None
        found[name] = dist
        for line in dist.requires or []:
            child = Requirement(line)
            if applies(child, frozenset(requirement.extras)):
                todo.append(child)
    return found


def render() -> str:
    """constraints.txt as this environment has it."""
    pins = sorted((dist.metadata["Name"], dist.version) for dist in closure().values())
    pins.sort(key=lambda pin: canonicalize_name(pin[0]))
    return HEADER + "".join(f"{name}=={version}\n" for name, version in pins)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python .ci/lock.py", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if LOCK.read_text(encoding="utf-8") != text:
            print("constraints.txt is not this environment's: python .ci/lock.py", file=sys.stderr)
            return 1
        return 0
    LOCK.write_text(text, encoding="utf-8")
    print(f"{LOCK.name}: {text.count('==')} packages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
