"""The service's rooms stay readable: modules of about 500 lines at most
(the tables kept as data aside, each named here with what it holds), a
ruleset's package with fewer than 20 modules at its top level (riichi groups
the rest in `hand/` and `records/`), and "table" in a module's name meaning
one thing, a ruleset's value table (`value_table.py`, or a second one beside
it as `value_table_<name>.py`): not the players, nor a score sheet.

Each check is also fed a made-up tree, so that it cannot pass by reading
nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
MOST_LINES = 500
MOST_TOP_MODULES = 19
DATA_TABLES = {
    "service/rulesets/taiwan/value_table.py": "the Taiwan tai table transcribed row by row, six apps' columns beside the table's own",
}
"""Modules allowed above :data:`MOST_LINES`: tables as data, one row a few lines."""
TABLE_NAME = re.compile(r"value_table(_[a-z0-9]+)?")


def too_long(root: Path, allowed: dict[str, str]) -> list[tuple[str, int]]:
    """Each Python module under ``root/service`` over :data:`MOST_LINES` lines
    and not in ``allowed``, with its length."""
    found = []
    for path in sorted((root / "service").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MOST_LINES and name not in allowed:
            found.append((name, lines))
    return found


def crowded(root: Path) -> list[tuple[str, int]]:
    """Each ruleset package under ``root`` with more than
    :data:`MOST_TOP_MODULES` modules at its top level (``__init__`` aside)."""
    found = []
    for init in sorted((root / "service" / "rulesets").glob("*/__init__.py")):
        modules = [path for path in init.parent.glob("*.py") if path.name != "__init__.py"]
        if len(modules) > MOST_TOP_MODULES:
            found.append((init.parent.name, len(modules)))
    return found


def other_tables(root: Path) -> list[str]:
    """Modules under ``root/service/rulesets`` with "table" in the name that
    are not a value table."""
    return sorted(
        path.relative_to(root).as_posix()
        for path in (root / "service" / "rulesets").rglob("*.py")
        if "table" in path.stem and not TABLE_NAME.fullmatch(path.stem)
    )


def _write(root: Path, name: str, lines: int = 1) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x = 1\n" * lines, encoding="utf-8")


def test_no_module_is_over_about_500_lines_but_the_tables_kept_as_data() -> None:
    assert too_long(ROOT, DATA_TABLES) == []


def test_each_module_allowed_to_be_long_is_there_and_is_long() -> None:
    for name in DATA_TABLES:
        assert len((ROOT / name).read_text(encoding="utf-8").splitlines()) > MOST_LINES, name


def test_the_length_check_finds_a_long_module_and_lets_a_listed_one_be(tmp_path: Path) -> None:
    _write(tmp_path, "service/core/short.py", MOST_LINES)
    _write(tmp_path, "service/core/long.py", MOST_LINES + 1)
    _write(tmp_path, "service/rulesets/fake/table.py", MOST_LINES + 1)
    assert too_long(tmp_path, {"service/rulesets/fake/table.py": "data"}) == [("service/core/long.py", MOST_LINES + 1)]


def test_each_ruleset_has_fewer_than_20_modules_at_its_top_level() -> None:
    assert crowded(ROOT) == []


def test_the_top_level_count_leaves_out_subpackages_and_finds_a_crowded_one(tmp_path: Path) -> None:
    _write(tmp_path, "service/rulesets/small/__init__.py")
    for index in range(MOST_TOP_MODULES):
        _write(tmp_path, f"service/rulesets/small/part_{index}.py")
        _write(tmp_path, f"service/rulesets/small/inner/part_{index}.py")
    _write(tmp_path, "service/rulesets/big/__init__.py")
    for index in range(MOST_TOP_MODULES + 1):
        _write(tmp_path, f"service/rulesets/big/part_{index}.py")
    assert crowded(tmp_path) == [("big", MOST_TOP_MODULES + 1)]


def test_table_in_a_rulesets_module_name_means_its_value_table() -> None:
    assert other_tables(ROOT) == []


@pytest.mark.parametrize(
    ("name", "flagged"),
    [
        ("value_table.py", False),
        ("value_table_yue.py", False),
        ("table.py", True),
        ("score_table.py", True),
        ("tai_table.py", True),
        ("value_tables.py", True),
    ],
)
def test_the_table_name_check_tells_a_value_table_from_another_table(tmp_path: Path, name: str, flagged: bool) -> None:
    _write(tmp_path, f"service/rulesets/fake/{name}")
    assert other_tables(tmp_path) == ([f"service/rulesets/fake/{name}"] if flagged else [])
