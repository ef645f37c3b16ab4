"""The metrics' shared counts (service.api.metrics): every worker writes its
own slots, and a scrape sums every worker's at that moment, exactly."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from service.api import metrics
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
    assert len(list(run_dir.glob("worker-*.counts"))) == 3
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
    # per worker: MCR 3 on its route + 1 counted; Taiwan 2 counted; no NMJL settlement at all
    assert settled == ['mahjong_settlements_total{ruleset="mcr"} 8.0', 'mahjong_settlements_total{ruleset="taiwan"} 4.0']


def test_a_series_line_still_being_written_is_skipped(run_dir: Path) -> None:
    (run_dir / "worker-1.series").write_text('[0, "settled", "mcr"]\n[1, "settled", "nm')
    (run_dir / "worker-1.counts").write_bytes(memoryview(bytearray(16)).cast("d").tobytes())
    counts = memoryview(bytearray(16)).cast("d")
    counts[0], counts[1] = 5.0, 9.0
    (run_dir / "worker-1.counts").write_bytes(counts.tobytes())
    assert metrics.summed() == {("settled", "mcr"): [5.0]}


def test_past_the_capacity_a_new_series_is_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = metrics.Counts()
    monkeypatch.delenv(METRICS_RUN_DIR_VARIABLE, raising=False)
    monkeypatch.setattr(metrics, "CAPACITY", 20)
    first = counts.slots(("request", "GET", "/a", "200"), metrics.REQUEST_SLOTS)  # 14 slots
    assert first == 0
    assert counts.slots(("settled", "mcr")) == metrics.REQUEST_SLOTS
    assert counts.slots(("request", "GET", "/b", "200"), metrics.REQUEST_SLOTS) == metrics.FULL
    assert counts.slots(("request", "GET", "/a", "200"), metrics.REQUEST_SLOTS) == first
