"""docs/architecture.md's "Where to change what" table names only paths that
exist.

Read from every row: each word in backticks with a ``/`` in it is a path
from the repository's root (a trailing ``/`` a folder; ``<name>`` is a
ruleset's package name, and the path must exist for one ruleset at least;
``<tag>`` and the like stand for any one name, as ``*`` does in a glob);
each module run with ``-m`` is a file under the root; each link is a
document beside this one, and its ``#anchor`` one of that document's
headings. Routes (``/v1/…``, ``…/hands``) and ``.venv/`` are not paths of
the repository. A file named bare (``settlement.py``) fails too: the table
says where a thing is, so a move the table missed is caught here.

The checker is also fed made-up rows, so that it cannot pass by reading
nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
HEADING = "## Where to change what"

CODE = re.compile(r"`([^`]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
PLACEHOLDER = re.compile(r"<[^<>/]+>")
RULESET_NAMES = sorted(init.parent.name for init in (ROOT / "service" / "rulesets").glob("*/__init__.py"))
BARE_FILE = re.compile(r"[\w-][\w.-]*\.(?:py|md|json|yaml|yml|toml|po|pot|js|css|html|txt|lock|sh)")
NOT_PATHS = ("/", "…", ".venv/")


def table_rows(text: str) -> list[str]:
    """The body rows of the first table after the heading."""
    rows: list[str] = []
    for line in text.split(HEADING, 1)[1].splitlines():
        if line.startswith("|"):
            rows.append(line)
        elif rows:
            break
    return rows[2:]


def module_file(module: str) -> str:
    """The file ``python -m module`` runs: a package's ``__main__.py`` or the module."""
    path = module.replace(".", "/")
    return f"{path}/__main__.py" if (ROOT / path).is_dir() else f"{path}.py"


def named_in(row: str) -> tuple[list[str], list[str]]:
    """(paths from the root, files named without a folder) in one row's code spans."""
    paths: list[str] = []
    bare: list[str] = []
    for span in CODE.findall(row):
        words = span.split()
        for before, word in zip(["", *words], words, strict=False):
            if before == "-m":
                paths.append(module_file(word))
            elif "/" in word:
                if not word.startswith(NOT_PATHS):
                    paths.append(word)
            elif BARE_FILE.fullmatch(word):
                bare.append(word)
    return paths, bare


def exists(path: str) -> bool:
    """Whether ``path`` matches a file, or a folder when it ends with ``/``,
    under the root, for one ruleset's name at least in place of ``<name>``."""
    folder = path.endswith("/")
    patterns = {PLACEHOLDER.sub("*", path.replace("<name>", name)).rstrip("/") for name in RULESET_NAMES}
    return any(match.is_dir() or not folder for pattern in patterns for match in ROOT.glob(pattern))


def anchor(heading: str) -> str:
    """A heading's anchor as the document viewers make it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def link_problem(target: str) -> str | None:
    """What is wrong with a link from the document, or None."""
    name, _, fragment = target.partition("#")
    if "://" in name:
        return None
    document = DOC.parent / name if name else DOC
    if not document.is_file():
        return f"{target}: no document {name}"
    headings = {anchor(line.lstrip("#")) for line in document.read_text(encoding="utf-8").splitlines() if line.startswith("#")}
    if fragment and fragment not in headings:
        return f"{target}: no heading #{fragment} in {name or DOC.name}"
    return None


def problems(rows: list[str]) -> list[str]:
    """Every path, module or link the rows name that is not there, and every bare file name."""
    found: list[str] = []
    for row in rows:
        paths, bare = named_in(row)
        found += [f"{path}: not in the repository" for path in paths if not exists(path)]
        found += [f"{name}: named without its folder" for name in bare]
        found += [problem for target in LINK.findall(row) if (problem := link_problem(target))]
    return found


def test_every_path_the_table_names_exists() -> None:
    rows = table_rows(DOC.read_text(encoding="utf-8"))
    assert problems(rows) == []


def test_the_table_is_read() -> None:
    rows = table_rows(DOC.read_text(encoding="utf-8"))
    assert rows[0].startswith("| a ruleset |")
    paths = {path for row in rows for path in named_in(row)[0]}
    assert {"service/rulesets/<name>/", "service/rulesets/registry.py", "tests/rulesets/<name>/", "tools/export_openapi.py"} <= paths
    assert "i18n.md#adding-a-language" in {target for row in rows for target in LINK.findall(row)}


def test_made_up_rows_are_caught() -> None:
    rows = [
        "| a thing | `service/core/money.py`, `service/rulesets/<name>/endpoints.py`, `tests/rulesets/<name>/`, `POST /v1/<ruleset>/hands`, `POST …/hands` |",
        "| gone | `service/core/nowhere.py`, `tests/<name>/`, `service/core/money.py/`, `settlement.py` in its folder |",
        "| a language | `service/i18n/locale/<tag>.po`, `service/i18n/locale/*.pot`, `service/i18n/locale/<tag>.mo` |",
        "| run | `.venv/bin/python -m tools.export_openapi`, `python -m service`; `python -m tools.no_such_tool` |",
        "| read | [i18n.md](i18n.md#adding-a-language), [x](no_such.md), [y](i18n.md#no-such-heading), [z](#where-to-change-what) |",
    ]
    assert problems(rows) == [
        "service/core/nowhere.py: not in the repository",
        "tests/<name>/: not in the repository",
        "service/core/money.py/: not in the repository",
        "settlement.py: named without its folder",
        "service/i18n/locale/<tag>.mo: not in the repository",
        "tools/no_such_tool.py: not in the repository",
        "no_such.md: no document no_such.md",
        "i18n.md#no-such-heading: no heading #no-such-heading in i18n.md",
    ]


# --- every module named ---------------------------------------------------------------------

MODULE_ROW = re.compile(r"^\| `(service/[^`]+\.py)` \| (.+) \|$", re.MULTILINE)


def module_rows(text: str) -> dict[str, str]:
    """The "Every module" table: path → its line."""
    return dict(MODULE_ROW.findall(text.split("## Every module", 1)[1]))


def test_every_module_of_the_service_is_named_with_one_line() -> None:
    rows = module_rows(DOC.read_text(encoding="utf-8"))
    modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / "service").rglob("*.py")}
    assert sorted(modules - rows.keys()) == [], "modules missing from docs/architecture.md's Every module table"
    assert sorted(rows.keys() - modules) == [], "rows naming modules that are gone"
    assert all(line.strip() and "TODO" not in line for line in rows.values())


def test_the_module_table_is_read_from_its_rows() -> None:
    text = "## Every module\n\n| module | what it holds |\n|---|---|\n| `service/a.py` | A. |\n| `service/b/c.py` | The C. |\n"
    assert module_rows(text) == {"service/a.py": "A.", "service/b/c.py": "The C."}
