"""A new ruleset is one package and one registry entry.

A copy of the service gets a made-up ruleset, flat stakes
(``tests/platform/new_ruleset/flat``: each loser pays the value times the
point value, the discarder of a discard twice that), as its package under
``service/rulesets/`` and its entry in the registry's tuple (and the
registry's import of it); nothing else of the copy changes. A child Python
running the copy then finds the ruleset everywhere the platform shows one:
its route and the fast path, discovery with its house rules, the OpenAPI
document (path, tag, operationId, the batch item), batch settlement, the
metrics and the 400/422 problems. Expected amounts are hand arithmetic from
the made-up rule.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(__file__).parent / "new_ruleset" / "flat"

CHILD = r"""
import json, os, sys, tempfile
os.environ["MAHJONG_METRICS_RUN_DIR"] = tempfile.mkdtemp()
import service
assert service.__file__.startswith(sys.argv[1]), service.__file__  # the copy, not the installed tree
from litestar.testing import TestClient
from service.api import create_app

HAND = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "value": 10}
out = {}
with TestClient(app=create_app()) as client:
    def answer(response):
        return {"status": response.status_code, "body": response.json() if response.content else None}
    out["discard"] = answer(client.post("/v1/flat/settlements", json=HAND))
    out["slash"] = answer(client.post("/v1/flat/settlements/", json=HAND))
    out["self_draw"] = answer(client.post("/v1/flat/settlements", json={"winner": "west", "win": {"type": "self_draw"}, "value": 7, "rules": {"point_value": 0.5}}))
    out["ja"] = answer(client.post("/v1/flat/settlements", json={**HAND, "value": 0}, headers={"accept-language": "ja"}))
    out["unknown"] = answer(client.post("/v1/flat/settlements", json={**HAND, "fan": 3}))
    out["impossible"] = answer(client.post("/v1/flat/settlements", json={**HAND, "winner": "south"}))
    out["batch"] = answer(client.post("/v1/settlements/batch", json={"items": [{"ruleset": "flat", **HAND}, {"ruleset": "nmjl", "winner": "east", "win": {"type": "self_draw"}, "value": 25}]}))
    out["games"] = client.post("/v1/flat/games", json={"hands": []}).status_code
    out["discovery"] = client.get("/v1/rulesets").json()
    out["document"] = client.get("/schema/openapi.json").json()
    out["metrics"] = client.get("/metrics").text
    out["page"] = client.get("/").status_code
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The service copied with the package added and the registry entry."""
    root = tmp_path_factory.mktemp("with-flat")
    shutil.copytree(ROOT / "service", root / "service", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(PACKAGE, root / "service" / "rulesets" / "flat", ignore=shutil.ignore_patterns("__pycache__"))
    registry = root / "service" / "rulesets" / "registry.py"
    text = registry.read_text(encoding="utf-8")
    imports = "from service.rulesets import hongkong, mcr, nmjl, riichi, taiwan\n"
    entries = "    taiwan.RULESET,\n)\n"
    assert imports in text and text.count(entries) == 1
    registry.write_text(
        text.replace(imports, imports + "from service.rulesets import flat\n").replace(
            entries, "    taiwan.RULESET,\n    flat.RULESET,\n)\n"
        )
    )
    return root


def changed_files(copy: Path) -> list[str]:
    ours = {
        path.relative_to(ROOT).as_posix() for path in (ROOT / "service").rglob("*") if path.is_file() and "__pycache__" not in path.parts
    }
    theirs = {
        path.relative_to(copy).as_posix() for path in (copy / "service").rglob("*") if path.is_file() and "__pycache__" not in path.parts
    }
    changed = sorted(theirs - ours)
    changed += [name for name in sorted(ours & theirs) if (ROOT / name).read_bytes() != (copy / name).read_bytes()]
    return changed


@pytest.fixture(scope="module")
def served(copy: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(copy), "MAHJONG_LOG_LEVEL": "warning"}
    child = subprocess.run([sys.executable, "-c", CHILD, str(copy)], cwd=copy, env=env, capture_output=True, text=True, timeout=300)
    assert child.returncode == 0, child.stderr[-3000:]
    return json.loads(child.stdout.strip().splitlines()[-1])


def test_the_copy_differs_by_the_package_and_the_registry_only(copy: Path) -> None:
    changed = changed_files(copy)
    assert changed == [
        "service/rulesets/flat/__init__.py",
        "service/rulesets/flat/endpoints.py",
        "service/rulesets/flat/settlement.py",
        "service/rulesets/registry.py",
    ]


def test_its_route_settles_by_its_rule(served: dict[str, Any]) -> None:
    # a discard of a 10: south 2 × 10 = 20, west and north 10 each, east 40
    discard = served["discard"]
    assert discard["status"] == 200
    body = discard["body"]
    assert body["ruleset"] == "flat"
    assert body["winner_receives"] == 40
    assert body["deltas"] == {"east": 40, "south": -20, "west": -10, "north": -10}
    assert [(p["payer"], p["amount"], p["role"]) for p in body["payments"]] == [
        ("south", 20, "discarder"),
        ("west", 10, "other"),
        ("north", 10, "other"),
    ]
    assert served["slash"] == discard  # the fast path's other spelling
    # a self-draw of 7 at 0.5 a point: 3.5 from each of three, 10.5
    self_draw = served["self_draw"]["body"]
    assert self_draw["winner_receives"] == 10.5
    assert self_draw["deltas"] == {"east": -3.5, "south": -3.5, "west": 10.5, "north": -3.5}


def test_its_bad_requests_are_problems_naming_the_field(served: dict[str, Any]) -> None:
    assert served["unknown"]["status"] == 400
    assert served["unknown"]["body"]["errors"][0]["pointer"] == "#/fan"
    assert served["impossible"]["status"] == 422
    assert served["impossible"]["body"]["errors"][0]["pointer"] == "#/win/discarder"
    assert served["ja"]["status"] == 400
    assert served["ja"]["body"]["errors"][0]["pointer"] == "#/value"
    assert served["games"] in (404, 405)  # it declares no game


def test_discovery_lists_it_with_its_rules(served: dict[str, Any]) -> None:
    listed = {entry["name"]: entry for entry in served["discovery"]["rulesets"]}
    assert list(listed)[-1] == "flat"
    flat = listed["flat"]
    # English everywhere: its name has no translation in the catalogues yet
    assert flat["names"]["en"] == "Flat stakes"
    assert set(flat["names"].values()) == {"Flat stakes"}
    options = {option["name"]: option for option in flat["rules"]}
    assert set(options) == {"point_value"}
    assert options["point_value"]["default"] == 1
    assert flat["page"] == {}  # no page spec: no tab, and the page still serves
    assert served["page"] == 200


def test_the_document_publishes_it(served: dict[str, Any]) -> None:
    document = served["document"]
    operation = document["paths"]["/v1/flat/settlements"]["post"]
    assert operation["tags"] == ["Flat stakes"]
    assert operation["operationId"] == "settleFlat"
    assert "Flat stakes" in {tag["name"] for tag in document["tags"]}
    assert "flat stakes" in document["info"]["description"]
    schemas = document["components"]["schemas"]
    items = schemas["BatchRequest"]["properties"]["items"]["items"]
    assert items["discriminator"]["mapping"]["flat"] == "#/components/schemas/FlatItem"
    assert {"$ref": "#/components/schemas/FlatItem"} in items["oneOf"]
    assert schemas["FlatItem"]["properties"]["value"]["maximum"] == 1000
    assert "FlatSettlement" in schemas and "FlatRules" in schemas


def test_batch_settles_its_items_beside_the_others(served: dict[str, Any]) -> None:
    batch = served["batch"]
    assert batch["status"] == 200
    first, second = batch["body"]["results"]
    assert first["status"] == 200 and first["result"]["ruleset"] == "flat"
    assert first["result"]["winner_receives"] == 40
    # NMJL 25 self-drawn: everyone pays twice, 3 × 50 = 150
    assert second["status"] == 200 and second["result"]["ruleset"] == "nmjl"
    assert second["result"]["winner_receives"] == 150


def test_the_metrics_have_its_series(served: dict[str, Any]) -> None:
    # every ruleset's settlement count is listed from start (zero included);
    # counting across workers is tests/api/test_metrics.py's
    assert any(line.startswith('mahjong_settlements_total{ruleset="flat"} ') for line in served["metrics"].splitlines())
