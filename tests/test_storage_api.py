"""The storage API: the operations are the transaction's, ``Database`` wraps none of them.

Callers run one operation with ``await db.query(Transaction.x, ...)`` or
``await db.write(Transaction.x, ...)``, several with ``async with db.read()`` or
``async with db.transaction()``. A ``Database`` method whose body only opens a transaction
and calls the transaction's method of the same name is a second way to say the same thing:
this test keeps such wrappers from coming back.
"""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

from bot.storage import Database, PostgresDatabase, Transaction


def _body(function: ast.AsyncFunctionDef | ast.FunctionDef) -> list[ast.stmt]:
    """The statements of a function, without its docstring."""
    body = list(function.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return body


def _tx_calls(node: ast.AST) -> set[str]:
    """The names of the methods ``node`` calls on a transaction: ``tx.x(...)``,
    ``Transaction.x``, or ``db.query/write(Transaction.x, ...)``."""
    names = set()
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Attribute)
            and isinstance(sub.value, ast.Name)
            and sub.value.id in {"tx", "Transaction"}
        ):
            names.add(sub.attr)
    return names


def forwarders(cls: type) -> list[str]:
    """The methods of ``cls`` (its own) that are one statement forwarding to a transaction
    method of the same name."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    [node] = tree.body
    assert isinstance(node, ast.ClassDef)
    found = []
    for item in node.body:
        if not isinstance(item, ast.AsyncFunctionDef | ast.FunctionDef):
            continue
        body = _body(item)
        if len(body) == 1 and item.name in _tx_calls(body[0]):
            found.append(item.name)
    return found


@pytest.mark.parametrize("cls", [Database, PostgresDatabase])
def test_the_database_forwards_no_operation_to_a_transaction(cls: type) -> None:
    assert forwarders(cls) == [], (
        f"{cls.__name__} wraps transaction methods; call db.query(Transaction.x, ...) or "
        "db.write(Transaction.x, ...) (or open db.read() / db.transaction()) instead"
    )


def test_the_database_shares_no_method_name_with_the_transaction() -> None:
    """A name on both is how a wrapper starts: the transaction's operations have no twin."""
    shared = {
        name
        for name in vars(Database)
        if not name.startswith("_") and callable(getattr(Transaction, name, None))
    }
    assert shared == set()


def test_the_check_finds_a_wrapper() -> None:
    """The check itself: a class with the old one-line wrappers is caught."""

    class Wrapping:
        async def get_table(self, table_id: int) -> object:
            """A table by id."""
            return await self.query(lambda tx: tx.get_table(table_id))  # type: ignore[attr-defined]

        async def grant(self, guild_id: int, user_id: int, amount: int) -> object:
            async with self.transaction() as tx:  # type: ignore[attr-defined]
                return await tx.grant(guild_id, user_id, amount)

        async def seats(self, table_id: int) -> object:
            return await self.query(Transaction.seats, table_id)  # type: ignore[attr-defined]

        async def queue_cap(self, guild_id: int) -> int:
            raw = await self.get_meta(guild_id)  # type: ignore[attr-defined]
            return 20 if raw is None else int(raw)

    assert forwarders(Wrapping) == ["get_table", "grant", "seats"]
