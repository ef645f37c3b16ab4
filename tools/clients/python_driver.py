"""Send requests through a client that openapi-python-client generated from
openapi/openapi.json, as an app backend would, and print what happened.

    tools/clients/.venv/bin/python tools/clients/python_driver.py PACKAGE_DIR BASE_URL REQUESTS.json [--default-options]

REQUESTS.json is a list of ``{"operation_id", "body", "query", "headers"}``;
the output (stdout, JSON) has one entry per request: the body model's name
and the ``to_dict()`` of the body built again with the generated
constructors from plain values (no Enum member anywhere, as a backend
writes ``HongKongItem(ruleset="hongkong", …)``), the status, the answer's JSON, and the name of the
model the answer parsed into with its ``to_dict()``. Run by
tests/platform/test_clients.py in the generator's own virtualenv (the
generated client needs httpx, attrs and python-dateutil), never by the
service.
"""

from __future__ import annotations

import enum
import importlib
import json
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def load(package_dir: Path, operation_id: str) -> types.ModuleType:
    package = package_dir.name
    (found,) = package_dir.glob(f"api/*/{snake(operation_id)}.py")
    return importlib.import_module(f"{package}.api.{found.parent.name}.{found.stem}")


def members(hint: Any) -> list[Any]:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return [arg for arg in typing.get_args(hint) if arg is not type(None) and getattr(arg, "__name__", "") != "Unset"]
    return [hint]


def model_for(hint: Any, body: dict[str, Any]) -> Any:
    """The generated model the body reads as: for a union (any ruleset's
    item), the first member that reads it back unchanged."""
    for candidate in members(hint):
        try:
            model = candidate.from_dict(body)
        except (KeyError, ValueError, TypeError):
            continue
        if model.to_dict() == body:
            return model
    raise AssertionError(f"no generated model of {hint} reads {json.dumps(body)} back unchanged")


ENUMS_ALLOWED = False
"""Set by ``--default-options``: the client was generated with the
generator's default options, where an enumeration of several values (a
seat, a preset) is an Enum class and a backend passes its member."""


def plain(value: Any) -> Any:
    """``value`` with every generated model built again through its
    constructor from its fields' plain values (str, int, float, lists,
    models): what a backend writes by hand. An Enum member is refused: the
    client is generated with ``literal_enums`` (tools/clients/python-client.yaml).
    With the default options an Enum member stays, unless its class has one
    member (a constant tag: the document makes those ``const``, a plain value)."""
    if isinstance(value, enum.Enum):
        if not ENUMS_ALLOWED or len(type(value)) == 1:
            raise AssertionError(f"an Enum member in a generated model: {value!r}")
        return value
    if isinstance(value, list):
        return [plain(item) for item in value]
    fields = getattr(type(value), "__attrs_attrs__", None)
    if fields is None:
        return value
    rebuilt = type(value)(**{field.name: plain(getattr(value, field.name)) for field in fields if field.name != "additional_properties"})
    extra = getattr(value, "additional_properties", None)
    if extra:
        rebuilt.additional_properties = {key: plain(item) for key, item in extra.items()}
    return rebuilt


def argument(hint: Any, text: str) -> Any:
    for candidate in members(hint):
        if isinstance(candidate, type) and issubclass(candidate, enum.Enum):
            return candidate(text)
        if candidate is bool:
            return text == "true"
        if candidate in (int, float):
            return candidate(text)
    return text


def main() -> int:
    global ENUMS_ALLOWED
    package_dir, base, requests_file = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    ENUMS_ALLOWED = sys.argv[4:] == ["--default-options"]
    sys.path.insert(0, str(package_dir.parent))
    client_module = importlib.import_module(f"{package_dir.name}.client")
    client = client_module.Client(base_url=base, raise_on_unexpected_status=False)
    results = []
    for request in json.loads(requests_file.read_text(encoding="utf-8")):
        module = load(package_dir, request["operation_id"])
        hints = typing.get_type_hints(module.sync_detailed)
        kwargs: dict[str, Any] = {}
        entry: dict[str, Any] = {}
        if request["body"] is not None and request.get("untyped"):
            # a body that breaks the schema on purpose (an example of a 400): no model holds it,
            # so it goes as JSON through the generated client's own httpx client
            response = client.get_httpx_client().request(
                request["method"], request["template"], json=request["body"], headers=request["headers"]
            )
            entry.update(body_model="dict", body_to_dict=request["body"], status=response.status_code, answer=response.json())
            entry.update(parsed_model="Problem", parsed_to_dict=None)
            results.append(entry)
            continue
        if request["body"] is not None:
            model = plain(model_for(hints["body"], request["body"]))
            kwargs["body"] = model
            entry["body_model"] = type(model).__name__
            entry["body_to_dict"] = model.to_dict()
        for name, value in request["query"].items():
            kwargs[name] = argument(hints[name], value)
        for name, value in request["headers"].items():
            kwargs[name.lower().replace("-", "_")] = value
        response = module.sync_detailed(client=client, **kwargs)
        entry["status"] = int(response.status_code)
        entry["answer"] = json.loads(response.content) if response.content else None
        parsed = response.parsed
        entry["parsed_model"] = type(parsed).__name__
        entry["parsed_to_dict"] = parsed.to_dict() if hasattr(parsed, "to_dict") else None
        results.append(entry)
    print(json.dumps(results, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
