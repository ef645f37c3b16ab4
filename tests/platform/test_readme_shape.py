"""The README stays a first page: under 250 lines (detail lives in docs/),
its "Test it" paragraph in short sentences, the licence named."""

from __future__ import annotations

import re

from tests.server import ROOT

README = ROOT / "README.md"


def test_the_readme_is_under_250_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) < 250


def test_the_test_it_paragraph_is_in_short_sentences() -> None:
    text = README.read_text(encoding="utf-8")
    paragraph = text[text.index("**Test it") :].split("\n\n", 1)[0]
    sentences = [s for s in re.split(r"(?<=[.:;])\s+(?=[A-Z`.(])", paragraph) if s.strip()]
    assert len(sentences) >= 5
    assert max(len(s.split()) for s in sentences) <= 30, max(sentences, key=lambda s: len(s.split()))


def test_the_readme_names_the_licence() -> None:
    text = README.read_text(encoding="utf-8")
    assert "Apache License 2.0" in text and "(LICENSE)" in text
