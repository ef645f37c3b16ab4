"""docs/performance.md stays a guide (how to measure, the current figures,
the explanations the code points to) of at most 250 lines; the change
history lives in docs/performance-history.md, linked from the guide and the
README, its dated sections in date order. Every module that points a reader
to docs/performance.md is named in the guide, so the pointer finds its
explanation there and not only in the history."""

from __future__ import annotations

import re

from tests.server import ROOT

GUIDE = ROOT / "docs" / "performance.md"
HISTORY = ROOT / "docs" / "performance-history.md"
POINTER = "docs/performance.md"
DATE = re.compile(r"\((\d{4}-\d{2}-\d{2})\)")


def pointing_files() -> list[str]:
    """Paths (from the root) of the service's and the bench's files whose
    comments point to docs/performance.md."""
    found: list[str] = []
    for folder in ("service", "bench"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if POINTER in path.read_text(encoding="utf-8"):
                found.append(path.relative_to(ROOT).as_posix())
    return found


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_guide_is_at_most_250_lines() -> None:
    assert len(GUIDE.read_text(encoding="utf-8").splitlines()) <= 250


def test_every_module_pointing_to_the_guide_is_named_in_it() -> None:
    files = pointing_files()
    # service/api/fast.py, asgi.py, codec.py, metrics.py, core/money.py,
    # core/settlement.py, riichi/settlement.py, riichi/payments.py and
    # bench/callgrind.py point there today: the walk must find them.
    assert len(files) >= 9, files
    assert "service/api/fast.py" in files
    guide = GUIDE.read_text(encoding="utf-8")
    for path in files:
        tail = "/".join(path.split("/")[-2:])  # e.g. riichi/settlement.py, bench/callgrind.py
        assert tail in guide, f"{path} points to {POINTER}, which does not name it"


def test_the_history_exists_and_is_linked_from_the_guide_and_the_readme() -> None:
    assert HISTORY.is_file()
    assert "](performance-history.md" in GUIDE.read_text(encoding="utf-8")
    assert "](docs/performance-history.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_guides_links_into_the_history_find_a_heading() -> None:
    headings = {slug(line.lstrip("#")) for line in HISTORY.read_text(encoding="utf-8").splitlines() if line.startswith("#")}
    anchors = re.findall(r"\]\(performance-history\.md#([^)]+)\)", GUIDE.read_text(encoding="utf-8"))
    assert anchors
    for anchor in anchors:
        assert anchor in headings, anchor


def test_the_history_is_in_date_order() -> None:
    dates = [m.group(1) for line in HISTORY.read_text(encoding="utf-8").splitlines() if line.startswith("#") for m in DATE.finditer(line)]
    assert len(dates) >= 10
    assert dates == sorted(dates)


def test_the_slug_is_githubs() -> None:
    # Worked by hand: lower case, the comma and brackets dropped, spaces to "-".
    assert slug("What the entry costs, and the bound it sets (2026-12-01)") == "what-the-entry-costs-and-the-bound-it-sets-2026-12-01"
