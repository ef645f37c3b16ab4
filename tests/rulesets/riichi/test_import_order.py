"""Riichi's modules import one another one way: no circle, type-only and
function-level imports included (as tests/platform/test_layers.py keeps the
layers honest)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "service" / "rulesets" / "riichi"
PREFIX = "service.rulesets.riichi"
PACKAGES = {"", *(".".join(init.parent.relative_to(PACKAGE).parts) for init in PACKAGE.rglob("*/__init__.py"))}
"""The package and its subpackages, as imported from (``from … import module``)."""


def _imports() -> dict[str, set[str]]:
    """Module → the riichi modules it imports anywhere in its source, each
    named from the package down (``hand.tiles``; the packages' __init__ left
    out: they gather what is inside them)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.stem == "__init__":
            continue
        name = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and (node.module + ".").startswith(PREFIX + "."):
                below = node.module.removeprefix(PREFIX).lstrip(".")
                if below in PACKAGES:
                    found |= {".".join(filter(None, (below, alias.name))) for alias in node.names}
                else:
                    found.add(below)
        graph[name] = found - {name}
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
    assert "settlement" not in graph["hand.tiles"] | graph["pao"] | graph["hand.limits"]
