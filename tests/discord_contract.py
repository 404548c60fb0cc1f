"""Discord's contract, held against every REST exchange with the fake Discord.

Discord's own OpenAPI 3.1 description (``tests/discord-api/``, MIT, its source in the
README there) gives each route, its methods, the JSON schema of each request body and of each
answer by status; Discord's docs add limits the description leaves out (content 2,000, embeds
6,000 in all, a field's value 1,024, labels 80, custom ids 100…). :func:`problems` checks one
exchange against both and says what does not fit, naming the route and the field.

A test module uses it with ``pytestmark = pytest.mark.usefixtures("discord_contract")`` and
``from tests.discord_contract import discord_contract``: every exchange of every fake Discord
of the test is checked at its end, and the test fails with the list of what did not fit.
:data:`KNOWN_MISMATCHES` lists the fake's answers known not to fit yet (issue 47's points).
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from bot.loadtest.fakediscord import recorder
from bot.loadtest.fakediscord.recorder import Exchange

DESCRIPTION = Path(__file__).parent / "discord-api" / "openapi.json.gz"
#: sha256 of the description as Discord publishes it (``tests/discord-api/README.md``).
DESCRIPTION_SHA256 = "8c1d0707ccdf8e380a86dfba04058820a66435c1b69d5ed82e04dd8c0520dd73"
BASE = "urn:discord-api"
METHODS = ("get", "put", "post", "patch", "delete")


@dataclass(frozen=True)
class Known:
    """A mismatch of the fake known and being fixed: issue 47's point ``point``.

    It covers a problem on ``side`` ("request" or "answer") of ``method`` ``path`` (the
    description's template) whose field matches ``field`` (a regular expression over the
    JSON path) and whose message contains ``says``; ``*`` is any method or path.
    """

    name: str
    point: str
    side: str
    method: str
    path: str
    field: str
    says: str = ""

    def covers(self, problem: Problem) -> bool:
        return (
            problem.side == self.side
            and self.method in ("*", problem.method)
            and self.path in ("*", problem.path)
            and re.fullmatch(self.field, problem.field) is not None
            and self.says in problem.message
        )


#: Where a user object sits in the fake's answers.
USER = r".*\.(user|owner|author|bot|recipients\[\d+\])"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"
GLOBAL_COMMANDS = "/applications/{application_id}/commands"

#: The fake's answers known not to fit the description, each fixed by the fidelity piece of
#: issue 47 ("The fake answers as Discord does"); remove an entry once its point is fixed.
KNOWN_MISMATCHES: tuple[Known, ...] = ()


@dataclass(frozen=True)
class Problem:
    """Something in an exchange that does not fit Discord's contract."""

    side: str
    method: str
    route: str
    path: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.method} {self.route} ({self.path}): {self.side} {self.field}: {self.message}"


@cache
def description() -> dict[str, Any]:
    """Discord's OpenAPI description, checked to be the published file byte for byte."""
    raw = gzip.decompress(DESCRIPTION.read_bytes())
    assert hashlib.sha256(raw).hexdigest() == DESCRIPTION_SHA256, "not Discord's description"
    spec: dict[str, Any] = json.loads(raw)
    return spec


def _resolved(node: Any, schemas: Mapping[str, Any]) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = schemas[node["$ref"].removeprefix("#/components/schemas/")]
    return node


def _kinds(branch: Any, schemas: Mapping[str, Any]) -> list[Any] | None:
    """The values of ``type`` a union's branch takes (``None``: not told by its type)."""
    kind = (_resolved(branch, schemas).get("properties") or {}).get("type")
    kind = _resolved(kind, schemas)
    return list(kind["enum"]) if isinstance(kind, dict) and "enum" in kind else None


