"""docs/rules.md is generated from the rules Structs (python -m tools.rules_doc)."""

from __future__ import annotations

from tools.rules_doc import OUT, main, render


def test_the_reference_is_current() -> None:
    assert OUT.read_text(encoding="utf-8") == render(), "docs/rules.md is stale: run python -m tools.rules_doc"
    assert main(["--check"]) == 0


def test_every_discovery_option_is_documented(client) -> None:
    text = OUT.read_text(encoding="utf-8")
    for entry in client.get("/v1/rulesets").json()["rulesets"]:
        options = {o["name"]: o for o in entry["rules"]}
        for group in entry["rule_groups"]:
            for name in group["options"]:
                option = options[name]
                assert f"| `{name}` | `{group['pointer']}/{name}` | {option['type']} |" in text, (entry["name"], name)
                assert option["description"] in text


def test_every_table_parameter_is_documented(client) -> None:
    text = OUT.read_text(encoding="utf-8")
    document = client.get("/schema/openapi.json").json()
    for path, operations in document["paths"].items():
        parameters = [p["name"] for p in operations.get("get", {}).get("parameters", []) if p["in"] == "query"]
        if parameters:
            section = text.split(f"### `GET {path}`", 1)[1].split("###", 1)[0]
            for name in parameters:
                assert f"| `{name}` |" in section, (path, name)
