"""The last pass over the OpenAPI document before it is served, so that the
client generators app backends and platforms start from (openapi-typescript,
openapi-python-client, openapi-generator's Go and Kotlin) read it as the
service means it. The wire format is not touched: only how it is described.

- ``Seat`` and ``Win`` are named components instead of the same enum and
  union inlined at every use.
- Request and answer schemas are apart. A request's defaults are stated in
  each field's description (generators make a property with a ``default``
  required, or print an object default they cannot compile); where an answer
  carries the same Struct (the echoed ``rules``), it refers to a
  ``…Resolved`` copy whose fields are all required, since the service
  always writes them.
- Every ``oneOf`` whose branches carry a constant ``ruleset`` or ``type``
  declares a ``discriminator`` with its ``mapping``.
- Decimal amounts say ``format: double`` (read them exactly: docs/clients.md);
  patterns end in ECMA-262's ``$`` (no lookahead, which Go cannot read).
- The headers every operation reads (``Accept-Language``, ``X-Request-ID``)
  are declared on each, and those every answer carries (``X-Request-ID``,
  ``Content-Language``) once, referred to by each answer; ``security`` is empty (the gateway in
  front authenticates); each JSON body shows its examples on its media type.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from service.api.language import accept_language_description, content_language_description
from service.i18n import SERVED
from service.rulesets.registry import RULESETS, WARNINGS

SEATS = ["east", "south", "west", "north"]


def _echoed_when_sent() -> dict[str, frozenset[str]]:
    """Fields of a Struct the answer echoes only when sent (a Struct's
    ``__echoed_when_sent__``, inherited: options added later, so an answer
    without them stays as it was): left out of its ``…Resolved`` copy's
    ``required``. Every Struct the rulesets define is looked at."""
    found: dict[str, frozenset[str]] = {}
    pending: list[type] = [msgspec.Struct]
    while pending:
        struct = pending.pop()
        pending.extend(struct.__subclasses__())
        names = getattr(struct, "__echoed_when_sent__", ())
        if names:
            found[getattr(struct, "__schema_name__", struct.__name__)] = frozenset(names)
    return found


ECHOED_WHEN_SENT = _echoed_when_sent()
SCHEMAS = "#/components/schemas/"

SEAT = {
    "type": "string",
    "enum": SEATS,
    "title": "Seat",
    "description": "A seat at the table, in turn order from the first dealer: `east`, `south`, `west`, `north`.",
}
WIN_BRANCHES = [{"$ref": f"{SCHEMAS}Discard"}, {"$ref": f"{SCHEMAS}SelfDraw"}]
WIN = {
    "oneOf": WIN_BRANCHES,
    "discriminator": {"propertyName": "type", "mapping": {"discard": f"{SCHEMAS}Discard", "self_draw": f"{SCHEMAS}SelfDraw"}},
    "title": "Win",
    "description": 'How the hand was won: `{"type": "discard", "discarder": seat}` or `{"type": "self_draw"}`.',
}
TAGS = ("ruleset", "type")

RULESET_NAMES = {ruleset.name: ruleset.identifier for ruleset in RULESETS}
"""How a ruleset's path segment reads inside an operationId (``Ruleset.identifier``)."""
ACTIONS = {
    "settlements": "settle{ruleset}",
    "hands": "evaluate{ruleset}Hand",
    "games": "play{ruleset}Game",
    "fan": "count{ruleset}Fan",
    "han": "count{ruleset}Han",
    "fu": "count{ruleset}Fu",
    "tai": "count{ruleset}Tai",
    "draws": "settle{ruleset}Draw",
    "game-results": "compute{ruleset}GameResults",
    "game-records": "replay{ruleset}GameRecord",
}
"""operationIds (``settle<Ruleset>``, the ruleset's ``identifier``) from a ruleset path's last segment;
another segment reads as the method and its words (``get<Ruleset>YakuTable``)."""
SHARED_OPERATIONS = {
    "/v1/settlements": "settleAnyRuleset",
    "/v1/settlements/batch": "settleBatch",
    "/v1/rulesets": "listRulesets",
    "/healthz": "getHealth",
    "/readyz": "getReadiness",
    "/version": "getVersion",
    "/metrics": "getMetrics",
}


