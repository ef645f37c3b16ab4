"""The complexity gate (``python -m tools.complexity``, run by `.ci/run`):
no function of the service, the tools or the benchmarks above 20 by radon's
count, which counts each ``and``/``or`` as ruff's C90 does not; the
allow-list of functions still being split only shrinks.

The checker is also fed made-up modules whose complexity is worked out by
hand (one for the function, one for each ``if``, one for each boolean
operator beyond the first operand), so that it cannot pass by reading
nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.complexity import ALLOWED, DEFAULT_PATHS, LIMIT, ROOT, allowed_list, blocks, main, problems, read


def branches(name: str, ifs: int, indent: str = "") -> str:
    """A function of complexity 1 + ``ifs``: one ``if`` per line."""
    body = "".join(f"{indent}    if x == {n}:\n{indent}        return {n}\n" for n in range(ifs))
    return f"{indent}def {name}(x):\n{body}{indent}    return -1\n"


def test_the_service_tools_and_benchmarks_are_within_the_limit() -> None:
    assert problems(read(DEFAULT_PATHS)) == []


def test_ci_runs_the_gate_after_ruff_and_before_mypy() -> None:
    lines = [line.strip() for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()]
    gate = lines.index(".venv/bin/python -m tools.complexity")
    assert lines.index(".venv/bin/ruff format --check .") < gate < lines.index(".venv/bin/mypy service")


def test_a_function_at_the_limit_passes_and_one_above_fails() -> None:
    assert LIMIT == 20
    at_limit = branches("at_limit", 19)  # 1 + 19 ifs = 20
    above = branches("above", 20)  # 1 + 20 ifs = 21
    assert list(blocks(at_limit)) == [("at_limit", 1, 20)]
    assert problems({"made_up.py": at_limit}, allowed=()) == []
    assert problems({"made_up.py": above}, allowed=()) == ["made_up.py:1 above 21"]


def test_boolean_operators_count() -> None:
    """21 comparisons joined by ``or``: 1 + 20 operators = 21, though mccabe
    (ruff's C90) counts this function as 1."""
    source = "def many(x):\n    return " + " or ".join(f"x == {n}" for n in range(21)) + "\n"
    assert problems({"made_up.py": source}, allowed=()) == ["made_up.py:1 many 21"]


def test_methods_and_nested_functions_are_named_and_checked_once() -> None:
    source = "class Seat:\n" + branches("method", 20, "    ") + "\n\ndef outer():\n" + branches("inner", 21, "    ") + "    return inner\n"
    assert problems({"made_up.py": source}, allowed=()) == ["made_up.py:2 Seat.method 21", "made_up.py:47 outer.inner 22"]


def test_the_allow_list_only_shrinks() -> None:
    """An allowed function above the limit passes; one split down to the
    limit, or gone from a file that was read, fails until it is removed; one
    in a file that was not read is not judged."""
    allowed = {"made_up.py:above", "made_up.py:split", "made_up.py:gone", "elsewhere.py:other"}
    source = branches("above", 25) + "\n\n" + branches("split", 19)
    assert problems({"made_up.py": source}, allowed=allowed) == [
        "made_up.py:55 split 20 (at most 20 now: remove it from tools/complexity_allowed.txt)",
        "made_up.py:gone not found (remove it from tools/complexity_allowed.txt)",
    ]


def test_the_allow_list_file_is_one_function_a_line() -> None:
    assert allowed_list("# why\n\nservice/a.py:f\n  service/b.py:C.g  \n") == {"service/a.py:f", "service/b.py:C.g"}


def test_every_allowed_function_is_in_the_service() -> None:
    for key in ALLOWED:
        path = key.rsplit(":", 1)[0]
        assert path.startswith("service/"), key
        assert (ROOT / path).is_file(), key


def test_the_command_prints_each_offender_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = tmp_path / "made_up.py"
    module.write_text(branches("fine", 3) + "\n\n" + branches("above", 22), encoding="utf-8")
    assert main([str(module)]) == 1
    assert capsys.readouterr().out == f"{module.as_posix()}:11 above 23\n"
    module.write_text(branches("fine", 3), encoding="utf-8")
    assert main([str(module)]) == 0
    assert capsys.readouterr().out == ""


def test_installed_code_under_a_checked_folder_is_left_out(tmp_path: Path) -> None:
    """CI installs the client generators into tools/clients/.venv before the
    gate runs: code in a virtualenv or node_modules is not ours to split."""
    from tools.complexity import read

    branches = "".join(f"    if x == {n}:\n        return {n}\n" for n in range(25))
    for folder in ("tools_x/.venv/lib/site-packages/dep", "tools_x/node_modules/pkg", "tools_x/ours"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "m.py").write_text(f"def f(x):\n{branches}")
    found = read([str(tmp_path / "tools_x")])
    assert [Path(path).parent.name for path in found] == ["ours"]
