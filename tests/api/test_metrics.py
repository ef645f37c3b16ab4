"""The metrics' shared counts (service.api.metrics): every worker writes its
own slots, and a scrape sums every worker's at that moment, exactly."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from service.api import metrics
from service.metrics_files import FILE_BYTES, make_slot_files
from service.settings import METRICS_RUN_DIR_VARIABLE


class FakeResult:
    """What record_settlement reads of a settlement."""

    def __init__(self, warnings: list[str]) -> None:
        self.warnings = [type("W", (), {"code": code})() for code in warnings]


def count_in_a_child(run_dir: str, requests: int, settled: int) -> None:
    os.environ[METRICS_RUN_DIR_VARIABLE] = run_dir
    for i in range(requests):
        metrics.observe("POST", "/v1/hongkong/settlements", 200, 0.0002 if i % 2 else 0.03)
    for _ in range(settled):
        metrics.record_settlement(FakeResult(["below_minimum_fan"]), "hongkong")


@pytest.fixture
def run_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A start's metrics directory with three workers' slot files, as
    ``python -m service`` makes it."""
    make_slot_files(str(tmp_path), 3)
    monkeypatch.setenv(METRICS_RUN_DIR_VARIABLE, str(tmp_path))
    return tmp_path


def test_three_workers_are_summed_exactly(run_dir: Path) -> None:
    context = multiprocessing.get_context("fork")  # each child forgets the parent's slots at the fork
    children = [context.Process(target=count_in_a_child, args=(str(run_dir), n, n // 2)) for n in (1000, 333, 7)]
    for child in children:
        child.start()
    for child in children:
        child.join(30)
        assert child.exitcode == 0
    assert len(list(run_dir.glob("slot-*.counts"))) == 3
    totals = metrics.summed()
    # 1000 + 333 + 7 requests: half of each at 0.2 ms (first bucket), half at 30 ms (the 0.05 bucket)
    request = totals[("request", "POST", "/v1/hongkong/settlements", "200")]
    buckets = request[1:]
    assert sum(buckets) == 1340
    assert buckets[0] == 500 + 166 + 3  # odd i: 0.0002 s
    assert buckets[metrics.LATENCY_BUCKETS.index(0.05)] == 500 + 167 + 4
    assert request[0] == pytest.approx(669 * 0.0002 + 671 * 0.03)
    assert totals[("settled", "hongkong")] == [500 + 166 + 3]
    assert totals[("warned", "hongkong", "below_minimum_fan")] == [669]


def test_the_text_format_counts_requests_from_the_buckets(run_dir: Path) -> None:
    context = multiprocessing.get_context("fork")
    child = context.Process(target=count_in_a_child, args=(str(run_dir), 4, 1))
    child.start()
    child.join(30)
    text = metrics.generate_latest(metrics._REGISTRY).decode()
    labels = 'method="POST",path="/v1/hongkong/settlements",status_code="200"'
    assert f"mahjong_requests_total{{{labels}}} 4.0" in text
    assert f'mahjong_request_duration_seconds_bucket{{le="0.0005",{labels}}} 2.0' in text
    assert f'mahjong_request_duration_seconds_bucket{{le="0.025",{labels}}} 2.0' in text
    assert f'mahjong_request_duration_seconds_bucket{{le="0.05",{labels}}} 4.0' in text
    assert f'mahjong_request_duration_seconds_bucket{{le="+Inf",{labels}}} 4.0' in text
    assert f"mahjong_request_duration_seconds_count{{{labels}}} 4.0" in text
    # the 4 answered on the ruleset's own route are settlements too (SETTLEMENT_ROUTES)
    assert 'mahjong_settlements_total{ruleset="hongkong"} 5.0' in text


def observe_and_settle_in_a_child(run_dir: str) -> None:
    os.environ[METRICS_RUN_DIR_VARIABLE] = run_dir
    for _ in range(3):
        metrics.observe("POST", "/v1/mcr/settlements", 200, 0.0002)  # settled on MCR's route
    metrics.observe("POST", "/v1/mcr/settlements", 422, 0.0002)  # refused: not a settlement
    metrics.observe("POST", "/v1/mcr/hands", 200, 0.0002)  # a hand valued, not settled
    metrics.observe("POST", "/v1/settlements", 200, 0.0002)  # routed by body: counted as a settlement below
    metrics.observe("GET", "/v1/nmjl/settlements", 405, 0.0002)
    metrics.record_settlement(FakeResult([]), "mcr")
    for _ in range(2):
        metrics.record_settlement(FakeResult([]), "taiwan")  # as a batch's items are


def test_settlements_add_the_200s_of_each_rulesets_route_to_those_counted(run_dir: Path) -> None:
    context = multiprocessing.get_context("fork")
    children = [context.Process(target=observe_and_settle_in_a_child, args=(str(run_dir),)) for _ in range(2)]
    for child in children:
        child.start()
    for child in children:
        child.join(30)
        assert child.exitcode == 0
    text = metrics.generate_latest(metrics._REGISTRY).decode()
    settled = sorted(line for line in text.splitlines() if line.startswith("mahjong_settlements_total"))
    # per worker: MCR 3 on its route + 1 counted; Taiwan 2 counted; every ruleset listed, from 0
    assert settled == [
        'mahjong_settlements_total{ruleset="hongkong"} 0.0',
        'mahjong_settlements_total{ruleset="mcr"} 8.0',
        'mahjong_settlements_total{ruleset="nmjl"} 0.0',
        'mahjong_settlements_total{ruleset="riichi"} 0.0',
        'mahjong_settlements_total{ruleset="taiwan"} 4.0',
    ]


def test_labels_come_from_fixed_sets(run_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A method the service does not serve is `other`, a status outside
    its set `other`, a path no route has `unmatched`; nothing a client
    sends adds a series."""
    monkeypatch.setattr(metrics, "LAYOUT", metrics.Layout(ODD_PATHS))  # the layout the worker has (the same app)
    context = multiprocessing.get_context("fork")
    child = context.Process(target=count_odd_requests, args=(str(run_dir),))
    child.start()
    child.join(30)
    assert child.exitcode == 0
    totals = metrics.summed()
    requests = {key: sum(values[1:]) for key, values in totals.items() if key[0] == "request"}
    assert requests == {
        ("request", "other", "/v1/rulesets", "405"): 2,
        ("request", "GET", "unmatched", "404"): 2,
        ("request", "other", "unmatched", "other"): 1,
        ("request", "POST", "/v1/mcr/settlements", "other"): 1,
    }
    assert {method for (method, _, _) in metrics.LAYOUT.requests} == {"GET", "HEAD", "POST", "OPTIONS", "other"}


ODD_PATHS = ["/v1/rulesets", "/v1/mcr/settlements"]


def count_odd_requests(run_dir: str) -> None:
    os.environ[METRICS_RUN_DIR_VARIABLE] = run_dir
    metrics.configure(ODD_PATHS)
    metrics.observe("PROPFIND", "/v1/rulesets", 405, 0.0002)
    metrics.observe("M-SEARCH", "/v1/rulesets", 405, 0.0002)
    metrics.observe("GET", "unmatched", 404, 0.0002)
    metrics.observe("GET", "/not/a/template", 404, 0.0002)
    metrics.observe("BREW", "/coffee", 418, 0.0002)
    metrics.observe("POST", "/v1/mcr/settlements", 207, 0.0002)


def test_each_worker_holds_its_own_slot_file(run_dir: Path) -> None:
    """Two counters in one directory never share a slot file; a third,
    beyond the files made at start, counts in memory and creates nothing."""
    first, second, third = metrics.Counts(), metrics.Counts(), metrics.Counts()
    for counts in (first, second):
        counts.open()
    assert first.path != second.path and {first.path, second.path} <= {str(p) for p in run_dir.glob("slot-*.counts")}
    (run_dir / "slot-2.counts").unlink()
    third.open()
    assert third.path is None and third.opened
    assert sorted(p.name for p in run_dir.iterdir()) == ["slot-0.counts", "slot-1.counts"]
    assert all(p.stat().st_size == FILE_BYTES for p in run_dir.iterdir())
    first.reset()  # its lock goes with it: the next worker takes its file
    fourth = metrics.Counts()
    fourth.open()
    assert fourth.path == str(run_dir / "slot-0.counts")