def _by_type(node: dict[str, Any], schemas: Mapping[str, Any]) -> dict[str, Any] | None:
    """A union of objects told apart by their ``type`` (components, options, callbacks) as
    one branch a type: the same verdict, its errors from the branch meant, in a fraction of
    the time (each branch otherwise fails at length for every instance)."""
    key = "anyOf" if "anyOf" in node else "oneOf"
    branches = [b for b in node[key] if _resolved(b, schemas).get("type") != "null"]
    nullable = len(branches) < len(node[key])
    kinds = [_kinds(b, schemas) for b in branches]
    values = [v for k in kinds for v in k or []]
    if len(branches) < 2 or None in kinds or len(values) != len(set(values)):
        return None
    told: dict[str, Any] = {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": values}},
        "allOf": [
            {"if": {"properties": {"type": {"enum": k}}}, "then": b}
            for k, b in zip(kinds, branches, strict=True)
        ],
    }
    rest = {k: v for k, v in node.items() if k != key}
    return rest | ({"anyOf": [{"type": "null"}, told]} if nullable else told)


def _tell_unions(node: Any, schemas: Mapping[str, Any]) -> Any:
    if isinstance(node, list):
        return [_tell_unions(item, schemas) for item in node]
    if not isinstance(node, dict):
        return node
    node = {k: _tell_unions(v, schemas) for k, v in node.items()}
    if "anyOf" in node or "oneOf" in node:
        return _by_type(node, schemas) or node
    return node


@cache
def registry() -> Registry[Any]:
    """The description as one JSON Schema 2020-12 resource, its ``$ref``s resolved in it, its
    unions told apart by ``type`` (:func:`_by_type`)."""
    spec = description()
    resource = DRAFT202012.create_resource(_tell_unions(spec, spec["components"]["schemas"]))
    found: Registry[Any] = Registry().with_resource(BASE, resource)
    return found


def number_snowflakes(
    validator: Any, types: Any, instance: Any, schema: Mapping[str, Any]
) -> Iterator[ValidationError]:
    """``type``, but a snowflake may be a JSON number: discord.py sends ids (allowed users,
    DM recipients, attachment indexes) as numbers, which Discord reads as it reads strings."""
    if schema.get("format") == "snowflake" and type(instance) is int and instance >= 0:
        return
    yield from Draft202012Validator.VALIDATORS["type"](validator, types, instance, schema)


RequestValidator = validators.extend(Draft202012Validator, {"type": number_snowflakes})


@cache
def validator(pointer: str, request: bool = False) -> Any:
    """A validator of the schema at ``pointer`` in the description, ``$ref``s resolved; a
    request's snowflakes may be numbers, an answer's are strings."""
    kind = RequestValidator if request else Draft202012Validator
    return kind({"$ref": f"{BASE}#{pointer}"}, registry=registry())


def escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


@cache
def templates() -> list[tuple[str, tuple[str, ...]]]:
    return [(path, tuple(path.strip("/").split("/"))) for path in description()["paths"]]


def match(route: str) -> tuple[str, dict[str, str]] | None:
    """The description's path template for ``route`` and its parameters (literal segments
    win over parameters: ``/messages/@original`` before ``/messages/{message_id}``)."""
    segments = route.strip("/").split("/")
    best: tuple[int, str, dict[str, str]] | None = None
    for path, parts in templates():
        if len(parts) != len(segments):
            continue
        params: dict[str, str] = {}
        literal = 0
        for part, segment in zip(parts, segments, strict=True):
            if part.startswith("{") and part.endswith("}"):
                params[part[1:-1]] = segment
            elif part == segment:
                literal += 1
            else:
                break
        else:
            if best is None or literal > best[0]:
                best = (literal, path, params)
    return None if best is None else (best[1], best[2])


def schema_errors(
    pointer: str, instance: Any, *, request: bool = False
) -> Iterator[tuple[str, str]]:
    """(JSON path, message) of each way ``instance`` fails the schema at ``pointer``; an
    ``anyOf``/``oneOf`` failure is told by its most relevant branch."""
    for error in validator(pointer, request).iter_errors(instance):
        for leaf in leaves(error):
            yield leaf.json_path, leaf.message[:200]


def leaves(error: ValidationError) -> Iterator[ValidationError]:
    """The errors under a union's failure, from the branch meant: the one whose ``type``
    matched (Discord's unions are told apart by it), else the one with fewest errors."""
    if not error.context:
        yield error
        return
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)

    def missed(errors: list[ValidationError]) -> tuple[bool, int]:
        wrong_type = any(
            list(e.relative_path) == ["type"] and e.validator in ("const", "enum") for e in errors
        )
        return wrong_type, len(errors)

    def elsewhere(errors: list[ValidationError]) -> bool:
        """The branch is of another JSON type altogether (``null`` for an object...)."""
        return all(e.validator == "type" and not e.relative_path for e in errors)

    meant = [b for b in branches.values() if not elsewhere(b)] or list(branches.values())
    for sub in min(meant, key=missed):
        yield from leaves(sub)


