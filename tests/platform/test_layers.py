"""The rules code is a library: no web framework, server, metrics or API.

Every module under ``service/core`` and ``service/rulesets`` (a ruleset's
endpoints included: they are data, the web service builds their routes) is
read (``ast``, never imported), and the ``service.*`` modules it imports are
followed transitively, including the packages Python runs on the way
(``service.rulesets.hongkong.value_table`` runs
``service/rulesets/hongkong/__init__.py``). None may reach litestar, uvicorn,
prometheus_client, ``service.api``, ``service.i18n`` or a ruleset ``http``
module (the web layer's name inside a ruleset). Imports inside functions and
``TYPE_CHECKING`` blocks count: a library caller would need the package
installed to type-check against them. So no arrow points back up from the
rulesets to the web service.

The checker is fed made-up modules too, so that it cannot pass by finding
nothing. The second half checks the shape of a ruleset package and that the
registry lists every one.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
RULESETS_DIR = SERVICE / "rulesets"

FORBIDDEN_TOP = frozenset({"litestar", "uvicorn", "prometheus_client"})
FORBIDDEN_PREFIXES = ("service.api", "service.i18n")


def forbidden(module: str) -> bool:
    if module.split(".")[0] in FORBIDDEN_TOP:
        return True
    if any(module == prefix or module.startswith(prefix + ".") for prefix in FORBIDDEN_PREFIXES):
        return True
    parts = module.split(".")
    return len(parts) == 4 and parts[:2] == ["service", "rulesets"] and parts[3] == "http"


def module_file(module: str) -> Path | None:
    """The source of a ``service.*`` module, or None (a name inside a module, a
    third-party module)."""
    path = ROOT.joinpath(*module.split("."))
    if path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    return None


def is_package(module: str) -> bool:
    path = module_file(module)
    return path is not None and path.name == "__init__.py"


def read_source(module: str) -> str | None:
    path = module_file(module)
    return None if path is None else path.read_text(encoding="utf-8")


def imported(source: str, module: str, package: bool) -> set[str]:
    """Every module name ``source`` (the text of ``module``) imports: the
    target of ``import x.y``, the base of ``from x import y`` and ``x.y``
    (``y`` may be a submodule), with relative imports resolved."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = module.split(".")
                if not package:
                    base_parts = base_parts[:-1]
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join([*base_parts, node.module] if node.module else base_parts)
            else:
                base = node.module or ""
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def with_parents(module: str) -> list[str]:
    """``a.b.c`` → ``a``, ``a.b``, ``a.b.c``: importing a module runs every
    package above it."""
    parts = module.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def violations(
    roots: Iterable[str],
    source_of: Callable[[str], str | None] = read_source,
    package_of: Callable[[str], bool] = is_package,
) -> list[list[str]]:
    """For each forbidden module reachable from ``roots``, one import chain
    that reaches it (root first)."""
    found: list[list[str]] = []
    reported: set[str] = set()
    chain_to: dict[str, list[str]] = {}
    queue: list[str] = []
    for root in roots:
        if root not in chain_to:
            chain_to[root] = [root]
            queue.append(root)
    while queue:
        module = queue.pop()
        source = source_of(module)
        if source is None:
            continue
        for name in sorted(imported(source, module, package_of(module))):
            for target in with_parents(name):
                if forbidden(target):  # reported once, at its outermost forbidden package
                    if target not in reported:
                        reported.add(target)
                        found.append([*chain_to[module], target])
                    break
                if target in chain_to:
                    continue
                chain_to[target] = [*chain_to[module], target]
                if target == "service" or target.startswith("service."):
                    queue.append(target)
    return found


