"""Instructions per settlement, counted by valgrind's callgrind: a figure
that does not move with the machine's speed, unlike µs on a shared VM.

    .venv/bin/python bench/instructions.py [ruleset ...]

Needs valgrind (Debian: apt-get install valgrind). For each ruleset it runs
the engine on the bench's sample hand (bench/run.py) 1,000 times inside
``functools.reduce``, counts only what runs inside that call
(``--toggle-collect``), and prints instructions per settlement. The engine
is called as the service calls it: in a request whose task already has the
exact decimal context. About 15 s per ruleset.

``batch`` (listed last) counts one item of ``POST /v1/settlements/batch``'s
loop, the handler's own function (``service.api.batch.settle_items``: decode
the raw item, settle it, encode its entry into the response body, tally
it), over two whole batches of the bench's mixed items (bench/run.py, each
ruleset in turn), per item.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from callgrind import instructions_inside_reduce

ROOT = Path(__file__).resolve().parents[1]
CALLS = 1000
BATCHES = 2

CHILD = """
import functools, json, sys
from service.core.codec import decode
from service.core.money import use_exact_context
from service.rulesets.registry import RULESETS
sys.path.insert(0, "bench")
from run import SAMPLES
ruleset = next(r for r in RULESETS if r.name == sys.argv[1])
request = decode(json.dumps(SAMPLES[ruleset.name]).encode(), ruleset.request)
use_exact_context()
settle = ruleset.settle
for _ in range(200):
    settle(request)
functools.reduce(lambda _, __: settle(request), range(int(sys.argv[2])), None)
"""

BATCH_CHILD = """
import functools, json, sys
import msgspec
from service.api.batch import settle_items
from service.core.money import use_exact_context
from service.i18n import DEFAULT
sys.path.insert(0, "bench")
from run import batch_items
raws = [msgspec.Raw(json.dumps(item).encode()) for item in batch_items()]  # as the handler gets them
use_exact_context()
settle_items(raws, "/v1/settlements/batch", DEFAULT)  # warm-up, not counted (outside functools.reduce)
functools.reduce(lambda _, __: settle_items(raws, "/v1/settlements/batch", DEFAULT), range(int(sys.argv[2])), None)
"""


def count(ruleset: str) -> int:
    if ruleset == "batch":  # whole batches of the bench's items, per item
        from run import BATCH_ITEMS

        return instructions_inside_reduce(BATCH_CHILD, ruleset, str(BATCHES)) // (BATCHES * BATCH_ITEMS)
    return instructions_inside_reduce(CHILD, ruleset, str(CALLS)) // CALLS


def main() -> int:
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed: apt-get install valgrind")
    sys.path.insert(0, str(ROOT))
    from service.rulesets.registry import RULESETS

    names = sys.argv[1:] or [*(ruleset.name for ruleset in RULESETS), "batch"]
    print("| ruleset | instructions per settlement |\n|---|---|")
    for name in names:
        print(f"| {name} | {count(name):,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