REQUEST_HEADERS = {
    "AcceptLanguage": {
        "name": "Accept-Language",
        "in": "header",
        "required": False,
        "description": accept_language_description(SERVED),
        "schema": {"type": "string"},
    },
    "RequestId": {
        "name": "X-Request-ID",
        "in": "header",
        "required": False,
        "description": (
            "The caller's id for the request, echoed in the answer and named in the service's log lines when it is "
            "at most 128 letters, digits or `._~:/+=-`; otherwise the service makes one."
        ),
        "schema": {"type": "string"},
    },
}
RESPONSE_HEADERS = {
    "X-Request-ID": {
        "description": "The request's own `X-Request-ID` when it sent a usable one, else one the service made.",
        "schema": {"type": "string"},
    },
    "Content-Language": {
        "description": content_language_description(SERVED),
        "schema": {"type": "string"},
    },
}
SECURITY = (
    "\n\nAuthentication: none in the service itself (`security: []`). It runs behind the operator's API gateway, "
    "which authenticates callers; a client sends whatever credentials that gateway asks for.\n"
)


def finish_document(document: dict[str, Any]) -> dict[str, Any]:
    """The served document, from the one litestar builds (left unchanged)."""
    document = copy.deepcopy(document)
    schemas: dict[str, Any] = document["components"]["schemas"]
    _list_warning_codes(schemas)
    _list_problem_codes(schemas)
    _name_seat_and_win(document, schemas)
    _split_requests_and_answers(document, schemas)
    _type_batch_items(document, schemas)
    _name_settlement(document, schemas)
    _walk(document, _merge_string_enums)
    _walk(document, _scalar_unions)
    _discriminate(document, schemas)
    _one_fu(document, schemas)
    _walk(document, _double)
    _walk(document, _closed_tuples)
    _walk(document, _portable_pattern)
    _operation_ids(document)
    _declare_headers(document)
    _media_type_examples(document)
    document["info"]["description"] = document["info"]["description"].rstrip("\n") + SECURITY
    document["security"] = []
    return document


def _walk(node: Any, visit: Callable[[dict[str, Any]], None]) -> None:
    if isinstance(node, dict):
        visit(node)
        for value in node.values():
            _walk(value, visit)
    elif isinstance(node, list):
        for value in node:
            _walk(value, visit)


def _list_warning_codes(schemas: dict[str, Any]) -> None:
    """A warning's ``code`` is one of the catalogue's codes, which the
    registry assembles from every ruleset (the type in the rules library is a
    plain string)."""
    schemas["Warning"]["properties"]["code"]["enum"] = list(WARNINGS.messages)


def _list_problem_codes(schemas: dict[str, Any]) -> None:
    """The problem ``type`` URNs and the ``errors[].code`` values, as
    components of their own: the answer's fields stay plain strings, so a
    client generated today still reads a code `/v1` adds later."""
    from service.api.problems import ERROR_CODES, PROBLEM_TYPES

    schemas["ErrorCode"] = {
        "type": "string",
        "enum": list(ERROR_CODES),
        "description": 'Every `errors[].code` of a problem today (docs/api.md, "Error codes"). `/v1` may add codes, never renames one.',
    }
    schemas["ProblemType"] = {
        "type": "string",
        "enum": sorted(PROBLEM_TYPES),
        "description": 'Every problem `type` today (docs/api.md, "Error codes"). `/v1` may add types, never renames one.',
    }


def _name_seat_and_win(document: dict[str, Any], schemas: dict[str, Any]) -> None:
    def visit(node: dict[str, Any]) -> None:
        enum = node.get("enum")
        if enum == SEATS and node.get("type") == "string":
            _replace(node, {"$ref": f"{SCHEMAS}Seat"}, ("type", "enum"))
        elif isinstance(enum, list) and None in enum and [e for e in enum if e is not None] == SEATS:
            _replace(node, {"oneOf": [{"$ref": f"{SCHEMAS}Seat"}, {"type": "null"}]}, ("type", "enum"))
        elif node.get("oneOf") == WIN_BRANCHES and node.get("title") != "Win":
            _replace(node, {"$ref": f"{SCHEMAS}Win"}, ("oneOf",))

    _walk(document, visit)
    schemas["Seat"] = dict(SEAT)
    schemas["Win"] = copy.deepcopy(WIN)
    document["components"]["schemas"] = dict(sorted(schemas.items()))


