"""Riichi's modules import one another one way: no circle, type-only and
function-level imports included (as tests/platform/test_layers.py keeps the
layers honest)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "service" / "rulesets" / "riichi"
PREFIX = "service.rulesets.riichi"


def _imports() -> dict[str, set[str]]:
    """Module → the riichi modules it imports anywhere in its source (the
    package's __init__ left out: it gathers the ruleset)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        if path.stem == "__init__":
            continue
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith(PREFIX + "."):
                    found.add(node.module.split(".")[3])
                elif node.module == PREFIX:
                    found |= {alias.name for alias in node.names}
        graph[path.stem] = found - {path.stem}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    circles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if state.get(other) == 1:
                circles.append([*stack[stack.index(other) :], other])
            elif other not in state:
                visit(other)
        stack.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return circles


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_riichi_module_imports_back_into_another() -> None:
    assert _circles(_imports()) == []


def test_the_rules_and_the_seats_import_no_settlement_module() -> None:
    graph = _imports()
    assert graph["rules"] <= {"payments", "yaku_rules"}
    assert graph["seats"] == set()
    assert "settlement" not in graph["tiles"] | graph["pao"] | graph["limits"]
