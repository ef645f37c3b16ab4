"""Prometheus metrics, exact over every worker, for a few hundred
instructions a request.

Each worker keeps its counts in slots of 8-byte floats (:class:`Counts`).
Under ``python -m service`` the slots are a memory-mapped file in this
start's metrics directory (``MAHJONG_METRICS_RUN_DIR``, made by
service.serving), and ``GET /metrics``, whichever worker answers it, sums
every worker's file at that moment: nothing is published late or sampled.
A series' slots are allocated the first time it is counted, and the
series is named on one line of the worker's ``.series`` file before its
slots are used; a request then costs a dictionary lookup and two float
additions into the map. Only the worker's event-loop thread writes (every
handler runs there), and each worker writes only its own file, so no lock
is needed; an aligned 8-byte store is read whole by the scraping worker.

prometheus-client's own multiprocess mode, which this replaces, wrote its
file through a lock and two packed doubles on every increment: 44,000
instructions a Hong Kong settlement (bench/per_request.py), more than the
rules. prometheus-client is still what writes the text format.

Request counts and latency histograms are observed in service/api/asgi.py,
labelled by route *template* so fuzzed URLs cannot explode label
cardinality. On top of that the service counts settlements by ruleset and
warnings by code. A settlement answered on its ruleset's own route (``POST
/v1/<ruleset>/settlements``, whose every 200 is one settlement) is counted
once, as that request: ``mahjong_settlements_total`` adds those requests to
the settlements counted as such (batch items, ``POST /v1/settlements``) when
it is read (:data:`SETTLEMENT_ROUTES`). Counting them twice cost about 1,700
instructions a settlement.
"""

from __future__ import annotations

import json
import mmap
import os
import platform
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import msgspec
from litestar import Response, get
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.metrics_core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector

from service.rulesets.registry import RULESETS
from service.settings import METRICS_RUN_DIR_VARIABLE

PREFIX = "mahjong"

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Upper bounds in seconds of ``mahjong_request_duration_seconds``' buckets (and +Inf);
their ``le`` labels are their ``repr`` (``1.0``, as prometheus-client writes them)."""

FIRST_BUCKET = LATENCY_BUCKETS[0]

REQUEST_SLOTS = 1 + len(LATENCY_BUCKETS) + 1
"""A request series' slots: the sum of seconds, then one per bucket (not
cumulative; +Inf last). The count is the buckets' sum."""

CAPACITY = 1 << 16
"""Slots per worker (512 KiB, a sparse file). Series are bounded (route
templates × methods × statuses, rulesets × warning codes); past the
capacity a new series is not counted (see :meth:`Counts.slots`)."""

FULL = -1

SETTLEMENT_ROUTES: dict[str, str] = {f"/v1/{ruleset.name}/settlements": ruleset.name for ruleset in RULESETS}
"""Route template → ruleset, for the routes whose 200 answers are settlements
of that ruleset and are counted only as requests."""


class Counts:
    """One worker's counters. ``values[i]`` is slot ``i``; ``slots(key, n)``
    gives the first of ``n`` slots of a series, allocating them the first
    time."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """No slots yet: the next count opens them."""
        self.pid = -1
        self.values = memoryview(bytearray(8)).cast("d")
        self.starts: dict[tuple[str, ...], int] = {}
        self.series: list[tuple[int, tuple[str, ...]]] = []
        self.used = 0
        self._names: Any = None
        self._map: Any = None

    def _open(self) -> None:
        """The slots of this process, opened when it first counts: a fresh
        file when a run directory is set, else memory."""
        self.pid = os.getpid()
        directory = os.environ.get(METRICS_RUN_DIR_VARIABLE)
        if directory:
            path = os.path.join(directory, f"worker-{self.pid}")
            with open(path + ".counts", "w+b") as file:
                file.truncate(CAPACITY * 8)
                self._map = mmap.mmap(file.fileno(), CAPACITY * 8)
            self._names = open(path + ".series", "a", encoding="utf-8")  # noqa: SIM115  # open for the worker's life
        else:
            self._map, self._names = bytearray(CAPACITY * 8), None
        self.values = memoryview(self._map).cast("d")

    def slots(self, key: tuple[str, ...], width: int = 1) -> int:
        """The first of the ``width`` slots of the series ``key``. A series
        past the capacity gets :data:`FULL` (the caller counts nothing)."""
        if self._map is None:
            self._open()
        start = self.starts.get(key)
        if start is None:
            if self.used + width > CAPACITY:
                return FULL
            start = self.used
            self.used += width
            if self._names is not None:  # named before it is used
                self._names.write(json.dumps([start, *key]) + "\n")
                self._names.flush()
            self.starts[key] = start
            self.series.append((start, key))
        return start


COUNTS = Counts()
_REQUESTS: dict[tuple[str, str, int], int] = {}
_SETTLED: dict[str, int] = {}
_OTHERS: dict[tuple[str, ...], int] = {}


def _forget() -> None:
    """After a fork, the child starts its own slots (its own file): it must
    never add to its parent's."""
    COUNTS.reset()
    _REQUESTS.clear()
    _SETTLED.clear()
    _OTHERS.clear()


