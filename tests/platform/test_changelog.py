"""CHANGELOG.md keeps the Keep a Changelog 1.1.0 form (keepachangelog.com):
an [Unreleased] section first, then released versions newest first, each
`## [x.y.z] - YYYY-MM-DD` with only the six kinds of change as subsections;
the newest release is the package's version. docs/api.md states what `/v1`
promises and how a deprecation is announced."""

from __future__ import annotations

import re
import tomllib

from tests.server import ROOT

KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")
"""The kinds of change Keep a Changelog 1.1.0 lists, in its order."""


def sections() -> list[tuple[str, str]]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    parts = re.split(r"^## ", text, flags=re.MULTILINE)[1:]
    return [(part.split("\n", 1)[0], part.split("\n", 1)[1]) for part in parts]


def test_unreleased_comes_first_then_versions_newest_first() -> None:
    headings = [heading for heading, _ in sections()]
    assert headings[0] == "[Unreleased]"
    versions = []
    for heading in headings[1:]:
        match = re.fullmatch(r"\[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})", heading)
        assert match, f"not a release heading: {heading!r}"
        versions.append(tuple(int(n) for n in match.groups()[:3]))
    assert versions == sorted(versions, reverse=True) and versions[-1] == (0, 1, 0)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert ".".join(map(str, versions[0])) == project["version"]


def test_each_section_lists_changes_under_the_six_kinds_in_order() -> None:
    for heading, body in sections():
        kinds = re.findall(r"^### (.+)$", body, re.MULTILINE)
        assert kinds, f"{heading} lists no kind of change"
        assert all(kind in KINDS for kind in kinds), f"{heading}: {kinds}"
        assert [KINDS.index(kind) for kind in kinds] == sorted(KINDS.index(kind) for kind in kinds)
        assert len(set(kinds)) == len(kinds)


def test_the_api_doc_states_the_versioning_promise() -> None:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text[text.index("## Versioning: what `/v1` promises") :]
    section = section[: section.index("\n## ", 1)]
    for phrase in ("additive only", "`Deprecation` header", "`Sunset`", "CHANGELOG.md", "ignore answer fields it does not know"):
        assert phrase in section, phrase
