"""Every entry of a problem's `errors` has a stable snake_case `code` beside
`detail` and `pointer` (the contract's "Errors a program can act on"): the
schema's five (`unknown_field`, `wrong_type`, `out_of_range`,
`missing_field`, `not_allowed_value`) and one per rule a 422 enforces. The
codes and the problem types are listed in the OpenAPI document and in
docs/api.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract

from service.api.problems import ERROR_CODES, PROBLEM_TYPES
from service.core.error_codes import CODES as CORE_CODES
from service.rulesets.registry import ERROR_CODES as CODES
from service.rulesets.registry import RULESETS

ROOT = Path(__file__).resolve().parents[2]
ENGINE_KEYWORDS = {"template": None, "FieldProblem": (2,), "field_problem": (2,), "_fail": (2,)}
"""How the engine marks a problem's sentence (docs/i18n.md): the message
extractor's keywords outside the API layer."""
SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")
SELF_DRAW = {"type": "self_draw"}


def engine_templates() -> dict[str, str]:
    found = {}
    for path in sorted((ROOT / "service").rglob("*.py")):
        if "api" in path.relative_to(ROOT / "service").parts:
            continue
        with path.open("rb") as handle:
            for lineno, message, _comments, _context in extract("python", handle, keywords=ENGINE_KEYWORDS):
                if isinstance(message, str) and message:
                    found.setdefault(message, f"{path.relative_to(ROOT)}:{lineno}")
    return found


def test_every_engine_sentence_has_a_code() -> None:
    templates = engine_templates()
    assert len(templates) > 200  # the extraction found the engine's sentences
    missing = {where: text for text, where in templates.items() if text not in CODES}
    assert not missing, f"add a code to service/core/error_codes.py for: {missing}"


def test_no_code_is_kept_for_a_sentence_the_engine_no_longer_has() -> None:
    assert set(CODES) <= set(engine_templates())


def test_each_ruleset_lists_the_codes_of_its_own_sentences() -> None:
    templates = engine_templates()
    for ruleset in RULESETS:
        package = f"service/rulesets/{ruleset.name}/"
        own = {text for text, where in templates.items() if where.startswith(package)}
        assert own <= set(ruleset.error_codes), ruleset.name
    assert {text for text, where in templates.items() if where.startswith("service/core/")} <= set(CORE_CODES)


def test_codes_are_snake_case() -> None:
    assert all(SNAKE.fullmatch(code) for code in ERROR_CODES)


def test_the_document_lists_the_codes_and_the_types() -> None:
    schemas = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))["components"]["schemas"]
    assert schemas["ErrorCode"]["enum"] == list(ERROR_CODES)
    assert set(schemas["ProblemType"]["enum"]) == set(PROBLEM_TYPES)
    assert "code" in schemas["ProblemError"]["required"]


def test_docs_api_lists_the_codes_and_the_types() -> None:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text[text.index("## Error codes") :]
    section = section[: section.index("\n## ", 1)]
    listed = set(re.findall(r"`([a-z][a-z0-9_]*)`", section.split("```console")[0]))
    assert set(ERROR_CODES) <= listed
    assert set(re.findall(r"`(urn:mahjong-settlement:problem:[a-z-]+)`", section)) == set(PROBLEM_TYPES)


