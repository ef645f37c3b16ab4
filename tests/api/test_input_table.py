"""docs/api.md's table of which input each ruleset's settlement takes (a
stated value, declared patterns, the tiles) and whether it reads a hand
from tiles on its own (`POST /v1/<ruleset>/hands`), derived here from the
registry: each ruleset's settlement request fields and endpoints."""

from __future__ import annotations

from pathlib import Path

import msgspec

from service.rulesets.registry import RULESETS

ROOT = Path(__file__).resolve().parents[2]
VALUE_FIELDS = ("fan", "han", "value", "tai")
PATTERN_FIELDS = ("patterns", "yaku")


def row(ruleset) -> str:
    fields = [field.encode_name for field in msgspec.inspect.type_info(ruleset.request).fields]
    value = next(f"`{name}`" for name in VALUE_FIELDS if name in fields)
    if value == "`han`":
        value = "`han` and `fu`, or `yakuman`"
    patterns = next((f"`{name}`" for name in PATTERN_FIELDS if name in fields), "—")
    tiles = "`tiles`" if "tiles" in fields else "—"
    hands = "yes" if any(endpoint.method == "POST" and endpoint.path == "/hands" for endpoint in ruleset.endpoints) else "—"
    return f"| {ruleset.name} | {value} | {patterns} | {tiles} | {hands} |"


def test_the_table_is_the_registrys() -> None:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text[text.index("## What each ruleset takes") :]
    section = section[: section.index("\n## ", 1)]
    table = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| ruleset")]
    assert table == [row(ruleset) for ruleset in RULESETS]