os.register_at_fork(after_in_child=_forget)


def observe(method: str, template: str, status: int, seconds: float) -> None:
    """Count a request and its duration."""
    key = (method, template, status)
    start = _REQUESTS.get(key)
    if start is None:
        start = _REQUESTS[key] = COUNTS.slots(("request", method, template, str(status)), REQUEST_SLOTS)
    if start != FULL:
        values = COUNTS.values
        values[start] += seconds
        # most requests end within the first bucket: no search for them
        bucket = 0 if seconds <= FIRST_BUCKET else bisect_left(LATENCY_BUCKETS, seconds)
        values[start + 1 + bucket] += 1.0


def _count(key: tuple[str, ...], count: int) -> None:
    start = _OTHERS.get(key)
    if start is None:
        start = _OTHERS[key] = COUNTS.slots(key)
    if start != FULL:
        COUNTS.values[start] += count


def count_settled(ruleset: str, count: int = 1) -> None:
    """Count settlements of a ruleset. Keyed by the ruleset's name alone: no
    tuple to build on the hot path."""
    start = _SETTLED.get(ruleset)
    if start is None:
        start = _SETTLED[ruleset] = COUNTS.slots(("settled", ruleset))
    if start != FULL:
        COUNTS.values[start] += count


def count_warnings(result: Any, ruleset: str) -> None:
    """Count a settlement's warnings, by code."""
    for item in result.warnings:
        _count(("warned", ruleset, item.code), 1)


def record_settlement(result: Any, ruleset: str | None = None) -> None:
    """Count a settlement of ``ruleset`` (default: the result's tag) and its warnings."""
    if ruleset is None:
        ruleset = result.__struct_config__.tag
    count_settled(ruleset)
    count_warnings(result, ruleset)


class Tally:
    """Settlements and warnings counted as a batch produces them, recorded
    once at its end. Per settlement, only its type is noted (``kinds``, a
    list the batch appends to: a method call and the ruleset's tag looked up
    on every item cost about 2,000 instructions an item); warnings, which
    few settlements have, are counted by :meth:`add_warnings`."""

    __slots__ = ("kinds", "warned")

    def __init__(self) -> None:
        self.kinds: list[type[msgspec.Struct]] = []
        self.warned: dict[tuple[str, str], int] = {}

    def add_warnings(self, result: Any) -> None:
        ruleset = result.__struct_config__.tag
        for item in result.warnings:
            key = (ruleset, item.code)
            self.warned[key] = self.warned.get(key, 0) + 1

    def record(self) -> None:
        for kind, count in Counter(self.kinds).items():
            count_settled(str(kind.__struct_config__.tag), count)  # a settlement is tagged with its ruleset
        for (ruleset, code), count in self.warned.items():
            _count(("warned", ruleset, code), count)


# --- reading: every worker's slots, summed ---------------------------------------------------