def _replace(node: dict[str, Any], new: dict[str, Any], dropped: tuple[str, ...]) -> None:
    kept = {key: value for key, value in node.items() if key not in dropped}
    node.clear()
    node.update(new)
    node.update(kept)


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(SCHEMAS):
            yield ref[len(SCHEMAS) :]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _reachable(roots: list[Any], schemas: dict[str, Any]) -> set[str]:
    seen: set[str] = set()
    stack = [name for root in roots for name in _refs(root)]
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack.extend(_refs(schemas[name]))
    return seen


def _operations(document: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for item in document["paths"].values():
        yield from item.values()


def _split_requests_and_answers(document: dict[str, Any], schemas: dict[str, Any]) -> None:
    operations = list(_operations(document))
    requests = _reachable([op.get("requestBody") for op in operations], schemas)
    answers = _reachable([op.get("responses") for op in operations], schemas)
    # a Struct both sides carry, with fields a request may leave out (the rules objects)
    shared = {name for name in requests & answers if set(schemas[name].get("properties", {})) - set(schemas[name].get("required", []))}
    renamed = {name: f"{name}Resolved" for name in sorted(shared)}

    def rename(node: dict[str, Any]) -> None:
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(SCHEMAS) and ref[len(SCHEMAS) :] in renamed:
            node["$ref"] = SCHEMAS + renamed[ref[len(SCHEMAS) :]]

    for name, new in renamed.items():
        resolved = copy.deepcopy(schemas[name])
        resolved["title"] = new
        resolved["required"] = sorted(set(resolved.get("properties", {})) - ECHOED_WHEN_SENT.get(name, frozenset()))
        description = resolved.get("description", "")
        resolved["description"] = (description + "\n\n" if description else "") + (
            f"As the answer echoes it: every field resolved (`{name}` in a request, where each is optional)."
        )
        schemas[new] = resolved
    for name in answers - shared:
        _walk(schemas[name], rename)
        _drop_defaults(schemas[name])
    for new in renamed.values():
        _walk(schemas[new], rename)
        _drop_defaults(schemas[new])
    for op in operations:
        _walk(op.get("responses"), rename)
    for name in requests:
        _describe_defaults(schemas[name])
    document["components"]["schemas"] = dict(sorted(schemas.items()))


def _drop_defaults(schema: dict[str, Any]) -> None:
    schema.pop("default", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("default", None)


def _describe_defaults(schema: dict[str, Any]) -> None:
    """A request field's default moves into its description; an object's
    own default (a whole rules object) is the sum of its fields' defaults."""
    schema.pop("default", None)
    for prop in schema.get("properties", {}).values():
        if "default" not in prop:
            continue
        default = prop.pop("default")
        if isinstance(default, dict):
            continue
        description = prop.get("description", "")
        text = json.dumps(default, ensure_ascii=False)
        prop["description"] = (description + "\n\n" if description else "") + f"Default: `{text}`."


def _discriminate(document: dict[str, Any], schemas: dict[str, Any]) -> None:
    tagged: set[tuple[str, str]] = set()

    def visit(node: dict[str, Any]) -> None:
        branches = node.get("oneOf")
        if not isinstance(branches, list) or "discriminator" in node:
            return
        refs = [b for b in branches if "$ref" in b]
        if len(refs) > 1 and len(refs) == len(branches) - 1 and {"type": "null"} in branches:
            # a nullable union (a batch entry's `result`): the union itself, or null
            node["oneOf"] = branches = [{"oneOf": refs}, {"type": "null"}]
            visit(branches[0])
            return
        if not all("$ref" in b for b in branches):
            return
        targets = [b["$ref"] for b in branches]
        found = _discriminator(targets, schemas, tagged)
        if found is not None:
            node["discriminator"] = found

    _walk(document, visit)
    for name, tag in sorted(tagged):
        _tag_component(schemas, name, schemas[name], tag)
    document["components"]["schemas"] = dict(sorted(schemas.items()))


def _discriminator(targets: list[str], schemas: dict[str, Any], tagged: set[tuple[str, str]]) -> dict[str, Any] | None:
    """The discriminator of a union of the components ``targets``: the first
    of :data:`TAGS` every branch requires with a distinct constant value;
    ``None`` when none does. Every (component, tag) pair looked at whose
    branches all hold a constant for that tag is added to ``tagged``."""
    for tag in TAGS:
        branch_schemas = [schemas[ref[len(SCHEMAS) :]] for ref in targets]
        consts = [schema.get("properties", {}).get(tag, {}).get("const") for schema in branch_schemas]
        if all(isinstance(value, str) for value in consts):
            tagged.update((ref[len(SCHEMAS) :], tag) for ref in targets)
        # a discriminator's property must be in every branch: a game's win, which may
        # leave `type` out, keeps its union undiscriminated (generators would require it)
        required = all(tag in schema.get("required", []) for schema in branch_schemas)
        if required and all(isinstance(value, str) for value in consts) and len(set(consts)) == len(consts):
            return {"propertyName": tag, "mapping": dict(zip(consts, targets, strict=True))}
    return None


def _tag_component(schemas: dict[str, Any], name: str, schema: dict[str, Any], tag: str) -> None:
    """A branch's constant tag as a ``const`` component, one per value
    (``<Ruleset>Ruleset``, ``DrawType``), with no ``enum``: openapi-python-client
    then types it as a ``Literal`` of its value (a one-value ``enum`` is an Enum class
    that a plain value breaks), openapi-generator reads the ``const`` as a
    one-value enum type, so Go and Kotlin reject the wrong branch while decoding."""
    prop = schema["properties"][tag]
    if "$ref" in prop:
        return
    words = RULESET_NAMES.get(prop["const"], prop["const"].replace("_", " ").title().replace(" ", ""))
    component = f"{words}{tag.capitalize()}"
    schemas[component] = {"type": "string", "const": prop["const"], "title": component}
    schema["properties"][tag] = {"$ref": SCHEMAS + component, **{k: v for k, v in prop.items() if k not in ("type", "const", "enum")}}


def _one_fu(document: dict[str, Any], schemas: dict[str, Any]) -> None:
    """Riichi's ``fu`` (an integer ``enum`` in four request schemas) is one
    component, ``Fu``: ``minimum``, ``maximum``, ``multipleOf`` and the left-out
    multiples in ``not``, no enum class to a generator (one breaks ``fu=30``)."""
    props = [s["properties"]["fu"] for s in schemas.values() if s.get("properties", {}).get("fu", {}).get("enum")]
    if not props:
        return
    values = sorted(props[0]["enum"])
    step = math.gcd(*values)
    schemas["Fu"] = {
        "type": "integer",
        "minimum": values[0],
        "maximum": values[-1],
        "multipleOf": step,
        "not": {"enum": [v for v in range(values[0], values[-1] + 1, step) if v not in values]},
        "title": "Fu",
        "description": f"符 after rounding, one of {', '.join(map(str, values))}.",
    }
    for prop in props:
        assert sorted(prop["enum"]) == values, prop
        described = {"description": prop["description"]} if "description" in prop else {}
        prop.clear()
        prop.update({"$ref": f"{SCHEMAS}Fu", **described})
    document["components"]["schemas"] = dict(sorted(schemas.items()))


def _closed_tuples(node: dict[str, Any]) -> None:
    """A fixed-length tuple (``prefixItems``, as many as ``minItems`` and
    ``maxItems`` say) also says ``items: {}``, which adds nothing there: tools
    that only know ``items`` (Spectral's ``array-items``) read it as an array."""
    prefix = node.get("prefixItems")
    if isinstance(prefix, list) and "items" not in node and node.get("minItems") == node.get("maxItems") == len(prefix):
        node["items"] = {}


def _portable_pattern(node: dict[str, Any]) -> None:
    """A pattern's ``(?![\\s\\S])`` (the end, which Python's ``re`` needs said so
    as not to take a final newline) is ECMA-262's ``$``, the same there and
    readable by regex engines without lookahead (Go's)."""
    if isinstance(node.get("pattern"), str):
        node["pattern"] = node["pattern"].replace("(?![\\s\\S])", "$")


def _double(node: dict[str, Any]) -> None:
    if node.get("type") == "number" or (isinstance(node.get("type"), list) and "number" in node["type"]):
        node.setdefault("format", "double")


def _operation_ids(document: dict[str, Any]) -> None:
    for path, item in document["paths"].items():
        for method, op in item.items():
            parts = path.strip("/").split("/")
            if path in SHARED_OPERATIONS:
                op["operationId"] = SHARED_OPERATIONS[path]
            elif len(parts) == 3 and parts[0] == "v1":
                ruleset = RULESET_NAMES.get(parts[1], parts[1].capitalize())
                words = "".join(word.capitalize() for word in parts[2].split("-"))
                op["operationId"] = ACTIONS.get(parts[2], method + "{ruleset}" + words).format(ruleset=ruleset)


def _type_batch_items(document: dict[str, Any], schemas: dict[str, Any]) -> None:
    """A batch's items are the body of ``POST /v1/settlements``. The service
    decodes each on its own (a bad item gets its own problem), but a client
    builds them as that schema says."""
    one = document["paths"]["/v1/settlements"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    items = schemas["BatchRequest"]["properties"]["items"]
    items["items"] = {"oneOf": copy.deepcopy(one["oneOf"])}


def _name_settlement(document: dict[str, Any], schemas: dict[str, Any]) -> None:
    """Any ruleset's settlement answer (``POST /v1/settlements``, a batch
    entry's ``result``) is one named union, not one inlined at each use."""
    media = document["paths"]["/v1/settlements"]["post"]["responses"]["200"]["content"]["application/json"]
    branches = media["schema"]["oneOf"]
    schemas["Settlement"] = {
        "oneOf": copy.deepcopy(branches),
        "title": "Settlement",
        "description": "Any ruleset's settlement answer; its `ruleset` says which.",
    }

    def visit(node: dict[str, Any]) -> None:
        if node.get("oneOf") == branches and node.get("title") != "Settlement":
            _replace(node, {"$ref": f"{SCHEMAS}Settlement"}, ("oneOf",))
        elif isinstance(node.get("oneOf"), list) and node["oneOf"][:-1] == branches and node["oneOf"][-1] == {"type": "null"}:
            node["oneOf"] = [{"$ref": f"{SCHEMAS}Settlement"}, {"type": "null"}]

    _walk(document, visit)
    document["components"]["schemas"] = dict(sorted(schemas.items()))


def _scalar_unions(node: dict[str, Any]) -> None:
    """``oneOf`` of plain types (a warning parameter: string or integer) is
    one ``type`` list: Go's generated oneOf of scalars cannot decode it."""
    branches = node.get("oneOf")
    if not isinstance(branches, list) or len(branches) < 2:
        return
    if all(set(b) == {"type"} and isinstance(b["type"], str) and b["type"] != "null" for b in branches):
        _replace(node, {"type": [b["type"] for b in branches]}, ("oneOf",))


def _merge_string_enums(node: dict[str, Any]) -> None:
    """``oneOf`` of string enums (an item's code that is a yaku or a dora)
    is one string enum: generators make an empty class of such a union."""
    branches = node.get("oneOf")
    if not isinstance(branches, list) or len(branches) < 2:
        return
    if all(set(b) == {"type", "enum"} and b["type"] == "string" for b in branches):
        values = [value for b in branches for value in b["enum"]]
        if len(set(values)) == len(values):
            _replace(node, {"type": "string", "enum": values}, ("oneOf",))


def _declare_headers(document: dict[str, Any]) -> None:
    components = document["components"]
    components["headers"] = copy.deepcopy(RESPONSE_HEADERS)
    for op in _operations(document):
        # written out on each operation (a parameter `$ref` is read by fewer tools than a header's)
        parameters = op.setdefault("parameters", [])
        parameters.extend(copy.deepcopy(list(REQUEST_HEADERS.values())))
        for response in op.get("responses", {}).values():
            headers = response.setdefault("headers", {})
            for name in RESPONSE_HEADERS:
                headers[name] = {"$ref": f"#/components/headers/{name}"}


def _media_type_examples(document: dict[str, Any]) -> None:
    for op in _operations(document):
        media = op.get("requestBody", {}).get("content", {}).get("application/json")
        if media is None:
            continue
        examples = media["schema"].get("examples") or []
        if examples:
            media["examples"] = {f"example{index + 1}": {"value": value} for index, value in enumerate(examples)}
