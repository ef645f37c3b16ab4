"""Bounded work per request, and long requests that give the event loop back.

A worker answers every request on one event loop: a request that computes
for 360 ms without a pause holds every other request of that worker, its
health probe included, for as long. So:

- **Every request's work is bounded.** Work is counted in units of one plain
  settlement of the first ruleset (its settlement endpoint with a stated
  value, as served; :data:`BUDGET_EXCEEDED` names it): a request may ask for at most :data:`BUDGET` units, and a batch
  or game that asks for more is refused with 413 naming the bound, before
  anything is settled. What each item weighs (:data:`WEIGHTS`) was measured
  by bench/costs.py, which also prints what the costliest accepted request
  costs.
- **Long requests give the loop back between items**: a batch's items and
  a game's hands are settled as steps of a generator (the rules code stays
  plain functions), and :func:`drive` lets the loop run other requests
  whenever a slice of :data:`SLICE_SECONDS` has passed (looked at every
  :data:`WORK_PER_LOOK` of work done), the long requests taking turns.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Generator
from typing import Any

import msgspec

from service.api.problems import WorkBoundExceeded
from service.i18n import N_
from service.rulesets.registry import RULESETS

BUDGET = 300
"""The most work one request may ask for, in units of work."""

SLICE_SECONDS = 0.001
"""A long request gives the event loop back once this much time has passed
since it last did (checked between items)."""

WORK_PER_LOOK = 2000
"""Work (hundredths of a unit) between two looks at the clock: twenty
units, about 2.5 ms here. A turn of the event loop costs about half a plain
batch item, so a look (and a turn, once the slice had passed) after every
item cost a batch item 27%; a look every twenty units of work costs about 1%
of it, and a slice is 1 ms, or twenty units when they take longer."""

DECODE_WORK = 10
"""The work of decoding one hand or item, as a step: a tenth of a unit."""

STEP_WORK = 500
"""The work of a step that does not say what it weighed (a game's hand,
stepped by the rules code): five units, about the costliest hand from its
tiles with the game's own share, so a game looks at the clock every two
hands."""

VALUE = "value"
"""An item or hand valued from the number the client states (`fan`,
`han`/`fu`, `tai`, `value`), a draw or an abort."""
PATTERNS = "patterns"
"""An item or hand valued from the patterns or yaku the client declares."""
RECORDED_HAND = "recorded_hand"
"""A hand of a recorded game (a ruleset's `game-records` endpoint): played
from its steps (up to the whole wall), then settled from the tiles."""

WEIGHTS: dict[str, float] = {
    VALUE: 0.3,
    PATTERNS: 0.5,
    **{ruleset.name: ruleset.tiles_weight for ruleset in RULESETS if ruleset.tiles_weight is not None},
    RECORDED_HAND: 12.0,
}
"""Units of work per batch item or game hand: :data:`VALUE`,
:data:`PATTERNS`, or valued from its `tiles` in that ruleset (its
``tiles_weight``). Each is the
costliest item of its kind bench/costs.py tried (long runs in one suit,
ippatsu with ten dora and ura dora indicators, answered in Japanese), measured in the worker's CPU time, with a margin of about two
fifths for what one run to the next varies on a busy machine."""

GAME_HAND = 0.5
"""Added to each hand of a game: its state, running totals and answer."""

BUDGET_EXCEEDED = N_(
    "A request may ask for at most {limit} units of work (one unit: one plain Hong Kong settlement); this one asks for {cost}. "
    "Split the work into {parts} requests of at most {limit} units each; docs/api.md (Limits) lists what each item and hand weighs."
)


_HUNDREDTHS = {kind: round(weight * 100) for kind, weight in WEIGHTS.items()}
"""The weights in hundredths of a unit: a request's cost is added up in whole numbers."""
GAME_HAND_HUNDREDTHS = round(GAME_HAND * 100)


def _given(value: Any) -> bool:
    return value is not None and value is not msgspec.UNSET and value != []


def item_weight(item: Any, ruleset: str) -> int:
    """An item's or hand's weight in hundredths of a unit: from its tiles
    in ``ruleset``, from declared patterns or yaku, or :data:`VALUE`."""
    if _given(getattr(item, "tiles", None)):
        return _HUNDREDTHS.get(ruleset, max(_HUNDREDTHS.values()))
    if _given(getattr(item, "patterns", None)) or _given(getattr(item, "yaku", None)):
        return _HUNDREDTHS[PATTERNS]
    return _HUNDREDTHS[VALUE]


def check_budget(cost: int) -> None:
    """413 naming the bound when ``cost`` (hundredths of a unit, the sum of
    :func:`item_weight`) is above :data:`BUDGET`."""
    if cost > BUDGET * 100:
        raise WorkBoundExceeded(BUDGET_EXCEEDED, limit=BUDGET, cost=-(-cost // 100), parts=-(-cost // (BUDGET * 100)))


def most_per_request(weight: float) -> int:
    """How many items (or hands) of ``weight`` units one request may carry
    under :data:`BUDGET`, worked out in hundredths as :func:`check_budget` does."""
    return BUDGET * 100 // round(weight * 100)


def limits() -> list[tuple[str, float, int, float, int]]:
    """Each kind of item: its weight in a batch and the most a batch may
    carry by work; its weight as a game hand and the most a game may carry by
    work (docs/api.md's "Limits" table, which a test holds to this)."""
    return [
        (kind, weight, most_per_request(weight), weight + GAME_HAND, most_per_request(weight + GAME_HAND))
        for kind, weight in WEIGHTS.items()
        if kind != RECORDED_HAND
    ]


WorkSteps = Generator[int | None, None, Any]
"""A long request's steps, as :func:`drive` runs them: each yields the work it
just did (hundredths of a unit), or None for :data:`STEP_WORK`; the generator
returns the answer. A game's :data:`~service.core.game.GameSteps` (yielding
None after each hand) are such steps."""


_TURNS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()
"""Per event loop: the turn long requests take, one at a time."""


def _turn() -> asyncio.Lock:
    loop = asyncio.get_running_loop()
    lock = _TURNS.get(loop)
    if lock is None:
        lock = _TURNS[loop] = asyncio.Lock()
    return lock


async def drive(steps: WorkSteps) -> Any:
    """Run ``steps`` to the end; returns what the generator returns.

    Long requests take turns: one at a time runs for a slice of
    :data:`SLICE_SECONDS`, then gives the event loop back and waits for its
    next turn (first come, first served). So however many long requests a
    worker holds, a turn of its loop has at most one slice of their work,
    and a short request (``/healthz``) waits a few slices, not one slice of
    each of them. The clock is read once every :data:`WORK_PER_LOOK` of
    work done, not after each step: a turn of the loop costs a batch item no
    more than about 1% (bench/per_request.py), where a look and a turn after
    each item cost 27%."""
    clock = time.perf_counter
    turn = _turn()
    while True:
        async with turn:
            deadline = clock() + SLICE_SECONDS
            try:
                while True:
                    done = 0
                    while done < WORK_PER_LOOK:
                        done += next(steps) or STEP_WORK
                    if clock() >= deadline:
                        break
            except StopIteration as finished:
                return finished.value
        await asyncio.sleep(0)
