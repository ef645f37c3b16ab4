"""`.ci/run` runs exactly the README's test command (after its install and
lint steps), and installs every system package the browser tests need, not
only when the browser is missing."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_test_command() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.split(r"\*\*Test it\.?\*\*", text, maxsplit=1)[1]
    command = next(line.strip() for line in block.splitlines() if line.startswith("    "))
    return [step.strip() for step in command.split("&&")]


def test_ci_runs_every_step_of_the_readme_test_command_in_order() -> None:
    lines = [line.strip() for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()]
    steps = readme_test_command()
    assert steps[-1] == ".venv/bin/python -m pytest -q"
    positions = [lines.index(step) for step in steps]
    assert positions == sorted(positions)


def test_ci_installs_each_browser_package_that_is_missing() -> None:
    """The fonts are checked on their own: a machine with chromium and no
    fonts-noto-cjk renders every CJK character as a box."""
    script = (ROOT / ".ci/run").read_text(encoding="utf-8")
    loop = re.search(r"for package in ([^;]+); do", script)
    assert loop is not None
    assert loop.group(1).split() == ["chromium", "chromium-driver", "fonts-noto-cjk"]
    assert 'apt-get install -y -q "${missing[@]}"' in script


def test_ci_builds_and_checks_the_image_after_the_tests() -> None:
    """The image is built and run in CI (tools/image_check.sh): a change to
    the Dockerfile, the lock or the entry point that breaks the container
    fails CI, after the tests have had their say."""
    lines = [line.strip() for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()]
    assert lines.index("tools/image_check.sh") > lines.index(".venv/bin/python -m pytest -q")
    script = ROOT / "tools" / "image_check.sh"
    assert script.stat().st_mode & 0o111, "executable"
    text = script.read_text(encoding="utf-8")
    assert text.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in text
    # what keeps the HEALTHCHECK, what stands in for the registry, what the operator runs
    for needed in ("--format docker", "BASE_IMAGE=", "--read-only", "--cap-drop ALL", "podman healthcheck run"):
        assert needed in text, needed
