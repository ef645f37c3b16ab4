"""Prometheus metrics, exact over every worker, at little cost a request
(docs/performance.md), in files that never grow once the service is ready.

Each worker keeps its counts in slots of 8-byte floats (:class:`Counts`).
The slots of every series the service can count are laid out at start
(:class:`Layout`): every label comes from a fixed set, so a client can
neither add a series nor make a file grow. The labels:

- ``method``: the methods the service serves (:data:`METHODS`), any other
  under ``other``;
- ``path``: the app's route templates, and ``unmatched`` for every path no
  route matches;
- ``status_code``: the statuses the service answers (:data:`STATUSES`), any
  other under ``other``;
- ``ruleset`` and ``code``: the registry's rulesets and the catalogue of
  warning codes.

Under ``python -m service`` the slots are a memory-mapped file in this
start's metrics directory (``MAHJONG_METRICS_RUN_DIR``, made by
service.serving). The process that binds the port makes one file per worker
(``slot-<i>.counts``, :data:`FILE_BYTES` each) and allocates its blocks
before any worker starts (service.metrics_files), so a full or unwritable
directory is found at start, and a write into a mapped page can never need
a new block (no SIGBUS, no ENOSPC after ready). Each worker takes the first
slot file nobody holds (an exclusive ``flock`` kept for its life); a worker
that dies and is replaced leaves its lock, and its replacement adds to the
same counts. ``GET /metrics``, whichever worker answers it, sums every slot
file at that moment: nothing is published late or sampled. A request costs
a dictionary lookup and two float additions into the map. Only the worker's
event-loop thread writes (every handler runs there), and each worker
writes only its own file, so no lock is needed; an aligned 8-byte store is
read whole by the scraping worker.

prometheus-client's own multiprocess mode, which this replaces, wrote its
file through a lock and two packed doubles on every increment, which cost
a settlement more than its rules (docs/performance.md). prometheus-client
is still what writes the text format.

Request counts and latency histograms are observed in service/api/asgi.py.
On top of that the service counts settlements by ruleset and warnings by
code. A settlement answered on its ruleset's own route (``POST
/v1/<ruleset>/settlements``, whose every 200 is one settlement) is counted
once, as that request: ``mahjong_settlements_total`` adds those requests to
the settlements counted as such (batch items, ``POST /v1/settlements``) when
it is read (:data:`SETTLEMENT_ROUTES`), rather than counted twice.

What ``/metrics`` lists: ``mahjong_settlements_total`` for every ruleset
(zero included), and each request and warning series once any worker has
counted it (listing every possible request series at zero would be about
3,000 series of 16 lines each; their slots exist from start all the same).
"""

from __future__ import annotations

import fcntl
import logging
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

from service.metrics_files import (
    FILE_BYTES,
    MAX_PATHS,
    MAX_RULESETS,
    MAX_WARNING_CODES,
    METHOD_LABELS,
    REQUEST_REGION,
    REQUEST_SLOTS,
    STATUS_LABELS,
)
from service.rulesets.registry import RULESETS, WARNINGS
from service.settings import METRICS_RUN_DIR_VARIABLE

log = logging.getLogger("service.metrics")

PREFIX = "mahjong"

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Upper bounds in seconds of ``mahjong_request_duration_seconds``' buckets (and +Inf);
their ``le`` labels are their ``repr`` (``1.0``, as prometheus-client writes them)."""

FIRST_BUCKET = LATENCY_BUCKETS[0]

assert 1 + len(LATENCY_BUCKETS) + 1 == REQUEST_SLOTS
"""A request series' slots: the sum of seconds, then one per bucket (not
cumulative; +Inf last). The count is the buckets' sum."""

OTHER = "other"
"""The ``method`` or ``status_code`` label of any value outside the fixed set."""
UNMATCHED = "unmatched"
"""The `path` label of a request no route matches."""

