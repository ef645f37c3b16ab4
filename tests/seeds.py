"""Where the rule sources live, for every test that reads them.

The five rule sources (docs/sources.md) are not part of the repository: they
sit in ``shared/seeds/`` beside its root, ``../shared/seeds``. In a git
worktree the root is the main checkout's (where ``.git`` is a folder), so
every worktree reads the same files. ``MAHJONG_SEEDS_DIR`` points elsewhere.

A test that needs a source calls :func:`seed_file`. When the folder is
missing, the test is skipped on a developer's machine and fails under CI
(``CI`` set, as ``.ci/run`` is run): a landing never passes by not reading
the sources.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]


def _main_checkout(root: Path) -> Path:
    """The checkout whose ``.git`` is a folder: ``root`` itself, or the main
    checkout of the worktree ``root`` is (``.git`` holds ``gitdir: <main>/.git/worktrees/<name>``)."""
    dot_git = root / ".git"
    if dot_git.is_file():
        target = dot_git.read_text(encoding="utf-8").strip().removeprefix("gitdir:").strip()
        common = Path(target)
        if common.parent.name == "worktrees":
            return common.parent.parent.parent
    return root


SEEDS = Path(os.environ.get("MAHJONG_SEEDS_DIR") or _main_checkout(REPOSITORY).parent / "shared" / "seeds")
"""The folder of rule sources: ``000_*.txt`` … ``004_*.txt``."""


def seed_file(number: str) -> Path:
    """The rule source ``number`` ("000" … "004"). Skips the calling test when
    the folder is missing, or fails it under CI."""
    found = sorted(SEEDS.glob(f"{number}_*.txt")) if SEEDS.is_dir() else []
    if not found:
        message = f"rule source {number} is not in {SEEDS} (set MAHJONG_SEEDS_DIR)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found[0]