def problems(exchange: Exchange) -> list[Problem]:
    """What in ``exchange`` does not fit the description or the docs' limits."""
    method, route = exchange.method, exchange.route
    found = match(route)
    if found is None:
        return [Problem("request", method, route, "?", "$", "no such route in Discord's API")]
    path, params = found
    item = description()["paths"][path]
    operation = item.get(method.lower())
    out: list[Problem] = []

    def add(side: str, field: str, message: str) -> None:
        out.append(Problem(side, method, route, path, field, message))

    if operation is None:
        add("request", "$", f"{method} is not a method of this route")
        return out
    base = f"/paths/{escape(path)}"
    declared = item.get("parameters", []) + operation.get("parameters", [])
    for index, parameter in enumerate(item.get("parameters", [])):
        if parameter["in"] == "path":
            pointer = f"{base}/parameters/{index}/schema"
            for _, message in schema_errors(pointer, params[parameter["name"]], request=True):
                add("request", "{" + parameter["name"] + "}", message)
    names = {p["name"] for p in declared if p["in"] == "query"}
    for name in sorted(set(exchange.query) - names):
        add("request", f"?{name}", "query parameter not in the description")
    out.extend(request_problems(exchange, path, base, operation))
    for field, message in request_limits(path, method, exchange.body):
        add("request", field, message)
    out.extend(answer_problems(exchange, path, base, operation))
    if path == CALLBACK and exchange.status == 200:
        for field, message in callback_rules(exchange.body, exchange.answer):
            add("answer", field, message)
    return out


def callback_rules(body: Any, answer: Any) -> Iterator[tuple[str, str]]:
    """The docs' rules for a callback's answer (``with_response``) that the description's
    schema cannot say: an update (6, 7) answers a component (3) or a modal submit (5); types
    4 and 7 give the message, 5 and 6 none."""
    if not isinstance(body, dict) or not isinstance(answer, dict):
        return
    kind = body.get("type")
    interaction = (answer.get("interaction") or {}).get("type")
    if kind in (6, 7) and interaction not in (3, 5):
        yield "$.interaction.type", f"{interaction} for an update (type {kind}): 3 or 5"
    message = (answer.get("resource") or {}).get("message")
    if kind in (4, 7) and message is None:
        yield "$.resource.message", f"missing: a type {kind} answer gives the message"
    if kind in (5, 6) and message is not None:
        yield "$.resource.message", f"a type {kind} answer gives no message"


def request_problems(
    exchange: Exchange, path: str, base: str, operation: Mapping[str, Any]
) -> list[Problem]:
    body = operation.get("requestBody")
    method, route = exchange.method, exchange.route
    if body is None:
        if exchange.body is None:
            return []
        return [Problem("request", method, route, path, "$", "this route takes no body")]
    if exchange.body is None and not exchange.content_type:
        if body.get("required"):
            return [Problem("request", method, route, path, "$", "a body is required")]
        return []
    content = body["content"]
    kind = "application/json" if exchange.multipart else exchange.content_type
    if exchange.multipart and "multipart/form-data" not in content:
        return [Problem("request", method, route, path, "$", "this route takes no files")]
    if kind not in content:
        return [Problem("request", method, route, path, "$", f"{kind} is not accepted here")]
    pointer = f"{base}/{method.lower()}/requestBody/content/{escape(kind)}/schema"
    return [
        Problem("request", method, route, path, field, message)
        for field, message in schema_errors(pointer, exchange.body, request=True)
    ]


