"""The checked-in OpenAPI files must be exactly what the app serves.
Regenerate with: python -m tools.export_openapi"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

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


def _referenced(node: object, schemas: dict[str, Any], found: set[str]) -> None:
    """Add to ``found`` every component ``node`` refers to, and theirs in turn."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            name = ref.rsplit("/", 1)[1]
            if name not in found:
                found.add(name)
                _referenced(schemas[name], schemas, found)
        for value in node.values():
            _referenced(value, schemas, found)
    elif isinstance(node, list):
        for value in node:
            _referenced(value, schemas, found)


def _request_components(document: dict[str, Any]) -> set[str]:
    """Every component a request body or parameter uses; a numeric query
    parameter without a maximum fails here."""
    found: set[str] = set()
    for item in document["paths"].values():
        for operation in item.values():
            if "requestBody" in operation:
                _referenced(operation["requestBody"], document["components"]["schemas"], found)
            for parameter in operation.get("parameters", []):
                _referenced(parameter, document["components"]["schemas"], found)
                schema = parameter["schema"]
                if schema.get("type") in ("integer", "number"):
                    assert "maximum" in schema, f"query parameter {parameter['name']} has no maximum"
    return found


def _check_bounded(node: object, where: str) -> None:
    """Every number in ``node`` has a maximum, every array a maxItems, every open map a maxProperties."""
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
                _check_bounded(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _check_bounded(value, f"{where}/{index}")


def test_every_request_integer_and_list_is_bounded(client) -> None:
    """DEVELOPERS.md: every integer and list in a request has a maximum."""
    document = client.get("/schema/openapi.json").json()
    schemas = document["components"]["schemas"]
    for name in _request_components(document):
        _check_bounded(schemas[name], name)


def test_served_yaml_is_the_checked_in_file(client) -> None:
    response = client.get("/schema/openapi.yaml")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/yaml"
    assert response.content == (OPENAPI / "openapi.yaml").read_bytes(), "openapi/openapi.yaml drifted: run python -m tools.export_openapi"


def published_patterns(node: object) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        if isinstance(node.get("pattern"), str) and node.get("type") == "string":
            found.add(node["pattern"])
        for value in node.values():
            found |= published_patterns(value)
    elif isinstance(node, list):
        for value in node:
            found |= published_patterns(value)
    return found


def ecma_reading(pattern: str) -> re.Pattern[str]:
    """How ECMA-262 (a JavaScript client, most JSON Schema validators) reads
    a pattern without flags, as a Python regex: `$` is the end of the input
    only, never before a trailing newline; `\\d`/`\\w` are ASCII."""
    return re.compile(re.sub(r"(?<!\\)\$", r"(?![\\s\\S])", pattern), re.ASCII)


SAMPLES = ("b1", "B-1_x", "b1\n", "\nb1", "b1\n\n", "b 1", "", "\n", "é", "b1\r", "b1\r\n", "٣")


def test_every_published_pattern_means_the_same_in_python_and_ecma(client) -> None:
    """msgspec checks a pattern with Python's `re.search`; clients read the
    same text as ECMA-262. Strings ending in a newline are where they part."""
    document = client.get("/schema/openapi.json").json()
    patterns = published_patterns(document)
    assert patterns, "no pattern published"
    for pattern in patterns:
        for sample in SAMPLES:
            python = re.search(pattern, sample) is not None
            ecma = ecma_reading(pattern).search(sample) is not None
            assert python == ecma, f"{pattern!r} reads {sample!r} differently: Python {python}, ECMA {ecma}"
    if shutil.which("node"):
        script = (
            "const [patterns, samples] = JSON.parse(process.argv[1]);"
            "console.log(JSON.stringify(patterns.map(p => samples.map(s => new RegExp(p, 'u').test(s)))));"
        )
        ordered = sorted(patterns)
        out = subprocess.run(["node", "-e", script, json.dumps([ordered, SAMPLES])], capture_output=True, text=True, check=True)
        verdicts = json.loads(out.stdout)
        for pattern, row in zip(ordered, verdicts, strict=True):
            assert row == [re.search(pattern, sample) is not None for sample in SAMPLES], pattern


def test_a_bettor_id_ending_in_a_newline_is_400(client) -> None:
    body = {"winner": "east", "win": {"type": "self_draw"}, "value": 25, "bettors": [{"id": "b1\n", "bet_on": "east"}]}
    response = client.post("/v1/nmjl/settlements", json=body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == "#/bettors/0/id"


RECORDS = Path(__file__).resolve().parents[1] / "rulesets" / "riichi" / "data" / "records"


def test_a_recorded_hand_is_one_entry_type_for_generators_and_exact_by_place(client) -> None:
    """A tenhou.net/6 hand publishes one entry type in ``items`` (what client
    generators read: a typed list, docs/clients.md) and what each of its
    seventeen places holds as ``prefixItems`` inside ``allOf`` (what
    validators read): a real record passes, a hand that breaks one place
    fails at that place."""
    document = client.get("/schema/openapi.json").json()
    hand = document["components"]["schemas"]["TenhouRecord"]["properties"]["log"]["items"]
    assert "prefixItems" not in hand and hand["items"]["type"] == "array"
    assert len(hand["allOf"][0]["prefixItems"]) == 17
    validator = Draft202012Validator({"$ref": "#/components/schemas/TenhouRecord", "components": document["components"]})
    # a public Tenhou hanchan (tsubakisakura/mjlog2json, data/ at commit 7fcd331; docs/sources.md)
    record = json.loads((RECORDS / "2019081518gm-00a9-0000-cce9d00c.tenhou6.json").read_text(encoding="utf-8"))
    assert not list(validator.iter_errors(record))
    # place 4 is player 0's starting hand: 10 is no tile (tiles are 11–19, 21–29, 31–39, 41–47, 51–53),
    # though a whole number an entry may hold elsewhere (a score, a counter)
    broken = copy.deepcopy(record)
    broken["log"][0][4][0] = 10
    errors = list(validator.iter_errors(broken))
    assert errors and all(list(error.absolute_path)[:2] == ["log", 0] for error in errors)
    # place 0 is [hand, honba, sticks]: three numbers, not four
    broken = copy.deepcopy(record)
    broken["log"][0][0] = [0, 0, 0, 0]
    assert list(validator.iter_errors(broken))
