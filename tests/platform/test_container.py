"""The container, tested without a Docker engine (none runs here): the
Dockerfile passes hadolint, and the service started exactly as the image's
CMD and ENV would start it (two workers, multiprocess metrics) answers health,
a settlement, and /metrics summed over both workers."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.server import DOCKERFILE, _final_stage, image_cmd, image_env, start_service


def test_dockerfile_passes_hadolint() -> None:
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    result = subprocess.run([hadolint, str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_image_runs_the_same_command_as_python_m_service() -> None:
    assert image_cmd() == ["python", "-m", "service"]
    stage = _final_stage()
    assert re.search(r"^USER 10001", stage, re.MULTILINE), "runs as non-root"
    assert "HEALTHCHECK" in stage
    assert image_env()["MAHJONG_WORKERS"] == "2"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    metrics_dir = tmp_path_factory.mktemp("metrics")
    (metrics_dir / "stale_counter_1.db").write_text("left over from an earlier run")
    service = start_service(metrics_dir)
    yield service
    service.stop()


@pytest.mark.server
def test_health_settlement_and_metrics_summed_over_two_workers(served) -> None:
    base, metrics_dir = served.base, served.metrics_dir
    assert httpx.get(f"{base}/healthz").json() == {"status": "ok"}
    assert not (metrics_dir / "stale_counter_1.db").exists(), "the metrics directory is emptied at start"
    assert len(served.workers()) == 2

    body = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}
    sent = 60
    for _ in range(sent):  # a new connection each time, so both workers get some
        response = httpx.post(f"{base}/v1/hongkong/settlements", json=body, headers={"connection": "close"})
        assert response.status_code == 200
        assert response.json()["winner_receives"] == 8

    worker_files = {p.name.rsplit("_", 1)[1] for p in metrics_dir.glob("counter_*.db")}
    assert len(worker_files) >= 2, f"expected files from two workers, got {sorted(worker_files)}"
    text = httpx.get(f"{base}/metrics").text
    match = re.search(r'^mahjong_settlements_total\{ruleset="hongkong"\} (\S+)$', text, re.MULTILINE)
    assert match and float(match.group(1)) == sent, text[:2000]
    assert "mahjong_request_duration_seconds_bucket" in text
    assert 'path="/v1/hongkong/settlements"' in text


@pytest.mark.server
def test_sigterm_stops_cleanly(served) -> None:
    assert httpx.get(f"{served.base}/healthz").status_code == 200
    assert served.stop(timeout=20) == 0
