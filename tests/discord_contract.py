"""Discord's API description (``tests/discord_api/openapi.json``) held against what the fake
Discord answers: the route and method exist, and a JSON answer fits the response schema of
its status (``$ref``s resolved). A small validator of the JSON Schema the description uses
(type, required, properties, items, enum, pattern, oneOf/anyOf/allOf), so no dependency.

:func:`check_answer` returns the problems found, each naming the route and the field."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

DESCRIPTION = Path(__file__).parent / "discord_api" / "openapi.json"

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


@functools.cache
def description() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DESCRIPTION.read_text(encoding="utf-8"))
    return data


@functools.cache
def _routes() -> list[tuple[re.Pattern[str], str]]:
    """The description's path templates as patterns, the literal ones first (``@me``
    before ``{user_id}``)."""
    found = []
    for template in description()["paths"]:
        pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
        found.append((re.compile(pattern + "$"), template))
    return sorted(found, key=lambda p: p[1].count("{"))


def route_of(path: str) -> str | None:
    """The description's template for a path after ``/api/v10`` (None: no such route)."""
    return next((template for pattern, template in _routes() if pattern.match(path)), None)


@functools.cache
def _referred(ref: str) -> dict[str, Any]:
    node: Any = description()
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return _resolve(node)


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    return _referred(schema["$ref"]) if "$ref" in schema else schema


def _type_fits(value: Any, kind: str) -> bool:
    if isinstance(value, bool) and kind in ("integer", "number"):
        return False
    return isinstance(value, _TYPES[kind])


def problems(
    value: Any, schema: dict[str, Any], where: str = "", *, request: bool = False
) -> Iterator[str]:
    """What does not fit ``schema`` in ``value``, each as ``field: why``. In a ``request``
    a snowflake may be a number (Discord takes both; discord.py sends some so); Discord
    answers them as strings."""
    schema = _resolve(schema)
    if request and schema.get("format") == "snowflake" and _type_fits(value, "integer"):
        return
    for key in ("oneOf", "anyOf"):
        if key in schema:
            if any(
                next(problems(value, option, where, request=request), None) is None
                for option in schema[key]
            ):
                return  # one fits (each other stopped at its first misfit)
            options = [
                list(problems(value, option, where, request=request)) for option in schema[key]
            ]
            if all(options):
                best = min(options, key=len)
                yield from best if len(options) == 1 else [f"{best[0]} (no {key} option fits)"]
            return
    for part in schema.get("allOf", []):
        yield from problems(value, part, where, request=request)
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not any(_type_fits(value, k) for k in kinds):
            yield f"{where or '(body)'}: {type(value).__name__} is not {'/'.join(kinds)}"
            return
    if "enum" in schema and value not in schema["enum"]:
        yield f"{where}: {value!r} is not one of {schema['enum']}"
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        yield f"{where}: {value!r} does not match {schema['pattern']}"
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                yield f"{where}.{name}: required, missing"
        for name, sub in schema.get("properties", {}).items():
            if name in value:
                yield from problems(value[name], sub, f"{where}.{name}", request=request)
    if isinstance(value, list) and "items" in schema:
        for n, item in enumerate(value):
            yield from problems(item, schema["items"], f"{where}[{n}]", request=request)


def check_answer(method: str, path: str, status: int, body: Any) -> list[str]:
    """What is wrong with an answer of the fake, held against the description."""
    template = route_of(path)
    if template is None:
        return [f"{method} {path}: no such route in Discord's API"]
    operation = description()["paths"][template].get(method.lower())
    if operation is None:
        return [f"{method} {template}: no such method in Discord's API"]
    if status >= 400 or body is None:
        return []
    answer = operation["responses"].get(str(status))
    if answer is None:
        return [f"{method} {template}: Discord does not answer {status}"]
    schema = answer.get("content", {}).get("application/json", {}).get("schema")
    if schema is None:
        return [f"{method} {template}: Discord answers {status} with no body"]
    return [f"{method} {template} {issue}" for issue in problems(body, schema)]


def check_request(method: str, path: str, body: Any) -> list[str]:
    """What is wrong with a request the bot made: its route, method and JSON body (the
    ``payload_json`` of a multipart body), held against the description."""
    template = route_of(path)
    if template is None:
        return [f"{method} {path}: no such route in Discord's API"]
    operation = description()["paths"][template].get(method.lower())
    if operation is None:
        return [f"{method} {template}: no such method in Discord's API"]
    content = operation.get("requestBody", {}).get("content", {})
    schema = content.get("application/json", {}).get("schema")
    if body is None or schema is None:
        return []
    found = problems(body, schema, request=True)
    return [f"{method} {template} (request) {issue}" for issue in found]


def watch(fake: Any, *, requests: bool = False) -> list[str]:
    """Hold every answer the fake gives from now on (and, with ``requests``, every request
    it receives) against the description; the list fills with what does not fit (a test
    asserts it stays empty)."""
    found: list[str] = []

    def listener(method: str, route: str, status: int, body: Any) -> None:
        found.extend(check_answer(method, route, status, body))

    def asked(method: str, route: str, body: Any) -> None:
        found.extend(check_request(method, route, body))

    fake.answer_listeners.append(listener)
    if requests:
        fake.request_listeners.append(asked)
    return found