def engine_modules() -> list[str]:
    modules = []
    for directory in (SERVICE / "core", RULESETS_DIR):
        for path in sorted(directory.rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules.append(".".join(parts))
    return modules


def ruleset_packages() -> list[str]:
    return sorted(path.name for path in RULESETS_DIR.iterdir() if path.is_dir() and path.name != "__pycache__")


# --- the rules code is a library -------------------------------------------


def test_every_engine_module_is_checked() -> None:
    modules = engine_modules()
    assert "service.core.money" in modules
    assert "service.rulesets.registry" in modules
    for name in ruleset_packages():
        assert f"service.rulesets.{name}" in modules
        assert f"service.rulesets.{name}.settlement" in modules
        assert f"service.rulesets.{name}.endpoints" in modules


def test_engine_reaches_no_web_framework_api_or_translations() -> None:
    found = violations(engine_modules())
    assert not found, "rules code reaches the web layer:\n" + "\n".join(" → ".join(chain) for chain in found)


def test_no_ruleset_module_imports_the_web_service_or_litestar() -> None:
    """service/rulesets/**: not one import of service.api or litestar, at any
    depth of any module (the transitive check above follows from these)."""
    found = []
    for path in sorted(RULESETS_DIR.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for name in imported(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            if name.split(".")[0] == "litestar" or name == "service.api" or name.startswith("service.api."):
                found.append(f"{module} imports {name}")
    assert len(list(RULESETS_DIR.rglob("*.py"))) > 40
    assert not found, "\n".join(found)


# --- the checker catches what it is there for --------------------------------

FAKE_PACKAGES = {"service.rulesets.fake"}


def fake_sources(extra: dict[str, str]) -> Callable[[str], str | None]:
    def source_of(module: str) -> str | None:
        if module in extra:
            return extra[module]
        return read_source(module)

    return source_of


def fake_package_of(module: str) -> bool:
    return module in FAKE_PACKAGES or is_package(module)


@pytest.mark.parametrize(
    ("statement", "reached"),
    [
        ("import litestar", "litestar"),
        ("from litestar.params import Parameter", "litestar"),
        ("import uvicorn", "uvicorn"),
        ("from prometheus_client import Counter", "prometheus_client"),
        ("from service.api import problems", "service.api"),
        ("from service.api.problems import problem", "service.api"),
        ("import service.i18n", "service.i18n"),
        ("from service.i18n import gettext", "service.i18n"),
        ("from service.rulesets.hongkong import http", "service.rulesets.hongkong.http"),
        ("from service.rulesets.riichi.http import CONTROLLERS", "service.rulesets.riichi.http"),
        ("from . import http", "service.rulesets.fake.http"),
        ("def later():\n    import litestar\n", "litestar"),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from service.api.app import create_app\n", "service.api"),
    ],
)
def test_a_direct_import_is_caught(statement: str, reached: str) -> None:
    sources = fake_sources({"service.rulesets.fake.settlement": statement})
    found = violations(["service.rulesets.fake.settlement"], sources, fake_package_of)
    assert [chain[-1] for chain in found] == [reached]
    assert found[0][0] == "service.rulesets.fake.settlement"


def test_an_import_two_modules_away_is_caught() -> None:
    sources = fake_sources(
        {
            "service.core.fake_a": "from service.core.money import clean\nfrom service.core import fake_b\n",
            "service.core.fake_b": "from service.core.errors import RuleViolation\nfrom .fake_c import helper\n",
            "service.core.fake_c": "def helper():\n    from service.i18n import gettext\n",
        }
    )
    found = violations(["service.core.fake_a"], sources, fake_package_of)
    assert found == [["service.core.fake_a", "service.core.fake_b", "service.core.fake_c", "service.i18n"]]


def test_a_package_run_on_the_way_is_caught() -> None:
    """Importing service.rulesets.fake.patterns runs service/rulesets/fake/__init__.py."""
    sources = fake_sources(
        {
            "service.core.fake_a": "from service.rulesets.fake.patterns import ROWS\n",
            "service.rulesets.fake": "from service.rulesets.fake.http import CONTROLLERS\n",
            "service.rulesets.fake.patterns": "ROWS = ()\n",
        }
    )
    found = violations(["service.core.fake_a"], sources, fake_package_of)
    assert found == [["service.core.fake_a", "service.rulesets.fake", "service.rulesets.fake.http"]]


def test_allowed_imports_are_not_flagged() -> None:
    sources = fake_sources(
        {
            "service.rulesets.fake.settlement": (
                "import msgspec\nfrom decimal import Decimal\nfrom service.core.money import exact\n"
                "from service.rulesets.hongkong.value_table import FAN_TABLE\nfrom . import patterns\n"
            ),
            "service.rulesets.fake.patterns": "from service.core.settlement import Payment\n",
        }
    )
    assert violations(["service.rulesets.fake.settlement"], sources, fake_package_of) == []


# --- one home per ruleset ------------------------------------------------------


def test_there_are_ruleset_packages() -> None:
    assert {"hongkong", "riichi", "mcr", "nmjl", "taiwan"} <= set(ruleset_packages())


@pytest.mark.parametrize("name", ruleset_packages())
def test_a_ruleset_package_has_its_ruleset_settlement_and_endpoints(name: str) -> None:
    package = RULESETS_DIR / name
    assert (package / "__init__.py").is_file(), f"{name}: no __init__.py"
    assert (package / "settlement.py").is_file(), f"{name}: no settlement.py"
    assert (package / "endpoints.py").is_file(), f"{name}: no endpoints.py"
    assert not (package / "http.py").exists(), f"{name}: its routes are built by service.api from its endpoints"

    from service.core.ruleset import Endpoint, Ruleset

    ruleset = importlib.import_module(f"service.rulesets.{name}").RULESET
    assert isinstance(ruleset, Ruleset)
    assert ruleset.name == name
    assert ruleset.package == f"service.rulesets.{name}"
    assert ruleset.endpoints == importlib.import_module(f"service.rulesets.{name}.endpoints").ENDPOINTS
    assert all(isinstance(endpoint, Endpoint) for endpoint in ruleset.endpoints)
    paths = [endpoint.path for endpoint in ruleset.endpoints]
    assert len(paths) == len(set(paths))
    # the settlement and hands endpoints are the ruleset's own request and function
    by_path = {endpoint.path: endpoint for endpoint in ruleset.endpoints}
    assert (by_path["/settlements"].request, by_path["/settlements"].function) == (ruleset.request, ruleset.settle)
    assert by_path["/settlements"].response is ruleset.result
    if ruleset.hand_request is None:
        assert "/hands" not in by_path
    else:
        assert (by_path["/hands"].request, by_path["/hands"].function) == (ruleset.hand_request, ruleset.evaluate_hand)


def test_the_registry_lists_every_ruleset_package_once() -> None:
    from service.rulesets.registry import RULESETS

    names = [ruleset.name for ruleset in RULESETS]
    assert len(names) == len(set(names))
    assert sorted(names) == ruleset_packages()