def answer_problems(
    exchange: Exchange, path: str, base: str, operation: Mapping[str, Any]
) -> list[Problem]:
    status = str(exchange.status)
    responses = operation["responses"]
    key = next(
        (k for k in (status, f"{status[0]}XX", "default") if k in responses),
        None,
    )
    method, route = exchange.method, exchange.route
    if key is None:
        if exchange.status >= 500:  # a fault the test asked for: Discord describes no 5xx
            return []
        return [Problem("answer", method, route, path, "$", f"status {status} is not described")]
    pointer = f"{base}/{method.lower()}/responses/{key}"
    response = responses[key]
    if "$ref" in response:
        pointer = response["$ref"].removeprefix("#")
        response = description()
        for part in pointer.strip("/").split("/"):
            response = response[part.replace("~1", "/").replace("~0", "~")]
    content = response.get("content")
    if content is None:
        if exchange.answer is None:
            return []
        return [Problem("answer", method, route, path, "$", f"a {status} answer has no body")]
    schema = f"{pointer}/content/application~1json/schema"
    return [
        Problem("answer", method, route, path, field, message)
        for field, message in schema_errors(schema, exchange.answer)
    ]


# The docs' limits that the description leaves out (docs.discord.com; tests/discord-api).
CONTENT = 2000
EMBEDS_TOTAL = 6000
EMBED = {"title": 256, "description": 4096}
FIELD = {"name": 256, "value": 1024}
FIELDS = 25
FOOTER = 2048
AUTHOR = 256
ROWS = 5
BUTTONS = 5
LABEL = 80
CUSTOM_ID = 100
OPTIONS = 25
OPTION_TEXT = 100
PLACEHOLDER = 150
MODAL_TITLE = 45
INPUT_LABEL = 45
COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
CHOICE_NAME = 100


def request_limits(path: str, method: str, body: Any) -> Iterator[tuple[str, str]]:
    """(field, message) for each of the docs' limits ``body`` passes."""
    if not isinstance(body, dict | list):
        return
    if path in (COMMANDS, GLOBAL_COMMANDS) and method == "PUT" and isinstance(body, list):
        for index, command in enumerate(body):
            yield from command_limits(f"$[{index}]", command)
        return
    if not isinstance(body, dict):
        return
    if path == CALLBACK:
        data = body.get("data")
        if not isinstance(data, dict):
            return
        if body.get("type") == 9:
            yield from modal_limits("$.data", data)
        elif body.get("type") == 8:
            yield from choice_limits("$.data.choices", data.get("choices"))
        else:
            yield from message_limits("$.data", data)
        return
    if "/messages" in path or path.startswith("/webhooks/"):
        yield from message_limits("$", body)


def longer(field: str, value: Any, limit: int) -> Iterator[tuple[str, str]]:
    if isinstance(value, str) and len(value) > limit:
        yield field, f"{len(value)} characters, Discord's limit is {limit}"


