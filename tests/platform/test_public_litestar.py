"""The service uses litestar through its public names only.

A private module (a dotted path with a segment starting with ``_``, as
``litestar._openapi`` or ``litestar.plugins.core._msgspec``) or a private name
(``from litestar.app import _helper``, ``Litestar._attribute``) may move or go
in any litestar release, pinned or not; the public ones are what litestar
keeps. Every module under ``service/`` and ``tools/`` is read (``ast``, never
imported): imports anywhere in it (inside functions and ``TYPE_CHECKING``
blocks too), attributes reached from a name a litestar import bound, and
module paths given as strings (``importlib.import_module``) all count.

The checker is fed made-up sources too, so that it cannot pass by finding
nothing, and the real tree must show it litestar imports to look at.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("service", "tools")
PRIVATE_PATH = re.compile(r"^litestar(\.\w+)*\._")


def private(name: str) -> bool:
    """A single-underscore name (``_x``); dunders (``__init__``) are public."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def litestar_module(module: str) -> bool:
    return module == "litestar" or module.startswith("litestar.")


def private_path(module: str) -> bool:
    return any(private(part) for part in module.split("."))


def root_name(node: ast.expr) -> tuple[str | None, list[str]]:
    """The name an attribute chain starts from and the attributes after it
    (``a.b.c``: ``a``, ``[b, c]``)."""
    attributes: list[str] = []
    while isinstance(node, ast.Attribute):
        attributes.append(node.attr)
        node = node.value
    return (node.id if isinstance(node, ast.Name) else None), attributes[::-1]


def litestar_bindings(tree: ast.AST) -> dict[str, str]:
    """The local names litestar imports bind, each to what it stands for."""
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if litestar_module(alias.name):
                    local = alias.asname or alias.name.split(".")[0]
                    bound[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module and litestar_module(node.module):
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return bound


def private_uses(source: str) -> list[str]:
    """Each use of a private litestar module or name in ``source``, as
    ``line: what``."""
    tree = ast.parse(source)
    bound = litestar_bindings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(
                f"{node.lineno}: import {alias.name}" for alias in node.names if litestar_module(alias.name) and private_path(alias.name)
            )
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module and litestar_module(node.module):
            found.extend(
                f"{node.lineno}: from {node.module} import {alias.name}"
                for alias in node.names
                if private_path(node.module) or private(alias.name)
            )
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name | ast.Attribute):
            root, attributes = root_name(node)
            if root in bound and private(node.attr):
                found.append(f"{node.lineno}: {bound[root]}.{'.'.join(attributes)}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and PRIVATE_PATH.match(node.value):
            found.append(f"{node.lineno}: {node.value!r}")
    return found


def checked_files() -> list[Path]:
    return sorted(path for folder in CHECKED for path in (ROOT / folder).rglob("*.py"))


MADE_UP_PRIVATE = {
    "from a private module": "from litestar._openapi.plugin import OpenAPIPlugin\n",
    "a private module imported": "import litestar._openapi.plugin\n",
    "a private module deeper down": "from litestar.plugins.core._msgspec import kwarg_definition_from_field\n",
    "a private name from a public module": "from litestar.app import _helper\n",
    "inside a function": "def f():\n    from litestar._openapi.schema_generation import SchemaCreator\n    return SchemaCreator\n",
    "under TYPE_CHECKING": (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from litestar._openapi.schema_generation import SchemaCreator\n"
    ),
    "a private attribute of the package": "import litestar\nx = litestar._openapi\n",
    "a private attribute of an aliased module": "import litestar.app as app_module\nx = app_module._helper\n",
    "a private attribute of an imported class": "from litestar import Litestar\nx = Litestar._private\n",
    "deep in a chain": "from litestar import Litestar\nx = Litestar.plugins._registry\n",
    "a module path as a string": "import importlib\nm = importlib.import_module('litestar._openapi.plugin')\n",
}

MADE_UP_PUBLIC = {
    "public modules and names": "from litestar.plugins import OpenAPISchemaPlugin\nimport litestar.openapi\nfrom litestar import Litestar\n",
    "a dunder": "from litestar import Litestar\nx = Litestar.__init__\n",
    "our own private names": "from service.api import _fast as fast\nfrom litestar import Request\nself_value = fast._table\n",
    "another library's private module": "from msgspec._core import Struct\n",
    "a relative private module": "from ._inner import helper\n",
}


@pytest.mark.parametrize("source", MADE_UP_PRIVATE.values(), ids=MADE_UP_PRIVATE.keys())
def test_the_checker_finds_a_made_up_private_use(source: str) -> None:
    assert len(private_uses(source)) == 1, private_uses(source)


@pytest.mark.parametrize("source", MADE_UP_PUBLIC.values(), ids=MADE_UP_PUBLIC.keys())
def test_the_checker_leaves_public_uses_alone(source: str) -> None:
    assert private_uses(source) == []


def test_the_checker_sees_the_services_litestar_imports() -> None:
    """The walk reaches real files that import litestar (the app, the
    OpenAPI plugins): an empty or wrong walk would pass the next test."""
    importing = {
        path.relative_to(ROOT).as_posix() for path in checked_files() if litestar_bindings(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert {"service/api/app.py", "service/api/openapi.py", "service/api/asgi.py"} <= importing


def test_no_module_uses_a_private_litestar_module_or_name() -> None:
    found = {
        path.relative_to(ROOT).as_posix(): uses for path in checked_files() if (uses := private_uses(path.read_text(encoding="utf-8")))
    }
    assert found == {}
