"""The complexity gate: every function, method and nested function of the
service, the tools and the benchmarks at most :data:`LIMIT` by radon's
cyclomatic complexity, which, unlike ruff's C90 (mccabe), also counts each
``and``/``or``: one for the function and one for each branch point (``if``,
``elif``, a loop, ``except``, a comprehension's ``for`` and ``if``, a
conditional expression, ``assert``, ``case``) and boolean operator.

    python -m tools.complexity               # service/, tools/, bench/ (CI: .ci/run)
    python -m tools.complexity PATH ...      # those files or folders

Prints each offender as ``path:line name complexity`` (a method as
``Class.method``, a nested function as ``outer.inner``) and exits 1.

:data:`ALLOWED` (``tools/complexity_allowed.txt``) names the functions
still above the limit while they are split. It only shrinks: an allowed
function that is now at or under the limit, or is no longer found in a
file that was read, fails the gate too, until its line is removed.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from radon.complexity import cc_visit
from radon.visitors import Class

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 20
DEFAULT_PATHS = ("service", "tools", "bench")

ALLOWED_FILE = ROOT / "tools" / "complexity_allowed.txt"


def allowed_list(text: str) -> frozenset[str]:
    """The ``path:name`` lines of an allow-list (``#`` comments and blank
    lines left out)."""
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))


ALLOWED = allowed_list(ALLOWED_FILE.read_text(encoding="utf-8"))
"""``path:name`` of each function allowed above :data:`LIMIT` for now
(:data:`ALLOWED_FILE`: a list of paths, kept out of the code)."""


def blocks(source: str) -> Iterator[tuple[str, int, int]]:
    """Every function of a module's source (methods, nested functions and
    the methods of nested classes included) as its qualified name, its line
    and its complexity, in the order of their lines."""
    yield from sorted(_named(cc_visit(source), ""), key=lambda block: block[1])


def _named(found: Iterable[Any], prefix: str) -> Iterator[tuple[str, int, int]]:
    """:func:`blocks` of radon's blocks, their names under ``prefix``."""
    for block in found:
        name = prefix + block.name
        if isinstance(block, Class):
            yield from _named([*block.methods, *block.inner_classes], name + ".")
        elif prefix or not block.is_method:  # a module's methods are read through their class
            yield name, block.lineno, block.complexity
            yield from _named(block.closures, name + ".")


def problems(sources: dict[str, str], allowed: Collection[str] = ALLOWED) -> list[str]:
    """The lines the gate prints for ``sources`` (a path as shown → the
    module's text): each function above :data:`LIMIT` that is not allowed,
    and each allowed one (of these paths) that is now within it or gone."""
    lines = []
    seen = set()
    for path, source in sources.items():
        for name, line, complexity in blocks(source):
            key = f"{path}:{name}"
            if key in allowed:
                seen.add(key)
                if complexity <= LIMIT:
                    lines.append(f"{path}:{line} {name} {complexity} (at most {LIMIT} now: remove it from tools/complexity_allowed.txt)")
            elif complexity > LIMIT:
                lines.append(f"{path}:{line} {name} {complexity}")
    for key in sorted(allowed):
        path = key.rsplit(":", 1)[0]
        if path in sources and key not in seen:
            lines.append(f"{key} not found (remove it from tools/complexity_allowed.txt)")
    return lines


SKIPPED = frozenset({".venv", "venv", "node_modules", "__pycache__", "site-packages"})
"""Folders that hold installed code, not ours (``tools/clients/.venv`` holds
the client generators CI installs)."""


def read(paths: Sequence[str]) -> dict[str, str]:
    """Every ``.py`` file under ``paths`` (relative to the repository's root,
    or absolute), by its path as shown: relative to the root when inside it;
    installed code (:data:`SKIPPED` folders) left out."""
    sources = {}
    for given in paths:
        start = ROOT / given
        found = (
            sorted(file for file in start.rglob("*.py") if not SKIPPED.intersection(file.relative_to(start).parts))
            if start.is_dir()
            else [start]
        )
        for file in found:
            shown = file.relative_to(ROOT).as_posix() if file.is_relative_to(ROOT) else file.as_posix()
            sources[shown] = file.read_text(encoding="utf-8")
    return sources


def main(argv: Sequence[str] | None = None) -> int:
    """Print the offenders of the given paths (or of :data:`DEFAULT_PATHS`);
    1 when there is any."""
    paths = list(sys.argv[1:] if argv is None else argv) or list(DEFAULT_PATHS)
    lines = problems(read(paths))
    for line in lines:
        print(line)
    if lines:
        print(f"radon cyclomatic complexity above {LIMIT}: split each function by what it decides", file=sys.stderr)
    return 1 if lines else 0


if __name__ == "__main__":
    raise SystemExit(main())
