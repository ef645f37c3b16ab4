"""Prometheus metrics.

Request counts and latency histograms are observed in service/api/asgi.py,
labelled by route *template* so fuzzed URLs cannot explode label
cardinality. On top of that the service counts settlements by ruleset and
warnings by code. With several uvicorn workers the
prometheus-client multiprocess mode is used: ``python -m service`` sets
``PROMETHEUS_MULTIPROC_DIR`` (emptied at start) before anything imports the
client, and ``/metrics`` sums every worker's files.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from litestar import Response, get
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    generate_latest,
    multiprocess,
)

PREFIX = "mahjong"

SETTLEMENTS = Counter(f"{PREFIX}_settlements", "Hands settled, by ruleset.", ["ruleset"])
WARNINGS = Counter(f"{PREFIX}_settlement_warnings", "Warnings attached to settlements, by ruleset and code.", ["ruleset", "code"])


_SETTLED: dict[str, Any] = {}
_WARNED: dict[tuple[str, str], Any] = {}


def record_settlement(result: Any) -> None:
    """Count a settlement and its warnings."""
    record_settlements((result,))


class Tally:
    """Settlements and warnings counted as they are produced, recorded once:
    a batch of 1,000 costs a handful of counter increments, not 1,000
    (labelled children are cached: `labels()` costs microseconds per call)."""

    __slots__ = ("settled", "warned")

    def __init__(self) -> None:
        self.settled: dict[str, int] = {}
        self.warned: dict[tuple[str, str], int] = {}

    def add(self, result: Any) -> None:
        ruleset = result.ruleset
        self.settled[ruleset] = self.settled.get(ruleset, 0) + 1
        for item in result.warnings:
            key = (ruleset, item.code)
            self.warned[key] = self.warned.get(key, 0) + 1

    def record(self) -> None:
        for ruleset, count in self.settled.items():
            counter = _SETTLED.get(ruleset)
            if counter is None:
                counter = _SETTLED[ruleset] = SETTLEMENTS.labels(ruleset)
            counter.inc(count)
        for key, count in self.warned.items():
            counter = _WARNED.get(key)
            if counter is None:
                counter = _WARNED[key] = WARNINGS.labels(*key)
            counter.inc(count)


def record_settlements(results: Iterable[Any]) -> None:
    """Count settlements and their warnings."""
    tally = Tally()
    for result in results:
        tally.add(result)
    tally.record()


@get("/metrics", tags=["Operations"], summary="Prometheus metrics", media_type=CONTENT_TYPE_LATEST, sync_to_thread=False)
def metrics() -> Response[bytes]:
    """Prometheus text format. With several workers, the sum over all of them."""
    registry = REGISTRY
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # prometheus_client leaves its __init__ unannotated
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)
