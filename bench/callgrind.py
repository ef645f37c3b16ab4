"""Counting instructions with valgrind's callgrind, for the bench scripts.

A child Python runs ``code`` (with ``args`` as ``sys.argv[1:]``) from the
repository's root; only what runs inside ``functools.reduce`` is counted
(``--toggle-collect``), so the code sets up and warms up first, then calls
what it measures inside one ``functools.reduce``.

The child's string hashes are fixed (``PYTHONHASHSEED=0`` unless the
environment sets another): with a random seed each run lays out its dicts and
sets differently, which moved one request's count by up to about 800
instructions between runs of the same code. Compare two versions under the
same seed (or seeds: docs/performance.md).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def instructions_inside_reduce(code: str, *args: str) -> int:
    """Instructions executed inside the child's ``functools.reduce`` call."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--collect-atstart=no",
                "--toggle-collect=functools_reduce",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                code,
                *args,
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")},
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        summary = re.search(r"^summary:\s+(\d+)", out.read_text(), re.MULTILINE)
        if summary is None:
            raise SystemExit(f"callgrind wrote no summary for {args}")
        return int(summary.group(1))
