"""The container, tested without a Docker engine (none runs here): the
Dockerfile passes hadolint, and the service started exactly as the image's
CMD and ENV would start it (two workers, multiprocess metrics) answers health,
a settlement, and /metrics summed over both workers."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"


def test_dockerfile_passes_hadolint() -> None:
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    result = subprocess.run([hadolint, str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def _final_stage() -> str:
    text = DOCKERFILE.read_text()
    return text[text.rindex("\nFROM ") :]


def image_cmd() -> list[str]:
    match = re.search(r"^CMD (\[.*\])$", _final_stage(), re.MULTILINE)
    assert match, "the final stage needs an exec-form CMD"
    return json.loads(match.group(1))


def image_env() -> dict[str, str]:
    stage = _final_stage().replace("\\\n", " ")
    env: dict[str, str] = {}
    for line in stage.splitlines():
        if line.startswith("ENV "):
            for key, value in re.findall(r"(\w+)=(\S+)", line[4:]):
                env[key] = value
    return env


def test_image_runs_the_same_command_as_python_m_service() -> None:
    assert image_cmd() == ["python", "-m", "service"]
    stage = _final_stage()
    assert re.search(r"^USER 10001", stage, re.MULTILINE), "runs as non-root"
    assert "HEALTHCHECK" in stage
    assert image_env()["MAHJONG_WORKERS"] == "2"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The service as the container runs it; only the bind address, port and
    metrics directory differ so that it can run beside other tests."""
    port = free_port()
    metrics_dir = tmp_path_factory.mktemp("metrics")
    (metrics_dir / "stale_counter_1.db").write_text("left over from an earlier run")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAHJONG_", "PROMETHEUS_"))}
    env.update({k: v for k, v in image_env().items() if k.startswith(("MAHJONG_", "PYTHON"))})
    env.update({"MAHJONG_HOST": "127.0.0.1", "MAHJONG_PORT": str(port), "MAHJONG_METRICS_DIR": str(metrics_dir)})
    command = image_cmd()
    command[0] = sys.executable  # the image's `python` is its virtualenv's
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or process.poll() is not None:
            process.kill()
            raise AssertionError(process.communicate()[0].decode(errors="replace"))
        time.sleep(0.2)
    yield base, metrics_dir, process
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.mark.server
def test_health_settlement_and_metrics_summed_over_two_workers(served) -> None:
    base, metrics_dir, process = served
    assert httpx.get(f"{base}/healthz").json() == {"status": "ok"}
    assert not (metrics_dir / "stale_counter_1.db").exists(), "the metrics directory is emptied at start"

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
    base, _, process = served
    assert httpx.get(f"{base}/healthz").status_code == 200
    process.terminate()
    assert process.wait(timeout=20) == 0
