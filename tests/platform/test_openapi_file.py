"""The checked-in OpenAPI files must be exactly what the app serves.
Regenerate with: python -m tools.export_openapi"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from tools.export_openapi import render

OPENAPI = Path(__file__).resolve().parents[2] / "openapi"


def test_checked_in_json_matches_served(client) -> None:
    served = client.get("/schema/openapi.json").json()
    on_disk = json.loads((OPENAPI / "openapi.json").read_text(encoding="utf-8"))
    assert on_disk == served, "openapi/openapi.json drifted: run python -m tools.export_openapi"


def test_checked_in_yaml_matches_served(client) -> None:
    served = client.get("/schema/openapi.json").json()
    on_disk = yaml.safe_load((OPENAPI / "openapi.yaml").read_text(encoding="utf-8"))
    assert on_disk == served, "openapi/openapi.yaml drifted: run python -m tools.export_openapi"


def test_files_are_in_canonical_form(client) -> None:
    as_json, as_yaml = render(client.get("/schema/openapi.json").json())
    assert (OPENAPI / "openapi.json").read_text(encoding="utf-8") == as_json
    assert (OPENAPI / "openapi.yaml").read_text(encoding="utf-8") == as_yaml


def test_every_request_body_has_an_example_and_is_closed(client) -> None:
    document = client.get("/schema/openapi.json").json()
    schemas = document["components"]["schemas"]
    bodies = 0
    for path, item in document["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody")
            if not body:
                continue
            bodies += 1
            schema = body["content"]["application/json"]["schema"]
            assert schema.get("examples"), f"{method.upper()} {path} has no request example"
            inner = schema["allOf"][0] if "allOf" in schema else schema
            refs = [option["$ref"] for option in inner["oneOf"]] if "oneOf" in inner else [inner["$ref"]]
            for ref in refs:
                component = schemas[ref.rsplit("/", 1)[1]]
                assert component.get("additionalProperties") is False, f"{ref} does not forbid unknown fields"
            for code in ("400", "413", "422"):
                assert code in operation["responses"], f"{method.upper()} {path} does not document {code}"
                assert "application/problem+json" in operation["responses"][code]["content"]
    assert bodies >= 1


def test_every_request_integer_and_list_is_bounded(client) -> None:
    """DEVELOPERS.md: every integer and list in a request has a maximum."""
    document = client.get("/schema/openapi.json").json()
    schemas = document["components"]["schemas"]
    request_components: set[str] = set()

    def collect(node: object) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                name = ref.rsplit("/", 1)[1]
                if name not in request_components:
                    request_components.add(name)
                    collect(schemas[name])
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    for item in document["paths"].values():
        for operation in item.values():
            if "requestBody" in operation:
                collect(operation["requestBody"])
            for parameter in operation.get("parameters", []):
                collect(parameter)
                schema = parameter["schema"]
                if schema.get("type") in ("integer", "number"):
                    assert "maximum" in schema, f"query parameter {parameter['name']} has no maximum"

    def check(name: str, node: object, where: str) -> None:
        if isinstance(node, dict):
            types = node.get("type")
            types = types if isinstance(types, list) else [types]
            if "integer" in types or "number" in types:
                assert "maximum" in node, f"{where} has no maximum"
            if "array" in types:
                assert "maxItems" in node, f"{where} has no maxItems"
            # A batch item is left open in the envelope on purpose: each item is
            # validated on its own against the closed SettlementItem schema.
            if "object" in types and isinstance(node.get("additionalProperties"), dict) and where != "BatchRequest/properties/items/items":
                assert "maxProperties" in node, f"{where} is an open map without maxProperties"
            for key, value in node.items():
                if key not in ("examples", "default", "const", "enum"):
                    check(name, value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                check(name, value, f"{where}/{index}")

    for name in request_components:
        check(name, schemas[name], name)


def test_renamed_classes_keep_their_published_component_names(client) -> None:
    """The warning struct is SettlementWarning in the code (``Warning`` shadowed
    the builtin) and stays ``Warning`` for clients generated from the document."""
    document = client.get("/schema/openapi.json").json()
    schemas = document["components"]["schemas"]
    assert "SettlementWarning" not in schemas
    assert schemas["Warning"]["title"] == "Warning"
    assert schemas["HongKongSettlement"]["properties"]["warnings"]["items"] == {"$ref": "#/components/schemas/Warning"}
