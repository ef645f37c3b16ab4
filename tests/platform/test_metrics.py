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
    assert 'mahjong_settlements_total{ruleset="hongkong"} 1.0' in text


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