METHODS = ("GET", "HEAD", "POST", "OPTIONS")
"""The methods the service serves (``OPTIONS``: CORS preflights); any other
request method is counted as ``other``."""
STATUSES = (200, 204, 304, 400, 404, 405, 413, 415, 422, 431, 499, 500, 503)
"""The statuses the service answers (499: the client went away first); any
other is counted as ``other``."""
RULESET_NAMES = tuple(ruleset.name for ruleset in RULESETS)
WARNING_CODES: tuple[str, ...] = tuple(WARNINGS.messages)
assert len(METHODS) + 1 == METHOD_LABELS and len(STATUSES) + 1 == STATUS_LABELS
assert len(RULESET_NAMES) <= MAX_RULESETS and len(WARNING_CODES) <= MAX_WARNING_CODES

SETTLEMENT_ROUTES: dict[str, str] = {f"/v1/{ruleset.name}/settlements": ruleset.name for ruleset in RULESETS}
"""Route template → ruleset, for the routes whose 200 answers are settlements
of that ruleset and are counted only as requests."""


class Layout:
    """Where each series' slots are, for one app's route templates: the
    same in every worker (every worker builds the same app)."""

    def __init__(self, paths: Iterable[str]) -> None:
        self.paths = tuple(sorted({*paths, UNMATCHED}))
        if len(self.paths) > MAX_PATHS:
            raise ValueError(f"{len(self.paths)} route templates; the metrics layout has room for {MAX_PATHS}")
        self.path_set = frozenset(self.paths)
        self.requests: dict[tuple[str, str, str], int] = {}
        slot = 0
        for path in self.paths:
            for method in (*METHODS, OTHER):
                for status in (*(str(status) for status in STATUSES), OTHER):
                    self.requests[(method, path, status)] = slot
                    slot += REQUEST_SLOTS
        slot = REQUEST_REGION
        self.settled: dict[str, int] = {}
        self.warned: dict[tuple[str, str], int] = {}
        for ruleset in RULESET_NAMES:
            self.settled[ruleset] = slot
            slot += 1
            for code in WARNING_CODES:
                self.warned[(ruleset, code)] = slot
                slot += 1
        assert slot * 8 <= FILE_BYTES
        # the hot path's keys: (method, template, status) as the entry has them
        self.hot: dict[tuple[str, str, int], int] = {
            (method, path, status): self.requests[(method, path, str(status))]
            for path in self.paths
            for method in METHODS
            for status in STATUSES
        }

    def request_start(self, method: str, template: str, status: int) -> int:
        """The first slot of a request's series, any label outside its set
        counted under ``other`` (``unmatched`` for a path)."""
        start = self.hot.get((method, template, status))
        if start is not None:
            return start
        return self.requests[
            (
                method if method in METHODS else OTHER,
                template if template in self.path_set else UNMATCHED,
                str(status) if status in STATUSES else OTHER,
            )
        ]

    def series(self) -> Iterator[tuple[tuple[str, ...], int, int]]:
        """Every series: its key, first slot and width."""
        for (method, path, status), start in self.requests.items():
            yield ("request", method, path, status), start, REQUEST_SLOTS
        for ruleset, start in self.settled.items():
            yield ("settled", ruleset), start, 1
        for (ruleset, code), start in self.warned.items():
            yield ("warned", ruleset, code), start, 1


LAYOUT = Layout(SETTLEMENT_ROUTES)
"""Replaced by :func:`configure` with the app's route templates."""


class Counts:
    """One worker's counters. ``values[i]`` is slot ``i``."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Not open yet: the next count opens the slots."""
        if getattr(self, "_fd", None) is not None:
            os.close(self._fd)  # type: ignore[arg-type]  # and with it the slot file's lock
        self.values = memoryview(bytearray(8)).cast("d")
        self.path: str | None = None
        self._map: Any = None
        self._fd: int | None = None

    @property
    def opened(self) -> bool:
        return self._map is not None

    def open(self) -> None:
        """This worker's slots: the first slot file of the run directory no
        other worker holds, or memory when no run directory is set (or, for
        a worker beyond MAHJONG_WORKERS, when every file is held: its counts
        are then its own, not in the sums)."""
        directory = os.environ.get(METRICS_RUN_DIR_VARIABLE)
        if directory:
            for path in sorted(Path(directory).glob("slot-*.counts")):
                fd = os.open(path, os.O_RDWR)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    os.close(fd)
                    continue
                if os.fstat(fd).st_size < FILE_BYTES:
                    os.close(fd)
                    raise OSError(f"{path} is shorter than {FILE_BYTES} bytes")
                self._map = mmap.mmap(fd, FILE_BYTES)
                self._fd, self.path = fd, str(path)
                break
            else:
                log.warning("every metrics slot file in %s is held by another worker: this worker's counts are not in the sums", directory)
        if self._map is None:
            self._map = bytearray(FILE_BYTES)
        self.values = memoryview(self._map).cast("d")