@pytest.mark.parametrize(
    ("path", "body", "code", "pointer"),
    [
        ("/v1/hongkong/settlements", {"winner": "east", "win": SELF_DRAW, "fan": 3, "colour": 1}, "unknown_field", "#/colour"),
        ("/v1/hongkong/settlements", {"winner": "east", "win": SELF_DRAW, "fan": "3"}, "wrong_type", "#/fan"),
        (
            "/v1/hongkong/settlements",
            {"winner": "east", "win": SELF_DRAW, "fan": 3, "rules": {"fan_cap": 10**6}},
            "out_of_range",
            "#/rules/fan_cap",
        ),
        ("/v1/hongkong/settlements", {"win": SELF_DRAW, "fan": 3}, "missing_field", "#/winner"),
        ("/v1/hongkong/settlements", {"winner": "East", "win": SELF_DRAW, "fan": 3}, "not_allowed_value", "#/winner"),
        # contract: "A discarder equal to the winner is a 422"
        (
            "/v1/hongkong/settlements",
            {"winner": "east", "win": {"type": "discard", "discarder": "east"}, "fan": 3},
            "discarder_is_winner",
            "#/win/discarder",
        ),
        # five 1m: a tile exists four times
        (
            "/v1/riichi/settlements",
            {"winner": "east", "win": SELF_DRAW, "tiles": {"concealed": "11111m234p567s22z", "win_tile": "1m"}},
            "tile_count",
            "#/tiles/concealed",
        ),
        (
            "/v1/hongkong/settlements",
            {"winner": "east", "win": SELF_DRAW, "fan": 3, "rules": {"point_value": 0.30000000000000004}},
            "too_many_decimal_places",
            "#/rules/point_value",
        ),
    ],
)
def test_each_entry_carries_its_code(client, path, body, code, pointer) -> None:
    response = client.post(path, json=body)
    assert response.status_code in (400, 422), response.text
    entries = response.json()["errors"]
    assert {"code": code, "pointer": pointer} in [{"code": e["code"], "pointer": e["pointer"]} for e in entries], entries


def test_a_batch_items_problem_carries_codes(client) -> None:
    items = [{"ruleset": "hongkong", "winner": "east", "win": {"type": "discard", "discarder": "east"}, "fan": 3}]
    entry = client.post("/v1/settlements/batch", json={"items": items}).json()["results"][0]
    assert entry["problem"]["errors"] == [
        {"detail": "The discarder cannot be the winner.", "code": "discarder_is_winner", "pointer": "#/items/0/win/discarder"}
    ]


def test_the_code_does_not_follow_the_language(client) -> None:
    body = {"winner": "east", "win": {"type": "discard", "discarder": "east"}, "fan": 3}
    english = client.post("/v1/hongkong/settlements", json=body).json()["errors"][0]
    chinese = client.post("/v1/hongkong/settlements", json=body, headers={"Accept-Language": "zh-HK"}).json()["errors"][0]
    assert english["code"] == chinese["code"] == "discarder_is_winner" and english["detail"] != chinese["detail"]


def test_query_parameter_problems_carry_codes(client) -> None:
    response = client.get("/v1/hongkong/points-table", params={"fan_cap": "many"})
    assert response.status_code == 400
    assert [(e["parameter"], e["code"]) for e in response.json()["errors"]] == [("fan_cap", "wrong_type")]


@pytest.mark.parametrize("spelled", ["riichiSticks", "riichi-sticks", "RiichiSticks", "RIICHI_STICKS"])
def test_another_spelling_of_a_field_names_the_field_meant(client, spelled) -> None:
    body = {"winner": "east", "win": SELF_DRAW, "han": 3, "fu": 30, spelled: 1}
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 400
    problem = response.json()
    assert problem["detail"] == f"Object contains unknown field `{spelled}` (at #/{spelled}). Did you mean `riichi_sticks`?"
    assert problem["errors"][0]["code"] == "unknown_field"


def test_a_nested_field_spelled_otherwise_is_named_too(client) -> None:
    body = {"winner": "east", "win": SELF_DRAW, "fan": 3, "rules": {"fanCap": 8}}
    detail = client.post("/v1/hongkong/settlements", json=body).json()["detail"]
    assert detail == "Object contains unknown field `fanCap` (at #/rules/fanCap). Did you mean `fan_cap`?"


def test_an_unknown_field_like_no_known_one_gets_no_guess(client) -> None:
    body = {"winner": "east", "win": SELF_DRAW, "fan": 3, "colour": 1}
    assert client.post("/v1/hongkong/settlements", json=body).json()["detail"] == "Object contains unknown field `colour` (at #/colour)."


def test_a_bare_tenhou_log_is_told_to_wrap_it(client) -> None:
    # a tenhou.net/6 log's top-level keys (tenhou.net/6 JSON: title, name, rule, log)
    log = {"title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": []}
    response = client.post("/v1/riichi/game-records", json=log)
    assert response.status_code == 400
    assert response.json()["detail"].endswith('send `{"format": "tenhou6", "record": …}`.')
    chinese = client.post("/v1/riichi/game-records", json=log, headers={"Accept-Language": "zh-HK"}).json()["detail"]
    assert chinese.endswith('請傳送 `{"format": "tenhou6", "record": …}`。')