def message_limits(at: str, message: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    yield from longer(f"{at}.content", message.get("content"), CONTENT)
    total = 0
    for e, embed in enumerate(message.get("embeds") or []):
        here = f"{at}.embeds[{e}]"
        for key, limit in EMBED.items():
            yield from longer(f"{here}.{key}", embed.get(key), limit)
            total += len(embed.get(key) or "")
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        yield from longer(f"{here}.footer.text", footer, FOOTER)
        yield from longer(f"{here}.author.name", author, AUTHOR)
        total += len(footer or "") + len(author or "")
        fields = embed.get("fields") or []
        if len(fields) > FIELDS:
            yield f"{here}.fields", f"{len(fields)} fields, Discord's limit is {FIELDS}"
        for f, item in enumerate(fields):
            for key, limit in FIELD.items():
                yield from longer(f"{here}.fields[{f}].{key}", item.get(key), limit)
                total += len(item.get(key) or "")
    if total > EMBEDS_TOTAL:
        yield f"{at}.embeds", f"{total} characters in all, Discord's limit is {EMBEDS_TOTAL}"
    rows = message.get("components") or []
    if len(rows) > ROWS and not int(message.get("flags") or 0) & (1 << 15):
        yield f"{at}.components", f"{len(rows)} rows, Discord's limit is {ROWS}"
    for r, row in enumerate(rows):
        yield from component_limits(f"{at}.components[{r}]", row)


def component_limits(at: str, component: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    children = component.get("components") or []
    if component.get("type") == 1 and len(children) > BUTTONS:
        yield f"{at}.components", f"{len(children)} in a row, Discord's limit is {BUTTONS}"
    yield from longer(f"{at}.custom_id", component.get("custom_id"), CUSTOM_ID)
    yield from longer(f"{at}.label", component.get("label"), LABEL)
    yield from longer(f"{at}.placeholder", component.get("placeholder"), PLACEHOLDER)
    options = component.get("options") or []
    if len(options) > OPTIONS:
        yield f"{at}.options", f"{len(options)} options, Discord's limit is {OPTIONS}"
    for o, option in enumerate(options):
        for key in ("label", "value", "description"):
            yield from longer(f"{at}.options[{o}].{key}", option.get(key), OPTION_TEXT)
    for c, child in enumerate(children):
        yield from component_limits(f"{at}.components[{c}]", child)


def modal_limits(at: str, modal: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    yield from longer(f"{at}.title", modal.get("title"), MODAL_TITLE)
    yield from longer(f"{at}.custom_id", modal.get("custom_id"), CUSTOM_ID)
    for r, row in enumerate(modal.get("components") or []):
        for c, child in enumerate(row.get("components") or []):
            here = f"{at}.components[{r}].components[{c}]"
            yield from longer(f"{here}.label", child.get("label"), INPUT_LABEL)
            yield from longer(f"{here}.custom_id", child.get("custom_id"), CUSTOM_ID)


def choice_limits(at: str, choices: Any) -> Iterator[tuple[str, str]]:
    if not isinstance(choices, list):
        return
    if len(choices) > OPTIONS:
        yield at, f"{len(choices)} choices, Discord's limit is {OPTIONS}"
    for i, choice in enumerate(choices):
        yield from longer(f"{at}[{i}].name", choice.get("name"), CHOICE_NAME)
        yield from longer(f"{at}[{i}].value", choice.get("value"), CHOICE_NAME)


def command_limits(at: str, command: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    yield from longer(f"{at}.name", command.get("name"), COMMAND_NAME)
    yield from longer(f"{at}.description", command.get("description"), COMMAND_DESCRIPTION)
    for key, names in (command.get("name_localizations") or {}).items():
        yield from longer(f"{at}.name_localizations.{key}", names, COMMAND_NAME)
    for key, text in (command.get("description_localizations") or {}).items():
        yield from longer(f"{at}.description_localizations.{key}", text, COMMAND_DESCRIPTION)
    options = command.get("options") or []
    if len(options) > OPTIONS:
        yield f"{at}.options", f"{len(options)} options, Discord's limit is {OPTIONS}"
    for o, option in enumerate(options):
        yield from command_limits(f"{at}.options[{o}]", option)
    yield from choice_limits(f"{at}.choices", command.get("choices"))


@cache
def _problems(exchange: str) -> tuple[Problem, ...]:
    """:func:`problems` once for each distinct exchange (every test syncs the same commands)."""
    return tuple(problems(Exchange(**json.loads(exchange))))


def unexpected(exchanges: list[Exchange]) -> tuple[list[Problem], set[str]]:
    """The problems no known mismatch covers, and the names of the known ones seen."""
    left: list[Problem] = []
    seen: set[str] = set()
    for exchange in exchanges:
        for problem in _problems(json.dumps(dataclasses.asdict(exchange), sort_keys=True)):
            known = next((k for k in KNOWN_MISMATCHES if k.covers(problem)), None)
            if known is None:
                left.append(problem)
            else:
                seen.add(known.name)
    return left, seen


@pytest.fixture
def discord_contract(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[Exchange]]:
    """Every REST exchange with a fake Discord during the test, in this process or in one it
    starts (the load command's), checked at its end."""
    exchanges: list[Exchange] = []
    folder = tmp_path_factory.mktemp("exchanges")
    monkeypatch.setenv(recorder.EXCHANGES_ENV, str(folder))
    recorder.LISTENERS.append(exchanges.append)
    try:
        yield exchanges
    finally:
        recorder.LISTENERS.remove(exchanges.append)
    exchanges += recorder.read_exchanges(folder)
    left, _ = unexpected(exchanges)
    if left:
        shown = sorted({str(p) for p in left})
        pytest.fail(
            f"{len(left)} of Discord's contract not met over {len(exchanges)} requests:\n"
            + "\n".join(shown[:40]),
            pytrace=False,
        )
