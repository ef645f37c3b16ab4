"""Every `$ curl` example in the README answers what the README says it does.

A JSON answer is compared whole; one the README cuts short with `…` is
compared up to that point."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def examples() -> list[tuple[str, str, str | None, dict[str, str], str]]:
    found = []
    lines = [line.strip() for line in README.read_text(encoding="utf-8").splitlines()]
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ curl"):
            command = line[2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            i += 1
            output = []
            while i < len(lines) and lines[i].strip() and not lines[i].startswith("$ ") and not lines[i].startswith("```"):
                output.append(lines[i])
                i += 1
            words = shlex.split(command.split(" | ")[0])
            if " | " in command or not output:
                continue
            method = words[words.index("-X") + 1] if "-X" in words else "GET"
            body = words[words.index("-d") + 1] if "-d" in words else None
            headers = dict(tuple(part.strip() for part in words[i + 1].split(":", 1)) for i, w in enumerate(words) if w == "-H")
            url = next(w for w in words if w.startswith("localhost:8000"))
            found.append((method, url.removeprefix("localhost:8000"), body, headers, "\n".join(output)))
        else:
            i += 1
    return found


EXAMPLES = examples()


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize(("method", "path", "body", "headers", "expected"), EXAMPLES, ids=[f"{m} {p}" for m, p, _, _, _ in EXAMPLES])
def test_readme_example(client, method, path, body, headers, expected) -> None:
    response = client.request(method, path, content=body, headers=headers)
    text = response.text
    if expected.endswith("…"):
        assert text.startswith(expected[:-1].rstrip()), f"README shows:\n{expected}\nservice says:\n{text[:600]}"
    elif expected.lstrip().startswith(("{", "[")):
        assert json.loads(text) == json.loads(expected)
    else:
        assert text.strip() == expected.strip()
