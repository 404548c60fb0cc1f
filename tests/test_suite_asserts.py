"""Every test asserts something: a test function with no ``assert``, no ``pytest.raises`` (or
``pytest.fail``), and no call of a helper that asserts, passes whatever the code does.

Helpers are found by name across the test tree: a function asserts when its body has an
``assert``, a ``pytest.raises``/``pytest.fail``, or a call of a function that asserts.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: Calls that fail a test on their own.
FAILING_CALLS = frozenset({"raises", "fail", "warns", "assert_within_discord_limits"})


def functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def called_names(node: ast.AST) -> set[str]:
    names = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            func = call.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def asserts_directly(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Assert) for n in ast.walk(node)) or bool(
        called_names(node) & FAILING_CALLS
    )


def unasserted_tests(root: Path) -> list[str]:
    """``path:line name`` of every test function under ``root`` that asserts nothing."""
    parsed = {path: ast.parse(path.read_text(encoding="utf-8")) for path in root.rglob("*.py")}
    defined = [f for tree in parsed.values() for f in functions(tree)]
    asserting = {f.name for f in defined if asserts_directly(f)}
    calls = {f.name: called_names(f) for f in defined}
    growing = True
    while growing:  # a helper that calls an asserting helper asserts too
        more = {name for name, names in calls.items() if names & asserting} - asserting
        asserting |= more
        growing = bool(more)
    return [
        f"{path.relative_to(root)}:{f.lineno} {f.name}"
        for path, tree in parsed.items()
        for f in functions(tree)
        if f.name.startswith("test_") and f.name not in asserting
    ]


def test_every_test_function_asserts_something() -> None:
    assert unasserted_tests(TESTS) == []


def test_the_check_finds_a_test_without_assertion(tmp_path: Path) -> None:
    (tmp_path / "test_sample.py").write_text(
        "def helper(x):\n    assert x\n\n"
        "def test_calls_an_asserting_helper():\n    helper(1)\n\n"
        "def test_raises():\n    import pytest\n    with pytest.raises(ValueError):\n"
        "        int('x')\n\n"
        "def test_nothing():\n    x = 1 + 1\n",
        encoding="utf-8",
    )
    assert unasserted_tests(tmp_path) == ["test_sample.py:12 test_nothing"]
