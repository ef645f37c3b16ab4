"""The service is Apache-2.0, and every runtime dependency in requirements.lock
has a licence that allows it: read from the installed distributions' own
metadata (License-Expression, else License, else the classifiers, else the
first line of the licence file they ship), checked against an allow-list of
permissive licences, and listed in docs/operations.md ("Licences")."""

from __future__ import annotations

import hashlib
import importlib.metadata
import re
import tomllib

import pytest

from tests.server import ROOT

PERMISSIVE = {"MIT", "BSD", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "PSF-2.0", "ISC"}
"""Licences that allow use in an Apache-2.0 work without conditions beyond
keeping their notices."""
REVIEWED = {"MPL-2.0": "file-level copyleft: certifi's CA bundle is used unmodified, so nothing of ours falls under it"}
"""Licences that are not permissive but allow this use, with the reason."""

_CLASSIFIERS = {
    "MIT License": "MIT",
    "BSD License": "BSD",
    "Apache Software License": "Apache-2.0",
    "Mozilla Public License 2.0 (MPL 2.0)": "MPL-2.0",
}
_NAMES = {"MIT License": "MIT", "Apache License 2.0": "Apache-2.0", "Apache Software License": "Apache-2.0"}

APACHE_2_MD5 = "3b83ef96387f14655fc854ddc3c6bd57"
"""md5 of https://www.apache.org/licenses/LICENSE-2.0.txt, the licence text
as the Apache Software Foundation publishes it."""


def locked_runtime() -> list[str]:
    return re.findall(r"^([A-Za-z0-9_.-]+)==", (ROOT / "requirements.lock").read_text(), re.MULTILINE)


def licence_of(name: str) -> str:
    meta = importlib.metadata.metadata(name)
    if meta.get("License-Expression"):
        return meta["License-Expression"]
    text = (meta.get("License") or "").strip().splitlines()
    if text and len(text[0]) <= 40:
        return _NAMES.get(text[0].strip(), text[0].strip())
    classifiers = [c.rsplit(" :: ", 1)[1] for c in meta.get_all("Classifier") or [] if c.startswith("License :: OSI Approved :: ")]
    if classifiers:
        return " OR ".join(_CLASSIFIERS.get(c, c) for c in classifiers)
    files = [f for f in importlib.metadata.files(name) or [] if f.name.upper().startswith(("LICENSE", "COPYING"))]
    first = files[0].read_text().strip().splitlines()[0].strip() if files else "unknown"
    return _NAMES.get(first, first)


def allowed(expression: str) -> bool:
    """An SPDX expression without parentheses: OR takes any branch, AND needs all."""
    return any(all(part.strip() in PERMISSIVE | set(REVIEWED) for part in branch.split(" AND ")) for branch in expression.split(" OR "))


def documented() -> dict[str, str]:
    text = (ROOT / "docs" / "operations.md").read_text()
    section = text[text.index("\n## Licences") :]
    return dict(re.findall(r"^\| `([a-z0-9_.-]+)` \| ([^|]+?) \|", section, re.MULTILINE))


def test_the_project_is_apache_2_0() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["license"] == "Apache-2.0"
    assert hashlib.md5((ROOT / "LICENSE").read_bytes()).hexdigest() == APACHE_2_MD5
    requires = project["build-system"]["requires"]
    # PEP 639's string licence needs setuptools 77 (its changelog, v77.0.0)
    assert any(re.fullmatch(r"setuptools>=(\d+)", r) and int(r.split(">=")[1]) >= 77 for r in requires)


@pytest.mark.parametrize("name", locked_runtime())
def test_every_runtime_dependency_allows_apache_2_0(name: str) -> None:
    licence = licence_of(name)
    assert allowed(licence), f"{name} is {licence}: not on the allow-list; review it before shipping"


def test_the_docs_list_every_runtime_dependency_and_its_licence() -> None:
    expected = {name: licence_of(name) for name in locked_runtime()}
    assert documented() == expected