COUNTS = Counts()
_REQUESTS: dict[tuple[str, str, int], int] = {}


def configure(paths: Iterable[str]) -> None:
    """Lay the series out for the app's route templates and open this
    worker's slots (at start, before the first request)."""
    global LAYOUT
    layout = Layout(paths)
    if COUNTS.opened and layout.paths == LAYOUT.paths:
        return  # another app in this process (tests): the same series
    LAYOUT = layout
    _REQUESTS.clear()
    COUNTS.reset()
    _open()


def _open() -> None:
    COUNTS.open()
    _REQUESTS.update(LAYOUT.hot)


def _forget() -> None:
    """After a fork, the child opens its own slots: it must never add to its
    parent's."""
    COUNTS.reset()
    _REQUESTS.clear()


os.register_at_fork(after_in_child=_forget)


def observe(method: str, template: str, status: int, seconds: float) -> None:
    """Count a request and its duration."""
    start = _REQUESTS.get((method, template, status))
    if start is None:
        if not COUNTS.opened:
            _open()
        start = LAYOUT.request_start(method, template, status)
    values = COUNTS.values
    values[start] += seconds
    # most requests end within the first bucket: no search for them
    bucket = 0 if seconds <= FIRST_BUCKET else bisect_left(LATENCY_BUCKETS, seconds)
    values[start + 1 + bucket] += 1.0


def _add(start: int | None, count: int) -> None:
    if start is not None:  # a ruleset or code outside the catalogue is not counted
        if not COUNTS.opened:
            _open()
        COUNTS.values[start] += count


def count_settled(ruleset: str, count: int = 1) -> None:
    """Count settlements of a ruleset."""
    _add(LAYOUT.settled.get(ruleset), count)


def count_warnings(result: Any, ruleset: str) -> None:
    """Count a settlement's warnings, by code."""
    for item in result.warnings:
        _add(LAYOUT.warned.get((ruleset, item.code)), 1)


def record_settlement(result: Any, ruleset: str | None = None) -> None:
    """Count a settlement of ``ruleset`` (default: the result's tag) and its warnings."""
    if ruleset is None:
        ruleset = result.__struct_config__.tag
    count_settled(ruleset)
    count_warnings(result, ruleset)


class Tally:
    """Settlements and warnings counted as a batch produces them, recorded
    once at its end. Per settlement, only its type is noted (``kinds``, a
    list the batch appends to, rather than a method call and the ruleset's
    tag looked up on every item); warnings, which
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
        for key, count in self.warned.items():
            _add(LAYOUT.warned.get(key), count)


# --- reading: every worker's slots, summed ---------------------------------------------------


def _slot_values() -> Iterator[Any]:
    """Every worker's slots (only this process's when no run directory is set)."""
    directory = os.environ.get(METRICS_RUN_DIR_VARIABLE)
    if not directory:
        if not COUNTS.opened:
            _open()
        yield COUNTS.values
        return
    for path in sorted(Path(directory).glob("slot-*.counts")):
        values = array("d")
        try:
            values.frombytes(path.read_bytes()[:FILE_BYTES])
        except OSError:
            continue
        yield memoryview(values)


def summed() -> dict[tuple[str, ...], list[float]]:
    """Every series over every worker of this start that any worker counted,
    and every ruleset's settlements (zero included)."""
    sources = list(_slot_values())
    totals: dict[tuple[str, ...], list[float]] = {}
    for key, start, width in LAYOUT.series():
        values = [0.0] * width
        for source in sources:
            part = source[start : start + width]
            if any(part):
                for i, value in enumerate(part.tolist()):
                    values[i] += value
        if key[0] == "settled" or any(values):
            totals[key] = values
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