def read_worker(series_path: Path) -> Iterator[tuple[tuple[str, ...], list[float]]]:
    """A worker's series with their slot values, from its two files. A line
    still being written (no newline yet) is skipped: its slots are not in
    use yet."""
    counts_path = series_path.with_suffix(".counts")
    try:
        lines = series_path.read_text(encoding="utf-8").split("\n")[:-1]
        raw = counts_path.read_bytes()
    except FileNotFoundError:  # a worker starting
        return
    values = array("d")
    values.frombytes(raw[: len(raw) // 8 * 8])
    for line in lines:
        start, *key = json.loads(line)
        width = REQUEST_SLOTS if key[0] == "request" else 1
        yield tuple(key), values[start : start + width].tolist()


def own_series() -> Iterator[tuple[tuple[str, ...], list[float]]]:
    for start, key in COUNTS.series:
        width = REQUEST_SLOTS if key[0] == "request" else 1
        yield key, [float(value) for value in COUNTS.values[start : start + width]]


def summed() -> dict[tuple[str, ...], list[float]]:
    """Every series over every worker of this start (only this process's
    when no run directory is set)."""
    directory = os.environ.get(METRICS_RUN_DIR_VARIABLE)
    sources: Iterable[Iterator[tuple[tuple[str, ...], list[float]]]]
    if directory:
        sources = [read_worker(path) for path in sorted(Path(directory).glob("worker-*.series"))]
    else:
        sources = [own_series()]
    totals: dict[tuple[str, ...], list[float]] = {}
    for source in sources:
        for key, values in source:
            total = totals.get(key)
            if total is None:
                totals[key] = values
            else:
                for i, value in enumerate(values):
                    total[i] += value
    return totals


class SummedCollector(Collector):
    """The metric families, from :func:`summed`."""

    def collect(self) -> Iterator[Metric]:
        totals = summed()
        labels = ["method", "path", "status_code"]
        requests = CounterMetricFamily(f"{PREFIX}_requests", "HTTP requests, by method, route template and status.", labels=labels)
        latency = HistogramMetricFamily(
            f"{PREFIX}_request_duration_seconds", "HTTP request duration in seconds, by method, route template and status.", labels=labels
        )
        settled = CounterMetricFamily(f"{PREFIX}_settlements", "Hands settled, by ruleset.", labels=["ruleset"])
        warned = CounterMetricFamily(
            f"{PREFIX}_settlement_warnings", "Warnings attached to settlements, by ruleset and code.", labels=["ruleset", "code"]
        )
        settled_by_ruleset: dict[str, float] = {}
        for key in sorted(totals):
            values = totals[key]
            kind, *names = key
            if kind == "request":
                cumulative, buckets = 0.0, []
                for bound, count in zip((*(repr(bound) for bound in LATENCY_BUCKETS), "+Inf"), values[1:], strict=True):
                    cumulative += count
                    buckets.append((bound, cumulative))
                requests.add_metric(names, cumulative)
                latency.add_metric(names, buckets, values[0])
                method, path, status = names
                ruleset = SETTLEMENT_ROUTES.get(path)
                if ruleset is not None and method == "POST" and status == "200":
                    settled_by_ruleset[ruleset] = settled_by_ruleset.get(ruleset, 0.0) + cumulative
            elif kind == "settled":
                settled_by_ruleset[names[0]] = settled_by_ruleset.get(names[0], 0.0) + values[0]
            elif kind == "warned":
                warned.add_metric(names, values[0])
        for ruleset in sorted(settled_by_ruleset):
            settled.add_metric([ruleset], settled_by_ruleset[ruleset])
        build = GaugeMetricFamily(
            f"{PREFIX}_build_info",
            "The running build: version, source commit (MAHJONG_BUILD_COMMIT, empty when unset) and Python version. Always 1.",
            labels=["version", "commit", "python"],
        )
        build.add_metric(list(BUILD_LABELS), 1.0)
        yield from (requests, latency, settled, warned, build)


METRICS_MEDIA_TYPE = CONTENT_TYPE_LATEST.replace("; charset=utf-8", "")
"""prometheus-client's content type without its charset: litestar appends
``; charset=utf-8`` to every ``text/`` type, which would name it twice."""

_REGISTRY = CollectorRegistry(auto_describe=False)
_REGISTRY.register(SummedCollector())


@get("/metrics", tags=["Operations"], summary="Prometheus metrics", media_type=METRICS_MEDIA_TYPE, sync_to_thread=False)
def metrics() -> Response[bytes]:
    """Prometheus text format. With several workers, the sum over all of them when asked."""
    return Response(generate_latest(_REGISTRY), media_type=METRICS_MEDIA_TYPE)


def _build_labels() -> tuple[str, str, str]:
    from importlib.metadata import PackageNotFoundError, version

    from service.settings import Settings

    try:
        release = version("mahjong-settlement")
    except PackageNotFoundError:
        release = "unknown"
    return release, Settings.from_env().build_commit, platform.python_version()


BUILD_LABELS = _build_labels()
"""``mahjong_build_info``'s labels: always 1, shown once whatever the number of workers."""
