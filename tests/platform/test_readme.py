"""Every `$ curl` example in README.md and docs/*.md answers what it shows.

Each example is replayed against the in-process app, or against a running
service when MAHJONG_README_BASE_URL names it (tools/image_check.sh replays
them against the container). A JSON answer is
compared whole; one cut short with `…` is compared up to that point; an
answer piped through `grep PATTERN` is compared with the lines that match.
A body sent as ``-d @file`` is read from that file (docs/examples/), from
the repository's root. Only examples piped through `jq` are left out (the suite has no jq). Any
other example the test cannot replay (no answer shown, an option or a pipe
it does not know) fails: a document never shows an answer nobody checked.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


class Example(NamedTuple):
    where: str
    command: str
    shown: str


def examples(path: Path) -> list[Example]:
    """`$ curl …` lines (with `\\` continuations) and the lines after them up
    to a blank line, the next `$ ` or the end of the code block."""
    found = []
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ curl"):
            i += 1
            continue
        start = i
        command = lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command[:-1].rstrip() + " " + lines[i]
        i += 1
        shown = []
        while i < len(lines) and lines[i] and not lines[i].startswith(("$ ", "```")):
            shown.append(lines[i])
            i += 1
        found.append(Example(f"{path.relative_to(ROOT)}:{start + 1}", command, "\n".join(shown)))
    return found


EXAMPLES = [example for path in DOCUMENTS for example in examples(path)]
REPLAYED = [example for example in EXAMPLES if not re.search(r"\|\s*jq\b", example.command)]
PARAMS = [
    pytest.param(example, id=example.where, marks=() if example in REPLAYED else pytest.mark.skip(reason="piped through jq"))
    for example in EXAMPLES
]


class Request(NamedTuple):
    method: str
    path: str
    body: str | None
    headers: dict[str, str]
    grep: str | None
    only_matching: bool = False


def parse(command: str) -> Request:
    """The request a `curl` command line sends, and the `grep` it is piped to.
    Anything else makes the example fail."""
    curl, *pipes = [part.strip() for part in command.split(" | ")]
    grep, only_matching = None, False
    for pipe in pipes:
        words = shlex.split(pipe)
        assert words[0] == "grep" and len(words) in (2, 3), f"cannot replay the pipe `{pipe}`"
        if len(words) == 3:
            assert words[1] == "-o", f"cannot replay the pipe `{pipe}`"
            only_matching = True
        grep = words[-1]
    words = shlex.split(curl, comments=True)
    assert words[0] == "curl", command
    method, body, headers, url = "GET", None, {}, None
    rest = iter(words[1:])
    for word in rest:
        if word == "-s":
            continue
        if word == "-X":
            method = next(rest)
        elif word in ("-d", "--data"):
            body = next(rest)
            if body.startswith("@"):
                # `-d @file`: the file's text, as curl reads it (without its line breaks), from the
                # repository's root, where the documents' examples are run
                body = (ROOT / body[1:]).read_text(encoding="utf-8").replace("\r", "").replace("\n", "")
        elif word == "-H":
            name, value = next(rest).split(":", 1)
            headers[name.strip()] = value.strip()
        elif word.startswith("localhost:8000/") and url is None:
            url = word
        else:
            raise AssertionError(f"cannot replay `{word}` in `{command}`")
    assert url is not None, f"no localhost:8000 URL in `{command}`"
    return Request(method, url.removeprefix("localhost:8000"), body, headers, grep, only_matching)


def test_the_documents_have_examples() -> None:
    assert len(REPLAYED) >= 25
    assert {e.where.split(":")[0] for e in REPLAYED} >= {"README.md"}


@pytest.fixture(scope="module")
def service(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The in-process app, or the running service at MAHJONG_README_BASE_URL."""
    base = os.environ.get("MAHJONG_README_BASE_URL")
    if not base:
        yield request.getfixturevalue("client")
        return
    with httpx.Client(base_url=base, timeout=30) as running:
        yield running


@pytest.mark.parametrize("example", PARAMS)
def test_example_answers_what_it_shows(service, example: Example) -> None:
    request = parse(example.command)
    assert example.shown, f"{example.where} shows no answer"
    response = service.request(request.method, request.path, content=request.body, headers=request.headers)
    text = response.text
    if request.grep is not None and request.only_matching:  # `grep -o`: each match on its own line
        text = "\n".join(match.group(0) for match in re.finditer(request.grep, text))
    elif request.grep is not None:
        text = "\n".join(line for line in text.splitlines() if re.search(request.grep, line))
    shown = example.shown
    message = f"{example.where} shows:\n{shown}\nthe service says:\n{text[:600]}"
    if shown.endswith("…"):
        assert text.startswith(shown[:-1].rstrip()), message
    elif shown.startswith(("{", "[")):
        assert json.loads(text) == json.loads(shown), message
    else:
        assert text.strip() == shown.strip(), message
