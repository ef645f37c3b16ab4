"""Each ruleset's page spec (`Ruleset.page`), as `GET /v1/rulesets` serves
it in `page`: what the calculator page builds a tab from. The spec names
only what the service has: its request schema, its fields, the tables and
endpoints it reads, and page msgids the catalogues translate."""

from __future__ import annotations

import pytest

from service.api.web import PAGE_STRINGS
from service.core.page import spec_strings
from service.rulesets.registry import RULESETS

KINDS = {"int", "int0", "enum", "bool", "seat?"}
TILE_KINDS = {"wind", "bool", "checks", "seat?", "count", "notation"}
REFERENCE_KINDS = {"points", "score", "batch", "tai"}


@pytest.fixture(scope="module")
def served(client):
    response = client.get("/v1/rulesets")
    assert response.status_code == 200
    return {entry["name"]: entry for entry in response.json()["rulesets"]}


@pytest.fixture(scope="module")
def schemas(client):
    return client.get("/schema/openapi.json").json()["components"]["schemas"]


def test_discovery_serves_every_rulesets_spec_as_it_is(served) -> None:
    assert [ruleset.name for ruleset in RULESETS] == list(served)
    for ruleset in RULESETS:
        assert served[ruleset.name]["page"] == ruleset.page
        assert served[ruleset.name]["page"], f"{ruleset.name} would have no tab"


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda ruleset: ruleset.name)
def test_a_spec_names_its_request_fields(ruleset, schemas) -> None:
    spec = ruleset.page
    request = schemas[spec["schema"]]["properties"]
    for name, _label, kind, _default, *_options in [*spec["value"], *spec["extra"]]:
        assert kind in KINDS, name
        assert name in request, f"{spec['schema']} has no field {name}"
    replaced = {*spec.get("tilesReplace", ()), *spec.get("patterns", {}).get("replaces", ())}
    assert replaced <= {entry[0] for entry in spec["value"]} | {entry[0] for entry in spec["extra"]}
    if "tilesExtra" in spec:
        tiles = schemas[spec["schema"].replace("Request", "Tiles")]["properties"]
        for name, _label, kind, *_ in spec["tilesExtra"]:
            assert kind in TILE_KINDS, name
            assert name in tiles, f"the tiles object has no field {name}"


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda ruleset: ruleset.name)
def test_a_spec_reads_only_the_rulesets_own_endpoints(ruleset, served) -> None:
    spec = ruleset.page
    endpoints = set(served[ruleset.name]["endpoints"])
    urls = [spec.get("patterns", {}).get("url"), spec.get("reference", {}).get("url")]
    for url in filter(None, urls):
        assert f"GET {url}" in endpoints, url
    if "fuHelper" in spec:
        assert f"POST {spec['fuHelper']['url']}" in endpoints
    assert spec.get("reference", {}).get("kind", "points") in REFERENCE_KINDS


def test_every_spec_string_is_a_page_string() -> None:
    """The labels reach the catalogue through PAGE_STRINGS (and so are
    translated: tests/web/test_page_files.py)."""
    strings = [text for ruleset in RULESETS for text in spec_strings(ruleset.page)]
    assert len(strings) > 100
    assert [text for text in strings if text not in PAGE_STRINGS] == []
    assert "Riichi sticks" in strings and "Taiwan tai table" in strings and "Paid by everyone on top" in strings
